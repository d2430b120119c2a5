"""The framework's part of a state (issue #57): one record of the core, held by every game's state."""

from __future__ import annotations

import json

import attrs
import pytest

import pillars_rules as pr
from pillars_rules import core
from pillars_rules.core.frame import FIELDS, read_through


def test_a_frame_moves_on_at_each_decision_answer_draw_and_end():
    start = core.Frame()
    assert (start.decision, start.pending, start.rng, start.game_over) == (0, None, 0, False)
    asked = start.asking("seat 1's turn")
    assert (asked.decision, asked.pending) == (1, "seat 1's turn")
    assert asked.answered() == core.Frame(1, None, 0, False)
    assert asked.drawn().drawn(2) == core.Frame(1, "seat 1's turn", 3, False)
    assert asked.ending() == core.Frame(2, None, 0, True)  # the last answer moves the decision on too
    assert start == core.Frame() and start.asking(1) != start  # a value, never changed in place
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        start.decision = 3  # type: ignore[misc]
    assert FIELDS == tuple(a.name for a in attrs.fields(core.Frame))


def test_a_state_reads_the_old_names_through_its_frame():
    @attrs.frozen
    class State:
        frame: core.Frame = core.Frame()
        pending = read_through("pending")

    assert State(core.Frame().asking("x")).pending == "x"
    with pytest.raises(AttributeError, match="a Frame has no field 'winner'"):
        read_through("winner")


def test_each_game_s_state_holds_the_core_s_frame_and_its_own_fields_apart():
    for game in (pr.new_game(players=3, seed=4), pr.new_game(game="ora-et-labora", players=2)):
        state = game.state
        assert type(state.frame) is core.Frame
        assert (state.pending, state.decision, state.game_over) == (
            state.frame.pending,
            state.frame.decision,
            state.frame.game_over,
        )
        assert game.decision == state.frame.decision == 1 and game.current_player == state.frame.pending.seat
        after = game.apply(game.legal_actions()[0])
        assert after.decision == 2 and after.state.frame.decision == 2
    pillars = pr.new_game(players=2, seed=9)
    assert pillars.state.rng == pillars.state.frame.rng > 0  # the decks were shuffled: chance drawn
    assert {"pending", "rng", "game_over", "decision"}.isdisjoint(a.name for a in attrs.fields(type(pillars.state)))


def test_a_move_that_changes_only_the_game_s_fields_shares_the_frame():
    game = pr.playout(pr.new_game(players=2, seed=3), seed=1)
    states, events = game.states(), game.events
    changed = {type(e).__name__ for a, b, e in zip(states, states[1:], events[1:]) if a.frame is not b.frame}
    # a decision asked, chance drawn (the builders, the tax, the display, the decks), a round's
    # opening and end (no seat pending), the end of the game
    assert changed <= {
        "DecisionPending",
        "BuilderDrawn",
        "TaxRolled",
        "ResourceCardsDealt",
        "DecksShuffled",
        "RoundStarted",
        "RoundEnded",
        "GameEnded",
    }
    shared = sum(1 for a, b in zip(states, states[1:]) if a.frame is b.frame)
    assert shared > len(states) // 2  # most events change the game's fields alone


def test_pillars_json_writes_the_frame_s_fields_in_their_old_places():
    game = pr.new_game(players=2, seed=3)
    doc = json.loads(game.export(0))
    keys = list(doc["state"])
    assert "frame" not in keys
    assert keys[5:7] == ["pending", "rng"] and keys[keys.index("pins") - 1 : keys.index("pins") + 2] == [
        "game_over",
        "pins",
        "decision",
    ]
    assert doc["state"]["decision"] == 1 and doc["state"]["pending"] == {"kind": "draft", "seat": 0}
    assert pr.view.from_export(game.export(0)) == game.view(0)

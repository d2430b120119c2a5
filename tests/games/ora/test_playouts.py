"""Ora played to the end through the core: every mode and variant, random and seeded (issue #58)."""

from __future__ import annotations

import functools
import json
import random

import pytest

import pillars_rules as pr
from pillars_rules.core import Game, game_type, playout, uniform_policy
from pillars_rules.errors import IllegalActionError
from pillars_rules.games.ora import ORA
from pillars_rules.games.ora import records as R
from pillars_rules.games.ora.score import totals

from .helpers import CATALOGUES, MODES, at, game, stock


def _policy(mode: str, seed: int):
    return uniform_policy(seed)


@functools.cache
def played(mode: str = "4 players", variant: str = "france", players: int | None = None, cards: str = "test") -> Game:
    """The seeded random game of a mode (seed 3) played to its end, once a process: the tests below
    that need some whole game of a mode read this one (games are values: nobody changes it)."""
    return playout(game(mode, variant, players, cards), _policy(mode, 3))


@pytest.mark.parametrize("cards", CATALOGUES)
@pytest.mark.parametrize(("mode", "variant", "players"), MODES)
def test_a_random_game_finishes_and_replays(mode, variant, players, cards):
    end = played(mode, variant, players, cards)
    assert end.is_over and end.pending is None
    last = end.events[-1]
    assert type(last) is R.GameEnded and list(last.scores) == totals(end.state)[: end.state.players] == end.scores()
    # the same seed plays the same game, with either catalogue; the log folds again to the same states
    again = playout(game(mode, variant, players, cards), _policy(mode, 3))
    assert again.events == end.events
    state = None
    for e in end.events:
        state = ORA.fold(state, e, end.rules)
    assert state == end.state == end.states()[-1]
    assert end.ranking()[0] == [s for s, p in enumerate(end.scores()) if p == max(end.scores())]


@pytest.mark.parametrize("cards", CATALOGUES)
@pytest.mark.parametrize("mode", ["2 players", "long 2 players"])
def test_the_open_games_end_by_round_r35_at_the_latest(mode, cards):
    end = played(mode, "france", None, cards)  # the random game above (any seed's game must end by then)
    assert end.is_over and end.state.round <= {"2 players": 400, "long 2 players": 200}[mode]


def test_the_game_is_registered_by_name():
    assert game_type("ora-et-labora") is ORA
    assert game().game_type is ORA


@pytest.mark.parametrize("cards", CATALOGUES)
@pytest.mark.parametrize(("mode", "variant", "players"), MODES[::3])
def test_every_action_stays_within_the_event_bound_and_every_listed_action_applies(mode, variant, players, cards):
    g = game(mode, variant, players, cards)
    rng = random.Random(5)
    policy = _policy(mode, 5)
    for _ in range(400):
        if g.is_over:
            break
        legal = g.legal_actions()
        for a in rng.sample(legal, min(4, len(legal))):  # every listed action applies
            after = g.apply(a)
            assert after.n_events - g.n_events <= ORA.event_bound(g.state)
        g = g.apply(legal[policy(g.state, legal)])


def test_an_unlisted_action_is_refused_and_the_game_untouched():
    g = game()
    before = (g.state, g.events)
    for bad in (
        R.Build("G02", 3, 0),  # Cloister Courtyard: 2 wood, the seat holds 1
        R.Place("1/H01", "prior"),  # another seat's Clay Mound
        R.Choose("prior"),  # no contract is asked
        R.Fell("forest", 4, 4),  # no forest there
        R.Pass(),  # the main action cannot be passed
    ):
        with pytest.raises(IllegalActionError):
            g.apply(bad)
        assert (g.state, g.events) == before
    with pytest.raises(IllegalActionError, match="costs 2 wood"):
        g.apply(R.Build("G02", 3, 0))
    with pytest.raises(IllegalActionError, match="work contract"):
        g.apply(R.Place("1/H01", "prior"))
    rich = at(stock(g, 0, wood=5, clay=5), display=("G12", *g.state.display))
    for bad, reason in (
        (R.Build("G12", 4, 0), r"Stone Merchant cannot stand there: the cell at \(4, 0\) holds Clay Mound already"),
        (R.Build("G12", 0, 0), r"the cell at \(0, 0\) is covered \(moor\); remove the cover first"),
        (R.Build("G12", 99, 99), r"there is no cell at \(99, 99\)"),
        (R.Build("nope", 3, 1), "'nope' is not a building of this game"),
    ):
        with pytest.raises(IllegalActionError, match=reason):
            rich.apply(bad)


def test_a_labelled_action_from_a_client_is_taken_without_its_words():
    g = game()
    listed = g.legal_actions()[0]
    mine = R.Fell(listed.cover, listed.x, listed.y, label="my words")
    assert g.apply(mine).events == g.apply(listed).events


def test_words_and_view():
    end = played()
    lines = end.narrate()
    assert lines[0].startswith("Ora et Labora (4 players, France) begins")
    assert any("fells trees" in line or "cuts peat" in line for line in lines)
    assert lines[-1].startswith("The game ends:")
    view = end.view(0)
    assert view == end.view(None) == end.view(3)  # nothing is hidden
    assert view["over"] and [s["name"] for s in view["seats"]] == ["Player 1", "Player 2", "Player 3", "Player 4"]
    assert sum(view["seats"][0]["score"].values()) == end.scores()[0]
    assert '"game": "ora-et-labora"' in end.export(1)
    assert "over" in repr(end)


def test_a_game_value_equals_itself_replayed():
    end = played("short", "ireland", 3)
    copy = Game(end.rules, end.state, list(end.events), end.n_events, None, ORA)
    assert copy == end


def test_a_seat_view_carries_its_legal_actions_and_bots_play_by_views():
    g = game()
    seat = g.current_player
    mine, other, spectator = g.view(seat), g.view((seat + 1) % 4), g.view(None)
    assert mine.legal_actions == tuple(g.legal_actions()) and mine.legal_actions
    assert other.legal_actions == () == spectator.legal_actions
    assert mine == other == spectator and mine.state is g.state and mine.events == g.events
    assert dict(mine) == json.loads(g.export(seat))
    with pytest.raises(AttributeError, match="read-only"):
        mine.legal_actions = ()  # type: ignore[misc]
    assert "seat 0" in repr(g.view(0)) and "spectator" in repr(spectator)
    solo = pr.play(pr.new_game(game="ora-et-labora", players=1, seed=2), pr.RandomBot(3))
    assert solo.is_over and len(solo.scores()) == 1
    with pytest.raises(pr.ConfigError, match="3 bots for a 2-player game"):
        pr.play(pr.new_game(game="ora-et-labora", players=2, seed=2), [pr.RandomBot(i) for i in range(3)])


def test_the_view_says_which_clergy_stand_on_each_square():
    """§4.2: a placed clergyman stands on the building; the view puts it on that square (the board draws it)."""
    g = pr.new_game(game="ora-et-labora", players=2, seed=1)
    place = next(a for a in g.legal_actions() if type(a) is R.Place and a.key == "0/clay_mound" and a.kind == "prior")
    after = g.apply(place)
    squares = {(c["x"], c["y"]): c for c in after.view(None)["seats"][0]["landscape"]}
    assert squares[(4, 0)]["card"] == "clay_mound" and squares[(4, 0)]["clergy"] == [{"seat": 0, "kind": "prior"}]
    assert all(c["clergy"] == [] for xy, c in squares.items() if xy != (4, 0))
    assert after.view(None)["seats"][0]["clergy_home"] == ["lay brother", "lay brother"]
    assert all(not c["clergy"] for s in g.view(None)["seats"] for c in s["landscape"])

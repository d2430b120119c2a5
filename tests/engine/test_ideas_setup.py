"""The set-up rules of issue #53 (examples/setup_ideas, each a board card):
every idea played from set-up, each test asserting its effect by the events
it gives (their reason is the board card's id), and saved, loaded and
replayed."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import pillars_rules as pr
from pillars_rules import actions as A
from pillars_rules.engine import events as E

ROOT = Path(__file__).resolve().parents[2]
CORPUS = tomllib.loads((ROOT / "examples" / "ideas" / "corpus.toml").read_text(encoding="utf-8"))
BOARDS = {e["id"]: str(ROOT / "examples" / e["board"]) for e in CORPUS["idea"] if "board" in e}
WOOD, STONE = 0, 1
TESTED: set[str] = set()


def covers(cid: str):
    TESTED.add(cid)
    return lambda f: f


def start(cid: str, players: int = 3, seed: int = 1) -> pr.Game:
    return pr.new_game(players, seed, cards=[BOARDS[cid]])


def moves(game: pr.Game, cid: str) -> list[tuple[str, int, dict]]:
    """(``+``/``-``, seat, {kind: n}) of each gain and loss ``cid`` gave."""
    return [
        ("+" if isinstance(e, E.Gained) else "-", e.seat, {a.kind: a.n for a in e.amounts})
        for e in game.events
        if isinstance(e, (E.Gained, E.Lost)) and e.reason == cid
    ]


def roundtrips(game: pr.Game, cid: str) -> bool:
    cards = [BOARDS[cid]]
    return pr.load(pr.save(game), cards=cards) == game and pr.replay(game.events, cards=cards) == game


def opened(game: pr.Game) -> int:
    """The index of the first round's opening in the log."""
    return next(i for i, e in enumerate(game.events) if isinstance(e, E.RoundStarted))


@covers("idea_first_pick")
def test_first_pick_asks_each_player_in_turn_order_before_the_first_round():
    game = start("idea_first_pick")
    picks = {0: 0, 1: 2, 2: 1}  # red 2 wood, blue 3 gold, green 2 stone
    for seat in (0, 1, 2):
        assert game.state.round == 0 and game.pending.kind == "choice" and game.pending.seat == seat
        assert game.legal_actions() == [A.ChooseOption(0), A.ChooseOption(1), A.ChooseOption(2)]
        labels = [c.label for c in pr.words.choices(game.view(seat))]
        assert any("gain 2 wood" in x for x in labels), labels
        if seat == 1:
            assert roundtrips(game, "idea_first_pick")  # a set-up decision half made
        game = game.apply(A.ChooseOption(picks[seat]))
    assert game.state.round == 1 and game.pending.kind == "draft" and game.pending.seat == 0
    assert moves(game, "idea_first_pick") == [("+", 0, {"wood": 2}), ("+", 1, {"gold": 3}), ("+", 2, {"stone": 2})]
    assert max(i for i, e in enumerate(game.events) if isinstance(e, E.ChoiceMade)) < opened(game)
    assert game.state.players[0].cubes[WOOD] == 2 and game.state.players[1].gold == 21 + 3
    assert any("chose option 1: gain 2 wood (First pick)" in line for line in game.narrate()), game.narrate()[:12]
    assert roundtrips(game, "idea_first_pick")
    end = pr.playout(game, seed=2)
    assert end.is_over and roundtrips(end, "idea_first_pick")


@covers("idea_quarry_town")
@pytest.mark.parametrize("players", [2, 4])
def test_quarry_town_starts_each_player_with_a_stone_and_one_vp(players):
    game = start("idea_quarry_town", players)
    assert game.events[0].vp == 1
    assert moves(game, "idea_quarry_town") == [("+", s, {"stone": 1}) for s in range(players)]
    assert [e for e in game.events[: opened(game)] if isinstance(e, E.Gained)]  # before the first round
    assert [(p.vp, p.cubes[STONE]) for p in game.state.players] == [(1, 1)] * players
    assert game.pending.kind == "draft" and game.pending.seat == 0
    assert roundtrips(game, "idea_quarry_town")


@covers("idea_richest_starts")
@pytest.mark.parametrize("players, richest", [(2, 1), (4, 3)])
def test_richest_starts_makes_the_richest_seat_the_start_player(players, richest):
    game = start("idea_richest_starts", players)
    became = [e for e in game.events if isinstance(e, E.BecameStartPlayer)]
    assert [(e.seat, e.card) for e in became] == [(richest, "idea_richest_starts")]
    assert game.state.start_player == richest
    assert moves(game, "idea_richest_starts") == [("+", 0, {"gold": 2})]  # judged as set-up began: seat 0 started
    assert game.pending.kind == "draft" and game.pending.seat == richest  # the first round's draft opens there
    assert game.state.players[0].gold == 22
    assert roundtrips(game, "idea_richest_starts")


@covers("idea_privilege_draft")
@pytest.mark.parametrize("players", [3, 4])
def test_privilege_draft_deals_three_per_player_and_each_takes_one_in_turn_order(players):
    game = start("idea_privilege_draft", players, seed=5)
    deck = next(e for e in game.events if isinstance(e, E.DecksShuffled)).privileges
    dealt = min(3 * players, len(deck))
    assert game.state.display == deck[:dealt] and game.state.privilege_deck == deck[dealt:]
    assert [(e.n, e.reason) for e in game.events if isinstance(e, E.CardsDealt)] == [(dealt, "idea_privilege_draft")]
    taken = {}
    for turn, seat in enumerate(range(players)):
        assert game.state.round == 0 and game.pending.kind == "choice" and game.pending.seat == seat
        shown = game.view((seat + 1) % players).state.display  # the display is public: every seat sees it
        assert shown == game.state.display and len(shown) == dealt - turn
        labels = [c.label for c in pr.words.choices(game.view(seat))]
        assert labels == [f"draft {game.rules.card(c).name} (Privilege draft)" for c in shown]
        if seat == 1:
            assert roundtrips(game, "idea_privilege_draft")  # a draft half made
        pick = len(shown) - 1  # the last card on the display
        taken[seat] = shown[pick]
        game = game.apply(A.ChooseOption(pick))
    assert game.state.round == 1 and game.pending.kind == "draft" and game.pending.seat == 0
    for seat, card in taken.items():
        p = game.state.players[seat]
        assert card in p.privileges or any(e == E.OnceUsed(seat, card) for e in game.events)  # immediate: spent
    rest = tuple(c for c in deck[:dealt] if c not in taken.values())
    left = game.state.kingsbridge + game.state.privilege_deck  # (the first round has dealt the board's privileges)
    assert left[-len(rest) :] == rest and len(left) == len(deck) - players  # the rest under the deck, in order
    cleared = [e for e in game.events if isinstance(e, E.DisplayCleared)]
    assert [(e.to, e.reason) for e in cleared] == [("under", "idea_privilege_draft")]
    assert any("went face up to the display, to be drafted (Privilege draft)" in line for line in game.narrate())
    assert roundtrips(game, "idea_privilege_draft")
    end = pr.playout(game, seed=2)
    assert end.is_over and roundtrips(end, "idea_privilege_draft")


def test_every_set_up_idea_has_a_scenario_here():
    written = {e["id"] for e in CORPUS["idea"] if e["category"] == "set-up"}
    assert written == set(BOARDS) == TESTED

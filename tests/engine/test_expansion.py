"""The official expansion as card text (issue #37): ``cards/expansion`` (or the
named set ``expansion``) plays 2-6 seats; whole 5- and 6-player games with
every bot kind; the laws of pillars_rules.testing over seeded 6-player games;
one scenario per expansion place and card."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

import pillars_rules as pr
from pillars_rules.bots import BOTS, RandomBot
from pillars_rules.engine.context import rules_for
from pillars_rules.testing import check_game, played_games

ROOT = Path(__file__).resolve().parents[2]
EXPANSION = str(ROOT / "cards" / "expansion")


@pytest.fixture(scope="module")
def cards() -> pr.CardSet:
    return pr.load_cards(EXPANSION)


def test_the_named_set_is_the_folder(cards):
    assert pr.load_cards("expansion").identity == cards.identity
    assert cards.board.spec.players == (2, 3, 4, 5, 6)
    assert cards.identity != pr.load_cards().identity


def test_set_up_at_each_count(cards):
    for n, shown_craftsmen, shown_resources in ((4, 2, 7), (5, 3, 8), (6, 3, 10)):
        g = pr.new_game(players=n, seed=11, cards=cards)
        assert [p.gold for p in g.state.players] == [20, 21, 22, 23, 24, 25][:n]
        assert [p.name for p in g.state.players] == ["Red", "Blue", "Green", "Yellow", "Purple", "Orange"][:n]
        kinds = [cards[c].kind for c in g.state.display]
        # the shuffled resource cards, and the Crusades' four spaces every round
        assert kinds.count("craftsman") == shown_craftsmen and kinds.count("resource") == shown_resources + 4
        assert len(g.state.shiring) == 2


def test_the_gravel_pit_plays_only_with_five_or_six(cards):
    rules = rules_for(cards, ())
    assert "gravel_pit" not in rules.resource_cards(4)
    assert "gravel_pit" in rules.resource_cards(5) and len(rules.resource_cards(6)) == 10
    assert len(rules.every_round_cards(4)) == 4  # the Crusades
    g = pr.new_game(players=6, seed=2, cards=cards)
    assert "gravel_pit" in g.state.display  # all 10 are dealt with 6


@pytest.mark.parametrize("players", [5, 6])
@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_whole_games_with_bots(cards, players, bot):
    g = pr.new_game(players=players, seed=40 + players, cards=cards)
    end = pr.play(g, [BOTS[bot](k) for k in range(players)])
    assert end.is_over
    check_game(end)


def test_a_six_player_game_with_the_ismcts_bot(cards):
    from pillars_rules.bots.mcts import MCTSBot

    g = pr.new_game(players=6, seed=9, cards=cards)
    # a small budget keeps the whole game short; each decision still determinizes six seats
    bots = [MCTSBot(1, iterations=12)] + [RandomBot(k) for k in range(1, 6)]
    end = pr.play(g, bots)
    assert end.is_over
    assert pr.load(pr.save(end), cards=cards).events == end.events


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_games(players=(2, 3, 4, 5, 6), cards=[EXPANSION]))
def test_the_laws_hold_in_games_with_the_expansion(game):
    check_game(game)


# ------------------------------------------------------------------ one scenario per place and card
def test_the_tax_collector_pays_no_tax_and_collects_the_roll(cards):
    g = pr.scenario(
        players=6,
        round=2,
        step="kings_court",
        cards=cards,
        pins=dict(tax=[4]),
        seats={s: dict(gold=10) for s in range(6)},
        spots={"tax_collector": (5,), "kings_court": (0, 1, 2, 3)},
    )
    # the steps run without a decision: the scenario's first decision is past them
    assert g.state.step not in ("kings_court", "tax_collector")
    before = dict.fromkeys(("Red", "Blue", "Green", "Yellow", "Purple", "Orange"), 10)
    after = {p.name: p.gold for p in g.state.players}
    assert after["Orange"] == before["Orange"] + 4  # seat 5: no tax, and the roll
    assert after["Purple"] == before["Purple"] - 4  # seat 4: the one who pays
    assert [after[n] - before[n] for n in ("Red", "Blue", "Green", "Yellow")] == [0, 0, 0, 0]


def test_the_collector_must_follow_the_tax():
    from pillars_rules.cardlang import base_cards, compile_text

    with pytest.raises(pr.CardError, match="must come after the place with 'step tax'"):
        compile_text('place early "Early" { after bishop spots 1 step collector }', known=base_cards())


def _cathedral(cards, craftsmen, cubes, **kw):
    return pr.scenario(
        players=5, round=4, step="cathedral", cards=cards, seats={0: dict(craftsmen=craftsmen, cubes=cubes)}, **kw
    )


def test_the_brickmaker_turns_sand_into_stone(cards):
    from pillars_rules.actions import Build

    g = _cathedral(cards, ("carpenter", "stonemason", "mortar_mixer", "brickmaker"), dict(sand=2))
    builds = [a for a in g.legal_actions() if isinstance(a, Build) and a.card == "brickmaker"]
    after = g.apply(builds[0])
    p0, p1 = g.state.players[0], after.state.players[0]
    assert (p1.cubes[2], p1.cubes[1]) == (p0.cubes[2] - 1, p0.cubes[1] + 1)


def test_the_day_labourer_turns_one_cube_into_one_vp(cards):
    from pillars_rules.actions import Build

    g = _cathedral(cards, ("carpenter", "stonemason", "mortar_mixer", "day_labourer"), dict(wood=1))
    build = next(a for a in g.legal_actions() if isinstance(a, Build) and a.card == "day_labourer")
    after = g.apply(build)
    assert after.state.players[0].vp == g.state.players[0].vp + 1
    assert after.state.players[0].cubes[0] == 0


def test_the_apprentice_raises_another_craftsmans_capacity(cards):
    g = _cathedral(cards, ("carpenter", "stonemason", "mortar_mixer", "apprentice"), dict(sand=4))
    assert g.pending.kind == "choice" and g.current_player == 0
    names = [repr(a) for a in g.legal_actions()]
    assert not any("apprentice" in n for n in names) and any("mortar_mixer" in n for n in names)


def test_the_beggar_takes_a_free_cube_at_the_market(cards):
    g = pr.scenario(
        players=5,
        round=2,
        step="market",
        cards=cards,
        seats={3: dict(craftsmen=("carpenter", "stonemason", "mortar_mixer", "beggar"))},
    )
    assert g.pending.kind == "choice" and g.current_player == 3
    gold = g.state.players[3].gold
    after = g.apply(g.legal_actions()[0])
    assert sum(after.state.players[3].cubes) == sum(g.state.players[3].cubes) + 1
    assert after.state.players[3].gold == gold


def test_the_black_master_builder_gives_a_fourth_builder(cards):
    g = pr.scenario(players=6, round=2, step="round_start", cards=cards, seats={2: dict(privileges=("black_builder",))})
    g = pr.playout(g, until=lambda s: s.stage == "builders")
    assert sorted(g.state.bag + (() if g.state.drawn is None else (g.state.drawn,))).count(2) == 4


def test_six_seat_views_hide_the_decks_and_determinize_deals_six_seats(cards):
    from pillars_rules.view import HIDDEN

    g = pr.playout(pr.new_game(players=6, seed=21, cards=cards), seed=4, until=lambda s: s.round == 3)
    for seat in range(6):
        v = g.view(seat)
        assert all(c == HIDDEN for deck in v.state.craftsman_decks[3:] for c in deck)
        d = pr.determinize(v, seat)
        assert d.state.n_players == 6 and d.state.players[seat] == g.state.players[seat]
        assert d.state.display == g.state.display
        assert all(HIDDEN not in deck for deck in d.state.craftsman_decks)
        assert pr.playout(d, seed=seat).is_over


def test_the_crusades_are_dealt_every_round_and_pay_vp(cards):
    from pillars_rules.actions import TakeResourceCard

    for n in (2, 6):
        g = pr.new_game(players=n, seed=5, cards=cards)
        assert {"crusade_1a", "crusade_1b", "crusade_2a", "crusade_2b"} <= set(g.state.display)
    g = pr.scenario(
        players=5, round=3, step="crusades", cards=cards, seats={1: dict(resource_cards=("crusade_2a",), vp=4)}
    )
    assert g.state.players[1].vp == 4 + 2
    draft = pr.scenario(players=5, round=2, step="draft", cards=cards)
    takes = [a for a in draft.legal_actions() if isinstance(a, TakeResourceCard) and a.card == "crusade_1b"]
    assert takes  # a seat sends three workers to a crusade in Phase I


def test_every_round_is_a_resource_field():
    from pillars_rules.cardlang import base_cards, compile_text

    with pytest.raises(pr.CardError, match="every round"):
        compile_text('event e "E" { every round now: gain 1 gold }', known=base_cards())

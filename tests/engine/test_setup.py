"""§1 Components and setup, §2.1 round opening."""

import pytest

import pillars_rules as pr
from pillars_rules.engine import events as E
from pillars_rules.engine.state import CUBE_TOTALS

from .support import of_type


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_holdings_s1(players):
    """§1: 2 VP each, gold 20, 21, 22, 23 clockwise from the start player, 3 starting craftsmen."""
    game = pr.new_game(players, seed=5)
    s = game.state
    assert [p.gold for p in s.players] == [20, 21, 22, 23][:players]
    assert all(p.vp == 2 for p in s.players)
    assert all(set(p.craftsmen) == {"carpenter", "stonemason", "mortar_mixer"} for p in s.players)
    assert s.start_player == 0 and s.round == 1


def test_cube_totals_and_market_s1():
    """§1: 23/23/23/13 cubes; market 4/4/4 and no metal; 1 metal on the King's court."""
    s = pr.new_game(4, seed=2).state
    assert s.market == (4, 4, 4, 0)
    assert s.court_metal == 1
    assert s.supply == (CUBE_TOTALS[0] - 4, CUBE_TOTALS[1] - 4, CUBE_TOTALS[2] - 4, CUBE_TOTALS[3] - 1)


def test_decks_s1():
    """§1: 4 craftsmen per round from that round's cards; 6 of 10 events; 12 privileges
    with the two last-round cards at the bottom (so round 6 shows them)."""
    game = pr.new_game(4, seed=11)
    shuffled = of_type(game.events, E.DecksShuffled)[0]
    rules = game.rules
    for r, deck in enumerate(shuffled.craftsmen, start=1):
        assert len(deck) == 4
        assert all(rules.card(c).round == r for c in deck)
    assert len(shuffled.events) == 6 and len(set(shuffled.events)) == 6
    assert len(shuffled.privileges) == 12 and len(set(shuffled.privileges)) == 12
    assert {rules.card(c).last_round for c in shuffled.privileges[-2:]} == {True}
    assert not any(rules.card(c).last_round for c in shuffled.privileges[:-2])


def test_seed_decides_decks_s1():
    a = of_type(pr.new_game(4, seed=1).events, E.DecksShuffled)[0]
    b = of_type(pr.new_game(4, seed=1).events, E.DecksShuffled)[0]
    c = of_type(pr.new_game(4, seed=2).events, E.DecksShuffled)[0]
    assert a == b and a != c


def test_round_opening_s2_1():
    """§2.1: 2 privileges at Kingsbridge, 2 craftsmen to Shiring, 2 craftsmen + 7 resource
    cards in the display, cost marker on 7."""
    game = pr.new_game(3, seed=4)
    s = game.state
    shuffled = of_type(game.events, E.DecksShuffled)[0]
    assert s.kingsbridge == shuffled.privileges[:2]
    assert s.shiring == shuffled.craftsmen[0][:2]
    assert s.display[:2] == shuffled.craftsmen[0][2:4]
    dealt = of_type(game.events, E.ResourceCardsDealt)[0]
    assert len(dealt.cards) == 7 and s.display[2:] == dealt.cards
    assert all(game.rules.card(c).kind == "resource" for c in dealt.cards)
    assert s.marker == 7


def test_round_opening_refills_market_and_court_s2_1():
    """§2.1: the market is refilled to 4/4/4 from the supply each round; the court gets
    its metal back (our ruling: it holds at most 1)."""
    g = pr.scenario(players=2, seed=3, round=2, step="round_start", market=(0, 2, 4, 0), court_metal=0)
    assert g.state.round == 2
    assert g.state.market == (4, 4, 4, 0)
    assert g.state.court_metal == 1
    # the refill came from the supply (§1: cubes are conserved)
    assert g.state.supply[:3] == (23 - 4, 23 - 4, 23 - 4) and g.state.supply[3] == 13 - 1
    g2 = pr.scenario(players=2, seed=3, round=2, step="round_start", court_metal=1)
    assert g2.state.court_metal == 1


def test_first_decision_is_start_players_draft_s2_2():
    game = pr.new_game(4, seed=9)
    assert game.current_player == 0
    assert game.pending.kind == "draft"

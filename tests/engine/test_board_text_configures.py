"""The engine reads the market, the tax place's stock, their words and the
number of rounds from the board's text (issue #57): a board whose market is
called "the bazaar", whose tax place puts sand out each round, or whose game
lasts three rounds plays so, with no name or number of the base board's in the
engine (tests/engine/test_no_pillars_terms.py)."""

from __future__ import annotations

import random

import pytest

import pillars_rules as pr
from pillars_rules import actions as A
from pillars_rules import testing
from pillars_rules.actions import TakeCube
from pillars_rules.cardlang import base_cards, compile_text
from pillars_rules.cardlang.effects import CUBES
from pillars_rules.engine import events as E
from pillars_rules.engine.position import check_position
from pillars_rules.engine.refusals import refusal

BOARD = """
place exchequer "Exchequer" de "Schatzkammer" {
    called "the Exchequer"
    replaces kings_court
    spots 4
    one per player
    fill in order
    step tax
    die 2, 3, 3, 4, 4, 5
    stock 1 sand
}

place bazaar "Bazaar" de "Basar" {
    called "the bazaar"
    replaces market
    spots 4
    one per player
    fill in order
    step market
    stock 4 wood, 4 stone, 4 metal
    buying wood 3, stone 4, metal 6
    selling sand 2, wood 3, stone 4
}
"""


@pytest.fixture(scope="module")
def cards():
    base = base_cards()
    return base.merged(compile_text(BOARD, "fan.cards", known=base))


@pytest.fixture(scope="module")
def game(cards):
    seen: list = []
    game = testing.play_random(
        pr.new_game(3, 5, cards=cards),
        random.Random(5),
        each=lambda g: seen.append(g) if g.pending and g.pending.kind == "bishop" else None,
    )
    assert game.is_over
    return game, seen


def test_the_tax_place_hands_out_its_own_good_and_the_bishop_takes_from_the_bazaar(game):
    game, _ = game
    taken = {(e.resource, e.source) for e in game.events if isinstance(e, E.CubeTaken)}
    assert ("sand", E.COURT) in taken  # the Exchequer's stock, not the King's court's metal
    assert {source for _, source in taken} == {E.COURT, "bazaar"}  # the market's key, not "market"
    assert {r for r, source in taken if source == "bazaar"} <= {"wood", "stone", "metal"}
    testing.check_game(game)  # cubes conserved: the Exchequer's sand counted as sand
    told = [game.describe(e) for e in game.events if isinstance(e, E.CubeTaken) and e.source == "bazaar"]
    assert told and all(t.endswith("from the bazaar.") for t in told)  # the narration says the board's words


def test_such_a_game_saves_replays_and_passes_the_position_check(game, cards):
    game, _ = game
    assert pr.load(pr.save(game), cards=cards) == game
    assert pr.replay(game.events, cards=cards) == game
    # the bazaar's stock holds metal, which the base market never does (§4); it holds no sand
    check_position(pr.scenario(players=2, cards=cards, market=dict(metal=2)).state, game.rules)
    with pytest.raises(pr.ScenarioError, match="market: the bazaar never holds sand: its stock is wood, stone"):
        pr.scenario(players=2, cards=cards, market=dict(sand=1))


def test_the_refusals_say_the_board_s_words(game):
    _, at_bishop = game
    assert at_bishop, "the game had a Bishop's choice"
    g = at_bishop[0]
    code, text = refusal(g.state, g.rules, TakeCube("sand"), g.legal_actions())
    assert (code, text) == ("take_cube.metal", "sand is never in the bazaar, which holds wood, stone or metal")


SHORT = """
board base "Short game" de "Kurzes Spiel" {
    gold cap 30
    builder prices 7, 6, 5, 4, 3, 2, 1, 0
    rounds 3
}
"""


def test_a_board_of_three_rounds_ends_after_the_third():
    base = base_cards()
    cards = base.merged(compile_text(SHORT, "short.cards", known=base))
    assert cards.board.spec.rounds == 3 and base.board.spec.rounds == 6
    game = testing.play_random(pr.new_game(2, 3, cards=cards), random.Random(3))
    assert game.is_over and game.state.round == 3
    assert [e.round for e in game.events if isinstance(e, E.RoundStarted)] == [1, 2, 3]
    assert len(game.state.craftsman_decks) == 3 and len(pr.new_game(2, 3).state.craftsman_decks) == 6
    testing.check_game(game)
    assert pr.replay(game.events, cards=cards) == game
    with pytest.raises(pr.ScenarioError, match="round 4 does not exist"):
        pr.scenario(players=2, cards=cards, round=4)


LIMIT = """
place cathedral "Cathedral" de "Kathedrale" {
    called "the cathedral"
    step cathedral
    cube limit 2
}
"""


def test_the_cube_limit_is_the_board_s_when_cubes_are_returned():
    base = base_cards()
    cards = base.merged(compile_text(LIMIT, "limit.cards", known=base))
    returned = []

    def each(g):
        if g.pending and g.pending.kind == "return_cubes":
            returned.append(g)

    game = testing.play_random(pr.new_game(3, 8, cards=cards), random.Random(8), each=each)
    assert game.is_over and returned  # the return decision always lists a way down to 2 cubes
    testing.check_game(game)
    refused = []
    for g in returned:
        cubes = g.state.players[g.current_player].cubes
        assert sum(cubes) > 2
        excess = sum(cubes) - 2
        more = [(r, n) for r, n in zip(CUBES, cubes) if n > excess]  # returning all of these is too many
        if more:
            refused.append(refusal(g.state, g.rules, A.ReturnCubes(more[0][0], more[0][1]), g.legal_actions()))
    assert refused and all(code == "return.too_many" and "keeps 2 cubes" in text for code, text in refused)

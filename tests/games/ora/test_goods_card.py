"""The goods card is the one source of Ora's goods (issue #58, "as text"): its sides, values, the
free turn (§4.8) and the exchanges (§4.9) are what a game plays, and a fan set that changes them
changes the game. Rulings: R4 (the values), R36 (money held as coins)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from pillars_rules.core import playout
from pillars_rules.errors import ConfigError
from pillars_rules.games.ora import legal, new_game, ora_rules, setup
from pillars_rules.games.ora import records as R
from pillars_rules.games.ora.cards import shipped_goods

from . import helpers
from .helpers import game, stock, until


def fan_set(tmp_path: Path, old: str, new: str) -> Path:
    """The shipped set copied, its goods card with ``old`` written as ``new``."""
    return helpers.fan_set(tmp_path / "fan", "goods.cards", old, new)


def playout_to_settle(g):
    """``g`` played by seeded random choices to the first settlement phase's first settle decision (§6.3)."""
    return until(playout(g, seed=3, until=lambda s: s.round == 7), "settle")


def test_the_rules_read_the_goods_card():
    """R4, §4.8, §4.9: the free turn, the one-way exchanges and the values come from the card."""
    rules = ora_rules()
    assert rules.goods == shipped_goods() == setup.GOODS
    assert dict(rules.backs) == {"grain": "straw"} and dict(rules.trades) == {"wine": 1, "whiskey": 2}
    assert rules.values["peat_coal"]["energy"] == 3 and rules.values["straw"]["energy"] == Fraction(1, 2)
    # the module-level names other code imports are the shipped card's too
    assert legal.BACKS == {"grain": "straw"} and legal.TRADES == {"wine": 1, "whiskey": 2}


def test_peat_coal_pays_three_energy_for_a_settlement():
    """§6.3, §5.5 (R4, R33): peat coal is worth 3 energy, so 1 grain and 1 peat coal pay the Shanty Town's
    1 food and 1 energy -- the goods card's value, spelt as the cards spell the good."""
    g = playout_to_settle(game(cards="shipped"))
    seat = g.pending.seat
    g = stock(g, seat, grain=1, peat_coal=1)
    pays = {a.payment for a in g.legal_actions() if type(a) is R.Settle and a.card == "shanty_town"}
    assert pays == {(("grain", 1), ("peat_coal", 1))}


def test_a_fan_goods_card_that_changes_a_value_changes_the_game(tmp_path):
    """A fan set whose peat coal is worth no energy: peat coal no longer pays a settlement (§6.3)."""
    rules = ora_rules(cards=[fan_set(tmp_path, "peat_coal 3, ", "")])
    assert "peat_coal" not in {g for g, kinds in rules.values.items() if kinds.get("energy")}
    g = playout_to_settle(new_game(rules))
    seat = g.pending.seat
    g = stock(g, seat, grain=1, peat_coal=1)
    assert not [a for a in g.legal_actions() if type(a) is R.Settle and a.card == "shanty_town"]
    assert rules.card_hash != ora_rules().card_hash  # a save of one is not taken for the other


def test_a_fan_goods_card_without_an_exchange_offers_none(tmp_path):
    """§4.9: the exchanges a game offers are the card's; without wine's, wine is not exchanged."""
    rules = ora_rules(cards=[fan_set(tmp_path, "    exchange 1 wine -> 1 coin\n", "")])
    assert dict(rules.trades) == {"whiskey": 2}
    g = stock(new_game(rules), 0, wine=2, whiskey=1)
    trades = {a.good for a in g.legal_actions() if type(a) is R.Trade}
    assert trades == {"whiskey"}


def test_a_fan_goods_card_with_another_free_turn(tmp_path):
    """§4.8: the free turns are the card's: a set whose sheep turn free to meat offers that turn."""
    rules = ora_rules(cards=[fan_set(tmp_path, "free turn grain", "free turn grain, sheep")])
    assert dict(rules.backs) == {"grain": "straw", "sheep": "meat"}
    g = stock(new_game(rules), 0, sheep=2)
    flips = [a for a in g.legal_actions() if type(a) is R.Flip]
    assert [(a.good, a.n, a.label) for a in flips] == [
        ("sheep", 1, "turn 1 sheep to meat"),
        ("sheep", 2, "turn 2 sheep to meat"),
    ]
    g = g.apply(flips[1])
    assert g.state.stock(0) == {"meat": 2}


def test_an_exchange_the_game_cannot_play_is_refused(tmp_path):
    """The game plays a one-way exchange of one good for coins (§4.9); another is refused, saying which."""
    folder = fan_set(tmp_path, "exchange 1 wine -> 1 coin", "exchange 2 wine -> 1 coin")
    with pytest.raises(
        ConfigError, match=r"exchange \(\('wine', 2\),\) -> \(\('coin', 1\),\) is not one the game plays"
    ):
        ora_rules(cards=[folder])

"""Goods with two sides and their values (``mechanisms.twosided``): the laws as
properties, bad configs refused, and Ora et Labora's goods through the rulebook's
scenarios (``ORA_RULES.md`` §13, cited by number and §)."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pillars_rules.errors import ConfigError, IllegalActionError
from pillars_rules.mechanisms.twosided import Exchange, GoodsConfig, can_pay, exchange, pay, total, turn, value

from . import ora

# -- the laws (docs/ora/mechanisms.rst, "two-sided") ------------------------------------------

CFG = GoodsConfig(
    pairs=(("p", "q"), ("r", "s"), ("t", None)),
    values={"p": {"f": 1}, "q": {"e": "1/2"}, "r": {"f": 2, "e": 1}, "s": {"f": 5}, "t": {"e": 3}},
    free={"p"},
    exchanges=(Exchange({"p": 5}, {"t": 1}, both_ways=True), Exchange({"s": 1}, {"p": 2})),
)
STOCKS = st.dictionaries(st.sampled_from("pqrst"), st.integers(0, 8))


@given(STOCKS, st.sampled_from("pr"), st.integers(0, 9))
def test_a_turn_keeps_the_count_and_never_goes_back(stock: dict[str, int], good: str, n: int) -> None:
    if good not in CFG.free or stock.get(good, 0) < n:
        with pytest.raises(IllegalActionError):
            turn(CFG, stock, good, n)
        return
    out = turn(CFG, stock, good, n)
    back = CFG.backs[good]
    assert sum(out.values()) == sum(stock.values())
    assert (out.get(good, 0), out.get(back, 0)) == (stock.get(good, 0) - n, stock.get(back, 0) + n)
    with pytest.raises(IllegalActionError, match="no back"):
        turn(CFG, out, back, 1, free_only=False)


@given(STOCKS, st.integers(1, 3))
def test_an_exchange_both_ways_comes_back(stock: dict[str, int], times: int) -> None:
    try:
        there = exchange(CFG, stock, 0, times)
    except IllegalActionError:
        assert stock.get("p", 0) < 5 * times
        return
    assert exchange(CFG, there, 0, times, back=True) == {g: n for g, n in stock.items() if n}


@st.composite
def payments(draw: st.DrawFn) -> tuple[dict[str, int], dict[str, dict[str, int]], dict[str, int]]:
    stock = draw(STOCKS)
    given_ = {
        k: draw(st.dictionaries(st.sampled_from("pqrst"), st.integers(0, 4)))
        for k in draw(st.sets(st.sampled_from("fe")))
    }
    need = {k: draw(st.integers(0, 8)) for k in draw(st.sets(st.sampled_from("fe"), min_size=1))}
    return stock, given_, need


@given(payments())
def test_a_payment_by_value_covers_each_kind_and_gives_nothing_unneeded(
    case: tuple[dict[str, int], dict[str, dict[str, int]], dict[str, int]],
) -> None:
    stock, given_, need = case
    why = can_pay(CFG, stock, given_, need)
    if why is not None:
        with pytest.raises(IllegalActionError, match=re.escape(why)):
            pay(CFG, stock, given_, need)
        return
    out = pay(CFG, stock, given_, need)
    for kind, wanted in need.items():
        goods = {g: n for g, n in given_.get(kind, {}).items() if n}
        assert total(CFG, goods, kind) >= wanted
        for g in goods:  # no change, but no good given for nothing
            assert total(CFG, goods, kind) - value(CFG, g, kind) < wanted
    spent = {g: sum(p.get(g, 0) for p in given_.values()) for g in "pqrst"}
    assert all(out.get(g, 0) == stock.get(g, 0) - spent[g] for g in "pqrst")


@pytest.mark.parametrize(
    ("kwargs", "where"),
    [
        ({"pairs": ()}, "pairs"),
        ({"pairs": (("p",),)}, "pairs[0]"),
        ({"pairs": (("p", "p"),)}, "pairs[0]"),
        ({"pairs": (("p", ""),)}, "pairs[0]"),
        ({"pairs": (("p", None),), "values": {"z": {"f": 1}}}, "values['z']"),
        ({"pairs": (("p", None),), "values": {"p": {"f": -1}}}, "values['p']['f']"),
        ({"pairs": (("p", None),), "values": {"p": {"f": "half"}}}, "values['p']['f']"),
        ({"pairs": (("p", None),), "values": {"p": 1}}, "values['p']"),
        ({"pairs": (("p", None),), "free": {"p"}}, "free['p']"),
        ({"pairs": (("p", None),), "exchanges": (Exchange({"p": 1}, {}),)}, "exchanges[0].take"),
        ({"pairs": (("p", None),), "exchanges": (Exchange({"p": 1}, {"z": 1}),)}, "exchanges[0].take"),
        ({"pairs": (("p", None),), "exchanges": (Exchange({"p": 0}, {"p": 1}),)}, "exchanges[0].give['p']"),
    ],
)
def test_a_bad_config_is_refused_saying_where(kwargs: dict[str, object], where: str) -> None:
    with pytest.raises(ConfigError, match=rf"goods config, {re.escape(where)}:"):
        GoodsConfig(**kwargs)  # type: ignore[arg-type]


# -- Ora's goods (data: the goods card, cards/ora-et-labora/goods.cards, via tests/mechanisms/ora.py) ------------------------

G = ora.GOODS


def test_the_values_are_the_lexicons() -> None:
    """R4 (§5.5): a sample of docs/ora/lexicon.rst's table; straw is half an energy."""
    assert value(G, "straw", "energy") == Fraction(1, 2)
    assert (value(G, "meat", "food"), value(G, "peat_coal", "energy"), value(G, "reliquary", "points")) == (5, 3, 8)
    assert value(G, "coin", "food") == 1 and value(G, "wonder", "points") == 30 and value(G, "clay", "food") == 0


def test_scenario_22_grain_turns_to_straw_and_never_back() -> None:
    """§13 scenario 22 (§4.6.3, §4.8)."""
    assert turn(G, {"grain": 2}, "grain", 1) == {"grain": 1, "straw": 1}
    with pytest.raises(IllegalActionError, match="no back"):
        turn(G, {"straw": 2}, "straw", 1)
    with pytest.raises(IllegalActionError, match="only by a card's function"):
        turn(G, {"sheep": 2}, "sheep", 1)  # §5.4: a building's function
    assert turn(G, {"sheep": 2}, "sheep", 2, free_only=False) == {"meat": 2}


def test_scenario_27_a_settlement_paid_by_value_with_no_change() -> None:
    """§13 scenario 27 and §6.3: 1 grain + 1 wood pays 1 food + 1 energy; the surplus is lost,
    but a tile not needed is not given."""
    need = {"food": 1, "energy": 1}
    assert pay(G, {"grain": 2, "wood": 1}, {"food": {"grain": 1}, "energy": {"wood": 1}}, need) == {"grain": 1}
    big = {"food": 8, "energy": 3}  # the Fishing Village's cost (lexicon)
    assert can_pay(G, {"meat": 2, "peat_coal": 1}, {"food": {"meat": 2}, "energy": {"peat_coal": 1}}, big) is None
    assert can_pay(
        G, {"meat": 2, "grain": 1, "peat": 2}, {"food": {"meat": 2, "grain": 1}, "energy": {"peat": 2}}, big
    ) == ("the grain given for food is not needed: food 8 is paid without it")
    assert can_pay(G, {"straw": 5}, {"energy": {"straw": 5}}, {"energy": 3}) == (
        "energy 3 is needed and the goods given for it are worth 5/2"
    )
    assert can_pay(G, {"straw": 6}, {"energy": {"straw": 6}}, {"energy": 3}) is None
    assert (can_pay(G, {"wood": 1}, {"food": {"wood": 1}}, {"food": 1}) or "").startswith("food 1 is needed")


def test_scenario_30_wine_and_four_coins_make_a_five_coin() -> None:
    """§13 scenario 30 (§4.9, §7.2): 1 wine -> 1 coin, 5 coins -> one 5-coin: 2 points."""
    stock = exchange(G, {"wine": 1, "coin": 4}, 1)
    stock = exchange(G, stock, 0)
    assert stock == {"five_coins": 1} and total(G, stock, "points") == 2
    assert exchange(G, {"whiskey": 1}, 2) == {"coin": 2}
    assert exchange(G, {"five_coins": 1}, 0, back=True) == {"coin": 5}
    with pytest.raises(IllegalActionError, match="one way only"):
        exchange(G, {"coin": 1}, 1, back=True)

"""The use mechanism: a card's function as a list of complete outcomes (issue #58)."""

from __future__ import annotations

import pytest

from pillars_rules.errors import ConfigError, IllegalActionError
from pillars_rules.mechanisms.use import Follow, Outcome, apply, merged


def test_an_outcome_keeps_each_good_once_sorted_and_drops_zeros() -> None:
    o = Outcome(give=[("b", 1), ("a", 2), ("b", 2)], take={"c": 0, "d": 1})
    assert o.give == (("a", 2), ("b", 3))
    assert o.take == (("d", 1),)


@pytest.mark.parametrize("bad", [[("a", -1)], [("", 1)], [("a", 1.5)], [(3, 1)], [("a", True)]])
def test_an_outcome_refuses_amounts_that_are_not_whole_numbers_of_named_goods(bad: object) -> None:
    with pytest.raises(ConfigError, match="pairs of a good's name"):
        Outcome(give=bad)


def test_apply_gives_then_takes_and_refuses_what_the_stock_lacks() -> None:
    o = Outcome(give={"a": 2}, take={"b": 1})
    assert apply({"a": 2, "c": 1}, o) == {"b": 1, "c": 1}
    stock = {"a": 1}
    with pytest.raises(IllegalActionError, match="2 a are needed, the stock has 1"):
        apply(stock, o)
    assert stock == {"a": 1}


def test_merged_keeps_net_amounts_and_the_order_of_resets_and_follow_ups() -> None:
    first = Outcome(give={"coin": 1}, take={"book": 1}, reset=["x"], then=[Follow("build")], words="buy")
    second = Outcome(give={"book": 1}, take={"meat": 1}, then=[Follow("recall", "all")], words="trade")
    m = merged(first, second)
    assert (m.give, m.take) == ((("coin", 1),), (("meat", 1),))
    assert m.reset == ("x",)
    assert m.then == (Follow("build"), Follow("recall", "all"))
    assert m.words == "buy; trade"

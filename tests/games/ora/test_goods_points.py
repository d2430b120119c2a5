"""The goods' points at the end (§7.2; R19) come from the goods card -- its points and its exchanges --
rather than from goods the scoring names: the shipped card scores as R19 reads (wine and whiskey into
coins, coins into 5-coins where that scores more), and a fan goods card's exchange changes the score."""

from __future__ import annotations

import random

from pillars_rules.games.ora import setup
from pillars_rules.games.ora.score import goods_points
from pillars_rules.mechanisms.twosided import Exchange, GoodsConfig


def r19(stock: dict[str, int]) -> int:
    """R19 written out for the shipped goods: points of the goods no exchange touches, then the best of
    changing some wine (1 coin each) and whiskey (2 coins each) into coins, and every 5 coins into a
    5-coin (2 points); wine and whiskey kept score 1 each."""
    plain = {"wood": 0, "clay": 0, "peat": 0, "sheep": 0, "grain": 0, "stone": 0, "grapes": 0, "flour": 0,
             "malt": 0, "meat": 0, "straw": 0, "peat_coal": 0, "bread": 0, "beer": 0, "ceramic": 3, "book": 2,
             "reliquary": 8, "ornament": 4, "five_coins": 2, "wonder": 30}  # fmt: skip
    base = sum(plain[g] * n for g, n in stock.items() if g in plain)
    coins, wine, whiskey = stock.get("coin", 0), stock.get("wine", 0), stock.get("whiskey", 0)
    return base + max(
        (wine - i) + (whiskey - j) + 2 * ((coins + i + 2 * j) // 5) for i in range(wine + 1) for j in range(whiskey + 1)
    )


def test_the_shipped_goods_card_scores_as_r19_reads():
    r = random.Random(58)
    goods = list(setup.GOODS.goods)
    assert "coin" in goods and "wonder" in goods
    for _ in range(3000):
        stock = {g: r.randint(0, 9) for g in r.sample(goods, r.randint(0, 10))}
        assert goods_points(stock) == r19(stock), stock
    assert goods_points({"coin": 4, "wine": 1}) == 2  # the wine makes the fifth coin
    assert goods_points({"coin": 3, "whiskey": 1}) == 2  # 2 coins from the whiskey: a 5-coin beats 1 point
    assert goods_points({"whiskey": 2}) == 2  # 4 coins make no 5-coin: the whiskey is kept
    assert goods_points({"five_coins": 1, "coin": 1}) == 2  # a 5-coin is not changed back


def test_a_fan_goods_cards_exchange_changes_the_score():
    """A goods card whose whiskey buys 3 coins: 2 whiskey and 0 coins make 6 coins, a 5-coin (2 points)."""
    shipped = setup.GOODS
    fan = GoodsConfig(
        shipped.pairs,
        {g: dict(kinds) for g, kinds in shipped.values},
        shipped.free,
        tuple(
            Exchange(x.give, (("coin", 3),), x.both_ways) if x.give == (("whiskey", 1),) else x
            for x in shipped.exchanges
        ),
    )
    assert goods_points({"whiskey": 1, "coin": 2}) == 1
    assert goods_points({"whiskey": 1, "coin": 2}, fan) == 2
    assert goods_points({"book": 1}, fan) == goods_points({"book": 1}) == 2

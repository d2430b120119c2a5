"""What each kind of building function lists (issue #58; docs/ora/cards.rst).

Table-driven: a building of cards/ora-et-labora, the user's stock, the wheel's
values and the counts the game gives, and the exact outcomes, in order. Each
case cites the lexicon row (docs/ora/lexicon.csv, with its mechanism tag from
docs/ora/mechanisms.rst) and the rule or ruling (``ORA_RULES.md`` §, R/D on
docs/ora/rules.rst).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mechanisms.usectx import Ctx

from pillars_rules.buildings import load_buildings
from pillars_rules.mechanisms.use import Follow, apply
from pillars_rules.mechanisms.usefn import MAX_OUTCOMES

ROOT = Path(__file__).resolve().parents[2]
CARDS = load_buildings([ROOT / "cards" / "ora-et-labora"])


def o(give=None, take=None, reset=(), then=()):
    """An expected outcome: (give, take, reset, then) as plain values."""
    give = {g: n for g, n in (give or {}).items() if n}
    take = {g: n for g, n in (take or {}).items() if n}
    return (give, take, tuple(reset), tuple(then))


BASIC = ("wood", "clay", "peat", "sheep", "grain", "coin")

CASES = [
    # exchange, up to n (F04 Windmill, "exchange"; §lexicon F04): 1, 2 or 3 grain become flour and straw
    (
        "windmill",
        Ctx({"grain": 3}),
        [o({"grain": k}, {"flour": k, "straw": k}) for k in (1, 2, 3)],
    ),
    # exchange, any number of times (I04 Malthouse), bounded by the stock
    ("malthouse", Ctx({"grain": 2}), [o({"grain": k}, {"malt": k, "straw": k}) for k in (1, 2)]),
    # wheel (H01 Clay Mound; §5.1, R2): by its indicator or by the joker, resetting the one used
    (
        "clay_mound",
        Ctx({}, track={"clay": 4, "joker": 2}),
        [o(take={"clay": 4}, reset=["clay"]), o(take={"clay": 2}, reset=["joker"])],
    ),
    # wheel choice (H02 Farmyard): grain or sheep, each by its own indicator or the joker;
    # a joker at 0 takes nothing but is reset (R25), one outcome however many goods it could name
    (
        "farmyard",
        Ctx({}, track={"grain": 3, "sheep": 2, "joker": 0}),
        [
            o(take={"grain": 3}, reset=["grain"]),
            o(take={"sheep": 2}, reset=["sheep"]),
            o(reset=["joker"]),
        ],
    ),
    # wheel: a good not on the wheel yet gives nothing (F14 Grapevine before grapes enter, R6)
    ("grapevine_a", Ctx({}, track={"joker": 5}), [o(take={"grapes": 5}, reset=["joker"])]),
    # value-pay (G12 Stone Merchant, R5, R33): 2 food and 1 energy per stone, minimal payments only
    (
        "stone_merchant",
        Ctx({"grain": 2, "wood": 1, "peat": 1}),
        [o({"grain": 2, "wood": 1}, {"stone": 1}), o({"grain": 2, "peat": 1}, {"stone": 1})],
    ),
    # value-pay in halves, then a sale of what was made (F05 Bakery): straw is worth 1/2 energy
    (
        "bakery",
        Ctx({"flour": 1, "straw": 1}),
        [o({"flour": 1, "straw": 1}, {"bread": 1}), o({"flour": 1, "straw": 1}, {"coin": 4})],
    ),
    # value-pay choice (G06 Fuel Merchant): 3, 6 or 9 energy; 9 is out of reach with 7
    (
        "fuel_merchant",
        Ctx({"peat": 3, "wood": 1}),
        [
            o({"wood": 1, "peat": 1}, {"coin": 5}),
            o({"peat": 2}, {"coin": 5}),
            o({"peat": 3}, {"coin": 8}),
        ],
    ),
    # value-pay choice, repeated (G39 Estate): 6 energy or 10 food, up to 2 times
    (
        "estate",
        Ctx({"wood": 6, "grain": 10}),
        [
            o({"wood": 6}, {"book": 1, "ornament": 1}),
            o({"grain": 10}, {"book": 1, "ornament": 1}),
            o({"wood": 6, "grain": 10}, {"book": 2, "ornament": 2}),
        ],
    ),
    # kinds choice (G02 Cloister Courtyard, R32): 3 goods of 3 kinds, 6 of one basic good (net amounts)
    (
        "cloister_courtyard",
        Ctx({"wood": 1, "clay": 1, "grain": 1}),
        [
            o({"clay": 1, "grain": 1}, {"wood": 5}),
            o({"wood": 1, "grain": 1}, {"clay": 5}),
            o({"wood": 1, "clay": 1, "grain": 1}, {"peat": 6}),
            o({"wood": 1, "clay": 1, "grain": 1}, {"sheep": 6}),
            o({"wood": 1, "clay": 1}, {"grain": 5}),
            o({"wood": 1, "clay": 1, "grain": 1}, {"coin": 6}),
        ],
    ),
    # kinds: fewer kinds than asked for, no outcome (F08 Market)
    ("market", Ctx({"wood": 5, "clay": 5, "grain": 5}), []),
    # count thresholds (I09 Spinning Mill): at least 1, 5 or 9 sheep
    ("spinning_mill", Ctx({"sheep": 0}), []),
    ("spinning_mill", Ctx({"sheep": 1}), [o(take={"coin": 3})]),
    ("spinning_mill", Ctx({"sheep": 8}), [o(take={"coin": 5})]),
    ("spinning_mill", Ctx({"sheep": 9}), [o(take={"coin": 6})]),
    # clear, nested (F10 Carpentry, O4): a forest removed, then a build action; no forest, no use
    ("carpentry", Ctx({}), []),
    ("carpentry", Ctx({}, counts={"forest": 1}), [o(then=[Follow("clear", "forest"), Follow("build")])]),
    # clear, count (F38 Printing Office): up to 4 forests, a book each, no more than there are
    (
        "printing_office",
        Ctx({}, counts={"forest": 2}),
        [o(take={"book": k}, then=[Follow("clear", "forest")] * k) for k in (1, 2)],
    ),
    # clear exchange (I29 Forest Hut)
    (
        "forest_hut",
        Ctx({}, counts={"forest": 1}),
        [o(take={"sheep": 2, "wood": 2, "stone": 1}, then=[Follow("clear", "forest")])],
    ),
    # recall, nested (I23 Locutory, D1)
    ("locutory", Ctx({"coin": 2}), [o({"coin": 2}, then=[Follow("recall", "prior"), Follow("build")])]),
    ("locutory", Ctx({"coin": 1}), []),
    # exchange, recall (F23 Bathhouse, O6)
    (
        "bathhouse",
        Ctx({"coin": 1}),
        [o({"coin": 1}, {"book": 1, "ceramic": 1}, then=[Follow("recall", "all")])],
    ),
    # activate (F27 Palace, R26; G01 Priory; F40 Hospice and F09 Cloister Garden, R27)
    ("palace", Ctx({"wine": 1}), [o({"wine": 1}, then=[Follow("use", "occupied")])]),
    ("priory", Ctx({}), [o(then=[Follow("use", "with prior except priory")])]),
    ("hospice", Ctx({}), [o(then=[Follow("use", "displayed")])]),
    ("cloister_garden", Ctx({}), [o(take={"grapes": 1}, then=[Follow("use", "empty adjacent")])]),
    # settle (G28 Castle, R32)
    ("castle", Ctx({}), [o(then=[Follow("settle")])]),
    # land (I37 Bulwark, D3)
    ("bulwark", Ctx({"book": 1}), [o({"book": 1}, then=[Follow("land", "district"), Follow("land", "plot")])]),
    # nested choice, and/or (F32 Calefactory)
    (
        "calefactory",
        Ctx({"coin": 1}),
        [
            o({"coin": 1}, then=[Follow("action", "fell_trees")]),
            o({"coin": 1}, then=[Follow("action", "cut_peat")]),
            o({"coin": 1}, then=[Follow("action", "fell_trees"), Follow("action", "cut_peat")]),
        ],
    ),
    # value-pay, wheel by the joker only, choice (F33 Shipping Company)
    (
        "shipping_company",
        Ctx({"peat": 2}, track={"joker": 3, "sheep": 9}),
        [o({"peat": 2}, {g: 3}, reset=["joker"]) for g in ("meat", "bread", "wine")],
    ),
    # choice (I08 False Lighthouse)
    (
        "false_lighthouse",
        Ctx({}),
        [o(take={"coin": 3, "beer": 1}), o(take={"coin": 3, "whiskey": 1})],
    ),
    # exchange, once (G26 Shipyard, D14)
    ("shipyard", Ctx({"wood": 5}), [o({"wood": 2}, {"ornament": 1, "coin": 5})]),
    # two independent parts (I20 Alehouse): either sale or both
    (
        "alehouse",
        Ctx({"beer": 1, "whiskey": 1}),
        [o({"whiskey": 1}, {"coin": 7}), o({"beer": 1}, {"coin": 8}), o({"beer": 1, "whiskey": 1}, {"coin": 15})],
    ),
    # a first part bought once, then any number more (F35 Forger's Workshop, D15)
    (
        "forgers_workshop",
        Ctx({"coin": 25}),
        [o({"coin": 5 + 10 * k}, {"reliquary": 1 + k}) for k in (0, 1, 2)],
    ),
    # take by value per count (G41 House of the Brotherhood): 2 points per cloister; maximal takes only
    (
        "house_of_the_brotherhood",
        Ctx({"coin": 5}, counts={"cloister": 2}),
        [o({"coin": 5}, {"book": 2}), o({"coin": 5}, {"ceramic": 1}), o({"coin": 5}, {"ornament": 1})],
    ),
    # ... 1.5 per cloister in the long 2-player game, 1 in solo
    (
        "house_of_the_brotherhood",
        Ctx({"coin": 5}, counts={"cloister": 2}, mode="2L"),
        [o({"coin": 5}, {"book": 1}), o({"coin": 5}, {"ceramic": 1})],
    ),
    ("house_of_the_brotherhood", Ctx({"coin": 5}, counts={"cloister": 2}, mode="1"), [o({"coin": 5}, {"book": 1})]),
    # take by value per forest and moor (I38 Festival Ground)
    (
        "festival_ground",
        Ctx({"beer": 1}, counts={"forest": 1, "moor": 2}),
        [o({"beer": 1}, {"book": 1}), o({"beer": 1}, {"ceramic": 1})],
    ),
    # fixed goods and a value in points (I35 Round Tower): minimal sets of points only
    (
        "round_tower",
        Ctx({"coin": 5, "whiskey": 1, "reliquary": 2, "book": 3}),
        [
            o({"coin": 5, "whiskey": 1, "reliquary": 1, "book": 3}, {"wonder": 1}),
            o({"coin": 5, "whiskey": 1, "reliquary": 2}, {"wonder": 1}),
        ],
    ),
    # one of a list, two different goods (I15 Druid's House): 5 of one basic good, 3 of another
    (
        "druids_house",
        Ctx({"book": 1}),
        [o({"book": 1}, {a: 5, b: 3}) for a in BASIC for b in BASIC if a != b],
    ),
    # exchange and a conversion in one use (G07 Peat Coal Kiln)
    (
        "peat_coal_kiln",
        Ctx({"peat": 1}),
        [o(take={"peat_coal": 1, "coin": 1}), o({"peat": 1}, {"peat_coal": 2, "coin": 1})],
    ),
    # two raises in turn (F36 Pilgrimage Site): the same good may be raised twice
    (
        "pilgrimage_site",
        Ctx({"book": 1}),
        [o({"book": 1}, {"ceramic": 1}), o({"book": 1}, {"ornament": 1})],
    ),
    # the functions as ruled: D11 Scriptorium 1 whiskey; D12 Coal Harbor at most 3; D13 Refectory at most 4
    ("scriptorium", Ctx({"coin": 2}), [o({"coin": 1}, {"book": 1, "meat": 1, "whiskey": 1})]),
    (
        "coal_harbor",
        Ctx({"peat_coal": 5}),
        [o({"peat_coal": k}, {"coin": 3 * k, "whiskey": k}) for k in (1, 2, 3)],
    ),
    (
        "refectory",
        Ctx({"meat": 9}),
        [o(take={"beer": 1, "meat": 1})] + [o({"meat": k - 1}, {"beer": 1, "ceramic": k}) for k in (1, 2, 3, 4)],
    ),
    # a limited good is still listed: its supply is the game's (G34 Sacristy, R3)
    (
        "sacristy",
        Ctx({"book": 1, "ceramic": 1, "ornament": 1, "reliquary": 1}),
        [o({"book": 1, "ceramic": 1, "ornament": 1, "reliquary": 1}, {"wonder": 1})],
    ),
]


def _plain(outcome):
    return (dict(outcome.give), dict(outcome.take), outcome.reset, outcome.then)


@pytest.mark.parametrize(("card", "ctx", "expected"), CASES, ids=[f"{i:02d}-{c[0]}" for i, c in enumerate(CASES)])
def test_a_function_lists_exactly_these_outcomes(card, ctx, expected):
    got = CARDS[card].function.outcomes(ctx)
    assert [_plain(x) for x in got] == expected
    for x in got:  # each one can be applied to the stock it was listed for, and says so in words
        apply(ctx.stock(), x)
        assert x.words


def test_every_building_function_answers_an_empty_and_a_rich_seat():
    rich = Ctx(
        {**{g: 3 for g in CARDS.goods.goods}, "coin": 30},
        track={g: 2 for g in (*BASIC, "grapes", "stone", "joker")},
        counts={"forest": 2, "moor": 1, "cloister": 3},
    )
    for card in CARDS:
        if card.function is None:
            continue
        listed = card.function.outcomes(rich)
        assert 0 < len(listed) <= MAX_OUTCOMES, card.id
        assert len(set(listed)) == len(listed), card.id
        assert listed == card.function.outcomes(rich), card.id  # deterministic
        for x in listed:
            apply(rich.stock(), x)


def test_the_list_is_cut_at_the_cap():
    """F25 Chamber of Wonders with every good: 13 kinds out of 22 are far more than the cap."""
    full = Ctx({g: 1 for g in CARDS.goods.goods})
    listed = CARDS["chamber_of_wonders"].function.outcomes(full)
    assert len(listed) == MAX_OUTCOMES
    # 13 different goods given, one of each (12 in the net amounts when a wonder given comes back)
    assert all(x.take == (("wonder", 1),) or x.take == () for x in listed)
    assert all({n for _, n in x.give} == {1} and len(x.give) == 13 - (not x.take) for x in listed)


_WITH_FUNCTION = sorted(c.id for c in CARDS if c.function is not None)
_SMALL = st.integers(0, 4)


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(_WITH_FUNCTION),
    st.dictionaries(st.sampled_from(CARDS.goods.goods), st.integers(0, 12), max_size=10),
    st.dictionaries(st.sampled_from((*BASIC, "grapes", "stone", "joker")), st.integers(0, 10), max_size=4),
    st.fixed_dictionaries({"forest": _SMALL, "moor": _SMALL, "cloister": _SMALL}),
    st.sampled_from([None, "1", "2L", "4"]),
)
def test_any_seat_gets_a_bounded_list_of_outcomes_it_can_apply(card, stock, track, counts, mode):
    ctx = Ctx(stock, track, counts, mode)
    listed = CARDS[card].function.outcomes(ctx)
    assert len(listed) <= MAX_OUTCOMES
    assert len(set(listed)) == len(listed)
    assert listed == CARDS[card].function.outcomes(ctx)
    for x in listed:
        apply(stock, x)  # never gives what the stock lacks
        assert x.give or x.take or x.reset or x.then
        assert set(x.reset) <= set(track)  # only a track on the wheel is taken and reset
        cleared = sum(1 for f in x.then if f.step == "clear")
        assert cleared <= counts["forest"]

"""A function as data and every way to use it (mechanisms.usefn; docs/ora/cards.rst).

The goods here are made up: the mechanism knows no game.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from pillars_rules.mechanisms import usefn
from pillars_rules.mechanisms.twosided import GoodsConfig, can_pay
from pillars_rules.mechanisms.use import Follow
from pillars_rules.mechanisms.usefn import (
    MAX_OUTCOMES,
    MAX_TRIES,
    Amt,
    Deal,
    Do,
    Function,
    Kinds,
    Part,
    Track,
    UseFn,
    maximal_takes,
    minimal_payments,
    outcomes,
)

from .usectx import Ctx

CFG = GoodsConfig(
    pairs=(("seed", "husk"), ("twig", "ember"), ("bead", None), ("gem", None)),
    values={
        "seed": {"fuel": "1/2", "worth": 1},
        "husk": {"fuel": 1},
        "twig": {"fuel": 2},
        "ember": {"fuel": 3, "worth": 2},
        "bead": {"worth": 3},
        "gem": {"worth": 5},
    },
)


def one(*pieces):
    """A side of a deal: each piece its own list entry, no alternatives."""
    return tuple(((p,),) for p in pieces)


def fn1(lo, hi, give, take):
    """A function of one part with one deal."""
    return Function((Part(lo, hi, (Deal(give, take),)),))


def test_a_conversion_up_to_n_times_lists_each_count():
    fn = fn1(0, 2, one(Amt("seed", Fraction(1))), one(Amt("husk", Fraction(2))))
    got = outcomes(fn, CFG, Ctx({"seed": 5}))
    assert [(x.give, x.take) for x in got] == [((("seed", 1),), (("husk", 2),)), ((("seed", 2),), (("husk", 4),))]
    assert got[0].words == "give 1 seed; take 2 husk"


def test_nothing_changed_is_not_an_outcome_and_a_missing_good_gives_none():
    fn = fn1(1, 1, one(Amt("gem", Fraction(1))), one(Amt("bead", Fraction(1))))
    assert outcomes(fn, CFG, Ctx({})) == []
    assert outcomes(fn1(0, 3, one(Amt("gem", Fraction(1))), ()), CFG, Ctx({})) == []


def test_any_number_of_times_is_bounded_by_the_stock_and_by_values():
    fn = fn1(0, None, one(Amt("fuel", Fraction(3), True)), one(Amt("gem", Fraction(1))))
    got = outcomes(fn, CFG, Ctx({"twig": 3}))  # 6 fuel: at most 2 gems
    assert [dict(x.take)["gem"] for x in got] == [1, 2]
    assert [dict(x.give) for x in got] == [{"twig": 2}, {"twig": 3}]


def test_a_track_take_resets_the_track_used_and_the_wild_one_is_a_separate_outcome():
    fn = fn1(1, 1, (), one(Track(("seed", "bead"), True, "any")))
    got = outcomes(fn, CFG, Ctx({}, track={"seed": 2, "any": 1}))
    assert [(x.take, x.reset) for x in got] == [
        ((("seed", 2),), ("seed",)),
        ((("seed", 1),), ("any",)),
        ((("bead", 1),), ("any",)),
    ]


def test_a_clear_step_needs_a_cover_for_each():
    fn = fn1(0, 3, one(Do(Follow("clear", "bush"))), one(Amt("seed", Fraction(1))))
    got = outcomes(fn, CFG, Ctx({}, counts={"bush": 2}))
    assert [len(x.then) for x in got] == [1, 2]


def test_kinds_are_chosen_among_the_goods_held():
    fn = fn1(1, 1, one(Kinds(2)), one(Amt("gem", Fraction(1))))
    got = outcomes(fn, CFG, Ctx({"seed": 1, "bead": 4, "twig": 1}))
    assert [dict(x.give) for x in got] == [{"seed": 1, "twig": 1}, {"seed": 1, "bead": 1}, {"twig": 1, "bead": 1}]


def test_the_cap_cuts_every_list_and_usefn_binds_the_config():
    many = fn1(1, 1, one(Amt("fuel", Fraction(9), True)), one(Amt("gem", Fraction(1))))
    stock = {"seed": 18, "husk": 9, "twig": 5, "ember": 3}
    assert len(outcomes(many, CFG, Ctx(stock), cap=7)) == 7
    assert len(UseFn(many, CFG, cap=5).outcomes(Ctx(stock))) == 5
    assert len(UseFn(many, CFG).outcomes(Ctx(stock))) <= MAX_OUTCOMES


_STOCK = st.dictionaries(st.sampled_from(["seed", "husk", "twig", "ember"]), st.integers(0, 3), max_size=4)


@settings(max_examples=150, deadline=None)
@given(_STOCK, st.integers(1, 8), st.sampled_from([Fraction(0), Fraction(1, 2)]))
def test_minimal_payments_are_exactly_the_payments_can_pay_accepts(stock, whole, half):
    """Brute force over every sub-stock: the listed payments are the minimal ones, each once."""
    need = whole + half
    listed = minimal_payments(CFG, stock, "fuel", need, cap=10_000)
    goods = sorted(g for g, n in stock.items() if n)
    every = []
    for counts in itertools.product(*(range(stock[g] + 1) for g in goods)):
        pay = {g: c for g, c in zip(goods, counts, strict=True) if c}
        if pay and can_pay(CFG, stock, {"fuel": pay}, {"fuel": need}) is None:
            every.append(pay)
    assert sorted(map(sorted, (p.items() for p in listed))) == sorted(map(sorted, (p.items() for p in every)))


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 14))
def test_maximal_takes_fit_the_budget_and_leave_no_room(budget):
    goods = ("seed", "bead", "gem")
    for take in maximal_takes(CFG, goods, "worth", Fraction(budget), cap=10_000):
        spent = sum(CFG_value(g) * n for g, n in take.items())
        assert spent <= budget
        assert all(spent + CFG_value(g) > budget for g in goods)


def CFG_value(good: str) -> int:
    return {"seed": 1, "bead": 3, "gem": 5}[good]


def test_the_choices_tried_for_a_part_are_bounded(monkeypatch):
    """A part of twelve deals tries one choice per deal; with the bound at 3 only three are tried."""
    deals = tuple(Deal(one(Amt("twig", Fraction(1))), one(Amt("bead", Fraction(n)))) for n in range(1, 13))
    fn = Function((Part(1, 1, deals),))
    assert len(outcomes(fn, CFG, Ctx({"twig": 1}))) == 12
    monkeypatch.setattr(usefn, "MAX_TRIES", 3)
    assert [dict(x.take)["bead"] for x in outcomes(fn, CFG, Ctx({"twig": 1}))] == [1, 2, 3]
    assert MAX_TRIES == 4096  # the documented bound (docs/ora/cards.rst)


_FNS = {
    "conversion": fn1(0, None, one(Amt("seed", Fraction(1))), one(Amt("husk", Fraction(1)))),
    "by value": fn1(1, 1, one(Amt("fuel", Fraction(5, 2), value=True)), one(Amt("gem", Fraction(1)))),
    "kinds": fn1(1, 2, one(Kinds(2), Amt("seed", Fraction(1))), one(Amt("gem", Fraction(1)))),
    "kinds, any number": fn1(0, None, one(Kinds(2)), one(Amt("gem", Fraction(1)))),
    "kinds, two parts": Function(
        (Part(1, 1, (Deal(one(Kinds(2)), one(Amt("gem", Fraction(1)))),)), Part(0, 1, (Deal(one(Kinds(1)), ()),)))
    ),
}


def test_stock_reads_names_the_goods_read_by_amount_and_whether_the_others_are_held():
    assert usefn.stock_reads(_FNS["conversion"], CFG) == ({"seed"}, False)
    assert usefn.stock_reads(_FNS["by value"], CFG) == ({"seed", "husk", "twig", "ember"}, False)  # with fuel
    assert usefn.stock_reads(_FNS["kinds"], CFG) == ({"seed"}, True)
    assert usefn.stock_reads(_FNS["kinds, two parts"], CFG) is None  # the second part sees what the first left


_ALL = st.dictionaries(st.sampled_from(["seed", "husk", "twig", "ember", "bead", "gem"]), st.integers(0, 4), max_size=6)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(sorted(_FNS)), _ALL, _ALL)
def test_the_outcomes_follow_from_what_stock_reads_names_alone(name, stock, other):
    """What a game may key a memo of outcomes on (games/ora/uses.py): another stock that agrees on the
    amounts stock_reads names (and on which other goods are held, when it says so) gives the same outcomes."""
    fn = _FNS[name]
    reads = usefn.stock_reads(fn, CFG)
    if reads is None:
        mixed = dict(stock)
    else:
        by_amount, held = reads
        mixed = {g: n for g, n in other.items() if g not in by_amount}
        mixed.update({g: stock[g] for g in by_amount if g in stock})
        if held:  # the same goods held, in other amounts
            mixed = {g: n for g, n in mixed.items() if g in by_amount or stock.get(g, 0) > 0}
            mixed.update({g: other.get(g, 0) + 1 for g, n in stock.items() if n > 0 and g not in by_amount})
    assert outcomes(fn, CFG, Ctx(mixed)) == outcomes(fn, CFG, Ctx(stock))

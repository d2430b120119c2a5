"""Using another seat's card for a fee (``mechanisms.contract``): the laws as
properties, bad configs refused, and Ora et Labora's work contracts through the
rulebook's scenarios (``ORA_RULES.md`` §13, cited by number and §)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pillars_rules.errors import ConfigError, IllegalActionError
from pillars_rules.mechanisms.contract import (
    ContractConfig,
    Fee,
    Offer,
    can_contract,
    chooser,
    contract,
    kinds,
)
from pillars_rules.mechanisms.workers import WorkerConfig, Workers, free, on_card, place, start

from . import ora

# -- the laws (docs/ora/mechanisms.rst, "contract") -------------------------------------------

CREW = WorkerConfig(kinds=(("a", 1), ("b", 1)))
CFG = ContractConfig(fees=((Fee({"x": 1}), Fee({"y": 1}, to="supply")), (Fee({"x": 2}), Fee({"y": 1}, to="supply"))))


@given(
    st.lists(st.tuples(st.integers(0, 2), st.integers(0, 2), st.sampled_from("pqr"), st.integers(0, 1)), max_size=20),
    st.integers(0, 1),
    st.dictionaries(st.sampled_from("xy"), st.integers(0, 3)),
)
def test_a_contract_places_one_owner_worker_and_moves_the_fee_or_nothing(
    ops: list[tuple[int, int, str, int]], level: int, stock: dict[str, int]
) -> None:
    w: Workers = start(CREW, 3)
    for user, owner, card, fee in ops:
        choice = kinds(w, owner)
        offer = Offer(user, owner, card, fee, choice[0] if choice else "a", stock)
        why = can_contract(CFG, CREW, w, level, offer)
        if why is None:
            done = contract(CFG, CREW, w, level, offer)
            assert [x for x in done.workers.all if x not in w.all] == [x for x in done.workers.all if x.at == card]
            assert [(x.seat, x.kind) for x in on_card(done.workers, card)] == [(owner, offer.kind)]
            assert dict(done.goods) == dict(CFG.fees[level][fee].goods)
            assert all(stock.get(g, 0) >= n for g, n in done.goods)  # paid before the use, from what is held
            assert done.payee == (owner if CFG.fees[level][fee].to == "owner" else None)
            w = done.workers
        else:
            with pytest.raises(IllegalActionError, match=re.escape(why)):
                contract(CFG, CREW, w, level, offer)
        assert sorted(x.kind for x in w.all) == ["a", "a", "a", "b", "b", "b"]


def test_without_a_worker_the_fee_alone_is_the_use() -> None:
    """The shape of Pillars' "use a craftsman of any player" (issue #53): no fee, no worker."""
    cfg = ContractConfig(fees=((Fee({}, to="supply"),),), places_worker=False)
    w = start(CREW, 2)
    done = contract(cfg, CREW, w, 0, Offer(0, 1, "c"))
    assert (done.workers, done.kind, done.goods, done.payee) == (w, None, (), None)
    assert can_contract(cfg, CREW, w, 0, Offer(0, 1, "c", kind="a")) == "this contract places no worker"


@pytest.mark.parametrize(
    ("kwargs", "where"),
    [
        ({"fees": ()}, "fees"),
        ({"fees": ((),)}, "fees[0]"),
        ({"fees": (("1 x",),)}, "fees[0][0]"),
        ({"fees": ((Fee({"x": 1}, to="bank"),),)}, "fees[0][0].to"),
        ({"fees": ((Fee({"x": 0}),),)}, "fees[0][0].goods['x']"),
        ({"fees": ((Fee({"": 1}),),)}, "fees[0][0].goods[0]"),
        ({"fees": ((Fee({"x": 1}),),), "chooser": "bank"}, "chooser"),
        ({"fees": ((Fee({"x": 1}),),), "places_worker": 1}, "places_worker"),
    ],
)
def test_a_bad_config_is_refused_saying_where(kwargs: dict[str, object], where: str) -> None:
    with pytest.raises(ConfigError, match=rf"contract config, {re.escape(where)}:"):
        ContractConfig(**kwargs)  # type: ignore[arg-type]


def test_bad_offers_say_why() -> None:
    w = start(CREW, 2)
    assert "another seat" in (can_contract(CFG, CREW, w, 0, Offer(0, 0, "c", kind="a", stock={"x": 1})) or "")
    assert (
        can_contract(CFG, CREW, w, 2, Offer(1, 0, "c", kind="a")) == "there is no price level 2; the levels are 0 to 1"
    )
    assert "there is no fee 5" in (can_contract(CFG, CREW, w, 0, Offer(1, 0, "c", 5, "a")) or "")
    assert "must be named" in (can_contract(CFG, CREW, w, 0, Offer(1, 0, "c", stock={"x": 1})) or "")
    w = place(CREW, w, 0, "a", "c")
    assert can_contract(CFG, CREW, w, 0, Offer(1, 0, "c", kind="b", stock={"x": 1})) == "the card c is occupied"
    assert "no a worker" in (can_contract(CFG, CREW, w, 0, Offer(1, 0, "d", kind="a", stock={"x": 1})) or "")


# -- Ora's work contracts (data: games/ora/setup.py, via tests/mechanisms/ora.py) ---------------

CLERGY = ora.clergy()


def test_scenario_13_no_contract_with_a_player_whose_clergy_are_all_placed() -> None:
    """§13 scenario 13 (§4.3.2, §4.4)."""
    w = start(CLERGY, 2)
    for i, kind in enumerate(("prior", "lay brother", "lay brother")):
        w = place(CLERGY, w, 1, kind, f"b{i}")
    why = can_contract(ora.contracts(), CLERGY, w, 0, Offer(0, 1, "b9", kind="prior", stock={"coin": 5}))
    assert why == "seat 1 has no worker left free: its cards cannot be contracted"


def test_scenario_14_one_coin_to_the_owner_who_picks_the_clergyman() -> None:
    """§13 scenario 14 (§4.3.1): nobody has built a Winery/Distillery (level 0)."""
    cfg, w = ora.contracts(), start(CLERGY, 2)
    assert chooser(cfg, user=0, owner=1) == 1
    assert kinds(w, 1) == ("prior", "lay brother")
    done = contract(cfg, CLERGY, w, 0, Offer(0, 1, "b0", 0, "lay brother", {"coin": 1}))
    assert (done.payer, done.payee, done.goods) == (0, 1, (("coin", 1),))
    assert free(done.workers, 1) == ("prior", "lay brother")


def test_scenario_15_the_fee_is_paid_from_what_is_held_before_the_use() -> None:
    """§13 scenario 15 (§4.3.2): 0 coins, hoping to pay from the building's income."""
    why = can_contract(ora.contracts(), CLERGY, start(CLERGY, 2), 0, Offer(0, 1, "b0", 0, "prior", {}))
    assert why == "the fee is 1 coin and seat 0 holds 0: it is paid before the use"


def test_scenario_16_after_a_winery_the_price_is_2_for_everyone() -> None:
    """§13 scenario 16 (§4.3.3): player C built the Winery (level 1); A contracts B."""
    cfg, w = ora.contracts(), start(CLERGY, 3)
    assert "the fee is 2 coin" in (can_contract(cfg, CLERGY, w, 1, Offer(0, 1, "b0", 0, "prior", {"coin": 1})) or "")
    done = contract(cfg, CLERGY, w, 1, Offer(0, 1, "b0", 0, "prior", {"coin": 2}))
    assert (done.payee, done.goods) == (1, (("coin", 2),))


@pytest.mark.parametrize("level", [0, 1])
def test_scenario_17_a_wine_goes_to_the_supply_from_round_one(level: int) -> None:
    """§13 scenario 17 (§4.3.4): the owner receives nothing; any price level."""
    done = contract(ora.contracts(), CLERGY, start(CLERGY, 2), level, Offer(0, 1, "b0", 1, "prior", {"wine": 1}))
    assert (done.payee, done.goods) == (None, (("wine", 1),))
    ireland = ora.contracts("ireland")
    done = contract(ireland, CLERGY, start(CLERGY, 2), level, Offer(0, 1, "b0", 1, "prior", {"whiskey": 1}))
    assert (done.payee, done.goods) == (None, (("whiskey", 1),))


def test_solo_the_coin_goes_to_the_supply_and_the_player_picks_the_neutral_worker() -> None:
    """§9.4: using the neutral player's building (seat 1)."""
    cfg = ora.contracts(mode="solo")
    assert chooser(cfg, user=0, owner=1) == 0
    done = contract(cfg, CLERGY, start(CLERGY, 2), 0, Offer(0, 1, "b0", 0, "prior", {"coin": 1}))
    assert (done.payee, done.goods, free(done.workers, 1)) == (None, (("coin", 1),), ("lay brother", "lay brother"))

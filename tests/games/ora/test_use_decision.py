"""The outcome of a building's function as a decision of its own (issue #58's speed): a placement,
a work contract, a follow-up use and the priors name the building; the same seat then decides the
outcome (``use``: :class:`~pillars_rules.games.ora.records.Use`, or Pass: without using it).

The property test compares what the two steps reach with the one-step listing the code had before
(:func:`reference`, written after the listing of commit acd56d0, which named the outcome in the
placement); the saves of ``saves_before_steps/`` were written by that code (the golden games of
tests/golden as they stood) and must still load, replay and score the same.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import pillars_rules as pr
from pillars_rules.errors import IllegalActionError
from pillars_rules.games.ora import records as R
from pillars_rules.games.ora.legal import _free_buildings, _targets, after_fee, key_of, owner_card
from pillars_rules.games.ora.upcast import upcast
from pillars_rules.games.ora.uses import outcomes
from pillars_rules.mechanisms import contract as C
from pillars_rules.mechanisms import workers as K

from .helpers import game, two_steps

OLD = sorted((Path(__file__).parent / "saves_before_steps").glob("*.json"))


def reference(state: R.State, rules: Any) -> set[tuple[Any, ...]]:
    """(action, building key, clergy kind or fee, outcome, words) of every building action the
    one-step listing offered (-1: without using it): the placements, contracts, follow-up uses and
    priors of the listing before the ``use`` decision, each outcome one action."""
    p = state.pending
    seat, kind = p.seat, p.kind
    out: set[tuple[Any, ...]] = set()

    def places(kinds: Any, pairs: Any) -> None:
        stock = state.stock(seat)
        for key, card in pairs:
            os = outcomes(state, rules, seat, card, stock)
            for k in kinds:
                out.add(("Place", key, k, -1, ""))
                out.update(("Place", key, k, i, o.words) for i, o in enumerate(os))

    def offers(user: int, owner: int, key: str, f: int) -> None:
        fee = rules.contracts.fees[state.level][f].goods
        out.add(("Contract", key, f, -1, ""))
        os = outcomes(state, rules, user, owner_card(key)[1], after_fee(state.stock(user), fee))
        out.update(("Contract", key, f, i, o.words) for i, o in enumerate(os))

    if kind == "action":
        places(tuple(dict.fromkeys(K.free(state.workers, seat))), _free_buildings(state, seat))
        level = rules.contracts.fees[state.level]
        for owner in range(state.n):
            if owner == seat or K.all_placed(state.workers, owner):
                continue
            first = K.free(state.workers, owner)[0]
            for key, _ in _free_buildings(state, owner):
                for f in range(len(level)):
                    offer = C.Offer(seat, owner, key, f, first, state.stock(seat))
                    if C.can_contract(rules.contracts, rules.clergy, state.workers, state.level, offer) is None:
                        offers(seat, owner, key, f)
    elif kind == "bonus" and "prior" in K.free(state.workers, seat):
        for owner in range(state.n):
            places(("prior",), _free_buildings(state, owner, occupied=True))
    elif kind == "prior":
        owner, card = state.built
        places(("prior",), [(key_of(owner, card), card)])
    elif kind == "neutral prior":
        neutral = state.n - 1
        if "prior" in K.free(state.workers, neutral):
            for cid in state.fresh:
                for f, fee in enumerate(rules.contracts.fees[state.level]):
                    if all(state.stock(0).get(g, 0) >= n for g, n in fee.goods):
                        offers(0, neutral, key_of(neutral, cid), f)
    elif kind == "then use":
        for key, card in _targets(state, rules, state.step):
            os = outcomes(state, rules, seat, card, state.stock(seat))
            out.update(("Activate", key, "", i, o.words) for i, o in enumerate(os))
    return out


def reached(g: pr.Game) -> set[tuple[Any, ...]]:
    """The same tuples, reached by the building action then the ``use`` decision."""
    out = set()
    for t in two_steps(g):
        a = t.first
        if type(a) in (R.Place, R.Contract, R.Activate):
            what = a.kind if type(a) is R.Place else a.fee if type(a) is R.Contract else ""
            words = t.label.rsplit(": ", 1)[1] if t.outcome >= 0 else ""
            out.add((type(a).__name__, a.key, what, t.outcome, words))
    return out


@pytest.mark.parametrize(
    ("mode", "variant", "players", "seed"),
    [("4 players", "france", None, 1), ("solo", "ireland", None, 2), ("2 players", "france", None, 3)],
)
def test_the_two_steps_reach_what_the_one_step_listing_offered(mode, variant, players, seed):
    """At every decision of a random game with building actions, the (building, outcome) pairs the
    two steps reach are those the one-step listing offered, words and all."""
    g = game(mode, variant, players, cards="shipped")
    rng = random.Random(seed)
    checked = 0
    while not g.state.game_over and checked < 120:
        legal = g.legal_actions()
        if g.pending.kind != "use" and any(type(a) in (R.Place, R.Contract, R.Activate) for a in legal):
            words_free = {(a, k, w, i) for a, k, w, i, _ in reference(g.state, g.rules)}
            assert {(a, k, w, i) for a, k, w, i, _ in reached(g)} == words_free
            assert {t for t in reached(g) if t[3] >= 0} == {t for t in reference(g.state, g.rules) if t[3] >= 0}
            checked += 1
        g = g.apply(rng.choice(legal))
    assert checked > 20


def test_a_placement_offers_every_outcome_of_the_building_and_none():
    g = game(cards="shipped")
    place = next(a for a in g.legal_actions() if type(a) is R.Place and a.key == "0/clay_mound")
    after = g.apply(place)
    assert after.pending == R.Turn(0, "use") and list(after.events[-2:]) == [
        R.Placed(0, place.kind, "0/clay_mound"),
        R.Turn(0, "use"),
    ]
    listed = after.legal_actions()
    os = outcomes(after.state, after.rules, 0, "clay_mound", after.state.stock(0))
    assert len(os) == 2  # clay, or the joker
    assert listed == [R.Pass(), *(R.Use(i) for i in range(len(os)))]
    assert [a.label for a in listed] == ["leave Clay Mound unused", *(f"Clay Mound: {o.words}" for o in os)]
    # without using it: the seat passes the use, and the turn goes on
    none = after.apply(R.Pass())
    assert none.events[len(after.events) :][0] == R.Passed(0, "use") and none.pending == R.Turn(0, "after")
    assert none.state.stock(0) == g.state.stock(0)
    took = after.apply(R.Use(0))
    (used,) = [e for e in took.events[len(after.events) :] if type(e) is R.Used]
    assert used.key == "0/clay_mound" and used.words == os[0].words and took.pending == R.Turn(0, "after")


def test_a_placement_lists_each_building_once_per_clergy_kind():
    g = game(cards="shipped")
    places = [a for a in g.legal_actions() if type(a) is R.Place]
    assert len(places) == len({(a.key, a.kind) for a in places}) == 3 * 2  # three buildings, prior and lay brother


@pytest.fixture
def pending_use() -> pr.Game:
    g = game(cards="shipped")
    return g.apply(next(a for a in g.legal_actions() if type(a) is R.Place and a.key == "0/clay_mound"))


@pytest.mark.parametrize("bad", [R.Use(2), R.Use(-1), R.Use(99)])
def test_an_outcome_out_of_range_is_refused_and_nothing_changes(pending_use, bad):
    before = pending_use.state
    with pytest.raises(IllegalActionError, match=r"Clay Mound's function offers Player 1 outcomes 0 to 1 now, not"):
        pending_use.apply(bad)
    assert pending_use.state is before and pending_use.pending == R.Turn(0, "use")


def test_an_outcome_answered_by_another_seat_is_refused(pending_use):
    with pytest.raises(IllegalActionError, match=r"not seat 1's turn; seat 0 \(Player 1\) must decide 'use'"):
        pending_use.apply(R.Use(0), seat=1)
    assert pending_use.pending == R.Turn(0, "use")


def test_a_placement_while_an_outcome_is_pending_is_refused(pending_use):
    other = R.Place("0/farmyard", "lay brother")
    with pytest.raises(IllegalActionError, match=r"must decide 'use', which takes Pass, Use, not Place"):
        pending_use.apply(other)
    assert pending_use.pending == R.Turn(0, "use")


def test_a_use_outside_a_use_decision_is_refused():
    g = game(cards="shipped")
    with pytest.raises(IllegalActionError, match=r"must decide 'action'.*not Use"):
        g.apply(R.Use(0))


def test_a_follow_up_use_has_no_without():
    """A follow-up use names a building with an outcome to take: its ``use`` decision lists no Pass."""
    g = pr.new_game(game="ora-et-labora", players=1, seed=24)
    rng = random.Random(5)
    for _ in range(3000):
        if g.state.game_over:
            break
        if g.pending.kind == "then use" and any(type(a) is R.Activate for a in g.legal_actions()):
            a = next(a for a in g.legal_actions() if type(a) is R.Activate)
            after = g.apply(a)
            assert after.events[len(g.events)] == R.Picked(0, a.key) and after.pending == R.Turn(0, "use")
            assert after.legal_actions() and all(type(u) is R.Use for u in after.legal_actions())
            return
        g = g.apply(rng.choice(g.legal_actions()))
    pytest.fail("no follow-up use met")


@pytest.mark.parametrize("path", OLD, ids=[p.stem for p in OLD])
def test_a_save_written_before_the_use_decision_loads_replays_and_scores_the_same(path):
    text = path.read_text(encoding="utf-8")
    old = [e for e in json.loads(text)["events"]]
    g = pr.load(text)
    assert g.state.game_over
    ended = old[-1]
    assert ended["type"] == "GameEnded" and list(g.events[-1].scores) == ended["scores"]
    # every old event is still there, in order, with only the use decision's events between
    kept = [pr.games.ora.ORA.encode_event(e) for e in g.events if type(e) not in (R.Picked,)]
    new_only = [e for e in kept if e not in old]
    assert all(e["type"] in ("Turn", "Passed", "Asked") for e in new_only)
    # the upcast log is today's shape: upcasting again changes nothing, and it saves and loads as it is
    assert upcast(g.events) == list(g.events)
    assert pr.load(pr.save(g)).events == g.events


def test_the_upcaster_leaves_a_log_of_today_alone():
    g = pr.play(pr.new_game(game="ora-et-labora", players=3, seed=3), [pr.RandomBot(i) for i in range(3)])
    assert upcast(g.events) == list(g.events)


def test_a_save_of_an_earlier_edition_of_the_shipped_cards_that_no_longer_replays_names_the_edition():
    from pillars_rules.games.ora.game import EARLIER_SHIPPED

    doc = json.loads(OLD[0].read_text(encoding="utf-8"))
    assert doc["cards"] in EARLIER_SHIPPED  # the fixtures were written with the edition before track cards
    del doc["events"][len(doc["events"]) // 2]  # a log today's rules do not play
    with pytest.raises(pr.SaveError, match="earlier edition of the shipped cards"):
        pr.load(json.dumps(doc))
    doc["cards"] = "ora-cards:" + "0" * 32  # an edition nobody shipped: refused as other rules
    with pytest.raises(pr.SaveError, match=r"\$\.cards: the save was made with other rules"):
        pr.load(json.dumps(doc))

"""Ora's laws as properties (issue #58): checked after every event of random games.

* goods are conserved: every stock equals what the events that name goods
  (taken from the wheel or the supply, paid, used, exchanged, turned) say,
  counted here on their own, and no stock is ever negative;
* the wheel: every indicator within the wheel's values; the ones due have entered,
  none before its round (§3.3, §5.3; R6);
* every building and settlement stands on a terrain its card allows, and every
  cloister building has a cloister neighbour (§4.6.2, §4.7, §6.3);
* the clergy: each seat keeps its prior and lay brothers (§1.4, §10.4); outside
  the bonus round no building holds two (§4.2);
* the score, recomputed from the final state by this file's own count, is the end's.
"""

from __future__ import annotations

from collections import Counter

import attrs
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from pillars_rules.core import playout
from pillars_rules.errors import IllegalActionError
from pillars_rules.games.ora import ORA, setup
from pillars_rules.games.ora import records as R

from .helpers import CATALOGUES, MODES, game


def _add(c: Counter, goods, sign: int = 1) -> None:
    for g, n in goods:
        if g == "five_coins":
            g, n = "coin", 5 * n
        c[g] += sign * n


def ledger(rules, e, stocks: list[Counter]) -> None:
    """``stocks`` after ``e``, by the goods ``e`` names."""
    t = type(e)
    if t is R.Began:  # solo: no starting goods, and the neutral player holds none (§9.1, §9.3)
        for _ in e.names:
            stocks.append(Counter() if rules.solo else Counter(dict(setup.START_GOODS)))
        if rules.solo:
            stocks.append(Counter())
    elif t is R.Felled:
        stocks[e.seat][e.good] += e.amount
        for c in stocks:
            _add(c, e.bonus)
    elif t is R.Paid:
        _add(stocks[e.seat], e.goods, -1)
        if e.payee >= 0:
            _add(stocks[e.payee], e.goods)
    elif t is R.Used:
        _add(stocks[e.seat], e.give, -1)
        _add(stocks[e.seat], e.take)
        for c in stocks:
            _add(c, e.bonus)
    elif t is R.Income:
        for c in stocks:
            _add(c, e.goods)
    elif t is R.Flipped:
        stocks[e.seat][e.good] -= e.n
        stocks[e.seat]["straw"] += e.n
    elif t is R.Traded:
        _add(stocks[e.seat], e.give, -1)
        _add(stocks[e.seat], e.take)


def dwelling(state: R.State, seat: int) -> int:
    """§7.4 counted here: each settlement, its own and its orthogonal neighbours' dwelling values, 3 per
    empty water space."""
    cells = state.grids[seat].cells
    total = 0
    for c in cells:
        if c.occupant is None or "settlement" not in c.occupant.tags:
            continue
        total += state.values[c.occupant.card][1]
        for n in cells:
            if n is c or not c.touches(n):
                continue
            if n.occupant is not None:
                total += state.values[n.occupant.card][1]
            elif n.cover is None and n.terrain == "water":
                total += 3
    return total


def goods_points(stock: dict[str, int]) -> int:
    points = {"book": 2, "ceramic": 3, "ornament": 4, "reliquary": 8, "wonder": 30}
    fixed = sum(points.get(g, 0) * n for g, n in stock.items())
    coins, wine, whiskey = stock.get("coin", 0), stock.get("wine", 0), stock.get("whiskey", 0)
    return fixed + max(
        (wine - i) + (whiskey - j) + 2 * ((coins + i + 2 * j) // 5) for i in range(wine + 1) for j in range(whiskey + 1)
    )


def check(rules, rotated: int, state: R.State, stocks: list[Counter]) -> None:
    for seat in range(state.n):
        held = state.stock(seat)
        assert all(n > 0 for n in held.values()), held
        assert held == {g: n for g, n in stocks[seat].items() if n}, (seat, held, stocks[seat])
    # the wheel
    cfg = rules.wheel
    for _name, s in state.wheel.steps:
        assert 0 <= s < len(cfg.values)
    present = set(state.wheel.present())
    capped = cfg.at_end == "cap"  # solo: an indicator pushed beyond 10 leaves (§9.2; R23)
    assert set(cfg.indicators) <= present or not capped
    for name, r in cfg.entering:
        assert (name in present) == (rotated >= r) or (not capped and name not in present), (name, r, rotated)
    # the landscape
    for seat in range(state.n):
        grid = state.grids[seat]
        for c in grid.cells:
            p = c.occupant
            if p is None:
                continue
            card = rules.cards[p.card]
            assert c.cover is None
            assert c.terrain in card.terrain or seat == state.players, (card.name, c.terrain)  # §9.5
            if card.cloister and card.kind != "heartland":
                assert any(
                    n.occupant is not None and "cloister" in n.occupant.tags for n in grid.cells if n.touches(c)
                ), card.name
    # the clergy
    kinds = Counter(dict(rules.clergy.kinds))
    for seat in range(state.n):
        assert Counter(w.kind for w in state.workers.of(seat)) == kinds
    if not state.bonus:
        placed = Counter(w.at for w in state.workers.all if w.at is not None)
        assert all(n == 1 for n in placed.values()), placed


@settings(deadline=None, max_examples=12, phases=(Phase.explicit, Phase.reuse, Phase.generate))
@given(st.sampled_from(MODES), st.integers(0, 2**16), st.sampled_from(CATALOGUES))
def test_the_laws_hold_after_every_event(mode, seed, cards):
    g = game(*mode, cards)
    end = playout(g, seed=seed)
    rules = end.rules
    stocks: list[Counter] = []
    state = None
    rotated = 0  # the round whose rotation came last
    for e in end.events:
        state = ORA.fold(state, e, rules)
        rotated = e.round if type(e) is R.Rotated else rotated
        ledger(rules, e, stocks)
        check(rules, rotated, state, stocks)
    assert state == end.state and end.is_over
    scores = [
        goods_points(state.stock(s))
        + sum(state.values[c.occupant.card][0] for c in state.grids[s].cells if c.occupant is not None)
        + dwelling(state, s)
        for s in range(state.n)
    ]
    assert list(end.events[-1].scores) == scores[: state.players] == end.scores()


@settings(deadline=None, max_examples=25, phases=(Phase.explicit, Phase.reuse, Phase.generate))
@given(st.sampled_from(MODES), st.integers(0, 2**16), st.integers(0, 400), st.sampled_from(CATALOGUES), st.data())
def test_every_listed_action_applies_and_a_changed_one_is_listed_or_refused_untouched(mode, seed, steps, cards, data):
    """Anywhere in a random game (either catalogue): each listed action applies; the same action with
    one field changed is either listed too or refused with IllegalActionError, the game untouched."""
    g = playout(game(*mode, cards), seed=seed, max_actions=steps)
    if g.is_over:
        return
    legal = g.legal_actions()
    action = data.draw(st.sampled_from(legal))
    g.apply(action)
    fields = ORA.action_fields[type(action)]
    if not fields:
        return
    name, kind = data.draw(st.sampled_from(fields))
    value = {
        int: st.integers(-3, 12),
        str: st.sampled_from(["", "forest", "0/H01", "G02", "prior", "wine"]),
        bool: st.booleans(),
        tuple: st.just((("grain", 1),)),
    }[kind]
    changed = attrs.evolve(action, **{name: data.draw(value)})
    before = (g.state, g.events)
    if changed in legal:
        g.apply(changed)
    else:
        try:
            g.apply(changed)
        except IllegalActionError as e:
            assert str(e) and (g.state, g.events) == before
        else:
            raise AssertionError(f"{changed} is not listed and was not refused")

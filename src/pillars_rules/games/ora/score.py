"""Scoring (§7.2--§7.4) and the ranking (§7.5), recomputed from a state.

A seat's score: its goods' points after the best exchange into 5-coins (R19),
the economic value of every building and settlement on its landscape, and each
settlement's dwelling value with its orthogonal neighbours' (empty water 3),
by :mod:`pillars_rules.mechanisms.gridscore`.
"""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction

import attrs

from ...mechanisms import gridscore
from ...mechanisms.twosided import GoodsConfig
from . import records as R
from . import setup


def goods_points(stock: dict[str, int], goods: GoodsConfig | None = None) -> int:
    """Points of ``stock``, after the exchanges of the goods card (``goods``; ``None``: the shipped one)
    that score more (R19: the exchanges are legal at any time): each one-way exchange tried every number
    of times the stock allows, then each both-way exchange made as often as it pays, in the direction
    that scores more (the shipped card: wine and whiskey into coins, coins into 5-coins)."""
    plan = _plan(setup.GOODS if goods is None else goods)
    points, index = plan.points, plan.index
    base: Fraction | int = 0
    held = [0] * len(plan.touched)
    for g, n in stock.items():
        i = index.get(g)
        if i is None:
            base += points.get(g, 0) * n
        else:
            held[i] = n
    best: Fraction | int | None = None
    for times in itertools.product(*(range(held[give] // n_give + 1) for give, n_give, _, _ in plan.one)):
        counts = list(held)
        for (give, n_give, take, n_take), k in zip(plan.one, times, strict=True):
            counts[give] -= k * n_give
            counts[take] += k * n_take
        for give, n_give, take, n_take, way in plan.both:
            if way > 0:
                k = counts[give] // n_give
                counts[give] -= k * n_give
                counts[take] += k * n_take
            elif way < 0:
                k = counts[take] // n_take
                counts[take] -= k * n_take
                counts[give] += k * n_give
        pts = sum(p * n for p, n in zip(plan.touched_points, counts, strict=True))
        best = pts if best is None or pts > best else best
    return int(base) + int(best or 0)


@attrs.frozen
class _Plan:
    """A goods card's points and exchanges, as :func:`goods_points` reads them (goods an exchange
    gives or takes by their index in ``touched``)."""

    points: dict[str, Fraction | int]
    touched: tuple[str, ...]
    index: dict[str, int]
    touched_points: tuple[Fraction | int, ...]
    #: one-way exchanges of one good for one good: (give, amount, take, amount)
    one: tuple[tuple[int, int, int, int], ...]
    #: both-way exchanges, with the way that scores more: 1 give -> take, -1 back, 0 neither
    both: tuple[tuple[int, int, int, int, int], ...]


@functools.lru_cache(maxsize=8)
def _plan(goods: GoodsConfig) -> _Plan:
    points: dict[str, Fraction | int] = {}
    for g, kinds in goods.values:
        p = dict(kinds).get("points", Fraction(0))
        points[g] = p.numerator if p.denominator == 1 else p  # whole points as ints: a tenth of the time
    pairs = [x for x in goods.exchanges if len(x.give) == 1 and len(x.take) == 1]  # several goods: not for points
    touched = tuple(dict.fromkeys(g for x in pairs for g, _ in (*x.give, *x.take)))
    index = {g: i for i, g in enumerate(touched)}
    one: list[tuple[int, int, int, int]] = []
    both: list[tuple[int, int, int, int, int]] = []
    for x in pairs:
        (give, n_give), (take, n_take) = x.give[0], x.take[0]
        if not x.both_ways:
            one.append((index[give], n_give, index[take], n_take))
            continue
        gain = points.get(take, 0) * n_take - points.get(give, 0) * n_give
        both.append((index[give], n_give, index[take], n_take, (gain > 0) - (gain < 0)))
    return _Plan(points, touched, index, tuple(points.get(g, 0) for g in touched), tuple(one), tuple(both))


def parts(state: R.State, seat: int) -> tuple[int, int, int]:
    """(goods, economic value, dwelling value) of ``seat``."""
    grid = state.grids[seat]
    values = state.values
    econ = sum(values[c.occupant.card][0] for c in grid.cells if c.occupant is not None)
    dwell_of = {c.occupant.card: values[c.occupant.card][1] for c in grid.cells if c.occupant is not None}
    dwell = gridscore.score(grid, setup.SCORING, dwell_of)
    return goods_points(state.stock(seat)), econ, dwell


def totals(state: R.State) -> list[int]:
    """Every seat's score, recomputed from ``state``."""
    return [sum(parts(state, seat)) for seat in range(state.n)]


def final(state: R.State) -> tuple[int, ...]:
    """The deciding seats' scores (solo: the player's, not the neutral player's)."""
    return tuple(totals(state)[: state.players])


def ranking(scores: list[int]) -> list[list[int]]:
    """Seats by total, best first; tied seats share a place: no tie-break (§7.5)."""
    groups: list[list[int]] = []
    for seat in sorted(range(len(scores)), key=lambda s: -scores[s]):
        if groups and scores[groups[-1][0]] == scores[seat]:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    return groups

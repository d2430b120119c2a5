"""Scoring (§7.2--§7.4) and the ranking (§7.5), recomputed from a state.

A seat's score: its goods' points after the best exchange into 5-coins (R19),
the economic value of every building and settlement on its landscape, and each
settlement's dwelling value with its orthogonal neighbours' (empty water 3),
by :mod:`pillars_rules.mechanisms.gridscore`.
"""

from __future__ import annotations

from fractions import Fraction

from ...mechanisms import gridscore
from ...mechanisms.twosided import value
from . import records as R
from . import setup


def goods_points(stock: dict[str, int]) -> int:
    """Points of ``stock``, with wine and whiskey changed into coins and coins into 5-coins where that
    scores more (R19: the exchanges are legal at any time)."""
    base = Fraction(0)
    for g, n in stock.items():
        if g not in ("coin", "wine", "whiskey"):
            base += _points(g) * n
    coins, wine, whiskey = stock.get("coin", 0), stock.get("wine", 0), stock.get("whiskey", 0)
    best = 0
    for i in range(wine + 1):
        for j in range(whiskey + 1):
            pts = (wine - i) + (whiskey - j) + 2 * ((coins + i + 2 * j) // 5)
            best = max(best, pts)
    return int(base) + best


def _points(good: str) -> Fraction:
    return value(setup.GOODS, good, "points")


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

"""Adjacency scoring on a grid (docs/ora/mechanisms.rst, ``grid-score``).

Every piece carrying one of a :class:`ScoreRule`'s ``scorers`` tags scores its
own value plus the value of every cell orthogonally next to it (a corner does
not count): an occupied cell is worth its piece's value, an empty cell the
value of its terrain in ``empty``, a covered one the value of its cover in
``covered`` (0 when not listed). A cell next to two scorers counts for each.
Values of pieces come from the caller (``value_of``: card -> value).

>>> from pillars_rules.mechanisms.grid import Grid, Cell, Piece
>>> g = Grid((Cell(0, 0, "dry", occupant=Piece("inn", {"home"})), Cell(1, 0, "wet")))
>>> score(g, ScoreRule(frozenset({"home"}), {"wet": 3}), {"inn": 2})
5
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from ..errors import ConfigError
from .grid import Cell, Coord, Grid, neighbours

__all__ = [
    "ScoreRule",
    "cell_value",
    "score",
    "scores",
]


def _values(value: object) -> tuple[tuple[str, int], ...]:
    if isinstance(value, Mapping):
        value = tuple(value.items())
    if not isinstance(value, tuple) or not all(
        isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], str) and type(p[1]) is int for p in value
    ):
        raise ConfigError(f"score rule: a mapping of name to whole number is needed, not {value!r:.60}")
    return value


def _tags(value: object) -> frozenset[str]:
    if isinstance(value, str) or not isinstance(value, (set, frozenset, tuple, list)):
        raise ConfigError(f"score rule, scorers: a set of tags is needed, not {value!r:.60}")
    return frozenset(value)


@attrs.frozen
class ScoreRule:
    """Which pieces score (``scorers``, tags), and what empty and covered cells are worth."""

    scorers: frozenset[str] = attrs.field(converter=_tags)
    empty: tuple[tuple[str, int], ...] = attrs.field(default=(), converter=_values)
    covered: tuple[tuple[str, int], ...] = attrs.field(default=(), converter=_values)


def cell_value(rule: ScoreRule, cell: Cell, value_of: Mapping[str, int]) -> int:
    """What ``cell`` adds to a scorer next to it (or, for a scorer, its own value)."""
    if cell.occupant is not None:
        try:
            return value_of[cell.occupant.card]
        except KeyError:
            raise ConfigError(f"score: no value is given for the card {cell.occupant.card!r:.40}") from None
    if cell.cover is not None:
        return dict(rule.covered).get(cell.cover, 0)
    return dict(rule.empty).get(cell.terrain, 0)


def scores(grid: Grid, rule: ScoreRule, value_of: Mapping[str, int]) -> tuple[tuple[Coord, str, int], ...]:
    """Each scoring piece's points: (its cell's corner, its card, own value plus its neighbours')."""
    out = []
    for cell in grid.cells:
        piece = cell.occupant
        if piece is None or not piece.tags & rule.scorers:
            continue
        at = (cell.x, cell.y)
        points = cell_value(rule, cell, value_of) + sum(cell_value(rule, n, value_of) for n in neighbours(grid, at))
        out.append((at, piece.card, points))
    return tuple(out)


def score(grid: Grid, rule: ScoreRule, value_of: Mapping[str, int]) -> int:
    """The seat's total from adjacency scoring."""
    return sum(p for _, _, p in scores(grid, rule, value_of))

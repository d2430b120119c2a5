"""Each seat's grid of terrain (docs/ora/mechanisms.rst, ``grid``).

A seat's grid is a set of cells at integer coordinates (``x`` to the right,
``y`` down). A cell has a terrain, may carry one *cover* (a card that must be
removed before anything stands there) and at most one *occupant* (a
:class:`Piece`). A cell may span more than one row or column, so adjacency is
a relation of the cells' shapes: two cells are neighbours when they share an
edge (orthogonally; a corner is not enough).

Cells arrive in *boards*: a :class:`BoardKind` has sides (fixed shapes with
terrains, covers and printed pieces) and an :class:`Attach` rule that says
where a new board of that kind may go. A placement names a cell and a
:class:`Rule` (the terrains the piece allows, the tags one of its neighbours
must carry); :func:`can_place` says why not, or ``None``. Board prices in
stack order live in :class:`Stacks`, shared by the table.

Everything is data and pure functions on immutable values; no name of any
game is known here.

>>> cfg = GridConfig(terrains=("dry", "wet"), boards=(
...     BoardKind("home", (Side("a", (CellSpec(0, 0, "dry"), CellSpec(1, 0, "wet"))),)),))
>>> g = start(cfg, "home", "a")
>>> can_place(g, (1, 0), Piece("hut"), Rule(frozenset({"dry"})))
'the cell at (1, 0) is wet; the card stands on dry only'
>>> place(g, (0, 0), Piece("hut"), Rule(frozenset({"dry"}))).at((0, 0)).occupant.card
'hut'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import attrs

from ..errors import ConfigError, IllegalActionError

__all__ = [
    "Attach",
    "BoardKind",
    "Cell",
    "CellSpec",
    "Coord",
    "Grid",
    "GridConfig",
    "Piece",
    "Rule",
    "Side",
    "Stacks",
    "attach",
    "attach_spots",
    "can_attach",
    "can_place",
    "neighbours",
    "place",
    "place_spots",
    "start",
    "uncover",
]


Coord = tuple[int, int]


def _refuse(where: str, what: str) -> ConfigError:
    return ConfigError(f"grid config, {where}: {what}")


def _frozen(value: Iterable[str]) -> frozenset[str]:
    return frozenset(value)


@attrs.frozen
class Piece:
    """A card on the grid: its name and its tags (what neighbour rules and scoring look for)."""

    card: str
    tags: frozenset[str] = attrs.field(default=frozenset(), converter=_frozen)


@attrs.frozen
class Cell:
    """A cell: its corner (``x``, ``y``), size, terrain, the board it came with,
    its cover and its occupant."""

    x: int
    y: int
    terrain: str
    board: str = ""
    cover: str | None = None
    occupant: Piece | None = None
    width: int = 1
    height: int = 1

    def holds(self, at: Coord) -> bool:
        """Whether the point ``at`` lies in this cell."""
        return self.x <= at[0] < self.x + self.width and self.y <= at[1] < self.y + self.height

    def overlaps(self, other: Cell) -> bool:
        return (
            self.x < other.x + other.width
            and other.x < self.x + self.width
            and self.y < other.y + other.height
            and other.y < self.y + self.height
        )

    def touches(self, other: Cell) -> bool:
        """Orthogonal neighbours: an edge of positive length in common."""
        rows = min(self.y + self.height, other.y + other.height) - max(self.y, other.y)
        cols = min(self.x + self.width, other.x + other.width) - max(self.x, other.x)
        side_by_side = (self.x + self.width == other.x or other.x + other.width == self.x) and rows > 0
        stacked = (self.y + self.height == other.y or other.y + other.height == self.y) and cols > 0
        return side_by_side or stacked

    @property
    def empty(self) -> bool:
        """Nothing stands on it and nothing covers it."""
        return self.cover is None and self.occupant is None


@attrs.frozen
class CellSpec:
    """A cell of a board's side, relative to the board's corner."""

    dx: int
    dy: int
    terrain: str
    cover: str | None = None
    occupant: Piece | None = None
    width: int = 1
    height: int = 1


@attrs.frozen
class Side:
    """One face of a board: a name and its cells."""

    name: str
    cells: tuple[CellSpec, ...]


@attrs.frozen
class Attach:
    """Where a new board of a kind may go. ``column``: the column of its left
    edge (``None``: any). ``stack``: directly above or below the cells already
    in its columns, with no gap. ``touch``: one of its cells of this terrain
    (``None``: any of its cells) must be next to a cell of a board in
    ``to_boards`` or to a cell of a terrain in ``to_terrains``."""

    column: int | None = None
    stack: bool = False
    touch: str | None = None
    to_boards: frozenset[str] = attrs.field(default=frozenset(), converter=_frozen)
    to_terrains: frozenset[str] = attrs.field(default=frozenset(), converter=_frozen)


@attrs.frozen
class BoardKind:
    """A kind of board: its sides and where it may attach (``None``: only as the first board)."""

    name: str
    sides: tuple[Side, ...]
    attach: Attach | None = None

    def side(self, name: str) -> Side | None:
        return next((s for s in self.sides if s.name == name), None)


def _frozen_or_none(value: Iterable[str] | None) -> frozenset[str] | None:
    return None if value is None else frozenset(value)


@attrs.frozen
class Rule:
    """What a piece needs of the cell it goes on: one of ``terrains``, and (when
    ``next_to`` is not empty) a neighbour whose occupant carries one of those tags.

    ``over``: ``None`` (the cell must be empty), or a set of tags: the piece may
    replace (build over) an occupant that carries the same of those tags as the
    piece does -- ``{"t"}``: a piece tagged ``t`` only over one tagged ``t``, an
    untagged one only over an untagged one. Whether an occupant is free to be
    built over (no worker on it) is the caller's to say."""

    terrains: frozenset[str] = attrs.field(converter=_frozen)
    next_to: frozenset[str] = attrs.field(default=frozenset(), converter=_frozen)
    over: frozenset[str] | None = attrs.field(default=None, converter=_frozen_or_none)


def _names(where: str, names: object) -> tuple[str, ...]:
    if not isinstance(names, tuple) or not all(isinstance(n, str) and n.strip() for n in names):
        raise _refuse(where, f"a tuple of non-empty names is needed, not {names!r:.60}")
    if len(set(names)) != len(names):
        raise _refuse(where, f"a name is given twice in {names!r:.60}")
    return names


@attrs.frozen
class GridConfig:
    """A game's grid, as data: its ``terrains``, its ``covers`` and its kinds of ``boards``.

    A bad config raises :class:`~pillars_rules.errors.ConfigError` naming the
    board, side and cell.
    """

    terrains: tuple[str, ...]
    boards: tuple[BoardKind, ...]
    covers: tuple[str, ...] = ()

    def __attrs_post_init__(self) -> None:
        _names("terrains", self.terrains)
        _names("covers", self.covers)
        _names("boards", tuple(getattr(b, "name", None) for b in self.boards))
        for b in self.boards:
            self._check_board(b)

    def _check_board(self, b: BoardKind) -> None:
        _names(f"board {b.name!r} sides", tuple(getattr(s, "name", None) for s in b.sides))
        if not b.sides:
            raise _refuse(f"board {b.name!r}", "it has no side")
        for s in b.sides:
            where = f"board {b.name!r} side {s.name!r}"
            if not s.cells:
                raise _refuse(where, "it has no cell")
            laid: list[Cell] = []
            for i, c in enumerate(s.cells):
                here = f"{where} cell {i} ({c.dx}, {c.dy})"
                if c.terrain not in self.terrains:
                    raise _refuse(here, f"terrain {c.terrain!r:.40} is not one of {', '.join(self.terrains)}")
                if c.cover is not None and c.cover not in self.covers:
                    raise _refuse(here, f"cover {c.cover!r:.40} is not one of {', '.join(self.covers) or '(none)'}")
                if c.cover is not None and c.occupant is not None:
                    raise _refuse(here, "a cell cannot hold a cover and a card")
                if type(c.width) is not int or type(c.height) is not int or c.width < 1 or c.height < 1:
                    raise _refuse(
                        here, f"its size must be whole numbers from 1, not {c.width!r:.20} x {c.height!r:.20}"
                    )
                cell = Cell(c.dx, c.dy, c.terrain, width=c.width, height=c.height)
                if any(cell.overlaps(o) for o in laid):
                    raise _refuse(here, "it overlaps another cell of the side")
                laid.append(cell)
        a = b.attach
        if a is not None:
            if a.touch is not None and a.touch not in self.terrains:
                raise _refuse(f"board {b.name!r} attach", f"touch terrain {a.touch!r:.40} is not a terrain")
            if a.touch is not None and not all(any(c.terrain == a.touch for c in s.cells) for s in b.sides):
                raise _refuse(f"board {b.name!r} attach", f"a side has no {a.touch!r} cell to touch with")
            for name in sorted(a.to_boards - {k.name for k in self.boards}):
                raise _refuse(f"board {b.name!r} attach", f"to_boards names {name!r:.40}, not a board")
            for name in sorted(a.to_terrains - set(self.terrains)):
                raise _refuse(f"board {b.name!r} attach", f"to_terrains names {name!r:.40}, not a terrain")

    def board(self, name: str) -> BoardKind | None:
        return next((b for b in self.boards if b.name == name), None)

    def check_rule(self, rule: Rule, where: str) -> Rule:
        """``rule``, refused with a ConfigError naming ``where`` if a terrain is unknown."""
        for t in sorted(rule.terrains - set(self.terrains)):
            raise _refuse(where, f"terrain {t!r:.40} is not one of {', '.join(self.terrains)}")
        if not rule.terrains:
            raise _refuse(where, "a piece must allow at least one terrain")
        return rule


@attrs.frozen
class Grid:
    """A seat's cells (immutable; every change is a new grid)."""

    cells: tuple[Cell, ...]

    def at(self, at: Coord) -> Cell | None:
        """The cell that holds the point ``at``, or ``None``."""
        return next((c for c in self.cells if c.holds(at)), None)


def _lay(cfg: GridConfig, kind: str, side: str, at: Coord) -> tuple[Cell, ...]:
    board = cfg.board(kind)
    if board is None:
        raise IllegalActionError(f"no board kind {kind!r:.40}; the grid has {', '.join(b.name for b in cfg.boards)}")
    face = board.side(side)
    if face is None:
        raise IllegalActionError(f"board {kind!r} has no side {side!r:.40}")
    x, y = at
    return tuple(Cell(x + c.dx, y + c.dy, c.terrain, kind, c.cover, c.occupant, c.width, c.height) for c in face.cells)


def start(cfg: GridConfig, kind: str, side: str, at: Coord = (0, 0)) -> Grid:
    """A seat's first board, laid at ``at`` (no attachment rule applies)."""
    return Grid(_lay(cfg, kind, side, at))


def neighbours(grid: Grid, at: Coord) -> tuple[Cell, ...]:
    """The cells orthogonally next to the cell holding ``at`` (none if there is no cell)."""
    cell = grid.at(at)
    if cell is None:
        return ()
    return tuple(c for c in grid.cells if c.touches(cell))


def _where(cell: Cell) -> str:
    return f"({cell.x}, {cell.y})"


def can_place(grid: Grid, at: Coord, piece: Piece, rule: Rule, name: Callable[[str], str] | None = None) -> str | None:
    """Why ``piece`` may not go on the cell at ``at`` under ``rule``, or ``None`` if it may
    (``name`` gives a card's name for the reason; default: its id)."""
    cell = grid.at(at)
    if cell is None:
        return f"there is no cell at {at}"
    return _why_not(grid, cell, piece, rule, name)


def _why_not(grid: Grid, cell: Cell, piece: Piece, rule: Rule, name: Callable[[str], str] | None) -> str | None:
    """:func:`can_place`'s answer for the grid's own ``cell``."""
    if cell.cover is not None:
        return f"the cell at {_where(cell)} is covered ({cell.cover}); remove the cover first"
    if cell.occupant is not None:
        there = cell.occupant.card if name is None else name(cell.occupant.card)
        if rule.over is None:
            return f"the cell at {_where(cell)} holds {there} already"
        if cell.occupant.tags & rule.over != piece.tags & rule.over:
            return (
                f"{there} at {_where(cell)} may be built over only by a card with the same of "
                f"the tags {', '.join(sorted(rule.over))}"
            )
    if cell.terrain not in rule.terrains:
        return (
            f"the cell at {_where(cell)} is {cell.terrain}; the card stands on {', '.join(sorted(rule.terrains))} only"
        )
    if rule.next_to and not any(
        n.occupant is not None and n.occupant.tags & rule.next_to and n.touches(cell) for n in grid.cells
    ):
        return f"no card tagged {' or '.join(sorted(rule.next_to))} is orthogonally next to {_where(cell)}"
    return None


def _replace(grid: Grid, old: Cell, new: Cell) -> Grid:
    return Grid(tuple(new if c is old else c for c in grid.cells))


def place(grid: Grid, at: Coord, piece: Piece, rule: Rule) -> Grid:
    """The grid with ``piece`` on the cell at ``at``; IllegalActionError (with
    :func:`can_place`'s reason) if it may not go there."""
    why = can_place(grid, at, piece, rule)
    if why is not None:
        raise IllegalActionError(why)
    cell = grid.at(at)
    assert cell is not None
    return _replace(grid, cell, attrs.evolve(cell, occupant=piece))


def _fits(grid: Grid, cell: Cell, piece: Piece, rule: Rule) -> bool:
    """Whether :func:`_why_not` finds nothing, without wording a reason for every cell refused."""
    if cell.cover is not None or cell.terrain not in rule.terrains:
        return False
    p = cell.occupant
    if p is not None and (rule.over is None or p.tags & rule.over != piece.tags & rule.over):
        return False
    return not rule.next_to or any(
        n.occupant is not None and n.occupant.tags & rule.next_to and n.touches(cell) for n in grid.cells
    )


def place_spots(grid: Grid, piece: Piece, rule: Rule) -> tuple[Coord, ...]:
    """The corners of every cell where ``piece`` may go."""
    return tuple((c.x, c.y) for c in grid.cells if _fits(grid, c, piece, rule))


def uncover(grid: Grid, at: Coord) -> tuple[str, Grid]:
    """Remove the cover of the cell at ``at``: the cover, and the grid without it."""
    cell = grid.at(at)
    if cell is None or cell.cover is None:
        raise IllegalActionError(f"there is no cover at {at}")
    return cell.cover, _replace(grid, cell, attrs.evolve(cell, cover=None))


def can_attach(cfg: GridConfig, grid: Grid, kind: str, side: str, at: Coord) -> str | None:
    """Why a board of ``kind`` on ``side`` may not attach with its corner at ``at``, or ``None``."""
    try:
        new = _lay(cfg, kind, side, at)
    except IllegalActionError as e:
        return e.reason
    board = cfg.board(kind)
    assert board is not None
    rule = board.attach
    if rule is None:
        return f"a {kind} board is laid only at the start"
    if rule.column is not None and at[0] != rule.column:
        return f"a {kind} board goes with its left edge in column {rule.column}, not {at[0]}"
    for n in new:
        hit = next((c for c in grid.cells if c.overlaps(n)), None)
        if hit is not None:
            return f"it would overlap the cell at {_where(hit)}"
    if rule.stack:
        left = min(n.x for n in new)
        right = max(n.x + n.width for n in new)
        below = [c for c in grid.cells if c.x < right and left < c.x + c.width]
        if below:
            top = min(c.y for c in below)
            bottom = max(c.y + c.height for c in below)
            height = max(n.y + n.height for n in new) - min(n.y for n in new)
            if at[1] not in (top - height, bottom):
                return f"a {kind} board goes directly above row {top} or below row {bottom - 1}, with no gap"
    if rule.to_boards or rule.to_terrains:
        mine = [n for n in new if rule.touch is None or n.terrain == rule.touch]
        # a cell next to one of ``mine`` meets the box around them (edges included): the others cannot touch
        x0, x1 = min((m.x for m in mine), default=0), max((m.x + m.width for m in mine), default=0)
        y0, y1 = min((m.y for m in mine), default=0), max((m.y + m.height for m in mine), default=0)
        targets = [
            c
            for c in grid.cells
            if c.x <= x1
            and x0 <= c.x + c.width
            and c.y <= y1
            and y0 <= c.y + c.height
            and (c.board in rule.to_boards or c.terrain in rule.to_terrains)
        ]
        if not any(m.touches(t) for m in mine for t in targets):
            own = f"no {rule.touch} cell" if rule.touch else "no cell"
            to = sorted(rule.to_boards) + sorted(rule.to_terrains)
            return f"{own} of the {kind} board would be next to a cell of {' or '.join(to)}"
    return None


def attach(cfg: GridConfig, grid: Grid, kind: str, side: str, at: Coord) -> Grid:
    """The grid with a board of ``kind`` on ``side`` attached at ``at``;
    IllegalActionError (with :func:`can_attach`'s reason) if it may not go there."""
    why = can_attach(cfg, grid, kind, side, at)
    if why is not None:
        raise IllegalActionError(why)
    return Grid(grid.cells + _lay(cfg, kind, side, at))


def attach_spots(cfg: GridConfig, grid: Grid, kind: str, side: str) -> tuple[Coord, ...]:
    """Every corner where a board of ``kind`` on ``side`` may attach, top to bottom, left to right."""
    board = cfg.board(kind)
    face = board.side(side) if board is not None else None
    if board is None or face is None or board.attach is None:
        return ()
    w = max(c.dx + c.width for c in face.cells)
    h = max(c.dy + c.height for c in face.cells)
    xs0 = min(c.x for c in grid.cells) - w
    xs1 = max(c.x + c.width for c in grid.cells)
    ys0 = min(c.y for c in grid.cells) - h
    ys1 = max(c.y + c.height for c in grid.cells)
    xs = [board.attach.column] if board.attach.column is not None else list(range(xs0, xs1 + 1))
    # most corners put the board over cells of the grid: a unit square in both a cell and the board is an
    # overlap, which can_attach refuses, so those corners are passed over without laying the board there
    taken = {(x, y) for c in grid.cells for x in range(c.x, c.x + c.width) for y in range(c.y, c.y + c.height)}
    squares = [(c.dx + i, c.dy + j) for c in face.cells for i in range(c.width) for j in range(c.height)]
    return tuple(
        (x, y)
        for y in range(ys0, ys1 + 1)
        for x in xs
        if not any((x + dx, y + dy) in taken for dx, dy in squares)
        and can_attach(cfg, grid, kind, side, (x, y)) is None
    )


@attrs.frozen
class Stacks:
    """The table's stacks of boards left, each a tuple of prices in drawing order."""

    piles: tuple[tuple[str, tuple[int, ...]], ...]

    def top(self, kind: str) -> int | None:
        """The price of the next board of ``kind``, ``None`` when none is left."""
        pile = dict(self.piles).get(kind, ())
        return pile[0] if pile else None

    def draw(self, kind: str) -> tuple[int, Stacks]:
        """The next board's price, and the stacks without it."""
        price = self.top(kind)
        if price is None:
            raise IllegalActionError(f"no {kind} board is left")
        return price, Stacks(tuple((k, p[1:] if k == kind else p) for k, p in self.piles))

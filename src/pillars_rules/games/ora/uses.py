"""What a building's function offers a seat (``outcomes``), worked out once per situation it can tell apart.

Listing a seat's actions asks every building it may use for its outcomes, and
most of a game's time went there: a seat's goods change only when it acts, so
the same building is asked the same question at decision after decision. A
compiled function (:class:`~pillars_rules.mechanisms.usefn.UseFn`) is data and
pure: its outcomes follow from the user's goods and from what it reads through
the context (a track's value, a count on the user's landscape), in an order
that follows from the answers. So the outcomes are kept by (function, the
goods it reads -- :func:`~pillars_rules.mechanisms.usefn.stock_reads` --,
wonders taken), with what the function read from the context when they were
worked out; a later question with the same goods gets them again when every
read gives the same answer now (the function, asked again, would read the same
and list the same).
Any other function (a Python object with ``outcomes(ctx)``) is asked each time.

The memo is bounded (:data:`MEMO_SIZE` entries; it is emptied when full) and
never changes an answer: a game plays the same events with it as without it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...mechanisms import grid as G
from ...mechanisms.use import Outcome
from ...mechanisms.usefn import StockReads, UseFn, stock_reads
from . import records as R
from . import setup
from .rules import OraRules, piece


class Context:
    """What a building's function reads (:class:`pillars_rules.mechanisms.use.UseContext`)."""

    __slots__ = ("_stock", "_state", "_rules", "_seat")

    def __init__(self, state: R.State, rules: OraRules, seat: int, stock: Mapping[str, int]) -> None:
        self._state, self._rules, self._seat, self._stock = state, rules, seat, stock

    def stock(self) -> Mapping[str, int]:
        return self._stock

    def track(self, name: str) -> int | None:
        wheel, cfg = self._state.wheel, self._rules.wheel
        return cfg.values[s] if (s := wheel.step(name)) is not None else None

    def count(self, what: str) -> int:
        """Covers (``forest``, ``moor``) on the seat's landscape, or its cards tagged ``what``
        (``building``, ``settlement``, ``cloister``, ``heartland``)."""
        cells = self._state.grids[self._seat].cells
        return sum(1 for c in cells if c.cover == what or (c.occupant is not None and what in c.occupant.tags))


#: One read of a context: ("track" or "count", its argument, the answer).
Read = tuple[str, str, "int | None"]


class _Recorder:
    """A context that passes each read on and notes it (the function sees the same answers)."""

    __slots__ = ("_ctx", "reads")

    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx
        self.reads: list[Read] = []

    def stock(self) -> Mapping[str, int]:
        return self._ctx.stock()

    def track(self, name: str) -> int | None:
        got = self._ctx.track(name)
        self.reads.append(("track", name, got))
        return got

    def count(self, what: str) -> int:
        got = self._ctx.count(what)
        self.reads.append(("count", what, got))
        return got


def _answers(ctx: Context, asked: tuple[tuple[str, str], ...]) -> tuple[int | None, ...]:
    """The context's answers now to the reads ``asked`` (each ("track" or "count", its argument))."""
    return tuple([ctx.track(arg) if how == "track" else ctx.count(arg) for how, arg in asked])


#: The answers worked out for one key: by the reads the function made (the questions, in order), the
#: outcomes by the answers it got. The function asks its questions in an order that follows from the
#: answers, so one key has a few sequences of questions at most.
Answers = dict[tuple[tuple[str, str], ...], dict[tuple["int | None", ...], tuple[Outcome, ...]]]
#: The memo: (id of the function, the goods held as far as it reads them, the wonders taken) -> the function (kept,
#: so that its id stays its own) and its answers.
_MEMO: dict[tuple[int, tuple[tuple[str, int], ...], int], tuple[Any, Answers]]
_MEMO = {}
#: The most keys the memo holds; when full it is emptied (each entry is a few outcomes).
MEMO_SIZE = 20_000
#: The most answers one key holds (the wheel's values, a landscape's counts...); when full they are emptied.
ANSWERS = 64


def outcomes(state: R.State, rules: OraRules, seat: int, card: str, stock: Mapping[str, int]) -> list[Outcome]:
    """The outcomes ``card``'s function offers ``seat`` holding ``stock``: those it can give, and
    none that takes a wonder when none is left (R3)."""
    return list(kept_outcomes(state, rules, seat, card, stock))


def kept_outcomes(
    state: R.State, rules: OraRules, seat: int, card: str, stock: Mapping[str, int]
) -> tuple[Outcome, ...]:
    """:func:`outcomes` as the memo keeps them: the same tuple while the memo keeps it (so that what is
    made of them may be kept by its identity); a new one each time for a function not known to be pure."""
    fn = rules.cards[card].function
    if fn is None:
        return ()
    ctx = Context(state, rules, seat, stock)
    if type(fn) is not UseFn:  # not known to be pure: asked each time
        return tuple(_usable(state, stock, fn.outcomes(ctx)))
    reads = _reads(fn)
    if reads is None:
        held = tuple(sorted((g, n) for g, n in stock.items() if n > 0))
    else:  # the amounts of the goods read by amount; of the others, whether held (as 0) when that is read
        by_amount, presence = reads
        held = tuple(
            sorted((g, n if g in by_amount else 0) for g, n in stock.items() if n > 0 and (presence or g in by_amount))
        )
    key = (id(fn), held, state.wonders)
    hit = _MEMO.get(key)
    if hit is not None and hit[0] is fn:
        for asked, found in hit[1].items():
            got = found.get(_answers(ctx, asked))
            if got is not None:
                return got
    rec = _Recorder(ctx)
    out = _usable(state, stock, fn.outcomes(rec))
    if hit is None or hit[0] is not fn:
        if len(_MEMO) >= MEMO_SIZE:
            _MEMO.clear()
        hit = (fn, {})
        _MEMO[key] = hit
    answers = hit[1]
    if sum(len(found) for found in answers.values()) >= ANSWERS:  # many situations with the same goods
        answers.clear()
    asked = tuple([(how, arg) for how, arg, _ in rec.reads])
    kept = tuple(out)
    answers.setdefault(asked, {})[tuple([got for _, _, got in rec.reads])] = kept
    return kept


#: Each function's :func:`~pillars_rules.mechanisms.usefn.stock_reads`, by the function's id (the function kept).
_READS: dict[int, tuple[UseFn, StockReads]] = {}


def _reads(fn: UseFn) -> StockReads:
    hit = _READS.get(id(fn))
    if hit is None or hit[0] is not fn:
        if len(_READS) >= MEMO_SIZE:
            _READS.clear()
        hit = (fn, stock_reads(fn.fn, fn.goods))
        _READS[id(fn)] = hit
    return hit[1]


def _usable(state: R.State, stock: Mapping[str, int], offered: Any) -> list[Outcome]:
    out = []
    for o in offered:
        if any(stock.get(g, 0) < n for g, n in o.give):
            continue
        if state.wonders + sum(n for g, n in o.take if g == "wonder") > setup.WONDERS:
            continue
        out.append(o)
    return out


#: Where cards may go on a landscape, by (id of the grid, id of the rules, what was asked): the grid and
#: the rules (kept, so that their ids stay theirs) and the answer. A grid is immutable: a seat's
#: landscape changes only when it builds, buys or clears, so the answer holds for many decisions.
_SPOTS: dict[tuple[object, ...], tuple[G.Grid, OraRules, tuple[tuple[int, int], ...]]] = {}


def _on_grid(
    grid: G.Grid, rules: OraRules, what: tuple[object, ...], make: Callable[[], tuple[tuple[int, int], ...]]
) -> tuple[tuple[int, int], ...]:
    key = (id(grid), id(rules), *what)
    hit = _SPOTS.get(key)
    if hit is not None and hit[0] is grid and hit[1] is rules:
        return hit[2]
    found = make()
    if len(_SPOTS) >= MEMO_SIZE:
        _SPOTS.clear()
    _SPOTS[key] = (grid, rules, found)
    return found


def spots(grid: G.Grid, rules: OraRules, cid: str) -> tuple[tuple[int, int], ...]:
    """Where the card ``cid`` may be built on ``grid`` (:func:`~pillars_rules.mechanisms.grid.place_spots`).

    Kept by where the card may stand, not by the card: a seat's rule (:meth:`OraRules.rule`) is its
    terrains and whether it is a cloister, and builds on empty cells only, so the piece itself is
    never read -- the buildings on display share a few terrain sets, each worked out once per grid."""
    card = rules.cards[cid]
    return _on_grid(
        grid, rules, ("where", card.terrain, card.cloister), lambda: G.place_spots(grid, piece(card), rules.rule(cid))
    )


#: Where boards may attach, by (id of the rules, board, side, the landscape's layout): the rules (kept, so
#: that their id stays theirs) and the answer. Attaching reads where the cells are, their sizes, terrains
#: and boards, never what covers or occupies them: felling, building and placing leave the answer as it was.
_ATTACH: dict[tuple[object, ...], tuple[OraRules, tuple[tuple[int, int], ...]]] = {}


def attach_spots(grid: G.Grid, rules: OraRules, board: str, side: str) -> tuple[tuple[int, int], ...]:
    """Where a landscape ``board`` may be attached to ``grid`` with ``side`` up
    (:func:`~pillars_rules.mechanisms.grid.attach_spots`). Asked again of the same grid (a seat's landscape
    is the same object from decision to decision until it changes), the answer is found by the grid's
    identity, without making its layout."""
    return _on_grid(grid, rules, ("attach", board, side), lambda: _attach_spots(grid, rules, board, side))


def _attach_spots(grid: G.Grid, rules: OraRules, board: str, side: str) -> tuple[tuple[int, int], ...]:
    layout = tuple((c.x, c.y, c.width, c.height, c.terrain, c.board) for c in grid.cells)
    key = (id(rules), board, side, layout)
    hit = _ATTACH.get(key)
    if hit is not None and hit[0] is rules:
        return hit[1]
    found = tuple(G.attach_spots(rules.grid, grid, board, side))
    if len(_ATTACH) >= MEMO_SIZE:
        _ATTACH.clear()
    _ATTACH[key] = (rules, found)
    return found


__all__ = ["MEMO_SIZE", "Context", "attach_spots", "kept_outcomes", "outcomes", "spots"]

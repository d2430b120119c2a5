"""Ora et Labora's fixed action encoding: every action an Ora game can list <-> an integer.

The table is derived from the game's rules (mode, variant, card set) and its
number of landscapes (the seats, and the neutral player's in the solo game).
Each action record of :mod:`pillars_rules.games.ora.records` is a block of ids,
in this order, its fields in mixed radix (the last one fastest):

============  =====================================================================
block         fields (values)
============  =====================================================================
``Fell``      cover (forest, moor), then ``none`` or a cell and ``joker`` (no, yes)
``Place``     owner (seat), building card, clergy kind
``Contract``  owner (seat), building card, fee (0 .. most fees - 1)
``Choose``    clergy kind
``Build``     building card, cell
``Buy``       board kind, side, cell
``Settle``    settlement card, cell, payment slot (0 .. ``MAX_PAYMENTS`` - 1)
``Clear``     cell
``Activate``  owner (-1: the display, then each seat), building card
``Use``       outcome (0 .. cap-1)
``Flip``      good, slot (0: one, 1: all)
``Trade``     good
``Pass``      (one id)
============  =====================================================================

*Cells* are the squares of a fixed window around the heartland (every column a
board may attach to; the heartland's rows and as many more above and below as
there are districts, with one row to spare), numbered row by row.
*Building cards* are the heartland and building cards in play; *outcome* is
the index of the function's outcome as :mod:`~pillars_rules.games.ora.legal`
lists them at the ``use`` decision that follows a placement, a contract or a
follow-up use (each function lists at most its cap, 256).

Two parameters are not bounded by the rules and are mapped to ids by their
**canonical order**, the order in which the game lists the legal actions:

* a settlement's *payment* (a set of goods) is its slot among the legal
  ``Settle`` actions of the same card and cell, in listed order (the game lists
  at most ``MAX_PAYMENTS`` minimal payments, cheapest goods first);
* a ``Flip``'s count is slot 0 for one grain, slot 1 for all of them.

So decoding an id needs the legal actions of the position
(:meth:`OraActionEncoding.decode`); an id that is no legal action there is an
:class:`~pillars_rules.errors.IllegalActionError`.

>>> import pillars_rules as pr
>>> from pillars_rules.ai.ora_encoding import OraActionEncoding
>>> game = pr.new_game(game="ora-et-labora", players=2, seed=1)
>>> enc = OraActionEncoding.for_rules(game.rules)
>>> legal = game.legal_actions()
>>> all(enc.decode(i, legal) == a for i, a in zip(enc.ids(legal), legal))
True
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from ..errors import IllegalActionError
from ..games.ora import records as R
from ..games.ora.legal import MAX_PAYMENTS
from ..mechanisms.usefn import MAX_OUTCOMES

T = TypeVar("T")
#: The clergy kinds a Place or Choose names, in id order.
KINDS = ("prior", "lay brother")


def in_play(rules: Any) -> list[Any]:
    """The cards of ``rules``' catalogue this mode and variant play with, in catalogue order."""
    return [c for c in rules.cards.values() if rules.code in c.modes and c.variant in ("both", rules.variant)]


def seats_of(rules: Any) -> int:
    """The landscapes of a game of ``rules``: its seats, and the neutral player's in the solo game."""
    n: int = rules.seats + (1 if rules.solo else 0)
    return n


def once(cache: dict[tuple[str, int], T], rules: Any, make: Callable[[Any], T]) -> T:
    """``make(rules)``, made once per configuration (rules and landscapes) and kept in ``cache``."""
    key = (rules.content_hash, seats_of(rules))
    found = cache.get(key)
    if found is None:
        found = cache[key] = make(rules)
    return found


class Window:
    """The cells an Ora landscape can reach, numbered row by row."""

    def __init__(self, rules: Any) -> None:
        grid = rules.grid
        home = grid.boards[0].sides[0].cells  # the heartland: the board every landscape starts with
        xs = [c.dx + k for c in home for k in range(c.width)]
        rows = max(c.dy + c.height for c in home)
        for board in grid.boards:
            if board.attach is None or board.attach.column is None:
                continue
            xs += [board.attach.column + c.dx + k for side in board.sides for c in side.cells for k in range(c.width)]
        districts = max(len(prices) for _, prices in rules.stacks.piles)
        self.x0, self.x1 = min(xs), max(xs)
        self.y0, self.y1 = -districts - 1, rows + districts
        self.width = self.x1 - self.x0 + 1
        self.size = self.width * (self.y1 - self.y0 + 1)

    def index(self, x: int, y: int) -> int:
        if not (self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1):
            raise IllegalActionError(
                f"the cell ({x}, {y}) is outside the encoding's window x {self.x0}..{self.x1}, y {self.y0}..{self.y1}"
            )
        return (y - self.y0) * self.width + (x - self.x0)

    def cell(self, i: int) -> tuple[int, int]:
        return self.x0 + i % self.width, self.y0 + i // self.width


def _owner_card(key: str) -> tuple[int, str]:
    seat, _, card = key.partition("/")
    return (-1 if seat == "display" else int(seat)), card


class OraActionEncoding:
    """The action <-> integer table of one Ora configuration (see the module's words)."""

    _CACHE: dict[tuple[str, int], OraActionEncoding] = {}

    def __init__(self, rules: Any) -> None:
        cards = in_play(rules)
        self.n = seats_of(rules)
        self.window = w = Window(rules)
        self.buildings = tuple(c.id for c in cards if c.kind in ("heartland", "building"))
        self.settlements = tuple(c.id for c in cards if c.kind == "settlement")
        self._building = {c: i for i, c in enumerate(self.buildings)}
        self._settlement = {c: i for i, c in enumerate(self.settlements)}
        self.outcomes = max((getattr(c.function, "cap", MAX_OUTCOMES) for c in cards if c.function), default=0)
        self.fees = max(len(level) for level in rules.contracts.fees)
        self.boards = tuple((b.name, tuple(s.name for s in b.sides)) for b in rules.grid.boards if b.attach)
        self.sides = max((len(s) for _, s in self.boards), default=0)
        self.covers = tuple(rules.grid.covers)
        self.backs = tuple(rules.backs)  # the goods card's free turns and one-way exchanges (its set's)
        self.trades = tuple(rules.trades)
        nb, cells = len(self.buildings), w.size
        sizes = (
            ("Fell", "cover, none | cell, joker", len(self.covers) * (1 + 2 * cells)),
            ("Place", "owner, card, kind", self.n * nb * len(KINDS)),
            ("Contract", "owner, card, fee", self.n * nb * self.fees),
            ("Choose", "kind", len(KINDS)),
            ("Build", "card, cell", nb * cells),
            ("Buy", "board, side, cell", len(self.boards) * self.sides * cells),
            ("Settle", "card, cell, payment slot", len(self.settlements) * cells * MAX_PAYMENTS),
            ("Clear", "cell", cells),
            ("Activate", "owner, card", (self.n + 1) * nb),
            ("Use", "outcome", self.outcomes),
            ("Flip", "good, slot", len(self.backs) * 2),
            ("Trade", "good", len(self.trades)),
            ("Pass", "", 1),
        )
        rows, at = [], 0
        for name, fields, n in sizes:
            rows.append((name, fields, at, n))
            at += n
        self._rows = tuple(rows)
        self._first = {name: first for name, _, first, _ in rows}
        self.size = at

    @classmethod
    def for_rules(cls, rules: Any) -> OraActionEncoding:
        """The encoding of a game's rules (``game.rules`` or ``view.rules``), made once per configuration."""
        return once(cls._CACHE, rules, cls)

    def __len__(self) -> int:
        return self.size

    def table(self) -> tuple[tuple[str, str, int, int], ...]:
        """Per action record: (name, fields, first id, number of ids)."""
        return self._rows

    # ------------------------------------------------------------------ encoding
    def _card(self, card: str) -> int:
        try:
            return self._building[card]
        except KeyError:
            raise IllegalActionError(f"{card!r} is no building card of this game's encoding") from None

    def _owner(self, owner: int) -> int:
        if not 0 <= owner < self.n:
            raise IllegalActionError(f"no seat {owner} in this game's encoding ({self.n} landscapes)")
        return owner

    def _index(self, action: Any, slot: int) -> int:
        w, nb = self.window, len(self.buildings)
        kind = type(action).__name__
        first = self._first.get(kind)
        if first is None or type(action) is not getattr(R, kind, None):
            raise IllegalActionError(f"{action!r} is not an Ora action")
        if isinstance(action, R.Fell):
            c = self.covers.index(action.cover) if action.cover in self.covers else -1
            if c < 0:
                raise IllegalActionError(f"no cover {action.cover!r} in this game")
            rest = 0 if action.none else 1 + 2 * w.index(action.x, action.y) + action.joker
            return first + c * (1 + 2 * w.size) + rest
        if isinstance(action, R.Place):
            owner, card = _owner_card(action.key)
            k = KINDS.index(action.kind) if action.kind in KINDS else -1
            if k < 0:
                raise IllegalActionError(f"no clergy kind {action.kind!r}")
            return first + (self._owner(owner) * nb + self._card(card)) * len(KINDS) + k
        if isinstance(action, R.Contract):
            owner, card = _owner_card(action.key)
            if not 0 <= action.fee < self.fees:
                raise IllegalActionError(f"fee {action.fee} is outside 0..{self.fees - 1}")
            return first + (self._owner(owner) * nb + self._card(card)) * self.fees + action.fee
        if isinstance(action, R.Choose):
            if action.kind not in KINDS:
                raise IllegalActionError(f"no clergy kind {action.kind!r}")
            return first + KINDS.index(action.kind)
        if isinstance(action, R.Build):
            return first + self._card(action.card) * w.size + w.index(action.x, action.y)
        if isinstance(action, R.Buy):
            names = [b for b, _ in self.boards]
            if action.board not in names:
                raise IllegalActionError(f"no board {action.board!r} to buy in this game")
            b = names.index(action.board)
            sides = self.boards[b][1]
            if action.side not in sides:
                raise IllegalActionError(f"no side {action.side!r} of the {action.board}")
            return first + (b * self.sides + sides.index(action.side)) * w.size + w.index(action.x, action.y)
        if isinstance(action, R.Settle):
            s = self._settlement.get(action.card)
            if s is None:
                raise IllegalActionError(f"{action.card!r} is no settlement of this game's encoding")
            if not 0 <= slot < MAX_PAYMENTS:
                raise IllegalActionError(f"payment slot {slot} is outside 0..{MAX_PAYMENTS - 1}")
            return first + (s * w.size + w.index(action.x, action.y)) * MAX_PAYMENTS + slot
        if isinstance(action, R.Clear):
            return first + w.index(action.x, action.y)
        if isinstance(action, R.Activate):
            owner, card = _owner_card(action.key)
            if owner != -1:
                self._owner(owner)
            return first + (owner + 1) * nb + self._card(card)
        if isinstance(action, R.Use):
            if type(action.outcome) is not int or not 0 <= action.outcome < self.outcomes:
                raise IllegalActionError(f"outcome {action.outcome!r:.20} is outside 0..{self.outcomes - 1}")
            return first + action.outcome
        if isinstance(action, R.Flip):
            if action.good not in self.backs:
                raise IllegalActionError(f"no good {action.good!r} to turn")
            return first + self.backs.index(action.good) * 2 + (action.n != 1)
        if isinstance(action, R.Trade):
            if action.good not in self.trades:
                raise IllegalActionError(f"no exchange of {action.good!r}")
            return first + self.trades.index(action.good)
        return first  # Pass

    def ids(self, legal: Sequence[Any]) -> list[int]:
        """The id of each of ``legal`` (a position's legal actions, in the listed order): a
        settlement's payment slot is its rank among the listed payments of its card and cell.
        :class:`IllegalActionError` if one has no id, or two share one."""
        slots: dict[tuple[str, int, int], int] = {}
        out = []
        for a in legal:
            slot = 0
            if isinstance(a, R.Settle):
                where = (a.card, a.x, a.y)
                slot = slots.get(where, 0)
                slots[where] = slot + 1
            out.append(self._index(a, slot))
        if len(set(out)) != len(out):
            raise IllegalActionError("two legal actions share an id in this encoding")
        return out

    def encode(self, action: Any, legal: Sequence[Any]) -> int:
        """The id of ``action``, one of ``legal``; :class:`IllegalActionError` otherwise."""
        for a, i in zip(legal, self.ids(legal), strict=True):
            if a == action:
                return i
        raise IllegalActionError(f"{action!r} is not one of the legal actions")

    def decode(self, index: object, legal: Sequence[Any]) -> Any:
        """The action of ``legal`` whose id is ``index``; :class:`IllegalActionError` (saying what
        the id means) if the id is out of range or no legal action has it."""
        try:
            i = operator.index(index)  # type: ignore[arg-type]  # ints and numpy integers, not floats
        except TypeError:
            i = -1
        if isinstance(index, bool) or not 0 <= i < self.size:
            raise IllegalActionError(f"action id {index!r} is not in 0..{self.size - 1}")
        for a, j in zip(legal, self.ids(legal), strict=True):
            if j == i:
                return a
        raise IllegalActionError(f"action id {i} ({self.describe(i)}) is not legal now")

    def mask(self, legal: Sequence[Any]) -> list[int]:
        """The sorted ids of ``legal``."""
        return sorted(self.ids(legal))

    def describe(self, index: int) -> str:
        """What the id ``index`` means, from the table alone (``Place 0/clay_mound kind prior``)."""
        if not 0 <= index < self.size:
            raise IllegalActionError(f"action id {index!r} is not in 0..{self.size - 1}")
        name, fields, first, _ = next(r for r in self._rows if r[2] <= index < r[2] + r[3])
        r = index - first
        w, nb = self.window, len(self.buildings)

        def cell(i: int) -> str:
            return "({}, {})".format(*w.cell(i))

        if name == "Fell":
            c, rest = divmod(r, 1 + 2 * w.size)
            if rest == 0:
                return f"Fell {self.covers[c]}: none left"
            at, joker = divmod(rest - 1, 2)
            return f"Fell {self.covers[c]} at {cell(at)}" + (" (joker)" if joker else "")
        if name in ("Place", "Contract"):
            r, k = divmod(r, len(KINDS) if name == "Place" else self.fees)
            owner, card = divmod(r, nb)
            what = f"kind {KINDS[k]}" if name == "Place" else f"fee {k}"
            return f"{name} {owner}/{self.buildings[card]} {what}"
        if name == "Choose":
            return f"Choose {KINDS[r]}"
        if name == "Build":
            card, at = divmod(r, w.size)
            return f"Build {self.buildings[card]} at {cell(at)}"
        if name == "Buy":
            r, at = divmod(r, w.size)
            b, s = divmod(r, self.sides)
            board, sides = self.boards[b]
            side = sides[s] if s < len(sides) else f"side {s}"
            return f"Buy {board} ({side}) at {cell(at)}"
        if name == "Settle":
            r, slot = divmod(r, MAX_PAYMENTS)
            card, at = divmod(r, w.size)
            return f"Settle {self.settlements[card]} at {cell(at)} payment slot {slot}"
        if name == "Clear":
            return f"Clear {cell(r)}"
        if name == "Activate":
            owner, card = divmod(r, nb)
            return f"Activate {'display' if owner == 0 else owner - 1}/{self.buildings[card]}"
        if name == "Use":
            return f"Use outcome {r}"
        if name == "Flip":
            good, slot = divmod(r, 2)
            return f"Flip {'1' if slot == 0 else 'all'} {self.backs[good]}"
        if name == "Trade":
            return f"Trade {self.trades[r]}"
        return "Pass"


__all__ = ["KINDS", "OraActionEncoding", "Window", "in_play", "once", "seats_of"]

"""The typed syntax tree of card text.

Every node carries the 1-based ``line`` and ``column`` where it starts in its
file (and statements their ``end_line``), so the compiler can point at the
exact word that is wrong. The tree says what was *written*; it is not yet
checked against the effect registry -- that is the compiler's job.

Effects and abilities share one node type, :class:`Effect`, whose
``registry`` is the name of the :mod:`pillars_rules.cardlang.effects` class it will
become (``"Convert"``, ``"Gain"``...) and whose ``args`` are that class's
fields as written. This keeps the tree in step with the registry: a new
registry class needs a grammar rule and a line in the builder, not a new
node class.
"""

from __future__ import annotations

from typing import Any, TypeGuard, TypeVar, Union

from attrs import field, frozen

_T = TypeVar("_T")
_U = TypeVar("_U")


def _pos() -> int:
    return field(default=0, kw_only=True)


@frozen
class Num:
    """A number as written (``"+1"``, ``"5"``); ``value`` is None when it has
    too many digits to be a valid number at all."""

    text: str
    line: int = _pos()
    column: int = _pos()

    @property
    def value(self) -> int | None:
        digits = self.text.lstrip("+-")
        if len(digits) > 9:
            return None
        return int(self.text)

    @property
    def signed(self) -> bool:
        return self.text[:1] in "+-"


@frozen
class Name:
    """An identifier: a card id, tag, amount kind, step, location..."""

    text: str
    line: int = _pos()
    column: int = _pos()


@frozen
class Title:
    """A quoted card name, without its quotes."""

    text: str
    line: int = _pos()
    column: int = _pos()


@frozen
class AmountNode:
    """``2 wood``."""

    n: Num
    kind: Name
    line: int = _pos()
    column: int = _pos()


#: An argument value inside an :class:`Effect`, or a :class:`Field`'s value: a
#: node, a word the grammar fixes (``"start"``, ``"permanent"``...), a flag
#: (``True``), nothing, or a tuple of values (a list, a pair).
Value = Union[Num, Name, Title, AmountNode, "Effect", str, bool, None, tuple["Value", ...]]


@frozen
class Effect:
    """An ability, modifier, instant or once-effect as written.

    ``registry`` names the :mod:`pillars_rules.cardlang.effects` class; ``args`` are
    ``(field name, value)`` pairs in the class's field order.
    """

    registry: str
    args: tuple[tuple[str, Value], ...] = ()
    line: int = _pos()
    column: int = _pos()
    end_line: int = _pos()

    def arg(self, name: str, default: Value = None) -> Any:  # a Value: which one the registry says
        for k, v in self.args:
            if k == name:
                return v
        return default


@frozen
class Field:
    """A card field statement: ``round 1``, ``cost 5 gold``, ``harmful``...

    ``name`` is the :class:`~pillars_rules.cardlang.card.Card` attribute it sets
    (``round``, ``cost``, ``tags``, ``mode``, ``last_round``, ``harmful``,
    ``site``, ``yields``, ``workers``).
    """

    name: str
    value: Value
    line: int = _pos()
    column: int = _pos()
    end_line: int = _pos()


def _all_of(items: tuple[Value, ...], kind: type[_T]) -> TypeGuard[tuple[_T, ...]]:
    return all(isinstance(x, kind) for x in items)


def one(f: Field, kind: type[_T]) -> _T:
    """``f``'s value, which the parser's rule for ``f.name`` makes a ``kind``
    (``round 3``: a :class:`Num`); a :class:`TypeError` for a tree that breaks
    that rule (built by hand, not by the parser)."""
    v = f.value
    if isinstance(v, kind):
        return v
    raise TypeError(f"field '{f.name}' holds {type(v).__name__}, not {kind.__name__}")


def each(f: Field, kind: type[_T]) -> tuple[_T, ...]:
    """``f``'s value, a list of ``kind`` (``cost 2 gold, 1 vp``: of
    :class:`AmountNode`), as :func:`one` checks it."""
    v = f.value
    if isinstance(v, tuple) and _all_of(v, kind):
        return v
    raise TypeError(f"field '{f.name}' holds {v!r:.60}, not a list of {kind.__name__}")


def _pair(v: Value, first: type[_T], second: type[_U]) -> tuple[_T, _U] | None:
    if isinstance(v, tuple) and len(v) == 2:
        a, b = v
        if isinstance(a, first) and isinstance(b, second):
            return a, b
    return None


def pair(f: Field, first: type[_T], second: type[_U]) -> tuple[_T, _U]:
    """``f``'s value, a pair (``spot 1: gain 1 wood``: a :class:`Num` and an
    :class:`Effect`), as :func:`one` checks it."""
    p = _pair(f.value, first, second)
    if p is None:
        raise TypeError(f"field '{f.name}' holds {f.value!r:.60}, not a {first.__name__}, {second.__name__} pair")
    return p


def pairs(f: Field, first: type[_T], second: type[_U]) -> tuple[tuple[_T, _U], ...]:
    """``f``'s value, a list of pairs (``selling sand 2, wood 3``: :class:`Name`
    and :class:`Num`), as :func:`one` checks it."""
    v = f.value
    out = tuple(p for p in (_pair(x, first, second) for x in v) if p is not None) if isinstance(v, tuple) else ()
    if not isinstance(v, tuple) or len(out) != len(v):
        raise TypeError(f"field '{f.name}' holds {v!r:.60}, not a list of {first.__name__}, {second.__name__} pairs")
    return out


@frozen
class VariantNode:
    """``variant name { abilities }``."""

    name: Name
    abilities: tuple[Effect, ...]
    line: int = _pos()
    column: int = _pos()
    end_line: int = _pos()


@frozen
class CardNode:
    """One card block: ``kind id "Name" de "Name" { ... }``."""

    kind: Name
    id: Name
    name: Title
    name_de: Title | None
    fields: tuple[Field, ...] = ()
    abilities: tuple[Effect, ...] = ()
    variants: tuple[VariantNode, ...] = ()
    line: int = _pos()
    column: int = _pos()
    end_line: int = _pos()


@frozen
class Comment:
    """``# text`` (kept so the formatter can put it back)."""

    text: str
    line: int = _pos()
    column: int = _pos()


@frozen
class CardFile:
    """A parsed card file. ``recovered`` holds the cards read past a syntax
    error, each with the lines left out to read it: they are compiled only to
    report their other mistakes (see :func:`.parser.parse_collect`)."""

    file: str
    cards: tuple[CardNode, ...] = ()
    comments: tuple[Comment, ...] = ()
    line: int = _pos()
    column: int = _pos()
    recovered: tuple[tuple[CardNode, tuple[int, ...]], ...] = field(default=(), kw_only=True, eq=False)

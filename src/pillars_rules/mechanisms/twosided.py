"""Goods with two sides and their values (docs/ora/mechanisms.rst, ``two-sided``).

A good is one side of a *pair* (front, back; a pair may have no back). Turning
goes front to back only; some turns are free (any time, any number), the
others are a card's function. Each good carries *values* per quantity kind
(kinds are the config's names: what a payment by value reads), whole numbers or
fractions. *Exchanges* trade fixed goods for fixed goods, one way or both.

A *payment by value* (:func:`can_pay`) gives goods, each counted toward one
kind of the need; no change is given: the surplus of a kind is lost, but no
good may be given that its kind did not need (taking any one away would leave
that kind short).

Everything is data (:class:`GoodsConfig`) and pure functions on stocks
(mappings of good to amount): no name of any game is known here.

>>> cfg = GoodsConfig(pairs=(("seed", "husk"),), values={"seed": {"fuel": 1}, "husk": {"fuel": "1/2"}}, free={"seed"})
>>> turn(cfg, {"seed": 3}, "seed", 2)
{'seed': 1, 'husk': 2}
>>> can_pay(cfg, {"husk": 3}, {"fuel": {"husk": 3}}, {"fuel": 1})
'the husk given for fuel is not needed: fuel 1 is paid without it'
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import attrs

from ..errors import IllegalActionError
from . import _data

__all__ = ["Exchange", "GoodsConfig", "can_pay", "exchange", "pay", "total", "turn", "value"]

Stock = Mapping[str, int]


_refuse = _data.refuser("goods config")


def _number(where: str, v: object) -> Fraction:
    if isinstance(v, bool):
        raise _refuse(where, f"a number is needed, not {v!r}")
    try:
        if isinstance(v, (int, Fraction)):
            out = Fraction(v)
        elif isinstance(v, (str, float)):
            out = Fraction(str(v))
        else:
            raise TypeError
    except (TypeError, ValueError, ZeroDivisionError):
        raise _refuse(where, f"a number (whole, '1/2' or 0.5) is needed, not {v!r:.40}") from None
    if out < 0:
        raise _refuse(where, f"a value may not be negative: {v!r:.40}")
    return out


def _values(value: object) -> tuple[tuple[str, tuple[tuple[str, Fraction], ...]], ...]:
    if not isinstance(value, Mapping):
        raise _refuse("values", f"a mapping of good to {{kind: value}} is needed, not {value!r:.60}")
    out = []
    for good, kinds in value.items():
        if not isinstance(kinds, Mapping):
            raise _refuse(f"values[{good!r:.40}]", f"a mapping of kind to value is needed, not {kinds!r:.40}")
        out.append((good, tuple((k, _number(f"values[{good!r}][{k!r:.40}]", v)) for k, v in kinds.items())))
    return tuple(out)


@attrs.frozen
class Exchange:
    """``give`` goods for ``take`` goods (pairs of good and amount); ``both_ways``: also back."""

    give: tuple[tuple[str, int], ...] = attrs.field(converter=_data.pairs)
    take: tuple[tuple[str, int], ...] = attrs.field(converter=_data.pairs)
    both_ways: bool = False


@attrs.frozen
class GoodsConfig:
    """Goods, as data: ``pairs`` -- (front, back) with back ``None`` for a
    one-sided good; ``values`` -- good -> kind -> value (a good or kind not
    named is worth 0); ``free`` -- the fronts that may be turned at any time;
    ``exchanges``. A bad config raises :class:`~pillars_rules.errors.ConfigError`
    naming the entry."""

    pairs: tuple[tuple[str, str | None], ...]
    values: tuple[tuple[str, tuple[tuple[str, Fraction], ...]], ...] = attrs.field(default={}, converter=_values)
    free: frozenset[str] = attrs.field(default=frozenset(), converter=_data.frozen)
    exchanges: tuple[Exchange, ...] = ()

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.pairs, tuple) or not self.pairs:
            raise _refuse("pairs", f"a non-empty tuple of (front, back) is needed, not {self.pairs!r:.60}")
        seen: set[str] = set()
        for i, pair in enumerate(self.pairs):
            if not isinstance(pair, tuple) or len(pair) != 2:
                raise _refuse(f"pairs[{i}]", f"a pair (front, back) is needed, not {pair!r:.40}")
            for side in pair:
                if side is None and side is pair[1]:
                    continue
                if not isinstance(side, str) or not side.strip():
                    raise _refuse(f"pairs[{i}]", f"a good must be a non-empty name, not {side!r:.40}")
                if side in seen:
                    raise _refuse(f"pairs[{i}]", f"{side!r} is named twice")
                seen.add(side)
        for good, _ in self.values:
            if good not in seen:
                raise _refuse(f"values[{good!r:.40}]", "it is not a good of the pairs")
        for good in sorted(self.free):
            if good not in self.backs:
                raise _refuse(f"free[{good!r:.40}]", "only a front with a back may be turned")
        for i, ex in enumerate(self.exchanges):
            if not isinstance(ex, Exchange):
                raise _refuse(f"exchanges[{i}]", f"an Exchange is needed, not {ex!r:.40}")
            for side in ("give", "take"):
                for good, _ in _data.amounts(_refuse, f"exchanges[{i}].{side}", getattr(ex, side), empty=False):
                    if good not in seen:
                        raise _refuse(f"exchanges[{i}].{side}", f"{good!r:.40} is not a good of the pairs")

    @property
    def goods(self) -> tuple[str, ...]:
        return tuple(s for pair in self.pairs for s in pair if s is not None)

    @property
    def backs(self) -> dict[str, str]:
        """front -> back, for the pairs with a back."""
        return {f: b for f, b in self.pairs if b is not None}


def value(cfg: GoodsConfig, good: str, kind: str) -> Fraction:
    """The value of one ``good`` in ``kind`` (0 when not given)."""
    if good not in cfg.goods:
        raise IllegalActionError(f"{good!r:.40} is not a good")
    for g, kinds in cfg.values:
        if g == good:
            return dict(kinds).get(kind, Fraction(0))
    return Fraction(0)


def total(cfg: GoodsConfig, stock: Stock, kind: str) -> Fraction:
    """The value in ``kind`` of all of ``stock``."""
    return sum((value(cfg, g, kind) * n for g, n in stock.items()), Fraction(0))


def _short(stock: Stock, give: Mapping[str, int]) -> str | None:
    for good, n in give.items():
        if type(n) is not int or n < 0:
            return f"an amount of {good} must be a whole number, not {n!r:.40}"
        if stock.get(good, 0) < n:
            return f"{n} {good} are needed and {stock.get(good, 0)} are held"
    return None


def _moved(stock: Stock, give: Mapping[str, int], take: Mapping[str, int]) -> dict[str, int]:
    out = dict(stock)
    for g, n in give.items():
        out[g] = out.get(g, 0) - n
    for g, n in take.items():
        out[g] = out.get(g, 0) + n
    return {g: n for g, n in out.items() if n}


def turn(cfg: GoodsConfig, stock: Stock, good: str, n: int, *, free_only: bool = True) -> dict[str, int]:
    """``n`` of the front ``good`` turned to its back; never back. ``free_only``
    (the default): only a free turn; a card's function passes ``False``."""
    back = cfg.backs.get(good)
    if back is None:
        raise IllegalActionError(f"{good!r:.40} has no back to turn to (a back is never turned again)")
    if free_only and good not in cfg.free:
        raise IllegalActionError(f"{good} is turned only by a card's function")
    why = _short(stock, {good: n})
    if why is not None:
        raise IllegalActionError(why)
    return _moved(stock, {good: n}, {back: n})


def exchange(cfg: GoodsConfig, stock: Stock, index: int, times: int = 1, *, back: bool = False) -> dict[str, int]:
    """The exchange ``index`` made ``times`` times (``back``: the other way, when it goes both ways)."""
    if not 0 <= index < len(cfg.exchanges):
        raise IllegalActionError(f"there is no exchange {index}")
    ex = cfg.exchanges[index]
    if back and not ex.both_ways:
        raise IllegalActionError(f"exchange {index} goes one way only")
    give, take = (ex.take, ex.give) if back else (ex.give, ex.take)
    if type(times) is not int or times < 1:
        raise IllegalActionError(f"an exchange is made a whole number of times from 1, not {times!r:.40}")
    gives = {g: n * times for g, n in give}
    why = _short(stock, gives)
    if why is not None:
        raise IllegalActionError(why)
    return _moved(stock, gives, {g: n * times for g, n in take})


def can_pay(
    cfg: GoodsConfig, stock: Stock, given: Mapping[str, Mapping[str, int]], need: Mapping[str, int | Fraction]
) -> str | None:
    """Why ``given`` (kind -> goods counted toward it) does not pay ``need``
    (kind -> value) from ``stock`` (``None``: it does). Each good counts toward
    the one kind it is given for; no change: a surplus is lost, but every good
    given must be needed."""
    unknown = sorted(set(given) - set(need))
    if unknown:
        return f"{unknown[0]} is not needed by this payment"
    summed: dict[str, int] = {}
    for goods in given.values():
        for g, n in goods.items():
            if g not in cfg.goods:
                return f"{g!r:.40} is not a good"
            if type(n) is not int or n < 0:
                return f"an amount of {g} must be a whole number, not {n!r:.40}"
            summed[g] = summed.get(g, 0) + n
    why = _short(stock, summed)
    if why is not None:
        return why
    for kind, wanted in need.items():
        goods = {g: n for g, n in given.get(kind, {}).items() if n}
        paid = total(cfg, goods, kind)
        if paid < wanted:
            return f"{kind} {wanted} is needed and the goods given for it are worth {paid}"
        for g in goods:
            if value(cfg, g, kind) == 0 or paid - value(cfg, g, kind) >= wanted:
                return f"the {g} given for {kind} is not needed: {kind} {wanted} is paid without it"
    return None


def pay(
    cfg: GoodsConfig, stock: Stock, given: Mapping[str, Mapping[str, int]], need: Mapping[str, int | Fraction]
) -> dict[str, int]:
    """The stock after the payment (see :func:`can_pay`); refused with
    :class:`~pillars_rules.errors.IllegalActionError` saying why."""
    why = can_pay(cfg, stock, given, need)
    if why is not None:
        raise IllegalActionError(why)
    summed: dict[str, int] = {}
    for goods in given.values():
        for g, n in goods.items():
            summed[g] = summed.get(g, 0) + n
    return _moved(stock, summed, {})

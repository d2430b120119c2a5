"""A card's function as data, and every way to use it (docs/ora/cards.rst, ``use``).

A *function* is *parts* run in order (``and`` / ``then`` in the card text:
each part works on the stock the parts before it left, their takes included).
A part is run a number of times within its repeat limit (exactly once; 0 to
``n``; any number, as far as the stock reaches), each time by one of its
*deals*, each deal made of one *variant*: the goods given and taken, chosen
among the alternatives its text writes. The pieces a variant gives or takes:

* ``Amt`` -- an amount of a good, or of a value kind (``food``, ``energy``...):
  paid by value from any goods that carry it, the total of all repetitions at
  once, no change given;
* ``Kinds`` -- ``n`` goods of ``n`` different kinds (given);
* ``OneOf`` -- amounts of that many different goods of a list (taken);
* ``Track`` -- a good in the amount of a track's value (its own, or a wild
  track's), that track reset;
* ``Threshold`` -- the amount of the highest step a count reaches;
* ``Worth`` -- goods of a list worth up to a budget of a value kind (taken);
* ``Do`` -- a follow-up step (:class:`~.use.Follow`) for the game's flow.

:func:`outcomes` lists every complete use as :class:`~.use.Outcome` values,
deterministically (the order of the text: parts, repetition counts from low to
high, deals and alternatives as written, goods in the config's order).

**Bounds.** Payments by value list only *minimal* payments (no good given that
its kind did not need, :func:`~.twosided.can_pay`'s rule); takes by value list
only *maximal* takes (no other good of the list would still fit); ``any number
of times`` runs as far as the stock, the counts read and the values reach.
Every list is cut at ``cap`` outcomes (default :data:`MAX_OUTCOMES`), in the
order above, so a use is at most that many actions whatever the stock; and at
most :data:`MAX_TRIES` choices of deals are tried for one part, so the work is
bounded too when a part's many deals are mostly out of reach.

Everything is data and pure functions: no name of any game is known here.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Union

import attrs

from ..errors import ConfigError
from .twosided import GoodsConfig, value
from .use import Follow, Outcome, UseContext

__all__ = [
    "MAX_OUTCOMES",
    "MAX_REPEAT",
    "MAX_TRIES",
    "Amt",
    "Deal",
    "Do",
    "Function",
    "Kinds",
    "OneOf",
    "Part",
    "Threshold",
    "Track",
    "UseFn",
    "Worth",
    "maximal_takes",
    "minimal_payments",
    "StockReads",
    "outcomes",
    "stock_reads",
]

#: At most this many outcomes are listed for one use (and for each list built on the way).
MAX_OUTCOMES = 256
#: ``any number of times`` runs at most this many times, whatever the stock.
MAX_REPEAT = 99
#: At most this many choices of deals (one per repetition) are tried for one part.
MAX_TRIES = 4096


@attrs.frozen
class Amt:
    """``n`` of ``good`` (``value``: ``good`` is a value kind, paid by value)."""

    good: str
    n: Fraction
    value: bool = False


@attrs.frozen
class Kinds:
    """``n`` goods of ``n`` different kinds, given."""

    n: int


@attrs.frozen
class OneOf:
    """``ns[0]`` of one good of ``goods``, ``ns[1]`` of another... taken."""

    ns: tuple[int, ...]
    goods: tuple[str, ...]


@attrs.frozen
class Track:
    """Each of ``goods`` in the amount of its own track (``own``) or of the
    ``wild`` track; the track used is reset."""

    goods: tuple[str, ...]
    own: bool
    wild: str | None = None


@attrs.frozen
class Threshold:
    """``good`` in the amount of the highest ``(at least, amount)`` step that the
    count of ``source`` reaches (the stock's, when ``source`` is a good; else
    the context's count)."""

    good: str
    source: str
    steps: tuple[tuple[int, int], ...]


@attrs.frozen
class Worth:
    """Goods of ``goods`` worth up to ``unit`` in ``kind`` (times the sum of
    the context's counts of ``per``, when given), taken; ``rates``: another
    unit in a mode (read from the context's optional ``mode`` attribute)."""

    goods: tuple[str, ...]
    unit: Fraction
    kind: str
    per: tuple[str, ...] = ()
    rates: tuple[tuple[str, Fraction], ...] = ()


@attrs.frozen
class Do:
    """A follow-up step; a ``clear X`` step needs an ``X`` (the context's count) for each."""

    follow: Follow


Piece = Union[Amt, Kinds, OneOf, Track, Threshold, Worth, Do]
#: A list of alternatives (``or``), each a group of pieces (``+``).
Alts = tuple[tuple[Piece, ...], ...]


@attrs.frozen
class Deal:
    give: tuple[Alts, ...] = ()
    take: tuple[Alts, ...] = ()


@attrs.frozen
class Part:
    """Run ``lo`` to ``hi`` times (``hi`` None: any number), each time by one of ``deals``."""

    lo: int
    hi: int | None
    deals: tuple[Deal, ...]


@attrs.frozen
class Function:
    parts: tuple[Part, ...]


Stock = Mapping[str, int]
#: One variant of a deal: the pieces given and the pieces taken.
_Variant = tuple[tuple[Piece, ...], tuple[Piece, ...]]
#: A partial outcome: goods given, goods taken, tracks reset, follow-ups.
_Got = tuple[dict[str, int], dict[str, int], tuple[str, ...], tuple[Follow, ...]]


def _variants(part: Part) -> list[_Variant]:
    out: list[_Variant] = []
    for deal in part.deals:
        for give in itertools.product(*deal.give):
            for take in itertools.product(*deal.take):
                out.append((tuple(p for g in give for p in g), tuple(p for g in take for p in g)))
    return out


def _add(into: dict[str, int], more: Mapping[str, int]) -> dict[str, int]:
    out = dict(into)
    for g, n in more.items():
        out[g] = out.get(g, 0) + n
    return out


def _less(stock: Stock, give: Mapping[str, int]) -> dict[str, int] | None:
    for g, n in give.items():  # each good once: checked before the copy
        if stock.get(g, 0) < n:
            return None
    out = dict(stock)
    for g, n in give.items():
        out[g] = out.get(g, 0) - n
    return out


def _holds(stock: Stock, give: Mapping[str, int]) -> bool:
    """Whether ``stock`` holds ``give`` (what :func:`_less` checks, without the copy)."""
    for g, n in give.items():
        if stock.get(g, 0) < n:
            return False
    return True


def _whole(n: Fraction) -> int:
    return int(n) if n.denominator == 1 else math.ceil(n)


#: Each goods config's values as tables, worked out once per config (by identity): the config, its goods
#: in order, good -> kind -> value, and per kind the least common denominator of its values.
_TABLES: dict[int, tuple[GoodsConfig, tuple[str, ...], dict[str, dict[str, Fraction]], dict[str, int]]] = {}


def _table(cfg: GoodsConfig) -> tuple[GoodsConfig, tuple[str, ...], dict[str, dict[str, Fraction]], dict[str, int]]:
    hit = _TABLES.get(id(cfg))
    if hit is not None and hit[0] is cfg:
        return hit
    goods = cfg.goods
    per_good: dict[str, dict[str, Fraction]] = {}
    for g, kinds in cfg.values:
        per_good.setdefault(g, dict(kinds))  # the first entry of a good counts (twosided.value)
    scale: dict[str, int] = {}
    for values in per_good.values():
        for k, v in values.items():
            scale[k] = math.lcm(scale.get(k, 1), Fraction(v).denominator)
    if len(_TABLES) >= 64:
        _TABLES.clear()
    made = (cfg, goods, per_good, scale)
    _TABLES[id(cfg)] = made
    return made


def _value(cfg: GoodsConfig, good: str, kind: str) -> Fraction:
    """:func:`~.twosided.value`, read from the config's table."""
    _, goods, per_good, _ = _table(cfg)
    if good not in goods:
        return value(cfg, good, kind)  # the error it raises
    return per_good.get(good, {}).get(kind, Fraction(0))


def _scaled(cfg: GoodsConfig, kind: str, amount: Fraction) -> tuple[int, int]:
    """A whole number that scales ``kind``'s values and ``amount`` to whole numbers, and ``amount`` scaled."""
    scale = math.lcm(_table(cfg)[3].get(kind, 1), amount.denominator)
    return scale, int(amount * scale)


def minimal_payments(cfg: GoodsConfig, stock: Stock, kind: str, need: Fraction, cap: int) -> list[dict[str, int]]:
    """Every minimal way to pay ``need`` of ``kind`` from ``stock`` (goods in the
    config's order; at most ``cap``): the goods given are worth at least the
    need, and each one is needed (without any one of them it would be short)."""
    if need <= 0:
        return [{}]
    # worked in whole numbers: every value and the need times one scale (the same comparisons)
    scale, whole = _scaled(cfg, kind, Fraction(need))
    times = scale // _table(cfg)[3].get(kind, 1)  # the kind's own scale divides it
    carriers = [(g, w * times) for g, w in _worths(cfg, kind) if w > 0 and stock.get(g, 0) > 0]
    # what the goods from i on are worth at most: a branch that cannot reach the need finds nothing
    rest = [0] * (len(carriers) + 1)
    for j in range(len(carriers) - 1, -1, -1):
        rest[j] = rest[j + 1] + carriers[j][1] * stock[carriers[j][0]]
    out: list[dict[str, int]] = []

    def walk(i: int, total: int, chosen: dict[str, int], least: int) -> None:
        if len(out) >= cap:
            return
        if total >= whole:
            if total - least < whole:
                out.append(dict(chosen))
            return
        if i == len(carriers) or total + rest[i] < whole:
            return
        good, v = carriers[i]
        top = min(stock[good], -((total - whole) // v))
        for c in range(top, -1, -1):  # the most of the first goods first
            if c:
                chosen[good] = c
            walk(i + 1, total + v * c, chosen, min(least, v) if c else least)
            chosen.pop(good, None)

    walk(0, 0, {}, 10**9 * scale)
    return out


#: Each goods config's worths in each value kind (by the config's identity): the goods whose value in the kind
#: is not 0, in the config's order, each with its value times the kind's scale (a whole number).
_WORTHS: dict[int, tuple[GoodsConfig, dict[str, tuple[tuple[str, int], ...]]]] = {}


def _worths(cfg: GoodsConfig, kind: str) -> tuple[tuple[str, int], ...]:
    hit = _WORTHS.get(id(cfg))
    if hit is None or hit[0] is not cfg:
        if len(_WORTHS) >= 64:
            _WORTHS.clear()
        hit = (cfg, {})
        _WORTHS[id(cfg)] = hit
    found = hit[1].get(kind)
    if found is None:
        unit = _table(cfg)[3].get(kind, 1)
        worths = ((g, _value(cfg, g, kind)) for g in _table(cfg)[1])
        found = tuple((g, int(v * unit)) for g, v in worths if v != 0)
        hit[1][kind] = found
    return found


def maximal_takes(
    cfg: GoodsConfig, goods: Sequence[str], kind: str, budget: Fraction, cap: int
) -> list[dict[str, int]]:
    """Every way to take goods of ``goods`` worth at most ``budget`` of ``kind``
    to which no further one of them would fit (at most ``cap``)."""
    scale, whole = _scaled(cfg, kind, Fraction(budget))
    worth = [(g, int(_value(cfg, g, kind) * scale)) for g in goods]
    least = min((v for _, v in worth), default=0)
    out: list[dict[str, int]] = []

    def walk(i: int, left: int, chosen: dict[str, int]) -> None:
        if len(out) >= cap:
            return
        if i == len(worth):
            if left < least:
                out.append(dict(chosen))
            return
        good, v = worth[i]
        for c in range(left // v, -1, -1):
            if c:
                chosen[good] = c
            walk(i + 1, left - v * c, chosen)
            chosen.pop(good, None)

    walk(0, whole, {})
    return out


def _payments(cfg: GoodsConfig, stock: Stock, needs: Mapping[str, Fraction], cap: int) -> list[dict[str, int]]:
    """Minimal payments of several value kinds, one after another (a good counts toward one kind)."""
    ways: list[tuple[dict[str, int], dict[str, int]]] = [({}, dict(stock))]
    for kind in sorted(needs):
        nxt: list[tuple[dict[str, int], dict[str, int]]] = []
        for given, left in ways:
            if len(nxt) >= cap:
                break
            for pay in minimal_payments(cfg, left, kind, needs[kind], cap - len(nxt)):
                rest = _less(left, pay)
                if rest is not None:
                    nxt.append((_add(given, pay), rest))
        ways = nxt[:cap]
    return [g for g, _ in ways]


def _kind_sets(cfg: GoodsConfig, stock: Stock, ns: Sequence[int], cap: int) -> list[dict[str, int]]:
    """One good of each of ``n`` different kinds, for each ``n`` in turn (all different)."""
    held = [g for g in cfg.goods if stock.get(g, 0) > 0]
    ways: list[tuple[dict[str, int], list[str]]] = [({}, held)]
    for n in ns:
        nxt = []
        for given, left in ways:
            for combo in itertools.islice(itertools.combinations(left, n), cap):
                nxt.append((_add(given, {g: 1 for g in combo}), [g for g in left if g not in combo]))
        ways = nxt[:cap]
    return [g for g, _ in ways]


def _count(ctx: UseContext, cfg: GoodsConfig, stock: Stock, what: str) -> int:
    return stock.get(what, 0) if what in cfg.goods else ctx.count(what)


def _take_options(
    cfg: GoodsConfig, ctx: UseContext, stock: Stock, piece: Piece, cap: int
) -> list[tuple[dict[str, int], tuple[str, ...]]]:
    """A chosen take piece's options: (goods taken, tracks reset)."""
    if isinstance(piece, OneOf):
        return [
            ({g: n for g, n in zip(goods, piece.ns, strict=True)}, ())
            for goods in itertools.islice(itertools.permutations(piece.goods, len(piece.ns)), cap)
        ]
    if isinstance(piece, Track):
        out: list[tuple[dict[str, int], tuple[str, ...]]] = []
        tracks = ([None] if piece.own else []) + ([piece.wild] if piece.wild else [])
        for track in tracks:
            for good in piece.goods:
                v = ctx.track(track or good)
                if v is not None:
                    out.append(({good: v}, (track or good,)))
        return out
    if isinstance(piece, Threshold):
        have = _count(ctx, cfg, stock, piece.source)
        got = max((n for at, n in piece.steps if have >= at), default=0)
        return [({piece.good: got}, ())]
    if isinstance(piece, Worth):
        unit = dict(piece.rates).get(str(getattr(ctx, "mode", "")), piece.unit)
        budget = unit * (sum(ctx.count(w) for w in piece.per) if piece.per else 1)
        return [(t, ()) for t in maximal_takes(cfg, piece.goods, piece.kind, budget, cap)]
    raise ConfigError(f"a function cannot take {piece!r:.60}")  # pragma: no cover - the compiler refuses it


def _run(cfg: GoodsConfig, ctx: UseContext, stock: Stock, chosen: Sequence[_Variant], cap: int) -> list[_Got]:
    """Every way to make the variants ``chosen`` (one repetition each) at once from ``stock``."""
    fixed: dict[str, int] = {}
    needs: dict[str, Fraction] = {}
    kinds: list[int] = []
    gets: dict[str, int] = {}
    choose: list[Piece] = []
    follows: list[Follow] = []
    for give, take in chosen:
        for p in give:
            if isinstance(p, Amt) and p.value:
                needs[p.good] = needs.get(p.good, Fraction(0)) + p.n
            elif isinstance(p, Amt):
                fixed[p.good] = fixed.get(p.good, 0) + int(p.n)
            elif isinstance(p, Kinds):
                kinds.append(p.n)
            elif isinstance(p, Do):
                follows.append(p.follow)
        for p in take:
            if isinstance(p, Amt):
                gets[p.good] = gets.get(p.good, 0) + int(p.n)
            elif isinstance(p, Do):
                follows.append(p.follow)
            else:
                choose.append(p)
    left = _less(stock, fixed)
    if left is None:
        return []
    gives: list[dict[str, int]] = []
    for kindset in _kind_sets(cfg, left, kinds, cap) if kinds else [{}]:
        rest = _less(left, kindset)
        if rest is None:  # pragma: no cover - the kinds are chosen from the stock
            continue
        for pay in _payments(cfg, rest, needs, cap) if needs else [{}]:
            gives.append(_add(_add(fixed, kindset), pay))
        if len(gives) >= cap:
            break
    options = [_take_options(cfg, ctx, left, p, cap) for p in choose]
    out: list[_Got] = []
    for given in gives[:cap]:
        for combo in itertools.product(*options):
            got = dict(gets)
            reset: tuple[str, ...] = ()
            for t, r in combo:
                got = _add(got, t)
                reset += r
            out.append((given, got, reset, tuple(follows)))
            if len(out) >= cap:
                return out
    return out


def _most(cfg: GoodsConfig, ctx: UseContext, stock: Stock, variant: _Variant) -> int:
    """How many times ``variant`` alone could be made from ``stock`` at most."""
    best = MAX_REPEAT
    for p in variant[0]:
        if isinstance(p, Amt) and p.value:  # what the stock is worth in the kind, in whole numbers of its scale
            worth = sum([w * stock[g] for g, w in _worths(cfg, p.good) if g in stock])
            have = Fraction(worth, _table(cfg)[3].get(p.good, 1))
            best = min(best, int(have // p.n))
        elif isinstance(p, Amt):
            best = min(best, stock.get(p.good, 0) // int(p.n))
        elif isinstance(p, Kinds):
            best = min(best, sum(1 for n in stock.values() if n > 0) // p.n)
        elif isinstance(p, Do) and p.follow.step == "clear":
            best = min(best, ctx.count(p.follow.arg))
    return best


def _part(cfg: GoodsConfig, ctx: UseContext, stock: Stock, part: Part, cap: int) -> Iterator[_Got]:
    variants = _variants(part)
    hi = part.hi
    if hi is None:
        hi = min(MAX_REPEAT, sum(_most(cfg, ctx, stock, v) for v in variants))
    tried = 0
    for k in range(part.lo, hi + 1):
        if k == 0:
            yield ({}, {}, (), ())
            continue
        for chosen in itertools.combinations_with_replacement(range(len(variants)), k):
            tried += 1
            if tried > MAX_TRIES:
                return
            yield from _run(cfg, ctx, stock, [variants[i] for i in chosen], cap)


def _clears_ok(ctx: UseContext, then: Sequence[Follow]) -> bool:
    needed: dict[str, int] = {}
    for f in then:
        if f.step == "clear":
            needed[f.arg] = needed.get(f.arg, 0) + 1
    return all(ctx.count(what) >= n for what, n in needed.items())


def _words(
    give: tuple[tuple[str, int], ...],
    take: tuple[tuple[str, int], ...],
    reset: tuple[str, ...],
    then: tuple[Follow, ...],
) -> str:
    bits = []
    if give:
        bits.append("give " + ", ".join(f"{n} {g}" for g, n in give))
    if take:
        bits.append("take " + ", ".join(f"{n} {g}" for g, n in take))
    if reset:
        bits.append("reset " + ", ".join(reset))
    bits.extend(f"then {f.step}" + (f" {f.arg}" if f.arg else "") for f in then)
    return "; ".join(bits)


def outcomes(fn: Function, cfg: GoodsConfig, ctx: UseContext, *, cap: int = MAX_OUTCOMES) -> list[Outcome]:
    """Every complete way to use ``fn`` in ``ctx`` (see the module's bounds); an
    outcome that changes nothing is not listed; each listed once, in order."""
    start = {g: n for g, n in ctx.stock().items() if n > 0}
    done: list[_Got] = [({}, {}, (), ())]
    stocks: list[dict[str, int]] = [start]
    last = len(fn.parts) - 1
    for i, part in enumerate(fn.parts):
        nxt: list[_Got] = []
        nstocks: list[dict[str, int]] = []
        for (give, take, reset, then), stock in zip(done, stocks, strict=True):
            for g2, t2, r2, f2 in _part(cfg, ctx, stock, part, cap):
                if i == last:  # no part follows: what it leaves is not needed
                    if not _holds(stock, g2):  # pragma: no cover - each part gives from its stock
                        continue
                    nxt.append((_add(give, g2), _add(take, t2), reset + r2, then + f2))
                    if len(nxt) >= cap:
                        break
                    continue
                after = _less(stock, g2)
                if after is None:  # pragma: no cover - each part gives from its stock
                    continue
                nxt.append((_add(give, g2), _add(take, t2), reset + r2, then + f2))
                nstocks.append(_add(after, t2))
                if len(nxt) >= cap:
                    break
            if len(nxt) >= cap:
                break
        done, stocks = nxt, nstocks  # (after the last part, no stocks: none is read)
    out: list[Outcome] = []
    seen: set[tuple[object, ...]] = set()
    for give, take, reset, then in done:
        net = {g: take.get(g, 0) - give.get(g, 0) for g in set(give) | set(take)}
        gives = tuple(sorted((g, -n) for g, n in net.items() if n < 0))
        takes = tuple(sorted((g, n) for g, n in net.items() if n > 0))
        key = (gives, takes, reset, then)
        if not (gives or takes or reset or then) or key in seen or not _clears_ok(ctx, then):
            continue
        seen.add(key)
        out.append(Outcome(give=gives, take=takes, reset=reset, then=then, words=_words(*key)))
    return out[:cap]


#: What :func:`outcomes` reads of the user's stock: the goods whose amounts it reads, and whether it
#: reads which of the other goods are held (their amounts not); ``None``: every amount.
StockReads = Union[tuple[frozenset[str], bool], None]


def stock_reads(fn: Function, cfg: GoodsConfig) -> StockReads:
    """What :func:`outcomes` of ``fn`` reads of the user's stock. By amount: a good given by amount
    or counted for a threshold, and every good worth something in a value kind paid. ``n``
    different kinds given read which goods are held besides: in a function of one part each good
    is given once at most (the kinds of one use are all different), so only whether one is held
    counts; in more parts the next part sees what the first left, so every amount counts (``None``).
    The outcomes follow from these and from the context's other reads (its tracks and counts)."""
    read: set[str] = set()
    held = False
    for part in fn.parts:
        for deal in part.deals:
            for alts in deal.give:
                for group in alts:
                    for p in group:
                        if isinstance(p, Kinds):
                            held = True
                        elif isinstance(p, Amt) and p.value:
                            _, goods, per_good, _ = _table(cfg)
                            read.update(g for g in goods if per_good.get(g, {}).get(p.good, 0) != 0)
                        elif isinstance(p, Amt):
                            read.add(p.good)
            for alts in deal.take:
                for group in alts:
                    for p in group:
                        if isinstance(p, Threshold):
                            read.add(p.source)
    if held and len(fn.parts) > 1:
        return None
    return frozenset(read), held


@attrs.frozen
class UseFn:
    """A compiled function bound to its goods' values: what a card's
    ``function`` attribute is (:class:`~.use.UseFunction`)."""

    fn: Function
    goods: GoodsConfig = attrs.field(eq=False, repr=False)
    cap: int = MAX_OUTCOMES

    def outcomes(self, ctx: UseContext) -> Sequence[Outcome]:
        return outcomes(self.fn, self.goods, ctx, cap=self.cap)

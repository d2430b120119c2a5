"""Building, settlement and heartland cards and the goods card, compiled
(``grammar/buildings.lark``; docs/ora/cards.rst).

:func:`compile_building_texts` reads card files whose cards are of the kinds
``goods``, ``heartland``, ``building`` and ``settlement``, checks every fact
against the set's goods card (its goods, value kinds and terrains) and gives a
:class:`BuildingSet` of :class:`BuildingCard` values. A card's function is
compiled to *plain data* (:data:`FunctionSpec`: nested tuples of words and
numbers) that :mod:`pillars_rules.buildings` turns into the function a game
asks for outcomes (the card language imports nothing above the base).

Every problem is reported where it is written (file:line:col) in one
:class:`~pillars_rules.errors.CardError`.
"""

from __future__ import annotations

import types
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, cast

from attrs import field, frozen

from ..errors import CardError
from . import ast
from . import buildast as b
from .board import WHEEL_FIELDS, WheelSpec
from .diagnostics import Diagnostic, Reporter, capped, suggest
from .files import expand as _expand
from .files import read as _read
from .landcomp import LANDSCAPE_KIND, LandscapeCard, compile_landscape
from .modecomp import MODE_KIND, ModeCard, ModeWords, compile_modes
from .parser import parse_collect
from .placecomp import PlaceFields

__all__ = [
    "ALL_KINDS",
    "TRACK_KIND",
    "BuildingCard",
    "BuildingSet",
    "FunctionSpec",
    "GoodsSpec",
    "TrackCard",
    "compile_building_texts",
    "is_building_text",
    "load_building_paths",
    "render_building",
    "render_track",
]

#: The card kinds of this part of the language.
ALL_KINDS = b.CARD_KINDS
GOODS_KIND = ALL_KINDS[0]
TRACK_KIND = "track"
BUILDING_KINDS = tuple(k for k in ALL_KINDS[1:] if k not in (TRACK_KIND, LANDSCAPE_KIND, MODE_KIND))
#: The fields a track card may set: when it is used (modes, variant) and the wheel's lines.
TRACK_FIELDS = ("b_number", "b_variant", "b_modes", *WHEEL_FIELDS)

_WORDS = {"cost": "cost", **b.FIELD_WORDS}
_COMMON = ("b_number", "b_variant", "b_mark", "b_modes", "b_value", "b_dwelling", "b_terrain", "b_cloister")
FIELDS_BY_KIND: dict[str, tuple[str, ...]] = {
    "heartland": (*_COMMON, "b_use"),
    "building": (*_COMMON, "b_deck", "cost", "b_use", "b_built"),
    "settlement": (*_COMMON, "b_arrives", "cost"),
    "goods": ("g_good", "g_free", "g_worth", "g_limited", "g_exchange", "g_terrains"),
}
REQUIRED: dict[str, tuple[str, ...]] = {
    "heartland": ("b_modes", "b_value", "b_dwelling", "b_terrain", "b_use"),
    "building": ("b_deck", "b_modes", "cost", "b_value", "b_dwelling", "b_terrain", "b_use"),
    "settlement": ("b_arrives", "b_modes", "cost", "b_value", "b_dwelling", "b_terrain"),
    "goods": ("g_good", "g_terrains"),
}
#: Fields a goods card may write more than once.
_REPEATABLE = ("g_good", "g_worth", "g_limited", "g_exchange")

#: A compiled function as plain data: a tuple of parts ``(lo, hi, deals)``
#: (``hi`` None: any number of times); a deal is ``(give, take)``, each a
#: tuple of alternatives lists: ``((group, ...), ...)``, a group a tuple of
#: pieces; a piece a tuple whose first word says what it is: ``("amt", good,
#: n: Fraction, value: bool)``, ``("kinds", n)``, ``("oneof", ns, goods)``,
#: ``("track", goods, own, wild)``, ``("threshold", good, source, steps)``,
#: ``("worth", goods, unit: Fraction, kind, per, rates)``, ``("do", step, arg)``.
FunctionSpec = tuple[Any, ...]


@frozen
class GoodsSpec:
    """The goods card: ``pairs`` (front, back or None), ``values`` ((good, kind,
    value), ...), ``free`` fronts, ``limited`` ((good, supply), ...), ``terrains``,
    ``exchanges`` ((give, take, both ways), ...; give and take as (good, amount) pairs)."""

    id: str
    pairs: tuple[tuple[str, str | None], ...]
    values: tuple[tuple[str, str, Fraction], ...] = ()
    free: tuple[str, ...] = ()
    limited: tuple[tuple[str, int], ...] = ()
    terrains: tuple[str, ...] = ()
    exchanges: tuple[tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...], bool], ...] = ()

    @property
    def goods(self) -> tuple[str, ...]:
        return tuple(s for p in self.pairs for s in p if s is not None)

    @property
    def kinds(self) -> tuple[str, ...]:
        """The value kinds, in the order first written."""
        return tuple(dict.fromkeys(k for _, k, _ in self.values))

    def value(self, good: str, kind: str) -> Fraction:
        return next((v for g, k, v in self.values if g == good and k == kind), Fraction(0))


@frozen
class BuildingCard:
    """A heartland building, building or settlement card (the facts it states).

    ``function`` is the function a game asks for outcomes
    (:class:`~pillars_rules.mechanisms.use.UseFunction`): ``None`` as compiled
    here and for a settlement; :func:`pillars_rules.buildings.load_buildings`
    sets it from ``spec``. ``number`` is the card's catalogue number
    (lexicon.csv's id), ``built`` what building it changes for every seat
    (follow-up steps as ``(step, arg)``), ``source`` where it is written."""

    id: str
    name: str
    kind: str
    variant: str
    deck: str
    mark: str
    modes: frozenset[str]
    cost: tuple[tuple[str, int], ...]
    econ: int
    dwell: int
    terrain: frozenset[str]
    cloister: bool
    number: str = ""
    spec: FunctionSpec | None = field(default=None, eq=False, repr=False)
    function: Any = field(default=None, eq=False, repr=False)
    built: tuple[tuple[str, str], ...] = ()
    text: str = field(default="", eq=False, repr=False)
    source: str = field(default="", eq=False, repr=False)


@frozen
class TrackCard:
    """A track card: the rotating track of values (``wheel`` lines, a :class:`~.board.WheelSpec`) of the
    player-count ``modes`` (the cards' mode codes: ``4``, ``2L``, ``3S``) in ``variant`` (``both``: any)."""

    id: str
    name: str
    modes: frozenset[str]
    variant: str
    wheel: WheelSpec
    number: str = ""
    text: str = field(default="", eq=False, repr=False)
    source: str = field(default="", eq=False, repr=False)


@frozen
class BuildingSet:
    """The compiled cards, in the order written, the goods card and the track cards."""

    cards: tuple[BuildingCard, ...]
    goods: GoodsSpec
    sources: tuple[tuple[str, str], ...] = ()
    tracks: tuple[TrackCard, ...] = ()
    #: the landscape cards (:class:`~.landcomp.LandscapeCard`): the boards of each seat's grid, in the order written
    landscapes: tuple[LandscapeCard, ...] = ()
    #: the mode cards (:class:`~.modecomp.ModeCard`): the set-up of each way to play, in the order written
    modes: tuple[ModeCard, ...] = ()
    #: id -> card (read-only)
    by_id: Mapping[str, BuildingCard] = field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "by_id", types.MappingProxyType({c.id: c for c in self.cards}))

    def __getitem__(self, card_id: str) -> BuildingCard:
        return self.by_id[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.by_id

    def __iter__(self) -> Iterator[BuildingCard]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def of_kind(self, kind: str) -> tuple[BuildingCard, ...]:
        return tuple(c for c in self.cards if c.kind == kind)


def is_building_text(text: str) -> bool:
    """Does ``text`` hold a card of this part of the language (by its first word)?"""
    for line in text.splitlines():
        words = line.split(None, 1)
        if words and words[0] in ALL_KINDS:
            return True
    return False


def _n(rep: Reporter, num: ast.Num, what: str, least: int | None = None) -> int:
    v = num.value
    if v is None:
        rep.at(num, f"{what} {num.text} is too large")
        return 0
    if least is not None and v < least:
        rep.at(num, f"{what} must be at least {least}, not {num.text}")
    return v


def _qty(rep: Reporter, q: b.Qty, what: str) -> Fraction:
    num = _n(rep, q.num, what, 1 if q.den is None else 0)
    if q.den is None:
        return Fraction(num)
    den = _n(rep, q.den, "a fraction's denominator", 1)
    if den < 1:
        return Fraction(0)
    out = Fraction(num, den)
    if out <= 0:
        rep.at(q, f"{what} must be more than 0, not {num}/{den}")
    return out


class _Goods:
    def __init__(self, rep: Reporter, node: ast.CardNode) -> None:
        pairs: list[tuple[str, str | None]] = []
        seen: set[str] = set()
        values: list[tuple[str, str, Fraction]] = []
        free: list[str] = []
        limited: list[tuple[str, int]] = []
        terrains: list[str] = []
        exchanges: list[tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...], bool]] = []
        for f in node.fields:
            if f.name == "g_good":
                front, back = ast.pair(f, ast.Name, object)
                for side in (front, back):
                    if isinstance(side, ast.Name):
                        if side.text in seen:
                            rep.at(side, f"the good '{side.text}' is named twice")
                        seen.add(side.text)
                pairs.append((front.text, back.text if isinstance(back, ast.Name) else None))
        self.goods = [s for p in pairs for s in p if s is not None]
        for f in node.fields:
            if f.name == "g_worth":
                kind, worths = ast.pair(f, ast.Name, tuple)
                if kind.text in seen:
                    rep.at(kind, f"'{kind.text}' is a good; a value kind needs a name of its own")
                for w in worths:
                    if self.known(rep, w.good):
                        values.append((w.good.text, kind.text, _qty(rep, w.qty, "a value")))
            elif f.name == "g_free":
                backs = {fr for fr, bk in pairs if bk is not None}
                for n in ast.each(f, ast.Name):
                    if self.known(rep, n) and n.text not in backs:
                        rep.at(n, f"'{n.text}' has no back to turn to")
                    free.append(n.text)
            elif f.name == "g_limited":
                a = ast.one(f, ast.AmountNode)
                if self.known(rep, a.kind):
                    limited.append((a.kind.text, _n(rep, a.n, "a supply", 0)))
            elif f.name == "g_terrains":
                terrains.extend(n.text for n in ast.each(f, ast.Name))
            elif f.name == "g_exchange":
                exchanges.append(self.exchange(rep, f))
        self.spec = GoodsSpec(
            node.id.text, tuple(pairs), tuple(values), tuple(free), tuple(limited), tuple(terrains), tuple(exchanges)
        )

    def exchange(
        self, rep: Reporter, f: ast.Field
    ) -> tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...], bool]:
        """``exchange 1 wine -> 1 coin`` (one way), ``exchange 5 coin <-> 1 five_coins`` (both ways)."""
        give, take, back = cast(tuple[tuple[ast.AmountNode, ...], tuple[ast.AmountNode, ...], bool], f.value)
        sides: list[tuple[tuple[str, int], ...]] = []
        for side in (give, take):
            out: dict[str, int] = {}
            for a in side:
                n = _n(rep, a.n, "an amount", 1)
                if self.known(rep, a.kind):
                    if a.kind.text in out:
                        rep.at(a.kind, f"'{a.kind.text}' is on one side of the exchange twice")
                    out[a.kind.text] = n
            sides.append(tuple(out.items()))
        common = sorted(set(dict(sides[0])) & set(dict(sides[1])))
        if common:
            rep.at(f, f"an exchange gives and takes the same good: {', '.join(common)}")
        return (sides[0], sides[1], bool(back))

    def known(self, rep: Reporter, name: ast.Name) -> bool:
        if name.text in self.goods:
            return True
        rep.at(name, f"unknown good '{name.text}'{suggest(name.text, self.goods)}")
        return False


def follow_text(step: str, arg: str) -> str:
    """A follow-up ``(step, arg)`` as a card writes it: ``build``, ``recall prior``,
    ``use an empty adjacent building``, ``use a building with prior except priory``."""
    if step != "use":
        return f"{step} {arg}".strip()
    words = arg.split()
    cut = next((i for i, w in enumerate(words) if w in ("with", "except")), len(words))
    return " ".join(["use", _a_an(" ".join([*words[:cut], "building"])), *words[cut:]])


class _Compiler:
    def __init__(
        self,
        rep: Reporter,
        goods: GoodsSpec,
        follows: Collection[tuple[str, str]] | None = None,
        excepts: list[tuple[Reporter, b.PFollow]] | None = None,
    ) -> None:
        self.rep, self.g, self.follows = rep, goods, follows
        #: every ``use ... except CARD`` written: its card is checked once every card of the set is known
        self.excepts = excepts if excepts is not None else []

    # names
    def good(self, name: ast.Name, *, value_ok: bool = False) -> bool:
        names = list(self.g.goods) + (list(self.g.kinds) if value_ok else [])
        if name.text in names:
            return True
        what = "good or value kind" if value_ok else "good"
        self.rep.at(name, f"unknown {what} '{name.text}'{suggest(name.text, names)}")
        return False

    def card(self, node: ast.CardNode, text: str, source: str) -> BuildingCard | None:
        rep, kind = self.rep, node.kind.text
        fields: dict[str, ast.Field] = {}
        ok = True
        for f in node.fields:
            if f.name not in FIELDS_BY_KIND[kind]:
                word = _WORDS.get(f.name, f.name.replace("_", " "))
                why = (
                    "a settlement has no function" if f.name == "b_use" else f"{_a_an(kind)} card does not set '{word}'"
                )
                allowed = ", ".join(_WORDS[x] for x in FIELDS_BY_KIND[kind])
                rep.at(f, why, f"{_a_an(kind)} card may set: {allowed}")
                ok = False
            elif f.name in fields:
                rep.at(f, f"'{_WORDS[f.name]}' is set twice")
                ok = False
            fields[f.name] = f
        for e in node.abilities:
            rep.at(e, f"{_a_an(kind)} card has a function ('use:'), not abilities")
            ok = False
        for v in node.variants:
            rep.at(v, f"{_a_an(kind)} card states its variant with 'variant NAME', not a block")
            ok = False
        for req in REQUIRED[kind]:
            if req not in fields:
                rep.at(node.id, f"{kind} card '{node.id.text}' needs '{_WORDS[req]}'")
                ok = False
        terrain = [n for n in ast.each(fields["b_terrain"], ast.Name)] if "b_terrain" in fields else []
        for n in terrain:
            if n.text not in self.g.terrains:
                rep.at(n, f"unknown terrain '{n.text}'{suggest(n.text, self.g.terrains)}")
                ok = False
        cost = self.cost(kind, fields.get("cost"))
        spec = self.function(ast.one(fields["b_use"], b.Function)) if "b_use" in fields else None
        if not ok or cost is None or ("b_use" in fields and spec is None):
            return None
        deck = (
            "heartland"
            if kind == "heartland"
            else ast.one(fields["b_arrives" if kind == "settlement" else "b_deck"], ast.Name).text
        )
        mark = "none"
        if "b_mark" in fields and fields["b_mark"].value != "none":
            num, up = ast.pair(fields["b_mark"], ast.Num, bool)
            mark = f"{_n(rep, num, 'a player count', 1)}{'+' if up else ''}"
        modes = [m.token for m in ast.each(fields["b_modes"], b.Mode)]
        for m in ast.each(fields["b_modes"], b.Mode):
            _n(rep, m.n, "a player count", 1)
        if len(set(modes)) != len(modes):
            rep.at(fields["b_modes"], "a mode is listed twice")
        built: tuple[tuple[str, str], ...] = ()
        if "b_built" in fields:
            what, amount = ast.pair(fields["b_built"], ast.Name, ast.AmountNode)
            self.good(amount.kind)
            built = (("price", f"{what.text} {_n(rep, amount.n, 'a price', 0)} {amount.kind.text}"),)
        return BuildingCard(
            id=node.id.text,
            name=node.name.text,
            kind=kind,
            variant=ast.one(fields["b_variant"], ast.Name).text if "b_variant" in fields else "both",
            deck=deck,
            mark=mark,
            modes=frozenset(modes),
            cost=cost,
            econ=_n(rep, ast.one(fields["b_value"], ast.Num), "a value"),
            dwell=_n(rep, ast.one(fields["b_dwelling"], ast.Num), "a dwelling value"),
            terrain=frozenset(n.text for n in terrain),
            cloister="b_cloister" in fields,
            number=ast.one(fields["b_number"], ast.Name).text if "b_number" in fields else "",
            spec=spec,
            built=built,
            text=text,
            source=source,
        )

    def cost(self, kind: str, f: ast.Field | None) -> tuple[tuple[str, int], ...] | None:
        if f is None:
            return ()
        out: dict[str, int] = {}
        ok = True
        for a in ast.each(f, ast.AmountNode):
            n = a.n.value
            if n is None or n < 0:
                self.rep.at(a.n, f"a cost may not be negative or too large: {a.n.text}")
                ok = False
                continue
            if kind == "settlement":
                if a.kind.text not in self.g.kinds:
                    self.rep.at(
                        a.kind,
                        f"a settlement costs value kinds, not '{a.kind.text}'{suggest(a.kind.text, self.g.kinds)}",
                    )
                    ok = False
            elif not self.good(a.kind):
                ok = False
            if a.kind.text in out:
                self.rep.at(a.kind, f"'{a.kind.text}' is in the cost twice")
                ok = False
            out[a.kind.text] = n
        return tuple(out.items()) if ok else None

    # the function
    def function(self, fn: b.Function) -> FunctionSpec | None:
        errors = len(self.rep.diagnostics)
        parts = tuple(self.part(p) for p in fn.parts)
        return parts if len(self.rep.diagnostics) == errors else None

    def part(self, p: b.Part) -> tuple[Any, ...]:
        lo, hi = 1, 1  # type: tuple[int, int | None]
        if p.repeat is not None and p.repeat.kind == "up_to":
            lo, hi = 0, 1 if p.repeat.n is None else _n(self.rep, p.repeat.n, "a repeat limit", 1)
        elif p.repeat is not None and p.repeat.kind == "any":
            lo, hi = 0, None
        deals = tuple(self.deal(d, any_times=hi is None) for d in p.deals)
        return (lo, hi, deals)

    def deal(self, d: b.Deal, *, any_times: bool) -> tuple[Any, ...]:
        give = tuple(self.alts(a, giving=True) for a in d.give)
        take = tuple(self.alts(a, giving=False) for a in d.take)
        if any_times:
            for alts in _product(give):
                pieces = [p for g in alts for p in g]
                if not any(p[0] in ("amt", "kinds") or (p[0] == "do" and p[1] == "clear") for p in pieces):
                    self.rep.at(
                        d,
                        "'any number of times' needs something given each time (goods, a value or a cover "
                        "cleared): nothing else bounds it",
                    )
                    break
        return (give, take)

    def alts(self, alt: Sequence[Sequence[b.Piece]], *, giving: bool) -> tuple[Any, ...]:
        return tuple(tuple(self.piece(p, giving=giving) for p in group) for group in alt)

    def piece(self, p: b.Piece, *, giving: bool) -> tuple[Any, ...]:
        rep = self.rep
        side = "given" if giving else "taken"
        if isinstance(p, b.PAmount):
            is_value = p.name.text in self.g.kinds and p.name.text not in self.g.goods
            self.good(p.name, value_ok=giving)
            n = _qty(rep, p.qty, "an amount")
            if n.denominator != 1 and not is_value:
                rep.at(p.qty, f"a good is counted in whole numbers: {p.name.text} cannot be {n}")
            return ("amt", p.name.text, n, is_value)
        if isinstance(p, b.PFollow):
            if p.excepted is not None:
                self.excepts.append((rep, p))
            if self.follows is not None and (p.step, p.base) not in self.follows:
                known = sorted(follow_text(*f) for f in self.follows)
                rep.at(
                    p,
                    f"the game's flow cannot play the follow-up '{p.text}'{suggest(p.text, known)}",
                    f"the follow-ups it plays: {', '.join(known)}",
                )
            return ("do", p.step, p.arg)
        if giving and not isinstance(p, b.PKinds):
            rep.at(p, f"this form says what is taken; it cannot be {side}")
            return ("bad",)
        if not giving and isinstance(p, b.PKinds):
            rep.at(p, "'n goods of n different kinds' is a payment; it cannot be taken")
            return ("bad",)
        if isinstance(p, b.PKinds):
            k, m = _n(rep, p.n, "a number of goods", 1), _n(rep, p.m, "a number of kinds", 1)
            if k != m:
                rep.at(p.m, f"{k} goods of {m} different kinds has no meaning: write the same number twice")
            return ("kinds", k)
        if isinstance(p, b.POneOf):
            for g in p.goods:
                self.good(g)
            ns = tuple(_n(rep, x, "an amount", 1) for x in p.ns)
            if len(ns) > len(p.goods):
                rep.at(p, f"{len(ns)} different goods cannot be chosen from {len(p.goods)}")
            return ("oneof", ns, tuple(g.text for g in p.goods))
        if isinstance(p, b.PTrack):
            for g in p.goods:
                self.good(g)
            return ("track", tuple(g.text for g in p.goods), p.own, None if p.wild is None else p.wild.text)
        if isinstance(p, b.PThreshold):
            self.good(p.good)
            steps = tuple((_n(rep, a, "a threshold", 0), _n(rep, x, "an amount", 0)) for a, x in p.steps)
            if [a for a, _ in steps] != sorted({a for a, _ in steps}):
                rep.at(p, "a threshold's steps go up, each once: 1 -> 3, 5 -> 5, ...")
            return ("threshold", p.good.text, p.source.text, steps)
        # PWorth
        if p.kind.text not in self.g.kinds:
            rep.at(p.kind, f"unknown value kind '{p.kind.text}'{suggest(p.kind.text, self.g.kinds)}")
        for g in p.goods:
            if self.good(g) and self.g.value(g.text, p.kind.text) <= 0:
                rep.at(g, f"'{g.text}' is worth no {p.kind.text}: it cannot be taken by {p.kind.text}")
        rates = tuple((m.token, _qty(rep, q, "a rate")) for m, q in p.rates)
        return (
            "worth",
            tuple(g.text for g in p.goods),
            _qty(rep, p.qty, "a budget"),
            p.kind.text,
            tuple(n.text for n in p.per),
            rates,
        )


def _product(give: tuple[Any, ...]) -> Iterable[tuple[Any, ...]]:
    import itertools

    return itertools.product(*give) if give else [()]


def _a_an(noun: str) -> str:
    return ("an " if noun[:1] in "aeiou" else "a ") + noun


def compile_building_texts(
    files: Sequence[tuple[str, str]],
    early: Sequence[Diagnostic] = (),
    follows: Collection[tuple[str, str]] | None = None,
    words: ModeWords | None = None,
) -> BuildingSet:
    """Compile ``(name, text)`` files of goods, heartland, building and settlement
    cards as one set; every problem in one :class:`~pillars_rules.errors.CardError`.
    ``follows``: the follow-ups ``(step, arg)`` the game's flow plays (a game's data, e.g.
    :data:`pillars_rules.games.ora.rules.FOLLOWS`); any other a card writes is a problem
    where it is written (``None``: not checked); ``words``: what the game's flow knows, for its mode
    cards (:class:`~.modecomp.ModeWords`; ``None``: not checked)."""
    problems: list[Diagnostic] = list(early)
    trees: list[tuple[Reporter, ast.CardFile, str]] = []
    for name, text in files:
        rep = Reporter(name, text)
        trees.append((rep, parse_collect(text, name, rep), text))
    goods_nodes = [(rep, c) for rep, t, _ in trees for c in t.cards if c.kind.text == GOODS_KIND]
    goods: GoodsSpec | None = None
    if goods_nodes:
        rep, node = goods_nodes[0]
        for f in node.fields:
            if f.name not in FIELDS_BY_KIND["goods"]:
                rep.at(f, f"a goods card does not set '{_WORDS.get(f.name, f.name)}'")
            elif f.name not in _REPEATABLE and sum(1 for x in node.fields if x.name == f.name) > 1:
                rep.at(f, f"'{_WORDS[f.name]}' is set twice")
        for e in node.abilities:
            rep.at(e, "a goods card has no abilities")
        for req in REQUIRED["goods"]:
            if not any(f.name == req for f in node.fields):
                rep.at(node.id, f"goods card '{node.id.text}' needs '{_WORDS[req]}'")
        goods = _Goods(rep, node).spec
        for rep2, extra in goods_nodes[1:]:
            rep2.at(extra, f"a set has one goods card; '{node.id.text}' is the first")
    cards: list[BuildingCard] = []
    excepts: list[tuple[Reporter, b.PFollow]] = []
    tracks: list[TrackCard] = []
    lands: list[tuple[Reporter, ast.CardNode, str]] = []
    modes: list[tuple[Reporter, ast.CardNode, str]] = []
    ids: dict[str, ast.CardNode] = {}
    numbers: dict[str, str] = {}  # a card's number -> the id of the card that has it
    for rep, tree, text in trees:
        for node in tree.cards:
            kind = node.kind.text
            if kind == GOODS_KIND:
                continue
            if kind not in BUILDING_KINDS and kind not in (TRACK_KIND, LANDSCAPE_KIND, MODE_KIND):
                rep.at(
                    node.kind,
                    f"unknown card kind '{kind}'{suggest(kind, ALL_KINDS)}",
                    "a set with a goods card holds goods, heartland, building, settlement, track, landscape and "
                    "mode cards only; "
                    "check the cards of another game on their own",
                )
                continue
            if node.id.text in ids:
                rep.at(node.id, f"card id '{node.id.text}' is defined twice")
                continue
            ids[node.id.text] = node
            if kind == TRACK_KIND:
                track = _track(rep, node, text, goods)
                if track is not None:
                    _track_overlap(rep, node, track, tracks)
                    tracks.append(track)
                continue
            if kind == LANDSCAPE_KIND:
                lands.append((rep, node, text))  # after every card: what is printed on a square is one of them
                continue
            if kind == MODE_KIND:
                modes.append((rep, node, text))  # after every card: an option or the neutral player names one
                continue
            for f in node.fields:
                if f.name == "b_number":
                    number = ast.one(f, ast.Name)
                    if number.text in numbers:
                        rep.at(number, f"number {number.text} is already the number of card '{numbers[number.text]}'")
                    numbers.setdefault(number.text, node.id.text)
            if goods is None:
                rep.at(node, f"{_a_an(kind)} card needs the set's goods card (kind 'goods'): none was found")
                continue
            start = _offset(text, node.line)
            end = _offset(text, node.end_line + 1)
            card = _Compiler(rep, goods, follows, excepts).card(node, text[start:end].rstrip("\n"), rep.file)
            if card is not None:
                cards.append(card)
        problems.extend(rep.diagnostics)
    landscapes = _landscapes(lands, goods, ids, problems)
    mode_cards = () if goods is None else compile_modes(modes, goods.goods, cards, words, problems)
    for rep, follow in excepts:  # the card a use leaves out is one of the set's
        if follow.excepted not in ids:
            known = len(rep.diagnostics)
            rep.at(
                follow,
                f"'{follow.text}' leaves out the card '{follow.excepted}', which is no card of the set"
                f"{suggest(str(follow.excepted), list(ids))}",
            )
            problems.extend(rep.diagnostics[known:])
    if problems:
        raise CardError(capped(problems))
    if goods is None:
        raise CardError([Diagnostic(files[0][0] if files else "<none>", 0, 0, "no goods card in the set", "", "")])
    return BuildingSet(tuple(cards), goods, tuple(files), tuple(tracks), landscapes, mode_cards)


def _landscapes(
    lands: Sequence[tuple[Reporter, ast.CardNode, str]],
    goods: GoodsSpec | None,
    ids: Mapping[str, ast.CardNode],
    problems: list[Diagnostic],
) -> tuple[LandscapeCard, ...]:
    """The set's landscape cards (:mod:`.landcomp`), and what holds between them: one first board,
    each board name once, each pile's prices stated on one card of it."""
    if not lands or goods is None:
        return ()
    kinds = {cid: node.kind.text for cid, node in ids.items()}
    covers: dict[str, str] = {}
    for _, node, _ in lands:
        for f in node.fields:
            if f.name == "l_covers":
                covers.update((c.text, g.text) for c, g in cast(tuple[tuple[ast.Name, ast.Name], ...], f.value))
    boards = [node.name.text for _, node, _ in lands]
    out: list[LandscapeCard] = []
    for i, (rep, node, text) in enumerate(lands):
        known = len(rep.diagnostics)
        if node.name.text in boards[:i]:
            rep.at(node.name, f"the board '{node.name.text}' is the board of another landscape card")
        start, end = _offset(text, node.line), _offset(text, node.end_line + 1)
        card = compile_landscape(
            rep, node, goods.terrains, goods.goods, kinds, covers, boards, text[start:end].rstrip("\n")
        )
        if card is not None and len(rep.diagnostics) == known:
            out.append(card)
        problems.extend(rep.diagnostics[known:])
    if len(out) == len(lands) and not problems:  # what holds between them, once each card is well written
        rep, node, _ = lands[0]
        known = len(rep.diagnostics)
        first = [c for c in out if c.attach is None]
        if len(first) != 1:
            rep.at(
                node.id,
                f"the landscapes need one first board (a card with no 'attach'), they have {len(first)}"
                + (f" ({', '.join(c.id for c in first)})" if first else ""),
            )
        for pile in dict.fromkeys(c.pile for c in out if c.pile):
            priced = [c for c in out if c.pile == pile and c.prices]
            if len(priced) != 1:
                rep.at(
                    node.id,
                    f"the pile '{pile}' needs its prices on one of its landscape cards, it has them on {len(priced)}",
                )
        problems.extend(rep.diagnostics[known:])
    return tuple(out)


def _track(rep: Reporter, node: ast.CardNode, text: str, goods: GoodsSpec | None) -> TrackCard | None:
    """A track card: its modes, variant and wheel lines (checked as a board card's are), each indicator
    but the wild one a good of the goods card."""
    known = len(rep.diagnostics)
    fields: dict[str, ast.Field] = {}
    for f in node.fields:
        if f.name not in TRACK_FIELDS:
            word = _WORDS.get(f.name, f.name.replace("_", " "))
            allowed = ", ".join(_WORDS.get(x, x.replace("_", " ")) for x in TRACK_FIELDS)
            rep.at(f, f"a track card does not set '{word}'", f"a track card may set: {allowed}")
        elif f.name in fields:
            rep.at(f, f"'{_WORDS.get(f.name, f.name.replace('_', ' '))}' is set twice")
        fields[f.name] = f
    for e in node.abilities:
        rep.at(e, "a track card has wheel lines, not abilities")
    if "b_modes" not in fields:
        rep.at(node.id, f"track card '{node.id.text}' needs 'modes'")
    compiler = PlaceFields(rep)
    values = {n: compiler.wheel_value(f) for n, f in fields.items() if n in WHEEL_FIELDS}
    spec = None
    if None not in values.values():
        got = compiler.build_wheel(values, {n: f for n, f in fields.items() if n in WHEEL_FIELDS})
        if got is None:
            rep.at(node.id, f"track card '{node.id.text}' needs its wheel: 'wheel values' and 'wheel indicators'")
        elif got is not False:
            spec = got
    if spec is not None and goods is not None:
        names = list(zip(spec.indicators, ast.each(fields["wheel_indicators"], ast.Name)))
        if "wheel_enters" in fields:
            names += [
                (ind, n)
                for (ind, _), (n, _) in zip(spec.entering, ast.pairs(fields["wheel_enters"], ast.Name, ast.Num))
            ]
        for ind, name in names:
            if ind != spec.wild and ind not in goods.goods:
                rep.at(name, f"the indicator '{ind}' is no good of the goods card{suggest(ind, goods.goods)}")
    modes = [m.token for m in ast.each(fields["b_modes"], b.Mode)] if "b_modes" in fields else []
    if len(set(modes)) != len(modes):
        rep.at(fields["b_modes"], "a mode is listed twice")
    if len(rep.diagnostics) > known or spec is None:
        return None
    start, end = _offset(text, node.line), _offset(text, node.end_line + 1)
    return TrackCard(
        id=node.id.text,
        name=node.name.text,
        modes=frozenset(modes),
        variant=ast.one(fields["b_variant"], ast.Name).text if "b_variant" in fields else "both",
        wheel=spec,
        number=ast.one(fields["b_number"], ast.Name).text if "b_number" in fields else "",
        text=text[start:end].rstrip("\n"),
        source=rep.file,
    )


def _track_overlap(rep: Reporter, node: ast.CardNode, track: TrackCard, tracks: Sequence[TrackCard]) -> None:
    """Two track cards for one mode and variant: the game could not tell which is its wheel."""
    for other in tracks:
        both = track.modes & other.modes
        if both and ("both" in (track.variant, other.variant) or track.variant == other.variant):
            variant = track.variant if track.variant != "both" else other.variant
            rep.at(
                node.id,
                f"track cards '{other.id}' and '{track.id}' are both the track of mode {', '.join(sorted(both))}"
                + ("" if variant == "both" else f" in {variant}"),
                "a mode and variant has one track: give each card its own modes or variant",
            )
            return


def _offset(text: str, line: int) -> int:
    pos = 0
    for _ in range(line - 1):
        nl = text.find("\n", pos)
        if nl < 0:
            return len(text)
        pos = nl + 1
    return pos


def load_building_paths(
    paths: Iterable[str | Path], follows: Collection[tuple[str, str]] | None = None, words: ModeWords | None = None
) -> BuildingSet:
    """Compile files and folders (every ``*.cards`` inside, sorted) of building cards as one set
    (``follows`` and ``words``: as :func:`compile_building_texts`)."""
    files, problems = _expand(paths)
    texts = _read(files, problems)
    return compile_building_texts(texts, problems, follows, words)


def render_building(card: BuildingCard) -> str:
    """A card's facts in plain words, and its function as written (``pillars-rules cards show``)."""
    number = f", {card.number}" if card.number else ""
    head = f"{card.name} ({card.id}{number}) -- {card.kind}"
    if card.variant != "both":
        head += f", {card.variant} only"
    deck = "" if card.kind == "heartland" else f"; arrives with deck {card.deck}" if card.kind == "settlement" else ""
    lines = [head + (f"; deck {card.deck}" if card.kind == "building" else deck)]
    modes = sorted(card.modes, key=lambda m: (int(m.rstrip("LS")), m))
    lines.append(f"Played in modes {', '.join(modes)}" + ("" if card.mark == "none" else f" (mark {card.mark})"))
    cost = ", ".join(f"{n} {g}" for g, n in card.cost) or "nothing"
    lines.append(f"Costs {cost}; economic value {card.econ}, dwelling value {card.dwell}.")
    where = ", ".join(sorted(card.terrain))
    lines.append(f"Built on {where}" + (", a cloister building." if card.cloister else "."))
    text = card.text.splitlines()
    use = [line.strip() for line in text if line.strip().startswith("use:")]
    if use:
        i = next(i for i, line in enumerate(text) if line.strip().startswith("use:"))
        body = [text[i].strip()]
        for line in text[i + 1 :]:
            if line.strip().split(" ", 1)[0] in ("and", "then"):
                body.append("  " + line.strip())
            else:
                break
        lines.append("Function: " + "\n".join(body)[len("use: ") :])
    else:
        lines.append("No function.")
    for step, arg in card.built:
        lines.append(f"Once built: {step} {arg} for every player.")
    return "\n".join(lines)


def render_track(track: TrackCard) -> str:
    """A track card in plain words (``pillars-rules cards show``)."""
    number = f", {track.number}" if track.number else ""
    head = f"{track.name} ({track.id}{number}) -- track"
    if track.variant != "both":
        head += f", {track.variant} only"
    modes = sorted(track.modes, key=lambda m: (int(m.rstrip("LS")), m))
    w = track.wheel
    lines = [
        head,
        f"The wheel of modes {', '.join(modes)}.",
        f"Values after 0, 1, ... steps: {', '.join(map(str, w.values))}.",
    ]
    lines.append(f"Indicators from the start: {', '.join(w.indicators)}.")
    if w.entering:
        lines.append("Entering: " + ", ".join(f"{name} after round {r}'s rotation" for name, r in w.entering) + ".")
    if w.wild:
        lines.append(f"Wild: {w.wild} (stands in for any indicator).")
    lines.append(
        "An indicator at the last value stays there."
        if w.at_end == "cap"
        else "An indicator past the last value leaves the wheel."
    )
    if w.idle_resets:
        lines.append("A taking with nothing to act on resets its indicator.")
    return "\n".join(lines)

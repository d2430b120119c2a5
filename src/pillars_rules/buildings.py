"""Building cards with their functions ready to use (docs/ora/cards.rst).

The card language compiles building, settlement and heartland cards and the
set's goods card (:mod:`pillars_rules.cardlang.buildcomp`); this module binds
each card's function to the goods' values the goods card states, as a
:class:`~pillars_rules.mechanisms.usefn.UseFn` (a
:class:`~pillars_rules.mechanisms.use.UseFunction`), so a game asks a card
``card.function.outcomes(ctx)``.

>>> cards = load_buildings(["ora-et-labora"])
>>> mill = cards["windmill"]
>>> mill.number, sorted(mill.terrain), mill.cost
('F04', ['coast', 'hillside'], (('wood', 3), ('clay', 2)))
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from pathlib import Path
from typing import Any

import attrs

from .cardlang import data
from .cardlang.buildcomp import BuildingCard, BuildingSet, FunctionSpec, GoodsSpec, load_building_paths
from .cardlang.modecomp import ModeWords as ModeWords
from .errors import ConfigError
from .mechanisms import usefn
from .mechanisms.twosided import Exchange, GoodsConfig
from .mechanisms.use import Follow

__all__ = ["BuildingCard", "BuildingSet", "bind", "function_of", "goods_config", "load_buildings", "shipped"]


def goods_config(spec: GoodsSpec) -> GoodsConfig:
    """The goods card as a :class:`~pillars_rules.mechanisms.twosided.GoodsConfig`."""
    values: dict[str, dict[str, Any]] = {}
    for good, kind, v in spec.values:
        values.setdefault(good, {})[kind] = v
    exchanges = tuple(Exchange(give, take, both_ways=back) for give, take, back in spec.exchanges)
    return GoodsConfig(pairs=spec.pairs, values=values, free=frozenset(spec.free), exchanges=exchanges)


def _piece(p: tuple[Any, ...]) -> usefn.Piece:
    what = p[0]
    if what == "amt":
        return usefn.Amt(p[1], p[2], p[3])
    if what == "kinds":
        return usefn.Kinds(p[1])
    if what == "oneof":
        return usefn.OneOf(p[1], p[2])
    if what == "track":
        return usefn.Track(p[1], p[2], p[3])
    if what == "threshold":
        return usefn.Threshold(p[1], p[2], p[3])
    if what == "worth":
        return usefn.Worth(p[1], p[2], p[3], p[4], p[5])
    if what == "do":
        return usefn.Do(Follow(p[1], p[2]))
    raise ConfigError(f"a function's piece is not known: {p!r:.60}")


def function_of(spec: FunctionSpec) -> usefn.Function:
    """A compiled function's plain data (:data:`~.cardlang.buildcomp.FunctionSpec`) as a :class:`~.usefn.Function`."""

    def alts(side: tuple[Any, ...]) -> tuple[usefn.Alts, ...]:
        return tuple(tuple(tuple(_piece(p) for p in group) for group in alt) for alt in side)

    return usefn.Function(
        tuple(usefn.Part(lo, hi, tuple(usefn.Deal(alts(g), alts(t)) for g, t in deals)) for lo, hi, deals in spec)
    )


def bind(cards: BuildingSet, goods: GoodsConfig | None = None) -> BuildingSet:
    """``cards`` with each function bound to ``goods`` (default: the set's goods card)."""
    cfg = goods if goods is not None else goods_config(cards.goods)
    out = []
    for c in cards.cards:
        fn = None if c.spec is None else usefn.UseFn(function_of(c.spec), cfg)
        out.append(attrs.evolve(c, function=fn))
    return attrs.evolve(cards, cards=tuple(out))


def shipped(path: str | Path) -> str | Path:
    """``path``, or the folder of the set shipped with the library of that name
    (``ora-et-labora``) when no such file or folder exists here."""
    if not Path(path).exists():
        folder = data.data_dir("cards") / str(path)
        if folder.is_dir():
            return folder
    return path


def load_buildings(
    paths: Iterable[str | Path],
    goods: GoodsConfig | None = None,
    follows: Collection[tuple[str, str]] | None = None,
    words: ModeWords | None = None,
) -> BuildingSet:
    """Compile card files and folders of goods, heartland, building and settlement
    cards (a shipped set by its name: ``ora-et-labora``), each function bound to
    the goods' values (default: the set's goods card;
    :class:`~pillars_rules.errors.CardError` lists every problem). ``follows``: the
    follow-ups ``(step, arg)`` the game's flow plays (Ora's:
    :data:`pillars_rules.games.ora.rules.FOLLOWS`); a card writing any other is a
    located problem (``None``: not checked here); ``words``: what the flow knows, for the set's mode
    cards (Ora's: :data:`pillars_rules.games.ora.steps.MODE_WORDS`)."""
    return bind(load_building_paths([shipped(p) for p in paths], follows, words), goods)

"""The card set an Ora game is played with: the set shipped in ``cards/ora-et-labora`` by default.

The cards are text (docs/ora/cards.rst), compiled by the card language and bound
to the goods card's values (:func:`pillars_rules.buildings.load_buildings`):
the one place where the game reads the card language's output. The shipped set
is compiled once per process; ``cards=`` gives another set: a
:class:`~pillars_rules.buildings.BuildingSet`, or card files and folders (the
shipped set by its name, ``"ora-et-labora"``, beside a fan building's file). A card
whose follow-up the flow cannot play (:data:`.steps.FOLLOWS`) is refused where it is written.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from ...errors import ConfigError
from ...mechanisms.twosided import GoodsConfig
from .steps import FOLLOWS

#: The shipped set's name (its folder under the library's ``cards``).
SHIPPED = "ora-et-labora"


@functools.cache
def _shipped_set() -> Any:
    from ...buildings import load_buildings

    return load_buildings([SHIPPED], follows=FOLLOWS)


@functools.cache
def shipped() -> tuple[Any, ...]:
    """Every card of the shipped set, compiled once (a :class:`~pillars_rules.errors.CardError` if broken)."""
    return tuple(_shipped_set().cards)


@functools.cache
def shipped_goods() -> GoodsConfig:
    """The shipped set's goods card (``cards/ora-et-labora/goods.cards``) as the mechanisms' goods:
    the one place the goods, their sides, values, free turns and exchanges are written."""
    from ...buildings import goods_config

    return goods_config(_shipped_set().goods)


def goods_of(cards: Sequence[Any]) -> GoodsConfig:
    """The goods a card set is played with: the goods card its functions are bound to
    (:func:`pillars_rules.buildings.bind`), or the shipped set's when no card carries one (a catalogue of
    the protocol alone). Cards bound to different goods are refused (:class:`ConfigError`)."""
    found: list[GoodsConfig] = []
    for c in cards:
        g = getattr(getattr(c, "function", None), "goods", None)
        if isinstance(g, GoodsConfig) and not any(g == f for f in found):
            found.append(g)
    if len(found) > 1:
        raise ConfigError("Ora cards: the cards' functions are bound to different goods cards; a set has one")
    return found[0] if found else shipped_goods()


def card_set(cards: object) -> tuple[Any, ...]:
    """The cards ``cards`` names: ``None`` the shipped set; a ``BuildingSet`` its cards; a path or a
    list of paths (``str`` or :class:`~pathlib.Path`) the cards those files and folders compile to."""
    return chosen(cards)[0]


def shipped_tracks() -> tuple[Any, ...]:
    """The shipped set's track cards (``cards/ora-et-labora/tracks.cards``): the wheel of each mode and variant."""
    return tuple(_shipped_set().tracks)


def chosen(cards: object) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The cards and the track cards ``cards`` names (as :func:`card_set`); a set with no track card is
    played with the shipped set's."""
    if cards is None:
        return shipped(), shipped_tracks()
    if isinstance(cards, (str, Path)):
        cards = [cards]
    if isinstance(cards, (list, tuple)) and cards and all(isinstance(p, (str, Path)) for p in cards):
        from ...buildings import load_buildings

        found = load_buildings(list(cards), follows=FOLLOWS)
        return tuple(found.cards), tuple(found.tracks) or shipped_tracks()
    got = getattr(cards, "cards", None)
    if type(cards).__name__ == "BuildingSet" and isinstance(got, tuple):
        return got, tuple(getattr(cards, "tracks", ())) or shipped_tracks()
    raise ConfigError(
        "Ora cards: give a BuildingSet, or card files and folders (the shipped set by its name, "
        f"{SHIPPED!r}), not {type(cards).__name__[:40]} {cards!r:.40}"
    )


def _function(fn: object) -> str:
    """A function's identity: its data when it is a value (a compiled function), else its type."""
    if fn is None:
        return "-"
    if attrs.has(type(fn)):
        goods = getattr(fn, "goods", None)
        return repr(fn) + (repr(goods) if attrs.has(type(goods)) else "")
    return type(fn).__qualname__


def card_hash(cards: Sequence[Any]) -> str:
    """A content hash of a card set: every card's facts and its function, whatever their order."""
    facts = sorted(
        repr(
            (
                c.id,
                c.name,
                c.kind,
                c.variant,
                c.deck,
                c.mark,
                sorted(c.modes),
                c.cost,
                c.econ,
                c.dwell,
                sorted(c.terrain),
                c.cloister,
                _function(c.function),
            )
        )
        for c in cards
    )
    return "ora-cards:" + hashlib.sha256("\n".join(facts).encode()).hexdigest()[:32]


def set_hash(cards: Sequence[Any], tracks: Sequence[Any] | None = None) -> str:
    """:func:`card_hash` of ``cards``, and of ``tracks`` when they are not the shipped set's: a save of a
    game played on a fan set's own wheel names that set (the shipped set's hash is the card hash alone)."""
    out = card_hash(cards)
    if tracks and tuple(tracks) != shipped_tracks():
        facts = sorted(repr((t.id, t.name, sorted(t.modes), t.variant, t.wheel)) for t in tracks)
        out += "+tracks:" + hashlib.sha256("\n".join(facts).encode()).hexdigest()[:16]
    return out


__all__ = [
    "SHIPPED",
    "card_hash",
    "card_set",
    "chosen",
    "goods_of",
    "set_hash",
    "shipped",
    "shipped_goods",
    "shipped_tracks",
]

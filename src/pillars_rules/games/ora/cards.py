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
from .steps import FOLLOWS, MODE_NAMES

#: The shipped set's name (its folder under the library's ``cards``).
SHIPPED = "ora-et-labora"


@functools.cache
def mode_words() -> Any:
    """What the flow knows that a mode card names, as the card checker takes it (a
    :class:`~pillars_rules.cardlang.modecomp.ModeWords` of :data:`.steps.MODE_NAMES`)."""
    from ...buildings import ModeWords

    return ModeWords.of(MODE_NAMES)


def load_set(paths: Sequence[str | Path]) -> Any:
    """The card files and folders ``paths`` as a set the flow can play: its follow-ups and its mode cards'
    names checked where written (:class:`~pillars_rules.errors.CardError`)."""
    from ...buildings import load_buildings

    return load_buildings(list(paths), follows=FOLLOWS, words=mode_words())


@functools.cache
def _shipped_set() -> Any:
    return load_set([SHIPPED])


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


def shipped_landscapes() -> tuple[Any, ...]:
    """The shipped set's landscape cards (``cards/ora-et-labora/landscapes.cards``): the boards, their
    sides, where they attach and the piles' prices."""
    return tuple(_shipped_set().landscapes)


def shipped_modes() -> tuple[Any, ...]:
    """The shipped set's mode cards (``cards/ora-et-labora/modes.cards``): the set-up of each way to play."""
    return tuple(_shipped_set().modes)


def shipped_terrains() -> tuple[str, ...]:
    """The shipped goods card's terrains (``cards/ora-et-labora/goods.cards``)."""
    return tuple(_shipped_set().goods.terrains)


def shipped_limit(good: str) -> int | None:
    """The shipped goods card's supply of ``good`` (its ``limited`` line), or ``None``."""
    return dict(_shipped_set().goods.limited).get(good)


@attrs.frozen
class SetParts:
    """What a card set holds besides its cards: its track, landscape and mode cards and its goods card's
    terrains (each the shipped set's when the set has none)."""

    tracks: tuple[Any, ...]
    landscapes: tuple[Any, ...]
    modes: tuple[Any, ...]
    terrains: tuple[str, ...]


def parts_of(found: Any) -> SetParts:
    """The parts of a compiled set (a ``BuildingSet``), the shipped set's where it has none."""
    goods = getattr(found, "goods", None)
    return SetParts(
        tuple(getattr(found, "tracks", ())) or shipped_tracks(),
        tuple(getattr(found, "landscapes", ())) or shipped_landscapes(),
        tuple(getattr(found, "modes", ())) or shipped_modes(),
        tuple(getattr(goods, "terrains", ())) or shipped_terrains(),
    )


def chosen_parts(cards: object) -> tuple[tuple[Any, ...], SetParts]:
    """The cards ``cards`` names (as :func:`card_set`) and the set's other parts (:class:`SetParts`)."""
    if cards is None:
        return shipped(), parts_of(_shipped_set())
    if isinstance(cards, (str, Path)):
        cards = [cards]
    if isinstance(cards, (list, tuple)) and cards and all(isinstance(p, (str, Path)) for p in cards):
        found = load_set(list(cards))
        return tuple(found.cards), parts_of(found)
    got = getattr(cards, "cards", None)
    if type(cards).__name__ == "BuildingSet" and isinstance(got, tuple):
        return got, parts_of(cards)
    raise ConfigError(
        "Ora cards: give a BuildingSet, or card files and folders (the shipped set by its name, "
        f"{SHIPPED!r}), not {type(cards).__name__[:40]} {cards!r:.40}"
    )


def chosen(cards: object) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The cards and the track cards ``cards`` names (as :func:`card_set`); a set with no track card is
    played with the shipped set's."""
    found = chosen_set(cards)
    return found[0], found[1]


def chosen_set(cards: object) -> tuple[tuple[Any, ...], tuple[Any, ...], tuple[Any, ...]]:
    """The cards, the track cards and the landscape cards ``cards`` names (as :func:`card_set`); a set
    with no track card or no landscape card is played with the shipped set's (:func:`chosen_parts`
    gives its mode cards and terrains too)."""
    found, parts = chosen_parts(cards)
    return found, parts.tracks, parts.landscapes


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


def set_hash(
    cards: Sequence[Any],
    tracks: Sequence[Any] | None = None,
    landscapes: Sequence[Any] | None = None,
    modes: Sequence[Any] | None = None,
) -> str:
    """:func:`card_hash` of ``cards``, and of ``tracks``, ``landscapes`` and ``modes`` when they are not the
    shipped set's: a save of a game played on a fan set's own wheel, boards or set-up names that set (the
    shipped set's hash is the card hash alone, so saves made before these were cards still load)."""
    out = card_hash(cards)
    if tracks and tuple(tracks) != shipped_tracks():
        facts = sorted(repr((t.id, t.name, sorted(t.modes), t.variant, t.wheel)) for t in tracks)
        out += "+tracks:" + hashlib.sha256("\n".join(facts).encode()).hexdigest()[:16]
    if landscapes and tuple(landscapes) != shipped_landscapes():
        facts = sorted(repr(x) for x in landscapes)
        out += "+landscapes:" + hashlib.sha256("\n".join(facts).encode()).hexdigest()[:16]
    if modes and tuple(modes) != shipped_modes():
        facts = sorted(repr(x) for x in modes)
        out += "+modes:" + hashlib.sha256("\n".join(facts).encode()).hexdigest()[:16]
    return out


__all__ = [
    "SHIPPED",
    "card_hash",
    "card_set",
    "SetParts",
    "chosen",
    "chosen_parts",
    "chosen_set",
    "goods_of",
    "load_set",
    "mode_words",
    "parts_of",
    "set_hash",
    "shipped",
    "shipped_goods",
    "shipped_landscapes",
    "shipped_limit",
    "shipped_modes",
    "shipped_terrains",
    "shipped_tracks",
]

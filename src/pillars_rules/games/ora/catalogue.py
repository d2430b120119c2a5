"""The building catalogue the game reads: what every compiled Ora card gives (issue #58).

The cards are text (the card language); the game sees each compiled card
through :class:`Building`, a protocol of exactly the attributes it reads, so the
game names no card's function. :func:`check` refuses a catalogue the game
cannot play, with a :class:`~pillars_rules.errors.ConfigError` naming the card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from ...errors import ConfigError
from ...mechanisms.use import Outcome, UseContext

KINDS = ("heartland", "building", "settlement")
CARD_VARIANTS = ("both", "france", "ireland")
DECKS = ("heartland", "start", "A", "B", "C", "D")
MARKS = ("none", "3+", "4")
MODE_CODES = frozenset({"1", "2", "2L", "3", "3S", "4", "4S"})


class Function(Protocol):
    """A building's compiled function (:class:`pillars_rules.mechanisms.use.UseFunction`)."""

    def outcomes(self, ctx: UseContext) -> Sequence[Outcome]: ...


class Building(Protocol):
    """A compiled building, heartland building or settlement card."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def variant(self) -> str: ...
    @property
    def deck(self) -> str: ...
    @property
    def mark(self) -> str: ...
    @property
    def modes(self) -> frozenset[str]: ...
    @property
    def cost(self) -> tuple[tuple[str, int], ...]: ...
    @property
    def econ(self) -> int: ...
    @property
    def dwell(self) -> int: ...
    @property
    def terrain(self) -> frozenset[str]: ...
    @property
    def cloister(self) -> bool: ...
    @property
    def function(self) -> Function | None: ...


def _refuse(card: object, what: str) -> ConfigError:
    return ConfigError(f"Ora catalogue, card {card!r:.40}: {what}")


def check(cards: Sequence[Building], terrains: Sequence[str], goods: Sequence[str]) -> Mapping[str, Building]:
    """``cards`` by id, each checked: known kind, variant, deck, mark and modes,
    whole values, a cost of known goods (a settlement's: food and energy),
    known terrains, a function unless a settlement."""
    out: dict[str, Building] = {}
    for card in cards:
        cid = getattr(card, "id", None)
        if type(cid) is not str or not cid:
            raise _refuse(cid, "an id must be a non-empty string")
        if cid in out:
            raise _refuse(cid, "the id is given twice")
        if getattr(card, "kind", None) not in KINDS:
            raise _refuse(cid, f"kind {getattr(card, 'kind', None)!r:.30} is not one of {', '.join(KINDS)}")
        if card.variant not in CARD_VARIANTS:
            raise _refuse(cid, f"variant {card.variant!r:.30} is not one of {', '.join(CARD_VARIANTS)}")
        if card.deck not in DECKS:
            raise _refuse(cid, f"deck {card.deck!r:.30} is not one of {', '.join(DECKS)}")
        if card.mark not in MARKS:
            raise _refuse(cid, f"mark {card.mark!r:.30} is not one of {', '.join(MARKS)}")
        if not isinstance(card.modes, frozenset) or not card.modes <= MODE_CODES:
            raise _refuse(cid, f"modes must be a set of {', '.join(sorted(MODE_CODES))}, not {card.modes!r:.40}")
        for what in ("econ", "dwell"):
            if type(getattr(card, what)) is not int:
                raise _refuse(cid, f"{what} must be a whole number, not {getattr(card, what)!r:.30}")
        if not isinstance(card.terrain, frozenset) or not card.terrain or not card.terrain <= set(terrains):
            raise _refuse(cid, f"terrain must be a non-empty set of {', '.join(terrains)}, not {card.terrain!r:.60}")
        if type(card.cloister) is not bool:
            raise _refuse(cid, "cloister must be true or false")
        allowed = ("food", "energy") if card.kind == "settlement" else (*goods,)
        if not isinstance(card.cost, tuple):
            raise _refuse(cid, f"cost must be a tuple of (good, amount), not {card.cost!r:.40}")
        for pair in card.cost:
            if not (isinstance(pair, tuple) and len(pair) == 2 and pair[0] in allowed and type(pair[1]) is int):
                raise _refuse(
                    cid, f"a cost is pairs of one of {', '.join(allowed)} and a whole number, not {pair!r:.40}"
                )
            if pair[1] < 0:
                raise _refuse(cid, f"a cost may not be negative: {pair!r:.40}")
        if card.kind == "settlement":
            if card.function is not None:
                raise _refuse(cid, "a settlement has no function")
        elif card.function is None or not callable(getattr(card.function, "outcomes", None)):
            raise _refuse(cid, "a building needs a function with outcomes(ctx)")
        out[cid] = card
    return out

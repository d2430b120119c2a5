"""Compiled cards and card sets.

A :class:`Card` is what the card compiler produces from card text: an id, its
names, kind-specific data, and a tuple of abilities drawn from the effect
registry (:mod:`pillars_rules.effects`). A :class:`CardSet` is an ordered,
id-indexed, read-only collection of cards plus an :attr:`~CardSet.identity`,
which saves use to refuse a log recorded with different cards and which keys
the process-wide rules cache (:func:`pillars_rules.engine.context.rules_for`).
"""

from __future__ import annotations

import hashlib
import types
from typing import Iterable, Iterator, Mapping

import attrs
from attrs import field, frozen

from .effects import Ability, Amount, Convert

KINDS: tuple[str, ...] = ("craftsman", "privilege", "event", "resource")


@frozen
class SourcePos:
    """Where a card was written: file, line and column (1-based)."""

    file: str = "<string>"
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@frozen
class Card:
    """One compiled card.

    Kind-specific fields (unused ones keep their defaults):

    * craftsman -- ``round`` (0 = starting card), ``cost`` (amounts paid to hire),
      ``tags`` (names other cards and rules refer to, e.g. ``carpenter``);
    * privilege -- ``mode`` (``permanent``/``once``/``immediate``), ``last_round``;
    * event -- ``harmful``;
    * resource -- ``site`` (``forest``/``quarry``/``sand_pit``), ``yields`` and ``workers``.

    ``variants`` maps a variant name to the abilities that replace
    ``abilities`` when that variant is switched on for a game.
    """

    id: str
    kind: str
    name: str
    name_de: str = ""
    abilities: tuple[Ability, ...] = ()
    round: int = 0
    cost: tuple[Amount, ...] = ()
    tags: tuple[str, ...] = ()
    mode: str = ""
    last_round: bool = False
    harmful: bool = False
    site: str = ""
    yields: Amount | None = None
    workers: int = 0
    variants: tuple[tuple[str, tuple[Ability, ...]], ...] = ()
    pos: SourcePos = field(factory=SourcePos, eq=False, repr=False)

    @property
    def conversions(self) -> tuple[Convert, ...]:
        return tuple(a for a in self.abilities if isinstance(a, Convert))

    def with_variants(self, active: Iterable[str]) -> "Card":
        """This card as played with the given variants switched on."""
        active = set(active)
        for name, abilities in self.variants:
            if name in active:
                return attrs.evolve(self, abilities=abilities)
        return self


def card_set_identity(cards: Iterable[Card]) -> str:
    """SHA-256 (hex) of ``cards`` in canonical form: each card's canonical text
    (:func:`pillars_rules.cardlang.format_cards` of that card alone, variants
    included), sorted by id, each prefixed with its length in UTF-8 bytes (8
    bytes, big-endian). It depends only on what the cards *are*: not on
    file names, comments, layout, order, or whether they were compiled from
    text or built as objects."""
    from .cardlang.formatter import format_cards  # lazily: cardlang imports this module

    texts = sorted((c.id, format_cards((c,)).encode("utf-8")) for c in cards)
    h = hashlib.sha256(b"pillars-rules card set 1\n")
    for _, text in texts:
        h.update(len(text).to_bytes(8, "big"))
        h.update(text)
    return h.hexdigest()


@frozen
class CardSet:
    """An ordered, read-only collection of cards, indexed by id.

    ``sources`` are the (name, text) pairs the set was compiled from (for
    tools; empty for a set built from :class:`Card` objects). ``identity``
    (also ``content_hash``) is :func:`card_set_identity` of the cards.
    """

    cards: tuple[Card, ...] = field(converter=tuple)
    sources: tuple[tuple[str, str], ...] = field(default=(), converter=tuple)
    by_id: Mapping[str, Card] = field(init=False, eq=False, repr=False, hash=False)
    _identity: list = field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "by_id", types.MappingProxyType({c.id: c for c in self.cards}))
        object.__setattr__(self, "_identity", [])  # filled on first use: formatting costs

    @property
    def identity(self) -> str:
        """SHA-256 hex digest of the cards in canonical form (:func:`card_set_identity`)."""
        if not self._identity:
            self._identity.append(card_set_identity(self.cards))
        return self._identity[0]

    @property
    def content_hash(self) -> str:
        """The same as :attr:`identity` (the name saves and older code use)."""
        return self.identity

    def __getitem__(self, card_id: str) -> Card:
        return self.by_id[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.by_id

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def of_kind(self, kind: str) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.kind == kind)

    def merged(self, other: "CardSet") -> "CardSet":
        """This set plus ``other``; a card in ``other`` replaces one with the same id."""
        ids = {c.id for c in other.cards}
        cards = tuple(c for c in self.cards if c.id not in ids) + other.cards
        # a source text merged twice counts once, so merging is idempotent
        return CardSet(cards, tuple(dict.fromkeys(self.sources + other.sources)))

    def with_variants(self, active: Iterable[str]) -> "CardSet":
        active = tuple(active)
        return CardSet(tuple(c.with_variants(active) for c in self.cards), self.sources)

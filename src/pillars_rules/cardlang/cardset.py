"""Card sets: an ordered, id-indexed, read-only collection of compiled cards.

A :class:`CardSet` has an :attr:`~CardSet.identity`, a hash of its cards'
canonical text (printed by :mod:`pillars_rules.cardlang.formatter`), which
saves use to refuse a log recorded with different cards and which keys the
process-wide rules cache of the engine.
"""

from __future__ import annotations

import hashlib
import types
from collections.abc import Callable, Iterable, Iterator, Mapping

from attrs import field, frozen

from .board import Board, assemble, merge_parts
from .card import Card, SourcePos  # noqa: F401 - SourcePos is re-exported (old path pillars_rules.cardlang.cardset)
from .effects import KINDS  # noqa: F401 - re-exported (old path pillars_rules.cardlang.cardset)
from .formatter import card_text


def card_set_identity(cards: Iterable[Card], canonical: Mapping[str, bytes] | None = None) -> str:
    """SHA-256 (hex) of ``cards`` in canonical form: each card's canonical text
    (:func:`pillars_rules.cardlang.format_cards` of that card alone, variants
    included), sorted by id, each prefixed with its length in UTF-8 bytes (8
    bytes, big-endian). It depends only on what the cards *are*: not on
    file names, comments, layout, order, or whether they were compiled from
    text or built as objects. ``canonical`` may give those texts by id."""
    if canonical is None:
        canonical = {c.id: _canonical(c) for c in cards}
    h = hashlib.sha256(b"pillars-rules card set 1\n")
    for cid in sorted(c.id for c in cards):
        text = canonical[cid]
        h.update(len(text).to_bytes(8, "big"))
        h.update(text)
    return h.hexdigest()


def board_identity_part(places: Iterable[Card]) -> bytes:
    """What a set's board adds to its identity: the canonical text of each of
    its place and board cards, in their order (the order is the board's)."""
    out = b"board\n"
    for c in places:
        text = _canonical(c)
        out += len(text).to_bytes(8, "big") + text
    return out


#: How to get the base board's places: set by :mod:`.compiler` when it is
#: imported (always, with the package), which compiles them once per process.
BASE_BOARD: list[Callable[[], tuple[Card, ...]]] = []
_BASE_PART: list[bytes] = []


def base_places() -> tuple[Card, ...]:
    """The base board's place and board cards (``cards/base/board.cards``)."""
    return BASE_BOARD[0]()


def _base_board_part() -> bytes:
    if not _BASE_PART:
        _BASE_PART.append(board_identity_part(base_places()))
    return _BASE_PART[0]


def _canonical(card: Card) -> bytes:
    return card_text(card).encode("utf-8")


def _cards(cards: Iterable[Card]) -> tuple[Card, ...]:  # converter=tuple, typed (mypy's attrs plugin)
    return tuple(cards)


def _pairs(pairs: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    return tuple(pairs)


@frozen
class CardSet:
    """An ordered, read-only collection of cards, indexed by id.

    ``sources`` are the (name, text) pairs the set was compiled from (for
    tools; empty for a set built from :class:`Card` objects). ``identity``
    (also ``content_hash``) is :func:`card_set_identity` of the cards.
    """

    cards: tuple[Card, ...] = field(converter=_cards)
    sources: tuple[tuple[str, str], ...] = field(default=(), converter=_pairs)
    #: The set's places and board card (kinds ``place``, ``board``), in order;
    #: empty: the set plays on the base board (:attr:`board`).
    places: tuple[Card, ...] = field(default=(), converter=_cards)
    by_id: Mapping[str, Card] = field(init=False, eq=False, repr=False, hash=False)
    _identity: list[str] = field(init=False, eq=False, repr=False, hash=False)
    #: id -> canonical text of each card, filled when the identity is first
    #: needed (formatting is what costs) or handed on by :meth:`merged`
    _canonical: dict[str, bytes] = field(init=False, eq=False, repr=False, hash=False)
    _board: list[Board] = field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "by_id", types.MappingProxyType({c.id: c for c in self.cards}))
        object.__setattr__(self, "_identity", [])  # filled on first use: formatting costs
        object.__setattr__(self, "_canonical", {})
        object.__setattr__(self, "_board", [])

    @property
    def identity(self) -> str:
        """SHA-256 hex digest of the cards in canonical form (:func:`card_set_identity`),
        and of the board when it is not the base board: a set on the base board
        keeps the identity it had before boards were text, so the saves and
        tables of those games still name it."""
        if not self._identity:
            ident = card_set_identity(self.cards, self.canonical_texts())
            board = self._board_part()
            if board is not None:
                ident = hashlib.sha256(ident.encode("ascii") + board).hexdigest()
            self._identity.append(ident)
        return self._identity[0]

    def _board_part(self) -> bytes | None:
        if not self.places:
            return None
        mine = board_identity_part(self.places)
        return None if mine == _base_board_part() else mine

    @property
    def board(self) -> Board:
        """The board this set plays on, laid out (:func:`~.board.assemble`)."""
        if not self._board:
            self._board.append(assemble(self.places if self.places else base_places()))
        return self._board[0]

    def canonical_texts(self) -> Mapping[str, bytes]:
        """Each card's canonical text (UTF-8), by id: what the identity hashes."""
        canon = self._canonical
        if len(canon) != len(self.by_id):
            for c in self.by_id.values():
                if c.id not in canon:
                    canon[c.id] = _canonical(c)
        return types.MappingProxyType(canon)

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

    def merged(self, other: CardSet) -> CardSet:
        """This set plus ``other``; a card in ``other`` replaces one with the same id."""
        ids = {c.id for c in other.cards}
        cards = tuple(c for c in self.cards if c.id not in ids) + other.cards
        # a source text merged twice counts once, so merging is idempotent
        places = merge_parts(self.places, other.places) if other.places else self.places
        out = CardSet(cards, tuple(dict.fromkeys(self.sources + other.sources)), places)
        # the cards are the very same objects: their canonical texts carry over
        mine, theirs = self.canonical_texts(), other.canonical_texts()
        out._canonical.update({c.id: (theirs[c.id] if c.id in ids else mine[c.id]) for c in cards})
        return out

    def with_variants(self, active: Iterable[str]) -> CardSet:
        active = tuple(active)
        return CardSet(tuple(c.with_variants(active) for c in self.cards), self.sources, self.places)

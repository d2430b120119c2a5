"""A compiled card: what the card compiler makes of one card's text.

A :class:`Card` holds an id, its names, kind-specific data and a tuple of
abilities drawn from the effect registry (:mod:`pillars_rules.cardlang.effects`).
Sets of cards, with the identity saves check, are in
:mod:`pillars_rules.cardlang.cardset`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs
from attrs import field, frozen

from .effects import Ability, Amount, Convert


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
    * resource -- ``site`` (``forest``/``quarry``/``sand_pit``), ``yields`` and ``workers``;
    * place -- ``place``, a :class:`~pillars_rules.cardlang.board.Place`;
    * board -- ``board``, a :class:`~pillars_rules.cardlang.board.BoardSpec`.

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
    place: Any = None
    board: Any = None
    #: the player counts at which the card is in the game (empty: every count)
    players: tuple[int, ...] = ()
    #: a resource card dealt to the display every round, beside the shuffled
    #: ones (``every round``: a space of the board, e.g. the Crusades)
    every_round: bool = False
    pos: SourcePos = field(factory=SourcePos, eq=False, repr=False)

    @property
    def conversions(self) -> tuple[Convert, ...]:
        return tuple(a for a in self.abilities if isinstance(a, Convert))

    def with_variants(self, active: Iterable[str]) -> Card:
        """This card as played with the given variants switched on."""
        active = set(active)
        for name, abilities in self.variants:
            if name in active:
                return attrs.evolve(self, abilities=abilities)
        return self

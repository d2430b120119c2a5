"""The syntax tree of a building's function and of the goods card
(``grammar/buildings.lark``; docs/ora/cards.rst).

A function is parts joined by ``and``/``then``; a part is a repeat limit and
one or more deals (``|``: one of them each time); a deal gives and takes
*pieces* -- amounts, kinds, track amounts, thresholds, value budgets and
follow-up steps -- written as a list (``,``) of alternatives (``or``) of
groups (``+``). Every node keeps where it was written, so the compiler can
point at the word that is wrong.
"""

from __future__ import annotations

from typing import Union

from attrs import field, frozen

from .ast import Name, Num
from .board import WHEEL_FIELDS

#: The card kinds of this part of the language: the goods card, the cards with a function, the
#: tracks (a rotating track of values per player-count mode and variant: the ``wheel`` lines) and the
#: landscapes (a kind of board of each seat's grid: its sides, where it attaches, its pile and prices) and
#: the modes (the set-up of one way to play: its player counts, clergy, contracts, phases, goods and end).
CARD_KINDS = ("goods", "heartland", "building", "settlement", "track", "landscape", "mode")

#: How each building and goods field is named in messages (the word that starts it).
FIELD_WORDS: dict[str, str] = {
    "b_number": "number",
    "b_variant": "variant",
    "b_deck": "deck",
    "b_arrives": "arrives",
    "b_mark": "mark",
    "b_modes": "modes",
    "b_value": "value",
    "b_dwelling": "dwelling",
    "b_terrain": "terrain",
    "b_cloister": "cloister",
    "b_use": "use:",
    "b_built": "built:",
    "g_good": "good",
    "g_free": "free turn",
    "g_worth": "worth",
    "g_limited": "limited",
    "g_exchange": "exchange",
    "g_terrains": "terrains",
    "l_pile": "pile",
    "l_covers": "covers",
    "l_prices": "prices",
    "l_attach": "attach",
    "l_side": "side",
    "m_clergy": "clergy",
    "m_recall": "recall",
    "m_fee": "fee",
    "m_chooser": "chooser",
    "m_arm": "arm",
    "m_phase": "phase",
    "m_end_count": "end after",
    "m_end_round": "end at round",
    "m_start": "start goods",
    "m_income": "income",
    "m_uncovered": "uncovered",
    "m_option": "option",
    "m_neutral": "neutral",
    "m_goal": "goal",
    "m_wheel_bonus": "wheel bonus",
}
#: The canonical order of a building, settlement, heartland or goods card's fields.
FIELD_ORDER = (
    "b_number",
    "b_variant",
    "b_deck",
    "b_arrives",
    "b_mark",
    "b_modes",
    "cost",
    "b_value",
    "b_dwelling",
    "b_terrain",
    "b_cloister",
    "b_use",
    "b_built",
    "g_good",
    "g_free",
    "g_worth",
    "g_limited",
    "g_exchange",
    "g_terrains",
    # a track card's wheel lines (grammar/cards.lark), after its modes and variant
    *WHEEL_FIELDS,
    # a landscape card's lines: its pile and prices, where it attaches, then its sides in the order written
    "l_pile",
    "l_prices",
    "l_attach",
    "l_covers",
    "l_side",
    # a mode card's lines: its seats (``modes``, above), clergy, contracts, goods, phases, end, options
    "m_clergy",
    "m_recall",
    "m_fee",
    "m_chooser",
    "m_start",
    "m_income",
    "m_wheel_bonus",
    "m_neutral",
    "m_arm",
    "m_phase",
    "m_end_count",
    "m_end_round",
    "m_goal",
    "m_uncovered",
    "m_option",
)


def _pos() -> int:
    return field(default=0, kw_only=True)


@frozen
class Qty:
    """A whole number or a fraction as written: ``2``, ``1/2``."""

    num: Num
    den: Num | None = None
    line: int = _pos()
    column: int = _pos()


@frozen
class LandCell:
    """One square of a landscape's side as written: its terrain, what lies on it (``with``: a cover or a
    card), and the rows it spans (``rows``; ``None``: one)."""

    terrain: Name
    on: Name | None = None
    rows: Num | None = None
    line: int = _pos()
    column: int = _pos()


@frozen
class Mode:
    """A player-count mode: ``3``, ``2 long`` (lexicon ``2L``), ``4 short`` (``4S``)."""

    n: Num
    suffix: str = ""  # "", "long" or "short"
    line: int = _pos()
    column: int = _pos()

    @property
    def token(self) -> str:
        return self.n.text + {"": "", "long": "L", "short": "S"}[self.suffix]


@frozen
class PAmount:
    """``2 grain``; ``1/2 energy`` (a value kind may be paid in fractions)."""

    qty: Qty
    name: Name
    line: int = _pos()
    column: int = _pos()


@frozen
class PKinds:
    """``3 goods of 3 different kinds`` (given)."""

    n: Num
    m: Num
    line: int = _pos()
    column: int = _pos()


@frozen
class POneOf:
    """``6 of (wood, clay)``: 6 of one of them; ``5 and 3 of (...)``: 5 of one, 3 of another."""

    ns: tuple[Num, ...]
    goods: tuple[Name, ...]
    line: int = _pos()
    column: int = _pos()


@frozen
class PTrack:
    """``clay from the track`` (each good by its own track value), ``... with
    wild joker`` (or by the wild's), ``meat or bread from track joker`` (only by it)."""

    goods: tuple[Name, ...]
    own: bool
    wild: Name | None
    line: int = _pos()
    column: int = _pos()


@frozen
class PThreshold:
    """``coin by sheep (1 -> 3, 5 -> 5)``: the amount of the highest step the count reaches."""

    good: Name
    source: Name
    steps: tuple[tuple[Num, Num], ...]
    line: int = _pos()
    column: int = _pos()


@frozen
class PWorth:
    """``(book, ceramic) worth up to 2 points per (cloister) in (1: 1)``."""

    goods: tuple[Name, ...]
    qty: Qty
    kind: Name
    per: tuple[Name, ...] = ()
    rates: tuple[tuple[Mode, Qty], ...] = ()
    line: int = _pos()
    column: int = _pos()


@frozen
class PFollow:
    """A follow-up step: ``build``, ``recall prior``, ``use an occupied building``...
    ``step`` and ``arg`` become a :class:`~pillars_rules.mechanisms.use.Follow`;
    ``text`` is how it is written; ``excepted``: the card a ``use ... except CARD`` leaves out
    (its id; ``arg`` ends with ``except CARD`` too)."""

    step: str
    arg: str
    text: str
    excepted: str | None = None
    line: int = _pos()
    column: int = _pos()

    @property
    def base(self) -> str:
        """``arg`` without its ``except CARD`` part."""
        return self.arg if self.excepted is None else self.arg[: self.arg.rindex(" except ")].strip()


Piece = Union[PAmount, PKinds, POneOf, PTrack, PThreshold, PWorth, PFollow]


@frozen
class Deal:
    """``give -> take`` (``kind`` "exchange"), ``take ...`` ("take") or a lone follow-up ("do")."""

    kind: str
    give: tuple[tuple[tuple[Piece, ...], ...], ...]  # alternatives of groups of pieces, in a list
    take: tuple[tuple[tuple[Piece, ...], ...], ...]
    line: int = _pos()
    column: int = _pos()


@frozen
class Repeat:
    """``once`` (n 1, exactly), ``up to once`` / ``up to N times`` (0..n), ``any number of times`` (n None)."""

    kind: str  # "once", "up_to", "any"
    n: Num | None = None
    line: int = _pos()
    column: int = _pos()


@frozen
class Part:
    repeat: Repeat | None
    deals: tuple[Deal, ...]
    line: int = _pos()
    column: int = _pos()


@frozen
class Function:
    """``use: PART (and|then PART)*``."""

    parts: tuple[Part, ...]
    joiners: tuple[str, ...]
    line: int = _pos()
    column: int = _pos()


@frozen
class Worth:
    """``grain 1`` in ``worth food: grain 1, ...``."""

    good: Name
    qty: Qty
    line: int = _pos()
    column: int = _pos()

"""Ora et Labora's configuration of the shared mechanisms, and its set-up per mode, as data (issue #58).

The mechanisms know no game; these values are what Ora's rules hand them. The goods and the terrains (the
goods card), the wheel of each mode (the track cards), the boards (the landscape cards) and the set-up of
each mode (the mode cards: clergy, contracts, phases, start goods, income, end, options, the neutral
player) are card text in ``cards/ora-et-labora``; this module turns a card into the mechanisms'
configuration (:func:`clergy_of`, :func:`contracts_of`, :func:`phases_of`), and its constants
(``GOODS``, ``FRONT``, ``MODES``, ``START_GOODS``, ``TERRAINS``...) read the shipped cards. Facts: ``ORA_RULES.md`` (§ numbers) and ``ORA_BUILDINGS.md``; rulings (R...):
docs/ora/rules.rst. The mechanisms' tests read the same values
(``tests/mechanisms/ora.py`` imports them from here).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from pillars_rules.errors import ConfigError
from pillars_rules.mechanisms.contract import ContractConfig, Fee
from pillars_rules.mechanisms.grid import Attach, BoardKind, CellSpec, GridConfig, Piece, Rule, Side, Stacks
from pillars_rules.mechanisms.gridscore import ScoreRule
from pillars_rules.mechanisms.phases import End, Phase, PhaseConfig
from pillars_rules.mechanisms.wheel import WheelConfig
from pillars_rules.mechanisms.workers import Recall, WorkerConfig

from .cards import (
    shipped,
    shipped_goods,
    shipped_landscapes,
    shipped_limit,
    shipped_modes,
    shipped_terrains,
    shipped_tracks,
)

# -- the production wheel (§1.1, §5.1-§5.3; R1, R2, R6, R9, R21, R23) --------------------------
# The wheel of each mode and variant is a track card (cards/ora-et-labora/tracks.cards); ``FRONT``,
# ``BACK`` and ``BASIC`` are read from the shipped ones when first asked for.


def wheel_of(tracks: Sequence[Any], code: str, variant: str) -> WheelConfig:
    """The wheel of the one track card of mode ``code`` (``4``, ``2L``, ``3S``...) in ``variant``."""
    found = [t for t in tracks if code in t.modes and t.variant in ("both", variant)]
    if len(found) != 1:
        raise ConfigError(
            f"Ora rules: the card set needs one track card for mode {code} in {variant}, it has {len(found)}"
            + (f" ({', '.join(t.id for t in found)})" if found else "")
        )
    return WheelConfig.from_fields(found[0].wheel)


def wheel(mode: str = "4 players", variant: str = "france") -> WheelConfig:
    """The shipped set's wheel of a mode (R1: which side; R6: when grapes and stone enter; R21/R23: solo)."""
    return wheel_of(shipped_tracks(), mode_card(mode).seats[0][1], variant)


# -- the landscape (§1.6, §4.6, §4.7, §4.10; R12, R15, R16, R30) -------------------------------

HOME = frozenset({"heartland", "district"})
#: The landscape constants, read from the shipped landscape cards (cards/ora-et-labora/landscapes.cards) when
#: first asked for: the boards' sides, the grid, the piles and their prices, the covers and their goods, the
#: heartland's printed buildings by name (``PRINTED``).
_LANDSCAPE_NAMES = frozenset(
    {"GRID", "STACKS", "HEARTLAND", "DISTRICT_SIDES", "COAST", "MOUNTAIN", "COVERS", "COVER_GOOD", "PRINTED"}
)

CLAY_MOUND = Piece("clay_mound")
FARMYARD = Piece("farmyard")
CLOISTER_OFFICE = Piece("cloister_office", {"cloister"})


def side_of(name: str, cells: Sequence[Any], pieces: Mapping[str, Piece], empty: tuple[int, ...] = ()) -> Side:
    """A landscape card's side (:class:`~pillars_rules.cardlang.landcomp.LandCellSpec` squares) as the grid's:
    each printed card the piece ``pieces`` gives for its id; ``empty``: the top row's columns whose cover
    is left off (the short game's heartland, §10.3; R13)."""
    out = []
    for c in cells:
        occupant = None
        if c.card is not None:
            occupant = pieces.get(c.card)
            if occupant is None:
                raise ConfigError(
                    f"Ora rules: the board side {name!r} has the card {c.card!r} printed on it, which is not in play"
                )
        cover = None if c.dy == 0 and c.dx in empty else c.cover
        out.append(CellSpec(c.dx, c.dy, c.terrain, cover=cover, occupant=occupant, height=c.height))
    return Side(name, tuple(out))


def boards_of(
    landscapes: Sequence[Any], pieces: Mapping[str, Piece], empty: tuple[int, ...] = ()
) -> tuple[BoardKind, ...]:
    """The board kinds of a set's landscape cards, in the order written; the first board (no ``attach``)
    with the short game's ``empty`` columns."""
    out = []
    for land in landscapes:
        a = land.attach
        attach = None
        if a is not None:
            attach = Attach(a.column, a.stacked, a.touch, frozenset(a.to_boards), frozenset(a.to_terrains))
        sides = tuple(side_of(n, cells, pieces, empty if a is None else ()) for n, cells in land.sides)
        out.append(BoardKind(land.name, sides, attach))
    return tuple(out)


def grid_of(
    landscapes: Sequence[Any],
    pieces: Mapping[str, Piece],
    empty: tuple[int, ...] = (),
    neutral: Piece | None = None,
    terrains: Sequence[str] | None = None,
    neutral_at: tuple[int, int] = (0, 0),
) -> GridConfig:
    """The grid of a game on a set's landscape cards (``terrains``: the goods card's; default the shipped
    one's); solo, the neutral player's heartland too: the first board's first side with no forest or moor,
    its first building on ``neutral_at``, the top left (§9.3; D9)."""
    boards = list(boards_of(landscapes, pieces, empty))
    covers = tuple(c for land in landscapes for c, _ in land.covers)
    if neutral is not None:
        first = next(b for b in boards if b.attach is None)
        cells = tuple(
            attrs.evolve(c, cover=None, occupant=neutral if (c.dx, c.dy) == neutral_at else c.occupant)
            for c in first.sides[0].cells
        )
        boards.append(BoardKind("neutral " + first.name, (Side(first.sides[0].name, cells),)))
    lands = shipped_terrains() if terrains is None else terrains
    return GridConfig(terrains=tuple(lands), covers=covers, boards=tuple(boards))


def stacks_of(landscapes: Sequence[Any], mode: str = "4 players") -> Stacks:
    """The landscape piles of a set's landscape cards, in the order written, each with its prices: cheapest
    first; solo, most expensive first (§2.5, §9.1; R10)."""
    piles = {land.pile: land.prices for land in landscapes if land.pile and land.prices}
    if mode == "solo":
        return Stacks(tuple((k, tuple(reversed(p))) for k, p in piles.items()))
    return Stacks(tuple(piles.items()))


def cover_goods(landscapes: Sequence[Any]) -> dict[str, str]:
    """What each cover gives when removed (§4.5), as the landscape cards declare it."""
    return {c: g for land in landscapes for c, g in land.covers}


#: The printed heartland buildings of the module's constants (``HEARTLAND``, ``GRID``), by card id.
_PRINTED_PIECES = {p.card: p for p in (CLAY_MOUND, FARMYARD, CLOISTER_OFFICE)}


def _shipped(name: str) -> Any:
    """The module's landscape constants, read from the shipped landscape cards."""
    lands = shipped_landscapes()
    by = {b.name: b for b in boards_of(lands, _PRINTED_PIECES)}
    if name == "GRID":
        return grid_of(lands, _PRINTED_PIECES)
    if name == "STACKS":
        return stacks_of(lands)
    if name in ("HEARTLAND", "COAST", "MOUNTAIN"):
        return by[{"HEARTLAND": "heartland", "COAST": "coast-plot", "MOUNTAIN": "mountain-plot"}[name]].sides[0]
    if name == "DISTRICT_SIDES":
        return by["district"].sides
    if name == "COVERS":
        return tuple(cover_goods(lands))
    if name == "COVER_GOOD":
        return cover_goods(lands)
    # PRINTED: the heartland's printed buildings by their names, and their squares (R12)
    names = {c.id: c.name for c in shipped()}
    first = next(land for land in lands if land.attach is None)
    return tuple((names[c.card], (c.dx, c.dy)) for c in first.sides[0][1] if c.card is not None)


#: A few cards' placement rules (terrain from the lexicon, §4.7; the cloister rule, §4.6.2).
LAND = frozenset({"coast", "plains", "hillside"})
RULES = {
    "windmill": Rule({"coast", "hillside"}),
    "quarry": Rule({"mountain"}),
    "houseboat": Rule({"water"}),
    "priory": Rule(LAND, next_to={"cloister"}),  # a cloister building
    "fuel_merchant": Rule(LAND),
    "fishing_village": Rule({"coast"}),
    "shanty_town": Rule(LAND),
}

#: §7.4: settlements score their dwelling value and their neighbours'; empty water 3.
SCORING = ScoreRule({"settlement"}, empty={"water": 3})


# -- a mode card as the mechanisms' configurations (§1.4, §3.2, §4.3, §4.12, §6, §8, §9, §10) ----------


def mode_card(mode: str, modes: Sequence[Any] | None = None) -> Any:
    """The mode card (:class:`~pillars_rules.cardlang.modecomp.ModeCard`) of ``mode`` among ``modes``
    (default: the shipped set's, ``cards/ora-et-labora/modes.cards``)."""
    cards = shipped_modes() if modes is None else modes
    for m in cards:
        if m.name == mode:
            return m
    raise ConfigError(f"Ora rules: mode {mode!r:.40} is not one of {', '.join(m.name for m in cards)}")


def clergy_of(card: Any) -> WorkerConfig:
    """Each seat's clergy and when they come home, as the mode card writes them (§1.4, §3.2, §4.12, §8.3,
    §10.4; R20)."""
    recalls = tuple(
        Recall(moment) if kinds is None else Recall(moment, when="always", kinds=frozenset(kinds))
        for moment, kinds in card.recalls
    )
    return WorkerConfig(kinds=tuple(card.clergy), recalls=recalls)


def contracts_of(card: Any, variant: str) -> ContractConfig:
    """The work contract's fees by level, the ways to pay of ``variant`` (§4.3.3, §4.3.4, §9.4), and who
    picks the clergyman a contract uses."""
    fees = tuple(tuple(Fee(goods, to=to) for goods, to, v in level if v in (None, variant)) for level in card.fees)
    return ContractConfig(fees=fees, chooser=card.chooser)


def phases_of(card: Any) -> PhaseConfig:
    """The mode card's phases (R7: a phase in round ``r`` waits on the arm's space ``r mod arm``) and its
    end by a count (§8.6, §8.7)."""
    phases = tuple(
        Phase(
            p.name,
            space=None if p.round is None else p.round % card.arm,
            after=p.after,
            steps=p.steps,
            grants=p.grants,
        )
        for p in card.phases
    )
    end = None if card.end_count is None else End(*card.end_count)
    return PhaseConfig(board=card.arm, phases=phases, end=end)


def clergy(mode: str = "4 players") -> WorkerConfig:
    """The shipped set's clergy of ``mode`` (:func:`clergy_of`)."""
    return clergy_of(mode_card(mode))


def contracts(variant: str = "france", mode: str = "4 players") -> ContractConfig:
    """The shipped set's work contracts of ``mode`` in ``variant`` (:func:`contracts_of`)."""
    return contracts_of(mode_card(mode), variant)


def phases(mode: str = "4 players") -> PhaseConfig:
    """The shipped set's phases of ``mode`` (:func:`phases_of`)."""
    return phases_of(mode_card(mode))


# -- goods (§1.2, §4.8, §4.9, §5.4-§5.7, §7.2; R3, R4, R36) ------------------------------------
# The goods are the goods card's (cards/ora-et-labora/goods.cards): a game reads its rules' ``goods``
# (the goods card of its set); ``GOODS`` is the shipped card's, compiled when first asked for.


def __getattr__(name: str) -> Any:
    if name == "GOODS":
        return shipped_goods()
    if name in _MODE_NAMES:
        return _shipped_mode_name(name)
    if name in _LANDSCAPE_NAMES:
        return _shipped(name)
    if name in ("FRONT", "BACK", "BASIC"):  # the wheel's two sides and its indicators (the track cards)
        w = wheel("2 players" if name == "BACK" else "4 players")
        return w.indicators if name == "BASIC" else w.values
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# -- modes (§2.3, §3.8, §8, §9, §10) -----------------------------------------------------------

VARIANTS = ("france", "ireland")
#: The goods of one variant only (§1.2, §2.1).
ONLY = {"france": frozenset({"grapes", "wine", "flour", "bread"}), "ireland": frozenset({"malt", "beer", "whiskey"})}
#: The most settlements a seat builds in one settlement phase (§6.3; R18).
SETTLEMENTS_PER_PHASE = 1
#: The set-up constants, read from the shipped cards when first asked for: ``MODES`` (mode -> {seats: the
#: cards' mode token}), ``OPTIONS`` (option -> the modes it is for), ``START_GOODS`` (R11), ``INCOME`` (the
#: short game's, §10.6; R28), ``OPEN_LIMIT`` (the 2-player games' last round, R35), ``NEUTRAL`` and
#: ``NEUTRAL_START`` (the solo game's neutral player and its building, top left, §9.3; D9), ``SOLO_GOAL``
#: (§9.7; R24), ``BOARD`` (the arm's spaces), ``TERRAINS`` (the goods card's), ``WONDERS`` (its supply of
#: wonders, §1.8; R3) and ``RAISES_FEE`` (the names of the cards whose building raises the fee, §4.3.3; D5).
_MODE_NAMES = frozenset(
    {
        "MODES",
        "OPTIONS",
        "START_GOODS",
        "INCOME",
        "OPEN_LIMIT",
        "NEUTRAL",
        "NEUTRAL_START",
        "SOLO_GOAL",
        "BOARD",
        "TERRAINS",
        "WONDERS",
        "RAISES_FEE",
    }
)


def _shipped_mode_name(name: str) -> Any:
    modes = shipped_modes()
    if name == "MODES":
        return {m.name: dict(m.seats) for m in modes}
    if name == "OPTIONS":
        return {o: frozenset(m.name for m in modes if o in dict(m.options)) for m in modes for o, _ in m.options}
    if name == "START_GOODS":
        return next(m.start for m in modes if m.start)
    if name == "INCOME":
        return dict(next(m.income for m in modes if m.income))
    if name == "OPEN_LIMIT":
        return {m.name: m.last_round for m in modes if m.last_round is not None}
    if name in ("NEUTRAL", "NEUTRAL_START"):
        who, cid = next(m.neutral for m in modes if m.neutral)
        return who if name == "NEUTRAL" else (next(c.name for c in shipped() if c.id == cid), (0, 0))
    if name == "SOLO_GOAL":
        return next(m.goal for m in modes if m.goal is not None)
    if name == "BOARD":
        return modes[0].arm
    if name == "TERRAINS":
        return shipped_terrains()
    if name == "WONDERS":
        return shipped_limit("wonder")
    return frozenset(c.name for c in shipped() if c.built)  # RAISES_FEE


def heartland(printed: dict[str, Piece], empty: tuple[int, ...] = ()) -> Side:
    """The shipped start heartland with the catalogue's printed buildings (by the lexicon's names) on it
    (R12); ``empty``: the top row's columns whose cover is left off (the short game's, §10.3; R13)."""
    return boards_of(shipped_landscapes(), _by_id(printed), empty)[0].sides[0]


def _by_id(printed: Mapping[str, Piece]) -> dict[str, Piece]:
    """Printed buildings by the lexicon's names -> by the shipped cards' ids."""
    return {c.id: printed[c.name] for c in shipped() if c.name in printed}


def grid(printed: dict[str, Piece], empty: tuple[int, ...] = (), neutral: Piece | None = None) -> GridConfig:
    """The grid of a game on the shipped landscapes, with the catalogue's heartland (printed buildings by
    the lexicon's names); solo, the neutral player's heartland too (§9.3)."""
    return grid_of(shipped_landscapes(), _by_id(printed), empty, neutral)


def stacks(mode: str) -> Stacks:
    """The shipped landscape piles: cheapest first; solo, most expensive first (§2.5, §9.1; R10)."""
    return stacks_of(shipped_landscapes(), mode)

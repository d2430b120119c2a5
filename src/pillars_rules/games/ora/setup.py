"""Ora et Labora's configuration of the shared mechanisms, and its set-up per mode, as data (issue #58).

The mechanisms know no game; these values are what Ora's rules hand them. The goods (the goods
card) and the wheel of each mode (the track cards) are card text in ``cards/ora-et-labora``; this
module's ``GOODS``, ``wheel``, ``FRONT``, ``BACK`` and ``BASIC`` read the shipped cards. Facts: ``ORA_RULES.md`` (§ numbers) and ``ORA_BUILDINGS.md``; rulings (R...):
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

from .cards import shipped, shipped_goods, shipped_landscapes, shipped_tracks

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
    return wheel_of(shipped_tracks(), next(iter(MODES[mode].values())), variant)


# -- the landscape (§1.6, §4.6, §4.7, §4.10; R12, R15, R16, R30) -------------------------------

TERRAINS = ("water", "coast", "plains", "hillside", "mountain")
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
    terrains: Sequence[str] = TERRAINS,
) -> GridConfig:
    """The grid of a game on a set's landscape cards; solo, the neutral player's heartland too: the first
    board's first side with no forest or moor, its first building top left (§9.3; D9)."""
    boards = list(boards_of(landscapes, pieces, empty))
    covers = tuple(c for land in landscapes for c, _ in land.covers)
    if neutral is not None:
        first = next(b for b in boards if b.attach is None)
        cells = tuple(
            attrs.evolve(c, cover=None, occupant=neutral if (c.dx, c.dy) == NEUTRAL_START[1] else c.occupant)
            for c in first.sides[0].cells
        )
        boards.append(BoardKind("neutral " + first.name, (Side(first.sides[0].name, cells),)))
    return GridConfig(terrains=tuple(terrains), covers=covers, boards=tuple(boards))


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


# -- clergy (§1.4, §3.2, §4.12, §8.3, §9.3, §10.4; R20, R22) --------------------------------------


def clergy(mode: str = "4 players") -> WorkerConfig:
    """1 prior + 2 lay brothers (short game: 1 + 1, §10.4); all come home at the
    round's start when all are placed (§3.2; 2 players: after the rotation, §8.3,
    R20, a moment of the flow's own); the bonus round brings every prior home (§4.12)."""
    brothers = 1 if mode == "short" else 2
    moment = "after rotation" if mode in ("2 players", "long 2 players") else "round start"
    return WorkerConfig(
        kinds=(("prior", 1), ("lay brother", brothers)),
        recalls=(Recall(moment), Recall("bonus round", when="always", kinds={"prior"})),
    )


# -- work contracts (§4.3, §9.4) ---------------------------------------------------------------


def contracts(variant: str = "france", mode: str = "4 players") -> ContractConfig:
    """1 coin to the owner, 2 once a Winery/Distillery is built (level 1, §4.3.3); 1 wine
    (France) or whiskey (Ireland) to the supply instead at either level (§4.3.4).
    Solo: the coins go to the supply, and the player picks the neutral worker (§9.4)."""
    drink = "wine" if variant == "france" else "whiskey"
    to = "supply" if mode == "solo" else "owner"
    favour = Fee({drink: 1}, to="supply")
    return ContractConfig(
        fees=((Fee({"coin": 1}, to=to), favour), (Fee({"coin": 2}, to=to), favour)),
        chooser="user" if mode == "solo" else "owner",
    )


# -- goods (§1.2, §4.8, §4.9, §5.4-§5.7, §7.2; R3, R4, R36) ------------------------------------
# The goods are the goods card's (cards/ora-et-labora/goods.cards): a game reads its rules' ``goods``
# (the goods card of its set); ``GOODS`` is the shipped card's, compiled when first asked for.


def __getattr__(name: str) -> Any:
    if name == "GOODS":
        return shipped_goods()
    if name in _LANDSCAPE_NAMES:
        return _shipped(name)
    if name in ("FRONT", "BACK", "BASIC"):  # the wheel's two sides and its indicators (the track cards)
        w = wheel("2 players" if name == "BACK" else "4 players")
        return w.indicators if name == "BASIC" else w.values
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# -- settlement phases and the bonus round (§3.4, §4.12, §6, §8.6, §8.7, §9.6, §10.5; R7, R29) --

#: The board the arm goes round: 13 spaces (the wheel's 13 values), so the arm passes
#: the E space a second time in round 25 (§4.12). R7's rounds are ``space + 13 * lap``.
BOARD = 13
_SETTLE = ("move marker", "buy landscape", "settle")  # sub-phases 1 and 2 (§6.2, §6.3; R29)
_GRANTS = (("landscape", 1), ("settlement", 1))  # §6.3; R18


def _settlement_phases(rounds: tuple[int, ...], neutral: bool = False) -> tuple[Phase, ...]:
    before = ("neutral builds", "neutral prior", "neutral recall") if neutral else ()  # §9.6 steps 3-5
    return tuple(
        Phase(deck, space=r % BOARD, steps=before + _SETTLE + (f"reveal {deck}",), grants=_GRANTS)
        for deck, r in zip("ABCD", rounds, strict=True)
    )


def phases(mode: str = "4 players") -> PhaseConfig:
    """R7's settlement phases per mode; the bonus round when the arm passes the E space
    again (§4.12); phase E after it (§6.7), or the count end of the 2-player games."""
    final = Phase("E", after="bonus round over", steps=("buy landscape", "settle"), grants=_GRANTS)
    if mode in ("4 players", "3 players", "short"):
        rounds, bonus = {"4 players": ((7, 10, 16, 19), 25), "3 players": ((6, 11, 15, 20), 25)}.get(
            mode, ((3, 5, 7, 9), 13)
        )
        extra = Phase("bonus round", space=bonus % BOARD, steps=("return priors", "one action each"))
        return PhaseConfig(board=BOARD, phases=(*_settlement_phases(rounds), extra, final))
    if mode == "solo":  # §9.6: in the last round your two actions come first
        last = Phase("E", space=32 % BOARD, steps=("two actions", "neutral builds", "buy landscape", "settle"))
        return PhaseConfig(board=BOARD, phases=(*_settlement_phases((12, 16, 22, 26), neutral=True), last))
    display = 1 if mode == "2 players" else 3  # §8.6, §8.7
    return PhaseConfig(
        board=BOARD, phases=_settlement_phases((7, 14, 21, 28)), end=End("D", "buildings displayed", display)
    )


# -- modes (§2.3, §3.8, §8, §9, §10) -----------------------------------------------------------

#: The modes, each with its seat counts and the lexicon's code per seat count (the cards' ``modes``).
MODES: dict[str, dict[int, str]] = {
    "4 players": {4: "4"},
    "3 players": {3: "3"},
    "2 players": {2: "2"},
    "long 2 players": {2: "2L"},
    "solo": {1: "1"},
    "short": {3: "3S", 4: "4S"},
}
VARIANTS = ("france", "ireland")
#: The goods of one variant only (§1.2, §2.1).
ONLY = {"france": frozenset({"grapes", "wine", "flour", "bread"}), "ireland": frozenset({"malt", "beer", "whiskey"})}
#: Starting goods (R11; solo none, §9.1).
START_GOODS = (("wood", 1), ("clay", 1), ("peat", 1), ("sheep", 1), ("grain", 1), ("coin", 1))
#: The short game's round income (§10.6; R28), by round.
INCOME: dict[int, tuple[tuple[str, int], ...]] = {
    1: (("grain", 1), ("sheep", 1)),
    2: (("grain", 1), ("clay", 1)),
    3: (("grain", 1), ("wood", 1)),
    4: (("grain", 1), ("stone", 1)),
    5: (("peat", 1), ("stone", 1)),
    6: (("clay", 1), ("stone", 1)),
    7: (("wood", 1), ("stone", 1)),
    8: (("stone", 1), ("coin", 5)),
    9: (("stone", 1), ("meat", 1)),
    10: (("book", 1), ("grain", 1)),
    11: (("ceramic", 1), ("clay", 1)),
    12: (("ornament", 1), ("wood", 1)),
}
#: The buildings whose building raises the work-contract fee for everyone (§4.3.3; D5).
RAISES_FEE = frozenset({"Winery", "Whiskey Distillery"})
#: Wonders on the table (§1.8, §5.7; R3).
WONDERS = 8
#: The open 2-player games' last round (turn), a ruling of ours (R35): their end (§8.6, §8.7) needs the
#: display nearly empty, which never comes once a displayed building fits no landscape (a cloister
#: building whose every cloister neighbour is taken), so the game ends after this round at the latest.
OPEN_LIMIT = {"2 players": 400, "long 2 players": 200}
#: The solo game's neutral player (§9.3): its name, the building it starts with on its heartland's
#: top-left space (D9), and the points that win the solo game (§9.7; R24).
NEUTRAL = "Neutral player"
NEUTRAL_START = ("Builders' Market", (0, 0))
SOLO_GOAL = 500
#: The most settlements a seat builds in one settlement phase (§6.3; R18).
SETTLEMENTS_PER_PHASE = 1


#: The set-up options (§10.2, §10.3): each with the modes it applies to.
OPTIONS = {
    # R13's variant: the German rulebook's short game leaves the top row's first and third spaces empty
    "german heartland": frozenset({"short"}),
    # D17: France, short game with 4 players: the deck-C Quarry may go back to the box
    "no deck-C quarry": frozenset({"short"}),
}


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

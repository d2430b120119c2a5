"""Ora et Labora's configuration of the shared mechanisms, and its set-up per mode, as data (issue #58).

The mechanisms know no game; these values are what Ora's rules hand them. The goods (the goods
card) and the wheel of each mode (the track cards) are card text in ``cards/ora-et-labora``; this
module's ``GOODS``, ``wheel``, ``FRONT``, ``BACK`` and ``BASIC`` read the shipped cards. Facts: ``ORA_RULES.md`` (§ numbers) and ``ORA_BUILDINGS.md``; rulings (R...):
docs/ora/rules.rst. The mechanisms' tests read the same values
(``tests/mechanisms/ora.py`` imports them from here).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from pillars_rules.errors import ConfigError
from pillars_rules.mechanisms.contract import ContractConfig, Fee
from pillars_rules.mechanisms.grid import Attach, BoardKind, CellSpec, GridConfig, Piece, Rule, Side, Stacks
from pillars_rules.mechanisms.gridscore import ScoreRule
from pillars_rules.mechanisms.phases import End, Phase, PhaseConfig
from pillars_rules.mechanisms.wheel import WheelConfig
from pillars_rules.mechanisms.workers import Recall, WorkerConfig

from .cards import shipped_goods, shipped_tracks

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
COVERS = ("forest", "moor")
HOME = frozenset({"heartland", "district"})

CLAY_MOUND = Piece("clay_mound")
FARMYARD = Piece("farmyard")
CLOISTER_OFFICE = Piece("cloister_office", {"cloister"})


def _plains(dx: int, dy: int, cover: str | None = None, occupant: Piece | None = None) -> CellSpec:
    return CellSpec(dx, dy, "plains", cover=cover, occupant=occupant)


#: The start heartland, 2 x 5 (ORA_BUILDINGS.md "Start heartland"; R12). Row 0 is the top.
HEARTLAND = Side(
    "printed",
    (
        _plains(0, 0, "moor"),
        _plains(1, 0, "forest"),
        _plains(2, 0, "forest"),
        _plains(3, 0),
        CellSpec(4, 0, "hillside", occupant=CLAY_MOUND),
        _plains(0, 1, "moor"),
        _plains(1, 1, "forest"),
        _plains(2, 1, occupant=FARMYARD),
        _plains(3, 1),
        _plains(4, 1, occupant=CLOISTER_OFFICE),
    ),
)
#: Districts: 1 x 5, two sides read left to right (§1.6, §4.10.2; R30); above or below, no gaps (R15).
DISTRICT_SIDES = (
    Side(
        "moor-forest",
        (
            _plains(0, 0, "moor"),
            _plains(1, 0, "forest"),
            _plains(2, 0, "forest"),
            CellSpec(3, 0, "hillside"),
            CellSpec(4, 0, "hillside"),
        ),
    ),
    Side(
        "forest-plains",
        (_plains(0, 0, "forest"), _plains(1, 0), _plains(2, 0), _plains(3, 0), CellSpec(4, 0, "hillside")),
    ),
)
#: Plots: the coast side left (water outermost), the mountain side right, the mountain two rows high (§4.10.3; R30).
COAST = Side(
    "coast", (CellSpec(0, 0, "water"), CellSpec(1, 0, "coast"), CellSpec(0, 1, "water"), CellSpec(1, 1, "coast"))
)
MOUNTAIN = Side(
    "mountain", (CellSpec(0, 0, "hillside"), CellSpec(0, 1, "hillside"), CellSpec(1, 0, "mountain", height=2))
)

GRID = GridConfig(
    terrains=TERRAINS,
    covers=COVERS,
    boards=(
        BoardKind("heartland", (HEARTLAND,)),
        BoardKind("district", DISTRICT_SIDES, Attach(column=0, stack=True, to_boards=HOME)),
        BoardKind("coast-plot", (COAST,), Attach(column=-2, touch="coast", to_boards=HOME, to_terrains={"coast"})),
        BoardKind(
            "mountain-plot", (MOUNTAIN,), Attach(column=5, touch="hillside", to_boards=HOME, to_terrains={"hillside"})
        ),
    ),
)
#: Prices in stack order, cheapest first (§1.1, §2.5; R10); solo reversed.
STACKS = Stacks((("district", (2, 3, 4, 4, 5, 5, 6, 7, 8)), ("plot", (3, 4, 4, 5, 5, 5, 6, 6, 7))))

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
#: What each cover gives when removed (§4.5): its good, read on the wheel.
COVER_GOOD = {"forest": "wood", "moor": "peat"}
#: The heartland's printed buildings, by the lexicon's names, and their cells (R12).
PRINTED = (("Clay Mound", (4, 0)), ("Farmyard", (2, 1)), ("Cloister Office", (4, 1)))
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
    """The start heartland with the catalogue's printed buildings on it (R12); ``empty``: the top
    row's columns whose cover is left off (the short game's, §10.3; R13)."""
    cells = []
    for c in HEARTLAND.cells:
        cover = None if c.dy == 0 and c.dx in empty else c.cover
        occupant = c.occupant
        if occupant is not None:
            name = {CLAY_MOUND.card: "Clay Mound", FARMYARD.card: "Farmyard", CLOISTER_OFFICE.card: "Cloister Office"}
            occupant = printed[name[occupant.card]]
        cells.append(attrs.evolve(c, cover=cover, occupant=occupant))
    return Side(HEARTLAND.name, tuple(cells))


def grid(printed: dict[str, Piece], empty: tuple[int, ...] = (), neutral: Piece | None = None) -> GridConfig:
    """The grid of a game: :data:`GRID` with the catalogue's heartland; solo, the neutral player's
    heartland too: no forest or moor, its first building top left (§9.3)."""
    home = BoardKind("heartland", (heartland(printed, empty),))
    boards = [home, *GRID.boards[1:]]
    if neutral is not None:
        cells = tuple(
            attrs.evolve(c, cover=None, occupant=neutral if (c.dx, c.dy) == NEUTRAL_START[1] else c.occupant)
            for c in home.sides[0].cells
        )
        boards.append(BoardKind("neutral heartland", (Side("printed", cells),)))
    return attrs.evolve(GRID, boards=tuple(boards))


def stacks(mode: str) -> Stacks:
    """The landscape stacks: cheapest first; solo, most expensive first (§2.5, §9.1; R10)."""
    if mode != "solo":
        return STACKS
    return Stacks(tuple((k, tuple(reversed(p))) for k, p in STACKS.piles))

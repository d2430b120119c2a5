"""Ora et Labora's configuration of the shared mechanisms, as data (issue #58).

The engine's mechanisms know no game; these values are what Ora's card set
will state. Facts: ``ORA_RULES.md`` (§ numbers) and ``ORA_BUILDINGS.md``;
rulings (R...): docs/ora/rules.rst.
"""

from __future__ import annotations

from pillars_rules.mechanisms.grid import Attach, BoardKind, CellSpec, GridConfig, Piece, Rule, Side, Stacks
from pillars_rules.mechanisms.gridscore import ScoreRule
from pillars_rules.mechanisms.wheel import WheelConfig

# -- the production wheel (§1.1, §5.1-§5.3; R1, R2, R6, R9, R21, R23) --------------------------

FRONT = (0, 2, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 10)
BACK = (0, 1, 2, 2, 3, 4, 4, 5, 6, 6, 7, 8, 10)
BASIC = ("wood", "clay", "peat", "sheep", "grain", "coin", "joker")


def wheel(mode: str = "4 players", variant: str = "france") -> WheelConfig:
    """The wheel of a mode (R1: which side; R6: when grapes and stone enter; R21/R23: solo)."""
    if mode == "solo":  # §9.1, §9.2: grapes and stone to the box; the joker waits for phase A (R21)
        return WheelConfig(values=FRONT, indicators=BASIC[:-1], entering={"joker": 12}, at_end="remove", wild="joker")
    side, grapes, stone = {
        "4 players": (FRONT, 8, 13),
        "3 players": (FRONT, 8, 13),
        "short": (FRONT, 4, 6),
        "2 players": (BACK, 11, 18),
        "long 2 players": (FRONT, 11, 18),
    }[mode]
    entering = {"grapes": grapes, "stone": stone} if variant == "france" else {"stone": stone}
    return WheelConfig(values=side, indicators=BASIC, entering=entering, at_end="cap", wild="joker")


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

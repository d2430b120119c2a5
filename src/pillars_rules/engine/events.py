"""Events: facts in the past tense. The log of a game is a tuple of these.

Each event is a small frozen attrs class holding only data: ids and amounts,
never effect objects, so a log is plain data. The English sentence for each
event is written outside the engine, in :mod:`pillars_rules.words.events`.
"""

from __future__ import annotations

from attrs import frozen

from ..cardlang.effects import Amount
from .state import Board, Builders, Decks, Job, Pieces, Pins, PlayerState, RoundState


EVENT_TYPES: dict[str, type] = {}


def event(cls: type) -> type:
    cls = frozen(cls)
    EVENT_TYPES[cls.__name__] = cls
    return cls


# ----------------------------------------------------------------- setup / chance
@event
class GameStarted:
    """The game was set up (§1): seats, seed, variants, card set, starting holdings."""

    names: tuple[str, ...]
    seed: int
    variants: tuple[str, ...]
    card_hash: str
    starting_craftsmen: tuple[str, ...]
    gold: tuple[int, ...]
    vp: int = 2


@event
class PositionSet:
    """Set-up: a scenario (:func:`pillars_rules.scenario`) put the game into this
    position, right after :class:`GameStarted`. It holds the whole position as
    plain data, secrets (deck orders, pinned chance) included; replay checks it
    is a possible position before folding it.

    ``stage`` is ``round_end`` (the next round opens next), ``draft``,
    ``builders`` or ``enter`` (Phase III ``step`` starts next)."""

    round: int
    stage: str
    step: str
    start_player: int
    cathedral: int
    players: tuple[PlayerState, ...]
    board: Board
    decks: Decks
    table: RoundState
    builders: Builders
    pins: Pins


@event
class DecksShuffled:
    """Chance: the craftsman decks (one per round), events and privileges were shuffled (§1)."""

    craftsmen: tuple[tuple[str, ...], ...]
    events: tuple[str, ...]
    privileges: tuple[str, ...]


@event
class RoundStarted:
    """Round opening (§2.1); ``workers`` are each seat's pieces this round."""

    round: int
    workers: tuple[Pieces, ...]


@event
class ResourceCardsDealt:
    """Chance: the resource cards revealed into the display (§2.1)."""

    cards: tuple[str, ...]


@event
class DecisionPending:
    """Control: ``seat`` must now make a decision of ``kind``."""

    kind: str
    seat: int


# ----------------------------------------------------------------- phase I
@event
class ResourceCardTaken:
    seat: int
    card: str
    pieces: Pieces


@event
class CraftsmanHired:
    seat: int
    card: str
    cost: tuple[Amount, ...]
    source: str = "draft"


@event
class CraftsmanDiscarded:
    seat: int
    card: str


@event
class DraftPassed:
    seat: int


@event
class DraftEnded:
    """Phase I is over (§2.2); unplaced workers went to the wool mill."""


# ----------------------------------------------------------------- phase II
@event
class BuildersBagged:
    bag: tuple[int, ...]
    thirds: tuple[int, ...] = ()


@event
class BuilderDrawn:
    """Chance: a builder of ``seat`` was drawn; placing it costs ``price``."""

    seat: int
    price: int


@event
class BuilderReturned:
    """The start player put the drawn builder back into the bag (§2.3)."""

    seat: int


@event
class BuilderPlaced:
    seat: int
    location: str
    spot: int
    price: int
    source: str = "bag"


@event
class BuilderSetAside:
    """The builder had no legal spot (all free spots are at locations where its
    owner already stands, §2.3) and goes back unplaced, free."""

    seat: int
    source: str = "bag"


@event
class BuilderParked:
    seat: int
    space: int


@event
class Decided:
    """Control: ``seat`` settled its one-shot decision of ``kind`` this round."""

    seat: int
    kind: str


@event
class OnceUsed:
    seat: int
    card: str


# ----------------------------------------------------------------- phase III
@event
class StepStarted:
    step: str


@event
class EventRevealed:
    card: str


@event
class EventApplied:
    """The revealed event took effect (on every seat it touches)."""

    card: str


@event
class Protected:
    seat: int
    by: str


@event
class CubeTaken:
    """A cube moved to ``seat`` from the market or the King's court."""

    seat: int
    resource: str
    source: str


@event
class Gained:
    seat: int
    amounts: tuple[Amount, ...]
    reason: str


@event
class Lost:
    seat: int
    amounts: tuple[Amount, ...]
    reason: str


@event
class ChoicesQueued:
    """Choices to be made, in order; ``front`` puts them before those already waiting."""

    jobs: tuple[Job, ...]
    front: bool = False


@event
class ChoiceMade:
    """``seat`` answered the choice of ``source``: a craftsman ``card``, an
    ``option`` index, or nothing (no eligible craftsman)."""

    seat: int
    source: str
    card: str = ""
    option: int = -1


@event
class CapacityBoosted:
    seat: int
    card: str
    n: int


@event
class PrivilegeTaken:
    seat: int
    card: str


@event
class TaxRolled:
    """Chance: the tax die showed ``value`` (§2.4 step 9)."""

    value: int


@event
class TaxExempted:
    seat: int


@event
class GreyWorkersWon:
    seat: int
    n: int


@event
class Bought:
    seat: int
    resource: str
    n: int
    price: int


@event
class Sold:
    seat: int
    resource: str
    n: int
    price: int


@event
class MarketPassed:
    seat: int


@event
class Converted:
    """``seat`` used conversion number ``ability`` of craftsman ``card``."""

    seat: int
    card: str
    ability: int
    inputs: tuple[Amount, ...]
    outputs: tuple[Amount, ...]


@event
class CathedralDone:
    seat: int


@event
class CubesReturned:
    seat: int
    resource: str
    n: int


@event
class StartPlayerChanged:
    seat: int


@event
class RoundEnded:
    round: int


@event
class GameEnded:
    """The sixth round is over (§2.6)."""


#: Events that are randomness recorded as data.
CHANCE_EVENTS = (DecksShuffled, ResourceCardsDealt, BuilderDrawn, TaxRolled)
#: Events that only move control; narrations usually skip them.
CONTROL_EVENTS = (DecisionPending, ChoicesQueued, StepStarted, Decided)

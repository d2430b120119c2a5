"""Events: facts in the past tense. The log of a game is a tuple of these.

Each event is a small frozen attrs class; :func:`describe` renders it as an
English sentence for logs, given a :class:`Namer` for seats and cards. Events
never carry effect objects, only ids and amounts, so a log is plain data.
"""

from __future__ import annotations

from typing import Protocol

from attrs import frozen

from ..effects import PLACE_NAMES, Amount
from .state import Board, Builders, Decks, Job, Pieces, Pins, PlayerState, RoundState


class Namer(Protocol):
    def seat(self, seat: int) -> str: ...
    def card(self, card_id: str) -> str: ...


def place(name: str) -> str:
    return PLACE_NAMES.get(name, name.replace("_", " "))


def amounts_text(amounts: tuple[Amount, ...]) -> str:
    return ", ".join(str(a) for a in amounts) or "nothing"


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

    def describe(self, n: Namer) -> str:
        v = f" with variants {', '.join(self.variants)}" if self.variants else ""
        return f"A game for {len(self.names)} players began ({', '.join(self.names)}){v}."


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

    def describe(self, n: Namer) -> str:
        where = f"step {place(self.step)}" if self.stage == "enter" else self.stage.replace("_", " ")
        return f"The game was set up at round {self.round}, {where}."


@event
class DecksShuffled:
    """Chance: the craftsman decks (one per round), events and privileges were shuffled (§1)."""

    craftsmen: tuple[tuple[str, ...], ...]
    events: tuple[str, ...]
    privileges: tuple[str, ...]

    def describe(self, n: Namer) -> str:
        return "The craftsman, event and privilege decks were shuffled."


@event
class RoundStarted:
    """Round opening (§2.1); ``workers`` are each seat's pieces this round."""

    round: int
    workers: tuple[Pieces, ...]

    def describe(self, n: Namer) -> str:
        return f"Round {self.round} began."


@event
class ResourceCardsDealt:
    """Chance: the resource cards revealed into the display (§2.1)."""

    cards: tuple[str, ...]

    def describe(self, n: Namer) -> str:
        return "Resource cards revealed: " + ", ".join(n.card(c) for c in self.cards) + "."


@event
class DecisionPending:
    """Control: ``seat`` must now make a decision of ``kind``."""

    kind: str
    seat: int

    def describe(self, n: Namer) -> str:
        return f"{n.seat(self.seat)} to decide: {self.kind.replace('_', ' ')}."


# ----------------------------------------------------------------- phase I
@event
class ResourceCardTaken:
    seat: int
    card: str
    pieces: Pieces

    def describe(self, n: Namer) -> str:
        return f"{n.seat(self.seat)} took {n.card(self.card)}, placing workers ({self.pieces})."


@event
class CraftsmanHired:
    seat: int
    card: str
    cost: tuple[Amount, ...]
    source: str = "draft"

    def describe(self, n: Namer) -> str:
        paid = f" for {amounts_text(self.cost)}" if self.cost else " free"
        where = " at Shiring" if self.source == "shiring" else ""
        return f"{n.seat(self.seat)} hired {n.card(self.card)}{where}{paid}."


@event
class CraftsmanDiscarded:
    seat: int
    card: str

    def describe(self, n: Namer) -> str:
        return f"{n.seat(self.seat)} discarded {n.card(self.card)}."


@event
class DraftPassed:
    seat: int

    def describe(self, n: Namer) -> str:
        return f"{n.seat(self.seat)} passed in the draft."


@event
class DraftEnded:
    def describe(self, n: Namer) -> str:
        return "The draft ended; unplaced workers went to the wool mill."


# ----------------------------------------------------------------- phase II
@event
class BuildersBagged:
    bag: tuple[int, ...]
    thirds: tuple[int, ...] = ()

    def describe(self, n: Namer) -> str:
        return f"{len(self.bag)} builders went into the bag."


@event
class BuilderDrawn:
    """Chance: a builder of ``seat`` was drawn; placing it costs ``price``."""

    seat: int
    price: int

    def describe(self, n: Namer) -> str:
        return f"A builder of {n.seat(self.seat)} was drawn (price {self.price} gold)."


@event
class BuilderReturned:
    """The start player put the drawn builder back into the bag (§2.3)."""

    seat: int

    def describe(self, n: Namer) -> str:
        return f"The start player put {n.seat(self.seat)}'s builder back into the bag."


@event
class BuilderPlaced:
    seat: int
    location: str
    spot: int
    price: int
    source: str = "bag"

    def describe(self, n: Namer) -> str:
        paid = f" for {self.price} gold" if self.price else " free"
        return f"{n.seat(self.seat)} placed a builder at {place(self.location)} (spot {self.spot + 1}){paid}."


@event
class BuilderSetAside:
    """The builder had no legal spot (all free spots are at locations where its
    owner already stands, §2.3) and goes back unplaced, free."""

    seat: int
    source: str = "bag"

    def describe(self, n: Namer) -> str:
        return f"{n.seat(self.seat)}'s builder found no free spot it may take and was set aside."


@event
class BuilderParked:
    seat: int
    space: int

    def describe(self, n: Namer) -> str:
        return f"{n.seat(self.seat)} passed; the builder waits on cost space {self.space}."


@event
class Decided:
    """Control: ``seat`` settled its one-shot decision of ``kind`` this round."""

    seat: int
    kind: str

    def describe(self, n: Namer) -> str:
        return f"{n.seat(self.seat)} settled: {self.kind.replace('_', ' ')}."


@event
class OnceUsed:
    seat: int
    card: str

    def describe(self, n: Namer) -> str:
        return f"{n.seat(self.seat)} used {n.card(self.card)}; it leaves the game."


# ----------------------------------------------------------------- phase III
@event
class StepStarted:
    step: str

    def describe(self, n: Namer) -> str:
        return f"Step: {place(self.step)}."


@event
class EventRevealed:
    card: str

    def describe(self, n: Namer) -> str:
        return f"Event revealed: {n.card(self.card)}."


@event
class EventApplied:
    """The revealed event took effect (on every seat it touches)."""

    card: str

    def describe(self, n: Namer) -> str:
        return f"{n.card(self.card)} took effect."


@event
class Protected:
    seat: int
    by: str

    def describe(self, n: Namer) -> str:
        by = "the Bishop" if self.by == "bishop" else n.card(self.by)
        return f"{n.seat(self.seat)} is protected from the event by {by}."


@event
class CubeTaken:
    """A cube moved to ``seat`` from the market or the King's court."""

    seat: int
    resource: str
    source: str

    def describe(self, n: Namer) -> str:
        src = "the market" if self.source == "market" else "the King's court"
        return f"{n.seat(self.seat)} took 1 {self.resource} from {src}."


@event
class Gained:
    seat: int
    amounts: tuple[Amount, ...]
    reason: str

    def describe(self, n: Namer) -> str:
        return f"{n.seat(self.seat)} gained {amounts_text(self.amounts)} ({n.card(self.reason)})."


@event
class Lost:
    seat: int
    amounts: tuple[Amount, ...]
    reason: str

    def describe(self, n: Namer) -> str:
        return f"{n.seat(self.seat)} lost {amounts_text(self.amounts)} ({n.card(self.reason)})."


@event
class ChoicesQueued:
    """Choices to be made, in order; ``front`` puts them before those already waiting."""

    jobs: tuple[Job, ...]
    front: bool = False

    def describe(self, n: Namer) -> str:
        return f"{len(self.jobs)} choice(s) to make."


@event
class ChoiceMade:
    """``seat`` answered the choice of ``source``: a craftsman ``card``, an
    ``option`` index, or nothing (no eligible craftsman)."""

    seat: int
    source: str
    card: str = ""
    option: int = -1

    def describe(self, n: Namer) -> str:
        if self.card:
            what = n.card(self.card)
        elif self.option >= 0:
            what = f"option {self.option + 1}"
        else:
            what = "nothing (no eligible craftsman)"
        return f"{n.seat(self.seat)} chose {what} ({n.card(self.source)})."


@event
class CapacityBoosted:
    seat: int
    card: str
    n: int

    def describe(self, n: Namer) -> str:
        return f"{n.card(self.card)} of {n.seat(self.seat)} works {self.n} more time(s) this round."


@event
class PrivilegeTaken:
    seat: int
    card: str

    def describe(self, n: Namer) -> str:
        return f"{n.seat(self.seat)} took the privilege {n.card(self.card)}."


@event
class TaxRolled:
    """Chance: the tax die showed ``value`` (§2.4 step 9)."""

    value: int

    def describe(self, n: Namer) -> str:
        return f"The tax die showed {self.value}."


@event
class TaxExempted:
    seat: int

    def describe(self, n: Namer) -> str:
        return f"{n.seat(self.seat)} pays no tax this round."


@event
class GreyWorkersWon:
    seat: int
    n: int

    def describe(self, n: Namer) -> str:
        return f"{n.seat(self.seat)} will have {self.n} grey workers next round."


@event
class Bought:
    seat: int
    resource: str
    n: int
    price: int

    def describe(self, n: Namer) -> str:
        return f"{n.seat(self.seat)} bought {self.n} {self.resource} for {self.n * self.price} gold."


@event
class Sold:
    seat: int
    resource: str
    n: int
    price: int

    def describe(self, n: Namer) -> str:
        return f"{n.seat(self.seat)} sold {self.n} {self.resource} for {self.n * self.price} gold."


@event
class MarketPassed:
    seat: int

    def describe(self, n: Namer) -> str:
        return f"{n.seat(self.seat)} is done trading."


@event
class Converted:
    """``seat`` used conversion number ``ability`` of craftsman ``card``."""

    seat: int
    card: str
    ability: int
    inputs: tuple[Amount, ...]
    outputs: tuple[Amount, ...]

    def describe(self, n: Namer) -> str:
        if not self.inputs:
            return f"{n.seat(self.seat)}'s {n.card(self.card)} produced {amounts_text(self.outputs)}."
        return (f"{n.seat(self.seat)}'s {n.card(self.card)} turned {amounts_text(self.inputs)} "
                f"into {amounts_text(self.outputs)}.")


@event
class CathedralDone:
    seat: int

    def describe(self, n: Namer) -> str:
        return f"{n.seat(self.seat)} finished building."


@event
class CubesReturned:
    seat: int
    resource: str
    n: int

    def describe(self, n: Namer) -> str:
        return f"{n.seat(self.seat)} returned {self.n} {self.resource} to the supply (5-cube limit)."


@event
class StartPlayerChanged:
    seat: int

    def describe(self, n: Namer) -> str:
        return f"{n.seat(self.seat)} is the new start player."


@event
class RoundEnded:
    round: int

    def describe(self, n: Namer) -> str:
        return f"Round {self.round} ended."


@event
class GameEnded:
    def describe(self, n: Namer) -> str:
        return "The game is over."


#: Events that are randomness recorded as data.
CHANCE_EVENTS = (DecksShuffled, ResourceCardsDealt, BuilderDrawn, TaxRolled)
#: Events that only move control; narrations usually skip them.
CONTROL_EVENTS = (DecisionPending, ChoicesQueued, StepStarted, Decided)

"""Events: facts in the past tense. The log of a game is a tuple of these.

Each event is a small frozen attrs class holding only data: ids and amounts,
never effect objects, so a log is plain data. The classes have the form mypyc
compiles natively, as the state's records do (see :mod:`.state`). The English sentence for each
event is written outside the engine, in :mod:`pillars_rules.words.events`.
"""

from __future__ import annotations

from typing import Final

import attr

from ..cardlang.effects import Amount
from ..errors import safe_repr
from .copiers import register_records
from .state import Board, Builders, Decks, Job, Pieces, Pins, PlayerState, RoundState


def _whole(value: object, where: str) -> int:
    """``value``, a whole number of the ``int`` type itself; ``TypeError`` for
    anything else (a ``bool``, an ``int`` subclass, ``1.0``, ``"1"``), naming
    the field. An event's whole-number fields take only plain ints, so that
    both builds refuse the same values at the same moment: the compiled
    record would turn an ``int`` subclass or a ``bool`` into a plain int
    without a word, the pure one would keep it (issue #34)."""
    if type(value) is not int:
        raise TypeError(f"{where}: expected int, got {type(value).__name__[:40]} {safe_repr(value, 40)}")
    return value


# ----------------------------------------------------------------- setup / chance
@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class GameStarted:
    """The game was set up (§1): seats, seed, variants, card set, starting holdings."""

    names: tuple[str, ...]
    seed: int
    variants: tuple[str, ...]
    card_hash: str
    starting_craftsmen: tuple[str, ...]
    gold: tuple[int, ...]
    vp: int = 2

    def __init__(
        self,
        names: tuple[str, ...],
        seed: object,
        variants: tuple[str, ...],
        card_hash: str,
        starting_craftsmen: tuple[str, ...],
        gold: tuple[int, ...],
        vp: object = 2,
    ) -> None:
        object.__setattr__(self, "names", names)
        object.__setattr__(self, "seed", _whole(seed, "GameStarted.seed"))
        object.__setattr__(self, "variants", variants)
        object.__setattr__(self, "card_hash", card_hash)
        object.__setattr__(self, "starting_craftsmen", starting_craftsmen)
        object.__setattr__(self, "gold", gold)
        object.__setattr__(self, "vp", _whole(vp, "GameStarted.vp"))


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
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

    def __init__(
        self,
        round: object,
        stage: str,
        step: str,
        start_player: object,
        cathedral: object,
        players: tuple[PlayerState, ...],
        board: Board,
        decks: Decks,
        table: RoundState,
        builders: Builders,
        pins: Pins,
    ) -> None:
        object.__setattr__(self, "round", _whole(round, "PositionSet.round"))
        object.__setattr__(self, "stage", stage)
        object.__setattr__(self, "step", step)
        object.__setattr__(self, "start_player", _whole(start_player, "PositionSet.start_player"))
        object.__setattr__(self, "cathedral", _whole(cathedral, "PositionSet.cathedral"))
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "board", board)
        object.__setattr__(self, "decks", decks)
        object.__setattr__(self, "table", table)
        object.__setattr__(self, "builders", builders)
        object.__setattr__(self, "pins", pins)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class DecksShuffled:
    """Chance: the craftsman decks (one per round), events and privileges were shuffled (§1)."""

    craftsmen: tuple[tuple[str, ...], ...]
    events: tuple[str, ...]
    privileges: tuple[str, ...]

    def __init__(
        self, craftsmen: tuple[tuple[str, ...], ...], events: tuple[str, ...], privileges: tuple[str, ...]
    ) -> None:
        object.__setattr__(self, "craftsmen", craftsmen)
        object.__setattr__(self, "events", events)
        object.__setattr__(self, "privileges", privileges)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class RoundStarted:
    """Round opening (§2.1); ``workers`` are each seat's pieces this round."""

    round: int
    workers: tuple[Pieces, ...]

    def __init__(self, round: object, workers: tuple[Pieces, ...]) -> None:
        object.__setattr__(self, "round", _whole(round, "RoundStarted.round"))
        object.__setattr__(self, "workers", workers)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class ResourceCardsDealt:
    """Chance: the resource cards revealed into the display (§2.1)."""

    cards: tuple[str, ...]

    def __init__(self, cards: tuple[str, ...]) -> None:
        object.__setattr__(self, "cards", cards)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class DecisionPending:
    """Control: ``seat`` must now make a decision of ``kind``."""

    kind: str
    seat: int

    def __init__(self, kind: str, seat: object) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "seat", _whole(seat, "DecisionPending.seat"))


# ----------------------------------------------------------------- phase I
@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class ResourceCardTaken:
    seat: int
    card: str
    pieces: Pieces

    def __init__(self, seat: object, card: str, pieces: Pieces) -> None:
        object.__setattr__(self, "seat", _whole(seat, "ResourceCardTaken.seat"))
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "pieces", pieces)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class CraftsmanHired:
    seat: int
    card: str
    cost: tuple[Amount, ...]
    source: str = "draft"

    def __init__(self, seat: object, card: str, cost: tuple[Amount, ...], source: str = "draft") -> None:
        object.__setattr__(self, "seat", _whole(seat, "CraftsmanHired.seat"))
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "cost", cost)
        object.__setattr__(self, "source", source)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class CraftsmanDiscarded:
    seat: int
    card: str

    def __init__(self, seat: object, card: str) -> None:
        object.__setattr__(self, "seat", _whole(seat, "CraftsmanDiscarded.seat"))
        object.__setattr__(self, "card", card)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class DraftPassed:
    seat: int

    def __init__(self, seat: object) -> None:
        object.__setattr__(self, "seat", _whole(seat, "DraftPassed.seat"))


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class DraftEnded:
    """Phase I is over (§2.2); unplaced workers went to the wool mill."""


# ----------------------------------------------------------------- phase II
@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class BuildersBagged:
    bag: tuple[int, ...]
    thirds: tuple[int, ...] = ()

    def __init__(self, bag: tuple[int, ...], thirds: tuple[int, ...] = ()) -> None:
        object.__setattr__(self, "bag", bag)
        object.__setattr__(self, "thirds", thirds)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class BuilderDrawn:
    """Chance: a builder of ``seat`` was drawn; placing it costs ``price``."""

    seat: int
    price: int

    def __init__(self, seat: object, price: object) -> None:
        object.__setattr__(self, "seat", _whole(seat, "BuilderDrawn.seat"))
        object.__setattr__(self, "price", _whole(price, "BuilderDrawn.price"))


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class BuilderReturned:
    """The start player put the drawn builder back into the bag (§2.3)."""

    seat: int

    def __init__(self, seat: object) -> None:
        object.__setattr__(self, "seat", _whole(seat, "BuilderReturned.seat"))


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class BuilderPlaced:
    seat: int
    location: str
    spot: int
    price: int
    source: str = "bag"

    def __init__(self, seat: object, location: str, spot: object, price: object, source: str = "bag") -> None:
        object.__setattr__(self, "seat", _whole(seat, "BuilderPlaced.seat"))
        object.__setattr__(self, "location", location)
        object.__setattr__(self, "spot", _whole(spot, "BuilderPlaced.spot"))
        object.__setattr__(self, "price", _whole(price, "BuilderPlaced.price"))
        object.__setattr__(self, "source", source)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class BuilderSetAside:
    """The builder had no legal spot (all free spots are at locations where its
    owner already stands, §2.3) and goes back unplaced, free."""

    seat: int
    source: str = "bag"

    def __init__(self, seat: object, source: str = "bag") -> None:
        object.__setattr__(self, "seat", _whole(seat, "BuilderSetAside.seat"))
        object.__setattr__(self, "source", source)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class BuilderParked:
    seat: int
    space: int

    def __init__(self, seat: object, space: object) -> None:
        object.__setattr__(self, "seat", _whole(seat, "BuilderParked.seat"))
        object.__setattr__(self, "space", _whole(space, "BuilderParked.space"))


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class Decided:
    """Control: ``seat`` settled its one-shot decision of ``kind`` this round."""

    seat: int
    kind: str

    def __init__(self, seat: object, kind: str) -> None:
        object.__setattr__(self, "seat", _whole(seat, "Decided.seat"))
        object.__setattr__(self, "kind", kind)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class OnceUsed:
    seat: int
    card: str

    def __init__(self, seat: object, card: str) -> None:
        object.__setattr__(self, "seat", _whole(seat, "OnceUsed.seat"))
        object.__setattr__(self, "card", card)


# ----------------------------------------------------------------- phase III
@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class StepStarted:
    step: str

    def __init__(self, step: str) -> None:
        object.__setattr__(self, "step", step)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class EventRevealed:
    card: str

    def __init__(self, card: str) -> None:
        object.__setattr__(self, "card", card)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class EventApplied:
    """The revealed event took effect (on every seat it touches)."""

    card: str

    def __init__(self, card: str) -> None:
        object.__setattr__(self, "card", card)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class Protected:
    seat: int
    by: str

    def __init__(self, seat: object, by: str) -> None:
        object.__setattr__(self, "seat", _whole(seat, "Protected.seat"))
        object.__setattr__(self, "by", by)


#: :attr:`CubeTaken.source` of a cube taken from the tax place's stock
COURT: Final = "court"


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class CubeTaken:
    """A cube moved to ``seat`` from the board's main market (``source``: its
    key) or from the stock of the tax place (``source``: :data:`COURT`)."""

    seat: int
    resource: str
    source: str

    def __init__(self, seat: object, resource: str, source: str) -> None:
        object.__setattr__(self, "seat", _whole(seat, "CubeTaken.seat"))
        object.__setattr__(self, "resource", resource)
        object.__setattr__(self, "source", source)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class Gained:
    seat: int
    amounts: tuple[Amount, ...]
    reason: str

    def __init__(self, seat: object, amounts: tuple[Amount, ...], reason: str) -> None:
        object.__setattr__(self, "seat", _whole(seat, "Gained.seat"))
        object.__setattr__(self, "amounts", amounts)
        object.__setattr__(self, "reason", reason)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class Lost:
    seat: int
    amounts: tuple[Amount, ...]
    reason: str

    def __init__(self, seat: object, amounts: tuple[Amount, ...], reason: str) -> None:
        object.__setattr__(self, "seat", _whole(seat, "Lost.seat"))
        object.__setattr__(self, "amounts", amounts)
        object.__setattr__(self, "reason", reason)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class ChoicesQueued:
    """Choices to be made, in order; ``front`` puts them before those already waiting."""

    jobs: tuple[Job, ...]
    front: bool = False

    def __init__(self, jobs: tuple[Job, ...], front: bool = False) -> None:
        object.__setattr__(self, "jobs", jobs)
        object.__setattr__(self, "front", front)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class ChoiceMade:
    """``seat`` answered the choice of ``source``: a craftsman ``card``, an
    ``option`` index, or nothing (no eligible craftsman)."""

    seat: int
    source: str
    card: str = ""
    option: int = -1

    def __init__(self, seat: object, source: str, card: str = "", option: object = -1) -> None:
        object.__setattr__(self, "seat", _whole(seat, "ChoiceMade.seat"))
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "option", _whole(option, "ChoiceMade.option"))


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class CapacityBoosted:
    seat: int
    card: str
    n: int

    def __init__(self, seat: object, card: str, n: object) -> None:
        object.__setattr__(self, "seat", _whole(seat, "CapacityBoosted.seat"))
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "n", _whole(n, "CapacityBoosted.n"))


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class PrivilegeTaken:
    seat: int
    card: str

    def __init__(self, seat: object, card: str) -> None:
        object.__setattr__(self, "seat", _whole(seat, "PrivilegeTaken.seat"))
        object.__setattr__(self, "card", card)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class TaxRolled:
    """Chance: the tax die showed ``value`` (§2.4 step 9)."""

    value: int

    def __init__(self, value: object) -> None:
        object.__setattr__(self, "value", _whole(value, "TaxRolled.value"))


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class TaxExempted:
    seat: int

    def __init__(self, seat: object) -> None:
        object.__setattr__(self, "seat", _whole(seat, "TaxExempted.seat"))


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class GreyWorkersWon:
    seat: int
    n: int

    def __init__(self, seat: object, n: object) -> None:
        object.__setattr__(self, "seat", _whole(seat, "GreyWorkersWon.seat"))
        object.__setattr__(self, "n", _whole(n, "GreyWorkersWon.n"))


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class Bought:
    seat: int
    resource: str
    n: int
    price: int

    def __init__(self, seat: object, resource: str, n: object, price: object) -> None:
        object.__setattr__(self, "seat", _whole(seat, "Bought.seat"))
        object.__setattr__(self, "resource", resource)
        object.__setattr__(self, "n", _whole(n, "Bought.n"))
        object.__setattr__(self, "price", _whole(price, "Bought.price"))


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class Sold:
    seat: int
    resource: str
    n: int
    price: int

    def __init__(self, seat: object, resource: str, n: object, price: object) -> None:
        object.__setattr__(self, "seat", _whole(seat, "Sold.seat"))
        object.__setattr__(self, "resource", resource)
        object.__setattr__(self, "n", _whole(n, "Sold.n"))
        object.__setattr__(self, "price", _whole(price, "Sold.price"))


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class MarketPassed:
    seat: int

    def __init__(self, seat: object) -> None:
        object.__setattr__(self, "seat", _whole(seat, "MarketPassed.seat"))


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class Converted:
    """``seat`` used conversion number ``ability`` of craftsman ``card``."""

    seat: int
    card: str
    ability: int
    inputs: tuple[Amount, ...]
    outputs: tuple[Amount, ...]

    def __init__(
        self, seat: object, card: str, ability: object, inputs: tuple[Amount, ...], outputs: tuple[Amount, ...]
    ) -> None:
        object.__setattr__(self, "seat", _whole(seat, "Converted.seat"))
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "ability", _whole(ability, "Converted.ability"))
        object.__setattr__(self, "inputs", inputs)
        object.__setattr__(self, "outputs", outputs)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class CathedralDone:
    seat: int

    def __init__(self, seat: object) -> None:
        object.__setattr__(self, "seat", _whole(seat, "CathedralDone.seat"))


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class CubesReturned:
    seat: int
    resource: str
    n: int

    def __init__(self, seat: object, resource: str, n: object) -> None:
        object.__setattr__(self, "seat", _whole(seat, "CubesReturned.seat"))
        object.__setattr__(self, "resource", resource)
        object.__setattr__(self, "n", _whole(n, "CubesReturned.n"))


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class MarketStocked:
    """``n`` cubes of ``resource`` moved from the supply to the market (``n``
    below 0: from the market to the supply) by the card ``reason`` of
    ``seat`` (issue #36); a card effect of that seat."""

    seat: int
    resource: str
    n: int
    reason: str

    def __init__(self, seat: object, resource: str, n: object, reason: str) -> None:
        object.__setattr__(self, "seat", _whole(seat, "MarketStocked.seat"))
        object.__setattr__(self, "resource", resource)
        object.__setattr__(self, "n", _whole(n, "MarketStocked.n"))
        object.__setattr__(self, "reason", reason)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class ModifierGranted:
    """The card ``card`` granted ``seat`` the modifier of its ability
    ``ability`` (its option ``option`` of a choice, or -1) from round
    ``first`` to round ``last`` (issue #36); a card effect of that seat."""

    seat: int
    card: str
    ability: int
    option: int
    first: int
    last: int

    def __init__(self, seat: object, card: str, ability: object, option: object, first: object, last: object) -> None:
        object.__setattr__(self, "seat", _whole(seat, "ModifierGranted.seat"))
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "ability", _whole(ability, "ModifierGranted.ability"))
        object.__setattr__(self, "option", _whole(option, "ModifierGranted.option"))
        object.__setattr__(self, "first", _whole(first, "ModifierGranted.first"))
        object.__setattr__(self, "last", _whole(last, "ModifierGranted.last"))


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class CountersAdded:
    """``n`` counters more on ``card`` for ``seat`` (issue #36); a card effect
    of that seat."""

    seat: int
    card: str
    n: int

    def __init__(self, seat: object, card: str, n: object) -> None:
        object.__setattr__(self, "seat", _whole(seat, "CountersAdded.seat"))
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "n", _whole(n, "CountersAdded.n"))


# ----------------------------------------------------------------- cards as objects (issue #53)
# A card moves between zones by one of these; none names a hidden card, so the
# public log stays public (what a seat has looked at is in the state,
# ``GameState.seen``, and only that seat's view shows it).
@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class EventsLooked:
    """``seat`` looked at the top ``n`` cards of the event deck by the card
    ``reason``; a card effect of that seat."""

    seat: int
    n: int
    reason: str

    def __init__(self, seat: object, n: object, reason: str) -> None:
        object.__setattr__(self, "seat", _whole(seat, "EventsLooked.seat"))
        object.__setattr__(self, "n", _whole(n, "EventsLooked.n"))
        object.__setattr__(self, "reason", reason)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class EventBuried:
    """The top card of the event deck went, unseen, to its bottom by the card
    ``reason`` of ``seat``; a card effect of that seat."""

    seat: int
    reason: str

    def __init__(self, seat: object, reason: str) -> None:
        object.__setattr__(self, "seat", _whole(seat, "EventBuried.seat"))
        object.__setattr__(self, "reason", reason)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class CardsDealt:
    """The top ``n`` cards of ``deck`` (a zone of
    :data:`~pillars_rules.cardlang.effects.ZONES`: the privilege deck) went
    face up to the display, to be drafted by the set-up rule of the card
    ``reason`` (issue #53). A count, not cards: the display shows them."""

    deck: str
    n: int
    reason: str

    def __init__(self, deck: str, n: object, reason: str) -> None:
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "n", _whole(n, "CardsDealt.n"))
        object.__setattr__(self, "reason", reason)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class DisplayCleared:
    """The cards left on the display when the set-up draft of ``reason``
    ended went ``to`` the box (``"box"``) or under ``deck``, in the order
    dealt (``"under"``) (issue #53)."""

    deck: str
    to: str
    reason: str

    def __init__(self, deck: str, to: str, reason: str) -> None:
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "to", to)
        object.__setattr__(self, "reason", reason)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class EventsReordered:
    """``seat`` put the top ``len(order)`` event cards back in the order it
    chose (by the card ``reason``): the card at position ``order[i]`` is now
    at position ``i``. Positions, not cards: the log names no hidden card."""

    seat: int
    order: tuple[int, ...]
    reason: str

    def __init__(self, seat: object, order: tuple[int, ...], reason: str) -> None:
        object.__setattr__(self, "seat", _whole(seat, "EventsReordered.seat"))
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "reason", reason)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class CraftsmanGiven:
    """``seat`` gave its craftsman ``card`` to seat ``to``, with the card's
    uses and boost of this round and its counters."""

    seat: int
    card: str
    to: int

    def __init__(self, seat: object, card: str, to: object) -> None:
        object.__setattr__(self, "seat", _whole(seat, "CraftsmanGiven.seat"))
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "to", _whole(to, "CraftsmanGiven.to"))


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class PrivilegeGiven:
    """``seat`` gave its privilege ``card`` to seat ``to``, with its counters;
    its abilities are ``to``'s from now on (issue #53)."""

    seat: int
    card: str
    to: int

    def __init__(self, seat: object, card: str, to: object) -> None:
        object.__setattr__(self, "seat", _whole(seat, "PrivilegeGiven.seat"))
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "to", _whole(to, "PrivilegeGiven.to"))


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class BallotCast:
    """``seat`` voted for option ``value`` of the vote of ``card``, or bid
    ``value`` (0: passed) in its bid (issue #36); it follows the seat's
    :class:`ChoiceMade` and is kept in ``GameState.ballots`` until counted."""

    seat: int
    card: str
    value: int

    def __init__(self, seat: object, card: str, value: object) -> None:
        object.__setattr__(self, "seat", _whole(seat, "BallotCast.seat"))
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "value", _whole(value, "BallotCast.value"))


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class VoteDecided:
    """The votes on ``card`` are counted: option ``option`` won; it happens
    to each voter next (issue #36)."""

    card: str
    option: int

    def __init__(self, card: str, option: object) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "option", _whole(option, "VoteDecided.option"))


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class BidWon:
    """The bids on ``card`` are counted: ``seat`` won with ``amount`` (it
    pays and gets the prize next) (issue #36). When nobody bids the log says
    :class:`BidsPassed`; a log written before issue #53 said ``BidWon`` with
    ``seat`` -1 and ``amount`` 0, which a load reads as ``BidsPassed``."""

    seat: int
    card: str
    amount: int

    def __init__(self, seat: object, card: str, amount: object) -> None:
        object.__setattr__(self, "seat", _whole(seat, "BidWon.seat"))
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "amount", _whole(amount, "BidWon.amount"))


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class BidsPassed:
    """The bids on ``card`` are counted and every player passed: nobody wins,
    nobody pays and the prize goes to no one (issue #53)."""

    card: str

    def __init__(self, card: str) -> None:
        object.__setattr__(self, "card", card)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class CraftsmanBorrowed:
    """``seat`` used conversion ``ability`` of ``owner``'s craftsman ``card``
    once, for ``reason`` (a card or place): ``seat`` paid ``inputs`` and got
    ``outputs``; no one's uses of the round change (issue #36)."""

    seat: int
    owner: int
    card: str
    ability: int
    inputs: tuple[Amount, ...]
    outputs: tuple[Amount, ...]
    reason: str

    def __init__(
        self,
        seat: object,
        owner: object,
        card: str,
        ability: object,
        inputs: tuple[Amount, ...],
        outputs: tuple[Amount, ...],
        reason: str = "",
    ) -> None:
        object.__setattr__(self, "seat", _whole(seat, "CraftsmanBorrowed.seat"))
        object.__setattr__(self, "owner", _whole(owner, "CraftsmanBorrowed.owner"))
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "ability", _whole(ability, "CraftsmanBorrowed.ability"))
        object.__setattr__(self, "inputs", inputs)
        object.__setattr__(self, "outputs", outputs)
        object.__setattr__(self, "reason", reason)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class StartPlayerChanged:
    seat: int

    def __init__(self, seat: object) -> None:
        object.__setattr__(self, "seat", _whole(seat, "StartPlayerChanged.seat"))


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class BecameStartPlayer:
    """``seat`` became the start player by its card ``card`` (``become the
    start player``, issue #53): a card effect, unlike step 14's
    :class:`StartPlayerChanged`."""

    seat: int
    card: str

    def __init__(self, seat: object, card: str) -> None:
        object.__setattr__(self, "seat", _whole(seat, "BecameStartPlayer.seat"))
        object.__setattr__(self, "card", card)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class OrderReversed:
    """``seat``'s card reversed the order of play of round ``round`` (issue
    #53): in it every turn order goes counter-clockwise from the start player."""

    seat: int
    card: str
    round: int

    def __init__(self, seat: object, card: str, round: object) -> None:
        object.__setattr__(self, "seat", _whole(seat, "OrderReversed.seat"))
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "round", _whole(round, "OrderReversed.round"))


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class RoundEnded:
    round: int

    def __init__(self, round: object) -> None:
        object.__setattr__(self, "round", _whole(round, "RoundEnded.round"))


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class GameEnded:
    """The sixth round is over (§2.6)."""


#: Events that are randomness recorded as data.
CHANCE_EVENTS = (DecksShuffled, ResourceCardsDealt, BuilderDrawn, TaxRolled)
#: Events that only move control; narrations usually skip them.
CONTROL_EVENTS = (DecisionPending, ChoicesQueued, StepStarted, Decided)


#: Every event class by name (the ``type`` of an event in a save).
EVENT_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        GameStarted,
        PositionSet,
        DecksShuffled,
        RoundStarted,
        ResourceCardsDealt,
        DecisionPending,
        ResourceCardTaken,
        CraftsmanHired,
        CraftsmanDiscarded,
        DraftPassed,
        DraftEnded,
        BuildersBagged,
        BuilderDrawn,
        BuilderReturned,
        BuilderPlaced,
        BuilderSetAside,
        BuilderParked,
        Decided,
        OnceUsed,
        StepStarted,
        EventRevealed,
        EventApplied,
        Protected,
        CubeTaken,
        Gained,
        Lost,
        ChoicesQueued,
        ChoiceMade,
        CapacityBoosted,
        PrivilegeTaken,
        TaxRolled,
        TaxExempted,
        GreyWorkersWon,
        Bought,
        Sold,
        MarketPassed,
        Converted,
        CathedralDone,
        CubesReturned,
        StartPlayerChanged,
        RoundEnded,
        GameEnded,
        MarketStocked,
        ModifierGranted,
        CountersAdded,
        BallotCast,
        VoteDecided,
        BidWon,
        CraftsmanBorrowed,
        BidsPassed,
        BecameStartPlayer,
        OrderReversed,
        EventsLooked,
        EventBuried,
        EventsReordered,
        CraftsmanGiven,
        PrivilegeGiven,
        CardsDealt,
        DisplayCleared,
    )
}
register_records(tuple(EVENT_TYPES.values()))

"""Events in words: one English sentence per event, for logs and narration.

:func:`describe` renders any event of :mod:`pillars_rules.events`, given a
:class:`Namer` that names seats and cards (a game names them from its seats
and compiled cards, so fan cards read as well as base cards). The engine's
event classes hold only data; their sentences live here, with the other words
a person reads.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..cardlang.effects import DRAFT_DECKS_KIND, Amount
from ..engine import events as E
from ..engine.layout import base_layout
from .grammar import count
from .shared import ballot_cast, bid_won, bids_passed, vote_decided


class Namer(Protocol):
    """Names a game's seats and cards; a namer may also name its board's
    places (``place(key)``; without it, places are named as the base board
    names them)."""

    def seat(self, seat: int) -> str: ...
    def card(self, card_id: str) -> str: ...


def place(key: str, namer: object = None) -> str:
    """A place or step in a sentence, as ``namer``'s board calls it (or the base board)."""
    own = getattr(namer, "place", None)
    return own(key) if own is not None else base_layout().words(key)


def amounts_text(amounts: tuple[Amount, ...]) -> str:
    return ", ".join(str(a) for a in amounts) or "nothing"


def _game_started(e: E.GameStarted, n: Namer) -> str:
    v = f" with variants {', '.join(e.variants)}" if e.variants else ""
    return f"A game for {len(e.names)} players began ({', '.join(e.names)}){v}."


def _position_set(e: E.PositionSet, n: Namer) -> str:
    where = f"step {place(e.step, n)}" if e.stage == "enter" else e.stage.replace("_", " ")
    return f"The game was set up at round {e.round}, {where}."


def _decks_shuffled(e: E.DecksShuffled, n: Namer) -> str:
    return "The craftsman, event and privilege decks were shuffled."


def _round_started(e: E.RoundStarted, n: Namer) -> str:
    return f"Round {e.round} began."


def _resource_cards_dealt(e: E.ResourceCardsDealt, n: Namer) -> str:
    return "Resource cards revealed: " + ", ".join(n.card(c) for c in e.cards) + "."


def _decision_pending(e: E.DecisionPending, n: Namer) -> str:
    return f"{n.seat(e.seat)} to decide: {e.kind.replace('_', ' ')}."


def _resource_card_taken(e: E.ResourceCardTaken, n: Namer) -> str:
    return f"{n.seat(e.seat)} took {n.card(e.card)}, placing workers ({e.pieces})."


def _craftsman_hired(e: E.CraftsmanHired, n: Namer) -> str:
    paid = f" for {amounts_text(e.cost)}" if e.cost else " free"
    where = f" at {place(e.source, n)}" if e.source != "draft" else ""  # the craftsmen's place
    return f"{n.seat(e.seat)} hired {n.card(e.card)}{where}{paid}."


def _craftsman_discarded(e: E.CraftsmanDiscarded, n: Namer) -> str:
    return f"{n.seat(e.seat)} discarded {n.card(e.card)}."


def _draft_passed(e: E.DraftPassed, n: Namer) -> str:
    return f"{n.seat(e.seat)} passed in the draft."


def _draft_ended(e: E.DraftEnded, n: Namer) -> str:
    return "The draft ended; unplaced workers went to the wool mill."


def _builders_bagged(e: E.BuildersBagged, n: Namer) -> str:
    return f"{len(e.bag)} builders went into the bag."


def _builder_drawn(e: E.BuilderDrawn, n: Namer) -> str:
    return f"A builder of {n.seat(e.seat)} was drawn (price {e.price} gold)."


def _builder_returned(e: E.BuilderReturned, n: Namer) -> str:
    return f"The start player put {n.seat(e.seat)}'s builder back into the bag."


def _builder_placed(e: E.BuilderPlaced, n: Namer) -> str:
    paid = f" for {e.price} gold" if e.price else " free"
    return f"{n.seat(e.seat)} placed a builder at {place(e.location, n)} (spot {e.spot + 1}){paid}."


def _builder_set_aside(e: E.BuilderSetAside, n: Namer) -> str:
    return f"{n.seat(e.seat)}'s builder found no free spot it may take and was set aside."


def _builder_parked(e: E.BuilderParked, n: Namer) -> str:
    return f"{n.seat(e.seat)} passed; the builder waits on cost space {e.space}."


def _decided(e: E.Decided, n: Namer) -> str:
    if e.kind.startswith("spot:"):  # a place's spot effects given; its choice is asked at its step
        return f"{n.seat(e.seat)} decides at {place(e.kind[5:], n)} before the next step."
    if e.kind.startswith("turn "):  # a choice on a turn at the market (issue #53)
        return f"{n.seat(e.seat)} decides on this turn at {place(e.kind[5:], n)}; then the turn passes on."
    return f"{n.seat(e.seat)} settled: {e.kind.replace('_', ' ')}."


def _once_used(e: E.OnceUsed, n: Namer) -> str:
    return f"{n.seat(e.seat)} used {n.card(e.card)}; it leaves the game."


def _step_started(e: E.StepStarted, n: Namer) -> str:
    return f"Step: {place(e.step, n)}."


def _event_revealed(e: E.EventRevealed, n: Namer) -> str:
    return f"Event revealed: {n.card(e.card)}."


def _event_applied(e: E.EventApplied, n: Namer) -> str:
    return f"{n.card(e.card)} took effect."


def _protected(e: E.Protected, n: Namer) -> str:
    by = "the Bishop" if e.by == "bishop" else n.card(e.by)
    return f"{n.seat(e.seat)} is protected from the event by {by}."


def _cube_taken(e: E.CubeTaken, n: Namer) -> str:
    src = "the King's court" if e.source == E.COURT else place(e.source, n)  # the source: the market's key
    return f"{n.seat(e.seat)} took 1 {e.resource} from {src}."


def _market_stocked(e: E.MarketStocked, n: Namer) -> str:
    way = "gained" if e.n > 0 else "lost"
    return f"The market {way} {abs(e.n)} {e.resource} ({n.card(e.reason)} of {n.seat(e.seat)})."


def _modifier_granted(e: E.ModifierGranted, n: Namer) -> str:
    when = f"round {e.first}" if e.first == e.last else f"rounds {e.first}-{e.last}"
    change = getattr(n, "change", None)  # a namer that knows the game's cards says what it does
    what = f": {change(e.card, e.ability, e.option)}" if change is not None else ""
    return f"{n.seat(e.seat)} holds a change of {n.card(e.card)} for {when}{what}."


def _counters_added(e: E.CountersAdded, n: Namer) -> str:
    return f"{n.seat(e.seat)} added {e.n} {'counter' if e.n == 1 else 'counters'} to {n.card(e.card)}."


def _events_looked(e: E.EventsLooked, n: Namer) -> str:
    what = "the next event card" if e.n == 1 else f"the next {e.n} event cards"
    return f"{n.seat(e.seat)} looked at {what} ({n.card(e.reason)})."


def _event_buried(e: E.EventBuried, n: Namer) -> str:
    return f"The next event card went to the bottom of the deck ({n.card(e.reason)} of {n.seat(e.seat)})."


def _events_reordered(e: E.EventsReordered, n: Namer) -> str:
    return f"{n.seat(e.seat)} put the next {len(e.order)} event cards back in an order of their choice ({n.card(e.reason)})."


def _cards_dealt(e: E.CardsDealt, n: Namer) -> str:
    kind = DRAFT_DECKS_KIND.get(e.deck, "card")
    what = f"{e.n} {kind}" + ("" if e.n == 1 else "s")
    return f"{what.capitalize()} went face up to the display, to be drafted ({n.card(e.reason)})."


def _display_cleared(e: E.DisplayCleared, n: Namer) -> str:
    where = "to the box" if e.to == "box" else "under the deck"
    return f"The cards nobody drafted went {where} ({n.card(e.reason)})."


def _craftsman_given(e: E.CraftsmanGiven, n: Namer) -> str:
    return f"{n.seat(e.seat)} gave {n.card(e.card)} to {n.seat(e.to)}."


def _privilege_given(e: E.PrivilegeGiven, n: Namer) -> str:
    return f"{n.seat(e.seat)} gave the privilege {n.card(e.card)} to {n.seat(e.to)}."


def _craftsman_borrowed(e: E.CraftsmanBorrowed, n: Namer) -> str:
    whose = "their own" if e.owner == e.seat else f"{n.seat(e.owner)}'s"
    made = (
        f"turned {amounts_text(e.inputs)} into {amounts_text(e.outputs)}"
        if e.inputs
        else f"got {amounts_text(e.outputs)}"
    )
    return f"{n.seat(e.seat)} used {whose} {n.card(e.card)} once ({n.card(e.reason)}) and {made}."


def _gained(e: E.Gained, n: Namer) -> str:
    return f"{n.seat(e.seat)} gained {amounts_text(e.amounts)} ({n.card(e.reason)})."


def _lost(e: E.Lost, n: Namer) -> str:
    return f"{n.seat(e.seat)} lost {amounts_text(e.amounts)} ({n.card(e.reason)})."


def _choices_queued(e: E.ChoicesQueued, n: Namer) -> str:
    return f"{count(len(e.jobs), 'choice')} to make."


def _choice_made(e: E.ChoiceMade, n: Namer) -> str:
    if e.card:
        what = n.card(e.card)
    elif e.option >= 0:
        # what the option gave, when the namer can tell (a Game's namer reads the card)
        told = getattr(n, "option", None)
        said = told(e.source, e.option) if told is not None else ""
        what = f"option {e.option + 1}" + (f": {said}" if said else "")
    else:
        what = "nothing (no eligible craftsman)"
    return f"{n.seat(e.seat)} chose {what} ({n.card(e.source)})."


def _capacity_boosted(e: E.CapacityBoosted, n: Namer) -> str:
    return f"{n.card(e.card)} of {n.seat(e.seat)} works {count(e.n, 'more time')} this round."


def _privilege_taken(e: E.PrivilegeTaken, n: Namer) -> str:
    return f"{n.seat(e.seat)} took the privilege {n.card(e.card)}."


def _tax_rolled(e: E.TaxRolled, n: Namer) -> str:
    return f"The tax die showed {e.value}."


def _tax_exempted(e: E.TaxExempted, n: Namer) -> str:
    return f"{n.seat(e.seat)} pays no tax this round."


def _grey_workers_won(e: E.GreyWorkersWon, n: Namer) -> str:
    return f"{n.seat(e.seat)} will have {count(e.n, 'grey worker')} next round."


def _bought(e: E.Bought, n: Namer) -> str:
    return f"{n.seat(e.seat)} bought {e.n} {e.resource} for {e.n * e.price} gold."


def _sold(e: E.Sold, n: Namer) -> str:
    return f"{n.seat(e.seat)} sold {e.n} {e.resource} for {e.n * e.price} gold."


def _market_passed(e: E.MarketPassed, n: Namer) -> str:
    return f"{n.seat(e.seat)} is done trading."


def _converted(e: E.Converted, n: Namer) -> str:
    if not e.inputs:
        return f"{n.seat(e.seat)}'s {n.card(e.card)} produced {amounts_text(e.outputs)}."
    return f"{n.seat(e.seat)}'s {n.card(e.card)} turned {amounts_text(e.inputs)} into {amounts_text(e.outputs)}."


def _cathedral_done(e: E.CathedralDone, n: Namer) -> str:
    return f"{n.seat(e.seat)} finished building."


def _cubes_returned(e: E.CubesReturned, n: Namer) -> str:
    return f"{n.seat(e.seat)} returned {e.n} {e.resource} to the supply (5-cube limit)."


def _start_player_changed(e: E.StartPlayerChanged, n: Namer) -> str:
    return f"{n.seat(e.seat)} is the new start player."


def _became_start_player(e: E.BecameStartPlayer, n: Namer) -> str:
    return f"{n.seat(e.seat)} became the start player with {n.card(e.card)}."


def _order_reversed(e: E.OrderReversed, n: Namer) -> str:
    return (
        f"{n.seat(e.seat)} reversed the order of play of round {e.round} with {n.card(e.card)}: "
        "turns go counter-clockwise from the start player."
    )


def _round_ended(e: E.RoundEnded, n: Namer) -> str:
    return f"Round {e.round} ended."


def _game_ended(e: E.GameEnded, n: Namer) -> str:
    return "The game is over."


#: The sentence of each event class.
SENTENCES: dict[type, Callable[..., str]] = {
    E.GameStarted: _game_started,
    E.PositionSet: _position_set,
    E.DecksShuffled: _decks_shuffled,
    E.RoundStarted: _round_started,
    E.ResourceCardsDealt: _resource_cards_dealt,
    E.DecisionPending: _decision_pending,
    E.ResourceCardTaken: _resource_card_taken,
    E.CraftsmanHired: _craftsman_hired,
    E.CraftsmanDiscarded: _craftsman_discarded,
    E.DraftPassed: _draft_passed,
    E.DraftEnded: _draft_ended,
    E.BuildersBagged: _builders_bagged,
    E.BuilderDrawn: _builder_drawn,
    E.BuilderReturned: _builder_returned,
    E.BuilderPlaced: _builder_placed,
    E.BuilderSetAside: _builder_set_aside,
    E.BuilderParked: _builder_parked,
    E.Decided: _decided,
    E.OnceUsed: _once_used,
    E.StepStarted: _step_started,
    E.EventRevealed: _event_revealed,
    E.EventApplied: _event_applied,
    E.Protected: _protected,
    E.CubeTaken: _cube_taken,
    E.Gained: _gained,
    E.Lost: _lost,
    E.ChoicesQueued: _choices_queued,
    E.ChoiceMade: _choice_made,
    E.CapacityBoosted: _capacity_boosted,
    E.PrivilegeTaken: _privilege_taken,
    E.TaxRolled: _tax_rolled,
    E.TaxExempted: _tax_exempted,
    E.GreyWorkersWon: _grey_workers_won,
    E.Bought: _bought,
    E.Sold: _sold,
    E.MarketPassed: _market_passed,
    E.Converted: _converted,
    E.CathedralDone: _cathedral_done,
    E.CubesReturned: _cubes_returned,
    E.StartPlayerChanged: _start_player_changed,
    E.BecameStartPlayer: _became_start_player,
    E.OrderReversed: _order_reversed,
    E.RoundEnded: _round_ended,
    E.GameEnded: _game_ended,
    E.MarketStocked: _market_stocked,
    E.ModifierGranted: _modifier_granted,
    E.CountersAdded: _counters_added,
    E.EventsLooked: _events_looked,
    E.EventBuried: _event_buried,
    E.CardsDealt: _cards_dealt,
    E.DisplayCleared: _display_cleared,
    E.EventsReordered: _events_reordered,
    E.CraftsmanGiven: _craftsman_given,
    E.PrivilegeGiven: _privilege_given,
    E.BallotCast: ballot_cast,
    E.VoteDecided: vote_decided,
    E.BidWon: bid_won,
    E.BidsPassed: bids_passed,
    E.CraftsmanBorrowed: _craftsman_borrowed,
}


def describe(event: object, namer: Namer) -> str:
    """``event`` as one English sentence, seats and cards named by ``namer``."""
    return SENTENCES[type(event)](event, namer)


__all__ = ["Namer", "SENTENCES", "amounts_text", "describe", "place"]

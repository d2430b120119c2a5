"""Phase III (§2.4-§2.6): the steps of the resolution, one function per step
*rule* (:data:`~pillars_rules.cardlang.effects.STEP_RULES`), each adding the
step's automatic events to the batch and, where someone must decide, the
:class:`DecisionPending` that ends it. Which place runs which rule, in which
order, and the numbers each reads (the tax die, the cube limit, what a spot
gives) are the board's text (:attr:`.context.Rules.layout`); no place is named
here. :func:`.flow.advance_into` runs the step's rule (as :func:`run_step`
does, inlined there).
"""

from __future__ import annotations

from typing import Final

from ..cardlang.effects import STEP_RULES, Amount, GreyWorkers, Now, OnGain, RestOfGame, is_shared, is_table_effect
from . import events as E
from . import rng
from .batch import Batch, _instant, action_trigger_events, fits, instant_events, started, trigger_events, turn_order
from .context import Rules
from .queries import conversions
from .shared import queue_events
from .state import Pending

#: The kind of the ``Decided`` that records a place's spot effects given, before its key.
SPOT_EFFECTS_GIVEN: Final = "spot:"


def enter_step(b: Batch, rules: Rules, index: int) -> None:
    step = rules.steps[index]
    b.add(started(step))
    triggers = trigger_events(b.state, rules, step)
    if triggers:  # most steps trigger nothing
        b.extend(triggers)


def run_step(b: Batch, rules: Rules) -> None:
    """Run the rule of the step the state is at."""
    STEP[rules.layout.step_rule[b.state.step]](b, rules)


def _next(b: Batch, rules: Rules) -> None:
    enter_step(b, rules, rules.layout.step_index[b.state.step] + 1)


def _step_event(b: Batch, rules: Rules) -> None:
    state = b.state
    if not state.event:
        if state.event_deck:
            b.add(E.EventRevealed(state.event_deck[0]))
        else:
            _next(b, rules)
        return
    if state.event_applied:  # its choices were made (jobs come first in advance)
        _next(b, rules)
        return
    harmful = rules.card(state.event).harmful
    where = rules.layout.bishop
    bishop = state.spot_list(where)[0] if where else None
    if bishop is not None and (bishop, "bishop") not in state.decided:
        if harmful or any(state.market[i] for i in range(3)):
            b.decide("bishop", bishop)
        else:
            b.add(E.Decided(bishop, "bishop"))
        return
    if harmful:
        for seat in turn_order(state):
            if (
                seat not in state.protected
                and (seat, "once_event") not in state.decided
                and rules.once_card(state, seat, "event")
            ):
                b.decide("once_event", seat)
                return
    card = rules.card(state.event)
    for i, ability in enumerate(card.abilities):  # the market's stock: once, for the start player
        if isinstance(ability, Now) and is_shared(ability.effect):  # a vote or bid of those it reaches
            seats = tuple(s for s in turn_order(state) if rules.affected(state.event, state.protected, s))
            b.extend(queue_events(b.state, card.id, i, seats))
        elif isinstance(ability, Now) and is_table_effect(ability.effect):
            b.extend(instant_events(b.state, rules, state.start_player, ability.effect, card.id, i))
    for seat in turn_order(state):
        if not rules.affected(state.event, state.protected, seat):
            continue
        for i, ability in enumerate(card.abilities):
            if isinstance(ability, Now) and not is_table_effect(ability.effect) and not is_shared(ability.effect):
                # "most"/"fewest" judged at the reveal (issue #36)
                b.extend(instant_events(b.state, rules, seat, ability.effect, card.id, i, judge=state))
            elif isinstance(ability, RestOfGame):
                granted = [E.ModifierGranted(seat, card.id, i, -1, state.round, rules.layout.rounds)]
                if fits(list(b.state.effects), granted):
                    b.extend(granted)
    b.add(E.EventApplied(card.id))


def _step_bishop(b: Batch, rules: Rules) -> None:
    # The Bishop decided right after the event was revealed, before it applied.
    _next(b, rules)


def _step_wool_mill(b: Batch, rules: Rules) -> None:
    state = b.state
    for seat in turn_order(state):
        value = state.players[seat].pieces.value
        gold = value + rules.mill_bonus(state, seat, value)
        if gold:
            b.add(E.Gained(seat, (Amount("gold", gold),), state.step))
    _next(b, rules)


def _step_privileges(b: Batch, rules: Rules) -> None:
    # Taken privileges leave ``state.kingsbridge``; choices they bring (OnGain)
    # are made before the step ends, so the body runs again and finds none left.
    # An immediate privilege leaves its holder's privileges right after its
    # effect (its choices, if any, are still made, as its source is the card).
    state = b.state
    taken = False
    for i, seat in enumerate(state.spot_list(state.step)):
        if seat is None or i >= len(state.kingsbridge) or not state.kingsbridge[i]:
            continue
        taken = True
        cid = state.kingsbridge[i]
        b.add(E.PrivilegeTaken(seat, cid))
        for j, ability in enumerate(rules.card(cid).abilities):
            if isinstance(ability, OnGain):
                b.extend(instant_events(b.state, rules, seat, ability.effect, cid, j))
        if cid in rules.spent_when_gained:  # an immediate privilege, used: back in the box (§7)
            b.add(E.OnceUsed(seat, cid))
    if not taken:
        _next(b, rules)


def _step_spots(b: Batch, rules: Rules) -> None:
    # Each builder gets its spot's effect (the Priory's VP, the castle's grey
    # workers); the place's key is the reason, so they are not card effects.
    # A choice an effect asks (France's one use) is made at this step: the
    # step waits for it, and a Decided of kind 'spot:<key>' says the effects
    # were given, so the step then moves on.
    state = b.state
    key = state.step
    seats = state.spot_list(key)
    if rules.spot_choices_at_step and state.decided:  # no scan while the round has no Decided
        given = SPOT_EFFECTS_GIVEN + key
        if any(s is not None and (s, given) in state.decided for s in seats):
            _next(b, rules)
            return
    for spot, effect in rules.layout.spot_effects.get(key, ()):
        seat = seats[spot]
        if seat is None:
            continue
        if isinstance(effect, GreyWorkers):
            b.add(E.GreyWorkersWon(seat, effect.n))
        else:
            b.extend(_instant(b.state, rules, seat, effect, key, spot))
    jobs = b.state.table.jobs
    if rules.spot_choices_at_step and jobs:
        b.add(E.Decided(jobs[0].seat, SPOT_EFFECTS_GIVEN + key))
        return
    _next(b, rules)


def _step_site(b: Batch, rules: Rules) -> None:
    state = b.state
    site = state.step
    for seat in turn_order(state):
        delta = rules.yield_delta(state, seat)
        for cid in state.players[seat].resource_cards:
            card = rules.card(cid)
            if card.site == site and card.yields is not None:
                n = max(0, card.yields.n + delta)
                if n:
                    b.add(E.Gained(seat, (Amount(card.yields.kind, n),), cid))
    _next(b, rules)


def _step_tax(b: Batch, rules: Rules) -> None:
    state = b.state
    if not state.tax:
        if state.pins.tax:
            b.add(E.TaxRolled(state.pins.tax[0]))
        else:
            numbers = rng.stream(state.seed, state.frame.rng)
            die = rules.layout.tax_die
            b.add(E.TaxRolled(die[rng.below(numbers, len(die))]))
        return
    court = state.spot_list(state.step)
    collector = rules.layout.collector
    free = court + state.spot_list(collector) if collector else court
    payers = [seat for seat in turn_order(state) if seat not in free and rules.tax_for(state, seat, state.tax) > 0]
    for seat in payers:
        if seat not in state.exempt and (seat, "once_tax") not in state.decided and rules.once_card(state, seat, "tax"):
            b.decide("once_tax", seat)
            return
    for seat in payers:
        if seat not in state.exempt:
            b.add(E.Lost(seat, (Amount("gold", rules.tax_for(state, seat, state.tax)),), "tax"))
    if court[0] is not None and state.court_metal > 0:
        b.add(E.CubeTaken(court[0], rules.layout.court_good, E.COURT))
    _next(b, rules)


def _step_collector(b: Batch, rules: Rules) -> None:
    # The expansion's Tax collector: its builders paid no tax at the tax step
    # (above) and now collect the roll in gold; the place's key is the reason.
    state = b.state
    for seat in state.spot_list(state.step):
        if seat is not None and state.tax > 0:
            b.add(E.Gained(seat, (Amount("gold", state.tax),), state.step))
    _next(b, rules)


def _step_craftsmen(b: Batch, rules: Rules) -> None:
    # Hired cards leave ``state.shiring``; discards over the limit (§2.2) are
    # decided before the step ends.
    state = b.state
    hired = False
    key = state.step
    for i, seat in enumerate(state.spot_list(key)):
        if seat is not None and i < len(state.shiring) and state.shiring[i]:
            hired = True
            before = b.state
            b.add(E.CraftsmanHired(seat, state.shiring[i], (), key))
            if rules.acting:
                b.extend(action_trigger_events(before, b.state, rules, seat, "hire"))
    if not hired:
        _next(b, rules)


def market_turn(step: str) -> str:
    """The ``Decided`` kind that marks a seat's turn at the market ``step``
    as one that asked it a choice (issue #53): once the choice is made, the
    turn passes on from that seat, as after any other action there."""
    return "turn " + step


def _step_market(b: Batch, rules: Rules) -> None:
    state = b.state
    order = [s for s in state.spot_list(state.step) if s is not None]
    active = [s for s in order if s not in state.done]
    if not active:
        _next(b, rules)
        return
    last: Pending | None = state.frame.pending
    if (
        last is not None
        and last.seat in order
        and (last.kind == "market" or (last.kind == "choice" and (last.seat, market_turn(state.step)) in state.decided))
    ):
        i = order.index(last.seat)
        for k in range(1, len(order) + 1):
            seat = order[(i + k) % len(order)]
            if seat not in state.done:
                b.decide("market", seat)
                return
    b.decide("market", active[0])


def _step_cathedral(b: Batch, rules: Rules) -> None:

    state = b.state
    for seat in turn_order(state):
        if seat not in state.done:
            if conversions(state, rules, seat) or rules.once_uses(state, seat, "cathedral"):
                b.decide("cathedral", seat)
            else:
                b.add(E.CathedralDone(seat))
            return
    for seat in turn_order(state):
        if sum(state.players[seat].cubes) > rules.layout.cube_limit:
            b.decide("return_cubes", seat)
            return
    _next(b, rules)


def _step_start_player(b: Batch, rules: Rules) -> None:
    state = b.state
    seat = state.spot_list(state.step)[0]
    if seat is None:
        seat = (state.start_player + 1) % state.n_players
    b.add(E.StartPlayerChanged(seat))
    if rules.held_one_round:  # privileges "for one round" leave the game (issue #36)
        for s in turn_order(state):
            for cid in state.players[s].privileges:
                if cid in rules.held_one_round:
                    b.add(E.OnceUsed(s, cid))
    b.add(E.RoundEnded(state.round))


#: The function of each step rule.
STEP: Final = {
    "event": _step_event,
    "bishop": _step_bishop,
    "wool_mill": _step_wool_mill,
    "privileges": _step_privileges,
    "spots": _step_spots,
    "site": _step_site,
    "tax": _step_tax,
    "craftsmen": _step_craftsmen,
    "market": _step_market,
    "cathedral": _step_cathedral,
    "start_player": _step_start_player,
    "collector": _step_collector,
}
assert tuple(STEP) == STEP_RULES

"""Automatic progression: what happens next when nobody has to decide.

:func:`advance` looks at the state and returns the next batch of events: the
automatic parts of the rules (income, yields, tax, chance draws) and, at the
end of every batch, either a :class:`DecisionPending` naming who must decide or
:class:`GameEnded`. It never changes state itself; the caller folds the batch
with :func:`evolve` and calls it again.

Phases I and II (§2.2, §2.3) and the round's opening are here; Phase III's
steps are in :mod:`.steps`; both build on :mod:`.batch`.
"""

from __future__ import annotations

from typing import Any

from ..cardlang.effects import GAME_END, SETUP, ChooseCraftsman, CopyPrivilege, DraftCards, GivePrivilege
from . import events as E
from . import rng
from .batch import (
    PRIVILEGES_PER_GAME,
    Batch,
    chosen_seats,
    eligible_craftsmen,
    is_chosen,
    job_effect,
    round_workers,
    trigger_events,
    turn_order,
)
from .context import Rules
from .evolve import evolve
from .queries import free_spots
from .reach import play_direction
from .state import GameState, Pending
from .steps import STEP, enter_step
from .zones import copy_options, draft_events, give_options, setup_draft


def run(state: GameState, rules: Rules, events: list[Any]) -> tuple[list[Any], GameState]:
    """Fold ``events`` into ``state`` and add the automatic events up to the next
    decision: the core's loop (:func:`pillars_rules.core.loop.loop`) over this
    game's fold, batch and flow, with direct calls -- what the compiled build
    runs once per action (``GameType.run``; a test checks the two agree)."""
    for e in events:
        state = evolve(state, e, rules)
    b = Batch(state, rules)  # one batch gathers everything up to the next decision
    out = b.events = list(events)
    while not b.state.frame.game_over:
        if out and type(out[-1]) is E.DecisionPending:
            break
        advance_into(b, rules)
    return out, b.state


def advance(state: GameState, rules: Rules) -> Batch:
    """The next batch of automatic events (empty only when the game is over)."""
    b = Batch(state, rules)
    if not state.frame.game_over:
        advance_into(b, rules)
    return b


def advance_into(b: Batch, rules: Rules) -> None:
    """Add the next batch of automatic events to ``b`` (whose game is not over)."""
    state = b.state
    # Universal checks first: the craftsman limit (§2.2) and pending choices.
    low = rules.lowest_craftsman_limit
    for p in state.players:
        if len(p.craftsmen) > low:  # below the lowest limit any card sets: no one to ask
            for seat in turn_order(state):
                n = len(state.players[seat].craftsmen)
                if n > low and n > rules.craftsman_limit(state, seat):
                    b.decide("discard", seat)
                    return
            break
    jobs = state.table.jobs
    if jobs:
        job = jobs[0]
        effect = job_effect(rules, job)
        if (
            (isinstance(effect, ChooseCraftsman) and not eligible_craftsmen(state, rules, job.seat, effect, job.actor))
            or (is_chosen(effect) and not chosen_seats(state, rules, job.seat, effect, job.source, job.ability))
            or (isinstance(effect, CopyPrivilege) and not copy_options(state, rules, job.seat, effect, job.actor))
            or (isinstance(effect, GivePrivilege) and not give_options(state, job.seat, effect, job.actor))
            or (isinstance(effect, DraftCards) and not state.display)
        ):
            # nothing left to choose (a player it would do something with: issue #53): no question
            b.add(E.ChoiceMade(job.seat, job.source))
        else:
            b.decide("choice", job.seat)
        return
    stage = state.stage
    if stage == "builders":  # the stages in the order of how often they come
        _builders(b, rules)
    elif stage == "resolution":  # run_step, inlined: this is most of a game's advancing
        STEP[rules.layout.step_rule[state.step]](b, rules)
    elif stage == "draft":
        _draft(b, rules)
    elif stage == "setup":
        if not state.craftsman_decks:  # not shuffled yet: the set-up itself
            _setup(b, rules)
            if b.state.table.jobs:  # the set-up rules' choices come before the first round
                return
        if state.display:  # a set-up draft is over: the cards nobody took (issue #53)
            draft = setup_draft(rules)
            assert draft is not None  # only a draft deals to the display before the first round
            b.add(E.DisplayCleared(draft[2].deck, draft[2].rest, draft[0]))
        _round_start(b, rules, 1)
    elif stage == "enter":  # a scenario starts at this step (see PositionSet)
        enter_step(b, rules, rules.layout.step_index[state.step])
    elif stage == "round_end":
        if state.round >= rules.layout.rounds:
            # the game_end abilities (issue #36): after the last round's
            # steps, before the ranking; they ask no choice (the compiler
            # refuses one), so the game ends in the same batch
            b.extend(trigger_events(state, rules, GAME_END))
            b.add(E.GameEnded())
        else:
            _round_start(b, rules, state.round + 1)
    else:  # pragma: no cover
        raise AssertionError(f"unknown stage {stage!r}")


def _setup(b: Batch, rules: Rules) -> None:
    """Chance: shuffle the decks (§1)."""
    state = b.state
    numbers = rng.stream(state.seed, state.frame.rng)
    n = state.n_players
    craftsmen = rules.cards_at("craftsman", n)
    rounds = rules.layout.rounds
    decks = tuple(rng.shuffled(numbers, [c.id for c in craftsmen if c.round == r]) for r in range(1, rounds + 1))
    events = rng.shuffled(numbers, [c.id for c in rules.cards_at("event", n)])[:rounds]
    privileges = rules.cards_at("privilege", n)
    last = rng.shuffled(numbers, [c.id for c in privileges if c.last_round])
    others = rng.shuffled(numbers, [c.id for c in privileges if not c.last_round])
    keep_last = last[:2]
    deck = others[: PRIVILEGES_PER_GAME - len(keep_last)] + keep_last
    b.add(E.DecksShuffled(decks, events, deck))
    setup = rules.triggered_on.get(SETUP)
    if setup:  # the set-up rules (issue #53): the board's for every seat, then the starting craftsmen's
        board = tuple(cid for cid in setup if rules.by_id[cid].kind == "board")
        b.extend(trigger_events(b.state, rules, SETUP, board))
        draft = setup_draft(rules)
        if draft is not None:  # the table's draft, once, after the rules of each seat (issue #53)
            b.extend(draft_events(b.state, *draft))


def _round_start(b: Batch, rules: Rules, rnd: int) -> None:
    # workers depend on modifiers (extra workers, §7) and last round's castle (§2.4 step 11)
    b.add(E.RoundStarted(rnd, round_workers(b.state, rules)))
    pinned = b.state.pins.displays
    if pinned:
        b.add(E.ResourceCardsDealt(pinned[0]))
    else:
        numbers = rng.stream(b.state.seed, b.state.frame.rng)
        n = b.state.n_players
        dealt = rng.shuffled(numbers, rules.resource_cards(n))[: rules.layout.resources_for(n)]
        b.add(E.ResourceCardsDealt(tuple(dealt) + rules.every_round_cards(n)))
    b.extend(trigger_events(b.state, rules, "round_start"))


# ------------------------------------------------------------------ phase I
def _draft(b: Batch, rules: Rules) -> None:
    state = b.state
    n = state.n_players
    if not state.display or len(state.passed) == n:
        b.add(E.DraftEnded())
        _bag(b, rules)
        return
    last: Pending | None = state.frame.pending
    step = play_direction(state)  # -1 in a round a card reversed (issue #53)
    if last is None:
        first = state.start_player
    else:  # on from the last turn of the draft, whoever answered a question since (issue #53)
        turn = last.seat if last.kind == "draft" or state.turn < 0 else state.turn
        first = (turn + step) % n
    for i in range(n):
        seat = (first + i * step) % n
        if seat not in state.passed:
            b.decide("draft", seat)
            return
    raise AssertionError("draft with everyone passed")  # pragma: no cover


# ------------------------------------------------------------------ phase II
def _bag(b: Batch, rules: Rules) -> None:
    state = b.state
    bag: list[int] = []
    thirds: list[int] = []
    dm = "dm" in rules.variants
    for seat in range(state.n_players):
        limit = rules.builder_limit(state, seat)
        # dm (§2.3): the last builder is the free third, also under City wall
        in_bag = max(0, limit - 1) if dm else limit
        bag.extend([seat] * in_bag)
        thirds.extend([seat] * (limit - in_bag))
    b.add(E.BuildersBagged(tuple(bag), tuple(thirds)))


def _builders(b: Batch, rules: Rules) -> None:
    state = b.state
    sp = state.start_player
    if state.drawn is not None:
        if not state.redraw_used and state.bag and (sp, "redraw") not in state.decided:
            b.decide("redraw", sp)
        else:
            _to_place(b, rules, state.drawn, "bag")
    elif state.bag:
        pinned = state.pins.builders
        if pinned and pinned[0] in state.bag:
            seat = pinned[0]
        else:
            numbers = rng.stream(state.seed, state.frame.rng)
            seat = state.bag[rng.below(numbers, len(state.bag))]
        price = state.marker
        if len(state.bag) <= rules.layout.free_builders_for(state.n_players):
            price = 0  # §2.3: with 2 players the last builder is free (the board's 'free last builders')
        b.add(E.BuilderDrawn(seat, price))
        _builders(b, rules)  # on to the drawn builder's redraw or placement, in the same batch
    elif state.parked:
        _to_place(b, rules, state.parked[0], "parked")
    elif state.thirds:
        _to_place(b, rules, next_third(state), "third")
    else:
        enter_step(b, rules, 0)


def _to_place(b: Batch, rules: Rules, seat: int, source: str) -> None:

    if free_spots(b.state, seat, rules):
        b.decide("place", seat)
    else:  # ruling: a builder with no spot it may take goes back unplaced
        b.add(E.BuilderSetAside(seat, source))


def next_third(state: GameState) -> int:
    """Variant dm: third builders go in reverse order of first placement (§2.3)."""
    for seat in reversed(state.first_placed):
        if seat in state.thirds:
            return seat
    return state.thirds[0]

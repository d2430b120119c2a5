"""The building blocks of automatic progression (:mod:`.flow`, :mod:`.steps`).

A :class:`Batch` gathers events in the making and folds each into its state as
it is added; the functions here turn instant effects, triggered abilities and
worker placements into events for a batch. Nothing here decides what happens
next: :func:`.flow.advance_into` does.
"""

from __future__ import annotations

from typing import Any, Final

from ..cardlang.effects import (
    AddCounters,
    Amount,
    BecomeStartPlayer,
    Borrow,
    BuryEvent,
    ChooseCraftsman,
    ChooseOne,
    CopyPrivilege,
    DraftCards,
    ForPlayers,
    Gain,
    HasMost,
    If,
    IsStartPlayer,
    Lasting,
    LookEvents,
    Lose,
    Market,
    OnGain,
    PerBuilder,
    PerCount,
    PerMillWorker,
    ReorderEvents,
    ReverseOrder,
    Swap,
    Transfer,
    addressed,
    deeper,
    is_chosen,
    names_actor,
)
from ..limits import MAX_CARD_EFFECTS
from . import events as E
from .borrow import borrow_uses
from .context import Rules
from .evolve import _HANDLERS, evolve
from .layout import Layout
from .reach import has_most, market_events, scaled, selected, swap_events, transfer_events, turn_order
from .state import GameState, Job, Pieces
from .zones import (
    copy_options,
    give_options,
    give_target,
    gives_to_chosen,
    lasting_rounds,
    look_events,
    reorder_size,
    reorders,
)

BIG_VALUE = 5
SMALL_WORKERS = 7
PRIVILEGES_PER_GAME = 12


# ------------------------------------------------------------------ instant effects
def instant_events(
    state: GameState,
    rules: Rules,
    seat: int,
    effect,
    source: str,
    ability: int,
    option: int = -1,
    judge: GameState | None = None,
    actor: int = -1,
) -> list:
    """Events for a card's instant effect on ``seat`` (at most one: a gain, a
    loss or a queued choice); nothing once the seat has had its
    :data:`~pillars_rules.limits.MAX_CARD_EFFECTS` card effects this round.
    ``actor``: the seat whose action a reaction answers (``that player``)."""
    events = _instant(state, rules, seat, effect, source, ability, option, judge, actor)
    return events if fits(list(state.effects), events) else []


def _seats_of(event) -> tuple[int, ...]:
    if isinstance(event, E.ChoicesQueued):
        return tuple(j.seat for j in event.jobs)
    return (event.seat,)


def fits(counts: list[int], events: list) -> bool:
    """Do ``events`` (one ability's) keep every seat within its budget of
    card effects? If so they are counted into ``counts``; an ability that
    reaches a seat with no room left gives nothing at all."""
    seats = [s for e in events for s in _seats_of(e)]
    if any(counts[s] + seats.count(s) > MAX_CARD_EFFECTS for s in set(seats)):
        return False
    for s in seats:
        counts[s] += 1
    return True


def _instant(
    state: GameState,
    rules: Rules,
    seat: int,
    effect,
    source: str,
    ability: int,
    option: int = -1,
    judge: GameState | None = None,
    actor: int = -1,
) -> list:
    """The events of ``effect`` for ``seat``; who has the most or fewest of a
    count is judged on ``judge`` if given (an event's reveal), else on ``state``."""
    if isinstance(effect, Gain):
        per = effect.per
        if per is None:
            k = 1
        elif isinstance(per, PerMillWorker):
            k = state.players[seat].pieces.value
        elif isinstance(per, PerBuilder):
            k = state.builders_at(seat, per.location)
        elif isinstance(per, PerCount):
            k = state.count(seat, per.what, source) // per.per
        else:  # a quantity (issue #53)
            amounts = scaled(state, seat, effect.amounts, per, source)
            return [E.Gained(seat, amounts, source)] if amounts else []
        amounts = tuple(Amount(a.kind, a.n * k) for a in effect.amounts if a.n * k)
        return [E.Gained(seat, amounts, source)] if amounts else []
    if isinstance(effect, Lose):
        if effect.per is not None:  # scaled (issue #53)
            amounts = scaled(state, seat, effect.amounts, effect.per, source)
            return [E.Lost(seat, amounts, source)] if amounts else []
        return [E.Lost(seat, effect.amounts, source)]
    if gives_to_chosen(effect):  # a card given as a pair (issue #53): a choice, if anyone lacks a card
        return _queued(seat, source, ability, option, effect, actor) if give_options(state, seat, effect, actor) else []
    if isinstance(effect, (ChooseCraftsman, ChooseOne)):
        return _queued(seat, source, ability, option, effect, actor)
    if isinstance(effect, If):
        cond = effect.condition
        if isinstance(cond, HasMost):
            if not has_most(state if judge is None else judge, seat, cond.what, cond.most):
                return []
        elif isinstance(cond, IsStartPlayer):  # turn order as state (issue #53)
            if (state if judge is None else judge).start_player != seat:
                return []
        elif state.count(seat, cond.kind, source) < cond.n:  # counters: on this card (issue #53)
            return []
        return _instant(state, rules, seat, effect.effect, source, ability, option, judge, actor)
    if is_chosen(effect):  # the owner picks the player: a choice of its own
        return (
            [E.ChoicesQueued((Job(seat, source, ability, option),))]
            if chosen_seats(state, rules, seat, effect, source, ability)
            else []
        )
    if isinstance(effect, ForPlayers):
        # each picked player's share sees the shares before it (two players
        # taking from the market share its stock); who has the most of a
        # count is judged once, before any of them
        out: list = []
        now, judged = state, state if judge is None else judge
        for target in selected(state, seat, effect.players, actor):
            got = _instant(now, rules, target, effect.effect, source, ability, option, judged, actor)
            for e in got:
                now = evolve(now, e, rules)
            out += got
        return out
    if isinstance(effect, Transfer):
        return transfer_events(state, seat, effect, source, actor=actor)
    if isinstance(effect, Swap):
        return swap_events(state, seat, effect, source, actor=actor)
    if isinstance(effect, Market):
        return market_events(state, seat, effect, source)
    if isinstance(effect, AddCounters):
        return [E.CountersAdded(seat, source, effect.n)]
    if isinstance(effect, (LookEvents, ReorderEvents)):  # the event deck (issue #53)
        looked = look_events(state, seat, effect.n, source)
        if isinstance(effect, LookEvents):
            return looked
        # a reorder of fewer than two cards asks nothing
        return (
            looked + [E.ChoicesQueued((Job(seat, source, ability, option),))]
            if reorder_size(state, effect) > 1
            else looked
        )
    if isinstance(effect, BuryEvent):  # nothing to bury under a single card
        return [E.EventBuried(seat, source)] if len(state.event_deck) > 1 else []
    if isinstance(effect, CopyPrivilege):  # a choice, if there is a privilege to copy
        return (
            _queued(seat, source, ability, option, effect, actor)
            if copy_options(state, rules, seat, effect, actor)
            else []
        )
    if isinstance(effect, Borrow):  # the owner picks the craftsman: a choice, if there is one to use
        return (
            [E.ChoicesQueued((Job(seat, source, ability, option),))] if borrow_uses(state, rules, seat, effect) else []
        )
    if isinstance(effect, BecomeStartPlayer):  # nothing if the seat already is (issue #53)
        return [E.BecameStartPlayer(seat, source)] if state.start_player != seat else []
    if isinstance(effect, ReverseOrder):  # a reversed round stays reversed; no round 7
        rnd = state.round + (1 if effect.when == "next_round" else 0)
        return (
            [E.OrderReversed(seat, source, rnd)]
            if (rnd <= rules.layout.rounds and rnd not in state.reversed_rounds)
            else []
        )
    if isinstance(effect, DraftCards):  # the table's, dealt once by the set-up (flow), not per seat
        return []
    if isinstance(effect, Lasting):  # an option of a choice: ``option`` is its index
        first, last = lasting_rounds(state, rules, effect.duration)
        return [E.ModifierGranted(seat, source, ability, option, first, last)] if first <= rules.layout.rounds else []
    raise TypeError(f"not an instant effect: {effect!r}")  # pragma: no cover - registry guard


def _queued(seat: int, source: str, ability: int, option: int, effect, actor: int) -> list:
    """The choice of ``effect`` queued for ``seat``; with ``actor``, the seat
    that acted, when the effect names ``that player`` (issue #53): the seat is
    fixed now, when the reaction fires, and the answer reaches it later."""
    if actor >= 0 and names_actor(effect):
        return [E.ChoicesQueued((Job(seat, source, ability, option, actor),))]
    return [E.ChoicesQueued((Job(seat, source, ability, option),))]


def chosen_seats(state: GameState, rules: Rules, seat: int, effect, source: str, ability: int) -> tuple[int, ...]:
    """The players ``seat`` may choose for "a player you choose", in turn order
    (option ``i`` of the decision is the ``i``-th): only those with whom
    ``effect`` does something -- a trade with a player who has what it takes,
    a take from one who has some of it (issue #53). None: no decision at all."""
    return tuple(
        s for s in turn_order(state) if s != seat and chosen_events(state, rules, seat, effect, s, source, ability)
    )


def option_count(state: GameState, rules: Rules, seat: int, effect) -> int:
    """How many options a queued choice of ``effect`` (the first job's) offers
    ``seat`` now: the players to choose, the uses of a craftsman and none, or
    the options written."""
    job = state.jobs[0]
    if is_chosen(effect):
        return len(chosen_seats(state, rules, seat, effect, job.source, job.ability))
    if isinstance(effect, Borrow):
        return len(borrow_uses(state, rules, seat, effect)) + 1
    if isinstance(effect, ReorderEvents):
        return len(reorders(reorder_size(state, effect)))
    if isinstance(effect, CopyPrivilege):
        return len(copy_options(state, rules, seat, effect, job.actor))
    if gives_to_chosen(effect):
        return len(give_options(state, seat, effect, job.actor))
    if isinstance(effect, DraftCards):  # option i: the i-th card on the display (issue #53)
        return len(state.display)
    return len(effect.options)


def gained_privilege_events(state: GameState, rules: Rules, seat: int, card: str) -> list:
    """``seat`` gains the privilege ``card`` (drafted at set-up, issue #53)
    as at the board's privilege step: taken, its effects on gain (a choice
    they ask comes next, before other waiting choices), then spent if it is
    an immediate privilege."""
    taken = E.PrivilegeTaken(seat, card)
    out: list = [taken]
    now = evolve(state, taken, rules)
    for j, ability in enumerate(rules.card(card).abilities):
        if isinstance(ability, OnGain):
            for e in instant_events(now, rules, seat, ability.effect, card, j):
                e = E.ChoicesQueued(e.jobs, front=True) if isinstance(e, E.ChoicesQueued) else e
                now = evolve(now, e, rules)
                out.append(e)
    if card in rules.spent_when_gained:
        out.append(E.OnceUsed(seat, card))
    return out


def chosen_events(state: GameState, rules: Rules, seat: int, effect, target: int, source: str, ability: int) -> list:
    """The events of a "player you choose" effect once ``seat`` chose ``target``."""
    if isinstance(effect, Transfer):
        events = transfer_events(state, seat, effect, source, (target,))
    elif isinstance(effect, Swap):
        events = swap_events(state, seat, effect, source, (target,))
    else:
        events = _instant(state, rules, target, effect.effect, source, ability)
    return events if fits(list(state.effects), events) else []


def job_root(rules: Rules, job: Job) -> Any:
    """The effect a queued choice's address starts from: the card's ability,
    or a place's spot effect (France: ``ability`` is the spot)."""
    if job.source in rules.layout.spot_effects:
        return rules.layout.spot_effect(job.source, job.ability)
    return rules.card(job.source).abilities[job.ability]


def job_effect(rules: Rules, job: Job) -> Any:
    """The instant effect a queued choice answers, by the one walk over the
    effects (:func:`~pillars_rules.cardlang.effects.addressed`)."""
    return addressed(job_root(rules, job), job.option)


def answer_address(rules: Rules, job: Job, index: int) -> int:
    """The address of option ``index`` of ``job``'s choice: what a choice it
    leads to is queued with (a choice inside a choice, issue #53)."""
    return deeper(job_root(rules, job), job.option, index)


def once_events(state: GameState, rules: Rules, seat: int, card: str, window: str) -> list:
    """The events of ``seat`` using ``card``'s once-per-game ability of a
    general ``window`` (draft, market, cathedral): the card spent, then its
    effect. Only the card spent: its effect would do nothing now, so the use is
    not offered and the card is kept (issue #53)."""
    used = E.OnceUsed(seat, card)
    i, once = next((i, a) for i, a in rules.onces[card] if a.window == window)
    return [used] + instant_events(evolve(state, used, rules), rules, seat, once.effect, card, i)


def reacts(who: str, owner: int, actor: int, n: int) -> bool:
    """Does a reaction of ``owner``'s for ``who`` (:data:`~pillars_rules.cardlang.effects.REACTORS`)
    answer an action of ``actor``'s (issue #53)? Neighbours are seats, not turns:
    the left one is the next seat clockwise, as for a selector."""
    if who == "you":
        return owner == actor
    if who == "other":
        return owner != actor
    if who == "any":
        return True
    if n < 2:
        return False
    return actor == ((owner + 1) % n if who == "left" else (owner - 1) % n)


def action_trigger_events(
    before: GameState, after: GameState, rules: Rules, seat: int, action: str, location: str | None = None
) -> list:
    """Events of the reactions (``when <player> <action>:``) to ``seat``'s
    ``action``, of the cards their owners held ``before`` it, applied in order
    to the state ``after`` it: seat by seat clockwise from ``seat`` (its own
    first), each seat's cards in the order it holds them (the ruling of
    issue #53). A reaction's effect, and any choice it asks, is its owner's;
    ``that player`` in it is ``seat``."""
    acting = rules.acting
    out: list = []
    n = len(before.players)
    for k in range(n):
        owner = (seat + k) % n
        p = before.players[owner]
        for cid in p.craftsmen + p.privileges:
            if cid not in acting:
                continue
            for i, a in rules.on_actions[cid]:
                if (
                    a.action == action
                    and (a.location is None or a.location == location)
                    and reacts(a.who, owner, seat, n)
                ):
                    for e in instant_events(after, rules, owner, a.effect, cid, i, actor=seat):
                        after = evolve(after, e, rules)
                        out.append(e)
    return out


def eligible_craftsmen(
    state: GameState, rules: Rules, seat: int, effect: ChooseCraftsman, actor: int = -1
) -> list[str]:
    """The craftsmen ``seat`` may pick for ``effect`` (``actor``: the queued
    choice's, who ``that player`` is)."""
    if gives_to_chosen(effect):  # given to a player you choose: the craftsmen some player lacks
        return list(dict.fromkeys(c for c, _ in give_options(state, seat, effect, actor)))
    taker = give_target(state, seat, effect, actor)
    if effect.action == "give" and taker < 0:
        return []
    has = state.players[taker].craftsmen if taker >= 0 else ()
    out = []
    for c in state.players[seat].craftsmen:
        if c in effect.exclude or c in out or c in has:  # a card its taker has already is no gift
            continue
        if effect.action == "boost" and not any(cv.capacity is not None for _, cv in rules.converts[c]):
            continue
        out.append(c)
    return out


def trigger_events(state: GameState, rules: Rules, hook: str, everyone: tuple[str, ...] = ()) -> list:
    """Events of the abilities triggered at ``hook`` (a step, ``round_start``),
    seat by seat in turn order, each seen against ``state`` (the hook's start)
    and within the seat's budget of card effects. ``everyone``: cards every
    seat holds for this hook, before its own (the board's set-up rules)."""
    out: list = []
    triggered = rules.triggered_on.get(hook)
    if not triggered:  # no card of the set reacts to this hook: the usual case
        return out
    counts = list(state.effects)
    for seat in turn_order(state):
        p = state.players[seat]
        for cid in everyone + p.craftsmen + p.privileges:
            if cid not in triggered:
                continue
            for i, t in rules.triggers[cid]:
                if t.step == hook and counts[seat] < MAX_CARD_EFFECTS:
                    events = _instant(state, rules, seat, t.effect, cid, i)
                    if fits(counts, events):  # each is one card effect
                        out.extend(events)
    return out


# ------------------------------------------------------------------ workers
def pieces_for(p_pieces: Pieces, need: int, big: bool) -> Pieces | None:
    """The pieces the player puts on a card needing ``need`` worker value (RULES
    §2.2 worker ruling): with the ``big`` worker, it plus ``max(0, need - 5)``
    one-value pieces; without, ``need`` one-value pieces. One-value pieces are
    interchangeable; grey ones go first (they are lost after the round anyway),
    then the black one, then small ones. ``None``: the player lacks the pieces."""
    use_ones = ones_needed(p_pieces, need, big)
    if use_ones is None:
        return None
    grey = min(p_pieces.grey, use_ones)
    black = min(p_pieces.black, use_ones - grey)
    small = use_ones - grey - black
    return Pieces(small, 1 if big else 0, grey, black)


def ones_needed(p_pieces: Pieces, need: int, big: bool) -> int | None:
    """How many one-value pieces go on a card needing ``need`` (with the big
    worker or without, see :func:`pieces_for`); ``None``: the player lacks them."""
    if big:
        if not p_pieces.big:
            return None
        use_ones = need - BIG_VALUE if need > BIG_VALUE else 0
    else:
        use_ones = need
    return use_ones if use_ones <= p_pieces.small + p_pieces.grey + p_pieces.black else None


def round_workers(state: GameState, rules: Rules) -> tuple[Pieces, ...]:
    return tuple(
        Pieces(SMALL_WORKERS, 1, p.grey_next, rules.extra_workers(state, seat)) for seat, p in enumerate(state.players)
    )


# ------------------------------------------------------------------ the driver
class Batch:
    """Events in the making, folded into ``state`` one by one as they are added,
    on ``layout``: the board of the game's ``rules`` (:attr:`.context.Rules.layout`)."""

    __slots__ = ("state", "events", "layout")

    def __init__(self, state: GameState, rules: Rules) -> None:
        self.state = state
        self.events: list = []
        self.layout: Layout = rules.layout

    def add(self, event) -> Batch:
        self.state = _HANDLERS[event.__class__](self.state, event, self.layout)  # evolve(), inlined
        self.events.append(event)
        return self

    def extend(self, events) -> Batch:
        for e in events:
            self.add(e)
        return self

    def decide(self, kind: str, seat: int) -> Batch:
        """Add the :class:`DecisionPending` of ``kind`` for ``seat``: one shared
        instance per pair (events are immutable values; a decision is pending
        about once per three events, so not building it each time pays)."""
        event = _PENDING.get((kind, seat))
        if event is None:
            event = _PENDING[kind, seat] = E.DecisionPending(kind, seat)
        return self.add(event)


#: The shared :class:`DecisionPending` events: (kind, seat) -> event (the kinds
#: are this module's literals, the seats at most 8: a small, bounded table).
_PENDING: Final[dict[tuple[str, int], E.DecisionPending]] = {}
#: One shared :class:`StepStarted` event per step of Phase III (of every board
#: played: a place's key; bounded by the boards a process plays).
_STARTED: dict[str, E.StepStarted] = {}


def started(step: str) -> E.StepStarted:
    """The shared :class:`StepStarted` event of ``step``."""
    event = _STARTED.get(step)
    if event is None:
        event = _STARTED[step] = E.StepStarted(step)
    return event

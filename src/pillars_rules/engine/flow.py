"""Automatic progression: what happens next when nobody has to decide.

:func:`advance` looks at the state and returns the next batch of events: the
automatic parts of the rules (income, yields, tax, chance draws) and, at the
end of every batch, either a :class:`DecisionPending` naming who must decide or
:class:`GameEnded`. It never changes state itself; the caller folds the batch
with :func:`evolve` and calls it again.
"""

from __future__ import annotations

from ..effects import (
    CUBES, SITES, STEPS, Amount, ChooseCraftsman, ChooseOne, Gain, If, Lose, Now, OnGain,
    PerMillWorker,
)
from . import events as E
from . import rng
from .context import Rules
from .evolve import _HANDLERS, evolve
from .queries import conversions, free_spots
from .state import ROUNDS, GameState, Job, Pieces

BIG_VALUE = 5
SMALL_WORKERS = 7
PRIORY_VP = (2, 1)
TAX_DIE = (2, 3, 3, 4, 4, 5)
CUBE_LIMIT = 5
GREY_WORKERS = 2
DISPLAY_RESOURCE_CARDS = 7
PRIVILEGES_PER_GAME = 12


_ORDERS = {(n, s): tuple((s + i) % n for i in range(n)) for n in range(1, 9) for s in range(n)}


def turn_order(state: GameState) -> tuple[int, ...]:
    """Seats clockwise from the start player."""
    return _ORDERS[len(state.players), state.start_player]


# ------------------------------------------------------------------ instant effects
def instant_events(state: GameState, rules: Rules, seat: int, effect, source: str,
                   ability: int, option: int = -1) -> list:
    """Events for an instant effect on ``seat``; choices become queued jobs."""
    if isinstance(effect, Gain):
        per = effect.per
        if per is None:
            k = 1
        elif isinstance(per, PerMillWorker):
            k = state.players[seat].pieces.value
        else:
            k = state.builders_at(seat, per.location)
        amounts = tuple(Amount(a.kind, a.n * k) for a in effect.amounts if a.n * k)
        return [E.Gained(seat, amounts, source)] if amounts else []
    if isinstance(effect, Lose):
        return [E.Lost(seat, effect.amounts, source)]
    if isinstance(effect, (ChooseCraftsman, ChooseOne)):
        return [E.ChoicesQueued((Job(seat, source, ability, option),))]
    if isinstance(effect, If):
        if state.players[seat].amount(effect.condition.kind) < effect.condition.n:
            return []
        return instant_events(state, rules, seat, effect.effect, source, ability, option)
    raise TypeError(f"not an instant effect: {effect!r}")  # pragma: no cover - registry guard


def _unwrap(effect):
    """The effect an :class:`If` guards (its condition held when the job was queued)."""
    while isinstance(effect, If):
        effect = effect.effect
    return effect


def job_effect(rules: Rules, job: Job):
    effect = _unwrap(rules.card(job.source).abilities[job.ability].effect)
    return effect if job.option < 0 else _unwrap(effect.options[job.option])


def action_trigger_events(before: GameState, after: GameState, rules: Rules, seat: int,
                          action: str, location: str | None = None) -> list:
    """Events of the ``when you <action>:`` abilities of the cards ``seat`` owned
    ``before`` the action, applied in order to the state ``after`` it."""
    p = before.players[seat]
    acting = rules.acting
    out: list = []
    for cid in p.craftsmen + p.privileges:
        if cid not in acting:
            continue
        for i, a in rules.on_actions[cid]:
            if a.action == action and (a.location is None or a.location == location):
                for e in instant_events(after, rules, seat, a.effect, cid, i):
                    after = evolve(after, e)
                    out.append(e)
    return out


def eligible_craftsmen(state: GameState, rules: Rules, seat: int, effect: ChooseCraftsman) -> list[str]:
    out = []
    for c in state.players[seat].craftsmen:
        if c in effect.exclude or c in out:
            continue
        if effect.action == "boost" and not any(cv.capacity is not None for _, cv in rules.converts[c]):
            continue
        out.append(c)
    return out


def trigger_events(state: GameState, rules: Rules, hook: str) -> list:
    out: list = []
    triggered = rules.triggered
    for seat in turn_order(state):
        p = state.players[seat]
        for cid in p.craftsmen + p.privileges:
            if cid not in triggered:
                continue
            for i, t in rules.triggers[cid]:
                if t.step == hook:
                    out.extend(instant_events(state, rules, seat, t.effect, cid, i))
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
        Pieces(SMALL_WORKERS, 1, p.grey_next, rules.extra_workers(state, seat))
        for seat, p in enumerate(state.players)
    )


# ------------------------------------------------------------------ the driver
class Batch:
    """Events in the making, folded into ``state`` one by one as they are added."""

    __slots__ = ("state", "events")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.events: list = []

    def add(self, event) -> "Batch":
        self.state = _HANDLERS[event.__class__](self.state, event)  # evolve(), inlined
        self.events.append(event)
        return self

    def extend(self, events) -> "Batch":
        for e in events:
            self.add(e)
        return self

    def decide(self, kind: str, seat: int) -> "Batch":
        """Add the :class:`DecisionPending` of ``kind`` for ``seat``: one shared
        instance per pair (events are immutable values; a decision is pending
        about once per three events, so not building it each time pays)."""
        event = _PENDING.get((kind, seat))
        if event is None:
            event = _PENDING[kind, seat] = E.DecisionPending(kind, seat)
        return self.add(event)


#: The shared :class:`DecisionPending` events: (kind, seat) -> event (the kinds
#: are this module's literals, the seats at most 8: a small, bounded table).
_PENDING: dict[tuple[str, int], E.DecisionPending] = {}
#: One shared :class:`StepStarted` event per step of Phase III.
_STARTED = {step: E.StepStarted(step) for step in STEPS}


def advance(state: GameState, rules: Rules) -> Batch:
    """The next batch of automatic events (empty only when the game is over)."""
    b = Batch(state)
    if not state.game_over:
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
    if state.jobs:
        job = state.jobs[0]
        effect = job_effect(rules, job)
        if isinstance(effect, ChooseCraftsman) and not eligible_craftsmen(state, rules, job.seat, effect):
            b.add(E.ChoiceMade(job.seat, job.source))
        else:
            b.decide("choice", job.seat)
        return
    stage = state.stage
    if stage == "setup":
        _setup(b, rules)
        _round_start(b, rules, 1)
    elif stage == "draft":
        _draft(b, rules)
    elif stage == "builders":
        _builders(b, rules)
    elif stage == "resolution":
        _STEP[state.step](b, rules)
    elif stage == "enter":  # a scenario starts at this step (see PositionSet)
        _enter_step(b, rules, STEPS.index(state.step))
    elif stage == "round_end":
        if state.round >= ROUNDS:
            b.add(E.GameEnded())
        else:
            _round_start(b, rules, state.round + 1)
    else:  # pragma: no cover
        raise AssertionError(f"unknown stage {stage!r}")


def _setup(b: Batch, rules: Rules) -> None:
    """Chance: shuffle the decks (§1)."""
    state = b.state
    numbers = rng.stream(state.seed, state.rng)
    craftsmen = rules.cards.of_kind("craftsman")
    decks = tuple(
        rng.shuffled(numbers, [c.id for c in craftsmen if c.round == r]) for r in range(1, ROUNDS + 1)
    )
    events = rng.shuffled(numbers, [c.id for c in rules.cards.of_kind("event")])[:ROUNDS]
    privileges = rules.cards.of_kind("privilege")
    last = rng.shuffled(numbers, [c.id for c in privileges if c.last_round])
    others = rng.shuffled(numbers, [c.id for c in privileges if not c.last_round])
    keep_last = last[:2]
    deck = others[: PRIVILEGES_PER_GAME - len(keep_last)] + keep_last
    b.add(E.DecksShuffled(decks, events, deck))


def _round_start(b: Batch, rules: Rules, rnd: int) -> None:
    # workers depend on modifiers (extra workers, §7) and last round's castle (§2.4 step 11)
    b.add(E.RoundStarted(rnd, round_workers(b.state, rules)))
    pinned = b.state.pins.displays
    if pinned:
        b.add(E.ResourceCardsDealt(pinned[0]))
    else:
        numbers = rng.stream(b.state.seed, b.state.rng)
        b.add(E.ResourceCardsDealt(
            rng.shuffled(numbers, [c.id for c in rules.cards.of_kind("resource")])[:DISPLAY_RESOURCE_CARDS]
        ))
    b.extend(trigger_events(b.state, rules, "round_start"))


# ------------------------------------------------------------------ phase I
def _draft(b: Batch, rules: Rules) -> None:
    state = b.state
    n = state.n_players
    if not state.display or len(state.passed) == n:
        b.add(E.DraftEnded())
        _bag(b, rules)
        return
    last = state.pending
    first = state.start_player if last is None else (last.seat + 1) % n
    for i in range(n):
        seat = (first + i) % n
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
            _to_place(b, state.drawn, "bag")
    elif state.bag:
        pinned = state.pins.builders
        if pinned and pinned[0] in state.bag:
            seat = pinned[0]
        else:
            numbers = rng.stream(state.seed, state.rng)
            seat = state.bag[rng.below(numbers, len(state.bag))]
        price = state.marker
        if state.n_players == 2 and len(state.bag) == 1:
            price = 0  # §2.3: with 2 players the last builder is free
        b.add(E.BuilderDrawn(seat, price))
    elif state.parked:
        _to_place(b, state.parked[0], "parked")
    elif state.thirds:
        _to_place(b, next_third(state), "third")
    else:
        _enter_step(b, rules, 0)


def _to_place(b: Batch, seat: int, source: str) -> None:

    if free_spots(b.state, seat):
        b.decide("place", seat)
    else:  # ruling: a builder with no spot it may take goes back unplaced
        b.add(E.BuilderSetAside(seat, source))


def next_third(state: GameState) -> int:
    """Variant dm: third builders go in reverse order of first placement (§2.3)."""
    for seat in reversed(state.first_placed):
        if seat in state.thirds:
            return seat
    return state.thirds[0]


# ------------------------------------------------------------------ phase III
def _enter_step(b: Batch, rules: Rules, index: int) -> None:
    step = STEPS[index]
    b.add(_STARTED[step])
    b.extend(trigger_events(b.state, rules, step))


def _next(b: Batch, rules: Rules) -> None:
    _enter_step(b, rules, STEPS.index(b.state.step) + 1)


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
    bishop = state.spot_list("bishop")[0]
    if bishop is not None and (bishop, "bishop") not in state.decided:
        if harmful or any(state.market[i] for i in range(3)):
            b.decide("bishop", bishop)
        else:
            b.add(E.Decided(bishop, "bishop"))
        return
    if harmful:
        for seat in turn_order(state):
            if (seat not in state.protected and (seat, "once_event") not in state.decided
                    and rules.once_card(state, seat, "event")):
                b.decide("once_event", seat)
                return
    card = rules.card(state.event)
    for seat in turn_order(state):
        if not rules.affected(state.event, state.protected, seat):
            continue
        for i, ability in enumerate(card.abilities):
            if isinstance(ability, Now):
                b.extend(instant_events(b.state, rules, seat, ability.effect, card.id, i))
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
            b.add(E.Gained(seat, (Amount("gold", gold),), "wool_mill"))
    _next(b, rules)


def _step_kingsbridge(b: Batch, rules: Rules) -> None:
    # Taken privileges leave ``state.kingsbridge``; choices they bring (OnGain)
    # are made before the step ends, so the body runs again and finds none left.
    state = b.state
    taken = False
    for i, seat in enumerate(state.spot_list("kingsbridge")):
        if seat is None or i >= len(state.kingsbridge) or not state.kingsbridge[i]:
            continue
        taken = True
        cid = state.kingsbridge[i]
        b.add(E.PrivilegeTaken(seat, cid))
        for j, ability in enumerate(rules.card(cid).abilities):
            if isinstance(ability, OnGain):
                b.extend(instant_events(b.state, rules, seat, ability.effect, cid, j))
    if not taken:
        _next(b, rules)


def _step_priory(b: Batch, rules: Rules) -> None:
    for seat, vp in zip(b.state.spot_list("priory"), PRIORY_VP):
        if seat is not None:
            b.add(E.Gained(seat, (Amount("vp", vp),), "priory"))
    _next(b, rules)


def _step_site(b: Batch, rules: Rules) -> None:
    state = b.state
    site = state.step
    for seat in turn_order(state):
        delta = rules.yield_delta(state, seat)
        for cid in state.players[seat].resource_cards:
            card = rules.card(cid)
            if card.site == site:
                n = max(0, card.yields.n + delta)
                if n:
                    b.add(E.Gained(seat, (Amount(card.yields.kind, n),), cid))
    _next(b, rules)


def _step_kings_court(b: Batch, rules: Rules) -> None:
    state = b.state
    if not state.tax:
        if state.pins.tax:
            b.add(E.TaxRolled(state.pins.tax[0]))
        else:
            numbers = rng.stream(state.seed, state.rng)
            b.add(E.TaxRolled(TAX_DIE[rng.below(numbers, len(TAX_DIE))]))
        return
    court = state.spot_list("kings_court")
    payers = [seat for seat in turn_order(state)
              if seat not in court and rules.tax_for(state, seat, state.tax) > 0]
    for seat in payers:
        if (seat not in state.exempt and (seat, "once_tax") not in state.decided
                and rules.once_card(state, seat, "tax")):
            b.decide("once_tax", seat)
            return
    for seat in payers:
        if seat not in state.exempt:
            b.add(E.Lost(seat, (Amount("gold", rules.tax_for(state, seat, state.tax)),), "tax"))
    if court[0] is not None and state.court_metal > 0:
        b.add(E.CubeTaken(court[0], "metal", "court"))
    _next(b, rules)


def _step_shiring(b: Batch, rules: Rules) -> None:
    # Hired cards leave ``state.shiring``; discards over the limit (§2.2) are
    # decided before the step ends.
    state = b.state
    hired = False
    for i, seat in enumerate(state.spot_list("shiring")):
        if seat is not None and i < len(state.shiring) and state.shiring[i]:
            hired = True
            before = b.state
            b.add(E.CraftsmanHired(seat, state.shiring[i], (), "shiring"))
            if rules.acting:
                b.extend(action_trigger_events(before, b.state, rules, seat, "hire"))
    if not hired:
        _next(b, rules)


def _step_castle(b: Batch, rules: Rules) -> None:
    for seat in b.state.spot_list("castle"):
        if seat is not None:
            b.add(E.GreyWorkersWon(seat, GREY_WORKERS))
    _next(b, rules)


def _step_market(b: Batch, rules: Rules) -> None:
    state = b.state
    order = [s for s in state.spot_list("market") if s is not None]
    active = [s for s in order if s not in state.done]
    if not active:
        _next(b, rules)
        return
    last = state.pending
    if last is not None and last.kind == "market" and last.seat in order:
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
        if sum(state.players[seat].cubes) > CUBE_LIMIT:
            b.decide("return_cubes", seat)
            return
    _next(b, rules)


def _step_start_player(b: Batch, rules: Rules) -> None:
    state = b.state
    seat = state.spot_list("start_player")[0]
    if seat is None:
        seat = (state.start_player + 1) % state.n_players
    b.add(E.StartPlayerChanged(seat))
    b.add(E.RoundEnded(state.round))


_STEP = {
    "event": _step_event,
    "bishop": _step_bishop,
    "wool_mill": _step_wool_mill,
    "kingsbridge": _step_kingsbridge,
    "priory": _step_priory,
    "forest": _step_site,
    "quarry": _step_site,
    "sand_pit": _step_site,
    "kings_court": _step_kings_court,
    "shiring": _step_shiring,
    "castle": _step_castle,
    "market": _step_market,
    "cathedral": _step_cathedral,
    "start_player": _step_start_player,
}
assert set(_STEP) == set(STEPS) and set(SITES) <= set(STEPS) and CUBES

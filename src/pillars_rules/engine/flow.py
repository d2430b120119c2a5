"""Automatic progression: what happens next when nobody has to decide.

:func:`advance` looks at the state and returns the next batch of events: the
automatic parts of the rules (income, yields, tax, chance draws) and, at the
end of every batch, either a :class:`DecisionPending` naming who must decide or
:class:`GameEnded`. It never changes state itself; the caller folds the batch
with :func:`evolve` and calls it again.
"""

from __future__ import annotations

from ..effects import (
    CUBES, SITES, STEPS, Amount, BoostAll, ChooseCraftsman, ChooseOne, Gain, Lose, Now, OnGain,
)
from . import events as E
from . import rng
from .context import DEFAULT_CRAFTSMAN_LIMIT, Rules
from .evolve import evolve
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
        k = 1 if effect.per is None else state.builders_at(seat, effect.per.location)
        amounts = tuple(Amount(a.kind, a.n * k) for a in effect.amounts if a.n * k)
        return [E.Gained(seat, amounts, source)] if amounts else []
    if isinstance(effect, Lose):
        return [E.Lost(seat, effect.amounts, source)]
    if isinstance(effect, BoostAll):
        return [E.CapacityBoosted(seat, c, effect.n)
                for c in state.players[seat].craftsmen
                if c not in effect.exclude and any(cv.capacity is not None for _, cv in rules.converts[c])]
    if isinstance(effect, (ChooseCraftsman, ChooseOne)):
        return [E.ChoicesQueued((Job(seat, source, ability, option),))]
    raise TypeError(f"not an instant effect: {effect!r}")  # pragma: no cover - registry guard


def job_effect(rules: Rules, job: Job):
    effect = rules.card(job.source).abilities[job.ability].effect
    return effect if job.option < 0 else effect.options[job.option]


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
    for seat in turn_order(state):
        p = state.players[seat]
        for cid in p.craftsmen + p.privileges:
            for i, t in rules.triggers[cid]:
                if t.step == hook:
                    out.extend(instant_events(state, rules, seat, t.effect, cid, i))
    return out


# ------------------------------------------------------------------ workers
def pieces_for(p_pieces: Pieces, need: int) -> Pieces | None:
    """Pieces worth at least ``need``: least excess, big worker kept back if
    value-1 pieces suffice exactly (RULES §2.2 worker ruling). ``None``: too few."""
    ones = p_pieces.small + p_pieces.grey + p_pieces.black
    if need <= ones:
        use_ones, big = need, 0
    elif p_pieces.big and need - BIG_VALUE <= ones:
        use_ones, big = max(0, need - BIG_VALUE), 1
    else:
        return None
    grey = min(p_pieces.grey, use_ones)
    black = min(p_pieces.black, use_ones - grey)
    small = use_ones - grey - black
    return Pieces(small, big, grey, black)


def round_workers(state: GameState, rules: Rules) -> tuple[Pieces, ...]:
    return tuple(
        Pieces(SMALL_WORKERS, 1, p.grey_next, rules.extra_workers(state, seat))
        for seat, p in enumerate(state.players)
    )


# ------------------------------------------------------------------ the driver
def advance(state: GameState, rules: Rules) -> list:
    """The next batch of automatic events (never empty unless the game is over)."""
    if state.game_over:
        return []
    # Universal checks first: the craftsman limit (§2.2) and pending choices.
    for seat in turn_order(state):
        n = len(state.players[seat].craftsmen)
        if n > DEFAULT_CRAFTSMAN_LIMIT and n > rules.craftsman_limit(state, seat):
            return [E.DecisionPending("discard", seat)]
    while state.jobs:
        job = state.jobs[0]
        effect = job_effect(rules, job)
        if isinstance(effect, ChooseCraftsman) and not eligible_craftsmen(state, rules, job.seat, effect):
            return [E.ChoiceMade(job.seat, job.source)]
        return [E.DecisionPending("choice", job.seat)]
    stage = state.stage
    if stage == "setup":
        return _setup(state, rules) + _round_start(state, rules, 1)
    if stage == "draft":
        return _draft(state, rules)
    if stage == "builders":
        return _builders(state, rules)
    if stage == "resolution":
        return _STEP[state.step](state, rules)
    if stage == "round_end":
        if state.round >= ROUNDS:
            return [E.GameEnded()]
        return _round_start(state, rules, state.round + 1)
    raise AssertionError(f"unknown stage {stage!r}")  # pragma: no cover


def _setup(state: GameState, rules: Rules) -> list:
    """Chance: shuffle the decks (§1)."""
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
    return [E.DecksShuffled(decks, events, deck)]


def _round_start(state: GameState, rules: Rules, rnd: int) -> list:
    s = state
    out: list = []
    started = E.RoundStarted(rnd, ())
    # workers depend on modifiers (Otto, §7) and last round's castle (§2.4 step 11)
    started = E.RoundStarted(rnd, round_workers(s, rules))
    out.append(started)
    s = evolve(s, started)
    numbers = rng.stream(s.seed, s.rng)
    dealt = E.ResourceCardsDealt(
        rng.shuffled(numbers, [c.id for c in rules.cards.of_kind("resource")])[:DISPLAY_RESOURCE_CARDS]
    )
    out.append(dealt)
    out.extend(trigger_events(evolve(s, dealt), rules, "round_start"))
    return out


# ------------------------------------------------------------------ phase I
def _draft(state: GameState, rules: Rules) -> list:
    n = state.n_players
    if not state.display or len(state.passed) == n:
        return [E.DraftEnded()] + _bag(state, rules)
    last = state.pending
    first = state.start_player if last is None else (last.seat + 1) % n
    for i in range(n):
        seat = (first + i) % n
        if seat not in state.passed:
            return [E.DecisionPending("draft", seat)]
    raise AssertionError("draft with everyone passed")  # pragma: no cover


# ------------------------------------------------------------------ phase II
def _bag(state: GameState, rules: Rules) -> list:
    bag: list[int] = []
    thirds: list[int] = []
    dm = "dm" in rules.variants
    for seat in range(state.n_players):
        limit = rules.builder_limit(state, seat)
        in_bag = min(limit, 2) if dm else limit
        bag.extend([seat] * in_bag)
        thirds.extend([seat] * (limit - in_bag))
    return [E.BuildersBagged(tuple(bag), tuple(thirds))]


def _builders(state: GameState, rules: Rules) -> list:
    sp = state.start_player
    if state.drawn is not None:
        if not state.redraw_used and state.bag and (sp, "redraw") not in state.decided:
            return [E.DecisionPending("redraw", sp)]
        return [E.DecisionPending("place", state.drawn)]
    if state.bag:
        numbers = rng.stream(state.seed, state.rng)
        seat = state.bag[rng.below(numbers, len(state.bag))]
        price = state.marker
        if state.n_players == 2 and len(state.bag) == 1:
            price = 0  # §2.3: with 2 players the last builder is free
        return [E.BuilderDrawn(seat, price)]
    if state.parked:
        return [E.DecisionPending("place", state.parked[0])]
    if state.thirds:
        return [E.DecisionPending("place", next_third(state))]
    return _enter_step(state, rules, 0)


def next_third(state: GameState) -> int:
    """Variant dm: third builders go in reverse order of first placement (§2.3)."""
    for seat in reversed(state.first_placed):
        if seat in state.thirds:
            return seat
    return state.thirds[0]


# ------------------------------------------------------------------ phase III
def _enter_step(state: GameState, rules: Rules, index: int) -> list:
    step = STEPS[index]
    started = E.StepStarted(step)
    return [started] + trigger_events(evolve(state, started), rules, step)


def _next(state: GameState, rules: Rules) -> list:
    return _enter_step(state, rules, STEPS.index(state.step) + 1)


def _step_event(state: GameState, rules: Rules) -> list:
    if not state.event:
        if not state.event_deck:
            return _next(state, rules)
        return [E.EventRevealed(state.event_deck[0])]
    if state.event_applied:  # its choices were made (jobs come first in advance)
        return _next(state, rules)
    harmful = rules.card(state.event).harmful
    bishop = state.spot_list("bishop")[0]
    if bishop is not None and (bishop, "bishop") not in state.decided:
        if harmful or any(state.market[i] for i in range(3)):
            return [E.DecisionPending("bishop", bishop)]
        return [E.Decided(bishop, "bishop")]
    if harmful:
        for seat in turn_order(state):
            if (seat not in state.protected and (seat, "once_event") not in state.decided
                    and rules.once_card(state, seat, "event")):
                return [E.DecisionPending("once_event", seat)]
    out: list = []
    s = state
    card = rules.card(state.event)
    for seat in turn_order(state):
        if not rules.affected(state.event, state.protected, seat):
            continue
        for i, ability in enumerate(card.abilities):
            if isinstance(ability, Now):
                batch = instant_events(s, rules, seat, ability.effect, card.id, i)
                for e in batch:
                    s = evolve(s, e)
                out.extend(batch)
    return out + [E.EventApplied(card.id)]


def _step_bishop(state: GameState, rules: Rules) -> list:
    # The Bishop decided right after the event was revealed, before it applied.
    return _next(state, rules)


def _step_wool_mill(state: GameState, rules: Rules) -> list:
    out: list = []
    for seat in turn_order(state):
        value = state.players[seat].pieces.value
        gold = value + rules.mill_bonus(state, seat, value)
        if gold:
            out.append(E.Gained(seat, (Amount("gold", gold),), "wool_mill"))
    return out + _after(state, rules, out)


def _after(state: GameState, rules: Rules, batch: list) -> list:
    s = state
    for e in batch:
        s = evolve(s, e)
    return _next(s, rules)


def _step_kingsbridge(state: GameState, rules: Rules) -> list:
    # Taken privileges leave ``state.kingsbridge``; choices they bring (OnGain)
    # are made before the step ends, so the body runs again and finds none left.
    out: list = []
    s = state
    for i, seat in enumerate(state.spot_list("kingsbridge")):
        if seat is None or i >= len(state.kingsbridge) or not state.kingsbridge[i]:
            continue
        cid = state.kingsbridge[i]
        batch = [E.PrivilegeTaken(seat, cid)]
        s = evolve(s, batch[0])
        for j, ability in enumerate(rules.card(cid).abilities):
            if isinstance(ability, OnGain):
                more = instant_events(s, rules, seat, ability.effect, cid, j)
                for e in more:
                    s = evolve(s, e)
                batch.extend(more)
        out.extend(batch)
    return out or _next(state, rules)


def _step_priory(state: GameState, rules: Rules) -> list:
    out = [E.Gained(seat, (Amount("vp", vp),), "priory")
           for seat, vp in zip(state.spot_list("priory"), PRIORY_VP) if seat is not None]
    return out + _after(state, rules, out)


def _step_site(state: GameState, rules: Rules) -> list:
    site = state.step
    out: list = []
    for seat in turn_order(state):
        delta = rules.yield_delta(state, seat)
        for cid in state.players[seat].resource_cards:
            card = rules.card(cid)
            if card.site == site:
                n = max(0, card.yields.n + delta)
                if n:
                    out.append(E.Gained(seat, (Amount(card.yields.kind, n),), cid))
    return out + _after(state, rules, out)


def _step_kings_court(state: GameState, rules: Rules) -> list:
    if not state.tax:
        numbers = rng.stream(state.seed, state.rng)
        return [E.TaxRolled(TAX_DIE[rng.below(numbers, len(TAX_DIE))])]
    court = state.spot_list("kings_court")
    payers = [seat for seat in turn_order(state)
              if seat not in court and rules.tax_for(state, seat, state.tax) > 0]
    for seat in payers:
        if (seat not in state.exempt and (seat, "once_tax") not in state.decided
                and rules.once_card(state, seat, "tax")):
            return [E.DecisionPending("once_tax", seat)]
    out: list = [E.Lost(seat, (Amount("gold", rules.tax_for(state, seat, state.tax)),), "tax")
                 for seat in payers if seat not in state.exempt]
    if court[0] is not None and state.court_metal > 0:
        out.append(E.CubeTaken(court[0], "metal", "court"))
    return out + _after(state, rules, out)


def _step_shiring(state: GameState, rules: Rules) -> list:
    # Hired cards leave ``state.shiring``; discards over the limit (§2.2) are
    # decided before the step ends.
    out = [E.CraftsmanHired(seat, state.shiring[i], (), "shiring")
           for i, seat in enumerate(state.spot_list("shiring"))
           if seat is not None and i < len(state.shiring) and state.shiring[i]]
    return out or _next(state, rules)


def _step_castle(state: GameState, rules: Rules) -> list:
    out = [E.GreyWorkersWon(seat, GREY_WORKERS) for seat in state.spot_list("castle") if seat is not None]
    return out + _after(state, rules, out)


def _step_market(state: GameState, rules: Rules) -> list:
    order = [s for s in state.spot_list("market") if s is not None]
    active = [s for s in order if s not in state.done]
    if not active:
        return _next(state, rules)
    last = state.pending
    if last is not None and last.kind == "market" and last.seat in order:
        i = order.index(last.seat)
        for k in range(1, len(order) + 1):
            seat = order[(i + k) % len(order)]
            if seat not in state.done:
                return [E.DecisionPending("market", seat)]
    return [E.DecisionPending("market", active[0])]


def _step_cathedral(state: GameState, rules: Rules) -> list:
    from .legal import conversions  # local: legal imports flow

    for seat in turn_order(state):
        if seat not in state.done:
            if conversions(state, rules, seat):
                return [E.DecisionPending("cathedral", seat)]
            return [E.CathedralDone(seat)]
    for seat in turn_order(state):
        if sum(state.players[seat].cubes) > CUBE_LIMIT:
            return [E.DecisionPending("return_cubes", seat)]
    return _next(state, rules)


def _step_start_player(state: GameState, rules: Rules) -> list:
    seat = state.spot_list("start_player")[0]
    if seat is None:
        seat = (state.start_player + 1) % state.n_players
    return [E.StartPlayerChanged(seat), E.RoundEnded(state.round)]


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

"""``legal_actions(state, rules)`` and ``action_events(state, rules, action) -> events``.

The listed actions are plain values, built once per rules and shared: what a
person reads about them (labels, what they give and cost) is written outside
the engine, by :func:`pillars_rules.words.choices`.

:func:`action_events` turns a listed action into its events (facts); the
core's loop (:func:`pillars_rules.core.decide`) checks an action against this
listing first, and lets :func:`.flow.advance_into` add the automatic events
that follow, up to the next decision. Nothing here mutates anything.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ..cardlang.effects import CUBES, Borrow, ChooseCraftsman, CopyPrivilege, DraftCards, ReorderEvents, is_shared
from ..limits import MAX_COUNT, MAX_CUBES, MAX_TRADES
from . import actions as A
from . import events as E
from .batch import (
    action_trigger_events,
    answer_address,
    chosen_events,
    chosen_seats,
    eligible_craftsmen,
    fits,
    gained_privilege_events,
    instant_events,
    is_chosen,
    job_effect,
    once_events,
    ones_needed,
    option_count,
    pieces_for,
)
from .borrow import borrow_events
from .context import Rules
from .evolve import evolve
from .queries import can_pay, conversions, free_spots, trades_of
from .reach import scaled
from .shared import ballot_events
from .shared import options as shared_options
from .state import CUBE_INDEX, GameState, Pending
from .steps import market_turn
from .zones import (
    copy_grants,
    copy_options,
    give_event,
    give_options,
    give_target,
    gives_to_chosen,
    reorder_size,
    reorders,
)


# ------------------------------------------------------------------ helpers
def _place_source(state: GameState) -> tuple[str, int]:
    """Where the builder to place comes from, and its price."""
    if state.drawn is not None:
        return "bag", state.price
    if state.parked:
        return "parked", 0
    return "third", 0


# ------------------------------------------------------------------ legal actions
def legal_actions(state: GameState, rules: Rules) -> list:
    """Every legal action of the seat that must decide (empty when the game is over)."""
    frame = state.frame  # read once: the frame's fields through the state cost more
    pend: Pending | None = frame.pending
    if pend is None or frame.game_over:
        return []
    return _LEGAL[pend.kind](state, rules, pend.seat)


def _act(rules: Rules, key: tuple, make: Callable[..., Any], *args: Any) -> Any:
    """The action for ``key``, built once per game's rules (by ``make(*args)``)
    and then shared: actions are immutable values, so listing them costs no
    construction. (The makers are functions of their arguments, never closures
    over a loop's variables, which the compiled build does not capture.)"""
    cache = rules._actions
    a = cache.get(key)
    if a is None:
        a = cache[key] = make(*args)
    return a


def _takes(cid: str) -> tuple:
    """Taking a resource card (with the big worker, without)."""
    return A.TakeResourceCard(cid, True), A.TakeResourceCard(cid, False)


def _legal_draft(state: GameState, rules: Rules, seat: int) -> list:
    p = state.players[seat]
    out: list = []
    for cid in dict.fromkeys(state.display):
        card = rules.card(cid)
        if card.kind == "resource":
            takes = _act(rules, ("takes", cid), _takes, cid)
            # §2.2: the player chooses the pieces
            if ones_needed(p.pieces, card.workers, True) is not None:
                out.append(takes[0])
            if ones_needed(p.pieces, card.workers, False) is not None:
                out.append(takes[1])
        elif can_pay(state, seat, card.cost):
            out.append(_act(rules, ("hire", cid), A.Hire, cid))
    out.append(_PASS)
    out.extend(_once_uses(state, rules, seat, "draft"))
    return out


def _once_uses(state: GameState, rules: Rules, seat: int, window: str) -> list:
    """Using a general once-per-game ability of ``window`` (§7, fan cards)."""
    if not state.players[seat].privileges:
        return []
    return [
        _act(rules, ("use", cid), A.UseOnce, cid)
        for cid, _ in rules.once_uses(state, seat, window)
        if len(once_events(state, rules, seat, cid, window)) > 1
    ]  # one that does something


def _legal_discard(state: GameState, rules: Rules, seat: int) -> list:
    return [_act(rules, ("discard", c), A.Discard, c) for c in dict.fromkeys(state.players[seat].craftsmen)]


def _legal_redraw(state: GameState, rules: Rules, seat: int) -> list:
    return [_KEEP, _RETURN]


def _legal_place(state: GameState, rules: Rules, seat: int) -> list:
    _, price = _place_source(state)
    spots = free_spots(state, seat, rules)
    out: list = []
    if price == 0 or state.players[seat].gold >= price:
        rows = _place_rows(rules, False)
        out = [rows[loc][i] for loc, i in spots]
    if price > 0:
        if rules.once_card(state, seat, "placement"):
            rows = _place_rows(rules, True)
            out += [rows[loc][i] for loc, i in spots]
        out.append(_PARK)
    return out


def _place_rows(rules: Rules, free: bool) -> dict:
    """``{location: (Place action of spot 1, spot 2, ...)}`` (with ``free``: placed
    with a free-placement privilege), built once per rules: a listing picks the
    free spots' actions out of these rows."""
    return _act(rules, ("place rows", free), _build_place_rows, rules.locations, free)


def _build_place_rows(locations: Any, free: bool) -> dict:
    return {loc: tuple(A.Place(loc, i, free) for i in range(n)) for loc, n in locations.items()}


def _legal_bishop(state: GameState, rules: Rules, seat: int) -> list:
    out: list = []
    if rules.card(state.event).harmful:
        out.append(_PROTECT)
    out.extend(_TAKE_CUBE[r] for r in rules.layout.market_cubes if state.market[CUBE_INDEX[r]] > 0)
    return out


def _legal_once(window: str) -> Callable[[GameState, Rules, int], list]:
    def legal(state: GameState, rules: Rules, seat: int) -> list:
        card = rules.once_card(state, seat, window)
        assert card is not None  # the flow asks only a seat that holds one
        return [_act(rules, ("use", card), A.UseOnce, card), _DECLINE]

    return legal


def _legal_choice(state: GameState, rules: Rules, seat: int) -> list:
    job = state.jobs[0]
    effect = job_effect(rules, job)
    if isinstance(effect, ChooseCraftsman) and not gives_to_chosen(effect):
        return [
            _act(rules, ("pick", c), A.PickCraftsman, c)
            for c in eligible_craftsmen(state, rules, seat, effect, job.actor)
        ]
    if is_shared(effect):  # a vote (an option's index) or a bid (the amount; 0 passes)
        return [_act(rules, ("option", i), A.ChooseOption, i) for i in shared_options(state, effect, seat)]
    # "a player you choose": option i is the i-th other seat in turn order; a
    # craftsman to use: the i-th use of borrow_uses, the last none
    return [_act(rules, ("option", i), A.ChooseOption, i) for i in range(option_count(state, rules, seat, effect))]


def _legal_market(state: GameState, rules: Rules, seat: int) -> list:
    p = state.players[seat]
    out: list = []
    if trades_of(state, seat) < MAX_TRADES:  # then only stop (or a once-per-game use)
        _list_trades(state, rules, seat, p, out)
    out.append(_END_TRADING)
    out.extend(_once_uses(state, rules, seat, "market"))
    return out


def _list_trades(state, rules, seat, p, out: list) -> None:
    traded = state.traded_kinds(seat)
    layout = rules.layout
    place = state.step  # the market place trading now: its own prices and stock
    prices = rules.market_prices(state, seat, place)
    stock = layout.stock(state.market, state.stocks, place)
    for r in layout.cubes_at.get(place, layout.market_cubes):
        price = prices.get(("buy", r))
        if price is None or ("sell", r) in traded:
            continue
        # more: trade again next turn; a seat holds at most MAX_CUBES of a kind
        most = min(stock[CUBE_INDEX[r]], MAX_COUNT, MAX_CUBES - p.cube(r))
        if price:
            most = min(most, p.gold // price)
        out.extend(_trades(rules, "buy", r)[:most])
    for r in CUBES:
        price = prices.get(("sell", r))
        if price is None or ("buy", r) in traded or not p.cube(r):
            continue
        out.extend(_trades(rules, "sell", r)[: p.cube(r)])


def _trades(rules: Rules, trade: str, r: str) -> tuple:
    """The ``Buy`` (or ``Sell``) actions of 1, 2, ... :data:`MAX_COUNT` cubes of
    ``r`` (a listing takes as many as the player may trade)."""
    return _act(rules, (trade, r), _trade_row, trade, r)


def _trade_row(trade: str, r: str) -> tuple:
    make = A.Buy if trade == "buy" else A.Sell
    return tuple(make(r, n) for n in range(1, MAX_COUNT + 1))


def _legal_cathedral(state: GameState, rules: Rules, seat: int) -> list:
    out: list = [_act(rules, ("build", cid, i), A.Build, cid, i) for cid, i, _ in conversions(state, rules, seat)]
    out.append(_END_BUILDING)
    out.extend(_once_uses(state, rules, seat, "cathedral"))
    return out


def _legal_return(state: GameState, rules: Rules, seat: int) -> list:
    """At most MAX_COUNT cubes per action: the decision repeats while more than
    the board's cube limit remain."""
    p = state.players[seat]
    excess = sum(p.cubes) - rules.layout.cube_limit
    return [
        _act(rules, ("return", r, n), A.ReturnCubes, r, n)
        for r in CUBES
        for n in range(1, min(p.cube(r), excess, MAX_COUNT) + 1)
    ]


_PASS = A.Pass()
_KEEP = A.KeepBuilder()
_RETURN = A.ReturnBuilder()
_PARK = A.Park()
_PROTECT = A.Protect()
_TAKE_CUBE = {r: A.TakeCube(r) for r in CUBES}
_DECLINE = A.Decline()
_END_TRADING = A.EndTrading()
_END_BUILDING = A.EndBuilding()


_LEGAL = {
    "draft": _legal_draft,
    "discard": _legal_discard,
    "redraw": _legal_redraw,
    "place": _legal_place,
    "bishop": _legal_bishop,
    "once_event": _legal_once("event"),
    "once_tax": _legal_once("tax"),
    "choice": _legal_choice,
    "market": _legal_market,
    "cathedral": _legal_cathedral,
    "return_cubes": _legal_return,
}


# ------------------------------------------------------------------ decide
#: Actions that reactions (``when <player> <action>:``) answer.
_REACTED_TO = {A.Hire: "hire", A.Buy: "buy", A.Sell: "sell", A.Place: "place", A.TakeResourceCard: "take"}


def action_events(state: GameState, rules: Rules, action) -> list:
    """The events that record a (validated) action, then those of the
    ``when you <action>:`` abilities it sets off. A turn at the market that
    asks its seat a choice is marked (``Decided(seat, "turn <step>")``): once
    the choice is made, the turn passes on from that seat (issue #53)."""
    events = _action_events(state, rules, action)
    kind = _REACTED_TO.get(type(action)) if rules.acting else None
    if kind is not None:
        after = state
        for e in events:
            after = evolve(after, e, rules)
        events += action_trigger_events(state, after, rules, _seat(state), kind, getattr(action, "location", None))
    pending: Pending | None = state.frame.pending
    if pending is not None and pending.kind == "market" and any(type(e) is E.ChoicesQueued for e in events):
        events.append(E.Decided(pending.seat, market_turn(state.step)))
    return events


def _action_events(state: GameState, rules: Rules, action: Any) -> list:
    return _EVENTS_OF[type(action)](state, rules, action, _seat(state))


def _seat(state: GameState) -> int:
    """The seat that must decide (an action is only listed or checked while one must)."""
    pend: Pending | None = state.frame.pending
    assert pend is not None
    return pend.seat


# One small function per action type: the events that record it.
def _take(state, rules, action, seat):
    pieces = pieces_for(state.players[seat].pieces, rules.card(action.card).workers, action.big)
    return [E.ResourceCardTaken(seat, action.card, pieces)]


def _place_events(state, rules, action, seat):
    source, price = _place_source(state)
    out: list = []
    if action.free:
        out.append(E.OnceUsed(seat, rules.once_card(state, seat, "placement")))
        price = 0
    return out + [E.BuilderPlaced(seat, action.location, action.spot, price, source)]


def _use_once(state, rules, action, seat):
    kind = state.pending.kind
    if kind in ("once_event", "once_tax"):
        after = E.Protected(seat, action.card) if kind == "once_event" else E.TaxExempted(seat)
        return [E.Decided(seat, kind), E.OnceUsed(seat, action.card), after]
    return once_events(state, rules, seat, action.card, kind)


def _pick(state, rules, action, seat):
    job = state.jobs[0]
    effect = job_effect(rules, job)
    made = E.ChoiceMade(seat, job.source, card=action.card)
    if effect.action == "discard":
        return [made, E.CraftsmanDiscarded(seat, action.card)]
    if effect.action == "give":  # listed only while there is a taker (eligible_craftsmen)
        return [made, E.CraftsmanGiven(seat, action.card, give_target(state, seat, effect, job.actor))]
    return [made, E.CapacityBoosted(seat, action.card, effect.n)]


def _choose(state, rules, action, seat):
    job = state.jobs[0]
    effect = job_effect(rules, job)
    if is_shared(effect):
        return ballot_events(state, rules, seat, job, effect, action.index)
    made = E.ChoiceMade(seat, job.source, option=action.index)
    if is_chosen(effect):
        target = chosen_seats(state, rules, seat, effect, job.source, job.ability)[action.index]
        return [made] + chosen_events(evolve(state, made, rules), rules, seat, effect, target, job.source, job.ability)
    if isinstance(effect, Borrow):
        return [made] + borrow_events(evolve(state, made, rules), rules, seat, effect, action.index, job.source)
    if isinstance(effect, CopyPrivilege):  # option i: the i-th (owner, privilege)
        card = copy_options(state, rules, seat, effect, job.actor)[action.index][1]
        after = evolve(state, made, rules)
        grants = copy_grants(after, rules, seat, effect, card)
        return [made] + (grants if fits(list(after.effects), grants) else [])
    if gives_to_chosen(effect):  # option i: the i-th (card, taker) (issue #53)
        card, taker = give_options(state, seat, effect, job.actor)[action.index]
        return [made, give_event(seat, effect, card, taker)]
    if isinstance(effect, DraftCards):  # option i: the i-th card on the display (issue #53)
        return [made] + gained_privilege_events(evolve(state, made, rules), rules, seat, state.display[action.index])
    if isinstance(effect, ReorderEvents):  # option i: the i-th order (0: as they lie)
        return [made, E.EventsReordered(seat, reorders(reorder_size(state, effect))[action.index], job.source)]
    option = effect.options[action.index]
    # that player (issue #53): the seat the reaction that asked answers, kept in the job
    address = answer_address(rules, job, action.index)
    more = instant_events(
        evolve(state, made, rules), rules, seat, option, job.source, job.ability, address, actor=job.actor
    )
    # a choice inside the chosen option is made next, before other waiting choices
    more = [E.ChoicesQueued(e.jobs, front=True) if isinstance(e, E.ChoicesQueued) else e for e in more]
    return [made] + more


def _build(state, rules, action, seat):
    conv = rules.converts[action.card][action.ability][1]  # (Card.conversions, without building it again)
    outputs = (
        conv.outputs if conv.outputs_per is None else scaled(state, seat, conv.outputs, conv.outputs_per, action.card)
    )  # issue #53: "-> 1 gold per round"
    return [E.Converted(seat, action.card, action.ability, conv.inputs, outputs)]


_EVENTS_OF: Final = {
    A.TakeResourceCard: _take,
    A.Hire: lambda state, rules, a, seat: [E.CraftsmanHired(seat, a.card, rules.card(a.card).cost)],
    A.Pass: lambda state, rules, a, seat: [E.DraftPassed(seat)],
    A.Discard: lambda state, rules, a, seat: [E.CraftsmanDiscarded(seat, a.card)],
    A.KeepBuilder: lambda state, rules, a, seat: [E.Decided(seat, "redraw")],
    A.ReturnBuilder: lambda state, rules, a, seat: [E.Decided(seat, "redraw"), E.BuilderReturned(state.drawn)],
    A.Place: _place_events,
    A.Park: lambda state, rules, a, seat: [E.BuilderParked(seat, state.price)],
    A.Protect: lambda state, rules, a, seat: [E.Decided(seat, "bishop"), E.Protected(seat, "bishop")],
    A.TakeCube: lambda state, rules, a, seat: [
        E.Decided(seat, "bishop"),
        E.CubeTaken(seat, a.resource, rules.layout.market),
    ],
    A.UseOnce: _use_once,
    A.Decline: lambda state, rules, a, seat: [E.Decided(seat, state.pending.kind)],
    A.PickCraftsman: _pick,
    A.ChooseOption: _choose,
    A.Buy: lambda state, rules, a, seat: [
        E.Bought(seat, a.resource, a.n, rules.price(state, seat, "buy", a.resource, state.step))
    ],
    A.Sell: lambda state, rules, a, seat: [
        E.Sold(seat, a.resource, a.n, rules.price(state, seat, "sell", a.resource, state.step))
    ],
    A.EndTrading: lambda state, rules, a, seat: [E.MarketPassed(seat)],
    A.Build: _build,
    A.EndBuilding: lambda state, rules, a, seat: [E.CathedralDone(seat)],
    A.ReturnCubes: lambda state, rules, a, seat: [E.CubesReturned(seat, a.resource, a.n)],
}
assert set(_EVENTS_OF) == set(A.ACTION_TYPES.values()), "an action type without events"

"""``evolve(state, event, rules) -> state``: the only way state changes.

Pure and total over valid logs: one small function per event type, dispatched
by a dict. It never calls a random generator and never looks up card text; the
events carry every fact it needs. The board's numbers (its spots, the market's
stock, the gold cap) come from the board of the rules it is given (their
:attr:`~.context.Rules.layout`): nothing process-wide decides what an event
does, so a log folds to the same states in any process.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ..cardlang.effects import Amount
from ..errors import ConfigError
from ..limits import MAX_CUBES
from . import events as E
from .context import Rules
from .copiers import replace, replacer
from .layout import Layout
from .state import (
    CUBE_INDEX,
    CUBE_TOTALS,
    Board,
    Builders,
    Fixed,
    GameState,
    Pending,
    Pieces,
    PlayerState,
    RoundState,
)

#: A handler: ``(state, event, layout) -> state`` (``state`` is ``None`` only for :class:`GameStarted`).
Handler = Callable[[Any, Any, Layout], GameState]
#: event class -> its handler
_HANDLERS: Final[dict[type, Handler]] = {}


def evolve(state: GameState | None, event: object, rules: Rules) -> GameState:
    """The state after ``event``, under ``rules``: the rules of the game's card set
    (``game.rules``), whose board gives the numbers an event reads. ``state`` is
    ``None`` only before :class:`GameStarted`. The rules of another card set are
    refused with :class:`~pillars_rules.errors.ConfigError` (their board is not
    the game's).

    >>> import pillars_rules as pr
    >>> from pillars_rules.engine.evolve import evolve
    >>> game = pr.new_game(players=2, seed=1)
    >>> state = None
    >>> for e in game.events:
    ...     state = evolve(state, e, game.rules)
    >>> state == game.state
    True
    """
    card_hash = state.fixed.card_hash if state is not None else getattr(event, "card_hash", rules.identity)
    if card_hash != rules.identity:
        raise ConfigError(
            f"evolve: the game is of card set {str(card_hash)[:12]}..., the rules are of card set "
            f"{rules.identity[:12]}...: fold a game's events with its own rules (game.rules)"
        )
    return _HANDLERS[event.__class__](state, event, rules.layout)


def on(cls: type) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        _HANDLERS[cls] = fn
        return fn

    return register


# Copiers bound once for the changes the frequent events always make (see
# :func:`.state.replacer`); rarer events call :func:`replace` with keywords.
_players = replacer(GameState, "players")
_players_board = replacer(GameState, "players", "board")
_supply = replacer(Board, "supply")
_money = replacer(PlayerState, "gold", "vp", "cubes")
_cubes = replacer(PlayerState, "cubes")
_uses = replacer(PlayerState, "uses")
_pending = replacer(GameState, "pending", "decision")
_pending_turn = replacer(GameState, "pending", "decision", "turn")
_table = replacer(GameState, "table")
_done = replacer(RoundState, "done")
_passed = replacer(RoundState, "passed")
_decided = replacer(RoundState, "decided")
_step = replacer(GameState, "stage", "step", "table")
_drawn = replacer(GameState, "builders", "rng", "table")
_draw = replacer(Builders, "bag", "drawn", "price")
_display = replacer(GameState, "display")
_take = replacer(PlayerState, "pieces", "placed", "resource_cards")
_craftsmen = replacer(PlayerState, "craftsmen")
_trade = replacer(PlayerState, "gold", "cubes")
# Copies that change the frame (the core's part) as well as the state, bound here
# too: made at import, not in the first game of a process.
_displayed = replacer(GameState, "display", "rng")
_taxed = replacer(GameState, "tax", "rng")
_over = replacer(GameState, "stage", "game_over", "pending", "decision")


def _player(state: GameState, seat: int, **changes) -> GameState:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return _players(state, tuple(players))


def _with_player(state: GameState, seat: int, player: PlayerState) -> GameState:
    players = list(state.players)
    players[seat] = player
    return _players(state, tuple(players))


def _board_supply(state: GameState, kind: str, n: int) -> GameState:
    """``state`` with ``n`` cubes of ``kind`` more in the supply."""
    return replace(state, board=_supply(state.board, _add_cubes(state.supply, kind, n)))


def _add_cubes(cubes: tuple[int, ...], kind: str, n: int) -> tuple[int, int, int, int]:
    i = CUBE_INDEX[kind]
    c = list(cubes)
    c[i] += n
    return tuple(c)  # type: ignore[return-value]


def apply_amounts(state: GameState, seat: int, amounts: tuple[Amount, ...], sign: int, layout: Layout) -> GameState:
    """Gain (sign +1) or lose (sign -1) amounts for ``seat`` (§1 the board's gold cap, §2.5 debt)."""
    p = state.players[seat]
    gold, vp, cubes, supply = p.gold, p.vp, p.cubes, state.supply
    for a in amounts:
        if a.kind == "gold":
            if sign > 0:
                gold = min(layout.gold_cap, gold + a.n)
            else:
                missing = max(0, a.n - gold)
                gold = max(0, gold - a.n)
                vp = max(0, vp - missing // 2)
        elif a.kind == "vp":
            vp = max(0, vp + sign * a.n)
        elif a.kind == "counters":  # on the converting card: _on_converted adds them
            continue
        else:  # a seat holds at most MAX_CUBES of a kind: the rest stays in the supply
            held = cubes[CUBE_INDEX[a.kind]]
            n = min(a.n, MAX_CUBES - held) if sign > 0 else -min(a.n, held)
            if n:
                cubes = _add_cubes(cubes, a.kind, n)
                supply = _add_cubes(supply, a.kind, -n)
    players = list(state.players)
    players[seat] = _money(p, gold, vp, cubes)
    if supply is state.supply:
        return _players(state, tuple(players))
    return _players_board(state, tuple(players), _supply(state.board, supply))


# ----------------------------------------------------------------- setup
@on(E.GameStarted)
def _on_game_started(state, e: E.GameStarted, layout: Layout) -> GameState:
    players = tuple(
        PlayerState(name=name, gold=gold, vp=e.vp, craftsmen=e.starting_craftsmen)
        for name, gold in zip(e.names, e.gold)
    )
    return GameState(
        fixed=Fixed(e.seed, e.variants, e.card_hash),
        players=players,
        stage="setup",
        board=Board(supply=CUBE_TOTALS, spots=layout.empty_spots),
        effects=(0,) * len(players),
    )


@on(E.PositionSet)
def _on_position_set(s: GameState, e: E.PositionSet, layout: Layout) -> GameState:
    return replace(
        s,
        round=e.round,
        stage=e.stage,
        step=e.step,
        start_player=e.start_player,
        cathedral=e.cathedral,
        players=e.players,
        board=e.board,
        decks=e.decks,
        table=e.table,
        builders=e.builders,
        pins=e.pins,
        pending=None,
        effects=(0,) * len(e.players),
    )


def _pop_pin(s: GameState, name: str) -> GameState:
    """The state with the first pin of ``name`` used up (if any)."""
    pinned = getattr(s.pins, name)
    return replace(s, pins=replace(s.pins, **{name: pinned[1:]})) if pinned else s


@on(E.DecksShuffled)
def _on_decks_shuffled(s: GameState, e: E.DecksShuffled, layout: Layout) -> GameState:
    return replace(
        s, craftsman_decks=e.craftsmen, event_deck=e.events, privilege_deck=e.privileges, rng=s.frame.rng + 1
    )


@on(E.RoundStarted)
def _on_round_started(s: GameState, e: E.RoundStarted, layout: Layout) -> GameState:
    # §2.1: refill market, court metal, grey workers, cost marker, privileges, craftsmen.
    supply = list(s.supply)
    market = list(s.market)
    for i, target in enumerate(layout.market_refill):
        if market[i] < target:
            supply[i] -= target - market[i]
            market[i] = target
    stocks = s.stocks
    if layout.other_refills:  # further markets (the Harbour): refilled from what the supply holds
        filled = []
        for slot, refill in enumerate(layout.other_refills):
            have = list(stocks[slot]) if slot < len(stocks) else [0, 0, 0, 0]
            for i, target in enumerate(refill):
                if have[i] < target:
                    take = max(0, min(target - have[i], supply[i]))
                    supply[i] -= take
                    have[i] += take
            filled.append((have[0], have[1], have[2], have[3]))
        stocks = tuple(filled)
    court = s.court_metal
    stock = layout.court_stock
    if court < stock:
        supply[CUBE_INDEX[layout.court_good]] -= stock - court
        court = stock
    n_privileges, n_craftsmen = layout.n_privileges, layout.n_craftsmen
    deck = s.craftsman_decks[e.round - 1] if e.round - 1 < len(s.craftsman_decks) else ()
    players = tuple(
        replace(p, pieces=w, placed=Pieces(), grey_next=0, resource_cards=(), uses=(), boosts=())
        for p, w in zip(s.players, e.workers)
    )
    s = replace(
        s,
        round=e.round,
        stage="draft",
        step="",
        players=players,
        supply=tuple(supply),
        market=tuple(market),
        court_metal=court,
        stocks=stocks,
        kingsbridge=s.privilege_deck[:n_privileges],
        privilege_deck=s.privilege_deck[n_privileges:],
        shiring=deck[:n_craftsmen],
        display=deck[n_craftsmen : layout.craftsmen_for(len(players))],
        passed=frozenset(),
        spots=layout.empty_spots,
        marker=layout.first_price,
        drawn=None,
        parked=(),
        thirds=(),
        first_placed=(),
        redraw_used=False,
        prev_event=s.event,
        prev_protected=s.protected,
        event="",
        event_applied=False,
        protected=frozenset(),
        tax=0,
        exempt=frozenset(),
        traded=(),
        done=frozenset(),
        jobs=(),
        decided=frozenset(),
        effects=(0,) * len(players),
        turn=-1,
        pending=None,  # a set-up choice's question is over: the first draft opens at the start player
    )
    if s.granted:  # lasting modifiers past their last round are gone
        s = replace(s, granted=tuple(g for g in s.granted if g[5] >= e.round))
    return s


@on(E.ResourceCardsDealt)
def _on_resource_cards_dealt(s: GameState, e: E.ResourceCardsDealt, layout: Layout) -> GameState:
    return _displayed(_pop_pin(s, "displays"), s.display + e.cards, s.frame.rng + 1)


#: Pending records are immutable values: one per (kind, seat) is shared by every state.
_PENDING: Final[dict[tuple[str, int], Pending]] = {}


@on(E.DecisionPending)
def _on_decision_pending(s: GameState, e: E.DecisionPending, layout: Layout) -> GameState:
    key = (e.kind, e.seat)
    pending = _PENDING.get(key)
    if pending is None:
        pending = Pending(e.kind, e.seat)
        if len(_PENDING) < 1024:  # kinds x seats: small, unless a forged log invents kinds
            _PENDING[key] = pending
    frame = s.frame
    if e.kind != "draft" and s.stage == "draft":
        last: Pending | None = frame.pending
        if last is not None and last.kind == "draft":  # a question within a draft turn: whose turn (issue #53)
            return _pending_turn(s, pending, frame.decision + 1, last.seat)
    return _pending(s, pending, frame.decision + 1)


# ----------------------------------------------------------------- phase I
def _without(t: tuple, item) -> tuple:
    i = t.index(item)
    return t[:i] + t[i + 1 :]


@on(E.ResourceCardTaken)
def _on_resource_card_taken(s: GameState, e: E.ResourceCardTaken, layout: Layout) -> GameState:
    p = s.players[e.seat]
    s = _display(s, _without(s.display, e.card))
    return _with_player(
        s, e.seat, _take(p, p.pieces.minus(e.pieces), p.placed.plus(e.pieces), p.resource_cards + (e.card,))
    )


@on(E.CraftsmanHired)
def _on_craftsman_hired(s: GameState, e: E.CraftsmanHired, layout: Layout) -> GameState:
    if e.source == "draft":
        s = _display(s, _without(s.display, e.card))
    elif e.card in s.shiring:
        i = s.shiring.index(e.card)
        s = replace(s, shiring=s.shiring[:i] + ("",) + s.shiring[i + 1 :])
    s = apply_amounts(s, e.seat, e.cost, -1, layout)
    p = s.players[e.seat]
    return _with_player(s, e.seat, _craftsmen(p, p.craftsmen + (e.card,)))


@on(E.CraftsmanDiscarded)
def _on_craftsman_discarded(s: GameState, e: E.CraftsmanDiscarded, layout: Layout) -> GameState:
    p = s.players[e.seat]
    return _player(
        s, e.seat, craftsmen=_without(p.craftsmen, e.card), boosts=tuple(b for b in p.boosts if b[0] != e.card)
    )


@on(E.DraftPassed)
def _on_draft_passed(s: GameState, e: E.DraftPassed, layout: Layout) -> GameState:
    return _table(s, _passed(s.table, s.passed | {e.seat}))


@on(E.DraftEnded)
def _on_draft_ended(s: GameState, e: E.DraftEnded, layout: Layout) -> GameState:
    # §2.2: leftover craftsmen leave the game; leftover resource cards wait.
    return replace(s, display=(), stage="builders")


# ----------------------------------------------------------------- phase II
@on(E.BuildersBagged)
def _on_builders_bagged(s: GameState, e: E.BuildersBagged, layout: Layout) -> GameState:
    return replace(s, bag=e.bag, thirds=e.thirds, marker=layout.first_price)


@on(E.BuilderDrawn)
def _on_builder_drawn(s: GameState, e: E.BuilderDrawn, layout: Layout) -> GameState:
    b = s.builders
    table = s.table
    if table.decided:  # a redraw decision is made anew for every drawn builder
        decided = frozenset(d for d in table.decided if d[1] != "redraw")
        if decided != table.decided:
            table = _decided(table, decided)
    if s.pins.builders:
        s = _pop_pin(s, "builders")
    return _drawn(s, _draw(b, _without(b.bag, e.seat), e.seat, e.price), s.frame.rng + 1, table)


@on(E.BuilderReturned)
def _on_builder_returned(s: GameState, e: E.BuilderReturned, layout: Layout) -> GameState:
    return replace(s, bag=s.bag + (e.seat,), drawn=None, redraw_used=True)


def _set_spot(
    s: GameState, location: str, spot: int, seat: int | None, layout: Layout
) -> tuple[tuple[str, tuple[int | None, ...]], ...]:
    spots = s.spots
    i = layout.spot_index.get(location, -1)
    if not 0 <= i < len(spots) or spots[i][0] != location:  # not in the usual order: search
        found = next((k for k, (loc, _) in enumerate(spots) if loc == location), None)
        if found is None:
            return spots
        i = found
    seats = spots[i][1]
    return spots[:i] + ((location, seats[:spot] + (seat,) + seats[spot + 1 :]),) + spots[i + 1 :]


_from_bag = replacer(GameState, "spots", "drawn", "marker")
_from_parked = replacer(GameState, "spots", "parked")
_from_thirds = replacer(GameState, "spots", "thirds")
_first_placed = replacer(GameState, "first_placed")


@on(E.BuilderPlaced)
def _on_builder_placed(s: GameState, e: E.BuilderPlaced, layout: Layout) -> GameState:
    spots = _set_spot(s, e.location, e.spot, e.seat, layout)
    if e.source == "bag":
        s = _from_bag(s, spots, None, max(0, s.price - 1))
    elif e.source == "parked":
        s = _from_parked(s, spots, s.parked[1:])
    else:
        s = _from_thirds(s, spots, _without(s.thirds, e.seat))
    if e.seat not in s.first_placed:
        s = _first_placed(s, s.first_placed + (e.seat,))
    if e.price:
        s = apply_amounts(s, e.seat, (Amount("gold", e.price),), -1, layout)
    return s


@on(E.BuilderSetAside)
def _on_builder_set_aside(s: GameState, e: E.BuilderSetAside, layout: Layout) -> GameState:
    if e.source == "bag":
        return replace(s, drawn=None, marker=max(0, s.price - 1))
    if e.source == "parked":
        return replace(s, parked=s.parked[1:])
    return replace(s, thirds=_without(s.thirds, e.seat))


@on(E.BuilderParked)
def _on_builder_parked(s: GameState, e: E.BuilderParked, layout: Layout) -> GameState:
    return replace(s, parked=s.parked + (e.seat,), drawn=None, marker=max(0, s.price - 1))


@on(E.Decided)
def _on_decided(s: GameState, e: E.Decided, layout: Layout) -> GameState:
    return _table(s, _decided(s.table, s.decided | {(e.seat, e.kind)}))


@on(E.OnceUsed)
def _on_once_used(s: GameState, e: E.OnceUsed, layout: Layout) -> GameState:
    p = s.players[e.seat]
    return _player(s, e.seat, privileges=_without(p.privileges, e.card))


# ----------------------------------------------------------------- phase III
@on(E.StepStarted)
def _on_step_started(s: GameState, e: E.StepStarted, layout: Layout) -> GameState:
    table = s.table if not s.table.done else _done(s.table, frozenset())
    return _step(s, "resolution", e.step, table)


@on(E.EventRevealed)
def _on_event_revealed(s: GameState, e: E.EventRevealed, layout: Layout) -> GameState:
    return replace(s, event=e.card, event_deck=s.event_deck[1:])


@on(E.EventApplied)
def _on_event_applied(s: GameState, e: E.EventApplied, layout: Layout) -> GameState:
    return replace(s, event_applied=True)


@on(E.Protected)
def _on_protected(s: GameState, e: E.Protected, layout: Layout) -> GameState:
    return replace(s, protected=s.protected | {e.seat})


@on(E.CubeTaken)
def _on_cube_taken(s: GameState, e: E.CubeTaken, layout: Layout) -> GameState:
    if e.source == E.COURT:
        s = replace(s, court_metal=s.court_metal - 1)
    else:  # the board's main market (its key: the source)
        s = replace(s, market=_add_cubes(s.market, e.resource, -1))
    p = s.players[e.seat]
    if p.cube(e.resource) >= MAX_CUBES:  # a full hand: the cube goes to the supply
        return _board_supply(s, e.resource, 1)
    return _with_player(s, e.seat, _cubes(p, _add_cubes(p.cubes, e.resource, 1)))


#: Reasons of the gains and losses the rules give are the board's (a place's
#: key, the tax: :attr:`.layout.Layout.reasons`; a resource card's yield names
#: the card): the others are card effects, counted against
#: :data:`~pillars_rules.limits.MAX_CARD_EFFECTS`. No card may have one of
#: these ids (the card compiler refuses them).
_effects = replacer(GameState, "effects")


def _count_effect(s: GameState, seat: int, reason: str, layout: Layout) -> GameState:
    if reason in layout.reasons or reason in s.players[seat].resource_cards:
        return s
    counts = s.effects
    return _effects(s, counts[:seat] + (counts[seat] + 1,) + counts[seat + 1 :])


@on(E.ModifierGranted)
def _on_modifier_granted(s: GameState, e: E.ModifierGranted, layout: Layout) -> GameState:
    s = _count_effect(s, e.seat, e.card, layout)
    return replace(s, granted=s.granted + ((e.seat, e.card, e.ability, e.option, e.first, e.last),))


def _add_counters(s: GameState, seat: int, card: str, n: int) -> GameState:
    held = s.count(seat, "counters", card)
    rest = tuple(c for c in s.counters if c[0] != seat or c[1] != card)
    return replace(s, counters=rest + ((seat, card, held + n),))


@on(E.CountersAdded)
def _on_counters_added(s: GameState, e: E.CountersAdded, layout: Layout) -> GameState:
    return _add_counters(_count_effect(s, e.seat, e.card, layout), e.seat, e.card, e.n)


# ----------------------------------------------------------------- cards as objects (issue #53)
@on(E.EventsLooked)
def _on_events_looked(s: GameState, e: E.EventsLooked, layout: Layout) -> GameState:
    s = _count_effect(s, e.seat, e.reason, layout)
    new = tuple((e.seat, c) for c in s.event_deck[: e.n] if (e.seat, c) not in s.seen)
    return replace(s, seen=s.seen + new) if new else s


@on(E.EventBuried)
def _on_event_buried(s: GameState, e: E.EventBuried, layout: Layout) -> GameState:
    s = _count_effect(s, e.seat, e.reason, layout)
    deck = s.event_deck
    return replace(s, event_deck=deck[1:] + deck[:1])


@on(E.EventsReordered)
def _on_events_reordered(s: GameState, e: E.EventsReordered, layout: Layout) -> GameState:
    deck = s.event_deck
    k = len(e.order)
    return replace(s, event_deck=tuple(deck[i] for i in e.order) + deck[k:])


@on(E.CraftsmanGiven)
def _on_craftsman_given(s: GameState, e: E.CraftsmanGiven, layout: Layout) -> GameState:
    giver, taker = s.players[e.seat], s.players[e.to]
    uses = tuple(u for u in giver.uses if u[0] == e.card)
    boosts = tuple(b for b in giver.boosts if b[0] == e.card)
    s = _player(
        s,
        e.seat,
        craftsmen=_without(giver.craftsmen, e.card),
        uses=tuple(u for u in giver.uses if u[0] != e.card),
        boosts=tuple(b for b in giver.boosts if b[0] != e.card),
    )
    s = _player(
        s,
        e.to,
        craftsmen=taker.craftsmen + (e.card,),
        uses=tuple(u for u in taker.uses if u[0] != e.card) + uses,
        boosts=tuple(b for b in taker.boosts if b[0] != e.card) + boosts,
    )
    return _move_counters(s, e.seat, e.to, e.card)  # the counters are on the card


def _move_counters(s: GameState, giver: int, taker: int, card: str) -> GameState:
    """The counters on ``card`` go with it from ``giver`` to ``taker``."""
    n = s.count(giver, "counters", card)
    if not n:
        return s
    rest = tuple(c for c in s.counters if c[0] != giver or c[1] != card)
    return _add_counters(replace(s, counters=rest), taker, card, n)


@on(E.PrivilegeGiven)
def _on_privilege_given(s: GameState, e: E.PrivilegeGiven, layout: Layout) -> GameState:
    giver, taker = s.players[e.seat], s.players[e.to]
    s = _player(s, e.seat, privileges=_without(giver.privileges, e.card))
    s = _player(s, e.to, privileges=taker.privileges + (e.card,))
    return _move_counters(s, e.seat, e.to, e.card)


@on(E.BallotCast)
def _on_ballot_cast(s: GameState, e: E.BallotCast, layout: Layout) -> GameState:
    return replace(s, ballots=s.ballots + ((e.seat, e.value),))


@on(E.VoteDecided)
def _on_vote_decided(s: GameState, e: E.VoteDecided, layout: Layout) -> GameState:
    return replace(s, ballots=())


@on(E.BidWon)
def _on_bid_won(s: GameState, e: E.BidWon, layout: Layout) -> GameState:
    return replace(s, ballots=())


@on(E.BidsPassed)
def _on_bids_passed(s: GameState, e: E.BidsPassed, layout: Layout) -> GameState:
    return replace(s, ballots=())


@on(E.MarketStocked)
def _on_market_stocked(s: GameState, e: E.MarketStocked, layout: Layout) -> GameState:
    s = _count_effect(s, e.seat, e.reason, layout)
    s = replace(s, market=_add_cubes(s.market, e.resource, e.n))
    return _board_supply(s, e.resource, -e.n)


@on(E.Gained)
def _on_gained(s: GameState, e: E.Gained, layout: Layout) -> GameState:
    return apply_amounts(_count_effect(s, e.seat, e.reason, layout), e.seat, e.amounts, +1, layout)


@on(E.Lost)
def _on_lost(s: GameState, e: E.Lost, layout: Layout) -> GameState:
    return apply_amounts(_count_effect(s, e.seat, e.reason, layout), e.seat, e.amounts, -1, layout)


@on(E.ChoicesQueued)
def _on_choices_queued(s: GameState, e: E.ChoicesQueued, layout: Layout) -> GameState:
    counts = list(s.effects)
    for job in e.jobs:  # every choice is a card effect (only abilities ask them)
        counts[job.seat] += 1
    return replace(s, jobs=e.jobs + s.jobs if e.front else s.jobs + e.jobs, effects=tuple(counts))


@on(E.ChoiceMade)
def _on_choice_made(s: GameState, e: E.ChoiceMade, layout: Layout) -> GameState:
    return replace(s, jobs=s.jobs[1:])


@on(E.CapacityBoosted)
def _on_capacity_boosted(s: GameState, e: E.CapacityBoosted, layout: Layout) -> GameState:
    p = s.players[e.seat]
    current = p.boost_of(e.card)
    boosts = tuple(b for b in p.boosts if b[0] != e.card) + ((e.card, current + e.n),)
    return _player(s, e.seat, boosts=boosts)


@on(E.PrivilegeTaken)
def _on_privilege_taken(s: GameState, e: E.PrivilegeTaken, layout: Layout) -> GameState:
    p = s.players[e.seat]
    if e.card in s.kingsbridge:
        i = s.kingsbridge.index(e.card)
        s = replace(s, kingsbridge=s.kingsbridge[:i] + ("",) + s.kingsbridge[i + 1 :])
    elif s.stage == "setup" and e.card in s.display:  # drafted at set-up (issue #53)
        s = _display(s, _without(s.display, e.card))
    return _player(s, e.seat, privileges=p.privileges + (e.card,))


@on(E.CardsDealt)
def _on_cards_dealt(s: GameState, e: E.CardsDealt, layout: Layout) -> GameState:
    deck = s.privilege_deck  # the one deck a draft deals from (DRAFT_DECKS)
    return _display(replace(s, privilege_deck=deck[e.n :]), s.display + deck[: e.n])


@on(E.DisplayCleared)
def _on_display_cleared(s: GameState, e: E.DisplayCleared, layout: Layout) -> GameState:
    if e.to == "under":
        s = replace(s, privilege_deck=s.privilege_deck + s.display)
    return _display(s, ())


@on(E.TaxRolled)
def _on_tax_rolled(s: GameState, e: E.TaxRolled, layout: Layout) -> GameState:
    return _taxed(_pop_pin(s, "tax"), e.value, s.frame.rng + 1)


@on(E.TaxExempted)
def _on_tax_exempted(s: GameState, e: E.TaxExempted, layout: Layout) -> GameState:
    return replace(s, exempt=s.exempt | {e.seat})


@on(E.GreyWorkersWon)
def _on_grey_workers_won(s: GameState, e: E.GreyWorkersWon, layout: Layout) -> GameState:
    return _player(s, e.seat, grey_next=s.players[e.seat].grey_next + e.n)


@on(E.Bought)
def _on_bought(s: GameState, e: E.Bought, layout: Layout) -> GameState:
    p = s.players[e.seat]
    if s.stocks and s.step in layout.stock_slot:  # a further market (the Harbour)
        slot = layout.stock_slot[s.step]
        stocks = s.stocks[:slot] + (_add_cubes(s.stocks[slot], e.resource, -e.n),) + s.stocks[slot + 1 :]
        s = replace(s, stocks=stocks, traded=s.traded + ((e.seat, "buy", e.resource),))
    else:
        s = replace(s, market=_add_cubes(s.market, e.resource, -e.n), traded=s.traded + ((e.seat, "buy", e.resource),))
    return _with_player(s, e.seat, _trade(p, p.gold - e.n * e.price, _add_cubes(p.cubes, e.resource, e.n)))


@on(E.Sold)
def _on_sold(s: GameState, e: E.Sold, layout: Layout) -> GameState:
    p = s.players[e.seat]
    s = replace(_board_supply(s, e.resource, e.n), traded=s.traded + ((e.seat, "sell", e.resource),))
    return _with_player(
        s,
        e.seat,
        _trade(p, min(layout.gold_cap, p.gold + e.n * e.price), _add_cubes(p.cubes, e.resource, -e.n)),
    )


@on(E.MarketPassed)
def _on_market_passed(s: GameState, e: E.MarketPassed, layout: Layout) -> GameState:
    return _table(s, _done(s.table, s.done | {e.seat}))


@on(E.Converted)
def _on_converted(s: GameState, e: E.Converted, layout: Layout) -> GameState:
    s = apply_amounts(s, e.seat, e.inputs, -1, layout)
    s = apply_amounts(s, e.seat, e.outputs, +1, layout)
    p = s.players[e.seat]
    n = p.uses_of(e.card, e.ability)
    uses = tuple(u for u in p.uses if (u[0], u[1]) != (e.card, e.ability)) + ((e.card, e.ability, n + 1),)
    s = _with_player(s, e.seat, _uses(p, uses))
    for a in e.outputs:
        if a.kind == "counters":  # a card's upgrade (issue #36): counters on the card converted with
            s = _add_counters(s, e.seat, e.card, a.n)
    return s


@on(E.CraftsmanBorrowed)
def _on_craftsman_borrowed(s: GameState, e: E.CraftsmanBorrowed, layout: Layout) -> GameState:
    s = _count_effect(s, e.seat, e.reason, layout)
    s = apply_amounts(s, e.seat, e.inputs, -1, layout)
    return apply_amounts(s, e.seat, e.outputs, +1, layout)


@on(E.CathedralDone)
def _on_cathedral_done(s: GameState, e: E.CathedralDone, layout: Layout) -> GameState:
    return _table(s, _done(s.table, s.done | {e.seat}))


@on(E.CubesReturned)
def _on_cubes_returned(s: GameState, e: E.CubesReturned, layout: Layout) -> GameState:
    p = s.players[e.seat]
    s = _board_supply(s, e.resource, e.n)
    return _with_player(s, e.seat, _cubes(p, _add_cubes(p.cubes, e.resource, -e.n)))


@on(E.StartPlayerChanged)
def _on_start_player_changed(s: GameState, e: E.StartPlayerChanged, layout: Layout) -> GameState:
    return replace(s, start_player=e.seat)


@on(E.BecameStartPlayer)
def _on_became_start_player(s: GameState, e: E.BecameStartPlayer, layout: Layout) -> GameState:
    return replace(_count_effect(s, e.seat, e.card, layout), start_player=e.seat)


@on(E.OrderReversed)
def _on_order_reversed(s: GameState, e: E.OrderReversed, layout: Layout) -> GameState:
    s = _count_effect(s, e.seat, e.card, layout)
    if e.round in s.reversed_rounds:  # a reversed round stays reversed
        return s
    return replace(s, reversed_rounds=tuple(sorted(s.reversed_rounds + (e.round,))))


@on(E.RoundEnded)
def _on_round_ended(s: GameState, e: E.RoundEnded, layout: Layout) -> GameState:
    return replace(s, stage="round_end", step="", cathedral=s.cathedral + 1, pending=None)


@on(E.GameEnded)
def _on_game_ended(s: GameState, e: E.GameEnded, layout: Layout) -> GameState:
    return _over(s, "over", True, None, s.frame.decision + 1)


missing = set(E.EVENT_TYPES.values()) - set(_HANDLERS)
assert not missing, f"events without an evolve handler: {missing}"

"""Who a card's effect reaches and the values it counts (issue #36).

:func:`count` reads a value of the game a player may know
(:data:`~pillars_rules.cardlang.effects.COUNTS`, :meth:`.GameState.count`:
every one is public, so a seat view has it too); :func:`selected` names the seats a
:class:`~pillars_rules.cardlang.effects.Players` selector picks;
:func:`transfer_events` turns a transfer into the losses and gains it makes,
:func:`market_events` a change of the market's stock into its moves.
"""

from __future__ import annotations

from typing import Final

from ..cardlang.effects import (
    MAX_QUANTITY,
    Amount,
    Market,
    PerBuilder,
    PerCount,
    PerMillWorker,
    Players,
    Scale,
    Scaled,
    Swap,
    Transfer,
)
from . import events as E
from .state import CUBE_INDEX, GameState

_ORDERS: Final = {(n, s): tuple((s + i) % n for i in range(n)) for n in range(1, 9) for s in range(n)}
_REVERSED: Final = {(n, s): tuple((s - i) % n for i in range(n)) for n in range(1, 9) for s in range(n)}


def turn_order(state: GameState) -> tuple[int, ...]:
    """Seats in the order of play from the start player: clockwise, or
    counter-clockwise in a round a card reversed (issue #53)."""
    if state.reversed_rounds and state.round in state.reversed_rounds:
        return _REVERSED[len(state.players), state.start_player]
    return _ORDERS[len(state.players), state.start_player]


def play_direction(state: GameState) -> int:
    """+1 (clockwise) or -1 (a reversed round): the seat after ``s`` in the
    order of play is ``(s + play_direction(state)) % n``."""
    return -1 if state.reversed_rounds and state.round in state.reversed_rounds else 1


def count(state: GameState, seat: int, what: str) -> int:
    """The value ``what`` for ``seat`` (a player count) or of the game."""
    return state.count(seat, what)


def factor(state: GameState, seat: int, per: PerBuilder | PerMillWorker | PerCount, card: str) -> int:
    """One factor of a quantity for ``seat`` (``card``: whose counters)."""
    if isinstance(per, PerMillWorker):
        return state.players[seat].pieces.value
    if isinstance(per, PerBuilder):
        return state.builders_at(seat, per.location)
    return state.count(seat, per.what, card) // per.per


def scale(state: GameState, seat: int, per: Scale | None, card: str) -> tuple[int, int]:
    """What a quantity multiplies by for ``seat`` and its bound (0: none):
    one factor's value, or a :class:`~pillars_rules.cardlang.effects.Scaled`
    product (issue #53)."""
    if per is None:
        return 1, 0
    if isinstance(per, Scaled):
        k = 1
        for f in per.factors:
            k *= factor(state, seat, f, card)
        return k, per.up_to
    return factor(state, seat, per, card), 0


def quantity(state: GameState, seat: int, per: Scale, card: str) -> int:
    """A quantity of 1 scaled for ``seat`` (a vote's weight): the product,
    at most its bound and :data:`~pillars_rules.cardlang.effects.MAX_QUANTITY`."""
    k, up_to = scale(state, seat, per, card)
    return min(k, up_to) if up_to else min(k, MAX_QUANTITY)


def scaled(
    state: GameState, seat: int, amounts: tuple[Amount, ...], per: Scale | None, card: str
) -> tuple[Amount, ...]:
    """``amounts`` scaled for ``seat`` by ``per`` (a factor, as before issue
    #53, or a quantity: each amount then at most its bound and
    :data:`~pillars_rules.cardlang.effects.MAX_QUANTITY`); amounts that
    come to 0 are left out."""
    k, up_to = scale(state, seat, per, card)
    most = min(up_to, MAX_QUANTITY) if up_to else MAX_QUANTITY
    out: list[Amount] = []
    for a in amounts:
        n = a.n * k
        if isinstance(per, Scaled) and n > most:
            n = most
        if n:
            out.append(Amount(a.kind, n))
    return tuple(out)


def has_most(state: GameState, seat: int, what: str, most: bool) -> bool:
    """Does ``seat`` have the most (or fewest) ``what``, ties included?"""
    values = [count(state, s, what) for s in range(len(state.players))]
    return values[seat] == (max(values) if most else min(values))


def selected(state: GameState, seat: int, players: Players, actor: int = -1) -> tuple[int, ...]:
    """The seats ``players`` picks for the card of ``seat``, in turn order
    from the start player (the left neighbour is the next seat clockwise,
    whatever the order of play); ``that player`` is ``actor``, the seat
    whose action a reaction answers (none outside a reaction)."""
    n = len(state.players)
    order = turn_order(state)
    who = players.who
    if who == "each":
        return order
    if who == "other":
        return tuple(s for s in order if s != seat)
    if who == "left":
        return ((seat + 1) % n,) if n > 1 else ()
    if who == "right":
        return ((seat - 1) % n,) if n > 1 else ()
    if who == "chosen":  # the owner's decision (batch.chosen_events): nobody yet
        return ()
    if who == "actor":  # issue #53: the owner too, when it acted
        return (actor,) if actor >= 0 else ()
    return tuple(s for s in order if has_most(state, s, players.what, who == "most"))


def transfer_events(
    state: GameState, seat: int, effect: Transfer, source: str, targets: tuple[int, ...] | None = None, actor: int = -1
) -> list:
    """The losses and gains of a transfer for the card of ``seat`` (with
    ``targets``, those seats instead of the selector's): each giver gives what
    it has of each amount, up to the amount; at most one event per seat (the
    owner's share of several givers is one gain or loss)."""
    picked = selected(state, seat, effect.players, actor) if targets is None else targets
    others = [s for s in picked if s != seat]
    out: list = []
    if effect.direction == "take":
        total = [0] * len(effect.amounts)
        for s in others:
            got = _bounded(state, s, effect.amounts, [0] * len(effect.amounts))
            if got:
                out.append(E.Lost(s, got, source))
                for a in got:
                    total[[x.kind for x in effect.amounts].index(a.kind)] += a.n
        mine = tuple(Amount(a.kind, n) for a, n in zip(effect.amounts, total) if n)
        return out + [E.Gained(seat, mine, source)] if mine else []
    given = [0] * len(effect.amounts)
    gains: list = []
    for s in others:
        got = _bounded(state, seat, effect.amounts, given)
        if got:
            gains.append(E.Gained(s, got, source))
    mine = tuple(Amount(a.kind, n) for a, n in zip(effect.amounts, given) if n)
    return [E.Lost(seat, mine, source)] + gains if mine else []


def _bounded(state: GameState, giver: int, amounts: tuple[Amount, ...], used: list[int]) -> tuple[Amount, ...]:
    """What ``giver`` can give of ``amounts`` beyond ``used`` (counted in)."""
    out = []
    for i, a in enumerate(amounts):
        n = min(a.n, count(state, giver, a.kind) - used[i])
        if n > 0:
            used[i] += n
            out.append(Amount(a.kind, n))
    return tuple(out)


def swap_events(
    state: GameState, seat: int, effect: Swap, source: str, targets: tuple[int, ...] | None = None, actor: int = -1
) -> list:
    """The events of a trade for the card of ``seat``: with each selected
    player (or ``targets``) in turn who has what the owner gets, while the
    owner still has what it gives, a whole trade -- the partner's loss and
    gain; the owner's side of every trade is one loss and one gain."""
    picked = selected(state, seat, effect.players, actor) if targets is None else targets
    have = {a.kind: count(state, seat, a.kind) for a in effect.gives}
    out: list = []
    done = 0
    for s in picked:
        if s == seat:
            continue
        if any(have[a.kind] < a.n for a in effect.gives):
            break
        if any(count(state, s, a.kind) < a.n for a in effect.gets):
            continue
        for a in effect.gives:
            have[a.kind] -= a.n
        out += [E.Lost(s, effect.gets, source), E.Gained(s, effect.gives, source)]
        done += 1
    if not done:
        return []
    gives = tuple(Amount(a.kind, a.n * done) for a in effect.gives)
    gets = tuple(Amount(a.kind, a.n * done) for a in effect.gets)
    return [E.Lost(seat, gives, source), E.Gained(seat, gets, source)] + out


def market_events(state: GameState, seat: int, effect: Market, source: str) -> list:
    """The events of a :class:`~pillars_rules.cardlang.effects.Market` effect
    of the card of ``seat``: each kind as far as its giver has it (the market,
    the owner or the supply); what a player takes comes through the supply,
    so a full hand leaves the rest there, as a cube from the market does."""
    out: list = []
    for a in effect.amounts:
        i = CUBE_INDEX[a.kind]
        if effect.action == "take":
            n = min(a.n, state.market[i])
            if n:
                out += [E.MarketStocked(seat, a.kind, -n, source), E.Gained(seat, (Amount(a.kind, n),), source)]
        elif effect.action == "give":
            n = min(a.n, state.players[seat].cubes[i])
            if n:
                out += [E.Lost(seat, (Amount(a.kind, n),), source), E.MarketStocked(seat, a.kind, n, source)]
        else:
            n = min(a.n, state.supply[i]) if effect.action == "gains" else -min(a.n, state.market[i])
            if n:
                out.append(E.MarketStocked(seat, a.kind, n, source))
    return out

"""Who a card's effect reaches and the values it counts (issue #36).

:func:`count` reads a value of the game a player may know
(:data:`~pillars_rules.cardlang.effects.COUNTS`, :meth:`.GameState.count`:
every one is public, so a seat view has it too); :func:`selected` names the seats a
:class:`~pillars_rules.cardlang.effects.Players` selector picks;
:func:`transfer_events` turns a transfer into the losses and gains it makes.
"""

from __future__ import annotations

from ..cardlang.effects import Amount, Players, Transfer
from . import events as E
from .state import GameState


def count(state: GameState, seat: int, what: str) -> int:
    """The value ``what`` for ``seat`` (a player count) or of the game."""
    return state.count(seat, what)


def has_most(state: GameState, seat: int, what: str, most: bool) -> bool:
    """Does ``seat`` have the most (or fewest) ``what``, ties included?"""
    values = [count(state, s, what) for s in range(len(state.players))]
    return values[seat] == (max(values) if most else min(values))


def selected(state: GameState, seat: int, players: Players) -> tuple[int, ...]:
    """The seats ``players`` picks for the card of ``seat``, in turn order
    from the start player (the left neighbour is the next seat clockwise)."""
    n = len(state.players)
    order = tuple((state.start_player + i) % n for i in range(n))
    who = players.who
    if who == "each":
        return order
    if who == "other":
        return tuple(s for s in order if s != seat)
    if who == "left":
        return ((seat + 1) % n,) if n > 1 else ()
    if who == "right":
        return ((seat - 1) % n,) if n > 1 else ()
    return tuple(s for s in order if has_most(state, s, players.what, who == "most"))


def transfer_events(state: GameState, seat: int, effect: Transfer, source: str) -> list:
    """The losses and gains of a transfer for the card of ``seat``: each giver
    gives what it has of each amount, up to the amount; at most one event per
    seat (the owner's share of several givers is one gain or loss)."""
    others = [s for s in selected(state, seat, effect.players) if s != seat]
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


def _bounded(state: GameState, giver: int, amounts: tuple[Amount, ...], used: list[int]
             ) -> tuple[Amount, ...]:
    """What ``giver`` can give of ``amounts`` beyond ``used`` (counted in)."""
    out = []
    for i, a in enumerate(amounts):
        n = min(a.n, count(state, giver, a.kind) - used[i])
        if n > 0:
            used[i] += n
            out.append(Amount(a.kind, n))
    return tuple(out)

"""Read-only questions about a state that both the flow and the legal-action
listing ask: where a builder may go, which conversions a seat can use, what
it can pay. Nothing here changes a state or makes events; this module imports
no other rules module, so :mod:`.flow` and :mod:`.legal` both build on it.
"""

from __future__ import annotations

from ..cardlang.effects import Amount, Convert
from ..limits import MAX_BUILDS
from .context import Rules
from .state import GameState


def can_pay(state: GameState, seat: int, cost: tuple[Amount, ...]) -> bool:
    p = state.players[seat]
    return all(p.amount(a.kind) >= a.n for a in cost)


def conversions(state: GameState, rules: Rules, seat: int) -> tuple[tuple[str, int, Convert], ...]:
    """The (card, ability index, conversion) ``seat`` can use once more now (§6).

    The answer depends only on the seat's holdings, its modifiers (its cards
    and the round's events, kept in ``state.table``) and the rules, so the
    last answer is kept and reused while all three are the very same objects (the flow asks whether a seat can build, then the listing asks
    which builds, of one state)."""
    p = state.players[seat]
    table = state.table  # this round's events (modifiers) and protections live here
    last = _LAST_CONVERSIONS[0]
    if last[0] is p and last[1] is table and last[2] is rules:
        return last[3]
    out = _conversions(state, rules, seat, p)
    _LAST_CONVERSIONS[0] = (p, table, rules, out)  # one assignment: safe across threads
    return out


_LAST_CONVERSIONS: list = [(None, None, None, ())]


def _conversions(state: GameState, rules: Rules, seat: int, p) -> tuple[tuple[str, int, Convert], ...]:
    if p.uses and builds_of(p) >= MAX_BUILDS:  # the budget of the round is spent
        return ()
    out = []
    seen = set()
    have = p.holdings()
    shared = rules.shared  # alternatives sharing a capacity: none in most card sets
    for cid in p.craftsmen:
        if cid in seen:
            continue
        seen.add(cid)
        for i, conv in rules.converts[cid]:
            # the cheap tests first: most conversions fail for want of inputs
            for a in conv.inputs:
                if have[a.kind] < a.n:
                    break
            else:
                if conv.condition and have[conv.condition.kind] < conv.condition.n:
                    continue
                used = rules.uses(p, cid, i) if shared else p.uses_of(cid, i)
                if used >= rules.capacity(state, seat, cid, conv):
                    continue
                if conv.needs and not rules.has_tag(state, seat, conv.needs):
                    continue
                if conv.also_needs and any(not rules.has_tag(state, seat, t) for t in conv.also_needs):
                    continue
                out.append((cid, i, conv))
    return tuple(out)


def trades_of(state: GameState, seat: int) -> int:
    """The trades ``seat`` made this round (each ``Buy`` or ``Sell`` is one)."""
    return sum(1 for t in state.traded if t[0] == seat)


def builds_of(p) -> int:
    """The conversions the seat of holdings ``p`` made this round."""
    return sum(n for _, _, n in p.uses)


def free_spots(state: GameState, seat: int, rules: Rules) -> tuple[tuple[str, int], ...]:
    """(location, spot) pairs where ``seat`` may place a builder now (§2.3). At
    the places of :attr:`~.context.Rules.in_order` only the first free spot may
    be taken; at those of :attr:`~.context.Rules.one_per_player` a player has
    at most one builder.

    The last answer is reused while the board's spots are the very same tuple
    and the seat and rules the same (the flow asks whether a builder can be
    placed, then the listing asks where)."""
    spots = state.spots
    last = _LAST_SPOTS[0]
    if last[0] is spots and last[1] == seat and last[2] is rules:
        return last[3]
    out = _free_spots(spots, seat, rules.in_order, rules.one_per_player)
    _LAST_SPOTS[0] = (spots, seat, rules, out)
    return out


_LAST_SPOTS: list = [(None, -1, (), ())]


def _free_spots(
    spots, seat: int, in_order: tuple[str, ...], one_per_player: tuple[str, ...]
) -> tuple[tuple[str, int], ...]:
    out = []
    for loc, seats in spots:
        if None not in seats or (loc in one_per_player and seat in seats):
            continue
        if loc in in_order:  # spots taken in placement order
            out.append((loc, seats.index(None)))
            continue
        for i, s in enumerate(seats):
            if s is None:
                out.append((loc, i))
    return tuple(out)

"""Read-only questions about a state that both the flow and the legal-action
listing ask: where a builder may go, which conversions a seat can use, what
it can pay. Nothing here changes a state or makes events; this module imports
no other rules module, so :mod:`.flow` and :mod:`.legal` both build on it.
"""

from __future__ import annotations

from ..effects import Amount, Convert
from .context import ONE_PER_PLAYER, Rules
from .state import GameState


def can_pay(state: GameState, seat: int, cost: tuple[Amount, ...]) -> bool:
    p = state.players[seat]
    return all(p.amount(a.kind) >= a.n for a in cost)


def conversions(state: GameState, rules: Rules, seat: int) -> list[tuple[str, int, Convert]]:
    """The (card, ability index, conversion) ``seat`` can use once more now (§6)."""
    p = state.players[seat]
    out = []
    seen = set()
    for cid in p.craftsmen:
        if cid in seen:
            continue
        seen.add(cid)
        for i, conv in rules.converts[cid]:
            # the cheap tests first: most conversions fail for want of inputs
            if not all(p.amount(a.kind) >= a.n for a in conv.inputs):
                continue
            if conv.condition and p.amount(conv.condition.kind) < conv.condition.n:
                continue
            if p.uses_of(cid, i) >= rules.capacity(state, seat, cid, conv):
                continue
            if conv.needs and not rules.has_tag(state, seat, conv.needs):
                continue
            out.append((cid, i, conv))
    return out


def free_spots(state: GameState, seat: int) -> list[tuple[str, int]]:
    """(location, spot) pairs where ``seat`` may place a builder now (§2.3)."""
    out = []
    for loc, seats in state.spots:
        if None not in seats or (loc in ONE_PER_PLAYER and seat in seats):
            continue
        if loc == "market":  # market spots are taken in placement order
            out.append((loc, seats.index(None)))
            continue
        for i, s in enumerate(seats):
            if s is None:
                out.append((loc, i))
    return out

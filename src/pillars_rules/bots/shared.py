"""How the heuristic bots vote and bid (issue #36), from their view alone.

A one-ply look-ahead sees nothing of a vote before its last ballot, so the
bots value the options as they value a choice's
(:meth:`~.cardvalue.CardValues.effect_value`, the card's own effect for their
seat, never its name): a vote goes to the option worth most to the voter; a
bid is worth the prize's value in gold, and the bot bids the least that leads
(one more than the highest bid) while that stays within the worth, else it
passes.
"""

from __future__ import annotations

from typing import Any

from ..cardlang.effects import CUBES, Bid, Vote, is_shared
from .cardvalue import Weights, card_values


def shared_action(view: Any, w: Weights) -> Any:
    """The bot's vote or bid at ``view``, or ``None`` if the decision is neither."""
    state, rules, seat = view.state, view.rules, view.seat
    pend = state.pending
    if pend is None or pend.kind != "choice" or not state.jobs or rules is None:
        return None
    job = state.jobs[0]
    if job.source not in rules.by_id:  # a place's spot effect (France's): never a vote or bid
        return None
    # a vote or bid is an event's whole "now:" effect, so the job's ability holds it
    effect = getattr(rules.card(job.source).abilities[job.ability], "effect", None)
    if job.option >= 0 or not is_shared(effect):
        return None
    cv = card_values(rules, w)
    # a cube is worth at least what the market pays for it
    cubes = {k: w.gold * (rules.price(state, seat, "sell", k) or 0) for k in CUBES}
    by_index = {a.index: a for a in view.legal_actions}
    if isinstance(effect, Vote):
        values = [cv.effect_value(o, cubes, w.per_builder) for o in effect.options]
        best = max(by_index, key=lambda i: (values[i], -i))
        return by_index[best]
    assert isinstance(effect, Bid)  # is_shared: a vote or a bid
    worth = cv.effect_value(effect.prize, cubes, w.per_builder) / w.gold  # in gold
    lead = min((i for i in by_index if i > 0), default=0)  # the least bid that leads
    return by_index[lead] if 0 < lead <= worth else by_index[0]

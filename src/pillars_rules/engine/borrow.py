"""Using another player's craftsman once (issue #36; the expansion's France).

``use a craftsman of another player`` (:class:`~pillars_rules.cardlang.effects.Borrow`)
queues a decision of its owner, the *user*: option ``i`` is the ``i``-th use
of :func:`borrow_uses`, and the last option is to use none. A use is one
conversion of a craftsman that stands in front of its owner (craftsmen are
public, so a seat's view lists the same uses), made with the user's
holdings: the user pays the inputs and gets the outputs
(:class:`~.events.CraftsmanBorrowed`).

Rulings (the rules page): the use is one more, beyond capacity -- it counts
against neither the owner's capacity nor the user's uses of the round (the
sources' "once more"); the owner gets nothing; a conversion's ``needs`` are
the owner's (the craftsman works where it stands), its ``if you own`` and its
inputs the user's; a conversion that puts counters on its card (an upgrade)
is not offered: the card's level is its owner's.
"""

from __future__ import annotations

from typing import Any

from ..cardlang.effects import Borrow
from . import events as E
from .context import Rules
from .reach import scaled, turn_order
from .state import GameState


def _seats_from(state: GameState, seat: int) -> tuple[int, ...]:
    """Every seat in turn order from the start player."""
    return turn_order(state)


def borrow_uses(state: GameState, rules: Rules, seat: int, effect: Borrow) -> tuple[tuple[int, str, int], ...]:
    """The (owner, craftsman, conversion) uses ``seat`` may make now for
    ``effect``: owners in turn order, each one's craftsmen in the order they
    were gained, each conversion the user can pay for."""
    p = state.players[seat]
    have = p.holdings()
    out: list[tuple[int, str, int]] = []
    for owner in _seats_from(state, seat):
        if owner == seat and effect.who != "any":
            continue
        seen: set[str] = set()
        for cid in state.players[owner].craftsmen:
            if cid in seen:
                continue
            seen.add(cid)
            for i, conv in rules.converts[cid]:
                if any(have[a.kind] < a.n for a in conv.inputs):
                    continue
                if any(a.kind == "counters" for a in conv.outputs):  # the card's own upgrade: its owner's
                    continue
                if conv.condition and have[conv.condition.kind] < conv.condition.n:
                    continue
                if any(not rules.has_tag(state, owner, t) for t in conv.tags_needed):
                    continue
                out.append((owner, cid, i))
    return tuple(out)


def borrow_events(state: GameState, rules: Rules, seat: int, effect: Borrow, index: int, reason: str) -> list[Any]:
    """The events of option ``index`` of the decision (the last one: none),
    for ``reason`` (the card or place whose effect it is)."""
    uses = borrow_uses(state, rules, seat, effect)
    if index >= len(uses):
        return []
    owner, cid, i = uses[index]
    conv = rules.card(cid).conversions[i]
    # scaled outputs (issue #53) count the user's values: the user converts
    outputs = conv.outputs if conv.outputs_per is None else scaled(state, seat, conv.outputs, conv.outputs_per, cid)
    return [E.CraftsmanBorrowed(seat, owner, cid, i, conv.inputs, outputs, reason)]

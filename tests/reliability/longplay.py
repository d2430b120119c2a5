"""A playout policy that keeps a game going as long as it can (issue #24, item 1).

It never closes what it may keep open: it trades, builds and returns one cube
at a time, never stops trading or building while anything else is listed,
parks builders, redraws, takes the option of a choice that asks again, and
uses every once-per-game card. Ties are broken by a seeded generator.
"""

from __future__ import annotations

import random

from pillars_rules import actions as A

#: Actions that close a decision or a phase for the seat: taken last.
CLOSING = (A.EndTrading, A.EndBuilding, A.Pass, A.Decline, A.KeepBuilder)


def _score(action) -> int:
    if isinstance(action, CLOSING):
        return 0
    if isinstance(action, (A.Buy, A.Sell, A.ReturnCubes)):
        return 3 if action.n == 1 else 1
    if isinstance(action, A.ChooseOption):
        return 3 if action.index == 0 else 1  # the worst set's first option asks again
    if isinstance(action, (A.Park, A.ReturnBuilder, A.UseOnce, A.Protect)):
        return 3
    return 2


def longest(seed: int):
    """``policy(state, legal) -> index`` for :func:`pillars_rules.playout`."""
    rng = random.Random(seed)

    def policy(state, legal) -> int:
        best = max(_score(a) for a in legal)
        return rng.choice([i for i, a in enumerate(legal) if _score(a) == best])

    return policy

"""When can a seat take a card? The actions that take it, found from the
public state and the legal actions only.

A card is *taken* by:

* hiring a craftsman from the draft display (:class:`~pillars_rules.actions.Hire`);
* taking a resource card from the display
  (:class:`~pillars_rules.actions.TakeResourceCard`, with or without the big
  worker);
* placing a builder on the Shiring spot beside a craftsman, or the Kingsbridge
  spot beside a privilege (:class:`~pillars_rules.actions.Place`; the card is
  gained at that step, RULES §2.4 steps 4 and 10).

Starting craftsmen and events are never taken (every seat holds the first,
the second happens to everyone): the lab judges events by an A/B of card sets.

>>> import pillars_rules as pr
>>> game = pr.new_game(players=2, seed=3)
>>> card = next(a.card for a in game.legal_actions() if isinstance(a, pr.actions.Hire))
>>> [type(a).__name__ for a in take_actions(game.state, game.legal_actions(), card)]
['Hire']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from pillars_rules import actions as A

if TYPE_CHECKING:  # pragma: no cover
    from pillars_rules import GameState

#: Card kinds a seat can be made to take.
TAKEN_KINDS = ("craftsman", "privilege", "resource")
_BESIDE = {"shiring": "shiring", "kingsbridge": "kingsbridge"}


def takes(state: GameState, action: object, card: str) -> bool:
    """Whether ``action`` (legal in ``state``) takes ``card``."""
    if isinstance(action, (A.Hire, A.TakeResourceCard)):
        return action.card == card
    if isinstance(action, A.Place) and action.location in _BESIDE:
        row = getattr(state, _BESIDE[action.location])
        return 0 <= action.spot < len(row) and row[action.spot] == card
    return False


def take_actions(state: GameState, legal: Iterable[A.Action], card: str) -> list[A.Action]:
    """The legal actions that take ``card`` (empty if none does)."""
    return [a for a in legal if takes(state, a, card)]

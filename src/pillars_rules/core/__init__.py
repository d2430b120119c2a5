"""The engine's core: what every game shares, knowing none of them.

A game is a :class:`GameType` registered with the core: how its events fold
into its state, how its flow adds the automatic events up to the next decision,
what its pending seat may do, and how its results and events read. The core
owns the rest:

* :class:`Game` (:mod:`.session`): the immutable game value an application
  embeds -- the event log, ``legal_actions``, ``apply`` with its checks of the
  seat, the decision number and the action's exact values, the states along the
  log, views and words through the game's type;
* the loop (:mod:`.loop`): an action's events folded, then the game's flow run
  until a decision is pending or the game is over, and the refusal of any value
  that is not one of the listed actions;
* :func:`playout`: the fast path for simulations;
* the registry (:mod:`.gametype`): games by name, and the game of a rules value.

A game's state provides the framework's fields: ``pending`` (``None`` or an
object with ``seat`` and ``kind``), ``game_over`` and ``decision`` (the number
of the pending decision). Nothing here imports a game: the layering test
(``tests/test_layering.py``) refuses any import from a game's package, and
``tests/engine/test_no_pillars_terms.py`` any word of one. How to add a game:
``docs/architecture.rst``.
"""

from __future__ import annotations

from .gametype import (
    GAME_OVER,
    NO_DECISION,
    GameType,
    game_titles,
    game_type,
    game_type_of,
    game_types,
    register,
    register_later,
)
from .loop import decide, listed, run
from .session import Game, Policy, check_length, playout, uniform_policy

__all__ = [
    "GAME_OVER",
    "NO_DECISION",
    "Game",
    "GameType",
    "Policy",
    "check_length",
    "decide",
    "game_type",
    "game_types",
    "game_type_of",
    "listed",
    "playout",
    "register",
    "register_later",
    "game_titles",
    "run",
    "uniform_policy",
]

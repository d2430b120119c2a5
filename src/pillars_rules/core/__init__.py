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

A game's state holds the framework's part in its field ``frame``, a
:class:`Frame` (:mod:`.frame`): ``decision`` (the number of the pending
decision), ``pending`` (``None`` or an object with ``seat`` and ``kind``),
``rng`` (the random draws recorded) and ``game_over``; the core reads a state
only through it, and the game's own fields stay the game's. Nothing here imports a game: the layering test
(``tests/test_layering.py``) refuses any import from a game's package, and
``tests/engine/test_no_pillars_terms.py`` any word of one. How to add a game:
``docs/architecture.rst``.
"""

from __future__ import annotations

from .frame import Frame
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
    "Frame",
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

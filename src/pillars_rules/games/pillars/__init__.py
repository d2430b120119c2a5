"""*The Pillars of the Earth* (Kosmos 2006), base and expansion: the first game on the engine's core.

Importing this package registers the game with the core under the name
``"pillars"`` (:data:`PILLARS`); ``import pillars_rules`` does it, and
:func:`pillars_rules.new_game` makes its games by default. A client that knows
Pillars by name imports what is Pillars' own from here (docs/architecture.rst,
"The layers"; ``tests/test_layering.py`` checks it).

* :mod:`.setup` -- the card set, the variants, the seats and the seed of a new
  game, and the first event of its log;
* :mod:`.saves` -- what a save's header records, and how saves of every format
  and rules version are read;
* :mod:`.replay` -- the verified replay of a log (and :func:`.replay.infer_action`,
  the action that made a run of events);
* :mod:`.game` -- the game type, :data:`PILLARS`, and its registration.

It names :class:`Rules` too, the rules context of a Pillars game
(``game.rules``), which Pillars' engine makes per card set.

The rules themselves -- the state, the fold, the flow and the step rules, the
listing of actions and the refusals -- are Pillars' engine,
:mod:`pillars_rules.engine`, below this package: a client never imports them
(it reads the game's records through :mod:`pillars_rules.actions`,
:mod:`pillars_rules.events` and :mod:`pillars_rules.view`).
"""

from __future__ import annotations

from ...engine.context import Rules
from .game import OPTIONS, PILLARS, PillarsType
from .replay import infer_action, replay_pillars
from .saves import HEADER_FIELDS
from .setup import (
    DEFAULT_NAMES,
    FEWEST_PLAYERS,
    MAX_NAME_LENGTH,
    MOST_PLAYERS,
    NAMED_SETS,
    RETIRED_VARIANTS,
    START_GOLD,
    VARIANTS,
    check_names,
    check_players,
    check_variants,
    counts_text,
    game_started,
    load_cards,
    named_set_path,
    prepare,
    set_name,
)

__all__ = [
    "DEFAULT_NAMES",
    "FEWEST_PLAYERS",
    "HEADER_FIELDS",
    "MAX_NAME_LENGTH",
    "MOST_PLAYERS",
    "NAMED_SETS",
    "OPTIONS",
    "PILLARS",
    "RETIRED_VARIANTS",
    "START_GOLD",
    "VARIANTS",
    "PillarsType",
    "Rules",
    "check_names",
    "check_players",
    "check_variants",
    "counts_text",
    "game_started",
    "infer_action",
    "load_cards",
    "named_set_path",
    "prepare",
    "replay_pillars",
    "set_name",
]

"""pillars-rules: the rules engine for *The Pillars of the Earth* (Kosmos 2006).

>>> import pillars_rules as pr
>>> game = pr.new_game(players=4, seed=1)
>>> game.current_player
0
>>> game = game.apply(game.legal_actions()[0])
>>> pr.replay(game.events) == game
True
"""

from __future__ import annotations

__version__ = "0.1.0"

from . import actions, limits
from .actions_json import decode_action, encode_action
from .bots import RandomBot, play
from .cards import Card, CardSet
from .determinize import determinize
from .engine import events
from .engine.events import EVENT_TYPES
from .engine.state import GameState, Pending, PlayerState
from .errors import (
    CardError, ConfigError, ConflictError, IllegalActionError, LimitError, PillarsError, SaveError,
    ScenarioError, StaleActionError,
)
from .game import VARIANTS, Game, load_cards, new_game, playout
from .persistence import load, replay, save
from .scenario import scenario
from .view import SeatView

__all__ = [
    "__version__",
    "new_game", "playout", "scenario", "replay", "save", "load", "load_cards", "Game", "VARIANTS",
    "GameState", "PlayerState", "Pending", "SeatView",
    "Card", "CardSet", "RandomBot", "play", "determinize",
    "actions", "events", "EVENT_TYPES", "decode_action", "encode_action", "limits",
    "CardError", "ConfigError", "IllegalActionError", "LimitError", "PillarsError", "SaveError",
    "ScenarioError", "StaleActionError", "ConflictError",
]

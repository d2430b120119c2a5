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

from . import _moved

_moved.install()  # old import paths, for one release

from . import actions, events, limits, words
from . import core as _core
from ._build import COMPILED
from .autoplay import RandomBot, play
from .cardlang.card import Card
from .cardlang.cardset import CardSet
from .determinize import determinize
from .engine.state import GameState, Pending, PlayerState
from .errors import (
    CardError,
    ConfigError,
    ConflictError,
    IllegalActionError,
    LimitError,
    PillarsError,
    PlayerCountError,
    SaveError,
    ScenarioError,
    StaleActionError,
)
from .events import EVENT_TYPES
from .game import Game, new_game, playout
from .games.pillars import VARIANTS, load_cards
from .pillars_json.actions_json import decode_action, encode_action
from .saves.replay import replay
from .saves.savefile import load, save
from .scenario import scenario
from .view import SeatView

# Ora et Labora's package is imported when first asked for by name (pr.new_game(game=...), a
# save of it, --game): a program that plays Pillars does not pay for its import.
_core.register_later("ora-et-labora", "pillars_rules.games.ora", "Ora et Labora")

__all__ = [
    "__version__",
    "COMPILED",
    "new_game",
    "playout",
    "scenario",
    "replay",
    "save",
    "load",
    "load_cards",
    "Game",
    "VARIANTS",
    "GameState",
    "PlayerState",
    "Pending",
    "SeatView",
    "TAX_DIE",
    "Card",
    "CardSet",
    "RandomBot",
    "play",
    "determinize",
    "actions",
    "events",
    "words",
    "EVENT_TYPES",
    "decode_action",
    "encode_action",
    "limits",
    "CardError",
    "ConfigError",
    "IllegalActionError",
    "LimitError",
    "PillarsError",
    "SaveError",
    "ScenarioError",
    "StaleActionError",
    "ConflictError",
    "PlayerCountError",
]


def __getattr__(name: str):
    # TAX_DIE: the base board's tax die faces (RULES §2.4 step 9), for clients
    # that plan with it; read from the board's text when first asked for.
    if name == "TAX_DIE":
        from .engine.layout import base_layout

        return base_layout().tax_die
    raise AttributeError(f"module 'pillars_rules' has no attribute {name!r}")

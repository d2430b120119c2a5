"""Bots: players that choose actions from what their seat may know.

A bot is any callable ``bot(view) -> action`` that receives a
:class:`~pillars_rules.view.SeatView` -- never the :class:`~pillars_rules.Game`,
so it cannot see hidden cards or the seed -- and returns one of
``view.legal_actions``. :func:`play` drives a mix of bots by seat.

Bots are made by name with :func:`make_bot` (the names are :data:`BOTS`), so
command-line tools, the balance lab, the terminal game and the game server
share one list. The levels people pick are :data:`LEVELS` (``easy``,
``medium``, ``hard``; :mod:`pillars_rules.bots.levels`); the other names are
the bots themselves (``random``, ``heuristic``, ``heuristic-v1``, ``mcts``).
The bot protocol, :class:`RandomBot` and :func:`play` are defined in
:mod:`pillars_rules.autoplay` (they are part of the core API, ``pr.play``)
and re-exported here.

>>> import pillars_rules as pr
>>> from pillars_rules.bots import BOTS, make_bot
>>> {"random", "easy", "medium", "hard", "heuristic", "heuristic-v1", "mcts"} <= set(BOTS)
True
>>> pr.play(pr.new_game(players=2, seed=5), [make_bot("heuristic", 1), make_bot("random", 2)]).is_over
True
"""

from __future__ import annotations

from collections.abc import Callable

from ..autoplay import Bot, RandomBot, play
from ..errors import ConfigError

#: Bot factories by name: ``factory(seed) -> bot``. More are registered by the
#: modules of this package.
BOTS: dict[str, Callable[[int | None], Bot]] = {"random": RandomBot}

#: The levels people pick, weakest first, with what each one is (their
#: strength and time per decision are in the rating table of ``docs/bots.rst``).
LEVELS: dict[str, str] = {
    "easy": "the heuristic bot choosing loosely: often a little worse than its best move",
    "medium": "the heuristic bot (heuristic): a few milliseconds per decision",
    "hard": "the ISMCTS bot (mcts): 400 playouts, about 0.09 s per decision (0.13 s with 4 players)",
}


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A new bot by name (see :data:`BOTS`); :class:`ConfigError` for an unknown name."""
    factory = BOTS.get(name) if isinstance(name, str) else None
    if factory is None:
        raise ConfigError(f"unknown bot {name!r} (bots: {', '.join(sorted(BOTS))})")
    return factory(seed)


__all__ = ["Bot", "BOTS", "LEVELS", "RandomBot", "make_bot", "play"]


def _register() -> None:
    # the stronger bots register here, so importing this package makes every name available
    from .heuristic import HeuristicBot, HeuristicBotV1
    from .levels import easy
    from .mcts import MCTSBot

    BOTS["easy"] = easy
    BOTS["medium"] = HeuristicBot
    BOTS["hard"] = MCTSBot
    BOTS["heuristic"] = HeuristicBot
    BOTS["heuristic-v1"] = HeuristicBotV1
    BOTS["mcts"] = MCTSBot


_register()

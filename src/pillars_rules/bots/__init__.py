"""Bots: players that choose actions from what their seat may know.

A bot is any callable ``bot(view) -> action`` that receives a
:class:`~pillars_rules.view.SeatView` -- never the :class:`~pillars_rules.Game`,
so it cannot see hidden cards or the seed -- and returns one of
``view.legal_actions``. :func:`play` drives a mix of bots by seat.

Bots are made by name with :func:`make_bot` (the names are :data:`BOTS`), so
command-line tools, the balance lab, the terminal game and the game server
share one list. Each game has its own list (:data:`GAME_BOTS`, by the game's
registered name; :data:`BOTS` is Pillars'): ``make_bot(name, seed,
game="ora-et-labora")`` makes one of *Ora et Labora*'s (``random``,
``heuristic``: :mod:`pillars_rules.bots.ora`). The levels people pick are :data:`LEVELS` (``easy``,
``medium``, ``hard``; :mod:`pillars_rules.bots.levels`); the other names are
the bots themselves (``random``, ``heuristic``, ``heuristic-v1``, ``mcts``).
The bot protocol, :class:`RandomBot` and :func:`play` are defined in
:mod:`pillars_rules.autoplay` (they are part of the core API, ``pr.play``)
and re-exported here.

>>> import pillars_rules as pr
>>> from pillars_rules.bots import BOTS, GAME_BOTS, make_bot
>>> {"random", "easy", "medium", "hard", "heuristic", "heuristic-v1", "mcts"} <= set(BOTS)
True
>>> pr.play(pr.new_game(players=2, seed=5), [make_bot("heuristic", 1), make_bot("random", 2)]).is_over
True
>>> sorted(GAME_BOTS["ora-et-labora"])
['heuristic', 'random']
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


def _ora_heuristic(seed: int | None = None) -> Bot:
    # imported when first asked for: a Pillars-only program never imports Ora's package
    from .ora import OraBot

    return OraBot(seed)


#: Each game's bots by the game's registered name (``pillars_rules.core.game_names``):
#: ``factory(seed) -> bot``. Every game has ``random``; Pillars' list is :data:`BOTS`.
GAME_BOTS: dict[str, dict[str, Callable[[int | None], Bot]]] = {
    "pillars": BOTS,
    "ora-et-labora": {"random": RandomBot, "heuristic": _ora_heuristic},
}


def make_bot(name: str, seed: int | None = None, game: str = "pillars") -> Bot:
    """A new bot of ``game`` (its registered name; default Pillars) by name (see :data:`GAME_BOTS`);
    :class:`ConfigError` for a game without bots, or a name that is not one of the game's bots."""
    bots = GAME_BOTS.get(game) if isinstance(game, str) else None
    if bots is None:
        raise ConfigError(f"no bots for the game {game!r:.40} (games with bots: {', '.join(sorted(GAME_BOTS))})")
    factory = bots.get(name) if isinstance(name, str) else None
    if factory is None:
        where = "" if game == "pillars" else f" for {game}"
        raise ConfigError(f"unknown bot {name!r}{where} (bots: {', '.join(sorted(bots))})")
    return factory(seed)


def bot_names(game: str = "pillars") -> tuple[str, ...]:
    """The names of ``game``'s bots, sorted (:class:`ConfigError` for a game without bots)."""
    bots = GAME_BOTS.get(game) if isinstance(game, str) else None
    if bots is None:
        raise ConfigError(f"no bots for the game {game!r:.40} (games with bots: {', '.join(sorted(GAME_BOTS))})")
    return tuple(sorted(bots))


__all__ = ["Bot", "BOTS", "GAME_BOTS", "LEVELS", "RandomBot", "bot_names", "make_bot", "play"]


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

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
``heuristic``: :mod:`pillars_rules.bots.ora`, and its levels). The levels people pick are
:data:`LEVELS` (``easy``, ``medium``, ``hard``; :mod:`pillars_rules.bots.levels`), and each game's
are :data:`GAME_LEVELS` (:func:`level_names`, :func:`make_level`; Ora's:
:mod:`pillars_rules.bots.ora_levels`); the other names are
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
['easy', 'hard', 'heuristic', 'medium', 'random']
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


def _ora_easy(seed: int | None = None) -> Bot:
    from .ora_levels import ora_easy

    return ora_easy(seed)


def _ora_hard(seed: int | None = None) -> Bot:
    from .ora_levels import ora_hard

    return ora_hard(seed)


#: Each game's bots by the game's registered name (``pillars_rules.core.game_names``):
#: ``factory(seed) -> bot``. Every game has ``random``; Pillars' list is :data:`BOTS`.
GAME_BOTS: dict[str, dict[str, Callable[[int | None], Bot]]] = {
    "pillars": BOTS,
    "ora-et-labora": {
        "random": RandomBot,
        "easy": _ora_easy,
        "medium": _ora_heuristic,
        "hard": _ora_hard,
        "heuristic": _ora_heuristic,
    },
}

#: Each game's levels by the game's registered name, weakest first, with what each one is; each
#: level is also one of the game's bots (:data:`GAME_BOTS`). Pillars' are :data:`LEVELS`; *Ora et
#: Labora*'s are :mod:`pillars_rules.bots.ora_levels`.
GAME_LEVELS: dict[str, dict[str, str]] = {
    "pillars": LEVELS,
    "ora-et-labora": {
        "easy": "the heuristic bot choosing loosely: often a little worse than its best move",
        "medium": "the heuristic bot (heuristic): about a millisecond per decision",
        "hard": "the heuristic's best moves played a turn ahead: a search within 35 ms of CPU per decision",
    },
}


def make_bot(name: str, seed: int | None = None, game: str = "pillars") -> Bot:
    """A new bot of ``game`` (its registered name; default Pillars) by name (see :data:`GAME_BOTS`);
    :class:`ConfigError` for a game without bots, or a name that is not one of the game's bots."""
    bots = GAME_BOTS.get(game) if isinstance(game, str) else None
    if bots is None:
        raise ConfigError(f"no bots for the game {game!r:.40} (games with bots: {', '.join(sorted(GAME_BOTS))})")
    factory = bots.get(name) if isinstance(name, str) else None
    if factory is None:
        if game == "pillars":  # Pillars' message, as it always was
            raise ConfigError(f"unknown bot {name!r} (bots: {', '.join(sorted(bots))})")
        levels = GAME_LEVELS.get(game)
        known = f"levels: {', '.join(levels)}; " if levels else ""
        raise ConfigError(f"unknown bot {name!r} for {game} ({known}bots: {', '.join(sorted(bots))})")
    return factory(seed)


def level_names(game: str = "pillars") -> tuple[str, ...]:
    """The names of ``game``'s levels, weakest first (:data:`GAME_LEVELS`; :class:`ConfigError` for a
    game without levels)."""
    levels = GAME_LEVELS.get(game) if isinstance(game, str) else None
    if levels is None:
        raise ConfigError(f"no levels for the game {game!r:.40} (games with levels: {', '.join(sorted(GAME_LEVELS))})")
    return tuple(levels)


def make_level(level: str, seed: int | None = None, game: str = "pillars") -> Bot:
    """A new bot of ``game`` at ``level`` (one of :func:`level_names`): what ``make_bot(level, seed,
    game=game)`` makes, but a name that is a bot and no level (``random``, ``heuristic``...) is refused
    too: :class:`ConfigError` listing the game's levels."""
    levels = level_names(game)
    if not isinstance(level, str) or level not in levels:
        where = "" if game == "pillars" else f" for {game}"
        raise ConfigError(f"unknown level {level!r:.40}{where} (levels: {', '.join(levels)})")
    return make_bot(level, seed, game)


def bot_names(game: str = "pillars") -> tuple[str, ...]:
    """The names of ``game``'s bots, sorted (:class:`ConfigError` for a game without bots)."""
    bots = GAME_BOTS.get(game) if isinstance(game, str) else None
    if bots is None:
        raise ConfigError(f"no bots for the game {game!r:.40} (games with bots: {', '.join(sorted(GAME_BOTS))})")
    return tuple(sorted(bots))


__all__ = [
    "Bot",
    "BOTS",
    "GAME_BOTS",
    "GAME_LEVELS",
    "LEVELS",
    "RandomBot",
    "bot_names",
    "level_names",
    "make_bot",
    "make_level",
    "play",
]


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

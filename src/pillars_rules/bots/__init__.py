"""Bots: players that choose actions from what their seat may know.

A bot is any callable ``bot(view) -> action`` that receives a
:class:`~pillars_rules.view.SeatView` -- never the :class:`~pillars_rules.Game`,
so it cannot see hidden cards or the seed -- and returns one of
``view.legal_actions``. :func:`play` drives a mix of bots by seat.

Bots are made by name with :func:`make_bot` (the names are :data:`BOTS`), so
command-line tools, the balance lab and the terminal game share one list.

>>> import pillars_rules as pr
>>> game = pr.new_game(players=2, seed=3)
>>> bot = pr.RandomBot(seed=3)
>>> game.apply(bot(game.view(game.current_player))).n_events > game.n_events
True
"""

from __future__ import annotations

import random
from typing import Callable, Protocol, Sequence

from ..errors import ConfigError
from ..game import Game
from ..view import SeatView


class Bot(Protocol):
    """Chooses one of ``view.legal_actions``."""

    def __call__(self, view: SeatView) -> object: ...


class RandomBot:
    """Picks a uniformly random legal action, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.random = random.Random(seed)

    def __call__(self, view: SeatView):
        return self.random.choice(view.legal_actions)


#: Bot factories by name: ``factory(seed) -> bot``. More are registered by the
#: modules of this package.
BOTS: dict[str, Callable[[int | None], Bot]] = {"random": RandomBot}


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A new bot by name (see :data:`BOTS`); :class:`ConfigError` for an unknown name."""
    factory = BOTS.get(name) if isinstance(name, str) else None
    if factory is None:
        raise ConfigError(f"unknown bot {name!r} (bots: {', '.join(sorted(BOTS))})")
    return factory(seed)


def play(game: Game, bots: Bot | Sequence[Bot], max_actions: int | None = None) -> Game:
    """Play ``game`` to the end (or ``max_actions``), seat ``i`` choosing with
    ``bots[i]`` from its own view (one bot for all seats is fine too).

    A bot that returns an action that is not legal raises
    :class:`~pillars_rules.errors.IllegalActionError`, and the game so far is
    kept by the caller's reference (games are immutable)."""
    if callable(bots):
        bots = [bots] * game.state.n_players
    bots = list(bots)
    if len(bots) != game.state.n_players:
        raise ConfigError(f"{len(bots)} bots for a {game.state.n_players}-player game")
    n = 0
    while not game.is_over and (max_actions is None or n < max_actions):
        seat = game.current_player
        game = game.apply(bots[seat](game.view(seat)), seat=seat)
        n += 1
    return game


__all__ = ["Bot", "BOTS", "RandomBot", "make_bot", "play"]


def _register() -> None:
    # the bot modules import this package (for the registry), so they load last
    from .heuristic import HeuristicBot
    from .mcts import MCTSBot

    BOTS["heuristic"] = HeuristicBot
    BOTS["mcts"] = MCTSBot


_register()

"""Playing with bots: what a bot is, the random bot, and :func:`play`.

A bot is any callable ``bot(view) -> action`` that receives a
:class:`~pillars_rules.view.SeatView` -- never the :class:`~pillars_rules.Game`,
so it cannot see hidden cards or the seed -- and returns one of
``view.legal_actions``. :func:`play` drives a mix of bots by seat. The
stronger bots, and the registry that makes bots by name, are in
:mod:`pillars_rules.bots`.

>>> import pillars_rules as pr
>>> game = pr.new_game(players=2, seed=3)
>>> bot = pr.RandomBot(seed=3)
>>> game.apply(bot(game.view(game.current_player))).n_events > game.n_events
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from .actions import Action
from .errors import ConfigError
from .game import Game
from .view import SeatView


class Bot(Protocol):
    """Chooses one of ``view.legal_actions``."""

    def __call__(self, view: SeatView) -> object: ...


class RandomBot:
    """Picks a uniformly random legal action, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.random = random.Random(seed)

    def __call__(self, view: SeatView) -> Action:
        action: Action = self.random.choice(view.legal_actions)  # the view's tuple holds actions
        return action


def play(game: Game, bots: Bot | Sequence[Bot], max_actions: int | None = None) -> Game:
    """Play ``game`` to the end (or ``max_actions``), seat ``i`` choosing with
    ``bots[i]`` from its own view (one bot for all seats is fine too).

    A bot that returns an action that is not legal raises
    :class:`~pillars_rules.errors.IllegalActionError`, and the game so far is
    kept by the caller's reference (games are immutable)."""
    seats = game.game_type.seats(game.state)
    if callable(bots):
        bots = [bots] * seats
    bots = list(bots)
    if len(bots) != seats:
        raise ConfigError(f"{len(bots)} bots for a {seats}-player game")
    n = 0
    while not game.is_over and (max_actions is None or n < max_actions):
        seat = game.current_player
        assert seat is not None  # a game not over waits on a seat
        game = game.apply(bots[seat](game.view(seat)), seat=seat)
        n += 1
    return game


__all__ = ["Bot", "RandomBot", "play"]

"""Bots: players that choose actions. Each is a callable ``bot(game) -> action``."""

from __future__ import annotations

import random

from .game import Game


class RandomBot:
    """Picks a uniformly random legal action, from its own seeded generator.

    >>> import pillars_rules as pr
    >>> game = pr.new_game(players=2, seed=3)
    >>> bot = pr.RandomBot(seed=3)
    >>> game.apply(bot(game)).n_events > game.n_events
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self.random = random.Random(seed)

    def __call__(self, game: Game):
        return self.random.choice(game.legal_actions())


def play(game: Game, bots, max_actions: int | None = None) -> Game:
    """Play ``game`` to the end (or ``max_actions``), seat ``i`` choosing with
    ``bots[i]`` (one bot for all seats is fine too)."""
    if callable(bots):
        bots = [bots] * game.state.n_players
    n = 0
    while not game.is_over and (max_actions is None or n < max_actions):
        game = game.apply(bots[game.current_player](game))
        n += 1
    return game

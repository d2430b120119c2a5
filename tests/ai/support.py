"""Helpers for the AI-adapter tests: random games through the public API."""

from __future__ import annotations

from pathlib import Path

import pillars_rules as pr

ROOT = Path(__file__).resolve().parents[2]
FAN_CARDS = str(ROOT / "examples" / "fan_cards")


def random_positions(players: int, seed: int, every: int = 1, **kwargs):
    """Every ``every``-th game of one random game (seeded), to its end."""
    game = pr.new_game(players, seed, **kwargs)
    bot = pr.RandomBot(seed)
    n = 0
    while True:
        if n % every == 0 or game.is_over:
            yield game
        if game.is_over:
            return
        game = game.apply(bot(game.view(game.current_player)))
        n += 1

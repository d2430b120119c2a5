"""Write the rules-version-4 save fixture in ``tests/reliability/fixtures/``.

It is a real save written by pillars-rules at rules version 4, before issue
#54 asked France's one use at France's own step. Only that code can make it,
so this script refuses to run under another rules version: to regenerate it,
check out a commit at rules version 4 (e.g. ``09d5570``) and run, from that
checkout, ``python3 tools/make_rules4_fixtures.py --out DIR`` (``DIR``: this
checkout's ``tests/reliability/fixtures``).

``rules4_2p_expansion_france.json`` -- a 2-player game of the expansion, each
move drawn by ``random.Random(seed)`` from the legal actions, cut three moves
after the first use at France, for the seed among 1-39 whose save is the
shortest: its log queues France's choice, starts the cathedral step and asks
it there. Rules version 5 loads it under the variant ``rules_v4`` and replays
it to the identical game.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

import pillars_rules as pr  # noqa: E402
from pillars_rules.engine import events as E  # noqa: E402

sys.path.insert(0, str(ROOT / "tools"))
from make_rules3_fixtures import fixture_main  # noqa: E402

PLAYERS = 2
NAME = "rules4_2p_expansion_france.json"


def france_game(seed: int) -> pr.Game | None:
    """The seed's game cut three moves after France's use, if one comes by round 2."""
    game = pr.new_game(PLAYERS, seed, cards="expansion")
    rng = random.Random(seed)
    while not game.is_over and game.state.round <= 2:
        game = game.apply(rng.choice(game.legal_actions()))
        if any(isinstance(e, E.CraftsmanBorrowed) for e in game.events[-3:]):
            for _ in range(3):
                game = game.apply(rng.choice(game.legal_actions()))
            return game
    return None


def shortest() -> tuple[int, pr.Game]:
    """The (seed, game) of the shortest save among seeds 1-39."""
    saves = [(len(pr.save(g)), seed, g) for seed in range(1, 40) if (g := france_game(seed)) is not None]
    if not saves:
        raise SystemExit("no suitable seed for the rules-version-4 fixture")
    _, seed, game = min(saves, key=lambda s: s[:2])
    return seed, game


def main() -> int:
    return fixture_main(__doc__, 4, "09d5570", NAME, shortest)


if __name__ == "__main__":
    raise SystemExit(main())

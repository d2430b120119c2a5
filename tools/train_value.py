"""Train the learned value function (``pillars_rules.bots.learned``) from self-play.

    python tools/train_value.py                # writes src/pillars_rules/bots/value_model.json
    python tools/train_value.py --seed 2 --games 400 --output /tmp/model.json

The games are heuristic self-play (``make_bot("heuristic", ...)`` in every
seat), half with 2 players and half with 4; their seeds come from ``--seed``
alone, so a run is reproducible. Every :data:`EVERY`-th decision of a game
is a sample: for each seat, the parts of the heuristic evaluation at that
position (read from the state every seat sees, with the coming event weighed
over the events revealed so far) and the seat's final VP.

Each phase (a round's draft and builders, its resolution) gets its own
weights: ridge regression with numpy, pulled towards the heuristic's own
weights (1 for every part, offset 0) with strength :data:`RIDGE` per sample,
solved from the normal equations.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

#: Defaults of the shipped model (``python tools/train_value.py`` with no options).
SEED = 1
GAMES = 60
EVERY = 3
RIDGE = 0.02


def game_seeds(seed: int, games: int) -> list[tuple[int, int]]:
    """(players, game seed) of every training game, from ``seed`` alone."""
    rnd = random.Random(seed)
    return [(2 if k % 2 == 0 else 4, rnd.getrandbits(31)) for k in range(games)]


def samples(players: int, seed: int, every: int = EVERY) -> list[tuple[int, list[float], float]]:
    """(phase, parts, final VP) for every seat at every ``every``-th decision of one game."""
    import pillars_rules as pr
    from pillars_rules.bots import make_bot
    from pillars_rules.bots.evaluate import Evaluator
    from pillars_rules.bots.learned import phase

    game = pr.new_game(players, seed)
    bots = [make_bot("heuristic", seed * 10 + i) for i in range(players)]
    ev = Evaluator(game.rules)
    taken: list[tuple] = []
    seen: list[str] = []
    k = 0
    while not game.is_over:
        seat = game.current_player
        view = game.view(seat)
        s = view.state
        if s.event and s.event not in seen:
            seen.append(s.event)
        if k % every == 0:
            known = tuple(seen)
            taken.append((phase(s), [ev.parts(s, i, s.round, known) for i in range(players)]))
        k += 1
        game = game.apply(bots[seat](view), seat=seat)
    final = [p.vp for p in game.state.players]
    return [(ph, parts[i], float(final[i])) for ph, parts in taken for i in range(players)]


def dataset(seed: int, games: int, every: int = EVERY) -> list[tuple[int, list[float], float]]:
    out = []
    for players, s in game_seeds(seed, games):
        out += samples(players, s, every)
    return out


def fit(rows, ridge: float = RIDGE):
    """Weights per phase (rows of parts weights then the offset), as lists."""
    import numpy as np

    from pillars_rules.bots.evaluate import PARTS
    from pillars_rules.bots.learned import N_PHASES

    d = len(PARTS) + 1
    prior = np.ones(d)
    prior[-1] = 0.0
    out = []
    for ph in range(N_PHASES):
        xs = np.array([parts + [1.0] for p, parts, _ in rows if p == ph], dtype=np.float64).reshape(-1, d)
        ys = np.array([y for p, _, y in rows if p == ph], dtype=np.float64)
        lam = ridge * max(1, len(ys))
        a = xs.T @ xs + lam * np.eye(d)
        b = xs.T @ ys + lam * prior
        out.append([float(x) for x in np.linalg.solve(a, b)])
    return out


def train(seed: int = SEED, games: int = GAMES, every: int = EVERY, ridge: float = RIDGE):
    """The model trained on ``games`` self-play games from ``seed``."""
    from pillars_rules.bots.learned import ValueModel

    rows = dataset(seed, games, every)
    meta = {
        "seed": seed,
        "games": games,
        "every": every,
        "ridge": ridge,
        "samples": len(rows),
        "bots": "heuristic",
        "script": "tools/train_value.py",
    }
    return ValueModel(fit(rows, ridge), meta)


def main(argv=None) -> int:
    from pillars_rules.bots.learned import MODEL_PATH

    p = argparse.ArgumentParser(prog="python tools/train_value.py", description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, default=SEED, help=f"decides every training game (default {SEED})")
    p.add_argument(
        "--games", type=int, default=GAMES, help=f"self-play games, half 2- and half 4-player (default {GAMES})"
    )
    p.add_argument("--every", type=int, default=EVERY, help=f"sample every N-th decision (default {EVERY})")
    p.add_argument("--ridge", type=float, default=RIDGE, help=f"pull towards the heuristic's weights (default {RIDGE})")
    p.add_argument("--output", default=str(MODEL_PATH), help="where to write the model (default: the shipped file)")
    args = p.parse_args(argv)
    model = train(args.seed, args.games, args.every, args.ridge)
    Path(args.output).write_text(model.to_json(), encoding="utf-8")
    print(f"wrote {args.output} ({model.meta['samples']} samples from {args.games} games)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

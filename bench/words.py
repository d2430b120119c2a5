"""The words benchmark: what the label layer and the engine's listing cost per decision.

Run from a checkout (fixed counts, so two runs measure the same work)::

    python -m bench.words                       # timed; writes bench/results/words.json
    python -m bench.words --loop listing        # one fixed loop, untimed, for callgrind:
    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out \\
        python -m bench.words --loop listing    # then: callgrind_annotate /tmp/cg.out | head

The workload: every decision of :data:`GAMES` seeded games between random
bots (2, 3 and 4 players in turn; every third game with the fan cards of
``examples/fan_cards``). ``listing`` is the engine's ``legal_actions(state,
rules)`` at each decision (fresh each call: no per-game cache); ``choices`` is
:func:`pillars_rules.words.choices` on each decision's seat view (views built
beforehand). Times are means over :data:`REPEATS` passes over all decisions,
after one warm-up pass; the CPU clock (``time.process_time``) is used, which is
steadier than the wall clock on a shared machine. Nothing here is asserted by
the tests.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

from .common import print_and_write

ROOT = Path(__file__).resolve().parents[1]
GAMES = 20
REPEATS = 5
FIRST_SEED = 500


def decisions(games: int = GAMES) -> list:
    """Every decision of the workload's games, as ``Game`` values (oldest first)."""
    import pillars_rules as pr

    fan = str(ROOT / "examples" / "fan_cards")
    out = []
    for i in range(games):
        seed = FIRST_SEED + i
        game = pr.new_game(2 + i % 3, seed, cards=fan if i % 3 == 2 else None)
        bots = [pr.RandomBot(seed * 10 + s) for s in range(game.state.n_players)]
        while not game.is_over:
            out.append(game)
            seat = game.current_player
            game = game.apply(bots[seat](game.view(seat)), seat=seat)
    return out


def _listing(games: list, repeats: int) -> int:
    from pillars_rules.engine.legal import legal_actions

    n = 0
    for _ in range(repeats):
        for g in games:
            n += len(legal_actions(g.state, g.rules))
    return n


def _choices(views: list, repeats: int) -> int:
    from pillars_rules.words import choices

    n = 0
    for _ in range(repeats):
        for v in views:
            n += len(choices(v))
    return n


def _timed(fn, arg, repeats: int) -> float:
    fn(arg, 1)  # warm-up: caches filled as in a long-running server
    gc.collect()
    gc.disable()
    try:
        t0 = time.process_time()
        fn(arg, repeats)
        return time.process_time() - t0
    finally:
        gc.enable()


def run(games: int = GAMES, repeats: int = REPEATS) -> dict:
    games_ = decisions(games)
    views = [g.view(g.current_player) for g in games_]
    n = len(games_)
    out = {
        "games": games,
        "decisions": n,
        "repeats": repeats,
        "mean_legal_actions": sum(len(v.legal_actions) for v in views) / n,
        "clock": "process_time (CPU)",
    }
    out["listing_us_per_decision"] = 1e6 * _timed(_listing, games_, repeats) / (n * repeats)
    try:
        import pillars_rules.words as words

        has_choices = hasattr(words, "choices")
    except ImportError:
        has_choices = False
    if has_choices:
        out["choices_us_per_decision"] = 1e6 * _timed(_choices, views, repeats) / (n * repeats)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.words", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=GAMES)
    ap.add_argument("--repeats", type=int, default=REPEATS)
    ap.add_argument(
        "--loop", choices=("listing", "choices"), help="run one loop once over the decisions (for callgrind), untimed"
    )
    ap.add_argument("--output", default=str(ROOT / "bench" / "results" / "words.json"))
    args = ap.parse_args(argv)
    if args.loop:
        games_ = decisions(args.games)
        if args.loop == "listing":
            print(_listing(games_, args.repeats))
        else:
            print(_choices([g.view(g.current_player) for g in games_], args.repeats))
        return 0
    return print_and_write(run(args.games, args.repeats), args.output)


if __name__ == "__main__":
    sys.exit(main())

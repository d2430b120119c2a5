"""What going first in a round is worth, measured (issue #53: the heuristic's
value of a seat's place in the order of play).

Paired branches, as the balance lab measures a card: a seeded base game of
heuristic bots is played up to the opening of round ``R`` (rounds 2 to 5 in
turn, one game per fork); its seats' holdings (gold, VP, cubes, craftsmen,
privileges, grey workers) are set up twice at that round's opening with the
same seed (so the same display, decks and draws), once with the start player
the game had and once with the seat that was last in the order as the start
player. Both branches are played to the end by the same bots (the same
seeds). The difference in the moved seat's VP, less the others' mean, is what
being first instead of last in one round's placement is worth::

    PYTHONPATH=src python -m bench.bots_order --json out.json

Counts, seeds and rounds are fixed before the run; no figure of it is
asserted by the tests (``tests/test_bench_bots_take.py`` runs it tiny). ``docs/bots.rst`` gives the figures and how the heuristic uses
them (:data:`pillars_rules.bots.cardvalue.Weights.first_in_order`).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import pillars_rules as pr
from pillars_rules.cardlang.effects import CUBES
from pillars_rules.errors import PillarsError
from pillars_rules.lab.games import make_bots

#: Forks, first seed, players and the rounds forked at, fixed before the runs.
FORKS = 400
SEED = 9000
PLAYERS = 4
ROUNDS = (2, 3, 4, 5)


def opening(seed: int, players: int, rnd: int):
    """The state of a seeded heuristic game when round ``rnd`` opens (its first decision)."""
    game = pr.new_game(players, seed)
    bots = make_bots(["heuristic"] * players, seed)
    while not game.is_over and game.state.round < rnd:
        seat = game.current_player
        game = game.apply(bots[seat](game.view(seat)), seat=seat)
    return game.state


def branch(state, seed: int, start: int):
    """Round ``state.round`` opened again from ``state``'s holdings, ``start`` the start player."""
    seats = {
        k: dict(
            gold=p.gold,
            vp=p.vp,
            cubes=dict(zip(CUBES, p.cubes)),
            craftsmen=p.craftsmen,
            privileges=p.privileges,
            grey_next=p.grey_next,
        )
        for k, p in enumerate(state.players)
    }
    return pr.scenario(
        len(state.players), round=state.round, step="round_start", seats=seats, start_player=start, seed=seed
    )


def fork(seed: int, players: int, rnd: int) -> tuple[float, float] | None:
    """(the moved seat's VP difference, the same less the others' mean) of one fork, or None."""
    state = opening(seed, players, rnd)
    if state.game_over or state.round != rnd:
        return None
    first = state.start_player
    moved = (first - 1) % players  # last in the order of play
    out = []
    for start in (first, moved):
        try:
            game = branch(state, seed, start)
        except PillarsError:
            return None
        game = pr.play(game, make_bots(["heuristic"] * players, seed + 1))
        vp = [v for v, _ in game.scores()]
        out.append((vp[moved], vp[moved] - sum(v for k, v in enumerate(vp) if k != moved) / (players - 1)))
    return out[1][0] - out[0][0], out[1][1] - out[0][1]


def interval(xs: list[float]) -> tuple[float, float, float]:
    """(mean, low, high): the mean with a normal 95% interval."""
    n = len(xs)
    mean = sum(xs) / n
    sd = (sum((x - mean) ** 2 for x in xs) / (n - 1)) ** 0.5 if n > 1 else 0.0
    half = 1.96 * sd / n**0.5
    return mean, mean - half, mean + half


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--forks", type=int, default=FORKS)
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--players", type=int, default=PLAYERS)
    ap.add_argument("--json", type=Path, help="write the figures here")
    args = ap.parse_args(argv)
    started = time.process_time()
    own, rel, skipped = [], [], 0
    by_round: dict[int, list[float]] = {r: [] for r in ROUNDS}
    for i in range(args.forks):
        rnd = ROUNDS[i % len(ROUNDS)]
        got = fork(args.seed + i, args.players, rnd)
        if got is None:
            skipped += 1
            continue
        own.append(got[0])
        rel.append(got[1])
        by_round[rnd].append(got[1])
    out = {
        "forks": args.forks,
        "seed": args.seed,
        "players": args.players,
        "skipped": skipped,
        "own_vp": interval(own),
        "vp_less_others": interval(rel),
        "by_round": {r: interval(xs) for r, xs in by_round.items() if len(xs) > 1},
        "cpu_seconds": round(time.process_time() - started, 1),
    }
    m, lo, hi = out["vp_less_others"]
    print(
        f"{len(rel)} forks ({skipped} skipped), {args.players} players: first instead of last in one round's order: "
        f"{m:+.3f} VP over the others' mean [{lo:+.3f}, {hi:+.3f}]; own VP {out['own_vp'][0]:+.3f} "
        f"[{out['own_vp'][1]:+.3f}, {out['own_vp'][2]:+.3f}]"
    )
    for r, (m, lo, hi) in out["by_round"].items():
        print(f"  round {r}: {m:+.3f} [{lo:+.3f}, {hi:+.3f}]")
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Many seeded games between random bots; prints wins and mean VP by seat.

    python examples/random_tournament.py --games 200 --players 4 --seed 0

Each game uses seed ``seed + k``; a shared first place counts as a fraction of
a win for each tied seat (RULES §2.6). The same arguments always print the
same table.
"""

from __future__ import annotations

import argparse
import time

import pillars_rules as pr


def tournament(games: int, players: int, seed: int, variants: tuple[str, ...] = ()) -> tuple[list[float], list[float]]:
    """Wins and mean VP per seat over ``games`` seeded random games."""
    wins = [0.0] * players
    vp = [0] * players
    for k in range(games):
        game = pr.new_game(players=players, seed=seed + k, variants=variants)
        game = pr.play(game, [pr.RandomBot(seed=(seed + k) * 10 + s) for s in range(players)])
        first = game.winners()
        for s in first:
            wins[s] += 1 / len(first)
        for s, (points, _gold) in enumerate(game.scores()):
            vp[s] += points
    return wins, [v / games for v in vp]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="number of games (default 20)")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--variant", action="append", default=[], help="variant option (repeatable)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")

    start = time.perf_counter()
    wins, mean_vp = tournament(args.games, args.players, args.seed, tuple(args.variant))
    elapsed = time.perf_counter() - start
    print(f"{args.games} games, {args.players} players, seeds {args.seed}..{args.seed + args.games - 1}")
    print("seat   wins  win%  mean VP")
    for s in range(args.players):
        print(f"{s:>4} {wins[s]:>6.1f} {100 * wins[s] / args.games:>5.1f} {mean_vp[s]:>8.2f}")
    print(f"total wins {sum(wins):.1f}; {args.games / elapsed:.1f} games/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

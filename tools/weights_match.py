"""Play the heuristic bot at other weights against itself at its default weights.

How a change to :class:`pillars_rules.bots.cardvalue.Weights` was judged by
play rather than by the habit it targets (``docs/bots.rst``): seat ``k`` of
every deal plays with the changed weights and every other seat with the
baseline, for every ``k`` in turn, over deals ``FIRST_SEED + i``. With two
players that swaps the seats; with four it is 1 against 3 (a fair share is
25%). A tie for first counts as a shared win. Prints the games, the changed
seat's wins with a 95% Wilson interval and its mean VP margin over the
others' mean.

    python tools/weights_match.py --set debt_risk=2.5 --base debt_risk=1.0 --deals 100 --players 2
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

FIRST_SEED = 50_000


def _weights(pairs):
    import attrs

    from pillars_rules.bots.cardvalue import Weights

    known = attrs.fields_dict(Weights)
    fields = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        if name not in known:
            raise SystemExit(f"weights_match: Weights has no field {name!r}")
        try:
            fields[name] = float(value)
        except ValueError:
            raise SystemExit(f"weights_match: {pair!r} is not NAME=NUMBER") from None
    return Weights(**fields)


def play_deal(deal: int, players: int, changed, base) -> list[tuple[float, float]]:
    """(share of the win, VP margin) of the changed seat, one game per seat of ``deal``."""
    import pillars_rules as pr
    from pillars_rules.bots.heuristic import HeuristicBot

    seed = FIRST_SEED + deal
    out = []
    for pos in range(players):
        bots = [HeuristicBot(seed * 10 + i, weights=changed if i == pos else base) for i in range(players)]
        final = pr.play(pr.new_game(players, seed), bots).state.players
        best = max((p.vp, p.gold) for p in final)
        first = [i for i, p in enumerate(final) if (p.vp, p.gold) == best]
        others = sum(p.vp for i, p in enumerate(final) if i != pos) / (players - 1)
        out.append(((pos in first) / len(first), final[pos].vp - others))
    return out


def main(argv=None) -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from bench.bots import pool_map, wilson

    p = argparse.ArgumentParser(prog="python tools/weights_match.py", description=__doc__.splitlines()[0])
    p.add_argument("--set", action="append", default=[], metavar="NAME=NUMBER", help="the changed weights")
    p.add_argument(
        "--base",
        action="append",
        default=[],
        metavar="NAME=NUMBER",
        help="the baseline's weights (default: the defaults)",
    )
    p.add_argument("--deals", type=int, default=100, help="deals, each played once per seat (default 100)")
    p.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    p.add_argument("--jobs", type=int, default=1)
    args = p.parse_args(argv)
    changed, base = _weights(args.set), _weights(args.base)
    n = args.deals
    games = [
        g
        for deal in pool_map(play_deal, range(n), [args.players] * n, [changed] * n, [base] * n, jobs=args.jobs)
        for g in deal
    ]
    wins = sum(w for w, _ in games)
    lo, hi = wilson(wins, len(games))
    print(
        f"{len(games)} games: changed seat won {wins:g} ({100 * wins / len(games):.1f}% "
        f"[{100 * lo:.1f}, {100 * hi:.1f}]), VP margin {sum(m for _, m in games) / len(games):+.2f} a game"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

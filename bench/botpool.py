"""The bot pool behind a busy event loop: decisions a second and their latency,
for ``python -m bench --botpool`` (issue #60).

At people's pace with 1,500-2,000 tables the server's loop is 80-90% busy, and
the bots' answers waited seconds while their workers used under half a core:
each decision crosses the loop several times (handed over, answered, the
table's move, the next handed over), so the decisions a second are at most the
decisions in the processes over that round trip. This runs the real pool and
the real ``medium`` bot on real views in one process whose loop is kept busy by
``--busy`` tasks that each hold it ``--burn`` ms and then yield, while
``--tables`` tables ask for one decision after another (a closed loop, as
tables whose people answer at once), and compares pool settings in one run,
each given the same decisions in turn (``--rounds`` passes, alternating):

* ``depth 2``: what the server did before (two decisions a worker at most);
* ``depth 2 + budget``: the server's setting now (:data:`pillars_rules.web.server.BOT_BUDGET`).

Counts are fixed in advance (``--decisions`` a pass). Results: decisions a
second (median of the passes, with the range) and the latency p50/p99 from a
table's request to its answer.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from pathlib import Path


def _views(n: int) -> list:
    """``n`` views of a seat to decide, from 4-player games at several points."""
    import pillars_rules as pr

    out = []
    seed = 0
    while len(out) < n:
        seed += 1
        game = pr.new_game(players=4, seed=seed)
        for i in range(0, 400, 7):
            if game.is_over or len(out) >= n:
                break
            out.append(game.view(game.current_player))
            for _ in range(7):
                if game.is_over:
                    break
                legal = game.legal_actions()
                game = game.apply(legal[(seed + i) % len(legal)])
    return out


async def _busy(stop: asyncio.Event, burn: float) -> None:
    while not stop.is_set():
        end = time.perf_counter() + burn
        while time.perf_counter() < end:
            pass
        await asyncio.sleep(0)


async def _pass(pool, views: list, tables: int, decisions: int, busy: int, burn: float) -> tuple[float, list[float]]:
    stop = asyncio.Event()
    burners = [asyncio.create_task(_busy(stop, burn)) for _ in range(busy)]
    latencies: list[float] = []
    left = [decisions]

    async def table(t: int) -> None:
        i = t
        while left[0] > 0:
            left[0] -= 1
            began = time.perf_counter()
            await pool.decide("medium", i, views[i % len(views)], owner=f"client{t % 8}")
            latencies.append(time.perf_counter() - began)
            i += tables

    began = time.perf_counter()
    await asyncio.gather(*(table(t) for t in range(tables)))
    seconds = time.perf_counter() - began
    stop.set()
    await asyncio.gather(*burners)
    return decisions / seconds, latencies


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def run(args: argparse.Namespace) -> dict:
    from pillars_rules.web.bots import BotPool
    from pillars_rules.web.server import BOT_BUDGET, BOT_DEPTH

    views = _views(200)
    settings = {
        "depth 2": {"depth": BOT_DEPTH, "budget": 0.0},
        "depth 2 + budget": {"depth": BOT_DEPTH, "budget": BOT_BUDGET},
    }
    pools = {name: BotPool(args.workers, 60.0, **kw) for name, kw in settings.items()}
    rates: dict[str, list[float]] = {n: [] for n in settings}
    lat: dict[str, list[float]] = {n: [] for n in settings}

    async def main() -> None:
        for pool in pools.values():  # start the workers and learn the estimates, untimed
            await _pass(pool, views, args.tables, 100, 0, 0.0)
        for _ in range(args.rounds):
            for name, pool in pools.items():
                rate, ls = await _pass(pool, views, args.tables, args.decisions, args.busy, args.burn / 1000)
                rates[name].append(rate)
                lat[name].extend(ls)

    try:
        asyncio.run(main())
    finally:
        for pool in pools.values():
            pool.close()
    import os

    return {
        "date": time.strftime("%Y-%m-%d"),
        "workers": args.workers,
        "tables": args.tables,
        "busy": args.busy,
        "burn_ms": args.burn,
        "decisions": args.decisions,
        "rounds": args.rounds,
        "load": list(os.getloadavg()),
        "results": {
            n: {
                "decisions_per_s": statistics.median(rates[n]),
                "range": [min(rates[n]), max(rates[n])],
                "p50_ms": 1000 * _pct(lat[n], 0.5),
                "p99_ms": 1000 * _pct(lat[n], 0.99),
                "budget_s": settings[n]["budget"],
            }
            for n in settings
        },
    }


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench --botpool", description=__doc__.splitlines()[0])
    p.add_argument("--botpool", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--workers", type=int, default=2, help="bot worker processes (default 2)")
    p.add_argument("--tables", type=int, default=64, help="tables asking at once (default 64)")
    p.add_argument("--busy", type=int, default=6, help="tasks keeping the loop busy (default 6)")
    p.add_argument("--burn", type=float, default=1.5, help="ms each busy task holds the loop a turn (default 1.5)")
    p.add_argument("--decisions", type=int, default=1500, help="decisions a pass (default 1500)")
    p.add_argument("--rounds", type=int, default=3, help="passes per setting, alternating (default 3)")
    p.add_argument("--json", type=Path, default=None, help="write the results here")
    args = p.parse_args(argv)
    out = run(args)
    for name, r in out["results"].items():
        print(
            f"{name:18} {r['decisions_per_s']:7.0f} decisions/s (passes {r['range'][0]:.0f}-{r['range'][1]:.0f})"
            f"  p50 {r['p50_ms']:7.1f} ms  p99 {r['p99_ms']:7.1f} ms"
        )
    print(f"load {out['load']}")
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

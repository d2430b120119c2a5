"""What makes an Ora bot's decision pass the server's bot budget: ``python -m bench --ora-gc``.

Plays fixed 2- and 4-player France games of ``medium`` against ``hard`` (:data:`GAMES`, the seeds of
:mod:`bench.ora_ratings`' medium/hard pairing) one after another in one process, as a bench worker
or a server's bot worker plays them, and times each decision with the process's CPU clock. Every
garbage collection is watched (:data:`gc.callbacks`): the CPU time of those that ran inside a
decision is given with it. Two ways (``--ora-gc-way``):

* ``free`` -- the collector runs when it will, as the bench and the bot workers ran it before issue #59;
* ``held`` -- the server's collector policy (:class:`pillars_rules.web.collector.Collector`) and no
  collection inside a decision (:func:`~pillars_rules.web.collector.hold`, then
  :func:`~pillars_rules.web.collector.release` after it, off its clock), as the bot workers and
  :mod:`bench.ora_ratings` run them now; the collection after each decision is timed too.

    python -m bench --ora-gc --ora-gc-way free
    python -m bench --ora-gc --ora-gc-way held
"""

from __future__ import annotations

import argparse
import datetime as _dt
import gc
import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

#: The games, fixed before the runs: (players, seed); the levels' seats alternate with the seed.
GAMES = ((2, 62000), (2, 62001), (2, 62002), (2, 62003), (4, 72000), (4, 72001), (2, 62004), (2, 62005))
BUDGET = 0.05  # the server's bot budget, seconds (pillars_rules.web.server.BOT_BUDGET)
RESULTS = Path(__file__).resolve().parent / "results"


def quantiles(xs: Sequence[float]) -> dict[str, Any]:
    """p50, p99, max (ms) of ``xs`` and how many passed the budget."""
    s = sorted(xs)
    n = len(s)
    if not n:
        return {"decisions": 0}
    return {
        "p50": round(s[n // 2], 2),
        "p99": round(s[min(n - 1, int(n * 0.99))], 2),
        "max": round(s[-1], 2),
        "decisions": n,
        "over_budget": sum(1 for x in s if x > BUDGET * 1e3),
    }


def run(way: str, games: Sequence[tuple[int, int]] = GAMES, most: int | None = None) -> dict[str, Any]:
    """Play ``games`` the ``way`` given (``most``: each for that many decisions at most); the figures
    by level, how many decisions held a collection, and every decision over 30 ms."""
    import pillars_rules as pr
    from pillars_rules.bots import make_level
    from pillars_rules.web.collector import Collector, hold, release

    seen: list[tuple[int, float, float]] = []  # (generation, CPU seconds, CPU clock at its end)
    began = [0.0]

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            began[0] = time.process_time()
        else:
            now = time.process_time()
            seen.append((info["generation"], now - began[0], now))

    gc.callbacks.append(watch)
    collector = Collector() if way == "held" else None
    if collector is not None:
        collector.install()
    cpu: dict[str, list[float]] = {"medium": [], "hard": []}
    after: list[float] = []
    slow: list[dict[str, Any]] = []
    collected = 0
    try:
        for players, seed in games:
            pair = ("medium", "hard") if seed % 2 == 0 else ("hard", "medium")
            seats = pair * (players // 2)
            bots = [make_level(name, seed * 10 + i, game="ora-et-labora") for i, name in enumerate(seats)]
            game = pr.new_game(players=players, seed=seed, game="ora-et-labora", variants=["france"])
            decided = 0
            while not game.is_over and (most is None or decided < most):
                decided += 1
                seat = game.current_player
                assert seat is not None
                view = game.view(seat)
                first = len(seen)
                was = hold() if way == "held" else None
                c = time.process_time()
                action = bots[seat](view)
                ms = (time.process_time() - c) * 1e3
                if was is not None:
                    a = time.process_time()
                    release(was)
                    after.append((time.process_time() - a) * 1e3)
                inside = [g for g in seen[first:] if g[2] <= c + ms / 1e3 + 1e-9]
                cpu[seats[seat]].append(ms)
                collected += bool(inside)
                if ms > 30:
                    slow.append(
                        {
                            "level": seats[seat],
                            "seed": seed,
                            "ms": round(ms, 1),
                            "collections_ms": round(sum(g[1] for g in inside) * 1e3, 1),
                            "full_collections": sum(1 for g in inside if g[0] == 2),
                            "steps": getattr(bots[seat], "last_steps", 0),
                        }
                    )
                game = game.apply(action, seat=seat)
    finally:
        gc.callbacks.remove(watch)
        if collector is not None:
            collector.uninstall()  # the process's collector as it was (a test runs this too)
    full = [g[1] * 1e3 for g in seen if g[0] == 2]
    return {
        "way": way,
        "games": [list(g) for g in games],
        "decisions_with_collection": collected,
        "cpu_ms": {name: quantiles(xs) for name, xs in cpu.items()},
        "full_collections": {"count": len(full), "max_ms": round(max(full, default=0.0), 1)},
        "collection_after_ms": quantiles(after) if after else None,
        "over_30ms": slow,
    }


def main(argv: Sequence[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench --ora-gc", description=__doc__.splitlines()[0])
    p.add_argument("--ora-gc", action="store_true", help="this suite")
    p.add_argument("--ora-gc-way", choices=("free", "held"), default="held")
    p.add_argument("--output", default=None, metavar="FILE", help="default: results/ora_gc.<way>.json")
    args = p.parse_args(argv)
    out = Path(args.output) if args.output else RESULTS / f"ora_gc.{args.ora_gc_way}.json"
    load = [round(x, 2) for x in os.getloadavg()]
    results = run(args.ora_gc_way)
    results["date"] = _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")
    results["loadavg_before"], results["loadavg_after"] = load, [round(x, 2) for x in os.getloadavg()]
    out.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(json.dumps({k: results[k] for k in ("cpu_ms", "full_collections", "collection_after_ms")}), file=sys.stderr)
    return 0

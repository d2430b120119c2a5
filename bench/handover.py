"""What handing a bot's decision to a worker costs the server: bytes and CPU a job (issue #60).

``python -m bench.handover`` plays ``--games`` 4-player games to their end (random
moves, views made at every decision as a room makes them, the log's JSON as its room has it), and hands every
decision of seats 2 and 3 (the server bots of a pace table) to one of ``--workers``
workers in turn, as :class:`~pillars_rules.web.bots.BotPool` does: the view shipped
(:meth:`~pillars_rules.web.botlogs.LogText.ship`), pickled, and pickled again
with the job as :class:`~pillars_rules.web.workers.Workers` frames it, and written into a pipe
(another process reads it). Two ways,
alternating ``--rounds`` times over the same decisions:

* ``whole``: the log whole in every job (the server before);
* ``tail``: each worker gets the events past those sent it before.

Then the same decisions through a real :class:`~pillars_rules.web.bots.BotPool` (its workers
rebuild each view and answer its first legal action: the bot's thinking left out), 8 asked at
a time, the ways alternating: the main thread's CPU a decision (``time.thread_time``: the
hand-over, the pipes, the answers and the event loop around them).

It reports the bytes a job (mean and largest) and the
server's CPU a job (the main thread's, ``time.thread_time``: shipping, pickling,
writing; median of the rounds), and checks that
every job arrives at its worker as the view.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import random
import statistics
import subprocess
import time


def _recorded(games: int, seed: int) -> list[list]:
    """Each game's bot decisions in order: (the game, its log's JSON as its room has it made)
    (the views made along the line, as a room makes them)."""
    import pillars_rules as pr
    from pillars_rules.pillars_json.codec import event_to_dict
    from pillars_rules.web.protocol import dumps

    out = []
    for g in range(games):
        game, rnd, asks = pr.new_game(4, seed + g), random.Random(seed + g), []
        while not game.is_over:
            game.view(0)
            if game.current_player in (2, 3):
                asks.append(game)
            game = game.apply(rnd.choice(game.legal_actions()))
        encoded = [dumps(event_to_dict(e)) for e in game.view(0).events]
        out.append([(a, encoded) for a in asks])
    return out


def _interleaved(games: list[list]) -> list:
    """The games' decisions side by side, as tables play at once."""
    out = []
    for i in range(max(len(g) for g in games)):
        out.extend(g[i] for g in games if i < len(g))
    return out


def _round(asks: list, tail: bool, workers: int, pipe: int) -> dict:
    from pillars_rules.web import botlogs
    from pillars_rules.web.bots import _timed, decide
    from pillars_rules.web.workers import _frame

    logs = botlogs.LogText()
    sizes, jobs = [], []
    cpu = 0.0
    for k, (game, encoded) in enumerate(asks):
        view = game.view(game.current_player)
        to = 1 + k % workers
        began = time.thread_time()
        shipped = pickle.dumps(logs.ship(view, encoded, to=to if tail else None), protocol=pickle.HIGHEST_PROTOCOL)
        framed = _frame(pickle.dumps((_timed, (decide, "medium", 0, shipped)), protocol=pickle.HIGHEST_PROTOCOL))
        out = memoryview(framed)
        while out:
            out = out[os.write(pipe, out) :]
        cpu += time.thread_time() - began
        sizes.append(len(framed))
        jobs.append((to, shipped, view))
    kept = {w: botlogs.DecodedLogs() for w in range(1, workers + 1)}
    was = botlogs._DECODED
    try:
        for to, shipped, view in jobs:  # every job arrives as its view
            botlogs._DECODED = kept[to]
            if pickle.loads(shipped) != view:
                raise AssertionError("a job did not arrive as its view")
    finally:
        botlogs._DECODED = was
    return {"bytes": statistics.fmean(sizes), "most_bytes": max(sizes), "cpu_us": 1e6 * cpu / len(asks)}


def first(name: str, seed: int, view) -> dict:
    """In a worker: the view's first legal action (the bot's thinking left out: only the hand-over is timed)."""
    import pillars_rules as pr

    return pr.encode_action(view.legal_actions[0])


def _pooled(asks: list, tail: bool, workers: int, at_once: int = 8) -> float:
    """The server's main thread's CPU a decision through a real :class:`BotPool` (``workers``
    processes, ``at_once`` decisions asked at a time, in order): handing over, writing, reading the answer."""
    import asyncio

    from pillars_rules.web.bots import BotPool

    views = [(game.view(game.current_player), encoded) for game, encoded in asks]

    async def run() -> float:
        pool = BotPool(workers=workers, timeout=60.0, job=first, depth=2)
        if not tail:  # every job with the whole log, as before
            ship = pool._logs.ship
            pool._logs.ship = lambda view, encoded=(), to=None, whole=False: ship(view, encoded)  # type: ignore[method-assign]
        try:
            await pool.decide("first", 0, views[0][0])  # the workers started
            began = time.thread_time()
            for k in range(0, len(views), at_once):
                await asyncio.gather(
                    *(pool.decide("first", 0, v, owner=i, encoded=e) for i, (v, e) in enumerate(views[k : k + at_once]))
                )
            return 1e6 * (time.thread_time() - began) / len(views)
        finally:
            pool.close()

    return asyncio.run(run())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.handover", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", help="write the figures to this file")
    args = parser.parse_args(argv)
    asks = _interleaved(_recorded(args.games, args.seed))
    runs: dict[str, list[dict]] = {"whole": [], "tail": []}
    drain = subprocess.Popen(["cat"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)  # the worker's end
    assert drain.stdin is not None
    try:
        for _ in range(args.rounds):
            for way in runs:
                runs[way].append(_round(asks, way == "tail", args.workers, drain.stdin.fileno()))
    finally:
        drain.stdin.close()
        drain.wait()
    out = {"jobs": len(asks), "games": args.games, "workers": args.workers}
    print(f"{len(asks)} jobs of {args.games} games, {args.workers} workers, {args.rounds} rounds")
    pooled: dict[str, list[float]] = {"whole": [], "tail": []}
    for _ in range(args.rounds):
        for way in pooled:
            pooled[way].append(_pooled(asks, way == "tail", args.workers))
    print(f"{'way':6} {'bytes a job':>12} {'largest':>13} {'server CPU a job':>17} {'through the pool':>17}")
    for way, rounds in runs.items():
        cpu = statistics.median(r["cpu_us"] for r in rounds)
        pool = statistics.median(pooled[way])
        row = {"bytes": rounds[0]["bytes"], "most_bytes": rounds[0]["most_bytes"], "cpu_us": cpu, "pool_us": pool}
        row["pool_rounds"] = pooled[way]
        out[way] = row
        print(f"{way:6} {row['bytes']:>12,.0f} {row['most_bytes']:>13,.0f} {cpu:>14,.1f} us {pool:>14,.1f} us")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Ora et Labora's heuristic bot, measured: ``python -m bench --ora-bots``.

Counts fixed before any run (:data:`GAMES` per cell; ``--ora-games N`` plays N
instead, for a quick look, and the results say so). Cells:

* **solo** -- the heuristic bot's mean score over 200 solo games, and the
  random bot's over the same 200 seeds;
* **2 players** -- heuristic against random (the heuristic's seat alternating
  from game to game) and heuristic against itself;
* **4 players** -- one heuristic against three random bots (its seat rotating)
  and four heuristics.

Every game has its own seed (:data:`FIRST_SEED` + k, the same k in every
cell), France, the full game of its player count. Reported: each side's mean
score with a 95% interval (mean +- 1.96 standard errors), the heuristic's win
rate against random bots with a Wilson 95% interval (a shared first place
counts as a share of a win), and the time of the heuristic's decisions (p50,
p99, max; wall clock, and the process's CPU time, which a busy machine does not
inflate; the bot's call only: the engine's listing of the legal actions is not
in it). ``--jobs J`` plays on J processes; a cell's results are
written as soon as it is done, so a run stopped early keeps the cells it
finished.

    nice python -m bench --ora-bots --jobs 2
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

#: Games per cell, fixed before the runs.
GAMES = 200
FIRST_SEED = 50_000
GAME = "ora-et-labora"
#: The cells, cheapest first: name -> (players, the bots by seat before rotation, rotate the seats).
CELLS: dict[str, tuple[int, tuple[str, ...], bool]] = {
    "solo random": (1, ("random",), False),
    "solo heuristic": (1, ("heuristic",), False),
    "2p heuristic vs heuristic": (2, ("heuristic", "heuristic"), False),
    "4p heuristic vs heuristic": (4, ("heuristic",) * 4, False),
    "4p heuristic vs random": (4, ("heuristic", "random", "random", "random"), True),
    "2p heuristic vs random": (2, ("heuristic", "random"), True),
}
RESULTS = Path(__file__).resolve().parent / "results"


def seating(cell: str, k: int) -> tuple[str, ...]:
    """The bots by seat in game ``k`` of ``cell`` (rotated by one seat a game when the cell says so)."""
    players, bots, rotate = CELLS[cell]
    if not rotate:
        return bots
    r = k % players
    return bots[-r:] + bots[:-r] if r else bots


def play_one(cell: str, k: int) -> dict[str, Any]:
    """Game ``k`` of ``cell``: each seat's bot and score, the winners and the heuristic's decision times."""
    import pillars_rules as pr
    from pillars_rules.bots import make_bot

    names = seating(cell, k)
    seed = FIRST_SEED + k
    bots = [make_bot(name, seed * 10 + seat, game=GAME) for seat, name in enumerate(names)]
    game = pr.new_game(players=len(names), seed=seed, game=GAME)
    times: list[float] = []
    cpu: list[float] = []
    started = time.perf_counter()
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        view = game.view(seat)
        t, c = time.perf_counter(), time.process_time()
        action = bots[seat](view)
        if names[seat] == "heuristic":
            times.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
        game = game.apply(action, seat=seat)
    return {
        "bots": list(names),
        "scores": [int(s) for s in game.scores()],
        "winners": list(game.winners()),
        "rounds": game.state.round,
        "times": times,
        "cpu_times": cpu,
        "wall_s": time.perf_counter() - started,
    }


def mean_ci(xs: Sequence[float]) -> dict[str, float]:
    """Mean with a normal 95% interval (1.96 standard errors)."""
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return {"mean": round(m, 2), "lo": round(m - half, 2), "hi": round(m + half, 2), "n": len(xs)}


def wilson(wins: float, n: int) -> dict[str, float]:
    """A win rate with its Wilson 95% interval."""
    if n == 0:
        return {"rate": float("nan"), "lo": float("nan"), "hi": float("nan"), "n": 0}
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return {"rate": round(p, 4), "lo": round(centre - half, 4), "hi": round(centre + half, 4), "n": n}


def summarize(cell: str, games: list[dict[str, Any]]) -> dict[str, Any]:
    """A cell's figures from its games."""
    by_bot: dict[str, list[float]] = {}
    wins = 0.0
    for g in games:
        for name, score in zip(g["bots"], g["scores"], strict=True):
            by_bot.setdefault(name, []).append(score)
        if "random" in g["bots"] and len(g["bots"]) > 1:
            heur = [s for s, name in enumerate(g["bots"]) if name == "heuristic"]
            wins += sum(1 for s in heur if s in g["winners"]) / len(g["winners"])
    times = sorted(t for g in games for t in g["times"])
    out: dict[str, Any] = {
        "players": CELLS[cell][0],
        "games": len(games),
        "seeds": f"{FIRST_SEED}..{FIRST_SEED + len(games) - 1}",
        "score": {name: mean_ci(xs) for name, xs in sorted(by_bot.items())},
        "rounds": mean_ci([g["rounds"] for g in games]),
        "wall_s_per_game": round(statistics.fmean(g["wall_s"] for g in games), 2),
    }
    if "random" in CELLS[cell][1] and CELLS[cell][0] > 1:
        out["heuristic_win_rate"] = wilson(wins, len(games))
    cpu = sorted(t for g in games for t in g.get("cpu_times", ()))
    for key, xs in (("decision_ms", times), ("decision_cpu_ms", cpu)):
        if xs:
            out[key] = {
                "p50": round(xs[len(xs) // 2] * 1e3, 2),
                "p99": round(xs[min(len(xs) - 1, int(len(xs) * 0.99))] * 1e3, 2),
                "max": round(xs[-1] * 1e3, 2),
                "decisions": len(xs),
            }
    return out


def render_rst(results: dict[str, Any]) -> str:
    """The results as a reStructuredText table (docs/bots.rst includes it)."""
    lines = [
        ".. list-table:: Ora et Labora: the heuristic bot (``python -m bench --ora-bots``)",
        "   :header-rows: 1",
        "",
        "   * - cell",
        "     - games",
        "     - heuristic's mean score (95%)",
        "     - random's mean score (95%)",
        "     - heuristic's win rate vs random (95%)",
        "     - decision ms p50 / p99 / max (wall)",
        "     - (CPU)",
    ]
    for cell, r in results["cells"].items():
        score = r["score"]
        h = score.get("heuristic")
        rnd = score.get("random")
        win = r.get("heuristic_win_rate")
        d = r.get("decision_ms")
        cpu = r.get("decision_cpu_ms")
        lines += [
            f"   * - {cell}",
            f"     - {r['games']}",
            f"     - {h['mean']} ({h['lo']}--{h['hi']})" if h else "     - --",
            f"     - {rnd['mean']} ({rnd['lo']}--{rnd['hi']})" if rnd else "     - --",
            f"     - {win['rate']:.1%} ({win['lo']:.1%}--{win['hi']:.1%})" if win else "     - --",
            f"     - {d['p50']} / {d['p99']} / {d['max']}" if d else "     - --",
            f"     - {cpu['p50']} / {cpu['p99']} / {cpu['max']}" if cpu else "     - --",
        ]
    return "\n".join(lines) + "\n"


def _write(results: dict[str, Any], out: Path) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    out.with_suffix(".rst").write_text(render_rst(results), encoding="utf-8")


def _loadavg() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def run(
    games: int, jobs: int, cells: Sequence[str], out: Path, say: Any = print, merge: bool = False
) -> dict[str, Any]:
    """Play ``games`` games of each cell on ``jobs`` processes, writing ``out`` after each cell
    (``merge``: keeping the other cells of the results already in ``out``)."""
    results: dict[str, Any] = {
        "schema": "pillars-rules-ora-bots/1",
        "date": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
        "games_per_cell": games,
        "fixed_games_per_cell": GAMES,
        "game": GAME,
        "variant": "france, the full game of each player count",
        "jobs": jobs,
        "loadavg_before": _loadavg(),
        "cells": {},
    }
    if merge and out.is_file():  # an earlier run's cells (other cells, or other counts) are kept
        earlier = json.loads(out.read_text(encoding="utf-8"))
        results["cells"] = {c: r for c, r in earlier.get("cells", {}).items() if c not in cells}
        results["runs"] = [*earlier.get("runs", []), {k: earlier.get(k) for k in ("date", "games_per_cell", "jobs")}]
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for cell in cells:
            t = time.perf_counter()
            played = list(pool.map(play_one, [cell] * games, range(games), chunksize=1))
            results["cells"][cell] = summarize(cell, played)
            results["elapsed_s"] = round(time.perf_counter() - started, 1)
            results["loadavg_after"] = _loadavg()
            _write(results, out)
            say(f"{cell}: {games} games in {time.perf_counter() - t:.0f} s: {json.dumps(results['cells'][cell])}")
    return results


def main(argv: Sequence[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench --ora-bots", description=__doc__.splitlines()[0])
    p.add_argument("--ora-bots", action="store_true", help="this suite")
    p.add_argument("--ora-games", type=int, default=GAMES, metavar="N", help=f"games per cell (fixed: {GAMES})")
    p.add_argument("--jobs", type=int, default=1, metavar="J", help="processes (default 1)")
    p.add_argument("--cells", default=",".join(CELLS), help="the cells to play, comma-separated (default: all)")
    p.add_argument("--output", default=str(RESULTS / "ora_bots.json"), metavar="FILE")
    p.add_argument("--merge", action="store_true", help="keep the other cells already in the output file")
    args = p.parse_args(argv)
    cells = [c.strip() for c in args.cells.split(",") if c.strip()]
    unknown = [c for c in cells if c not in CELLS]
    if unknown or args.ora_games < 1 or args.jobs < 1:
        print(f"python -m bench --ora-bots: unknown cells {unknown} or a count below 1 (cells: {', '.join(CELLS)})")
        return 2
    say = lambda m: print(m, file=sys.stderr, flush=True)  # noqa: E731
    run(args.ora_games, args.jobs, cells, Path(args.output), say=say, merge=args.merge)
    return 0

"""Ora et Labora's levels, rated: ``python -m bench --ora-ratings``.

Every pair of Ora's levels (``easy``, ``medium``, ``hard``: :func:`pillars_rules.bots.level_names`)
plays, with the counts fixed here before any run (:data:`GAMES`; ``--ora-scale`` scales them for a
quick look, and the results say so):

* **2 players** -- the France game, the two levels' seats swapped from game to game;
* **4 players** -- the France game, two seats of each level, alternating (``a b a b``, then
  ``b a b a``); a game counts as the four results between seats of different levels;
* **solo** -- each level alone on the same seeds (not rated: its mean score, with a 95% interval).

Every game has its own seed (:data:`FIRST_SEED` + 1000 * pairing + k), so a re-run plays the same
games. The ratings are :mod:`bench.bots_ratings`' Bradley-Terry fit on the Elo scale, ``medium``
anchored at 1500, with 95% bootstrap intervals; head-to-head rates with Wilson intervals. Each
level's CPU time per decision (the bot's call alone, the process's CPU clock: the engine's listing
of the view's legal actions is not in it) is given as p50, p99 and max over all its decisions, with
the decisions over the server's bot budget (:data:`BUDGET`) counted, and for ``hard`` the decisions
its CPU clock stopped (the rest were bounded by its counted budgets alone).

Finished games are appended to a log (``--log``, default next to the output) as they end, so a
stopped run is resumed by running it again; game k of every pairing is played before game k + 1 of
any, so a run stopped early still rates every pairing.

    nice python -m bench --ora-ratings --jobs 2
"""

from __future__ import annotations

import argparse
import datetime as _dt
import itertools
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

#: Games per pairing, fixed before the runs.
GAMES = {"2p": 30, "4p": 12, "solo": 10}
FIRST_SEED = {"2p": 60_000, "4p": 70_000, "solo": 80_000}
GAME = "ora-et-labora"
#: Decisions after which a game is taken as one that cannot end (a whole 4-player game has about
#: 400; the engine's own limit, 30,000 events, is ten times further).
MAX_DECISIONS = 3000
#: The server's bot budget, seconds of a decision (pillars_rules.web.server.BOT_BUDGET).
BUDGET = 0.05
RESULTS = Path(__file__).resolve().parent / "results"


def levels() -> list[str]:
    from pillars_rules.bots import level_names

    return list(level_names(GAME))


def schedule(
    names: Sequence[str], games: dict[str, int], only: Sequence[str] | None = None
) -> list[tuple[str, int, tuple[str, ...], int]]:
    """Every game: (format, pairing index, levels by seat, seed), game k of every pairing first.
    ``only``: the pairings and solo games of these levels alone, with the seeds they have in the
    whole schedule (a format counted 0 plays no game)."""
    out = []
    for i, (a, b) in enumerate(itertools.combinations(names, 2)):
        if only is not None and not (a in only and b in only):
            continue
        for k in range(games["2p"]):
            out.append(("2p", i, (a, b) if k % 2 == 0 else (b, a), FIRST_SEED["2p"] + 1000 * i + k))
        for k in range(games["4p"]):
            out.append(("4p", i, (a, b, a, b) if k % 2 == 0 else (b, a, b, a), FIRST_SEED["4p"] + 1000 * i + k))
    for i, a in enumerate(names):
        if only is not None and a not in only:
            continue
        for k in range(games["solo"]):
            out.append(("solo", i, (a,), FIRST_SEED["solo"] + k))
    return sorted(out, key=lambda item: (item[3] % 1000, item[0], item[1]))


def key(item: tuple[str, int, tuple[str, ...], int]) -> str:
    fmt, _, seats, seed = item
    return f"{fmt}|{'/'.join(seats)}|{seed}"


def play(item: tuple[str, int, tuple[str, ...], int]) -> dict[str, Any]:
    """One scheduled game: the ranks and scores by seat, each seat's decisions' CPU times (ms) and
    the decisions its clock stopped."""
    import pillars_rules as pr
    from pillars_rules.bots import make_level
    from pillars_rules.errors import LimitError

    from .bots_ratings import seat_ranks

    fmt, pairing, seats, seed = item
    bots = [make_level(name, seed * 10 + i, game=GAME) for i, name in enumerate(seats)]
    game = pr.new_game(players=len(seats), seed=seed, game=GAME, variants=["france"])
    cpu: list[list[float]] = [[] for _ in seats]
    started = time.perf_counter()
    decisions = 0
    while not game.is_over:
        decisions += 1
        if decisions > MAX_DECISIONS:
            return {
                "format": fmt,
                "pairing": pairing,
                "seats": list(seats),
                "seed": seed,
                "unfinished": f"{MAX_DECISIONS} decisions",
            }
        seat = game.current_player
        assert seat is not None
        view = game.view(seat)
        c = time.process_time()
        action = bots[seat](view)
        cpu[seat].append(round((time.process_time() - c) * 1e3, 3))
        try:
            game = game.apply(action, seat=seat)
        except LimitError as exc:  # a game that cannot end (the engine's event limit): kept, not rated
            return {"format": fmt, "pairing": pairing, "seats": list(seats), "seed": seed, "unfinished": str(exc)}
    return {
        "ranks": seat_ranks(game),
        "scores": [int(x) for x in game.scores()],
        "seats": list(seats),
        "format": fmt,
        "pairing": pairing,
        "seed": seed,
        "cpu_ms": cpu,
        "cut": [getattr(b, "cut", 0) for b in bots],
        "wall_s": round(time.perf_counter() - started, 2),
    }


def _quantiles(xs: list[float]) -> dict[str, Any]:
    xs = sorted(xs)
    n = len(xs)
    return {
        "p50": round(xs[n // 2], 2),
        "p99": round(xs[min(n - 1, int(n * 0.99))], 2),
        "max": round(xs[-1], 2),
        "mean": round(statistics.fmean(xs), 2),
        "decisions": n,
        "over_budget": sum(1 for x in xs if x > BUDGET * 1e3),
    }


def summarize(names: Sequence[str], games: Sequence[dict[str, Any]], counts: dict[str, int]) -> dict[str, Any]:
    """The ratings, head-to-head rates, solo scores and CPU times of the games played."""
    from .bots import wilson
    from .bots_ratings import pairwise, ratings

    unfinished = [g for g in games if "unfinished" in g]
    games = [g for g in games if "unfinished" not in g]
    rated = [g for g in games if g["format"] != "solo"]
    out: dict[str, Any] = {
        "levels": list(names),
        "counts": counts,
        "games": len(games),
        "ratings": {},
        "head_to_head": {},
    }
    for fmt in ("2p", "4p", "all"):
        chosen = rated if fmt == "all" else [g for g in rated if g["format"] == fmt]
        if not chosen:
            continue
        out["ratings"][fmt] = {b: [round(x, 1) for x in r] for b, r in ratings(list(names), chosen).items()}
        if fmt != "all":
            h2h = {}
            for (a, b), (pts, m) in pairwise(chosen).items():
                lo, hi = wilson(pts, m)
                h2h[f"{a}|{b}"] = {
                    "points": pts,
                    "results": m,
                    "rate": round(pts / m, 4),
                    "lo": round(lo, 4),
                    "hi": round(hi, 4),
                }
            out["head_to_head"][fmt] = h2h
    cpu: dict[str, list[float]] = {b: [] for b in names}
    decided: dict[str, int] = {b: 0 for b in names}
    cut: dict[str, int] = {b: 0 for b in names}
    solo: dict[str, list[int]] = {}
    for g in games:
        for i, name in enumerate(g["seats"]):
            cpu[name].extend(g["cpu_ms"][i])
            cut[name] += g["cut"][i]
            decided[name] += len(g["cpu_ms"][i])
        if g["format"] == "solo":
            solo.setdefault(g["seats"][0], []).append(g["scores"][0])
    out["cpu_ms"] = {b: _quantiles(xs) for b, xs in cpu.items() if xs}
    out["unfinished"] = [{k: g[k] for k in ("format", "seats", "seed", "unfinished")} for g in unfinished]
    out["clock_stopped"] = {b: [cut[b], decided[b]] for b in names if cut[b]}
    out["solo"] = {}
    for b, xs in solo.items():
        m = statistics.fmean(xs)
        half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
        out["solo"][b] = {"mean": round(m, 1), "lo": round(m - half, 1), "hi": round(m + half, 1), "n": len(xs)}
    return out


def render_rst(results: dict[str, Any]) -> str:
    """The rating table and the head-to-head rates, as reStructuredText (docs/bots.rst includes it)."""
    c = results["counts"]
    names = results["levels"]
    rall = results["ratings"].get("all", {})
    order = sorted(names, key=lambda b: -rall[b][0]) if rall else list(names)
    lines = [
        f".. list-table:: Ora et Labora's levels (``python -m bench --ora-ratings``: {c['2p']} 2-player and "
        f"{c['4p']} 4-player games per pair of levels, France; Bradley-Terry on the Elo scale, medium = 1500, "
        "95% bootstrap intervals; CPU ms per decision on a shared machine)",
        "   :header-rows: 1",
        "",
        "   * - level",
        "     - rating, all games",
        "     - 2 players",
        "     - 4 players",
        "     - solo score (95%)",
        "     - CPU ms per decision mean / p50 / p99 / max",
        "     - decisions over 50 ms",
    ]
    for b in order:
        cells = []
        for fmt in ("all", "2p", "4p"):
            r = results["ratings"].get(fmt, {}).get(b)
            cells.append(f"{r[0]:.0f} [{r[1]:.0f}, {r[2]:.0f}]" if r else "--")
        s = results["solo"].get(b)
        cells.append(f"{s['mean']:g} ({s['lo']:g}--{s['hi']:g})" if s else "--")
        t = results["cpu_ms"].get(b)
        mean = f"{t['mean']:g}" if t and "mean" in t else "--"  # results before the mean was shown have it too
        cells.append(f"{mean} / {t['p50']:g} / {t['p99']:g} / {t['max']:g}" if t else "--")
        cells.append(f"{t['over_budget']} of {t['decisions']}" if t else "--")
        lines += [f"   * - ``{b}``"] + [f"     - {x}" for x in cells]
    lines += [
        "",
        ".. list-table:: Head to head: how often the first level finishes ahead of the second",
        "   :header-rows: 1",
        "",
    ]
    lines += ["   * - pair", "     - 2 players (95%)", "     - 4 players, results between seats (95%)"]
    for a, b in itertools.combinations(order, 2):
        cells = []
        for fmt in ("2p", "4p"):
            h = results["head_to_head"].get(fmt, {})
            if f"{a}|{b}" in h:
                r = h[f"{a}|{b}"]
                rate, lo, hi, m = r["rate"], r["lo"], r["hi"], r["results"]
            elif f"{b}|{a}" in h:
                r = h[f"{b}|{a}"]
                rate, lo, hi, m = 1 - r["rate"], 1 - r["hi"], 1 - r["lo"], r["results"]
            else:
                cells.append("--")
                continue
            cells.append(f"{100 * rate:.0f}% [{100 * lo:.0f}, {100 * hi:.0f}] of {m}")
        lines += [f"   * - ``{a}`` over ``{b}``"] + [f"     - {x}" for x in cells]
    for g in results.get("unfinished", []):
        lines += [
            "",
            f"Not rated: the {g['format']} game of ``{'/'.join(g['seats'])}``, seed {g['seed']}, "
            f"could not end ({g['unfinished']}).",
        ]
    if results.get("games_fixed", 0) > results.get("games", 0):
        lines += ["", f"The run was stopped after {results['games']} of the {results['games_fixed']} games fixed."]
    return "\n".join(lines) + "\n"


def _loadavg() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def _logged(path: Path) -> dict[str, dict[str, Any]]:
    done: dict[str, dict[str, Any]] = {}
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                row = json.loads(line)
            except json.JSONDecodeError:  # a line cut off when a run was stopped
                continue
            done[row["key"]] = row["result"]
    return done


def run(
    scale: float,
    jobs: int,
    out: Path,
    log: Path,
    say: Any = print,
    formats: Sequence[str] | None = None,
    only: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Play the fixed games (times ``scale``) on ``jobs`` processes, keeping each in ``log``; write
    ``out`` (JSON) and its table (``.rst``) every few games and at the end. ``formats`` (of
    :data:`GAMES`' keys) and ``only`` (levels) play a part of the schedule, on its own seeds."""
    every = levels()
    names = [b for b in every if only is None or b in only]
    counts = {k: max(1, round(v * scale)) if formats is None or k in formats else 0 for k, v in GAMES.items()}
    plan = schedule(every, counts, only)
    done = _logged(log)
    todo = [item for item in plan if key(item) not in done]
    say(f"rating {', '.join(names)} at {GAME}: {len(plan)} games, {len(plan) - len(todo)} already in {log}")
    started = _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")
    load_before = _loadavg()

    def write() -> dict[str, Any]:
        games = [done[key(item)] for item in plan if key(item) in done]
        results = {
            "schema": "pillars-rules-ora-ratings/1",
            "started": started,
            "date": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
            "game": GAME,
            "variant": "france",
            "scale": scale,
            "formats": list(formats) if formats is not None else list(GAMES),
            "fixed_counts": GAMES,
            "jobs": jobs,
            "loadavg_before": load_before,
            "loadavg_after": _loadavg(),
            "games_fixed": len(plan),
            **summarize(names, games, counts),
        }
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
        out.with_suffix(".rst").write_text(render_rst(results), encoding="utf-8")
        return results

    log.parent.mkdir(parents=True, exist_ok=True)
    with open(log, "a", encoding="utf-8") as f:

        def keep(item: tuple[str, int, tuple[str, ...], int], result: dict[str, Any], n: int) -> None:
            done[key(item)] = result
            f.write(json.dumps({"key": key(item), "result": result}) + "\n")
            f.flush()
            if n % 10 == 0:
                write()
                say(f"{n} of {len(todo)} games played")

        if jobs > 1:
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(jobs) as pool:
                for n, (item, result) in enumerate(zip(todo, pool.map(play, todo, chunksize=1)), 1):
                    keep(item, result, n)
        else:
            for n, item in enumerate(todo, 1):
                keep(item, play(item), n)
    return write()


def main(argv: Sequence[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench --ora-ratings", description=__doc__.splitlines()[0])
    p.add_argument("--ora-ratings", action="store_true", help="this suite")
    p.add_argument("--ora-scale", type=float, default=1.0, metavar="X", help="the fixed counts times X (a quick look)")
    p.add_argument("--jobs", type=int, default=1, metavar="J", help="processes (default 1)")
    p.add_argument("--output", default=str(RESULTS / "ora_ratings.json"), metavar="FILE")
    p.add_argument("--log", default=None, metavar="FILE", help="finished games (default: the output's .games.jsonl)")
    p.add_argument("--ora-formats", default=None, metavar="F,F", help="only these formats (2p, 4p, solo)")
    p.add_argument("--ora-levels", default=None, metavar="L,L", help="only these levels' pairings and solo games")
    args = p.parse_args(argv)
    if not args.ora_scale > 0 or args.jobs < 1:
        print("python -m bench --ora-ratings: --ora-scale must be > 0 and --jobs >= 1", file=sys.stderr)
        return 2
    formats = None if args.ora_formats is None else [f.strip() for f in args.ora_formats.split(",") if f.strip()]
    only = None if args.ora_levels is None else [b.strip() for b in args.ora_levels.split(",") if b.strip()]
    if formats is not None and (not formats or not set(formats) <= set(GAMES)):
        print(f"python -m bench --ora-ratings: --ora-formats takes some of {', '.join(GAMES)}", file=sys.stderr)
        return 2
    if only is not None and (len(only) < 1 or not set(only) <= set(levels())):
        print(f"python -m bench --ora-ratings: --ora-levels takes some of {', '.join(levels())}", file=sys.stderr)
        return 2
    out = Path(args.output)
    log = Path(args.log) if args.log else out.with_suffix(".games.jsonl")
    say = lambda m: print(m, file=sys.stderr, flush=True)  # noqa: E731
    run(args.ora_scale, args.jobs, out, log, say=say, formats=formats, only=only)
    return 0

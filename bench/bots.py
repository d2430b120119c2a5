"""The bots benchmark: how well the bots play, measured over seeded games.

Run it from a checkout with ``python -m bench --bots``. One command plays
every target run of issues #13 and #27 with the game counts fixed in
:data:`GAMES` (about two hours on one core, most of it the two ISMCTS suites
at 0.2 s per decision)::

    python -m bench --bots --jobs 2 --output bench/results/bots.json --rst bench/results/bots.rst
    python -m bench --bots --suite mcts_vs_3_heuristic_4p --merge bench/results/bots.json \\
        --rst bench/results/bots.rst                       # re-run one suite into the results
    python -m bench --bots --games 40 --mcts-games 10      # a quick look (smaller counts)
    python -m bench --bots --ratings --jobs 2              # the rating table (bench.bots_ratings)
    python -m bench --bots --habits                        # the habits trace (bench.bots_habits)
    python -m bench --bots --value --jobs 2                # heuristic or learned value (bench.bots_value)

Suites (each game has its own seed, 10 000 + k; the focus bot's seat
rotates from game to game where bots differ):

``heuristic_4p``
    four improved heuristic bots: debt payments per game (every seat,
    §2.5), the median winning score and the median of all seats;
``heuristic_vs_random_2p``
    the improved heuristic bot against a random bot: its win rate;
``heuristic_vs_v1_2p``, ``heuristic_vs_3_v1_4p``
    the improved heuristic bot against ``heuristic-v1`` (1 against 1, and 1
    against 3): its win rate;
``mcts_vs_heuristic_2p``, ``mcts_vs_3_heuristic_4p``
    the ISMCTS bot (``--seconds`` per decision, or ``--iterations``) against
    the improved heuristic bot, 1 against 1 and 1 against 3: its win rate,
    time and iterations per decision.

Win rates count a shared win as a fraction and come with a 95% Wilson
interval; medians with a 95% distribution-free interval (order statistics).
Nothing here is asserted by the tests.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

#: Games per suite, fixed before the runs (``--games``/``--mcts-games`` override them for a quick look).
GAMES = {
    "heuristic_4p": 400,
    "heuristic_vs_random_2p": 200,
    "heuristic_vs_v1_2p": 400,
    "heuristic_vs_3_v1_4p": 400,
    "mcts_vs_heuristic_2p": 100,
    "mcts_vs_3_heuristic_4p": 200,
}
SUITES = tuple(GAMES)
#: (focus bot, other bot, players) of the head-to-head suites.
MATCHES = {
    "heuristic_vs_random_2p": ("heuristic", "random", 2),
    "heuristic_vs_v1_2p": ("heuristic", "heuristic-v1", 2),
    "heuristic_vs_3_v1_4p": ("heuristic", "heuristic-v1", 4),
    "mcts_vs_heuristic_2p": ("mcts", "heuristic", 2),
    "mcts_vs_3_heuristic_4p": ("mcts", "heuristic", 4),
}
#: The issues' targets, reported as met or missed.
TARGETS = {
    "heuristic_4p": ("debt payments <= 0.3 per game (#27)", lambda r: r["debt_payments"] <= 0.3),
    "heuristic_vs_random_2p": ("wins >= 99%", lambda r: r["win_rate"] >= 0.99),
    "heuristic_vs_v1_2p": ("wins >= 60% (#27)", lambda r: r["win_rate"] >= 0.60),
    "heuristic_vs_3_v1_4p": ("wins >= 35% (#27)", lambda r: r["win_rate"] >= 0.35),
    "mcts_vs_heuristic_2p": ("wins >= 65% at 0.2 s/decision (#27)", lambda r: r["win_rate"] >= 0.65),
    "mcts_vs_3_heuristic_4p": (
        "wins >= 35%, interval above 25%, at 0.2 s/decision (#27)",
        lambda r: r["win_rate"] >= 0.35 and r["win_rate_ci"][0] > 0.25,
    ),
}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def median_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float]:
    """95% distribution-free interval of the median (order statistics)."""
    xs = sorted(values)
    n = len(xs)
    if n == 0:
        return (0.0, 0.0)
    lo = max(0, int(math.floor(n / 2 - z * math.sqrt(n) / 2)))
    hi = min(n - 1, int(math.ceil(n / 2 + z * math.sqrt(n) / 2)))
    return (xs[lo], xs[hi])


class Timed:
    """Wraps a bot, timing its decisions (wall clock and this process's CPU time)."""

    def __init__(self, bot) -> None:
        self.bot = bot
        self.times: list[float] = []
        self.cpu: list[float] = []
        self.iterations: list[int] = []

    def __call__(self, view):
        t, c = time.perf_counter(), time.process_time()
        action = self.bot(view)
        self.times.append(time.perf_counter() - t)
        self.cpu.append(time.process_time() - c)
        if len(view.legal_actions) > 1 and hasattr(self.bot, "last_iterations"):
            self.iterations.append(self.bot.last_iterations)
        return action


def _make(name: str, seed: int, cfg: dict):
    from pillars_rules.bots import make_bot
    from pillars_rules.bots.mcts import MCTSBot

    if name != "mcts":
        return make_bot(name, seed)
    if cfg.get("iterations"):
        return MCTSBot(seed, iterations=cfg["iterations"])
    return MCTSBot(seed, seconds=cfg["seconds"])


def play_one(suite: str, k: int, cfg: dict) -> dict:
    """Game ``k`` of ``suite``: scores, the focus seat, its decision times."""
    import pillars_rules as pr

    seed = 10_000 + k
    if suite == "heuristic_4p":
        bots = [Timed(_make("heuristic", seed * 10 + i, cfg)) for i in range(4)]
        focus = 0
    elif suite in MATCHES:
        name, other, n = MATCHES[suite]
        focus = k % n
        bots = [_make(other, seed * 10 + i, cfg) for i in range(n)]
        bots[focus] = Timed(_make(name, seed, cfg))
    else:
        raise ValueError(f"unknown suite {suite!r}")
    game = pr.play(pr.new_game(len(bots), seed), bots)
    winners = game.winners()
    timed = bots[focus]
    out = {
        "seed": seed,
        "focus": focus,
        "scores": [p.vp for p in game.state.players],
        "win": (1 / len(winners)) if focus in winners else 0.0,
        "times": timed.times,
        "cpu": timed.cpu,
        "iterations": timed.iterations,
    }
    if suite == "heuristic_4p":
        from .bots_habits import trace_game

        out["debt_payments"] = trace_game(game)["debt_payments"]
    return out


def decision_positions(players: int, decisions: int, cards=None, seed: int = 0) -> list:
    """The views of ``decisions`` real choices (more than one legal action),
    spread over one seeded random game of ``players`` seats with ``cards``."""
    import pillars_rules as pr

    game = pr.new_game(players, 20_000 + seed, cards=cards)
    chooser, views = pr.RandomBot(seed), []
    while not game.is_over:
        view = game.view(game.current_player)
        if len(view.legal_actions) > 1:
            views.append(view)
        game = game.apply(chooser(view), seat=game.current_player)
    step = max(1, len(views) // max(1, decisions))
    return views[::step][:decisions]


def decision_cpu(name: str, players: int, decisions: int, cards=None, block=None) -> dict:
    """CPU time (``time.process_time``) bot ``name`` spends per decision, in
    the positions of :func:`decision_positions`; ``block()`` wraps each timed
    call (the engine suite's gc handling)."""
    from contextlib import nullcontext

    from pillars_rules.bots import make_bot

    views = decision_positions(players, decisions, cards)
    bot = make_bot(name, 7)
    cpu = []
    for view in views:
        with block() if block is not None else nullcontext():
            c = time.process_time()
            bot(view)
            cpu.append(time.process_time() - c)
    return {
        "bot": name,
        "players": players,
        "cards": cards or "base",
        "decisions": len(cpu),
        "ms_per_decision": 1000 * statistics.median(cpu),
        "ms_mean": 1000 * statistics.fmean(cpu),
        "ms_max": 1000 * max(cpu),
    }


def summarize(suite: str, games: list[dict]) -> dict:
    n = len(games)
    times = [t for g in games for t in g["times"]]
    cpu = [t for g in games for t in g.get("cpu", ())]
    its = [i for g in games for i in g["iterations"]]
    out: dict = {"games": n}
    if suite == "heuristic_4p":
        winners = [max(g["scores"]) for g in games]
        every = [s for g in games for s in g["scores"]]
        debts = [g.get("debt_payments", 0) for g in games]
        out.update(
            debt_payments=round(statistics.mean(debts), 3),
            debt_payments_ci=tuple(round(x, 3) for x in mean_interval(debts)),
            median_winner=statistics.median(winners),
            median_winner_ci=median_interval(winners),
            median_all=statistics.median(every),
            median_all_ci=median_interval(every),
            mean_all=round(statistics.mean(every), 2),
        )
    else:
        wins = sum(g["win"] for g in games)
        focus = [g["scores"][g["focus"]] for g in games]
        others = [s for g in games for i, s in enumerate(g["scores"]) if i != g["focus"]]
        out.update(
            win_rate=round(wins / n, 4),
            win_rate_ci=tuple(round(x, 4) for x in wilson(wins, n)),
            median_score=statistics.median(focus),
            median_score_ci=median_interval(focus),
            median_opponents=statistics.median(others),
        )
    if times:
        ts = sorted(times)
        out.update(
            ms_per_decision=round(1000 * statistics.mean(times), 2),
            ms_per_decision_p90=round(1000 * ts[int(0.9 * (len(ts) - 1))], 2),
        )
    if cpu:
        out["cpu_ms_per_decision"] = round(1000 * statistics.mean(cpu), 2)
    if its:
        out["iterations_per_decision"] = round(statistics.mean(its), 1)
    goal, met = TARGETS[suite]
    out["target"] = goal
    out["met"] = bool(met(out))
    return out


def mean_interval(xs: Sequence[float], z: float = 1.96) -> tuple[float, float]:
    """95% normal interval of a mean."""
    n = len(xs)
    if n < 2:
        return (float(xs[0]) if xs else 0.0,) * 2
    m, s = statistics.mean(xs), statistics.stdev(xs)
    return (max(0.0, m - z * s / math.sqrt(n)), m + z * s / math.sqrt(n))


#: The game log (``--log FILE``): finished games are appended to it as they end
#: and read back instead of played again; with ``only`` (``--only-logged``) no
#: game is played and the results are those of the games logged so far.
LOG: dict = {"path": None, "only": False}


def _logged() -> dict:
    path = LOG["path"]
    out: dict = {}
    if path and Path(path).exists():
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            try:
                rec = json.loads(line)
            except ValueError:  # a line cut off when the run was stopped
                continue
            out[rec["key"]] = rec["result"]
    return out


def pool_map(fn, *args, jobs: int = 1, keys: Sequence[str] | None = None) -> list:
    """``[fn(*a) for a in zip(*args)]``, in ``jobs`` processes when more than one.

    With :data:`LOG` set and ``keys`` (one per call, naming the game), results
    already in the log are reused and new ones appended as they finish; with
    ``LOG["only"]`` only the logged results, with None for a call not logged."""
    calls = list(zip(*args))
    if not (LOG["path"] and keys is not None):
        if jobs > 1:
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(jobs) as pool:
                return list(pool.map(fn, *args, chunksize=1))
        return [fn(*a) for a in calls]
    done = _logged()
    if LOG["only"]:
        return [done.get(k) for k in keys]
    todo = [(k, a) for k, a in zip(keys, calls) if k not in done]
    path = Path(LOG["path"])
    cut = path.exists() and path.stat().st_size and not path.read_bytes().endswith(b"\n")
    with open(path, "a", encoding="utf-8") as log:
        if cut:  # the last line was cut off when the run was stopped: start a new one
            log.write("\n")

        def keep(key, result):
            done[key] = result
            log.write(json.dumps({"key": key, "result": result}) + "\n")
            log.flush()

        if jobs > 1 and todo:
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(jobs) as pool:
                for (key, _), result in zip(todo, pool.map(fn, *zip(*(a for _, a in todo)), chunksize=1)):
                    keep(key, result)
        else:
            for key, a in todo:
                keep(key, fn(*a))
    return [done[k] for k in keys]


def run(suites: Sequence[str], cfg: dict, jobs: int = 1, say=print) -> dict:
    results: dict = {"config": dict(cfg), "suites": {}}
    for suite in suites:
        n = cfg["counts"][suite]
        say(f"{suite}: {n} games ...")
        t = time.perf_counter()
        budget = cfg.get("iterations") or f"{cfg['seconds']}s"
        keys = [f"{suite}|{budget if suite.startswith('mcts') else ''}|{k}" for k in range(n)]
        games = pool_map(play_one, [suite] * n, range(n), [cfg] * n, jobs=jobs, keys=keys)
        games = [g for g in games if g is not None]
        if not games:
            say("  no game logged")
            continue
        summary = summarize(suite, games)
        if len(games) < n:
            summary["games_fixed"] = n  # the run was stopped: the games finished of the n fixed
        summary["seconds"] = round(time.perf_counter() - t, 1)
        summary["jobs"] = jobs
        if suite.startswith("mcts"):
            summary["budget"] = f"{cfg['iterations']} iterations" if cfg.get("iterations") else f"{cfg['seconds']} s"
        results["suites"][suite] = summary
        say(f"  {json.dumps(summary)}")
    try:
        results["loadavg"] = [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):  # pragma: no cover
        pass
    return results


def _ci(pair) -> str:
    return f"[{pair[0]:g}, {pair[1]:g}]"


def render_rst(results: dict) -> str:
    """The results as a reStructuredText table."""
    lines = [
        ".. list-table:: Bots (``python -m bench --bots``)",
        "   :header-rows: 1",
        "",
        "   * - suite",
        "     - games",
        "     - result (95% interval)",
        "     - time per decision",
        "     - target",
        "     - met",
    ]
    for suite, r in results["suites"].items():
        if "median_winner" in r:
            res = (
                f"median winner {r['median_winner']:g} VP {_ci(r['median_winner_ci'])}; "
                f"median all seats {r['median_all']:g} VP {_ci(r['median_all_ci'])}"
            )
            if "debt_payments" in r:
                res = f"{r['debt_payments']:g} debt payments per game {_ci(r['debt_payments_ci'])}; " + res
        else:
            res = (
                f"wins {100 * r['win_rate']:.1f}% [{100 * r['win_rate_ci'][0]:.1f}, "
                f"{100 * r['win_rate_ci'][1]:.1f}]; median {r['median_score']:g} VP vs "
                f"{r['median_opponents']:g}"
            )
        per = f"{r.get('ms_per_decision', 0):g} ms"
        if "iterations_per_decision" in r:
            per += f" ({r['iterations_per_decision']:g} iterations; budget {r.get('budget', '?')})"
        count = f"{r['games']} (of {r['games_fixed']} fixed; stopped)" if r.get("games_fixed") else f"{r['games']}"
        lines += [
            f"   * - ``{suite}``",
            f"     - {count}",
            f"     - {res}",
            f"     - {per}",
            f"     - {r['target']}",
            f"     - {'yes' if r['met'] else 'no'}",
        ]
    if results.get("loadavg"):
        lines += ["", f"Load average at the end of the run: {', '.join(map(str, results['loadavg']))}."]
    if results.get("notes"):
        lines += ["", results["notes"]]
    return "\n".join(lines) + "\n"


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m bench --bots", description="how well the bots play")
    p.add_argument("--bots", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--suite", action="append", choices=SUITES, help="run only this suite (repeatable)")
    p.add_argument("--games", type=int, help="games per heuristic suite (default: GAMES in bench/bots.py)")
    p.add_argument("--mcts-games", type=int, help="games per ISMCTS suite (default: GAMES in bench/bots.py)")
    p.add_argument("--seconds", type=float, default=0.2, help="ISMCTS seconds per decision (default 0.2)")
    p.add_argument("--iterations", type=int, help="ISMCTS iterations per decision instead of seconds")
    p.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")
    p.add_argument("--output", metavar="FILE", help="write the results as JSON here")
    p.add_argument(
        "--merge", metavar="FILE", help="update the results in FILE with the suites run now (and write them back there)"
    )
    p.add_argument("--rst", metavar="PATH", help="write the results table as reStructuredText here")
    p.add_argument("--from-json", metavar="FILE", help="measure nothing: re-render the results in FILE")
    p.add_argument("--ratings", action="store_true", help="play the round robin and rate every bot instead")
    p.add_argument(
        "--ratings-scale",
        type=float,
        default=1.0,
        help="with --ratings or --value: scale the fixed game counts (e.g. 0.1 for a quick look)",
    )
    p.add_argument("--habits", action="store_true", help="trace the heuristic bots' habits instead")
    p.add_argument(
        "--value", action="store_true", help="compare the heuristic and the learned evaluation for the search instead"
    )
    p.add_argument(
        "--log",
        metavar="FILE",
        help="append every finished game here, and reuse the games already in it (resume a stopped run)",
    )
    p.add_argument(
        "--only-logged",
        action="store_true",
        help="with --log: play nothing, report the games logged so far (a stopped run's results)",
    )
    p.add_argument("--habits-games", type=int, default=100, help="with --habits: 4-player games per bot (default 100)")
    return p


def _write(path: str | None, text: str) -> None:
    if path:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        Path(path).write_text(text, encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    say = lambda msg: print(msg, file=sys.stderr, flush=True)  # noqa: E731
    LOG.update(path=args.log, only=bool(args.log and args.only_logged))
    mode = "ratings" if args.ratings else "habits" if args.habits else "value" if args.value else None
    if mode:
        from .bots_habits import habits_main, render_habits_rst
        from .bots_ratings import ratings_main, render_ratings_rst
        from .bots_value import render_value_rst, value_main

        jobs = max(1, args.jobs)
        if args.from_json:
            results = json.loads(Path(args.from_json).read_text(encoding="utf-8"))
        else:
            results = {
                "ratings": lambda: ratings_main(args.ratings_scale, jobs, say),
                "habits": lambda: habits_main(args.habits_games, jobs, say),
                "value": lambda: value_main(jobs, say, args.ratings_scale),
            }[mode]()
            _write(args.output, json.dumps(results, indent=2) + "\n")
        table = {"ratings": render_ratings_rst, "habits": render_habits_rst, "value": render_value_rst}[mode](results)
        print(table)
        _write(args.rst, table)
        return 0
    if args.from_json:
        results = json.loads(Path(args.from_json).read_text(encoding="utf-8"))
    else:
        counts = dict(GAMES)
        for suite in SUITES:
            override = args.mcts_games if suite.startswith("mcts") else args.games
            if override is not None:
                counts[suite] = override
        cfg = {"counts": counts, "seconds": args.seconds, "iterations": args.iterations}
        results = run(args.suite or SUITES, cfg, max(1, args.jobs), say)
        if args.merge and Path(args.merge).exists():
            old = json.loads(Path(args.merge).read_text(encoding="utf-8"))
            merged = dict(old.get("suites", {}))
            merged.update(results["suites"])
            results = {
                **old,
                "config": {**old.get("config", {}), **results["config"]},
                "suites": {s: merged[s] for s in SUITES if s in merged},
                "loadavg": results.get("loadavg"),
            }
        for path in (args.output, args.merge):
            _write(path, json.dumps(results, indent=2) + "\n")
    table = render_rst(results)
    print(table)
    _write(args.rst, table)
    return 0


__all__ = [
    "main",
    "run",
    "summarize",
    "render_rst",
    "wilson",
    "median_interval",
    "mean_interval",
    "pool_map",
    "LOG",
    "SUITES",
    "GAMES",
    "TARGETS",
    "Timed",
]

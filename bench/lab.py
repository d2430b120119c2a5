"""Balance-lab throughput: games per second on 1 and 2 local workers.

``python -m bench.lab`` plays two fixed workloads (4 players, base cards):
``--games`` plain seeded games, and ``--branch-games`` games with branches
(three target cards judged causally: every moment a seat may take one forks
the game, plus the gold-scale arms, :mod:`pillars_rules.lab.causal`). Each
runs serially, in a local process pool of 1 and of 2 workers, and on a Dask
LocalCluster of 1 and of 2 workers; the script prints games/s (wall clock,
which is what a user waits for; a game with branches counts once) and
checks that every configuration returns identical records. ``--json`` /
``--rst`` write the results; ``docs/performance.rst`` includes the ``.rst``.
``--serial-only`` plays the serial rows only (CPU seconds per game, for a
loaded machine or the heuristic bots: ``--bots heuristic``); the result
names the build (compiled or pure Python).
Start-up (pool or cluster) is timed separately from the games.
``--issue-run`` measures only issue #39's own workload (three new cards, 30
games per set, 2 workers, :func:`issue_run`) once per ``--source`` folder --
an old tree from ``git archive``, ``src``, a compiled wheel's site folder --
and the games/s ratios against the first; ``--rounds N`` runs the sources in
alternation N times and takes the median of each round's ratio::

    python -m bench.lab --issue-run --rounds 3 --source before=/tmp/old/src --source after=src \
        --source compiled=/tmp/site --json bench/results/lab_issue.json
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from datetime import date
from pathlib import Path

from pillars_rules.lab import runner
from pillars_rules.lab.games import GameSpec

CONFIGS = (
    ("serial", "serial", 1),
    ("local processes", "processes", 1),
    ("local processes", "processes", 2),
    ("Dask LocalCluster", "dask", 1),
    ("Dask LocalCluster", "dask", 2),
)


TARGETS = ("jack", "joiner_r2", "forest_3")


def measure(games: int, bots: str, branch_games: int = 0, serial_only: bool = False) -> dict:
    import pillars_rules as pr

    rows = []
    workloads = [("plain", games, {"A": GameSpec(players=4, bots=tuple(bots.split(",")), seed=1000)})]
    if branch_games:
        workloads.append(
            (
                "with branches",
                branch_games,
                {"A": GameSpec(players=4, bots=tuple(bots.split(",")), seed=1000, targets=TARGETS)},
            )
        )
    for workload, n, spec in workloads:
        if n:
            rows += _measure(workload, n, spec, CONFIGS[:1] if serial_only else CONFIGS)
    return {
        "date": date.today().isoformat(),
        "bots": bots,
        "players": 4,
        "cpus": os.cpu_count(),
        "build": _build_name(),
        "package": pr.__file__,
        "machine": f"{platform.machine()} {platform.python_implementation()} {platform.python_version()}",
        "load_after": os.getloadavg()[0],
        "rows": rows,
    }


def _build_name() -> str:
    from pillars_rules import _build

    return _build.describe()


def _measure(workload: str, games: int, spec: dict, configs=CONFIGS) -> list:
    rows = []
    reference = None
    for name, how, workers in configs:
        load = os.getloadavg()[0]
        start, cpu = time.perf_counter(), time.process_time()
        if how == "dask":
            import logging

            from distributed import LocalCluster

            with LocalCluster(
                n_workers=workers, threads_per_worker=1, dashboard_address=":0", silence_logs=logging.ERROR
            ) as cluster:
                ready = time.perf_counter()
                records = runner.run(spec, games, executor=cluster.scheduler_address)
                done = time.perf_counter()
        else:
            ready = start  # the pool starts with the run
            records = runner.run(spec, games, executor=how, workers=workers)
            done = time.perf_counter()
        cpu = time.process_time() - cpu  # this process only: the whole run when serial
        reference = reference or records
        assert records == reference, f"{name} with {workers} workers gave other results"
        rows.append(
            {
                "workload": workload,
                "executor": name,
                "workers": workers,
                "games": games,
                "startup_s": ready - start,
                "games_s": done - ready,
                "games_per_s": games / (done - ready),
                "load_before": load,
                "cpu_per_game_s": cpu / games if how == "serial" else None,
            }
        )
        per = f", {cpu / games:.3f} CPU s per game" if how == "serial" else ""
        print(
            f"{workload:<14} {name:<18} {workers} worker(s): {games / (done - ready):7.2f} games/s "
            f"(start-up {ready - start:.1f} s, load average {load:.1f}{per})",
            flush=True,
        )
    return rows


AUTHOR_CARD = "examples/lab/joiner_copy.cards"


def author_run(
    seconds: float, players: int = 4, bots: str = "heuristic", workers: int = 2, gold: float = 2.0, fixed: bool = False
) -> dict:
    """What an author waits for: ``pillars-rules balance --cards AUTHOR_CARD
    --precision GOLD --time SECONDS`` (a new round-2 craftsman, the copy of the
    Joiner, judged alone against the base set) on ``workers`` local processes:
    the wall time, the games per set it played, whether the precision was
    reached and the interval's half-width in gold. With ``fixed`` the run
    uses ``--fixed`` (stops on the time or on the width, never on a flag): the
    half-width that the time budget buys."""
    import tempfile

    from pillars_rules.cli import main as cli

    with tempfile.TemporaryDirectory() as tmp:
        out, js = f"{tmp}/r.jsonl", f"{tmp}/r.json"
        load = os.getloadavg()[0]
        start = time.perf_counter()
        code = cli(
            [
                "balance",
                "--players",
                str(players),
                "--bots",
                bots,
                "--cards",
                AUTHOR_CARD,
                "--games",
                "5000",
                "--precision",
                f"{gold:g}",
                "--time",
                f"{seconds:g}s",
                "--workers",
                str(workers),
                "--quiet",
                "--out",
                out,
                "--json",
                js,
                *(["--fixed"] if fixed else []),
            ]
        )
        wall = time.perf_counter() - start
        report = json.loads(open(js, encoding="utf-8").read())
    assert code == 0, f"the author's run exited with {code}"
    e = next(e for e in report["judged"] if e["author"])
    w = e["worth"]
    half = (w["hi"] - w["lo"]) / 2 if w["lo"] is not None and w["hi"] is not None else None
    games = report["sets"][e["set"]]["games"]
    row = {
        "workload": "author",
        "card": e["card"],
        "players": players,
        "bots": bots,
        "workers": workers,
        "build": _build_name(),
        "design": "fixed" if fixed else "sequential",
        "decided_at": e.get("decided_at"),
        "flag": e["flag"],
        "budget_s": seconds,
        "wall_s": wall,
        "games": games,
        "units": e["units"],
        "half_width_gold": half,
        "reached": half is not None and half <= gold and e["units"] >= 10,
        "paired_games_per_s": games / wall,
        "load_before": load,
        "worth": w,
        "verdict": e["verdict"],
    }
    print(
        f"author ({row['design']}) {e['card']}: {games} games per set in {wall:.0f} s ({games / wall:.2f} paired games/s), "
        f"worth {w['value']} gold, half-width {half} gold, precision {gold:g} "
        f"{'reached' if row['reached'] else 'not reached'} (load average {load:.1f})",
        flush=True,
    )
    return row


ISSUE_CARDS = "examples/lab/three_cards.cards"
ROOT = Path(__file__).resolve().parents[1]
_CLI = "import sys; from pillars_rules.cli import main; sys.exit(main(sys.argv[1:]))"


def _issue_once(label: str, path, games: int, workers: int, players: int, bots: str) -> dict:
    """One run of the issue's command with the ``pillars_rules`` in ``path``, in a child process."""
    import resource
    import subprocess
    import sys
    import tempfile

    from .common import source_env

    with tempfile.TemporaryDirectory() as tmp:
        argv = [
            "balance",
            "--cards",
            ISSUE_CARDS,
            "--games",
            str(games),
            "--workers",
            str(workers),
            "--players",
            str(players),
            "--bots",
            bots,
            "--out",
            f"{tmp}/r.jsonl",
            "--overwrite",
            "--json",
            f"{tmp}/r.json",
            "--quiet",
        ]
        load = os.getloadavg()[0]
        cpu0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", _CLI, *argv], cwd=ROOT, env=source_env(path, ROOT), capture_output=True, text=True
        )
        wall = time.perf_counter() - start
        cpu1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode != 0:
            raise SystemExit(f"the issue's run failed with {label} ({path}):\n{done.stderr[-3000:]}")
        report = json.loads(Path(f"{tmp}/r.json").read_text(encoding="utf-8"))
    played = sum(s["games"] for s in report["sets"].values())
    cpu = (cpu1.ru_utime - cpu0.ru_utime) + (cpu1.ru_stime - cpu0.ru_stime)
    answers = {
        f"{e['card']} ({e['set']})": [e["vp"]["value"], e["vp"]["lo"], e["vp"]["hi"]]
        for e in report["judged"]
        if e.get("vp")
    }
    print(
        f"issue run {label:<10} {played} games in {wall:.1f} s: {played / wall:.2f} games/s, "
        f"{cpu / played:.3f} CPU s per game (load average {load:.1f})",
        flush=True,
    )
    return {
        "wall_s": wall,
        "cpu_s": cpu,
        "games": played,
        "games_per_s": played / wall,
        "cpu_per_game_s": cpu / played,
        "load_before": load,
        "answers": answers,
    }


def issue_run(
    sources, games: int = 30, workers: int = 2, players: int = 4, bots: str = "heuristic", rounds: int = 1
) -> dict:
    """Issue #39's workload, as its author ran it: ``pillars-rules balance
    --cards examples/lab/three_cards.cards --games GAMES --workers WORKERS``
    (three new cards: each alone, then together, and the base set; 4
    players, heuristic bots, the fixed design every version has), once per
    source folder (``(label, path)``: an old tree from ``git archive``, this
    checkout's ``src``, a compiled wheel's site folder) in each of
    ``rounds`` rounds, each run in a child process of its own, one after the
    other, the sources in alternation (so a machine growing slower or faster
    during the runs hits every source alike). Per source: wall time, the
    children's CPU seconds, games per second (every set's games, as the
    progress line counts them) and each judged card's VP interval (the same
    games give the same answer in every build of one version), the medians
    over the rounds, and each round's figures under ``rounds``; ``ratios``
    are the medians over the rounds of every source's games/s divided by the
    first's in the same round, ``round_ratios`` each round's. (``players``
    and ``bots`` make a smaller run for the tests.)"""
    import statistics

    runs: dict[str, list[dict]] = {label: [] for label, _ in sources}
    for _ in range(rounds):
        for label, path in sources:
            runs[label].append(_issue_once(label, path, games, workers, players, bots))
    first = sources[0][0]
    round_ratios = {
        label: [r["games_per_s"] / f["games_per_s"] for r, f in zip(rs, runs[first])] for label, rs in runs.items()
    }
    rows = {}
    for label, path in sources:
        rs = runs[label]
        answers = rs[0]["answers"]
        if any(r["answers"] != answers for r in rs):
            raise SystemExit(f"the issue's run gave {label} different answers in different rounds")
        rows[label] = {
            "path": str(path),
            **{
                k: statistics.median(r[k] for r in rs)
                for k in ("wall_s", "cpu_s", "games_per_s", "cpu_per_game_s", "load_before")
            },
            "games": rs[0]["games"],
            "answers": answers,
            "rounds": [{k: v for k, v in r.items() if k != "answers"} for r in rs],
        }
    return {
        "workload": "issue",
        "cards": ISSUE_CARDS,
        "games_per_set": games,
        "workers": workers,
        "players": players,
        "bots": bots,
        "rounds": rounds,
        "sources": rows,
        "ratios": {label: statistics.median(rr) for label, rr in round_ratios.items()},
        "round_ratios": round_ratios,
    }


def to_rst(result: dict) -> str:
    lines = [
        ".. This file is generated by `python -m bench.lab --rst PATH`; do not edit by hand.",
        "",
        f".. list-table:: Balance-lab throughput ({result['date']}, {result['players']} players, "
        f"bots {result['bots']}, {result.get('build', 'pure Python')}, {result['cpus']} CPUs, wall clock)",
        "   :header-rows: 1",
        "",
        "   * - Games",
        "     - Executor",
        "     - Workers",
        "     - Games/s",
        "     - Start-up",
        "     - CPU s per game",
        "     - Load average",
    ]
    for r in result["rows"]:
        lines += [
            f"   * - {r.get('workload', 'plain')} ({r['games']})",
            f"     - {r['executor']}",
            f"     - {r['workers']}",
            f"     - {r['games_per_s']:.2f}",
            f"     - {r['startup_s']:.1f} s",
            f"     - {r['cpu_per_game_s']:.3f}" if r.get("cpu_per_game_s") is not None else "     - -",
            f"     - {r['load_before']:.1f}",
        ]
    for a in result.get("author", ()):
        half = "-" if a["half_width_gold"] is None else f"+-{a['half_width_gold']:.1f} gold"
        fixed = " --fixed" if a.get("design") == "fixed" else ""
        decided = (
            f", decided {'too strong' if a['flag'] == 1 else 'too weak'} after {a['decided_at']} games"
            if a.get("decided_at")
            else ""
        )
        lines += [
            "",
            f"The author's run: ``balance --cards {AUTHOR_CARD} --precision 2 --time {a['budget_s']:g}s"
            f"{fixed}`` "
            f"({a['players']} players, bots {a['bots']}, {a['workers']} workers, {a['build']}): "
            f"{a['games']} games per "
            f"set in {a['wall_s']:.0f} s ({a['paired_games_per_s']:.2f} paired games/s), the copy's worth "
            f"known to {half} ({'precision reached' if a['reached'] else 'precision not reached'}{decided}).",
        ]
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.lab", description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--branch-games", type=int, default=60)
    p.add_argument("--bots", default="random")
    p.add_argument(
        "--serial-only",
        action="store_true",
        help="only the serial rows: CPU seconds per game, which the machine's load does not change",
    )
    p.add_argument("--json")
    p.add_argument("--rst")
    p.add_argument(
        "--author",
        type=float,
        metavar="SECONDS",
        help="also the author's run: a new round-2 craftsman judged to +-2 gold within SECONDS "
        "(4 players, heuristic bots, 2 workers)",
    )
    p.add_argument(
        "--author-designs",
        default="sequential",
        metavar="D,...",
        help="the author's run once per design: sequential (what the author gets by default), "
        "fixed (the width the time buys); default sequential",
    )
    p.add_argument(
        "--issue-run",
        action="store_true",
        help="only issue #39's run (three new cards, 30 games per set, 2 workers) once per --source, "
        "and the games/s ratios against the first",
    )
    p.add_argument(
        "--rounds",
        type=int,
        default=1,
        metavar="N",
        help="with --issue-run: N rounds, the sources in alternation; the ratios are medians "
        "of each round's (default 1)",
    )
    p.add_argument(
        "--source",
        action="append",
        metavar="LABEL=DIR",
        help="with --issue-run: a folder holding pillars_rules (repeatable; default this checkout's src/)",
    )
    args = p.parse_args(argv)
    if args.issue_run:
        from .common import parse_sources

        if args.rounds < 1:
            raise SystemExit("--rounds must be 1 or more")
        result = {
            "date": date.today().isoformat(),
            "cpus": os.cpu_count(),
            "machine": f"{platform.machine()} {platform.python_implementation()} {platform.python_version()}",
            **issue_run(parse_sources(args.source, f"src={ROOT / 'src'}"), rounds=args.rounds),
        }
        for label, ratio in result["ratios"].items():
            print(f"{label}: {ratio:.2f}x the games/s of {next(iter(result['ratios']))}")
    else:
        result = measure(args.games, args.bots, args.branch_games, args.serial_only)
        if args.author:
            result["author"] = [author_run(args.author, fixed=d == "fixed") for d in args.author_designs.split(",")]
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=1)
    if args.rst and not args.issue_run:
        with open(args.rst, "w", encoding="utf-8") as f:
            f.write(to_rst(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

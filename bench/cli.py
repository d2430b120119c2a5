"""``python -m bench``: run the measurements, print and write the results."""

from __future__ import annotations

import argparse
import datetime as _dt
import importlib
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .common import CLOCK, CLOCKS, FIRST_SEED, MODES, PLAYERS, SCHEMA, Corpus, Timing
from .engine import bench_apply, bench_games, bench_growth, bench_legal, bench_replay, bench_save_load, bench_six
from .ora import bench_ora
from .peer import bench_peer
from .profiling import profile
from .report import TARGETS, check_targets, machine_info, render_peer_rst, render_rst, render_text, summarize
from .resources import SUBPROCESS_WALL, bench_cards, bench_memory

#: Other suites, each chosen by its flag: flag -> module with a ``main(argv)``
#: that gets the whole argument list.
SUITES: dict[str, str] = {
    "--bots": "bench.bots",
    "--builds": "bench.builds",
    "--server": "bench.server",
    "--scaleout": "bench.scaleout",
    "--instructions": "bench.instructions",
    "--public": "bench.public",
    "--cards-soak": "bench.cards_soak",
    "--pace": "bench.pace",
    "--botpool": "bench.botpool",
    "--ora": "bench.ora",
    "--ora-bots": "bench.ora_bots",
    "--ora-ratings": "bench.ora_ratings",
    "--ora-gc": "bench.ora_gc",
}


def run(mode: str = "full", keep_gc: bool = False, progress: Callable[[str], None] | None = None) -> dict:
    """Run every measurement; the results as a JSON-ready dict."""
    cfg = MODES[mode]
    timing = Timing(keep_gc)
    say = progress or (lambda msg: None)
    load_before = _loadavg()
    t_start = time.perf_counter()
    cpu_start = time.process_time()
    wall_before = SUBPROCESS_WALL[0]
    import pillars_rules as pr

    pr.load_cards()  # compile the base cards once, outside every timed block
    say("recording the corpus games ...")
    corpus = Corpus(max(cfg["games"], cfg["replay_games"], cfg["save_games"]))
    results: dict[str, Any] = {
        "schema": SCHEMA,
        "mode": mode,
        "date": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
        "workload": dict(cfg, players=PLAYERS, first_seed=FIRST_SEED, variants=[], bots="RandomBot(seed*10+seat)"),
    }
    steps = [
        ("games", lambda: bench_games(cfg, timing, corpus)),
        ("apply", lambda: bench_apply(cfg, timing, corpus)),
        ("legal_actions", lambda: bench_legal(cfg, timing, corpus)),
        ("replay", lambda: bench_replay(cfg, timing, corpus)),
        ("save_load", lambda: bench_save_load(cfg, timing, corpus)),
        ("cards", lambda: bench_cards(cfg, timing)),
        ("memory", lambda: bench_memory(cfg, corpus)),
        ("growth", lambda: bench_growth(cfg, timing, corpus)),
        ("peer", lambda: bench_peer(cfg, timing, say)),
        ("six", lambda: bench_six(cfg, timing)),
        ("ora", lambda: bench_ora(cfg, timing)),
    ]
    for name, fn in steps:
        say(f"measuring {name} ...")
        results[name] = fn()
    results["summary"] = summarize(results)
    results["targets"] = check_targets(results["summary"])
    results["elapsed_s"] = time.perf_counter() - t_start
    cpu = time.process_time() - cpu_start
    # Share of the wall time (less the time waiting for cold-start child
    # interpreters) this process was on a CPU: ~1 on an idle machine; well
    # below means other processes competed for the core (pessimistic numbers).
    own_wall = max(1e-9, results["elapsed_s"] - (SUBPROCESS_WALL[0] - wall_before))
    results["contention"] = {
        "cpu_s": cpu,
        "cpu_share": min(1.0, cpu / own_wall),
        "loadavg_before": load_before,
        "loadavg_after": _loadavg(),
    }
    return results


def _loadavg() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def _pin() -> tuple[bool, Any]:
    """Pin this process to one core; (pinned?, previous affinity to restore)."""
    try:
        before = os.sched_getaffinity(0)
        core = min(before)
        os.sched_setaffinity(0, {core})
        return True, before
    except (AttributeError, OSError, ValueError):
        return False, None


def peer_rst_path(path: Path) -> Path:
    """Where the side-by-side table goes next to the results table: ``latest.rst`` -> ``latest.peer.rst``."""
    return path.with_name(path.stem + ".peer" + path.suffix)


def write_rst(results: dict, path: Path) -> None:
    """The results table at ``path`` and the side-by-side table beside it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_rst(results), encoding="utf-8")
    peer_rst_path(path).write_text(render_peer_rst(results), encoding="utf-8")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m bench", description="pillars-rules benchmark suite")
    p.add_argument("--quick", action="store_true", help="tiny workload (a few seconds): checks the suite works")
    p.add_argument("--output", metavar="FILE", help="write the results as JSON here")
    p.add_argument(
        "--rst",
        metavar="PATH",
        help="write the results table as reStructuredText here "
        "(and the side-by-side table with the peer beside it, as NAME.peer.rst)",
    )
    p.add_argument(
        "--clock",
        choices=sorted(CLOCKS),
        default="wall",
        help="time with wall-clock (default) or this process's CPU time (steadier on a busy machine)",
    )
    p.add_argument("--gc", action="store_true", help="keep the garbage collector enabled while timing")
    p.add_argument("--no-pin", action="store_true", help="do not pin the process to one core")
    p.add_argument(
        "--profile",
        action="store_true",
        help="also print cProfile hot spots (random games and playouts, verified replay, load)",
    )
    p.add_argument("--quiet", action="store_true", help="print nothing but errors")
    p.add_argument(
        "--from-json", metavar="FILE", help="measure nothing: re-print (and with --rst re-render) the results in FILE"
    )
    return p


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    for flag, module in SUITES.items():
        if flag in argv:
            return importlib.import_module(module).main(argv)
    args = build_parser().parse_args(argv)
    if args.from_json:
        results = json.loads(Path(args.from_json).read_text(encoding="utf-8"))
        if not args.quiet:
            print(render_text(results))
        if args.rst:
            write_rst(results, Path(args.rst))
        return 0
    mode = "quick" if args.quick else "full"
    out = sys.stdout
    say = (lambda msg: None) if args.quiet else (lambda msg: print(msg, file=sys.stderr, flush=True))
    pinned, before = (False, None) if args.no_pin else _pin()
    CLOCK[0] = args.clock
    try:
        results = run(mode, keep_gc=args.gc, progress=say)
        results["machine"] = machine_info()
        results["settings"] = {
            "pinned": pinned,
            "gc": "enabled while timing" if args.gc else "collected before, disabled during timed blocks",
            "clock": "process CPU time (time.process_time)"
            if args.clock == "cpu"
            else "wall clock (time.perf_counter)",
        }
        if not args.quiet:
            print(render_text(results), file=out)
        if args.output:
            path = Path(args.output)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(results, indent=2, sort_keys=False) + "\n", encoding="utf-8")
        if args.rst:
            write_rst(results, Path(args.rst))
        if args.profile:
            profile(n_games=2 if args.quick else 10, out=out)
    finally:
        CLOCK[0] = "wall"
        if pinned and before is not None:
            try:
                os.sched_setaffinity(0, before)
            except OSError:  # pragma: no cover
                pass
    return 0


__all__ = ["main", "run", "profile", "render_rst", "render_text", "TARGETS", "MODES"]

"""``python -m bench --builds``: the compiled and the pure-Python build side by
side with the OpenSpiel peer, in one run on one core (issue #26).

One command measures both builds of this checkout: the pure build is the
source (``PYTHONPATH=src``); the compiled build is a wheel built from the same
source by ``pip wheel`` (the build hook compiles it with mypyc) and unpacked
into ``bench/.compiled/`` (kept, and rebuilt when the source changes), or the
package found in ``--compiled-site DIR``. Each round runs one child process
per build, pinned to the same core, in alternation (pure, compiled, pure,
...), so a change in the machine's load hits both; each child measures the
same fixed workload and the peer in its own process, and every ratio is the
median of the per-round ratios.

Per build: random 4-player games per second (``play`` with random bots) and,
beside them, random 6-player games with the official expansion (issue #37),
random playouts (``pr.playout``) in actions per second and their ratio to the
peer's (the issue's definition, the peer's chance nodes counted, and player
decisions only), verified replay and ``load(save(game))`` in ms per game, and
ISMCTS iterations per second (``MCTSBot`` on a fixed iteration budget).

    python -m bench --builds --output bench/results/builds.json --rst bench/results/builds.rst
    python -m bench --builds --quick          # a tiny workload: checks the suite works
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .common import write_results

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / "bench" / ".compiled"
SIZES = {
    "full": dict(
        rounds=5,
        games=40,
        six_games=40,
        replay_games=20,
        playout_games=4,
        peer_games=60,
        mcts_decisions=20,
        mcts_iterations=50,
    ),
    "quick": dict(
        rounds=1,
        games=2,
        six_games=2,
        replay_games=2,
        playout_games=1,
        peer_games=2,
        mcts_decisions=2,
        mcts_iterations=5,
    ),
}
#: The issue's targets: (measurement key, minimum ratio, what).
TARGETS = [
    ("peer_ratio", 1.2, "compiled / peer, actions/s (the peer's chance nodes counted)"),
    ("peer_player_ratio", 2.5, "compiled / peer, player decisions only"),
    ("games_speedup", 2.0, "compiled / pure, games/s"),
    ("mcts_speedup", 2.0, "compiled / pure, ISMCTS iterations/s"),
]
LIMITS = [
    ("replay_ms", 4.0, "verified replay, ms/game (compiled)"),
    ("load_save_ms", 7.0, "load(save(game)), ms/game (compiled)"),
]


# ---------------------------------------------------------------------- the child: one build, one round
def measure(size: dict, round_no: int) -> dict:
    """One round's numbers for the build this process imports."""
    import time

    import pillars_rules as pr
    from pillars_rules.bots.mcts import MCTSBot

    from .common import Timing, play_one, seed_range
    from .peer import engine_playouts, load_peer, peer_playouts

    timing = Timing(keep_gc=False)
    clock = time.process_time
    pr.load_cards()
    play_one(1)  # warm-up: caches filled
    out: dict[str, Any] = {"compiled": pr.COMPILED, "file": pr.__file__}

    seeds = seed_range(size["games"])
    dt, games = _timed(timing, clock, lambda: [play_one(s) for s in seeds])
    out["games_per_s"] = len(seeds) / dt
    # six seats with the official expansion (issue #37), its cards compiled before the clock starts
    pr.load_cards("expansion")
    six = seed_range(size["six_games"])
    dt, _ = _timed(
        timing,
        clock,
        lambda: [
            pr.play(pr.new_game(6, s, cards="expansion"), [pr.RandomBot(s * 10 + i) for i in range(6)]) for s in six
        ],
    )
    out["six_games_per_s"] = len(six) / dt
    ends = games[: size["replay_games"]]
    dt, _ = _timed(timing, clock, lambda: [pr.replay(g.events) for g in ends])
    out["replay_ms"] = 1000 * dt / len(ends)
    dt, _ = _timed(timing, clock, lambda: [pr.load(pr.save(g)) for g in ends])
    out["load_save_ms"] = 1000 * dt / len(ends)

    n = size["playout_games"]
    dt, actions = _timed(timing, clock, lambda: engine_playouts(n, 5000 + round_no * n))
    out["playout_actions_per_s"] = actions / dt
    peer = load_peer()
    if peer is not None:
        peer_playouts(peer, 3, 1)
        dt, (total, chance) = _timed(timing, clock, lambda: peer_playouts(peer, size["peer_games"], 7000 + round_no))
        out["peer_actions_per_s"] = total / dt
        out["peer_player_actions_per_s"] = (total - chance) / dt

    bot = MCTSBot(seed=round_no, iterations=size["mcts_iterations"])
    game = pr.new_game(4, 9000 + round_no)
    views = []
    while len(views) < size["mcts_decisions"] and not game.is_over:  # the positions, untimed
        views.append(game.view(game.current_player))
        game = game.apply(pr.RandomBot(round_no)(views[-1]), seat=game.current_player)
    dt, _ = _timed(timing, clock, lambda: [bot(v) for v in views])
    out["mcts_iterations_per_s"] = size["mcts_iterations"] * len(views) / dt
    return out


def _timed(timing: Any, clock: Any, fn: Any) -> tuple[float, Any]:
    with timing.block():
        t0 = clock()
        result = fn()
        return clock() - t0, result


# ---------------------------------------------------------------------- the parent
def _source_hash() -> str:
    h = hashlib.sha256()
    for path in sorted((ROOT / "src").rglob("*.py")) + [ROOT / "pyproject.toml", ROOT / "hatch_build.py"]:
        h.update(str(path.relative_to(ROOT)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def compiled_site(say: Any) -> Path:
    """A folder holding the compiled build of this source (built once per source state)."""
    stamp = CACHE / "source-hash"
    site = CACHE / "site"
    want = _source_hash()
    if stamp.is_file() and stamp.read_text() == want and site.is_dir():
        return site
    say("building the compiled wheel (mypyc; a few minutes) ...")
    shutil.rmtree(CACHE, ignore_errors=True)
    site.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as tmp:
        env = {k: v for k, v in os.environ.items() if k != "PILLARS_RULES_PURE"}
        run = subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", tmp, str(ROOT)],
            capture_output=True,
            text=True,
            env=env,
        )
        if run.returncode != 0:
            raise SystemExit(f"the compiled wheel did not build:\n{run.stderr[-3000:]}")
        wheel = next(Path(tmp).glob("pillars_rules-*.whl"))
        if wheel.name.endswith("py3-none-any.whl"):
            raise SystemExit(f"pip built a pure-Python wheel ({wheel.name}): no C compiler here?")
        zipfile.ZipFile(wheel).extractall(site)
    stamp.write_text(want)
    return site


def _child(path: Path, size_name: str, round_no: int, core: int | None) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = os.pathsep.join([str(path), str(ROOT)])
    code = (
        f"import json, os, sys\n"
        f"core = {core!r}\n"
        f"if core is not None: os.sched_setaffinity(0, {{core}})\n"
        f"from bench.builds import SIZES, measure\n"
        f"print(json.dumps(measure(SIZES[{size_name!r}], {round_no})))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT)
    if run.returncode != 0:
        raise SystemExit(f"a benchmark child failed:\n{run.stderr[-3000:]}")
    return json.loads(run.stdout.strip().splitlines()[-1])


def run(size_name: str, site: Path, say: Any) -> dict:
    size = SIZES[size_name]
    try:
        core: int | None = min(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        core = None
    load_before = _loadavg()
    rounds: list[dict] = []
    for r in range(size["rounds"]):
        say(f"round {r + 1} of {size['rounds']}: pure ...")
        pure = _child(ROOT / "src", size_name, r, core)
        say(f"round {r + 1} of {size['rounds']}: compiled ...")
        compiled = _child(site, size_name, r, core)
        if pure["compiled"] or not compiled["compiled"]:
            raise SystemExit(f"the builds are mixed up: {pure['file']} / {compiled['file']}")
        rounds.append({"pure": pure, "compiled": compiled})
    return {
        "mode": size_name,
        "workload": size,
        "rounds": rounds,
        "summary": summarize(rounds),
        "loadavg_before": load_before,
        "loadavg_after": _loadavg(),
        "core": core,
    }


def _median(rounds: list[dict], fn: Any) -> float | None:
    values = [fn(r) for r in rounds]
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def summarize(rounds: list[dict]) -> dict:
    keys = (
        "games_per_s",
        "six_games_per_s",
        "replay_ms",
        "load_save_ms",
        "playout_actions_per_s",
        "peer_actions_per_s",
        "peer_player_actions_per_s",
        "mcts_iterations_per_s",
    )
    out: dict[str, Any] = {}
    for build in ("pure", "compiled"):
        out[build] = {k: _median(rounds, lambda r, k=k, b=build: r[b].get(k)) for k in keys}
        out[build]["peer_ratio"] = _median(rounds, lambda r, b=build: _ratio(r[b], "peer_actions_per_s"))
        out[build]["peer_player_ratio"] = _median(rounds, lambda r, b=build: _ratio(r[b], "peer_player_actions_per_s"))
    c = out["compiled"]
    out["games_speedup"] = _median(rounds, lambda r: r["compiled"]["games_per_s"] / r["pure"]["games_per_s"])
    out["six_games_speedup"] = _median(
        rounds, lambda r: r["compiled"]["six_games_per_s"] / r["pure"]["six_games_per_s"]
    )
    out["mcts_speedup"] = _median(
        rounds, lambda r: r["compiled"]["mcts_iterations_per_s"] / r["pure"]["mcts_iterations_per_s"]
    )
    out["playout_speedup"] = _median(
        rounds, lambda r: r["compiled"]["playout_actions_per_s"] / r["pure"]["playout_actions_per_s"]
    )
    values = {
        "peer_ratio": c["peer_ratio"],
        "peer_player_ratio": c["peer_player_ratio"],
        "games_speedup": out["games_speedup"],
        "mcts_speedup": out["mcts_speedup"],
        "replay_ms": c["replay_ms"],
        "load_save_ms": c["load_save_ms"],
    }
    out["targets"] = [
        {
            "key": k,
            "what": what,
            "value": values[k],
            "target": f">= {t}x",
            "met": values[k] is not None and values[k] >= t,
        }
        for k, t, what in TARGETS
    ]
    out["targets"] += [
        {
            "key": k,
            "what": what,
            "value": values[k],
            "target": f"<= {t} ms",
            "met": values[k] is not None and values[k] <= t,
        }
        for k, t, what in LIMITS
    ]
    return out


def _ratio(row: dict, peer_key: str) -> float | None:
    peer = row.get(peer_key)
    return row["playout_actions_per_s"] / peer if peer else None


def _loadavg() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def _f(v: float | None, unit: str = "", digits: int = 0) -> str:
    if v is None:
        return "--"
    return f"{v:,.{digits}f}{unit}"


def rows(results: dict) -> list[tuple[str, str, str, str]]:
    s = results["summary"]
    p, c = s["pure"], s["compiled"]

    def ratio(a: float | None, b: float | None) -> str:
        return f"{a / b:.2f}x" if a and b else "--"

    return [
        (
            "random 4-player games (play, random bots)",
            _f(p["games_per_s"], " games/s", 1),
            _f(c["games_per_s"], " games/s", 1),
            _f(s["games_speedup"], "x", 2),
        ),
        (
            "random 6-player games with the expansion (play, random bots)",
            _f(p["six_games_per_s"], " games/s", 1),
            _f(c["six_games_per_s"], " games/s", 1),
            _f(s["six_games_speedup"], "x", 2),
        ),
        (
            "random playouts (pr.playout)",
            _f(p["playout_actions_per_s"], " actions/s"),
            _f(c["playout_actions_per_s"], " actions/s"),
            _f(s["playout_speedup"], "x", 2),
        ),
        (
            "peer: OpenSpiel python_team_dominoes, measured beside each build",
            _f(p["peer_actions_per_s"], " actions/s"),
            _f(c["peer_actions_per_s"], " actions/s"),
            "--",
        ),
        (
            "engine / peer (the peer's chance nodes counted)",
            _f(p["peer_ratio"], "x", 2),
            _f(c["peer_ratio"], "x", 2),
            "--",
        ),
        (
            "engine / peer, player decisions only",
            _f(p["peer_player_ratio"], "x", 2),
            _f(c["peer_player_ratio"], "x", 2),
            "--",
        ),
        (
            "verified replay",
            _f(p["replay_ms"], " ms/game", 2),
            _f(c["replay_ms"], " ms/game", 2),
            ratio(p["replay_ms"], c["replay_ms"]),
        ),
        (
            "load(save(game))",
            _f(p["load_save_ms"], " ms/game", 2),
            _f(c["load_save_ms"], " ms/game", 2),
            ratio(p["load_save_ms"], c["load_save_ms"]),
        ),
        (
            "ISMCTS iterations (MCTSBot, 4 players)",
            _f(p["mcts_iterations_per_s"], " it/s"),
            _f(c["mcts_iterations_per_s"], " it/s"),
            _f(s["mcts_speedup"], "x", 2),
        ),
    ]


def render_text(results: dict) -> str:
    lines = [
        f"pillars-rules builds side by side ({results['mode']} mode, {len(results['rounds'])} rounds, "
        f"CPU time, pinned to core {results['core']}; load average {results['loadavg_before']} -> "
        f"{results['loadavg_after']})",
        "",
    ]
    head = ("measurement", "pure Python", "compiled (mypyc)", "compiled / pure")
    table = [head] + rows(results)
    widths = [max(len(r[i]) for r in table) for i in range(4)]
    for r in table:
        lines.append("  ".join(x.ljust(w) for x, w in zip(r, widths)))
    lines.append("")
    for t in results["summary"]["targets"]:
        lines.append(f"target {t['what']}: {_f(t['value'], '', 2)} ({t['target']}) {'met' if t['met'] else 'MISSED'}")
    return "\n".join(lines)


def render_rst(results: dict) -> str:
    out = [
        ".. This file is generated by `python -m bench --builds --rst PATH`; do not edit by hand.",
        "",
        f".. list-table:: The two builds side by side ({results['mode']} mode, median of "
        f"{len(results['rounds'])} alternating rounds, CPU time, one core)",
        "   :header-rows: 1",
        "   :widths: 40 20 20 20",
        "",
    ]
    for r in [("Measurement", "Pure Python", "Compiled (mypyc)", "Compiled / pure")] + rows(results):
        out.append(f"   * - {r[0]}")
        out += [f"     - {x}" for x in r[1:]]
    out += [
        "",
        ".. list-table:: The issue's targets (#26)",
        "   :header-rows: 1",
        "   :widths: 50 20 15 15",
        "",
        "   * - Target",
        "     - Result",
        "     - Wanted",
        "     - Status",
    ]
    for t in results["summary"]["targets"]:
        unit = " ms" if t["target"].startswith("<=") else "x"
        out += [
            f"   * - {t['what']}",
            f"     - {_f(t['value'], unit, 2)}",
            f"     - {t['target']}",
            f"     - {'met' if t['met'] else 'MISSED'}",
        ]
    out += ["", f"Load average before / after the run: {results['loadavg_before']} / {results['loadavg_after']}.", ""]
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench --builds", description=__doc__.splitlines()[0])
    p.add_argument("--builds", action="store_true", help="(the flag that chose this suite)")
    p.add_argument("--quick", action="store_true", help="a tiny workload: checks the suite works")
    p.add_argument(
        "--compiled-site",
        metavar="DIR",
        help="use the compiled package found in DIR (e.g. a venv's site-packages) instead of building one",
    )
    p.add_argument("--output", metavar="FILE", help="write the results as JSON here")
    p.add_argument("--rst", metavar="PATH", help="write the tables as reStructuredText here")
    p.add_argument("--quiet", action="store_true", help="print nothing but errors")
    args = p.parse_args(argv)
    say = (lambda msg: None) if args.quiet else (lambda msg: print(msg, file=sys.stderr, flush=True))
    site = Path(args.compiled_site) if args.compiled_site else compiled_site(say)
    results = run("quick" if args.quick else "full", site, say)
    if not args.quiet:
        print(render_text(results))
    write_results(results, args.output, args.rst, render_rst)
    return 0


if __name__ == "__main__":
    sys.exit(main())

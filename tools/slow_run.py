"""The long reliability run: 10**5 fuzzed actions, 10**4 Hypothesis-mutated
card files, 10**4 corrupted saves, every truncation of a small save,
compile time per KB as card files grow, determinism across hash seeds,
5,000 byte-damaged and 5,000 row-edited event stores.

    python3 tools/slow_run.py                 # full run, writes tools/slow_run_results.json
    python3 tools/slow_run.py --scale 0.01    # a smoke run of the same code

``pytest -m slow`` runs the same functions (tests/reliability/test_slow.py).
Record the summary in docs/reliability.rst after a full run.
"""

from __future__ import annotations

import argparse
import collections
import datetime
import json
import os
import platform
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests")]

from reliability import fuzzlib, savefuzz, storefuzz  # noqa: E402

import pillars_rules as pr  # noqa: E402

RESULTS = ROOT / "tools" / "slow_run_results.json"


def run_actions(attempts: int = 100_000, seeds: int = 10) -> dict:
    """Random actions against random reachable states (fuzzlib.fuzz_actions)."""
    counts: collections.Counter = collections.Counter()
    fuzzlib.STUCK.clear()
    for seed in range(seeds):
        counts.update(fuzzlib.fuzz_actions(1000 + seed, attempts // seeds))
    return {
        "attempts": sum(counts.values()),
        **counts,
        "stuck_states_met": len(fuzzlib.STUCK),
        "stuck_examples": [repr(g) for g in fuzzlib.STUCK[:3]],
    }


def run_cards(examples: int = 10_000) -> dict:
    """Hypothesis-mutated base card files: only CardError, never another exception."""
    from hypothesis import HealthCheck, given, settings

    sys.path.insert(0, str(ROOT / "tests"))
    from reliability.test_card_mutation import apply_plan, plans

    counts: collections.Counter = collections.Counter()
    sizes = []

    @settings(
        max_examples=examples, deadline=None, database=None, derandomize=True, suppress_health_check=list(HealthCheck)
    )
    @given(plans)
    def one(plan):
        text = apply_plan(plan)
        sizes.append(len(text))
        counts[fuzzlib.compile_checked(text)] += 1

    one()
    return {"mutants": sum(counts.values()), **counts, "largest_bytes": max(sizes, default=0)}


def run_card_scaling() -> dict:
    """Compile time per KB as files grow from ~4 KB to ~1 MB (3 kinds of text)."""
    from pillars_rules.cardlang import compile_text

    base = "\n".join(p.read_text(encoding="utf-8") for p in fuzzlib.BASE_CARD_FILES)
    rng = random.Random(5)
    tokens = fuzzlib._TOKEN.findall(base)
    kinds = {
        "base_repeated": lambda n: (base * (n // len(base) + 1))[:n],
        "token_soup": lambda n: " ".join(rng.choice(tokens) for _ in range(n // 4))[:n],
        "nesting_8_repeated": lambda n: ("{" * 8 + "}" * 8 + "\n") * (n // 17),
        # valid cards (at most 999 per file), padded with comments up to the size
        "valid_events_with_comments": lambda n: (
            "".join(f'event e{i} "E{i}" {{ now: gain 1 gold }}\n# {"x" * max(n // 999 - 40, 0)}\n' for i in range(999))[
                :n
            ].rsplit("\n#", 1)[0]
            + "\n"
        ),
    }
    out = {}
    for name, make in kinds.items():
        rows = []
        for size in (4_000, 16_000, 64_000, 256_000, 1_000_000):
            text = make(size)
            best = float("inf")
            for _ in range(3):
                start = time.perf_counter()
                try:
                    compile_text(text, "scale.cards")
                except pr.CardError:
                    pass
                best = min(best, time.perf_counter() - start)
            kb = max(len(text.encode("utf-8")) / 1024, 0.001)
            rows.append({"bytes": len(text), "seconds": round(best, 4), "ms_per_kb": round(1000 * best / kb, 3)})
        # linear time keeps ms/KB flat; backtracking would make it grow with size
        growth = rows[-1]["ms_per_kb"] / max(rows[1]["ms_per_kb"], 1e-6)
        out[name] = {"rows": rows, "ms_per_kb_1MB_over_16KB": round(growth, 2)}
    return out


def run_saves(attempts: int = 10_000) -> dict:
    """Random single corruptions of saves, every byte-truncation of a small save."""
    games = [
        pr.play(pr.new_game(players=p, seed=s), pr.RandomBot(s), max_actions=k)
        for p, s, k in [(2, 11, 8), (3, 12, 30), (4, 13, 80), (2, 14, 200)]
    ]
    counts = savefuzz.fuzz_saves(77, attempts, games)
    small = pr.save(games[0]).encode("utf-8")
    for cut in range(len(small)):
        assert savefuzz.check_load(small[:cut]) is None, cut
    return {"corruptions": attempts, **counts, "truncations": len(small)}


def run_stores(attempts: int = 5_000) -> dict:
    """Damaged copies of an event store of four games (byte damage, then single
    row edits): each ends in a typed error or a game exactly as stored."""
    import tempfile

    out = {}
    for kind in ("bytes", "rows"):
        with tempfile.TemporaryDirectory() as work:
            out[kind] = storefuzz.fuzz_store(seed=2024, attempts=attempts, workdir=Path(work), kind=kind)
    return {"attempts": attempts, **out}


def run_determinism(games: int = 10) -> dict:
    script = (
        "import sys, pillars_rules as pr\n"
        "g = pr.play(pr.new_game(players=int(sys.argv[1]), seed=int(sys.argv[2])), pr.RandomBot(int(sys.argv[2])))\n"
        "sys.stdout.write(pr.save(g))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    for k in range(games):
        args = [str(2 + k % 3), str(500 + k)]
        outs = {
            subprocess.run(
                [sys.executable, "-c", script, *args],
                env={**env, "PYTHONHASHSEED": h},
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            for h in ("0", "1", "4242")
        }
        assert len(outs) == 1, args
    return {"games": games, "hash_seeds": 3, "identical": True}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every count (smoke runs)")
    ap.add_argument("--output", type=Path, default=RESULTS)
    ap.add_argument("--only", nargs="*", help="run only these parts; others are kept from --output")
    args = ap.parse_args(argv)
    s = args.scale
    report: dict = {
        "date": datetime.datetime.now().isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "scale": s,
    }
    jobs = [
        ("actions", lambda: run_actions(int(100_000 * s))),
        ("cards", lambda: run_cards(max(int(10_000 * s), 10))),
        ("card_scaling", run_card_scaling),
        ("saves", lambda: run_saves(max(int(10_000 * s), 10))),
        ("determinism", lambda: run_determinism(max(int(10 * s), 1))),
        ("stores", lambda: run_stores(max(int(5_000 * s), 10))),
    ]
    if args.only:
        old = json.loads(args.output.read_text(encoding="utf-8")) if args.output.exists() else {}
        report = {**old, "date": report["date"]}
        jobs = [j for j in jobs if j[0] in args.only]
    failed = False
    for name, job in jobs:
        start = time.perf_counter()
        try:
            result = job()
            result["result"] = "pass"
        except AssertionError as exc:
            result = {"result": "FAIL", "error": str(exc)[:2000]}
            failed = True
        result["seconds"] = round(time.perf_counter() - start, 1)
        report[name] = result
        print(f"{name}: {json.dumps(result)[:600]}", flush=True)
    args.output.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.output}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The balance tutorial's real runs: each command as a user types it, its
printed report kept in ``docs/lab/NAME.txt`` and a slim copy of its JSON
report in ``docs/lab/NAME.json`` (``tests/lab/test_tutorial_runs.py`` checks
that they say what the tutorial says they say).

    python tools/lab_tutorial.py            # every run
    python tools/lab_tutorial.py aa tune    # some of them

Game counts, seeds and bots are fixed here, before the runs (4 players,
heuristic bots, the command's defaults otherwise). Each run keeps its games
in ``--work`` and resumes there after an interruption.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "lab"

RUNS = {
    # an A/A test: a copy of a base card against its original
    "aa": ["balance", "--cards", "examples/lab/joiner_copy.cards", "--against", "joiner_r2", "--games", "200"],
    # a grossly overpowered card
    "overpowered": ["balance", "--cards", "examples/lab/alchemist.cards", "--games", "40"],
    # a mildly stronger base card: the round-2 Joiner with capacity 3
    "mild": ["balance", "--cards", "examples/lab/joiner_capacity3.cards", "--games", "300"],
    # what should the Glazier cost?
    "tune": ["balance", "tune", "glazier", "--cards", "examples/lab/glazier.cards", "--vary", "cost=4..16:3",
             "--games", "120"],
    # the base-game report: every base card a seat can take
    "base": ["balance", "--games", "60"],
}


def _slim(data):
    """The JSON report without the per-game value lists (kept small for the repository)."""
    if isinstance(data, dict):
        return {k: _slim(v) for k, v in data.items() if k != "values"}
    if isinstance(data, list):
        return [_slim(v) for v in data]
    return data


def run(name: str, work: Path) -> None:
    argv = RUNS[name]
    out = work / f"{name}.jsonl"
    js = work / f"{name}.json"
    extra = ["--out", str(out), "--json", str(js), "--progress", "60"]
    extra.append("--resume" if out.exists() else "--overwrite")
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "pillars_rules", *argv, *extra], cwd=ROOT,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{name}: exit {done.returncode}\n{done.stderr}")
    shown = "$ pillars-rules " + " ".join(argv) + "\n" + done.stdout
    (OUT / f"{name}.txt").write_text(shown, encoding="utf-8")
    data = _slim(json.loads(js.read_text()))
    data["_run"] = {"argv": argv, "seconds": round(time.monotonic() - start), "load_after": os.getloadavg()[0]}
    (OUT / f"{name}.json").write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{name}: {time.monotonic() - start:.0f} s, load {os.getloadavg()[0]:.1f}", flush=True)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python tools/lab_tutorial.py", description=__doc__.splitlines()[0])
    p.add_argument("runs", nargs="*", choices=[*RUNS, []], default=list(RUNS))
    p.add_argument("--work", default="/tmp/pillars-lab-tutorial")
    args = p.parse_args(argv)
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    OUT.mkdir(parents=True, exist_ok=True)
    for name in args.runs or list(RUNS):
        run(name, work)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

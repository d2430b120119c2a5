"""``python -m bench --instructions``: instructions per game under callgrind,
for any number of builds or versions side by side (issue #26).

Wall-clock and even CPU times move by 10-20% on a shared machine; the number
of instructions ``valgrind --tool=callgrind`` counts does not. For each source
(a folder to put first on ``PYTHONPATH``: a checkout's ``src/``, an old
version's ``src/`` unpacked by ``git archive``, or a compiled build's
site folder) and each workload, a child interpreter runs the workload on the
first ``N`` of four seeded 4-player games (seeds 1000-1003, seat ``i`` of game
``s`` played by ``RandomBot(s * 10 + i)``) and again on none; the difference
divided by ``N`` is the count per game. Everything but the measured loop --
imports, compiling the cards, playing and saving the games a replay or a
load reads -- is the same in both runs, so it cancels out. The garbage
collector is off in the measured loop, as in the timed benchmark.

Workloads (each per complete 4-player game):

* ``play`` -- ``new_game`` and ``play`` with a ``RandomBot`` per seat (views);
* ``playout`` -- ``new_game`` and ``pr.playout(game, seed=s)``;
* ``replay`` -- verified ``replay(events)``;
* ``fold`` -- ``replay(events, verify=False)``;
* ``load`` -- ``load(save(game))``'s load (verified);
* ``paired`` (only when named) -- the balance lab's paired games of issue
  #39's "together" set: the three cards of ``examples/lab/three_cards.cards``
  as targets, four heuristic bots, game ``i`` seeded ``1000 + i``, each with
  its branches (:func:`pillars_rules.lab.causal.play_causal`): what the
  lab's games cost, bots included. The child also prints a hash of the
  records, so sources that should play the same games can be seen to;
* ``ismcts`` (only when named) -- the ISMCTS bot (``MCTSBot(seed=s,
  iterations=50)``) deciding at the first 20 decisions of game ``s`` (each
  seat played by ``RandomBot(s)``, the positions dealt before the count), as
  ``python -m bench --builds`` times it. The child prints a hash of the
  chosen actions, so sources whose bots should decide the same can be seen to.

::

    python -m bench --instructions                                  # this checkout's src/
    python -m bench --instructions --source before=/tmp/old/src --source after=src \\
        --source compiled=bench/.compiled/site --output bench/results/instructions.json
    python -m bench --instructions --workloads load --keep /tmp/cg  # keep callgrind's files
                                                                    # (callgrind_annotate them)
    python -m bench --instructions --workloads paired --games 2 --source previous=/tmp/site-old \
        --source after=/tmp/site-new                                 # the lab's paired games

The child code uses only the public API that every version since the second
speed pass has (``new_game``, ``play``, ``RandomBot``, ``playout``, ``replay``,
``save``, ``load``; ``paired``: the lab's ``GameSpec``, ``read_cards``,
``cardset`` and ``play_causal`` as issue #39 found them), so an old version
can be measured beside this one.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .common import parse_sources, source_env

ROOT = Path(__file__).resolve().parents[1]
WORKLOADS = ("play", "playout", "replay", "fold", "load")
#: Workloads run only when named (``--workloads``): the lab's paired games, the ISMCTS bot.
EXTRA = ("paired", "ismcts")
PAIRED_CARDS = "examples/lab/three_cards.cards"
SEEDS = (1000, 1001, 1002, 1003)
#: The ``ismcts`` workload: decisions per game and the bot's iterations per decision.
ISMCTS_DECISIONS = 20
ISMCTS_ITERATIONS = 50


# ---------------------------------------------------------------------- the child
def child(workload: str, k: int) -> None:
    """Run ``workload`` on the first ``k`` games (the measured part), after the
    same set-up whatever ``k`` is."""
    import gc

    import pillars_rules as pr

    pr.new_game(players=4, seed=1)  # compile the cards and build the rules once
    records = None
    if workload == "paired":
        from pillars_rules.lab.causal import play_causal
        from pillars_rules.lab.games import GameSpec, cardset, read_cards

        sources, card_hash = read_cards([ROOT / PAIRED_CARDS])
        spec = GameSpec(
            players=4,
            bots=("heuristic",),
            seed=SEEDS[0],
            sources=sources,
            card_hash=card_hash,
            targets=("alchemist", "joiner_r2_copy", "stonecutter"),
        )
        cardset(spec)
    if workload == "ismcts":
        from pillars_rules.bots.mcts import MCTSBot

        positions = []
        for s in SEEDS:
            game, views = pr.new_game(players=4, seed=s), []
            while len(views) < ISMCTS_DECISIONS and not game.is_over:
                views.append(game.view(game.current_player))
                game = game.apply(pr.RandomBot(s)(views[-1]), seat=game.current_player)
            positions.append((s, views))
    if workload in ("replay", "fold", "load"):
        ended = [pr.playout(pr.new_game(players=4, seed=s), seed=s) for s in SEEDS]
        logs = [g.events for g in ended]
        texts = [pr.save(g) for g in ended]
    gc.collect()
    gc.disable()
    if workload == "play":
        for s in SEEDS[:k]:
            pr.play(pr.new_game(players=4, seed=s), [pr.RandomBot(s * 10 + i) for i in range(4)])
    elif workload == "playout":
        for s in SEEDS[:k]:
            pr.playout(pr.new_game(players=4, seed=s), seed=s)
    elif workload == "replay":
        for events in logs[:k]:
            pr.replay(events)
    elif workload == "fold":
        for events in logs[:k]:
            pr.replay(events, verify=False)
    elif workload == "load":
        for text in texts[:k]:
            pr.load(text)
    elif workload == "paired":
        records = [play_causal(spec, i) for i in range(k)]
    elif workload == "ismcts":
        records = [
            [repr(MCTSBot(seed=s, iterations=ISMCTS_ITERATIONS)(v)) for v in views] for s, views in positions[:k]
        ]
    else:
        raise SystemExit(f"no workload {workload!r}")
    gc.enable()
    info: dict[str, Any] = {"compiled": bool(getattr(pr, "COMPILED", False)), "file": pr.__file__}
    if records is not None:
        import hashlib

        info["records"] = hashlib.sha256(json.dumps(records, sort_keys=True, default=str).encode()).hexdigest()[:12]
    print(json.dumps(info))


# ---------------------------------------------------------------------- the parent
def _env(source: Path) -> dict[str, str]:
    return source_env(source, ROOT)


def warm(source: Path, workload: str) -> None:
    """One run outside callgrind first, so both counted runs find the same
    ``.pyc`` files (a first import compiles every module, and that would be
    counted in one run only)."""
    run = subprocess.run(
        [sys.executable, "-m", "bench.instructions", "--child", workload, "1"],
        capture_output=True,
        text=True,
        env=_env(source),
        cwd=ROOT,
    )
    if run.returncode != 0:
        raise SystemExit(f"the workload failed ({source} {workload}):\n{run.stderr[-3000:]}")


def count(source: Path, workload: str, k: int, keep: Path | None = None, label: str = "") -> tuple[int, dict]:
    """Instructions callgrind counts for one child run."""
    env = _env(source)
    out = "/dev/null" if keep is None else str(keep / f"callgrind.{label}.{workload}.{k}")
    cmd = [
        "valgrind",
        "--tool=callgrind",
        f"--callgrind-out-file={out}",
        sys.executable,
        "-m",
        "bench.instructions",
        "--child",
        workload,
        str(k),
    ]
    run = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT)
    if run.returncode != 0:
        raise SystemExit(f"callgrind run failed ({label} {workload} {k}):\n{run.stderr[-3000:]}")
    found = re.search(r"Collected : (\d+)", run.stderr)
    if not found:
        raise SystemExit(f"no instruction count in callgrind's output:\n{run.stderr[-2000:]}")
    return int(found.group(1)), json.loads(run.stdout.strip().splitlines()[-1])


def measure(sources: list[tuple[str, Path]], workloads: Sequence[str], games: int, keep: Path | None, say: Any) -> dict:
    results: dict[str, Any] = {
        "games": games,
        "seeds": list(SEEDS[:games]),
        "workloads": list(workloads),
        "python": sys.version.split()[0],
        "sources": {},
    }
    for label, source in sources:
        row: dict[str, Any] = {"path": str(source)}
        for w in workloads:
            warm(source, w)
            say(f"{label}: {w} ...")
            full, info = count(source, w, games, keep, label)
            none, _ = count(source, w, 0, keep, label)
            row[w] = (full - none) / games
            row["compiled"] = info["compiled"]
            if "records" in info:
                row[f"{w}_records"] = info["records"]
        results["sources"][label] = row
    return results


def render_text(results: dict) -> str:
    labels = list(results["sources"])
    first = labels[0]
    lines = [
        f"instructions per game under callgrind ({results['games']} games, seeds "
        f"{results['seeds'][0]}-{results['seeds'][-1]}), millions; ratio to {first!r}"
    ]
    lines.append(f"{'workload':10}" + "".join(f"{label:>22}" for label in labels))
    for w in results["workloads"]:
        cells = []
        for label in labels:
            v, base = results["sources"][label][w], results["sources"][first][w]
            cells.append(f"{v / 1e6:10.2f} M ({v / base:5.3f}x)")
        lines.append(f"{w:10}" + "".join(f"{c:>22}" for c in cells))
        hashes = {results["sources"][label].get(f"{w}_records") for label in labels} - {None}
        if hashes:
            lines.append(
                f"{'':10}records: "
                + (
                    f"the same ({hashes.pop()})"
                    if len(hashes) == 1
                    else ", ".join(f"{label} {results['sources'][label].get(f'{w}_records')}" for label in labels)
                )
            )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    argv = [a for a in (sys.argv[1:] if argv is None else argv) if a != "--instructions"]
    if argv[:1] == ["--child"]:
        child(argv[1], int(argv[2]))
        return 0
    p = argparse.ArgumentParser(
        prog="python -m bench --instructions",
        description="instructions per game under callgrind, several sources side by side",
    )
    p.add_argument(
        "--source",
        action="append",
        metavar="LABEL=DIR",
        help="a folder holding pillars_rules (repeatable; default: this checkout's src/)",
    )
    p.add_argument(
        "--workloads",
        default=",".join(WORKLOADS),
        help=f"comma-separated, of {', '.join(WORKLOADS + EXTRA)} (default all but {', '.join(EXTRA)})",
    )
    p.add_argument(
        "--games",
        type=int,
        default=4,
        choices=range(1, len(SEEDS) + 1),
        metavar="N",
        help="games per measured run (1-4; default 4)",
    )
    p.add_argument("--keep", metavar="DIR", help="keep callgrind's output files here (for callgrind_annotate)")
    p.add_argument("--output", metavar="FILE", help="write the results as JSON here")
    p.add_argument("--quiet", action="store_true")
    args = p.parse_args(argv)
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    sources = parse_sources(args.source, f"src={ROOT / 'src'}")
    workloads = [w for w in args.workloads.split(",") if w]
    unknown = set(workloads) - set(WORKLOADS) - set(EXTRA)
    if unknown:
        raise SystemExit(f"unknown workload(s): {', '.join(sorted(unknown))}")
    keep = Path(args.keep) if args.keep else None
    if keep is not None:
        keep.mkdir(parents=True, exist_ok=True)
    say = (lambda msg: None) if args.quiet else (lambda msg: print(msg, file=sys.stderr, flush=True))
    results = measure(sources, workloads, args.games, keep, say)
    if args.output:
        Path(args.output).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    if not args.quiet:
        print(render_text(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())

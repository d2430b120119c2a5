"""Ora et Labora's speed beside Pillars' (issue #58): random games at 1, 2 and 4 players.

Issue #58's target: random Ora games at 4 players reach at least Pillars'
4-player actions per second *in the same run*. The machine may be shared, so
the two games are measured in alternation: each pass plays the fixed Pillars
games, then the fixed Ora games at 4, 2 and 1 players, and the ratio of Ora's
4-player actions per second to Pillars' is taken within each pass; the
reported figures are the medians over the passes, with their ranges.

Every game is ``new_game`` and ``pr.play`` with ``RandomBot(seed * 10 + seat)``
per seat (as the Pillars rows of :mod:`bench.engine`), each pass with seeds of
its own from :data:`~bench.common.FIRST_SEED` on (pass ``i`` of ``n`` games:
``FIRST_SEED + i * n`` on), so the figures are of games the process has not
played before; an *action* is one bot decision (the bot is wrapped to count
its calls). The counts of games and passes are fixed by the
mode (:data:`~bench.common.MODES`: ``ora_*``), never by the time taken.

``python -m bench`` measures these rows with the others; ``python -m bench --ora``
measures only them (pinned to one core, the garbage collector off while timing,
as the suite), e.g. in each build::

    python -m bench --ora --output bench/results/ora.json --rst bench/results/ora.rst
    PYTHONPATH=bench/.compiled/site python -m bench --ora --output bench/results/ora.compiled.json
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from collections.abc import Sequence
from typing import Any

from .common import FIRST_SEED, MODES, PLAYERS, Timing, write_results

#: The Ora rows: players -> the mode's key for the games per pass.
ORA_ROWS = {4: "ora_games_4", 2: "ora_games_2", 1: "ora_games_1"}
GAME = "ora-et-labora"


class _Counted:
    """A RandomBot that counts its decisions."""

    def __init__(self, seed: int, tally: list[int]) -> None:
        import pillars_rules as pr

        self.bot = pr.RandomBot(seed)
        self.tally = tally

    def __call__(self, view: Any) -> Any:
        self.tally[0] += 1
        return self.bot(view)


def _games(game: str | None, players: int, seeds: list[int]) -> tuple[int, int]:
    """Play the seeded random games: (games, actions)."""
    import pillars_rules as pr

    tally = [0]
    for s in seeds:
        start = pr.new_game(players, s) if game is None else pr.new_game(game=game, players=players, seed=s)
        pr.play(start, [_Counted(s * 10 + i, tally) for i in range(players)])
    return len(seeds), tally[0]


def _seeds(i: int, n: int) -> list[int]:
    """Pass ``i``'s seeds: ``n`` of its own, so that no pass plays a game again (Ora's memos of
    outcomes, kept for the process's life, never see a game twice: each pass is as a new game is)."""
    return [FIRST_SEED + i * n + k for k in range(n)]


def _row(label: str, passes: list[tuple[float, int, int]]) -> dict[str, Any]:
    aps = [a / dt for dt, _, a in passes]
    gps = [g / dt for dt, g, _ in passes]
    return {
        "row": label,
        "games": passes[0][1],
        "actions": [a for _, _, a in passes],
        "seconds": [dt for dt, _, _ in passes],
        "games_per_s": statistics.median(gps),
        "games_per_s_range": [min(gps), max(gps)],
        "actions_per_s": statistics.median(aps),
        "actions_per_s_range": [min(aps), max(aps)],
    }


def bench_ora(cfg: dict, timing: Timing) -> dict[str, Any]:
    """Pillars' 4-player random games and Ora's at 4, 2 and 1 players, alternated pass by pass."""
    import pillars_rules as pr

    pr.load_cards()  # compiled once, outside every timed block
    pr.new_game(game=GAME, players=PLAYERS, seed=0)  # Ora's package and cards, imported and compiled once
    runs: dict[str, list[tuple[float, int, int]]] = {"pillars 4": []}
    runs.update({f"ora {n}": [] for n in ORA_ROWS})
    for i in range(cfg["ora_passes"]):
        seeds = _seeds(i, cfg["ora_pillars_games"])
        dt, (games, actions) = timing.time(lambda s=seeds: _games(None, PLAYERS, s))
        runs["pillars 4"].append((dt, games, actions))
        for players, key in ORA_ROWS.items():
            seeds = _seeds(i, cfg[key])
            dt, (games, actions) = timing.time(lambda p=players, s=seeds: _games(GAME, p, s))
            runs[f"ora {players}"].append((dt, games, actions))
    ratios = [
        (oa / odt) / (pa / pdt) for (pdt, _, pa), (odt, _, oa) in zip(runs["pillars 4"], runs["ora 4"], strict=True)
    ]
    return {
        "passes": cfg["ora_passes"],
        "rows": [_row(label, passes) for label, passes in runs.items()],
        "ratio_4p": statistics.median(ratios),
        "ratio_4p_range": [min(ratios), max(ratios)],
        "ratios_4p": ratios,
        "how": "each pass: the Pillars games, then the Ora games at 4, 2, 1 players (new_game + pr.play, "
        "RandomBot(seed*10+seat), pass i's n games seeded FIRST_SEED+i*n on); actions = bot decisions; medians and ranges over "
        "the passes; ratio_4p = Ora 4-player actions/s over Pillars' in the same pass",
    }


def ora_rows(r: dict) -> list[tuple[str, str, str, str]]:
    """The rows of the results table (results written before the Ora rows lack them)."""
    from .report import _fmt

    o = r.get("ora")
    if not o:
        return []
    rows = []
    for row in o["rows"]:
        game, players = row["row"].split()
        name = "Pillars" if game == "pillars" else "Ora et Labora"
        lo, hi = row["actions_per_s_range"]
        rows.append(
            (
                f"{name}: random {players}-player games ({row['games']} a pass, {sum(row['actions'])} actions)",
                f"{_fmt(row['actions_per_s'])} actions/s ({_fmt(lo)} to {_fmt(hi)}), "
                f"{_fmt(row['games_per_s'])} games/s",
                "",
                "",
            )
        )
    t = {x["key"]: x for x in r.get("targets", [])}.get("ora_ratio_4p")
    lo, hi = o["ratio_4p_range"]
    rows.append(
        (
            f"Ora / Pillars, 4-player actions/s (median of {o['passes']} passes)",
            f"{o['ratio_4p']:.3f}x ({lo:.3f}x to {hi:.3f}x)",
            f">= {t['target']:.2f}x" if t else "",
            ("met" if t["met"] else "MISSED") if t else "",
        )
    )
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m bench --ora``: only the rows of this module."""
    from .report import check_targets, machine_info

    p = argparse.ArgumentParser(prog="python -m bench --ora", description=__doc__.splitlines()[0])
    p.add_argument("--ora", action="store_true", help="(the flag that chose this suite)")
    p.add_argument("--quick", action="store_true", help="a tiny workload: checks the suite works")
    p.add_argument("--output", metavar="FILE", help="write the results as JSON here")
    p.add_argument("--rst", metavar="PATH", help="write the rows as a reStructuredText table here")
    p.add_argument("--quiet", action="store_true", help="print nothing but errors")
    args = p.parse_args(argv)
    mode = "quick" if args.quick else "full"
    try:
        before = os.sched_getaffinity(0)
        os.sched_setaffinity(0, {min(before)})
    except (AttributeError, OSError, ValueError):  # pragma: no cover - not Linux
        before = None
    try:
        ora = bench_ora(MODES[mode], Timing(False))
    finally:
        if before is not None:
            os.sched_setaffinity(0, before)
    results: dict[str, Any] = {"mode": mode, "ora": ora, "machine": machine_info()}
    results["targets"] = check_targets({"ora_ratio_4p": ora["ratio_4p"]})
    rows = ora_rows(results)
    if not args.quiet:
        print(f"{results['machine']['build']}, {mode} mode")
        for row in rows:
            print(f"  {row[0]}: {row[1]}" + (f"  [{row[2]}: {row[3]}]" if row[2] else ""))
    write_results(results, args.output, args.rst, render_rst)
    return 0


def render_rst(results: dict) -> str:
    """The rows as a list-table (the build and the date in its title)."""
    lines = [
        f".. list-table:: Ora et Labora beside Pillars, random games ({results['machine']['build']})",
        "   :header-rows: 1",
        "   :widths: 50 35 15",
        "",
        "   * - Measurement",
        "     - Value (median over the passes, range)",
        "     - Target",
    ]
    for name, value, target, status in ora_rows(results):
        lines += [f"   * - {name}", f"     - {value}", f"     - {target} {status}".rstrip()]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

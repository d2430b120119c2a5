"""Are the balance lab's flags calibrated? A/A runs, measured.

Each run plays ``--games`` seeded 4-player games (heuristic bots) of the base
set plus ``examples/lab/joiner_copy.cards`` -- a copy of the base Joiner
(``joiner_r2``) under a new id with identical text -- on its own block of
seeds, and judges both cards causally (:mod:`pillars_rules.lab.causal`). The
copy is compared with its original on the same games
(:func:`pillars_rules.lab.effects.contrast`): under the null the difference is
zero, so a 5% test flags about one run in twenty. The script records, per
run, the difference, its interval and p-value, and whether it was flagged
(p < 0.05, no correction: the strictest reading); then the flag rate with its
Wilson interval. It also checks each card's *own* interval across the blocks
of seeds (:func:`coverage`): the blocks measure one true value, so about 95%
of their intervals must hold the pooled value, and their spread must match
their standard errors (Cochran's Q).

    python tools/lab_aa.py --runs 80 --games 100 --json bench/results/lab_aa.json --rst docs/lab/aa.rst

The table shows the first twenty runs; the rates are given for those and
for all runs (twenty runs alone cannot tell a 5% rate from 10%: one flag
more or less is the difference).

The game counts are fixed before the run. Each run's games are kept in
``--work`` (JSON lines, resumable): run the command again after an
interruption and it continues. ``--summarise FILE`` plays nothing and
summarises an earlier ``--json`` file's runs again.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

import numpy as np

from pillars_rules.lab import effects, runner, sequential, stats
from pillars_rules.lab.games import GameSpec, read_sources, seal
from pillars_rules.lab.verdict import MIN_UNITS

COPY, ORIGINAL = "joiner_r2_copy", "joiner_r2"
CARDS = "examples/lab/joiner_copy.cards"


def one_run(k: int, games: int, work: Path, workers: int, players: int = 4) -> dict:
    spec = seal(
        GameSpec(
            players=players,
            bots=("heuristic",),
            seed=100_000 + 1000 * k,
            sources=read_sources([CARDS]),
            targets=(COPY, ORIGINAL),
        )
    )
    out = work / (f"aa-{k:02d}.jsonl" if players == 4 else f"aa-{players}p-{k:02d}.jsonl")
    start = time.monotonic()
    records = runner.run({"aa": spec}, games, workers=workers, out=out, resume=out.exists())["aa"]
    c = effects.contrast(records, COPY, None, ORIGINAL)
    copy, orig = effects.card_effect(records, COPY), effects.card_effect(records, ORIGINAL)
    return {
        "run": k,
        "first_seed": spec.seed,
        "games": games,
        "seconds": time.monotonic() - start,
        "difference": {k2: c[k2] for k2 in ("value", "lo", "hi", "se", "p")},
        "flagged": bool(c["p"] < 0.05),
        "copy": _own(copy),
        "original": _own(orig),
        "sequential": _sequential(records),
    }


def _sequential(records: list) -> dict:
    """The run read as a sequential report reads it (:mod:`pillars_rules.lab.sequential`):
    the always-valid p-values of the copy's own value and of the contrast after every
    game, Holm over the two, and whether (and after how many games) the contrast was flagged."""
    paths = [
        sequential.contrast_path(*effects.contrast_arrays(records, COPY, None, ORIGINAL)),
        sequential.ratio_path(*effects.card_arrays(records, COPY)),
    ]
    matrix = np.array([sequential.valid_p(path, MIN_UNITS) for path in paths])
    adjusted, first = sequential.holm_path(matrix, effects.ALPHA)
    return {
        "p_contrast": float(matrix[0, -1]),
        "p_copy": float(matrix[1, -1]),
        "p_holm": float(adjusted[0]),
        "flagged": first[0] is not None,
        "flagged_at": first[0],
    }


def _own(effect: dict) -> dict:
    """A card's own value in one run: its chances, and its VP difference with interval and p."""
    vp = effect["vp"]
    return {
        "units": effect["units"],
        "vp": vp["value"],
        "se": vp["se"],
        "lo": vp["lo"],
        "hi": vp["hi"],
        "p": vp["p"],
        "clusters": vp.get("games", vp["clusters"]),
    }  # the games with a chance: df + 1


def _se(own: dict, games: int) -> float:
    """The standard error of a card's own value in one run. Runs recorded before it was kept
    give it back from the value and its two-sided *t* p-value (games - 1 degrees of freedom:
    the games are the clusters)."""
    if own.get("se") is not None:
        return float(own["se"])
    from scipy.stats import t

    value, p = float(own["vp"]), float(own["p"])
    return abs(value) / float(t.isf(p / 2, own.get("clusters", games) - 1)) if value and 0 < p < 1 else float("nan")


def coverage(per_run: list, card: str, games: int) -> dict:
    """Does a card's own interval keep its coverage across blocks of seeds? The blocks are
    independent measurements of one true value: their inverse-variance pooled value, the share
    of runs whose 95% interval holds it, and Cochran's Q (the blocks' spread against their
    standard errors; chi-squared with runs - 1 degrees of freedom when the intervals are
    honest). Intervals too narrow show as a small p and a share well below 95%."""
    from scipy.stats import chi2, t

    rows = [(float(r[card]["vp"]), _se(r[card], games), r[card].get("clusters", games)) for r in per_run]
    rows = [(v, se, m) for v, se, m in rows if se == se and se > 0]
    if len(rows) < 2:
        return {
            "runs": len(rows),
            "pooled": float("nan"),
            "pooled_se": float("nan"),
            "covered": float("nan"),
            "q": float("nan"),
            "q_p": float("nan"),
        }
    w = [1 / se**2 for _, se, _ in rows]
    pooled = sum(wi * v for wi, (v, _, _) in zip(w, rows)) / sum(w)
    q = sum(wi * (v - pooled) ** 2 for wi, (v, _, _) in zip(w, rows))
    held = sum(abs(v - pooled) <= float(t.ppf(0.975, m - 1)) * se for v, se, m in rows)
    return {
        "runs": len(rows),
        "pooled": pooled,
        "pooled_se": (1 / sum(w)) ** 0.5,
        "covered": held / len(rows),
        "q": q,
        "q_p": float(chi2.sf(q, len(rows) - 1)),
    }


def summarise(per_run: list, games: int, first: int) -> dict:
    """The flag rate of the first ``first`` runs (the issue's twenty) and of
    all runs, uncorrected and as a report flags it: a balance run with
    ``--against`` tests the copy's own value and the contrast, and Holm's
    correction over those two tests sets the contrast's flag. Also the
    Kolmogorov-Smirnov test of the contrasts' p-values against uniform."""
    from scipy.stats import kstest

    for r in per_run:
        pc, po = r["difference"]["p"], r["copy"]["p"]
        r["p_holm"] = min(1.0, 2 * pc) if pc <= po else max(min(1.0, 2 * po), pc)
        r["holm_flagged"] = bool(r["p_holm"] < 0.05)
    head = per_run[:first]
    flagged = sum(r["flagged"] for r in head)
    all_flagged = sum(r["flagged"] for r in per_run)
    with_seq = [r for r in per_run if "sequential" in r]  # runs recorded before the design have none
    seq_flagged = sum(r["sequential"]["flagged"] for r in with_seq)
    seq = (
        {
            "sequential": {
                "runs": len(with_seq),
                "flagged": seq_flagged,
                "flag_rate": stats.rate_ci(seq_flagged, len(with_seq)),
            }
        }
        if with_seq
        else {}
    )
    return {
        **seq,
        "games": games,
        "players": per_run[0].get("players", 4) if per_run else 4,
        "per_run": per_run,
        "first": len(head),
        "runs": len(head),
        "flagged": flagged,
        "flag_rate": stats.rate_ci(flagged, len(head)),
        "all_runs": len(per_run),
        "all_flagged": all_flagged,
        "all_flag_rate": stats.rate_ci(all_flagged, len(per_run)),
        "holm_flagged": sum(r["holm_flagged"] for r in per_run),
        "holm_flagged_first": sum(r["holm_flagged"] for r in head),
        "ks_p": float(kstest([r["difference"]["p"] for r in per_run], "uniform").pvalue),
        "coverage": {COPY: coverage(per_run, "copy", games), ORIGINAL: coverage(per_run, "original", games)},
    }


def to_rst(result: dict) -> str:
    rate = result["flag_rate"]
    lines = [
        ".. Generated by `python tools/lab_aa.py`; do not edit by hand.",
        "",
        f".. list-table:: {'The first ' if result['all_runs'] > result['runs'] else ''}{result['runs']}"
        f"{' of ' + str(result['all_runs']) if result['all_runs'] > result['runs'] else ''} "
        f"A/A runs of {result['games']} games each "
        f"({result['players']} players, heuristic bots): {COPY} against {ORIGINAL}",
        "   :header-rows: 1",
        "",
        "   * - Run",
        "     - First seed",
        "     - Chances (copy / original)",
        "     - VP difference [95%]",
        "     - p",
        "     - Flagged",
    ]
    for r in result["per_run"][: result["first"]]:
        d = r["difference"]
        lines += [
            f"   * - {r['run'] + 1}",
            f"     - {r['first_seed']}",
            f"     - {r['copy']['units']} / {r['original']['units']}",
            f"     - {d['value']:+.2f} [{d['lo']:+.2f}, {d['hi']:+.2f}]",
            f"     - {d['p']:.3f}",
            f"     - {'yes' if r['flagged'] else 'no'}",
        ]
    every = result["all_flag_rate"]
    lines += [
        "",
        f"Flagged at p < 0.05 without correction: **{result['flagged']} of the first {result['runs']}** "
        f"runs ({100 * rate['value']:.0f}%, 95% Wilson interval {100 * rate['lo']:.0f}% to "
        f"{100 * rate['hi']:.0f}%), **{result['all_flagged']} of all {result['all_runs']}** "
        f"({100 * every['value']:.1f}%, {100 * every['lo']:.1f}% to {100 * every['hi']:.1f}%); nominal "
        f"rate 5%. As a report flags it (Holm over the run's two tests): {result['holm_flagged_first']} of "
        f"the first {result['runs']}, {result['holm_flagged']} of all {result['all_runs']}. The "
        f"contrasts' p-values against a uniform distribution: Kolmogorov-Smirnov p = {result['ks_p']:.2f}.",
    ]
    seq = result.get("sequential") or {}
    if seq.get("runs"):
        r = seq["flag_rate"]
        lines += [
            "",
            f"Read as a sequential report reads them (always-valid p-values watched after every game, "
            f"Holm over the run's two tests): flagged in **{seq['flagged']} of {seq['runs']}** runs "
            f"({100 * r['value']:.1f}%, 95% Wilson interval {100 * r['lo']:.1f}% to "
            f"{100 * r['hi']:.1f}%); nominal rate at most 5%.",
        ]
    cov = result.get("coverage")
    if cov:
        lines += [
            "",
            f".. list-table:: Each card's own value across the {result['all_runs']} blocks of seeds",
            "   :header-rows: 1",
            "",
            "   * - Card",
            "     - Pooled VP [95%]",
            "     - Runs whose interval holds it",
            "     - Cochran's Q (p)",
        ]
        for card, c in cov.items():
            half = 1.96 * c["pooled_se"]
            lines += [
                f"   * - ``{card}``",
                f"     - {c['pooled']:+.2f} [{c['pooled'] - half:+.2f}, {c['pooled'] + half:+.2f}]",
                f"     - {100 * c['covered']:.0f}% of {c['runs']}",
                f"     - {c['q']:.1f} ({c['q_p']:.2f})",
            ]
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python tools/lab_aa.py", description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=20)
    p.add_argument("--first", type=int, default=20, help="the runs the flag rate is first reported for")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--work", default="/tmp/pillars-lab-aa")
    p.add_argument("--json")
    p.add_argument("--rst")
    p.add_argument(
        "--summarise",
        metavar="JSON",
        help="play nothing: summarise the runs of an earlier --json file again (new checks, old games)",
    )
    args = p.parse_args(argv)
    if args.summarise:
        old = json.loads(Path(args.summarise).read_text(encoding="utf-8"))
        return _write(summarise(old["per_run"], old["games"], args.first), args)
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    per_run = []
    for k in range(args.runs):
        r = one_run(k, args.games, work, args.workers, args.players)
        r["players"] = args.players
        per_run.append(r)
        d = r["difference"]
        print(
            f"run {k + 1:2d}: difference {d['value']:+.2f} VP [{d['lo']:+.2f}, {d['hi']:+.2f}], p {d['p']:.3f}"
            f"{'  FLAGGED' if r['flagged'] else ''}; sequential p {r['sequential']['p_contrast']:.3f}"
            f"{'  FLAGGED' if r['sequential']['flagged'] else ''} ({r['seconds']:.0f} s, "
            f"load {os.getloadavg()[0]:.1f})",
            flush=True,
        )
    return _write(summarise(per_run, args.games, args.first), args)


def _write(result: dict, args) -> int:
    print(
        f"flagged {result['flagged']} of the first {result['first']}; {result['all_flagged']} of all "
        f"{result['all_runs']}; as the report flags (Holm over its 2 tests): {result['holm_flagged']} of "
        f"{result['all_runs']}"
    )
    seq = result.get("sequential")
    if seq:
        rate = seq["flag_rate"]
        print(
            f"sequential design (always-valid p, watched after every game, Holm over the 2 tests): flagged "
            f"{seq['flagged']} of {seq['runs']} ({100 * rate['value']:.1f}%, 95% {100 * rate['lo']:.1f}% to "
            f"{100 * rate['hi']:.1f}%)"
        )
    for card, c in result["coverage"].items():
        print(
            f"{card}: own value pooled over {c['runs']} blocks {c['pooled']:+.2f} VP (se {c['pooled_se']:.2f}); "
            f"{100 * c['covered']:.0f}% of the blocks' intervals hold it; Cochran's Q {c['q']:.1f}, p {c['q_p']:.2f}"
        )
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    if args.rst:
        Path(args.rst).write_text(to_rst(result), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

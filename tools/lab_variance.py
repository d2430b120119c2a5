"""Where the balance lab's noise is, and what each variance-reduction lever
of issue #39 could buy: measured, not argued.

For ``--games`` seeded games (4 players, heuristic bots, the base set, the
cards of ``--targets`` judged as the lab judges them,
:mod:`pillars_rules.lab.causal`) every moment's two arms -- take and
reference -- are played to the end, and in each arm the seat's position is
valued (the heuristic bots' evaluation, expected final VP) at the first
decision after the fork and at the start of every later round; CPU seconds
are taken at the same points, and for the natural game and the gold arms.
From that, per card:

* **control variates** -- the share of the spread of the paired difference
  ``d = VP(take) - VP(ref)`` that a linear regression on what the natural
  game tells (whether the bot took the card, the seat's final VP in it, the
  moment's round, the seat's VP at the moment) removes: an upper bound on a
  control variate's gain, even one whose mean were known exactly;
* **arms cut off early** -- for each horizon ``h`` (the fork itself, then
  1, 2, ... rounds after it), the proxy ``p = value(take) - value(ref)`` there:
  the share of ``Var(d)`` left in ``d - p``, the share of the arms' CPU spent
  before the horizon, and the efficiency of the best two-phase design
  (every arm played to the horizon, a random share ``pi`` of them on to the
  end; the estimate ``mean(p) + mean over the finished (d - p)`` is
  unbiased): variance times cost against playing every arm out, above 1 only
  if the lever pays;
  The covariates' mean is not known, but the natural games that give them
  are cheap: the best *double sampling* design plays extra natural games
  without arms to learn it, and gains ``1 / (sqrt(1 - R2) + sqrt(R2 c))**2``
  in variance per CPU second, ``c`` the natural game's share of a paired
  game's CPU;
* **more branches per game** -- replaying the branches of one natural game
  ``K`` times can gain at most ``1 + natural / branches`` in variance per
  CPU second, whatever the spread between and within games;
* **antithetic seat rotation** -- each game is played again with the bots'
  seeds rotated one seat (the same deal and chance, the seats' bots
  swapped): the correlation ``rho`` of the two games' mean ``d`` (per card);
  a pair of them is worth ``2 / (1 + rho)`` independent games, so it pays
  only if ``rho < 0``.

    python tools/lab_variance.py --games 100 --rotated --json bench/results/lab_variance.json \
        --rst docs/lab/variance.rst

The game count is fixed before the run; every arm is played once (as the
lab plays it), so the measurement is the lab's own noise.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time
from multiprocessing import Pool

import numpy as np

from pillars_rules.bots.evaluate import Evaluator
from pillars_rules.lab import causal
from pillars_rules.lab.causal import play_causal
from pillars_rules.lab.games import GameSpec, cardset, make_bots, outcome

TARGETS = ("joiner_r2", "potter_r2", "jack", "forest_3")
HORIZONS = 4


def _arm(m, arm: str, ev: Evaluator) -> dict:
    """One arm of moment ``m`` played to the end, with the seat's value and
    the CPU seconds at the first decision after the fork and at each later
    round's start."""
    start = time.process_time()
    marks: list[tuple[float, float]] = []
    seen_round = [None]

    def hook(game) -> None:
        if seen_round[0] is None or game.state.round != seen_round[0]:
            seen_round[0] = game.state.round
            marks.append((ev.value(game.state, m.seat), time.process_time() - start))

    end = causal._arm(m, arm, hook=hook)
    return {"vp": outcome(end)[m.seat]["vp"], "marks": marks, "cpu": time.process_time() - start}


def _rotated(names, seed: int) -> list:
    """The bots of :func:`~pillars_rules.lab.games.make_bots` with their seeds
    rotated one seat (seat ``s`` gets seat ``s + 1``'s)."""
    bots = make_bots(names, seed)
    return bots[1:] + bots[:1]


def one_game(job: tuple[GameSpec, int] | tuple[GameSpec, int, bool]) -> dict:
    """Game ``index`` of ``spec``: its natural game, every moment's two arms
    (with marks, :func:`_arm`) and its gold arms, timed; with ``rotate``
    (a third item) the same game with the bots' seeds rotated one seat
    (:func:`_rotated`), its units only."""
    spec, index = job[0], job[1]
    if len(job) > 2 and job[2]:
        causal.make_bots = _rotated  # this worker's lab plays with rotated bots until put back
        try:
            return {"i": index, "rotated": True, "units": play_causal(spec, index)["units"]}
        finally:
            causal.make_bots = make_bots
    seed, names, cards = spec.seed + index, spec.bots_for(index), cardset(spec)
    start = time.process_time()
    game, _, moments, openings = causal._natural(spec, seed, names, cards)
    natural_cpu = time.process_time() - start
    ev = Evaluator(game.rules)
    final = outcome(game)
    units = []
    for m in moments:
        take, ref = _arm(m, "take", ev), _arm(m, "ref", ev)
        units.append(
            {
                "card": m.card,
                "seat": m.seat,
                "round": m.round,
                "took": m.took,
                "vp_at": m.game.state.players[m.seat].vp,
                "natural_vp": final[m.seat]["vp"],
                "take": take,
                "ref": ref,
            }
        )
    start = time.process_time()
    for rnd in sorted({m.round for m in moments}):
        if rnd in openings:
            causal._gold_arms(spec, index, seed, names, cards, openings[rnd])
    return {"i": index, "natural_cpu": natural_cpu, "gold_cpu": time.process_time() - start, "units": units}


def regression_share(d: np.ndarray, x: np.ndarray) -> float:
    """The share of ``d``'s variance a least-squares fit on ``x`` (with an
    intercept) explains: R squared."""
    design = np.column_stack([np.ones(len(d)), x])
    beta, *_ = np.linalg.lstsq(design, d, rcond=None)
    total = float(((d - d.mean()) ** 2).sum())
    return 1.0 - float(((d - design @ beta) ** 2).sum()) / total if total > 0 else 0.0


def two_phase(var_d: float, var_p: float, var_r: float, cov_pr: float, f: float) -> dict:
    """The best two-phase design with a proxy: every unit played to a horizon
    that costs a share ``f`` of the full arms, a random share ``pi`` on to
    the end. With the proxy ``p`` and the rest ``r = d - p`` (variances
    ``var_p``, ``var_r``, covariance ``cov_pr``) the unbiased estimate
    ``mean(p) + mean over the finished (r)`` has variance ``(var_p + 2 cov_pr
    + var_r / pi) / n`` -- the covariance term holds when the finished units
    are a random share -- at cost ``n (f + pi (1 - f))``. Returns ``pi`` and the
    efficiency ``var_d * 1 / (variance * cost)`` against playing every arm
    out (above 1: the lever pays)."""
    a = var_p + 2 * cov_pr
    if var_r <= 0:
        return {"pi": 0.0, "efficiency": math.inf}
    best_pi, best = 1.0, var_d / (a + var_r)
    if a > 0 and f < 1:
        pi = min(1.0, math.sqrt(var_r * f / (a * (1 - f))))
        eff = var_d / ((a + var_r / pi) * (f + pi * (1 - f)))
        if eff > best:
            best_pi, best = pi, eff
    return {"pi": best_pi, "efficiency": best}


def double_sampling(r2: float, c: float) -> float:
    """Variance per CPU second of the best double-sampling design (paired
    games, plus natural games alone at a share ``c`` of a paired game's CPU
    for covariates explaining ``r2`` of ``Var(d)``) against paired games
    only: ``1 / (sqrt(1 - r2) + sqrt(r2 c))**2``, and 1 when that is lower
    (then the design plays no extra natural games)."""
    r2 = min(max(r2, 0.0), 1.0)
    return max(1.0, 1.0 / (math.sqrt(1 - r2) + math.sqrt(r2 * c)) ** 2)


def antithetic(games: list[dict], partners: list[dict]) -> dict:
    """Per card: the correlation of each game's mean ``d`` with its rotated
    partner's, over the games where both have units of that card, and what
    a pair is worth in independent games, ``2 / (1 + rho)``."""

    def means(gs):
        out: dict = {}
        for g in gs:
            for u in g["units"]:
                # as the lab reads a unit: the natural game is the take arm when the bot took the card
                take = u["natural_vp"] if u["took"] and "natural_vp" in u else u["take"]["vp"]
                out.setdefault(u["card"], {}).setdefault(g["i"], []).append(take - u["ref"]["vp"])
        return out

    first, second = means(games), means(partners)
    result = {}
    for card in sorted(first):
        both = sorted(set(first[card]) & set(second.get(card, {})))
        if len(both) < 10:
            continue
        a = np.array([np.mean(first[card][i]) for i in both])
        b = np.array([np.mean(second[card][i]) for i in both])
        rho = float(np.corrcoef(a, b)[0, 1]) if a.std() > 0 and b.std() > 0 else 0.0
        result[card] = {"games": len(both), "rho": rho, "pair_worth": 2 / (1 + rho)}
    return result


def summarise(games: list[dict], partners: list[dict] = ()) -> dict:
    """Per card: the control variates' and the cut-off arms' numbers (see
    the module docs); overall: the CPU split of a paired game; with
    ``partners`` (the rotated games) the antithetic pairs' correlation."""
    natural = sum(g["natural_cpu"] for g in games)
    gold = sum(g["gold_cpu"] for g in games)
    arms = sum(u["take"]["cpu"] + u["ref"]["cpu"] for g in games for u in g["units"])
    share = natural / max(1e-12, natural + arms + gold)
    cards: dict[str, list] = {}
    for g in games:
        for u in g["units"]:
            cards.setdefault(u["card"], []).append(u)
    out = {}
    for card, units in sorted(cards.items()):
        d = np.array([u["take"]["vp"] - u["ref"]["vp"] for u in units], float)
        if len(d) < 10 or d.var() == 0:
            continue
        took = np.array([u["took"] for u in units], float)
        nat = np.array([u["natural_vp"] for u in units], float)
        covariates = np.column_stack(
            [
                took,
                nat * took,
                nat * (1 - took),
                np.array([u["round"] for u in units], float),
                np.array([u["vp_at"] for u in units], float),
            ]
        )
        row = {
            "units": len(d),
            "mean_d": float(d.mean()),
            "sd_d": float(d.std(ddof=1)),
            "control_r2": regression_share(d, covariates),
            "horizons": [],
        }
        cpu = np.array([u["take"]["cpu"] + u["ref"]["cpu"] for u in units], float)
        for h in range(HORIZONS):
            ok = [u for u in units if len(u["take"]["marks"]) > h and len(u["ref"]["marks"]) > h]
            if len(ok) < 10:
                break
            dd = np.array([u["take"]["vp"] - u["ref"]["vp"] for u in ok], float)
            p = np.array([u["take"]["marks"][h][0] - u["ref"]["marks"][h][0] for u in ok], float)
            r = dd - p
            spent = sum(u["take"]["marks"][h][1] + u["ref"]["marks"][h][1] for u in ok)
            f = spent / max(1e-12, sum(u["take"]["cpu"] + u["ref"]["cpu"] for u in ok))
            var_d = float(dd.var(ddof=1))
            cov = float(np.cov(p, r)[0, 1])
            design = two_phase(var_d, float(p.var(ddof=1)), float(r.var(ddof=1)), cov, f)
            row["horizons"].append(
                {
                    "h": h,
                    "units": len(ok),
                    "rest_share": float(r.var(ddof=1)) / var_d,
                    "corr": float(np.corrcoef(p, dd)[0, 1]) if p.std() > 0 else 0.0,
                    "cost_share": f,
                    **design,
                }
            )
        row["arm_cpu_s"] = float(cpu.mean())
        row["double_sampling"] = double_sampling(row["control_r2"], share)
        out[card] = row
    result = {
        "games": len(games),
        "cpu": {
            "natural_s": natural,
            "arms_s": arms,
            "gold_s": gold,
            "natural_share": share,
            "replicate_bound": 1 + natural / max(1e-12, arms + gold),
        },
        "cards": out,
    }
    if partners:
        result["antithetic"] = antithetic(games, list(partners))
    return result


def report(result: dict) -> str:
    c = result["cpu"]
    total = c["natural_s"] + c["arms_s"] + c["gold_s"]
    lines = [
        f"{result['games']} games, {total:.0f} CPU s: natural games {c['natural_s'] / total:.0%}, "
        f"card arms {c['arms_s'] / total:.0%}, gold arms {c['gold_s'] / total:.0%}",
        f"more branches per game: at most {c['replicate_bound']:.2f}x the variance per CPU second",
        "",
    ]
    for card, row in result["cards"].items():
        lines.append(
            f"{card}: {row['units']} units, d = {row['mean_d']:+.2f} VP (sd {row['sd_d']:.2f}); "
            f"control variates explain {row['control_r2']:.0%} of Var(d), worth "
            f"{row['double_sampling']:.2f}x by double sampling"
        )
        for h in row["horizons"]:
            where = "at the fork" if h["h"] == 0 else f"{h['h']} round(s) after"
            lines.append(
                f"  cut off {where}: "
                f"corr {h['corr']:+.2f}, {h['rest_share']:.0%} of Var(d) left, {h['cost_share']:.0%} of "
                f"the arms' CPU; best design pi = {h['pi']:.2f}, efficiency {h['efficiency']:.2f}x"
            )
    for card, a in result.get("antithetic", {}).items():
        lines.append(
            f"antithetic seat rotation, {card}: rho = {a['rho']:+.2f} over {a['games']} games; "
            f"a pair is worth {a['pair_worth']:.2f} independent games"
        )
    return "\n".join(lines)


def to_rst(result: dict) -> str:
    """The measurement as a table for ``docs/performance.rst`` (one row per card)."""
    c = result["cpu"]
    total = c["natural_s"] + c["arms_s"] + c["gold_s"]
    lines = [
        ".. Generated by `python tools/lab_variance.py --rst PATH`; do not edit by hand.",
        "",
        f".. list-table:: Where the noise is: {result['games']} games, {result['players']} players, "
        f"heuristic bots (natural games {c['natural_s'] / total:.0%} of the CPU, card arms "
        f"{c['arms_s'] / total:.0%}, gold arms {c['gold_s'] / total:.0%})",
        "   :header-rows: 1",
        "",
        "   * - card",
        "     - units",
        "     - d, VP (sd)",
        "     - control variates: R2, double sampling",
        "     - cut off 1 / 2 / 3 rounds after: correlation (Var(d) left)",
        "     - best cut-off design",
        "     - rotated twin: rho, a pair is worth",
    ]
    anti = result.get("antithetic", {})
    for card, row in result["cards"].items():
        hs = {h["h"]: h for h in row["horizons"]}
        cut = " / ".join(f"{hs[h]['corr']:+.2f} ({hs[h]['rest_share']:.0%})" for h in (1, 2, 3) if h in hs)
        best = max((h["efficiency"] for h in row["horizons"]), default=1.0)
        a = anti.get(card)
        lines += [
            f"   * - ``{card}``",
            f"     - {row['units']}",
            f"     - {row['mean_d']:+.2f} ({row['sd_d']:.2f})",
            f"     - {row['control_r2']:.0%}, {row['double_sampling']:.2f}x",
            f"     - {cut}",
            f"     - {best:.2f}x",
            f"     - {a['rho']:+.2f}, {a['pair_worth']:.2f} games" if a else "     - -",
        ]
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python tools/lab_variance.py", description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=60)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=500_000)
    p.add_argument("--targets", default=",".join(TARGETS))
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument(
        "--rotated",
        action="store_true",
        help="also each game with the bots' seeds rotated one seat (antithetic seat rotation)",
    )
    p.add_argument("--json")
    p.add_argument("--rst", help="write the table for docs/performance.rst here")
    p.add_argument("--summarise", metavar="FILE", help="play nothing: print (and --rst) an earlier --json file")
    args = p.parse_args(argv)
    if args.summarise:
        with open(args.summarise, encoding="utf-8") as f:
            result = json.load(f)
        print(report(result))
        _write(args.rst, to_rst(result))
        return 0
    spec = GameSpec(
        players=args.players,
        bots=("heuristic",),
        seed=args.seed,
        targets=tuple(t for t in args.targets.split(",") if t),
    ).check()
    jobs = [(spec, i, False) for i in range(args.games)]
    if args.rotated:
        jobs += [(spec, i, True) for i in range(args.games)]
    start = time.monotonic()
    if args.workers > 1:
        with Pool(args.workers) as pool:
            played = pool.map(one_game, jobs, chunksize=1)
    else:
        played = [one_game(j) for j in jobs]
    games = [g for g in played if not g.get("rotated")]
    partners = [g for g in played if g.get("rotated")]
    result = {
        "targets": list(spec.targets),
        "players": args.players,
        "seed": args.seed,
        "seconds": time.monotonic() - start,
        **summarise(games, partners),
    }
    print(report(result))
    _write(args.json, json.dumps(result, indent=1))
    _write(args.rst, to_rst(result))
    return 0


def _write(path: str | None, text: str) -> None:
    if path:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    raise SystemExit(main())

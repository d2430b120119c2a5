"""From paired branches to a card's causal value, its worth in gold, a
calibrated flag and the power of the run.

The input is the records of :func:`~.causal.play_causal`. For card ``X``
each *unit* (a seed, a seat, the moment that seat could first take ``X``)
gives a paired difference ``d = take - reference`` in final VP and in win
share. The estimand is

    Delta_X = E[ VP_s(take X at the moment) - VP_s(the bot's best other choice) ]

over the units of the run's games (the seeds, and every seat that had the
chance), with the same bots before and after the moment.

* **Interval.** Units of one seed share the natural game, so the seed is the
  cluster: ``Delta_X`` is the ratio ``sum(d) / units`` and its variance the
  cluster-robust (linearised) one over the games that had a chance, with a
  Student *t* interval on ``games - 1`` degrees of freedom; its standard
  error is never below the one counted chance by chance, which keeps small
  runs honest (:func:`ratio_ci`). The same for the win share.
* **Gold.** The gold scale ``beta`` is the VP one gold piece brings: at a
  round's first draft decision one seat gets ``N`` gold more in one arm and
  ``N`` gold less in the other (:mod:`.causal`), so ``beta = E[VP_more -
  VP_less] / 2N``, weighted over rounds as ``X``'s units are. The card is worth
  ``W = Delta_X / beta`` gold: the gift of ``W`` gold at the start of the
  round's draft that changes the seat's VP as much as taking ``X`` does. Its
  interval is a seeded cluster bootstrap over seeds (both ratios resampled
  together). When ``beta``'s own interval holds zero the games cannot tell
  what a gold piece is worth, so no worth in gold is given (``worth`` is
  ``nan`` with ``why``: "too few games to express it in gold") rather than
  an interval from minus to plus infinity. One side may still be known
  (:func:`gold_bound`): a card whose VP interval lies above zero is worth at
  least ``lo_VP / hi_beta`` gold (``least``), one below zero at most
  ``hi_VP / hi_beta`` (``most``), as long as a gold piece is worth
  something (``beta > 0``) and the scale's interval has a finite upper end.
* **Flags.** ``p`` is the two-sided *t* test of ``Delta_X = 0``; the p-values
  of all cards judged in one report are adjusted by Holm's step-down method
  (family-wise error 5%), and a card is flagged when its adjusted ``p`` is
  below 0.05.
* **Power.** The smallest effect the run detects 80% of the time at the
  Bonferroni level of its family, ``(z(1 - 0.05/2k) + z(0.8)) * SE`` (Holm is
  at least that powerful), in VP and in gold.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Iterable, Sequence

import numpy as np

from .stats import norm_ppf, t_ppf, t_sf

ALPHA = 0.05
POWER = 0.8
RESAMPLES = 2000
#: Why a card has no worth in gold: the gold scale's interval holds zero.
NO_GOLD = "too few games to express it in gold"


def _tq(p: float, df: float) -> float:
    return float(t_ppf(p, max(df, 1)))


def _zq(p: float) -> float:
    return float(norm_ppf(p))


def live(records: Iterable[dict]) -> list[dict]:
    """The records of games that finished (not aborted)."""
    return [r for r in records if "aborted" not in r]


def _per_seed(records: Sequence[dict], card: str):
    """Per seed: sum of VP differences, of win differences, units, the round
    counts of the units, the units the bot took by itself, and the sums of
    the squared VP and win differences (for :func:`ratio_ci`'s floor)."""
    m = len(records)
    s_vp, s_win, n = np.zeros(m), np.zeros(m), np.zeros(m)
    q_vp, q_win = np.zeros(m), np.zeros(m)
    rounds: dict[int, int] = {}
    took = 0
    for k, r in enumerate(records):
        for u in r["units"]:
            if u["card"] != card:
                continue
            d_vp, d_win = u["take"]["vp"] - u["ref"]["vp"], u["take"]["win"] - u["ref"]["win"]
            s_vp[k] += d_vp
            s_win[k] += d_win
            q_vp[k] += d_vp * d_vp
            q_win[k] += d_win * d_win
            n[k] += 1
            rounds[u["round"]] = rounds.get(u["round"], 0) + 1
            took += u["took"]
    return s_vp, s_win, n, rounds, took, (q_vp, q_win)


def _gold_per_seed(records: Sequence[dict], weights: dict[int, float]):
    """Per seed: the weighted sum of (VP with more - VP with less) and of the
    nominal gold swung (2N), over the gold arms of the weighted rounds."""
    m = len(records)
    num, den = np.zeros(m), np.zeros(m)
    for k, r in enumerate(records):
        for g in r.get("gold", ()):
            w = weights.get(g["round"], 0.0)
            if w:
                num[k] += w * (g["more"]["vp"] - g["less"]["vp"])
                den[k] += w * 2 * g["n"]
    return num, den


def ratio_ci(num: np.ndarray, den: np.ndarray, level: float = 0.95, sq: np.ndarray | None = None) -> dict:
    """``sum(num) / sum(den)`` over clusters with an interval honest for
    small runs, and its two-sided p-value against 0.

    Only the clusters with units count (``den > 0``; their number is
    ``games``, while ``clusters`` counts every cluster given): the
    cluster-robust variance takes ``games / (games - 1)`` and the *t*
    interval ``games - 1`` degrees of freedom (``df``). With ``sq`` (each
    cluster's sum of squared unit values, every unit of weight 1) the
    standard error is never below the one counted unit by unit, as if no two
    units shared a game (``se_units``; ``se_cluster`` is the other): with a
    dozen games the cluster variance rests on a dozen numbers and comes out
    far too small too often -- most of all when the units of one game offset
    each other, as two seats' chances at one card do -- and the larger of
    the two keeps a 16-game run's false flags at or below their nominal rate
    (``tests/lab/test_small_runs.py`` simulates it; the price is a wider
    interval when a game's units really offset each other). ``se`` is
    ``nan`` with fewer than two games with units."""
    m, total = len(num), float(den.sum())
    g = int((den > 0).sum())
    if g < 2 or total <= 0:
        return {
            "value": float("nan"),
            "lo": float("nan"),
            "hi": float("nan"),
            "se": float("nan"),
            "p": float("nan"),
            "n": int(total),
            "clusters": m,
            "games": g,
            "df": float("nan"),
        }
    value = float(num.sum()) / total
    se = math.sqrt(g / (g - 1) * float(((num - value * den) ** 2).sum())) / total
    out: dict[str, float] = {"n": int(total), "clusters": m, "games": g, "df": g - 1}
    if sq is not None and total > 1:
        ss = float((sq - 2 * value * num + value * value * den).sum())
        out["se_cluster"], out["se_units"] = se, math.sqrt(max(ss, 0.0) / (total - 1) / total)
        se = max(se, out["se_units"])
    half = _tq(1 - (1 - level) / 2, g - 1) * se
    if se > 0:
        p = float(2 * t_sf(abs(value) / se, g - 1))
    else:
        p = 0.0 if value else 1.0
    return {"value": value, "lo": value - half, "hi": value + half, "se": se, "p": p, **out}


def _seed(card: str, seed: int) -> int:
    return seed * 1_000_003 + zlib.crc32(card.encode("utf-8"))


def _boot_worth(a_num, a_den, b_num, b_den, seed: int, stretch: float = 1.0) -> tuple[float, float]:
    """The 95% percentile interval of (sum a_num / sum a_den) / (sum b_num /
    sum b_den) over a cluster bootstrap (clusters resampled together). A
    resample whose gold scale is not positive says no amount of gold has the
    effect: it counts as an infinite worth of the effect's sign, so an
    interval end may be infinite. ``stretch`` widens the resampled effects
    about their estimate: the bootstrap spreads them as the cluster error
    says, which is too narrow in a small run (:func:`card_effect`)."""
    rng = np.random.default_rng(seed)
    m = len(a_num)
    idx = rng.integers(0, m, size=(RESAMPLES, m))
    an, ad, bn, bd = (x[idx].sum(axis=1) for x in (a_num, a_den, b_num, b_den))
    centre = a_num.sum() / a_den.sum()
    with np.errstate(divide="ignore", invalid="ignore"):
        delta, beta = centre + stretch * (an / ad - centre), bn / bd
        worth = np.where(beta > 0, delta / beta, np.copysign(np.inf, delta))
    worth = worth[~np.isnan(worth)]
    if worth.size == 0:
        return float("nan"), float("nan")
    lo, hi = np.quantile(worth, [0.025, 0.975], method="inverted_cdf")
    return float(lo), float(hi)


def _stretch(vp: dict) -> float:
    """How much wider than the cluster bootstrap's the worth in gold must
    spread the card's effect to match its VP interval: the honest error over
    the cluster one (:func:`ratio_ci`), times the *t* quantile on the games'
    degrees of freedom over the normal one the percentiles stand for; never
    below 1."""
    se, cluster = vp.get("se", float("nan")), vp.get("se_cluster", float("nan"))
    if not (se == se and cluster == cluster and cluster > 0):
        return 1.0
    return max(1.0, se / cluster * _tq(0.975, vp["df"]) / _zq(0.975))


def gold_scale(records: Sequence[dict], weights: dict[int, float] | None = None) -> dict:
    """VP per gold piece given at a round's first draft decision (``weights``:
    per round; default every round alike), with its interval."""
    records = live(records)
    if weights is None:
        weights = {g["round"]: 1.0 for r in records for g in r.get("gold", ())}
    num, den = _gold_per_seed(records, weights)
    return ratio_ci(num, den)


def card_effect(records: Sequence[dict], card: str, family: int = 1, seed: int = 0) -> dict:
    """The causal value of ``card`` in the records (see the module docs):
    ``units``, ``seeds``, ``took`` (share of units where the bot took the card
    by itself), ``rounds``, ``vp`` and ``win`` (differences with interval and
    p), ``gold_scale``, ``worth`` (gold, with interval), ``mde`` (VP and gold
    detected 80% of the time in a family of ``family`` tests)."""
    records = live(records)
    s_vp, s_win, n, rounds, took, (q_vp, q_win) = _per_seed(records, card)
    units = int(n.sum())
    vp, win = ratio_ci(s_vp, n, sq=q_vp), ratio_ci(s_win, n, sq=q_win)
    total = sum(rounds.values()) or 1
    weights = {r: c / total for r, c in rounds.items()}
    g_num, g_den = _gold_per_seed(records, weights)
    beta = ratio_ci(g_num, g_den)
    worth: dict = {"value": float("nan"), "lo": float("nan"), "hi": float("nan")}
    if units >= 2 and beta["value"] > 0 and beta["lo"] > 0:
        lo, hi = _boot_worth(s_vp, n, g_num, g_den, _seed(card, seed), _stretch(vp))
        worth.update(value=vp["value"] / beta["value"], lo=lo, hi=hi)
    elif units >= 2:
        worth["why"] = NO_GOLD if beta["value"] == beta["value"] else "no gold scale measured"
        worth.update(gold_bound(vp, beta))
    out = {
        "card": card,
        "units": units,
        "seeds": len(records),
        "took": took / units if units else float("nan"),
        "rounds": {str(k): v for k, v in sorted(rounds.items())},
        "vp": vp,
        "win": win,
        "gold_scale": beta,
        "worth": worth,
    }
    out["mde"] = mde(out, family)
    return out


def gold_bound(vp: dict, beta: dict) -> dict:
    """The one side of a card's worth in gold that its VP interval and the
    gold scale's upper end give when the scale's interval holds zero:
    ``{"least": lo / beta_hi}`` when the VP interval lies above zero,
    ``{"most": hi / beta_hi}`` below it, ``{}`` otherwise (or when the scale
    has no finite positive upper end). A gold piece is worth at most
    ``beta_hi`` VP, so gaining ``lo`` VP is worth at least ``lo / beta_hi``
    gold, whatever the scale's lower end; each end is a 97.5% one-sided
    bound, so the bound holds with at least 95% (given ``beta > 0``: more
    gold never costs VP).

    >>> gold_bound({"lo": 90.0, "hi": 100.0}, {"lo": -0.1, "hi": 0.25})
    {'least': 360.0}
    >>> gold_bound({"lo": -1.0, "hi": 2.0}, {"lo": -0.1, "hi": 0.25})
    {}
    """
    top = beta.get("hi", float("nan"))
    if not (top == top and 0 < top < math.inf):
        return {}
    if vp["lo"] > 0:
        return {"least": vp["lo"] / top}
    if vp["hi"] < 0:
        return {"most": vp["hi"] / top}
    return {}


def mde(effect: dict, family: int) -> dict:
    """The smallest effect (VP, gold) detected 80% of the time in a family of
    ``family`` tests (Bonferroni level; Holm is at least as powerful)."""
    z = _zq(1 - ALPHA / (2 * max(family, 1))) + _zq(POWER)
    vp = z * effect["vp"]["se"] if effect["units"] >= 2 else float("nan")
    beta = effect["gold_scale"]["value"]
    return {"vp": vp, "gold": vp / beta if beta > 0 else float("nan"), "family": family}


def contrast(records_x: Sequence[dict], x: str, records_y: Sequence[dict] | None = None, y: str = "") -> dict:
    """``Delta_x - Delta_y`` on the same seeds, with a cluster-robust interval
    and p-value. ``records_y`` (default: ``records_x``) may be another set
    played on the same seeds: a changed card against the base card it
    replaces, matched seed by seed. With ``x`` a copy of ``y`` in one set this
    is the A/A test."""
    if records_y is None:
        records_y = records_x
    sx, nx, sy, ny = contrast_arrays(records_x, x, records_y, y)
    m = len(sx)
    units = (int(nx.sum()), int(ny.sum()))
    if m < 2 or nx.sum() == 0 or ny.sum() == 0:
        return {
            "value": float("nan"),
            "lo": float("nan"),
            "hi": float("nan"),
            "se": float("nan"),
            "p": float("nan"),
            "clusters": m,
            "units": units,
        }
    dx, dy = sx.sum() / nx.sum(), sy.sum() / ny.sum()
    g = int(((nx > 0) | (ny > 0)).sum())  # the games with a chance at either card (see ratio_ci)
    if g < 2:
        return {
            "value": float("nan"),
            "lo": float("nan"),
            "hi": float("nan"),
            "se": float("nan"),
            "p": float("nan"),
            "clusters": m,
            "units": units,
        }
    e = (sx - dx * nx) / nx.sum() - (sy - dy * ny) / ny.sum()
    se = math.sqrt(g / (g - 1) * float((e**2).sum()))
    value = float(dx - dy)
    half = _tq(0.975, g - 1) * se
    p = float(2 * t_sf(abs(value) / se, g - 1)) if se > 0 else (0.0 if value else 1.0)
    return {
        "value": value,
        "lo": value - half,
        "hi": value + half,
        "se": se,
        "p": p,
        "clusters": m,
        "games": g,
        "df": g - 1,
        "units": units,
    }


def card_arrays(records: Sequence[dict], card: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per finished game, in index order: the sum of ``card``'s VP differences,
    its units and the sum of the squared differences (what :mod:`.sequential`
    follows game by game)."""
    s_vp, _, n, _, _, (q_vp, _) = _per_seed(live(records), card)
    return s_vp, n, q_vp


def contrast_arrays(records_x: Sequence[dict], x: str, records_y: Sequence[dict] | None, y: str):
    """Per seed both sets finished, in index order: ``x``'s VP-difference sums
    and units, then ``y``'s (see :func:`contrast`)."""
    if records_y is None:
        records_y = records_x
    by_y = {r["i"]: r for r in live(records_y)}
    pairs = [(r, by_y[r["i"]]) for r in live(records_x) if r["i"] in by_y]
    sx, _, nx, *_ = _per_seed([a for a, _ in pairs], x)
    sy, _, ny, *_ = _per_seed([b for _, b in pairs], y)
    return sx, nx, sy, ny


def event_arrays(without: Sequence[dict], with_: Sequence[dict]) -> list[tuple[dict, dict]]:
    """The pairs of games without and with an event on one seed, in index order."""
    by_a = {r["i"]: r for r in live(without)}
    return [(by_a[r["i"]], r) for r in live(with_) if r["i"] in by_a]


def mean_vp(record: dict) -> float:
    """Every player's mean final VP in one game's record."""
    return float(np.mean([s["vp"] for s in record["seats"]]))


def contrast_needed(c: dict, vp: float, family: int = 1) -> int | None:
    """Seeds needed for a contrast like ``c`` to detect ``vp`` VP 80% of the time."""
    se, m = c["se"], c["clusters"]
    if not (se == se) or se <= 0 or vp == 0:
        return None
    z = _zq(1 - ALPHA / (2 * max(family, 1))) + _zq(POWER)
    return math.ceil(m * (z * se / abs(vp)) ** 2)


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values (``nan`` stays ``nan`` and does not count)."""
    order = sorted((p, i) for i, p in enumerate(pvalues) if p == p)
    k = len(order)
    out = [float("nan")] * len(pvalues)
    running = 0.0
    for rank, (p, i) in enumerate(order):
        running = max(running, min(1.0, (k - rank) * p))
        out[i] = running
    return out


def family_p(test: dict) -> float:
    """A test's p-value for the family: ``nan`` (not judged, left out of the
    family) when it rests on fewer than ``MIN_UNITS`` chances -- a handful of
    paired differences can have no spread and a p-value of 0. ``test`` is a
    card's effect or a :func:`contrast`."""
    from .verdict import MIN_UNITS

    units = test["units"] if "vp" in test else min(test.get("units", (0, 0)))
    if units < MIN_UNITS:
        return float("nan")
    return test["vp"]["p"] if "vp" in test else test["p"]


def judge(effects: list[dict]) -> list[dict]:
    """Holm-adjust the VP p-values of ``effects`` (one family) and set each
    one's ``p_holm`` and ``flag`` (+1 too strong, -1 too weak, 0 not
    distinguishable from fair, ``None`` with fewer than ``MIN_UNITS`` units,
    which stay out of the family)."""
    adjusted = holm([family_p(e) for e in effects])
    for e, p in zip(effects, adjusted):
        e["p_holm"] = p
        if p != p:
            e["flag"] = None
        else:
            e["flag"] = (1 if e["vp"]["value"] > 0 else -1) if p < ALPHA else 0
        e["mde"] = mde(e, len(effects))
    return effects


def games_needed(effect: dict, vp: float) -> int | None:
    """Seeds needed to detect an effect of ``vp`` VP 80% of the time, at the
    run's family size, scaled from this run's standard error."""
    se, seeds = effect["vp"]["se"], effect["seeds"]
    if not (se == se) or se <= 0 or vp == 0:
        return None
    z = _zq(1 - ALPHA / (2 * max(effect["mde"]["family"], 1))) + _zq(POWER)
    return math.ceil(seeds * (z * se / abs(vp)) ** 2)


def event_effect(without: Sequence[dict], with_: Sequence[dict], card: str) -> dict:
    """An event's effect by the paired A/B of the games without it and with
    it (same seeds): every player's mean final VP (``vp``, with interval and
    p), the start player's win share (``start``), the share of games where it
    was drawn, the effect per game where it is drawn (``per_draw``: ``vp`` /
    drawn share) and the worth in gold of ``vp`` at the gold scale the
    ``with_`` games measured (``scale`` specs), every round alike."""
    from .metrics import t_interval

    pairs = event_arrays(without, with_)
    vp = t_interval([mean_vp(b) - mean_vp(a) for a, b in pairs])
    start = t_interval([b["seats"][0]["win"] - a["seats"][0]["win"] for a, b in pairs])
    start["moved"] = (1 if start["lo"] > 0 else -1 if start["hi"] < 0 else 0) if start["n"] >= 2 else 0
    drawn = float(np.mean([card in b.get("drawn", ()) for _, b in pairs])) if pairs else float("nan")
    beta = gold_scale(with_)
    worth = vp["value"] / beta["value"] if beta["value"] > 0 else float("nan")
    return {
        "card": card,
        "kind": "event",
        "units": len(pairs),
        "seeds": len(pairs),
        "vp": vp,
        "start": start,
        "drawn": drawn,
        "per_draw": vp["value"] / drawn if drawn else float("nan"),
        "gold_scale": beta,
        "worth": {"value": worth, "lo": float("nan"), "hi": float("nan")},
        "mde": {
            "vp": (_zq(1 - ALPHA / 2) + _zq(POWER)) * vp["se"] if vp["n"] >= 2 else float("nan"),
            "gold": float("nan"),
            "family": 1,
        },
    }

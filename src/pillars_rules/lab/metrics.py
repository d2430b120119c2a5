"""Game-level metrics, each with a 95% interval, and their paired A/B
differences.

Per finished game (its record, :func:`~.games.play_game`):

* **drama** -- how far behind the eventual winner was: the largest gap, at
  any round end, between the leader's VP and the winner's (0: the winner
  was never behind). After Ludii's *drama*.
* **lead changes** -- how often the sole leader at a round end differs from
  the last sole leader (round ends with a tie for the lead are skipped).
* **decisiveness** -- the fraction of the game played when the winner took
  the lead for good (:func:`.summary.decisiveness`; lower: decided earlier).
* **tie** -- the win was shared (equal VP and gold, RULES §2.6).
* **start player** -- seat 0's win share (seat 0 starts, RULES §1); its
  *advantage* is that minus the fair share ``1 / players``.
* **length** -- decisions per game; **branching** -- legal actions per
  decision, averaged over the game's decisions.

Means carry a Student *t* interval, the tie rate and the start player's win
rate a Wilson interval; a mean that cannot be negative (a count, a length)
has its interval clipped at 0, decisiveness at 0 and 1. :func:`paired`
compares two sets played on the same seeds game by game: the per-seed
differences give the interval, and a statistic has *moved* only when its
simultaneous interval (Bonferroni over every statistic of the comparison,
``lo_sim`` / ``hi_sim``) excludes zero: with a dozen statistics, one
uncorrected 95% interval in twenty misses by chance.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from . import stats
from .stats import t_ppf, t_sf
from .summary import decisiveness

METRICS = ("drama", "lead_changes", "decisiveness", "tie", "start_player", "length", "branching", "mean_vp")
LABELS = {
    "drama": "drama (VP the winner trailed by)",
    "lead_changes": "lead changes",
    "decisiveness": "decisiveness",
    "tie": "tie rate",
    "start_player": "start player's win rate",
    "length": "length (decisions)",
    "branching": "branching (actions per decision)",
    "mean_vp": "mean final VP",
}
RATES = ("tie", "start_player")
#: Means that cannot be below 0 (and decisiveness, a share, not above 1 either): their intervals are clipped.
BOUNDS = {
    "drama": (0.0, math.inf),
    "lead_changes": (0.0, math.inf),
    "length": (0.0, math.inf),
    "branching": (0.0, math.inf),
    "decisiveness": (0.0, 1.0),
    "mean_vp": (0.0, math.inf),
}


def _rounds(record: dict) -> list[list[int]]:
    return [list(r) for r in zip(*(s["vp_rounds"] for s in record["seats"]))]


def drama(record: dict) -> float:
    """The winner's largest deficit to the leader at any round end, in VP."""
    winners = record["winners"]
    return float(max((max(vps) - max(vps[w] for w in winners) for vps in _rounds(record)), default=0))


def lead_changes(record: dict) -> int:
    """Changes of the sole leader between round ends."""
    last, changes = None, 0
    for vps in _rounds(record):
        top = max(vps)
        leaders = [s for s, v in enumerate(vps) if v == top]
        if len(leaders) == 1:
            if last is not None and leaders[0] != last:
                changes += 1
            last = leaders[0]
    return changes


def game_values(record: dict) -> dict[str, float]:
    """Every metric's value for one finished game."""
    return {
        "drama": drama(record),
        "lead_changes": float(lead_changes(record)),
        "decisiveness": decisiveness(record),
        "tie": float(len(record["winners"]) > 1),
        "start_player": float(record["seats"][0]["win"]),
        "length": float(record["decisions"]),
        "branching": record.get("choices", 0) / max(record["decisions"], 1),
        "mean_vp": float(np.mean([s["vp"] for s in record["seats"]])),
    }


def t_interval(values: Sequence[float], level: float = 0.95) -> dict:
    """Mean with a Student *t* interval, its standard error and the two-sided
    p-value against 0."""
    x = np.asarray(values, dtype=float)
    n = x.size
    if n == 0:
        return {
            "value": float("nan"),
            "lo": float("nan"),
            "hi": float("nan"),
            "se": float("nan"),
            "p": float("nan"),
            "n": 0,
        }
    m = float(x.mean())
    if n < 2:
        return {"value": m, "lo": float("nan"), "hi": float("nan"), "se": float("nan"), "p": float("nan"), "n": 1}
    se = float(x.std(ddof=1)) / math.sqrt(n)
    half = float(t_ppf(1 - (1 - level) / 2, n - 1)) * se
    p = float(2 * t_sf(abs(m) / se, n - 1)) if se > 0 else (0.0 if m else 1.0)
    return {"value": m, "lo": m - half, "hi": m + half, "se": se, "p": p, "n": n}


def game_metrics(records: Sequence[dict], players: int) -> dict[str, dict | int]:
    """Each metric over the finished games, with its interval; ``aborted``
    counts the games that hit a budget."""
    done = [r for r in records if "aborted" not in r]
    values = [game_values(r) for r in done]
    out: dict[str, dict] = {}
    for name in METRICS:
        column = [v[name] for v in values]
        out[name] = stats.rate_ci(sum(column), len(column)) if name in RATES else t_interval(column)
        if name in BOUNDS and out[name]["lo"] == out[name]["lo"]:
            low, high = BOUNDS[name]
            out[name]["lo"], out[name]["hi"] = max(low, out[name]["lo"]), min(high, out[name]["hi"])
    out["start_player"]["advantage"] = out["start_player"]["value"] - 1 / players if done else float("nan")
    out["start_player"]["fair_share"] = 1 / players
    return {**out, "games": len(done), "aborted": len(records) - len(done)}


def paired(a: Sequence[dict], b: Sequence[dict], players: int) -> dict[str, dict]:
    """B - A for every metric and every seat's win rate and VP, on the seeds
    both sets finished, with paired *t* intervals (``moved``: +1 up, -1 down,
    0 not distinguishable)."""
    by_a = {r["i"]: r for r in a if "aborted" not in r}
    both = [(by_a[r["i"]], r) for r in b if "aborted" not in r and r["i"] in by_a]
    rows: dict[str, dict] = {}
    va = [game_values(x) for x, _ in both]
    vb = [game_values(y) for _, y in both]
    for name in METRICS:
        rows[name] = t_interval([q[name] - p[name] for p, q in zip(va, vb)])
    for seat in range(players):
        rows[f"seat {seat} win rate"] = t_interval([y["seats"][seat]["win"] - x["seats"][seat]["win"] for x, y in both])
        rows[f"seat {seat} VP"] = t_interval([y["seats"][seat]["vp"] - x["seats"][seat]["vp"] for x, y in both])
    return simultaneous(rows)


def simultaneous(rows: dict[str, dict], alpha: float = 0.05) -> dict[str, dict]:
    """Give every row (a :func:`t_interval` of a paired difference) its
    simultaneous interval ``lo_sim`` / ``hi_sim`` -- Bonferroni over the rows
    with at least two games, *t* quantile ``1 - alpha / 2k`` -- and
    ``moved``: +1 / -1 when that interval lies above / below zero, else 0."""
    k = sum(1 for r in rows.values() if r["n"] >= 2 and r["se"] == r["se"])
    for row in rows.values():
        if row["n"] < 2 or row["se"] != row["se"]:
            row["lo_sim"] = row["hi_sim"] = float("nan")
            row["moved"] = 0
            continue
        half = float(t_ppf(1 - alpha / (2 * k), row["n"] - 1)) * row["se"]
        row["lo_sim"], row["hi_sim"] = row["value"] - half, row["value"] + half
        row["moved"] = stats.excludes({"lo": row["lo_sim"], "hi": row["hi_sim"]}, 0.0)
    return rows

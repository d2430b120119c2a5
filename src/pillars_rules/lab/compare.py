"""A/B comparison of two card sets played on the same seeds: which statistics
moved, and whether the 95% interval of the difference (B - A) excludes 0.

Rates use Newcombe's interval for a difference of proportions, means and
the balance a seeded bootstrap. Per card, only cards in both sets are
compared; cards new in B are listed (their own flags are in B's summary).
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from . import stats
from .summary import _seed, decisiveness, seat_win_matrix


def _row(stat: str, group: str, a: float, b: float, diff: dict) -> dict:
    return {"stat": stat, "group": group, "a": a, "b": b, "diff": diff,
            "moved": stats.excludes(diff, 0.0)}


def _rate_row(stat, group, a: Sequence[float], b: Sequence[float]) -> dict:
    d = stats.rate_diff_ci(sum(a), len(a), sum(b), len(b))
    return _row(stat, group, sum(a) / len(a) if a else float("nan"), sum(b) / len(b) if b else float("nan"), d)


def _mean_row(stat, group, a: Sequence[float], b: Sequence[float], seed: int) -> dict:
    d = stats.mean_diff_ci(a, b, _seed(seed, stat))
    return _row(stat, group, float(np.mean(a)) if len(a) else float("nan"),
                float(np.mean(b)) if len(b) else float("nan"), d)


def _balance_diff(ra, rb, seed: int) -> dict:
    rng = np.random.default_rng(_seed(seed, "balance-diff"))

    def boot(records):
        w = seat_win_matrix(records)
        m = w[rng.integers(0, len(w), size=(stats.RESAMPLES, len(w)))].mean(axis=1)
        return 1 - (m.max(axis=1) - m.min(axis=1)), 1 - float(np.ptp(w.mean(axis=0)))

    (ba, va), (bb, vb) = boot(ra), boot(rb)
    lo, hi = np.percentile(bb - ba, [2.5, 97.5])
    return _row("balance", "game", va, vb, {"value": vb - va, "lo": float(lo), "hi": float(hi)})


def compare(a: Sequence[dict], b: Sequence[dict], players: int, seed: int = 0,
            set_a=None, set_b=None) -> dict:
    """Rows ``{stat, group, a, b, diff: {value, lo, hi}, moved}`` (``moved``:
    +1 significantly up, -1 down, 0 not significantly) plus the card ids
    only in B (``new_cards``), only in A (``removed_cards``) and in both but
    with different rules (``changed_cards``). Give the two
    :class:`~pillars_rules.CardSet` as ``set_a``/``set_b`` to find those
    by the sets; else they are found by the cards taken in the games."""
    rows = [_balance_diff(a, b, seed)]
    for seat in range(players):
        rows.append(_rate_row(f"seat {seat} win rate", "seat",
                              [r["seats"][seat]["win"] for r in a], [r["seats"][seat]["win"] for r in b]))
    vp = lambda rs: [s["vp"] for r in rs for s in r["seats"]]  # noqa: E731
    win_vp = lambda rs: [max(s["vp"] for s in r["seats"]) for r in rs]  # noqa: E731
    rows.append(_mean_row("mean final VP", "game", vp(a), vp(b), seed))
    rows.append(_mean_row("winner's VP", "game", win_vp(a), win_vp(b), seed))
    rows.append(_mean_row("decisiveness", "game", [decisiveness(r) for r in a], [decisiveness(r) for r in b], seed))
    rows.append(_mean_row("duration (decisions)", "game", [r["decisions"] for r in a],
                          [r["decisions"] for r in b], seed))
    cards_a = {c for r in a for s in r["seats"] for c in s["cards"]}
    cards_b = {c for r in b for s in r["seats"] for c in s["cards"]}
    for card in sorted(cards_a & cards_b):
        ha = [s for r in a for s in r["seats"] if card in s["cards"]]
        hb = [s for r in b for s in r["seats"] if card in s["cards"]]
        ta = [float(any(card in s["cards"] for s in r["seats"])) for r in a]
        tb = [float(any(card in s["cards"] for s in r["seats"])) for r in b]
        rows.append(_rate_row(f"{card}: taken rate", "card", ta, tb))
        rows.append(_rate_row(f"{card}: holders' win rate", "card", [s["win"] for s in ha], [s["win"] for s in hb]))
        rows.append(_mean_row(f"{card}: holders' VP", "card", [s["vp"] for s in ha], [s["vp"] for s in hb], seed))
    changed: list[str] = []
    if set_a is not None and set_b is not None:
        changed = sorted(c.id for c in set_b if c.id in set_a and set_a[c.id] != c)
        cards_a, cards_b = {c.id for c in set_a}, {c.id for c in set_b}
    return {"rows": rows, "new_cards": sorted(cards_b - cards_a), "removed_cards": sorted(cards_a - cards_b),
            "changed_cards": changed}

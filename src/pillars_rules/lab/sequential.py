"""The lab's sequential design: verdicts that stay valid however early a run stops.

A run that stops as soon as its verdicts are known (``--precision``,
``--time``, ``--sequential``) looks at its tests after every game. A
*t* test's p-value read after every game and acted on at the first small
one would flag fair cards far more often than 5%. So such a run judges with
**always-valid p-values**: the mixture sequential probability ratio test
(mSPRT; Robbins' normal mixture, as Johari, Pekelis and Walsh use it for
A/B tests that are watched while they run).

For an estimate ``d`` of a difference in VP with standard error ``se`` after
``k`` games, with ``V = se**2`` and a normal mixing distribution of spread
``tau`` (``MIX_VP``: effects of about a VP are the ones an author asks
about), the likelihood ratio of "some effect" against "none" is

    L_k = sqrt(V / (V + tau**2)) * exp(z**2 * tau**2 / (2 * (V + tau**2))),

``z = d / se`` (read as the normal quantile of the *t* statistic on the
clusters' degrees of freedom, so that a few clusters are not over-trusted).
The always-valid p-value after game ``n`` is ``min(1, 1 / max(L_k, k <=
n))``: under no effect the chance that it *ever* falls below ``a`` is at
most ``a``, whenever the run stops. Holm's step-down method over these
p-values keeps the family-wise error at 5% at any stopping time, because
Holm only needs each p-value to be valid at that time; it counts every test
of the family from the first game (a test with too few chances yet has
p = 1), so the family's size never changes and a flag, once raised, stays.

The matching **confidence sequence** holds the true effect at every ``k`` with
chance at least 95%: ``d +- se * sqrt((V + tau**2) / tau**2 * (2 log(1/a) +
log((V + tau**2) / V)))``. A card whose flag stopped the run shows it as its
VP interval (the fixed-length interval of a run stopped on its estimate
would be too narrow).

Every function takes the clusters (seeds) in index order and computes the
whole path, prefix by prefix, from cumulative sums.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from .stats import norm_isf, t_sf

if TYPE_CHECKING:  # pragma: no cover
    import numpy.typing as npt

#: The mixing distribution's spread, in VP.
MIX_VP = 1.0
DESIGN = "always-valid p-values (mixture SPRT, tau = 1 VP) checked after every game, Holm over the whole family"


def ratio_path(num: np.ndarray, den: np.ndarray, sq: np.ndarray | None = None) -> dict[str, np.ndarray]:
    """``sum(num[:k]) / sum(den[:k])`` for every ``k`` with its standard error
    as :func:`.effects.ratio_ci` computes it for one ``k`` (over the games
    with units, never below the one counted unit by unit when ``sq`` is
    given), ``units`` (``sum(den[:k])``) and the degrees of freedom."""
    num, den = np.asarray(num, float), np.asarray(den, float)
    g = np.cumsum(den > 0).astype(float)
    s, n = np.cumsum(num), np.cumsum(den)
    ss, sn, nn = np.cumsum(num * num), np.cumsum(num * den), np.cumsum(den * den)
    with np.errstate(divide="ignore", invalid="ignore"):
        v = np.where(n > 0, s / n, np.nan)
        resid = np.maximum(ss - 2 * v * sn + v * v * nn, 0.0)
        se = np.where(g > 1, np.sqrt(g / (g - 1) * resid) / n, np.nan)
        if sq is not None:
            units = np.maximum(np.cumsum(np.asarray(sq, float)) - 2 * v * s + v * v * n, 0.0)
            se = np.where((n > 1) & (g > 1), np.fmax(se, np.sqrt(units / (n - 1) / n)), se)
    return {"value": v, "se": se, "df": g - 1, "units": n}


def contrast_path(sx: npt.ArrayLike, nx: npt.ArrayLike, sy: npt.ArrayLike, ny: npt.ArrayLike) -> dict[str, np.ndarray]:
    """``sum(sx)/sum(nx) - sum(sy)/sum(ny)`` for every prefix, with the
    linearised standard error :func:`.effects.contrast` uses; ``units`` is the
    smaller of the two sides' counts."""
    sx, nx, sy, ny = (np.asarray(a, float) for a in (sx, nx, sy, ny))
    k = np.cumsum((nx > 0) | (ny > 0)).astype(float)  # the games with a chance at either card
    c = {
        name: np.cumsum(a * b)
        for name, (a, b) in {
            "xx": (sx, sx),
            "xn": (sx, nx),
            "nn": (nx, nx),
            "yy": (sy, sy),
            "ym": (sy, ny),
            "mm": (ny, ny),
            "xy": (sx, sy),
            "xm": (sx, ny),
            "ny": (nx, sy),
            "nm": (nx, ny),
        }.items()
    }
    X, N, Y, M = np.cumsum(sx), np.cumsum(nx), np.cumsum(sy), np.cumsum(ny)
    with np.errstate(divide="ignore", invalid="ignore"):
        dx, dy = X / N, Y / M
        ex = (c["xx"] - 2 * dx * c["xn"] + dx * dx * c["nn"]) / (N * N)
        ey = (c["yy"] - 2 * dy * c["ym"] + dy * dy * c["mm"]) / (M * M)
        exy = (c["xy"] - dy * c["xm"] - dx * c["ny"] + dx * dy * c["nm"]) / (N * M)
        total = np.maximum(ex + ey - 2 * exy, 0.0)
        se = np.where(k > 1, np.sqrt(k / (k - 1) * total), np.nan)
        value = np.where((N > 0) & (M > 0), dx - dy, np.nan)
    return {"value": value, "se": se, "df": k - 1, "units": np.minimum(N, M)}


def _z(value: np.ndarray, se: np.ndarray, df: np.ndarray) -> np.ndarray:
    """The normal quantile with the same tail as the *t* statistic ``value / se``."""
    with np.errstate(divide="ignore", invalid="ignore"):
        stat = np.abs(value) / se
        stat = np.where(se > 0, stat, np.where(value != 0, np.inf, 0.0))
    tail = t_sf(stat, np.maximum(df, 1))
    return np.asarray(norm_isf(tail), float)


def valid_p(path: dict[str, np.ndarray], min_units: int, tau: float = MIX_VP) -> np.ndarray:
    """The always-valid p-value after every prefix (1 while the test has fewer
    than ``min_units`` chances or two clusters)."""
    value, se, df, units = path["value"], path["se"], path["df"], path["units"]
    ok = (units >= min_units) & (df >= 1) & ~np.isnan(value) & ~np.isnan(se)
    z = np.where(ok, _z(np.where(ok, value, 0.0), np.where(ok, se, 1.0), df), 0.0)
    V = np.where(ok & (se > 0), se * se, 1.0)
    z = np.where(np.isinf(z), 1e6, z)
    tau2 = tau * tau
    with np.errstate(over="ignore"):
        log_l = 0.5 * np.log(V / (V + tau2)) + z * z * tau2 / (2 * (V + tau2))
    p = np.where(ok, np.minimum(1.0, np.exp(-np.minimum(log_l, 700.0))), 1.0)
    p = np.where(ok & (se <= 0), np.where(value != 0, 0.0, 1.0), p)
    return np.minimum.accumulate(p) if p.size else p


def sequence_interval(value: float, se: float, alpha: float = 0.05, tau: float = MIX_VP) -> tuple[float, float]:
    """The confidence sequence's interval at one look (see the module docs)."""
    if not (se == se) or se <= 0 or value != value:
        return float("nan"), float("nan")
    V, tau2 = se * se, tau * tau
    half = se * math.sqrt((V + tau2) / tau2 * (2 * math.log(1 / alpha) + math.log((V + tau2) / V)))
    return value - half, value + half


def running_interval(
    path: dict[str, np.ndarray], min_units: int, alpha: float = 0.05, tau: float = MIX_VP, start: int = 0
) -> tuple[float, float]:
    """The confidence sequence's intervals intersected over the looks from
    game ``start`` on (those with ``min_units`` chances): a confidence
    sequence too -- on the event that every look's interval holds the true
    value, so does their intersection -- and one that never widens again. A
    card flagged at some look (``start``) keeps an interval that excludes
    zero after it, where the last look's interval alone may not. Falls back
    to the last look's interval if the intersection is empty."""
    value, se, units = path["value"], path["se"], path["units"]
    lo, hi = -math.inf, math.inf
    for k in range(max(0, start - 1), len(value)):
        if units[k] >= min_units and se[k] == se[k] and se[k] > 0 and value[k] == value[k]:
            a, b = sequence_interval(float(value[k]), float(se[k]), alpha, tau)
            lo, hi = max(lo, a), min(hi, b)
    if not len(value) or lo > hi or lo == -math.inf:
        return sequence_interval(float(value[-1]), float(se[-1]), alpha, tau) if len(value) else (math.nan, math.nan)
    return lo, hi


def holm_path(p: np.ndarray, alpha: float) -> tuple[np.ndarray, list[int | None]]:
    """Holm's adjusted p-values of every test (rows) after the last look, and
    the first look (a game count) at which each was rejected (``None``: never)."""
    from .effects import holm

    tests, looks = p.shape
    first: list[int | None] = [None] * tests
    adjusted = np.ones(tests)
    for k in range(looks):
        adjusted = np.asarray(holm(list(p[:, k])))
        for i in range(tests):
            if first[i] is None and adjusted[i] < alpha:
                first[i] = k + 1
    return adjusted, first

"""Statistics with intervals: Wilson score intervals for rates, seeded
bootstrap intervals for means, and their differences; the Student *t* and
normal quantiles and tails the lab's tests use.

Every interval is a 95% interval by default (``z = 1.96``). Bootstraps draw
from a seeded generator, so the same data always give the same interval.

>>> lo, hi = wilson(30, 100)
>>> round(lo, 3), round(hi, 3)
(0.219, 0.396)
>>> mean_ci([1, 2, 3, 4], seed=1)[0]
2.5
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:  # pragma: no cover
    import numpy.typing as npt

Z95 = 1.959963984540054
#: Bootstrap resamples per interval.
RESAMPLES = 2000


# ----------------------------------------------------------------- t and normal
# The same special functions ``scipy.stats.t`` and ``scipy.stats.norm`` call
# (so the same numbers to the last bit, which a test checks), without
# importing ``scipy.stats``: that import alone took 0.9-1.5 s of every
# ``balance`` run, ``scipy.special`` a third of it.


def t_ppf(p: npt.ArrayLike, df: npt.ArrayLike) -> np.ndarray:
    """Student *t* quantile (``scipy.stats.t.ppf``): ``-inf`` at ``p == 0``,
    ``inf`` at 1, ``nan`` outside [0, 1] or for ``df <= 0``."""
    from scipy.special import stdtrit

    p, df = np.asarray(p, dtype=float), np.asarray(df, dtype=float)
    with np.errstate(invalid="ignore"):
        q = stdtrit(df, p)
    q = np.where(p == 0, -np.inf, np.where(p == 1, np.inf, q))
    return np.where((p < 0) | (p > 1) | ~(df > 0), np.nan, q)


def t_sf(x: npt.ArrayLike, df: npt.ArrayLike) -> np.ndarray:
    """Student *t* upper tail ``P(T > x)`` (``scipy.stats.t.sf``); ``nan`` for ``df <= 0``."""
    from scipy.special import stdtr

    x, df = np.asarray(x, dtype=float), np.asarray(df, dtype=float)
    return np.where(df > 0, stdtr(np.where(df > 0, df, 1.0), -x), np.nan)


def norm_ppf(p: npt.ArrayLike) -> np.ndarray:
    """Standard normal quantile (``scipy.stats.norm.ppf``)."""
    from scipy.special import ndtri

    p = np.asarray(p, dtype=float)
    return np.where((p < 0) | (p > 1), np.nan, ndtri(np.clip(p, 0.0, 1.0)))


def norm_isf(q: npt.ArrayLike) -> np.ndarray:
    """Standard normal inverse upper tail (``scipy.stats.norm.isf``)."""
    return -norm_ppf(q)


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a rate ``successes / n`` (``(0, 1)`` when ``n == 0``).

    ``successes`` may be fractional (a shared win counts as a share)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(max(p * (1 - p) / n + z2 / (4 * n * n), 0.0))
    return max(0.0, centre - half), min(1.0, centre + half)


def rate_ci(successes: float, n: int) -> dict[str, float]:
    """A rate with its Wilson interval: ``{"value", "lo", "hi", "n"}``."""
    lo, hi = wilson(successes, n)
    return {"value": successes / n if n else float("nan"), "lo": lo, "hi": hi, "n": n}


def rate_diff_ci(s1: float, n1: int, s2: float, n2: int) -> dict[str, float]:
    """Difference of two rates ``s2/n2 - s1/n1`` with Newcombe's hybrid score
    interval (built from the two Wilson intervals)."""
    if not n1 or not n2:
        return {"value": float("nan"), "lo": -1.0, "hi": 1.0}
    p1, p2 = s1 / n1, s2 / n2
    l1, u1 = wilson(s1, n1)
    l2, u2 = wilson(s2, n2)
    d = p2 - p1
    lo = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    hi = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return {"value": d, "lo": lo, "hi": hi}


def _percentiles(samples: np.ndarray) -> tuple[float, float]:
    lo, hi = np.percentile(samples, [2.5, 97.5])
    return float(lo), float(hi)


def boot_means(x: np.ndarray, rng: np.random.Generator, resamples: int = RESAMPLES) -> np.ndarray:
    """Means of ``resamples`` bootstrap resamples of ``x`` (along its first axis),
    drawn in blocks so memory stays small for large samples."""
    block = max(1, 2_000_000 // max(1, x.shape[0]))
    out = []
    for start in range(0, resamples, block):
        idx = rng.integers(0, x.shape[0], size=(min(block, resamples - start), x.shape[0]))
        out.append(x[idx].mean(axis=1))
    return np.concatenate(out)


def mean_ci(values: Sequence[float], seed: int = 0, resamples: int = RESAMPLES) -> tuple[float, float, float]:
    """(mean, lo, hi): the mean with a percentile bootstrap interval."""
    x = np.asarray(values, dtype=float)
    if x.size == 0:
        return float("nan"), float("nan"), float("nan")
    means = boot_means(x, np.random.default_rng(seed), resamples)
    return (float(x.mean()), *_percentiles(means))


def mean_dict(values: Sequence[float], seed: int = 0) -> dict[str, float]:
    m, lo, hi = mean_ci(values, seed)
    return {"value": m, "lo": lo, "hi": hi, "n": len(values)}


def mean_diff_ci(a: Sequence[float], b: Sequence[float], seed: int = 0, resamples: int = RESAMPLES) -> dict[str, float]:
    """``mean(b) - mean(a)`` with a bootstrap interval (each sample resampled on its own)."""
    x, y = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if x.size == 0 or y.size == 0:
        return {"value": float("nan"), "lo": float("nan"), "hi": float("nan")}
    rng = np.random.default_rng(seed)
    mx, my = boot_means(x, rng, resamples), boot_means(y, rng, resamples)
    lo, hi = _percentiles(my - mx)
    return {"value": float(y.mean() - x.mean()), "lo": lo, "hi": hi}


def excludes(interval: Mapping[str, float], value: float) -> int:
    """+1 if the interval lies above ``value``, -1 if below, 0 if it contains it."""
    if interval["lo"] > value:
        return 1
    if interval["hi"] < value:
        return -1
    return 0


def distribution(values: Sequence[float]) -> dict[str, float]:
    """Mean, standard deviation, min, quartiles and max."""
    x = np.asarray(values, dtype=float)
    if x.size == 0:
        return {}
    q = np.percentile(x, [0, 25, 50, 75, 100])
    return {
        "mean": float(x.mean()),
        "sd": float(x.std(ddof=1)) if x.size > 1 else 0.0,
        "min": float(q[0]),
        "q1": float(q[1]),
        "median": float(q[2]),
        "q3": float(q[3]),
        "max": float(q[4]),
    }

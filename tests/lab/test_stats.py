"""Intervals and game-design metrics (pillars_rules.lab.stats, .summary)."""

import math

import numpy as np
import pytest

from pillars_rules.lab import stats
from pillars_rules.lab.metrics import game_metrics, paired
from pillars_rules.lab.summary import decisiveness, summarize


def test_wilson_matches_the_closed_form_and_stays_in_0_1():
    lo, hi = stats.wilson(0, 10)
    assert lo == 0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = stats.wilson(81, 263)  # Newcombe (1998), example: 0.2553 to 0.3662
    assert (lo, hi) == (pytest.approx(0.2553, abs=1e-4), pytest.approx(0.3662, abs=1e-4))
    assert stats.wilson(5, 0) == (0.0, 1.0)


def test_newcombe_difference_matches_the_published_example():
    # Newcombe (1998) method 10: 56/70 - 48/80 = 0.2, interval 0.0524 to 0.3339
    d = stats.rate_diff_ci(48, 80, 56, 70)
    assert d["value"] == pytest.approx(0.2)
    assert (d["lo"], d["hi"]) == (pytest.approx(0.0524, abs=1e-4), pytest.approx(0.3339, abs=1e-4))


def test_bootstrap_is_seeded_and_brackets_the_mean():
    values = [1, 5, 2, 8, 3, 9, 4, 4, 7, 1] * 5
    m, lo, hi = stats.mean_ci(values, seed=3)
    assert (m, lo, hi) == stats.mean_ci(values, seed=3)
    assert lo < m == sum(values) / len(values) < hi
    assert stats.mean_ci(values, seed=4) != (m, lo, hi)
    d = stats.mean_diff_ci(values, [v + 10 for v in values], seed=1)
    assert d["value"] == pytest.approx(10) and 8 < d["lo"] < 10 < d["hi"] < 12
    assert stats.excludes(d, 0) == 1 and stats.excludes({"lo": -1, "hi": 1}, 0) == 0


def _record(i, vp_rounds, winners):
    seats = [
        {
            "vp": r[-1],
            "gold": 0,
            "rank": 1 if s in winners else 2,
            "win": (1 / len(winners)) if s in winners else 0.0,
            "cards": {},
            "held": [],
            "vp_rounds": r,
        }
        for s, r in enumerate(vp_rounds)
    ]
    return {
        "i": i,
        "seed": i,
        "bots": ["random"] * len(seats),
        "winners": winners,
        "events": 10,
        "decisions": 5,
        "rounds": len(vp_rounds[0]),
        "seats": seats,
    }


def test_decisiveness_is_when_the_winner_took_the_lead_for_good():
    assert decisiveness(_record(0, [[5, 6, 7, 8], [1, 2, 3, 4]], [0])) == 1 / 4  # led from round 1
    assert decisiveness(_record(0, [[5, 1, 7, 8], [1, 2, 3, 4]], [0])) == 3 / 4  # lost the lead in round 2
    assert decisiveness(_record(0, [[1, 2, 3, 4], [1, 2, 3, 4]], [0])) == 1.0  # won on the tie-break


def test_balance_is_one_minus_the_spread_of_seat_win_rates():
    records = [_record(i, [[1, 2], [0, 1]], [0]) for i in range(3)] + [_record(3, [[0, 1], [1, 2]], [1])]
    s = summarize(records, players=2)
    assert s["balance"]["value"] == pytest.approx(1 - (0.75 - 0.25))
    m = game_metrics(records, players=2)
    assert m["start_player"]["advantage"] == pytest.approx(0.25)
    assert not math.isnan(m["decisiveness"]["value"])


@pytest.mark.parametrize(
    "module",
    [
        "pillars_rules.lab.games",
        "pillars_rules.lab.stats",
        "pillars_rules.lab.moments",
        "pillars_rules.lab.verdict",
        "pillars_rules.lab.cli",
        "pillars_rules.lab.effects",
    ],
)
def test_lab_docstring_examples(module):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_paired_a_b_finds_what_moved_and_nothing_in_identical_sets():
    even = [_record(i, [[1, 2], [0, 1]] if i % 2 else [[0, 1], [1, 2]], [i % 2 ^ 1]) for i in range(60)]
    lopsided = [_record(i, [[3, 9], [0, 1]], [0]) for i in range(60)]
    same = paired(even, even, players=2)
    assert not [name for name, r in same.items() if r["moved"]]
    moved = {name: r["moved"] for name, r in paired(even, lopsided, players=2).items()}
    assert moved["seat 0 win rate"] == 1 and moved["seat 1 win rate"] == -1
    assert moved["start_player"] == 1 and moved["mean_vp"] == 1


def test_t_and_normal_functions_give_scipy_stats_numbers_to_the_last_bit():
    # the lab reads them from scipy.special (scipy.stats took 1 s to import); same numbers, edges included
    import numpy as np
    from scipy.stats import norm, t

    ps = np.array([-0.1, 0.0, 1e-300, 1e-10, 0.025, 0.3, 0.5, 0.975, 1 - 1e-12, 1.0, 1.5, np.nan])
    xs = np.array([-np.inf, -3.0, 0.0, 0.5, 2.2, 40.0, np.inf, np.nan])
    with np.errstate(all="ignore"):
        for df in (1, 2, 3, 7, 29, 1000, 1e6, 0, -1, np.nan):
            assert np.array_equal(stats.t_ppf(ps, df), t.ppf(ps, df), equal_nan=True), df
            assert np.array_equal(stats.t_sf(xs, df), t.sf(xs, df), equal_nan=True), df
        dfs = np.array([1, 5, 30, 200])
        assert np.array_equal(stats.t_sf(2.0, dfs), t.sf(2.0, dfs))
        assert np.array_equal(stats.norm_ppf(ps), norm.ppf(ps), equal_nan=True)
        assert np.array_equal(stats.norm_isf(ps), norm.isf(ps), equal_nan=True)
    assert float(stats.t_ppf(0.975, 9)) == pytest.approx(2.262157, abs=1e-6)  # the printed tables' value


def test_counts_that_cannot_be_negative_have_no_interval_below_zero():
    # one lead change in 1 game of 6: the t interval of the mean reaches below 0
    flat = [[5, 6, 7, 8], [1, 2, 3, 4]]
    swap = [[5, 1, 7, 8], [1, 2, 3, 4]]
    records = [_record(i, swap if i == 0 else flat, [0]) for i in range(6)]
    m = game_metrics(records, players=2)
    assert m["lead_changes"]["value"] > 0 and m["lead_changes"]["lo"] == 0.0
    assert m["drama"]["lo"] >= 0 and 0 <= m["decisiveness"]["lo"] <= m["decisiveness"]["hi"] <= 1


def test_moved_means_the_simultaneous_interval_excludes_zero():
    from pillars_rules.lab.metrics import simultaneous, t_interval

    rng = np.random.default_rng(8)
    rows = {f"s{k}": t_interval(rng.normal(0, 1, 40)) for k in range(15)}
    rows["edge"] = t_interval(rng.normal(0, 1, 40) + 0.45)  # about p = 0.01 alone
    rows["clear"] = t_interval(rng.normal(0, 1, 40) + 1.2)
    assert rows["edge"]["lo"] > 0  # moved by its own 95% interval
    out = simultaneous(rows)
    assert out["edge"]["moved"] == 0 and out["edge"]["lo_sim"] < 0 < out["edge"]["hi_sim"]
    assert out["clear"]["moved"] == 1 and out["clear"]["lo_sim"] > 0
    assert out["clear"]["hi_sim"] - out["clear"]["lo_sim"] > out["clear"]["hi"] - out["clear"]["lo"]

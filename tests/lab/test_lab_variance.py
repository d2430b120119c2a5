"""tools/lab_variance.py measures what issue #39's variance-reduction levers could buy: its
arms are the lab's own (the same results as play_causal), and the two-phase design's
efficiency is what a simulation of that design gives."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from pillars_rules.lab.causal import play_causal
from pillars_rules.lab.games import GameSpec

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import lab_variance  # noqa: E402


def test_the_tools_arms_are_the_labs_arms():
    spec = GameSpec(players=2, bots=("random",), seed=41, targets=("joiner_r2", "jack"))
    for index in range(3):
        game = lab_variance.one_game((spec, index))
        lab = play_causal(spec, index)
        assert [(u["card"], u["seat"], u["round"], u["took"]) for u in game["units"]] == [
            (u["card"], u["seat"], u["round"], u["took"]) for u in lab["units"]
        ]
        for mine, theirs in zip(game["units"], lab["units"]):
            assert mine["ref"]["vp"] == theirs["ref"]["vp"]  # the hook looks and changes nothing
            if not mine["took"]:
                assert mine["take"]["vp"] == theirs["take"]["vp"]
            for arm in ("take", "ref"):
                marks = mine[arm]["marks"]
                assert marks and all(a[1] <= b[1] for a, b in zip(marks, marks[1:]))
                assert marks[-1][1] <= mine[arm]["cpu"]
        assert game["natural_cpu"] > 0


def test_regression_share_is_r_squared():
    rng = np.random.default_rng(5)
    x = rng.normal(size=4000)
    d = 2 * x + rng.normal(size=4000)
    assert abs(lab_variance.regression_share(d, x[:, None]) - 0.8) < 0.03
    assert lab_variance.regression_share(rng.normal(size=4000), x[:, None]) < 0.01


def test_two_phase_efficiency_matches_a_simulation_of_the_design():
    rng = np.random.default_rng(9)
    n, f = 400, 0.25
    var_p, var_r = 9.0, 1.0  # a proxy that leaves a tenth of the variance
    design = lab_variance.two_phase(var_p + var_r, var_p, var_r, 0.0, f)
    pi = design["pi"]
    estimates = []
    for _ in range(3000):
        p = rng.normal(1.0, np.sqrt(var_p), n)
        d = p + rng.normal(0.5, np.sqrt(var_r), n)
        done = rng.random(n) < pi
        estimates.append(p.mean() + (d[done] - p[done]).mean())
    estimates = np.array(estimates)
    assert abs(estimates.mean() - 1.5) < 0.01  # unbiased
    simulated = (var_p + var_r) / (estimates.var() * n * (f + pi * (1 - f)))
    assert abs(simulated / design["efficiency"] - 1) < 0.1
    assert design["efficiency"] > 1.5  # a good cheap proxy pays


def test_a_useless_or_noisy_proxy_never_beats_playing_every_arm_out():
    assert lab_variance.two_phase(5.0, 0.0, 5.0, 0.0, 0.25) == {"pi": 1.0, "efficiency": 1.0}
    noisy = lab_variance.two_phase(5.0, 20.0, 15.0, -15.0, 0.25)  # p + r keeps d's variance
    assert noisy["efficiency"] <= 1.0 + 1e-9


def test_double_sampling_gains_only_what_cheap_covariates_can_give():
    assert lab_variance.double_sampling(0.0, 0.05) == 1.0
    assert abs(lab_variance.double_sampling(0.5, 0.0) - 2.0) < 1e-12  # free covariates: 1 / (1 - R2)
    assert abs(lab_variance.double_sampling(0.25, 0.05) - 1 / (0.75**0.5 + 0.0125**0.5) ** 2) < 1e-12
    assert lab_variance.double_sampling(0.25, 0.9) == 1.0  # dear natural games: play none extra


def _games(means, rotated=False):
    return [
        {"i": i, "rotated": rotated, "units": [{"card": "x", "took": False, "take": {"vp": m}, "ref": {"vp": 0}}]}
        for i, m in enumerate(means)
    ]


def test_antithetic_pairs_are_worth_more_only_when_they_anticorrelate():
    rng = np.random.default_rng(2)
    a = rng.normal(size=200)
    opposite = lab_variance.antithetic(_games(a), _games(-a + 0.1 * rng.normal(size=200), True))["x"]
    assert opposite["rho"] < -0.9 and opposite["pair_worth"] > 10
    alike = lab_variance.antithetic(_games(a), _games(a + rng.normal(size=200), True))["x"]
    assert 0.5 < alike["rho"] < 0.9 and alike["pair_worth"] < 1.4
    assert lab_variance.antithetic(_games(a[:5]), _games(a[:5], True)) == {}  # too few games to say


def test_the_committed_measurement_says_what_the_performance_page_says():
    """bench/results/lab_variance.json (100 four-player games) and the table
    docs/lab/variance.rst drawn from it: no lever of issue #39 buys more than
    a tenth -- cut-off arms nothing, double sampling and rotated twins little."""
    import json

    result = json.loads((ROOT / "bench" / "results" / "lab_variance.json").read_text())
    assert (ROOT / "docs" / "lab" / "variance.rst").read_text() == lab_variance.to_rst(result)
    assert result["games"] == 100 and len(result["cards"]) == 4
    assert result["cpu"]["replicate_bound"] < 1.1
    for card, row in result["cards"].items():
        assert row["units"] >= 100
        assert all(h["efficiency"] < 1.0 + 1e-9 for h in row["horizons"])
        assert row["double_sampling"] < 1.1
        assert result["antithetic"][card]["rho"] > 0.5
    page = (ROOT / "docs" / "performance.rst").read_text()
    assert "at most 1.05 times" in page and f"{result['cpu']['replicate_bound']:.2f}" == "1.05"

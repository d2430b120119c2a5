"""tools/lab_aa.py checks a card's own interval across blocks of seeds (issue #39): honest
intervals hold the pooled value about 95% of the time and spread as their standard errors
say; intervals too narrow do not. Then the committed A/A runs, summarised that way."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import lab_aa  # noqa: E402

from pillars_rules.lab.stats import t_ppf, t_sf  # noqa: E402  (scipy.stats costs seconds at collection)


def _runs(values, ses, games=100) -> list[dict]:
    """Runs as one_run records them: each card's own value, se and interval."""
    half = float(t_ppf(0.975, games - 1))
    return [
        {
            "copy": {"vp": v, "se": s, "lo": v - half * s, "hi": v + half * s, "p": 0.5, "clusters": games},
            "original": {"vp": v, "se": s, "p": 0.5, "clusters": games},
        }
        for v, s in zip(values, ses)
    ]


def test_honest_blocks_keep_their_coverage_and_narrow_ones_are_caught():
    rng = np.random.default_rng(3)
    truth, se = -1.0, 0.5
    values = truth + se * rng.standard_normal(200)
    honest = lab_aa.coverage(_runs(values, [se] * 200), "copy", 100)
    assert honest["runs"] == 200 and 0.9 <= honest["covered"] <= 1.0 and honest["q_p"] > 0.01
    assert abs(honest["pooled"] - truth) < 3 * honest["pooled_se"]
    assert honest["pooled_se"] == pytest.approx(se / 200**0.5)
    # the same blocks reporting a third of their true standard error: the Potter case of the issue
    narrow = lab_aa.coverage(_runs(values, [se / 3] * 200), "copy", 100)
    assert narrow["covered"] < 0.6 and narrow["q_p"] < 1e-6


def test_runs_recorded_without_a_standard_error_get_it_back_from_their_p_value():
    value, se, games = 0.8, 0.4, 100
    p = float(2 * t_sf(value / se, games - 1))
    assert abs(lab_aa._se({"vp": value, "p": p}, games) - se) < 1e-9
    assert lab_aa._se({"vp": 0.0, "p": 1.0}, games) != lab_aa._se({"vp": 0.0, "p": 1.0}, games)  # nan: unknown
    few = lab_aa.coverage(_runs([0.1], [0.2]), "copy", 100)
    assert few["runs"] == 1 and few["q_p"] != few["q_p"]


def test_the_committed_blocks_keep_each_card_s_own_coverage():
    data = json.loads((ROOT / "bench" / "results" / "lab_aa.json").read_text())
    again = lab_aa.summarise(json.loads(json.dumps(data["per_run"])), data["games"], data["first"])
    assert again["coverage"] == data["coverage"]  # the file is what the script makes of its runs
    for card in (lab_aa.COPY, lab_aa.ORIGINAL):
        c = data["coverage"][card]
        assert c["runs"] == len(data["per_run"]) >= 20
        # two cards checked: each Q at the family's 5% (Bonferroni, 0.025 each)
        assert c["covered"] >= 0.85 and c["q_p"] > 0.025, (card, c)
    rst = (ROOT / "docs" / "lab" / "aa.rst").read_text()
    assert "Cochran's Q" in rst and f"{100 * data['coverage'][lab_aa.COPY]['covered']:.0f}% of" in rst


def test_summarise_plays_nothing_and_writes_the_same_files(tmp_path):
    out, rst = tmp_path / "aa.json", tmp_path / "aa.rst"
    assert (
        lab_aa.main(
            ["--summarise", str(ROOT / "bench" / "results" / "lab_aa.json"), "--json", str(out), "--rst", str(rst)]
        )
        == 0
    )
    assert json.loads(out.read_text()) == json.loads((ROOT / "bench" / "results" / "lab_aa.json").read_text())
    assert rst.read_text() == (ROOT / "docs" / "lab" / "aa.rst").read_text()

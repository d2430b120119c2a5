"""The balance tutorial shows real runs (``tools/lab_tutorial.py`` made
``docs/lab/``): check that their reports say what the tutorial says."""

import json
from pathlib import Path

import pytest

LAB = Path(__file__).resolve().parents[2] / "docs" / "lab"


def _report(name):
    path = LAB / f"{name}.json"
    if not path.exists():
        pytest.fail(f"{path} is missing: run python tools/lab_tutorial.py {name}")
    return json.loads(path.read_text())


def _judged(report, card, label):
    return next(e for e in report["judged"] if e["card"] == card and e["set"] == label)


def test_the_a_a_run_is_not_flagged():
    report = _report("aa")
    (c,) = [c for c in report["contrasts"] if c["against"] == "joiner_r2"]
    assert c["card"] == "joiner_r2_copy" and c["flag"] == 0 and c["lo"] < 0 < c["hi"]
    assert report["sets"]["alone: joiner_r2_copy"]["games"] == 200


def test_the_overpowered_card_is_flagged_and_said_in_vp_when_gold_cannot_say_it():
    e = _judged(_report("overpowered"), "alchemist", "alone: alchemist")
    assert e["flag"] == 1 and e["vp"]["lo"] > 50 and e["units"] == 30
    beta = e["gold_scale"]
    assert beta["lo"] < 0 < beta["hi"] and e["worth"]["value"] is None
    assert e["worth"]["why"] == "too few games to express it in gold"
    assert "too strong" in e["verdict"] and "too few games to express it in gold" in e["verdict"]
    # one side in gold is known: at least lo / beta_hi, which the tutorial's text works out
    assert abs(e["worth"]["least"] - e["vp"]["lo"] / beta["hi"]) < 1e-9 * e["worth"]["least"]
    assert f"at least +{e['worth']['least']:.0f} gold" in e["verdict"] and round(e["worth"]["least"]) == 273
    assert "no gold cost can make it fair" in e["verdict"]
    assert "= **273 gold**" in (LAB.parent / "balance-tutorial.rst").read_text()


def test_the_mild_variant_is_measured_with_an_interval_or_the_games_it_needs():
    report = _report("mild")
    (c,) = [c for c in report["contrasts"] if c["against"] == "joiner_r2 (base version)"]
    assert (c["lo"] > 0 or c["hi"] < 0) or (c["needed"] and c["needed"] > report["sets"]["base"]["games"])


def test_the_tune_run_finds_a_fair_cost_inside_the_range_tried():
    result = _report("tune")
    values = [r["value"] for r in result["rows"]]
    assert result["name"] == "cost" and min(values) <= result["fair"] <= max(values)
    assert f"cost {result['fair']} gold" in result["adjusted"]


def test_the_base_report_flags_few_base_cards():
    report = _report("base")
    judged = [e for e in report["judged"] if e["kind"] != "event"]
    assert len(judged) >= 30
    assert sum(1 for e in judged if e["flag"]) < len(judged) / 2


def test_eighty_four_player_a_a_blocks_flag_at_the_nominal_rate_in_both_designs():
    """``tools/lab_aa.py --runs 80`` wrote bench/results/lab_aa.json (and
    docs/lab/aa.rst from it): 80 A/A blocks of 100 four-player games on
    disjoint seeds, read as a fixed-length report (its flag's rate has 5% in
    its interval, the contrasts' p-values look uniform) and as a sequential
    one (at most 5%)."""
    data = json.loads((LAB.parents[1] / "bench" / "results" / "lab_aa.json").read_text())
    runs = data["per_run"]
    assert len(runs) == data["all_runs"] == 80 and data["players"] == 4
    assert all(r["games"] == 100 for r in runs)
    firsts = sorted(r["first_seed"] for r in runs)
    assert all(b - a >= 100 for a, b in zip(firsts, firsts[1:]))  # no seed in two runs
    flagged = sum(r["holm_flagged"] for r in runs)
    assert data["holm_flagged"] == flagged and data["all_flagged"] == sum(r["flagged"] for r in runs)
    assert data["all_flag_rate"]["lo"] <= 0.05 <= data["all_flag_rate"]["hi"]
    assert data["ks_p"] > 0.05
    seq = data["sequential"]
    assert seq["runs"] == 80 and seq["flagged"] == sum(r["sequential"]["flagged"] for r in runs)
    assert seq["flag_rate"]["lo"] <= 0.05
    text = (LAB / "aa.rst").read_text()
    assert f"**{data['all_flagged']} of all 80**" in text and f"flagged in **{seq['flagged']} of 80** runs" in text
    page = (LAB.parent / "balance-tutorial.rst").read_text()
    assert f"{data['all_flagged']} of\nthe 80 blocks" in page and f"**{seq['flagged']} of 80 (" in page


def test_eighty_two_player_a_a_blocks_flag_at_most_the_nominal_rate_in_both_designs():
    """``tools/lab_aa.py --runs 80 --games 40 --players 2`` wrote
    bench/results/lab_aa_2p.json and docs/lab/aa-2p.rst: each block read as a
    fixed-length report and as a sequential one (watched after every game)."""
    data = json.loads((LAB.parents[1] / "bench" / "results" / "lab_aa_2p.json").read_text())
    runs = data["per_run"]
    assert len(runs) == data["all_runs"] == 80 and data["players"] == 2 and data["games"] == 40
    firsts = sorted(r["first_seed"] for r in runs)
    assert all(b - a >= 40 for a, b in zip(firsts, firsts[1:]))
    seq = data["sequential"]
    assert seq["runs"] == 80 and seq["flagged"] == sum(r["sequential"]["flagged"] for r in runs)
    assert seq["flag_rate"]["lo"] <= 0.05 and data["all_flag_rate"]["lo"] <= 0.05
    assert all(r["sequential"]["p_contrast"] >= r["sequential"]["p_holm"] / 2 for r in runs)
    text = (LAB / "aa-2p.rst").read_text()
    assert f"flagged in **{seq['flagged']} of 80** runs" in text

"""The balance tutorial's pictures are drawn from the stored reports and kept current."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import lab_figures  # noqa: E402


def _report(name: str) -> dict:
    return json.loads((lab_figures.LAB / name).read_text(encoding="utf-8"))


def test_each_picture_was_drawn_from_the_report_as_it_is_now():
    record = json.loads((lab_figures.IMAGES / "lab-figures.json").read_text(encoding="utf-8"))
    assert set(record) == set(lab_figures.SOURCES)
    for image, source in lab_figures.SOURCES.items():
        assert (lab_figures.IMAGES / image).stat().st_size > 10_000, image
        assert record[image]["sha256"] == lab_figures.digest(source), (
            f"docs/lab/{source} changed: run python tools/lab_figures.py"
        )


def test_the_tutorial_shows_both_pictures():
    text = (ROOT / "docs" / "balance-tutorial.rst").read_text(encoding="utf-8")
    for image in lab_figures.SOURCES:
        assert f".. figure:: images/{image}" in text


def test_the_worth_figure_has_a_row_per_judged_card_and_red_for_the_flagged():
    report = _report("base.json")
    fig = lab_figures.base_worth(report)
    ax = fig.axes[0]
    rows = [e for e in report["judged"] if e["kind"] != "event" and e["worth"]["value"] == e["worth"]["value"]]
    assert len(ax.get_yticks()) == len(rows)
    red = {line.get_ydata()[0] for line in ax.get_lines()[:-1] if line.get_color() == "#b00"}
    assert red == {y for y, e in enumerate(rows) if e["flag"]}


def test_the_tune_figure_marks_the_fitted_root():
    report = _report("tune.json")
    fig = lab_figures.tune_curve(report)
    dashed = [line for line in fig.axes[0].get_lines() if line.get_linestyle() == "--"]
    assert [line.get_xdata()[0] for line in dashed] == [report["fit"]["root"]]


def test_one_far_too_strong_card_does_not_squash_the_fair_ones_and_clipped_ends_are_marked():
    from pillars_rules.lab import html

    def card(name, value, lo, hi, flag):
        return {
            "card": name,
            "set": "A",
            "kind": "craftsman",
            "flag": flag,
            "worth": {"value": value, "lo": lo, "hi": hi},
        }

    report = {
        "judged": [
            card("saint", 1200.0, 300.0, float("inf"), 1),
            card("near", 0.5, -2.0, 3.0, 0),
            card("privilege", -1.0, -4.0, 2.5, 0),
        ]
    }
    fig = html.worth_figure(report)
    ax = fig.axes[0]
    lo, hi = ax.get_xlim()
    assert hi < 20 and lo > -20  # the fair cards' intervals fill the axis
    texts = [t.get_text() for t in ax.texts]
    assert texts == ["+1200 [+300, +inf]"] and fig.clipped == 1 and "clipped at ±" in ax.get_xlabel()
    assert html.worth_figure({"judged": report["judged"][1:]}).clipped == 0

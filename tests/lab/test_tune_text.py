"""What ``balance tune`` prints (issue #55): the line's zero only when its
slope is significant, and beside each cost the fair cost the report's
verdict would guess from it, with which of the two to trust."""

from rich.console import Console

from pillars_rules.lab import text


def _row(value, vp, worth):
    return {
        "value": value,
        "units": 40,
        "took": 0.5,
        "status": "fair",
        "vp": {"value": vp, "lo": vp - 1, "hi": vp + 1},
        "worth": {"value": worth, "lo": worth - 4, "hi": worth + 4},
        "guess": value + worth,
    }


def _printed(result) -> str:
    con = Console(record=True, width=120)
    text.print_tune(result, con)
    return con.export_text()


def test_an_unordered_fit_prints_no_zero():
    fit = {"intercept": 0.4, "slope": 0.003, "slope_lo": -0.02, "slope_hi": 0.03, "root": -141.8, "ordered": False}
    result = {
        "card": "brickmaker",
        "name": "cost",
        "rows": [_row(4, 0.5, 2.0), _row(8, 0.3, 1.0)],
        "fit": fit,
        "fair": 8,
        "how": "closest",
        "closest": 8,
    }
    out = _printed(result)
    assert "-141.8" not in out and "zero at" not in out
    assert "slope's interval holds zero" in out


def test_tuning_the_cost_shows_the_verdicts_guess_beside_the_measured_fair_cost():
    fit = {
        "intercept": 2.0,
        "slope": -0.1,
        "slope_lo": -0.15,
        "slope_hi": -0.05,
        "root": 20.0,
        "ordered": True,
        "lo": 15.0,
        "hi": 27.0,
    }
    result = {
        "card": "glazier",
        "name": "cost",
        "rows": [_row(2, 1.8, 7.0), _row(14, 0.6, 2.4)],
        "fit": fit,
        "fair": 20,
        "how": "fitted",
        "closest": 14,
    }
    out = _printed(result)
    row = next(line for line in out.splitlines() if line.startswith("│ 14 "))
    assert "cost + worth" in out and row.split("│")[-2].strip() == "16"  # 14 + 2.4
    assert "zero at cost = 20.0 (95%: 15.0 to 27.0)" in out
    assert text.GUESS in " ".join(out.split())

"""``python -m bench.lab --author``: the author's run is measured and reported
(no timing is asserted: the numbers depend on the machine)."""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench import lab  # noqa: E402


def test_the_authors_run_reports_what_it_played_and_how_close_it_came(monkeypatch):
    monkeypatch.chdir(ROOT)
    row = lab.author_run(4, players=2, bots="random", workers=1, fixed=True)
    assert row["card"] == "joiner_r2_copy" and row["design"] == "fixed" and row["games"] >= 1
    assert row["wall_s"] >= 4 or row["reached"] or row["games"] == 5000
    text = lab.to_rst({"date": "d", "players": 4, "bots": "b", "cpus": 2, "rows": [], "author": [row]})
    assert (
        "The author's run: ``balance --cards examples/lab/joiner_copy.cards --precision 2 --time 4s --fixed``" in text
    )
    assert f"{row['games']} games per set" in text


def test_the_issues_run_times_each_source_in_a_process_of_its_own_and_compares_them(monkeypatch):
    monkeypatch.chdir(ROOT)
    src = ROOT / "src"
    result = lab.issue_run([("one", src), ("two", src)], games=1, workers=1, players=2, bots="random", rounds=2)
    one, two = result["sources"]["one"], result["sources"]["two"]
    assert one["games"] == two["games"] == 5  # three cards alone, together, and the base set
    assert one["path"] == str(src) and one["cpu_s"] > 0 and one["wall_s"] > 0
    assert one["answers"] == two["answers"]  # the same games give the same answers
    assert result["ratios"]["one"] == 1.0
    # each round's ratio against the first source in that round; the ratio is their median
    assert len(one["rounds"]) == len(two["rounds"]) == 2
    per_round = [b["games_per_s"] / a["games_per_s"] for a, b in zip(one["rounds"], two["rounds"])]
    assert result["round_ratios"]["two"] == per_round
    assert result["ratios"]["two"] == sum(per_round) / 2  # the median of two
    assert one["games_per_s"] == sum(r["games_per_s"] for r in one["rounds"]) / 2


def test_the_issues_run_refuses_no_rounds_before_it_plays():
    with pytest.raises(SystemExit, match="--rounds must be 1 or more"):
        lab.main(["--issue-run", "--rounds", "0"])

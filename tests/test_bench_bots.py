"""The bots benchmark runs (tiny sizes) and writes well-formed results; its
statistics are right. No playing strength is asserted here (see bench/)."""

import json

import pytest

from bench import bots as benchmark


def test_wilson_interval():
    lo, hi = benchmark.wilson(55, 100)
    assert lo == pytest.approx(0.452, abs=1e-3) and hi == pytest.approx(0.644, abs=1e-3)
    assert benchmark.wilson(0, 0) == (0.0, 1.0)
    assert benchmark.wilson(10, 10)[1] == 1.0


def test_median_interval_brackets_the_median():
    values = list(range(101))
    lo, hi = benchmark.median_interval(values)
    assert lo < 50 < hi and hi - lo < 25


def test_tiny_run_writes_json_and_table(tmp_path, capsys):
    out, rst = tmp_path / "bots.json", tmp_path / "bots.rst"
    assert benchmark.main(["--games", "2", "--mcts-games", "2", "--iterations", "2",
                           "--suite", "heuristic_vs_random_2p", "--suite", "mcts_vs_heuristic_2p",
                           "--output", str(out), "--rst", str(rst)]) == 0
    results = json.loads(out.read_text())
    assert set(results["suites"]) == {"heuristic_vs_random_2p", "mcts_vs_heuristic_2p"}
    for suite, r in results["suites"].items():
        assert r["games"] == 2 and isinstance(r["met"], bool) and r["ms_per_decision"] > 0
    assert results["suites"]["mcts_vs_heuristic_2p"]["iterations_per_decision"] > 0
    table = rst.read_text()
    assert table.startswith(".. list-table::") and "``mcts_vs_heuristic_2p``" in table
    # re-rendering from the JSON gives the same table
    assert benchmark.main(["--from-json", str(out), "--rst", str(tmp_path / "again.rst")]) == 0
    assert (tmp_path / "again.rst").read_text() == table


def test_self_play_summary():
    games = [{"scores": [50, 40, 45, 30], "focus": 0, "win": 1.0, "times": [0.01], "iterations": []},
             {"scores": [44, 47, 41, 39], "focus": 0, "win": 0.0, "times": [0.02], "iterations": []}]
    r = benchmark.summarize("heuristic_4p", games)
    assert r["median_winner"] == 48.5 and r["median_all"] == 42.5 and r["met"] is True
    assert r["ms_per_decision"] == 15.0

"""bench/ora_bots.py's arithmetic: the seating, the figures of a cell and its table (no game is played)."""

from __future__ import annotations

import pytest
from bench import ora_bots


def test_the_heuristic_seat_rotates_where_the_cell_says_so():
    assert [ora_bots.seating("4p heuristic vs random", k).index("heuristic") for k in range(5)] == [0, 1, 2, 3, 0]
    assert ora_bots.seating("2p heuristic vs heuristic", 1) == ("heuristic", "heuristic")


def test_a_cell_gives_means_win_rates_and_decision_times():
    games = [
        {
            "bots": ["heuristic", "random"],
            "scores": [10, 4],
            "winners": [0],
            "rounds": 40,
            "times": [0.001, 0.003],
            "cpu_times": [0.001, 0.002],
            "wall_s": 1.0,
        },
        {
            "bots": ["random", "heuristic"],
            "scores": [6, 6],
            "winners": [0, 1],
            "rounds": 50,
            "times": [0.002],
            "cpu_times": [0.002],
            "wall_s": 2.0,
        },
    ]
    out = ora_bots.summarize("2p heuristic vs random", games)
    assert out["score"]["heuristic"]["mean"] == 8 and out["score"]["random"]["mean"] == 5
    assert out["heuristic_win_rate"]["rate"] == 0.75  # a shared first place is half a win
    assert out["decision_ms"] == {"p50": 2.0, "p99": 3.0, "max": 3.0, "decisions": 3}
    assert out["decision_cpu_ms"]["max"] == 2.0
    table = ora_bots.render_rst({"cells": {"2p heuristic vs random": out}})
    assert "   * - 2p heuristic vs random" in table and "75.0%" in table


def test_the_wilson_interval_holds_the_rate():
    w = ora_bots.wilson(200, 200)
    assert w["rate"] == 1.0 and w["lo"] == pytest.approx(0.9812, abs=1e-4) and w["hi"] == pytest.approx(1.0)
    assert ora_bots.mean_ci([1.0, 3.0])["mean"] == 2.0

"""bench/ora_gc.py: what it counts, not how fast (timings are bench figures)."""

from __future__ import annotations

from bench import ora_gc
from bench.cli import SUITES


def test_the_quantiles_count_the_decisions_over_the_budget():
    q = ora_gc.quantiles([1.0, 2.0, 60.0, 3.0])
    assert q["max"] == 60.0 and q["decisions"] == 4 and q["over_budget"] == 1 and q["p50"] == 3.0
    assert ora_gc.quantiles([]) == {"decisions": 0}


def test_held_no_collection_runs_inside_a_decision():
    assert SUITES["--ora-gc"] == "bench.ora_gc"
    held = ora_gc.run("held", games=((2, 62000),), most=60)
    assert held["decisions_with_collection"] == 0
    assert held["collection_after_ms"]["decisions"] == 60  # one collection after each decision
    free = ora_gc.run("free", games=((2, 62000),), most=60)
    assert free["decisions_with_collection"] > 0 and free["collection_after_ms"] is None

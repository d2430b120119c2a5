"""The long reliability run under pytest: ``python3 -m pytest -m slow``.

Deselected by default (pyproject ``addopts = -m 'not slow'``). The same
functions run from ``python3 tools/slow_run.py``, which also records counts
and durations for docs/reliability.rst.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import slow_run  # noqa: E402

pytestmark = pytest.mark.slow


def test_slow_actions_1e5():
    result = slow_run.run_actions(100_000)
    assert result["attempts"] >= 100_000


def test_slow_card_mutants_1e4():
    result = slow_run.run_cards(10_000)
    assert result["mutants"] >= 10_000


def test_slow_card_compile_time_per_kb_stays_flat():
    for name, result in slow_run.run_card_scaling().items():
        # generous: linear parsing keeps ms/KB roughly constant; backtracking grows it 10x+
        assert result["ms_per_kb_1MB_over_16KB"] < 5, (name, result)


def test_slow_save_corruption_1e4_and_every_truncation():
    result = slow_run.run_saves(10_000)
    assert result["refused"] > 9_000


def test_slow_determinism_10_games():
    assert slow_run.run_determinism(10)["identical"]


def test_slow_damaged_stores_5e3_each():
    result = slow_run.run_stores(5_000)
    for kind in ("bytes", "rows"):
        assert sum(result[kind].values()) == 5_000

"""The AI modules' docstring examples run, and the adapter benchmark runs (no timing asserted)."""

from __future__ import annotations

from requires import need

need("ai", module=True)  # the [ai] extra: without it this module skips, saying what to install

import doctest
import importlib
import importlib.util
import json

import pytest

from .support import ROOT

_spec = importlib.util.spec_from_file_location("bench_ai_adapters", ROOT / "bench" / "ai_adapters.py")
ai_adapters = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ai_adapters)


@pytest.mark.parametrize(
    "module",
    [
        "pillars_rules.ai.encoding",
        "pillars_rules.ai.observation",
        "pillars_rules.ai.openspiel_game",
        "pillars_rules.ai.pettingzoo_env",
        "pillars_rules.ai.ora_encoding",
        "pillars_rules.ai.ora_observation",
        "pillars_rules.ai.ora_openspiel",
        "pillars_rules.ai.ora_pettingzoo",
    ],
)
def test_module_doctests(module):
    mod = importlib.import_module(module)
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False)
    assert result.attempted > 0, f"{module} has no docstring examples"
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {module}"


def test_adapter_benchmark_reports_every_mode(tmp_path, capsys):
    path = tmp_path / "ai.json"
    assert ai_adapters.main(["--games", "1", "--players", "2", "--json", str(path)]) == 0
    data = json.loads(path.read_text())
    assert set(data["modes"]) == set(ai_adapters.MODES)
    engine_steps = data["modes"]["engine"]["steps"]
    for row in data["modes"].values():
        assert row["steps"] > 50 and row["steps_per_s"] > 0
        assert abs(row["steps"] - engine_steps) < engine_steps  # whole games in every mode
    assert data["modes"]["engine"]["vs_engine"] == 1.0
    assert "pettingzoo" in capsys.readouterr().out

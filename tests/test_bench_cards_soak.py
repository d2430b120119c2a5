"""The totality soak (issue #53) runs and writes its tally and failures; no
speed is asserted here (see bench/cards_soak.py)."""

from __future__ import annotations

import json

from bench import cards_soak
from bench.cli import SUITES, main


def test_a_tiny_soak_writes_its_tally(tmp_path, capsys):
    out = tmp_path / "soak.json"
    assert SUITES["--cards-soak"] == "bench.cards_soak"
    assert main(["--cards-soak", "--sets", "2", "--output", str(out)]) == 0
    results = json.loads(out.read_text())
    assert results["sets"] == 2 and results["failed"] == 0 and results["failures"] == {}
    assert results["games"] + results["tally"]["refused"] == 2 and results["events"] > 0
    assert "2 sets" in capsys.readouterr().out


def test_a_failing_set_is_kept_with_what_replays_it(monkeypatch, tmp_path):
    from pillars_rules import totality

    monkeypatch.setattr(totality, "play_set", lambda case, players, seed: totality.Outcome("crash", "boom"))
    results = cards_soak.soak(3, 1)
    assert results["failed"] == 3 and results["tally"]["crash"] == 3
    kept = results["failures"]["crash"]
    assert len(kept) == 3 and {"text", "on", "players", "seed", "detail"} <= set(kept[0])


def test_a_tiny_ora_soak_plays_fan_buildings(tmp_path, capsys):
    out = tmp_path / "soak.ora.json"
    assert main(["--cards-soak", "--game", "ora-et-labora", "--sets", "2", "--output", str(out)]) == 0
    results = json.loads(out.read_text())
    assert results["game"] == "ora-et-labora" and results["command"].endswith("--game ora-et-labora")
    assert results["sets"] == 2 and results["failed"] == 0 and results["games"] + results["tally"]["refused"] == 2

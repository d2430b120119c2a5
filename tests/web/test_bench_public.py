"""The public-server benchmark runs (one honest table, every attacker, a few
seconds a phase) and writes well-formed results. No speed is asserted here
(see bench/public.py)."""

from __future__ import annotations

import json

from bench import public as benchmark
from bench.cli import SUITES


def test_a_tiny_run_writes_json_and_table(tmp_path):
    out, rst = tmp_path / "public.json", tmp_path / "public.rst"
    assert "--public" in SUITES
    assert (
        benchmark.main(
            ["--public", "--tables", "1", "--seconds", "3", "--warmup", "2", "--json", str(out), "--rst", str(rst)]
        )
        == 0
    )
    doc = json.loads(out.read_text())
    alone, attacked = doc["rows"]
    assert not alone["attack"] and attacked["attack"] and alone["attackers"] == {}
    assert set(attacked["attackers"]) == set(benchmark.ATTACKERS)
    assert attacked["attackers"]["lobby"].get("429", 0) > 0  # the lobby's limit held
    hellos = attacked["attackers"]["hellos"]
    # wrong keys are refused, each after the refusal delay (so a short run may not reach the
    # hello rate's flood refusal), and none is welcomed
    assert hellos and set(hellos) <= {"bad_credentials", "flood"}, hellos
    assert "p99 under attack / alone" in rst.read_text()


def test_a_tiny_run_at_ora_tables(tmp_path):
    """The same attack at Ora et Labora tables (issue #59): Ora's hard bot at the honest table and
    in the lobby's flood; the rows and the table name the game."""
    out, rst = tmp_path / "public.ora.json", tmp_path / "public.ora.rst"
    argv = ["--public", "--game", "ora-et-labora", "--tables", "1", "--seconds", "3", "--warmup", "2"]
    assert benchmark.main([*argv, "--json", str(out), "--rst", str(rst)]) == 0
    doc = json.loads(out.read_text())
    assert doc["game"] == "ora-et-labora" and [r["game"] for r in doc["rows"]] == ["ora-et-labora"] * 2
    alone, attacked = doc["rows"]
    assert alone["bot_moves"] > 0 and alone["honest_refused"] == 0
    assert attacked["attackers"]["lobby"].get("201", 0) > 0 and attacked["attackers"]["lobby"].get("429", 0) > 0
    assert "at ora-et-labora tables" in rst.read_text()

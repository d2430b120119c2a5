"""The benchmark suite runs (quick mode) and writes well-formed results.

No timing is asserted here: numbers depend on the machine. The targets are
only reported (met/missed) by the suite itself.
"""

from __future__ import annotations

import json
import math
import os
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

import pillars_rules as pr
from pillars_rules.cli import bench as entry

ROOT = Path(__file__).resolve().parent.parent
from bench import cli as benchmark  # noqa: E402 - the checkout's bench/ (conftest puts it on the path)
from bench import peer as bench_peer_module  # noqa: E402
from bench import report as bench_report  # noqa: E402
from shared import once  # noqa: E402 - tests/shared.py

SECTIONS = (
    "games",
    "apply",
    "legal_actions",
    "replay",
    "save_load",
    "cards",
    "memory",
    "growth",
    "peer",
    "six",
    "ora",
)
SUMMARY_KEYS = (
    "games_per_s",
    "actions_per_s",
    "legal_actions_median_us",
    "legal_actions_p90_us",
    "replay_fold_ms",
    "replay_verified_ms",
    "replay_fold_events_per_s",
    "replay_verified_events_per_s",
    "save_ms",
    "load_ms",
    "save_load_ms",
    "cards_warm_ms",
    "cards_cold_ms",
    "states_1000_mb",
    "games_1000_mb",
    "save_bytes_per_event",
    "growth_ratio_k8_k1",
    "playout_actions_per_s",
    "peer_actions_per_s",
    "peer_ratio",
)


def _quick_run(out: Path) -> dict:
    json_path, rst_path = out / "quick.json", out / "quick.rst"
    try:
        before = sorted(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        before = None
    rc = benchmark.main(["--quick", "--quiet", "--output", str(json_path), "--rst", str(rst_path)])
    after = sorted(os.sched_getaffinity(0)) if before is not None else None
    peer_rst = (out / "quick.peer.rst").read_text(encoding="utf-8")
    return {
        "rc": rc,
        "results": json.loads(json_path.read_text(encoding="utf-8")),
        "rst": rst_path.read_text(encoding="utf-8") + peer_rst,
        "before": before,
        "after": after,
    }


@pytest.fixture(scope="module")
def quick(tmp_path_factory):
    """One quick benchmark run per test run: the first xdist worker to get here runs it, in
    its own process, and the others read its results (tests/shared.py), instead of every
    worker running the whole quick suite at the same time."""
    out = tmp_path_factory.mktemp("bench")
    run = once(tmp_path_factory, "quick-bench", lambda: _quick_run(out))
    return run["rc"], run["results"], run["rst"], run["before"], run["after"]


def test_quick_run_succeeds_and_restores_affinity(quick):
    rc, results, _, before, after = quick
    assert rc == 0
    assert results["mode"] == "quick"
    assert before == after  # the pin to one core is undone


def test_json_structure(quick):
    _, r, _, _, _ = quick
    assert r["schema"] == benchmark.SCHEMA
    for key in SECTIONS + ("summary", "targets", "machine", "settings", "workload", "date", "elapsed_s"):
        assert key in r, key
    for key in ("python", "platform", "cpu_count"):
        assert r["machine"][key]
    assert set(SUMMARY_KEYS) <= set(r["summary"])
    for key, value in r["summary"].items():
        assert isinstance(value, (int, float)) and math.isfinite(value) and value > 0, (key, value)


def test_targets_reported(quick):
    _, r, _, _, _ = quick
    assert [t["key"] for t in r["targets"]] == [t[0] for t in benchmark.TARGETS]
    for t in r["targets"]:
        assert isinstance(t["met"], bool)
        assert t["value"] == r["summary"][t["key"]]


def test_sections_detail(quick):
    _, r, _, _, _ = quick
    assert r["legal_actions"]["p90_us"] >= r["legal_actions"]["median_us"] > 0
    assert r["replay"]["fold"]["events_per_s"] > 0 and r["replay"]["verified"]["events_per_s"] > 0
    assert [row["k"] for row in r["growth"]["rows"]] == [1, 2, 4, 8]
    assert all(row["us_per_event"] > 0 for row in r["growth"]["rows"])
    assert r["cards"]["cards"] > 0 and r["cards"]["cold_ms"] > 0 and r["cards"]["warm_ms"] > 0
    assert r["memory"]["states_retained"] > 0 and r["memory"]["states_bytes"] > 0


def test_rst_table(quick):
    _, r, rst, _, _ = quick
    assert ".. list-table::" in rst
    assert ":header-rows: 1" in rst
    for label in (
        "full random 4-player games",
        "legal_actions, median",
        "load(save(game))",
        "full random 6-player games, the expansion",
        "hard bot, CPU per decision, 6 players",
    ):
        assert label in rst


def test_committed_results_are_well_formed():
    path = ROOT / "bench" / "results" / "latest.json"
    assert path.exists(), "bench/results/latest.json is published in the docs; run python -m bench to make it"
    r = json.loads(path.read_text(encoding="utf-8"))
    assert r["schema"] == benchmark.SCHEMA and r["mode"] == "full"
    assert set(SUMMARY_KEYS) - {"playout_actions_per_s", "peer_actions_per_s", "peer_ratio"} <= set(r["summary"])
    assert (ROOT / "bench" / "results" / "latest.rst").exists()


def test_python_m_bench_entry_point():
    proc = subprocess.run(
        [sys.executable, "-m", "bench", "--help"], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    assert "--quick" in proc.stdout and "--rst" in proc.stdout


def test_peer_side_by_side(quick):
    _, r, rst, _, _ = quick
    p = r["peer"]
    assert p["peer"].startswith("OpenSpiel") and "python_team_dominoes" in p["peer"]
    assert len(p["engine_rates"]) == len(p["peer_rates"]) == len(p["ratios"]) == p["rounds"]
    assert p["ratios"] == [e / q for e, q in zip(p["engine_rates"], p["peer_rates"])]
    assert p["ratio"] == statistics.median(p["ratios"])
    assert p["peer_player_actions_per_s"] < p["peer_actions_per_s"]
    # like for like (player decisions only): each round's engine rate over the peer's player-only rate
    assert len(p["player_ratios"]) == p["rounds"] and p["player_ratio"] == statistics.median(p["player_ratios"])
    assert all(pr > r for pr, r in zip(p["player_ratios"], p["ratios"]))
    assert "player decisions only" in rst
    assert "engine / peer" in rst and "OpenSpiel" in rst and "Random playouts side by side" in rst


def test_peer_playouts_count_chance_and_moves():
    game = bench_peer_module.load_peer()
    total, chance = bench_peer_module.peer_playouts(game, 2, seed=3)
    assert chance == 2 * 28  # every tile is dealt by a chance node
    assert total > chance
    assert bench_peer_module.engine_playouts(1, seed=3) > 100  # a complete game has hundreds of decisions


def test_peer_skipped_with_a_message_when_openspiel_is_missing(monkeypatch):
    monkeypatch.setattr(bench_peer_module, "load_peer", lambda: None)
    said = []
    cfg = dict(peer_rounds=1, peer_engine_games=1, peer_games=1)
    out = bench_peer_module.bench_peer(cfg, benchmark.Timing(False), said.append)
    assert out["peer"] is None and "OpenSpiel is not installed" in out["skipped"]
    assert said == [bench_peer_module.MISSING]
    summary = {t[0]: 1.0 for t in benchmark.TARGETS if t[0] != "peer_ratio"}
    assert "peer_ratio" not in [t["key"] for t in bench_report.check_targets(summary)]
    rows = bench_report.peer_rows({"peer": out, "targets": []})
    assert rows[-1][1].startswith("skipped")
    rst = bench_report.render_peer_rst({"peer": out, "targets": [], "mode": "quick", "date": "2026-01-01"})
    assert "skipped: OpenSpiel is not installed" in rst


def test_other_suites_are_chosen_by_their_flag(monkeypatch):
    seen = []
    fake = type(sys)("fake_suite")
    fake.main = lambda argv: seen.append(argv) or 7
    monkeypatch.setitem(sys.modules, "fake_suite", fake)
    monkeypatch.setitem(benchmark.SUITES, "--fake", "fake_suite")
    assert benchmark.main(["--fake", "--games", "3"]) == 7
    assert seen == [["--fake", "--games", "3"]]


def test_installed_package_without_checkout_says_so(monkeypatch, capsys):
    monkeypatch.setattr(entry, "checkout", lambda: None)
    assert entry.main(["--quick"]) == 2
    assert capsys.readouterr().err.strip() == entry.NO_CHECKOUT


def test_cli_bench_runs_the_checkout_suite_in_a_child_process(capfd):
    """``pillars-rules bench`` runs ``python -m bench`` of this checkout (never
    importing it) and returns its status: here the bots suite's ``--help``."""
    from pillars_rules.cli.entry import build_parser

    args = build_parser().parse_args(["bench", "--quick", "--output", "r.json"])
    assert args.func is entry._bench and entry.argv_for(args) == ["--quick", "--output", "r.json"]
    if not pr.__file__.startswith(str(ROOT / "src")):  # installed from a wheel (the compiled build's venv)
        assert entry.checkout() is None
        return
    assert entry.checkout() == ROOT
    assert entry.main(["--bots", "--help"]) == 0
    assert "--mcts-games" in capfd.readouterr().out
    assert entry.main(["--no-such-flag"]) == 2


def test_bots_flag_runs_the_bots_benchmark(monkeypatch):
    from bench import bots as bots_benchmark

    seen = []
    monkeypatch.setattr(bots_benchmark, "main", lambda argv: seen.append(argv) or 0)
    assert benchmark.main(["--bots", "--games", "2"]) == 0
    assert seen == [["--bots", "--games", "2"]]


def test_the_six_seat_figures_measure_six_seats_with_the_expansion(quick):
    _, r, _, _, _ = quick
    six = r["six"]
    assert six["players"] == 6 and six["cards"] == "expansion" and six["games_per_s"] > 0
    assert r["summary"]["six_games_per_s"] == six["games_per_s"]
    assert {(b["bot"], b["players"], b["cards"]) for b in six["bots"]} == {
        (name, n, cards) for name in ("heuristic", "hard") for n, cards in ((4, "base"), (6, "expansion"))
    }
    assert all(b["decisions"] == r["workload"]["bot_decisions"] and b["ms_per_decision"] > 0 for b in six["bots"])


def test_the_ora_rows_alternate_the_two_games_and_report_the_ratio(quick):
    """Issue #58's rows: Pillars' 4-player random games and Ora's at 4, 2 and 1 players, each pass
    with fixed counts, and the ratio of the 4-player actions/s taken within each pass."""
    _, r, rst, *_ = quick
    ora = r["ora"]
    assert [row["row"] for row in ora["rows"]] == ["pillars 4", "ora 4", "ora 2", "ora 1"]
    passes = r["workload"]["ora_passes"]
    for row in ora["rows"]:
        assert len(row["seconds"]) == len(row["actions"]) == passes and all(a > 0 for a in row["actions"])
        lo, hi = row["actions_per_s_range"]
        assert lo <= row["actions_per_s"] <= hi
    pillars, ora4 = ora["rows"][0], ora["rows"][1]
    own = [
        (a / t) / (pa / pt)
        for a, t, pa, pt in zip(ora4["actions"], ora4["seconds"], pillars["actions"], pillars["seconds"])
    ]
    assert ora["ratios_4p"] == pytest.approx(own) and ora["ratio_4p"] == pytest.approx(statistics.median(own))
    assert r["summary"]["ora_ratio_4p"] == ora["ratio_4p"]
    assert "Ora / Pillars, 4-player actions/s" in rst


def test_the_ora_rows_render_as_a_table(quick):
    from bench import ora as bench_ora

    _, r, *_ = quick
    text = bench_ora.render_rst({"ora": r["ora"], "machine": {"build": "pure Python"}, "targets": r["targets"]})
    assert text.startswith(".. list-table:: Ora et Labora beside Pillars") and text.count("   * - ") == 6

"""``python -m bench --instructions``: its child runs the named workload, the
lab's paired games among them, and the report says whether the sources
played the same games. (The counting itself needs valgrind and minutes; the
child and the report are what can go wrong without it.)"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest
from bench import instructions  # noqa: E402 - the checkout's bench/ (conftest puts it on the path)

ROOT = Path(__file__).resolve().parent.parent


def test_the_paired_child_plays_the_labs_games_and_prints_their_hash():
    from pillars_rules.lab.causal import play_causal
    from pillars_rules.lab.games import GameSpec, read_cards

    run = subprocess.run(
        [sys.executable, "-m", "bench.instructions", "--child", "paired", "1"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    info = json.loads(run.stdout.strip().splitlines()[-1])
    sources, card_hash = read_cards([ROOT / instructions.PAIRED_CARDS])
    spec = GameSpec(
        players=4,
        bots=("heuristic",),
        seed=instructions.SEEDS[0],
        sources=sources,
        card_hash=card_hash,
        targets=("alchemist", "joiner_r2_copy", "stonecutter"),
    )
    record = play_causal(spec, 0)
    assert record["units"], "the game must branch, or it measures no paired game"
    want = hashlib.sha256(json.dumps([record], sort_keys=True, default=str).encode()).hexdigest()[:12]
    assert info["records"] == want


def test_the_report_says_whether_the_sources_played_the_same_games():
    def results(a: str, b: str) -> dict:
        return {
            "games": 2,
            "seeds": [1000, 1001],
            "workloads": ["paired"],
            "sources": {"before": {"paired": 2e9, "paired_records": a}, "after": {"paired": 1e9, "paired_records": b}},
        }

    same = instructions.render_text(results("abc", "abc"))
    assert "records: the same (abc)" in same and "(0.500x)" in same
    differ = instructions.render_text(results("abc", "def"))
    assert "records: before abc, after def" in differ


def test_an_unknown_workload_is_refused(monkeypatch):
    monkeypatch.setattr(instructions.shutil, "which", lambda name: "/usr/bin/valgrind")
    with pytest.raises(SystemExit, match="unknown workload"):
        instructions.main(["--workloads", "paired,nonsense"])


def test_the_ismcts_child_runs_the_bot_at_the_first_decisions_and_prints_their_hash():
    import pillars_rules as pr
    from pillars_rules.bots.mcts import MCTSBot

    run = subprocess.run(
        [sys.executable, "-m", "bench.instructions", "--child", "ismcts", "1"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    info = json.loads(run.stdout.strip().splitlines()[-1])
    s = instructions.SEEDS[0]
    game, chosen = pr.new_game(players=4, seed=s), []
    for _ in range(instructions.ISMCTS_DECISIONS):
        view = game.view(game.current_player)
        chosen.append(repr(MCTSBot(seed=s, iterations=instructions.ISMCTS_ITERATIONS)(view)))
        game = game.apply(pr.RandomBot(s)(view), seat=game.current_player)
    assert len(set(chosen)) > 1, "the positions must differ, or the workload measures one decision"
    want = hashlib.sha256(json.dumps([chosen], sort_keys=True, default=str).encode()).hexdigest()[:12]
    assert info["records"] == want

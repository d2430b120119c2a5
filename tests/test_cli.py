"""The pillars-rules command line: simulate (narrated game and summaries)."""

import subprocess
import sys

from pillars_rules.cli import main


def test_simulate_one_game_narrates_rounds_and_scoreboard(capsys):
    assert main(["simulate", "--players", "4", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    for r in range(1, 7):
        assert f"=== Round {r} ===" in out
    assert "Event revealed:" in out and "The tax die showed" in out
    assert "Final scoreboard:" in out
    board = out.split("Final scoreboard:")[1].strip().splitlines()
    assert len(board) == 4 and board[0].lstrip().startswith("1.")


def test_simulate_is_deterministic(capsys):
    main(["simulate", "--players", "3", "--seed", "7"])
    a = capsys.readouterr().out
    main(["simulate", "--players", "3", "--seed", "7"])
    assert capsys.readouterr().out == a


def test_simulate_many_games_summary(capsys):
    assert main(["simulate", "--players", "2", "--seed", "3", "--games", "5"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("5 games, 2 players")
    rows = [line.split() for line in out.splitlines()[2:]]
    assert [r[0] for r in rows] == ["0", "1"]
    assert abs(sum(float(r[1]) for r in rows) - 5) < 1e-9


def test_simulate_with_variant_and_errors(capsys):
    assert main(["simulate", "--players", "2", "--seed", "1", "--variant", "dm"]) == 0
    capsys.readouterr()
    assert main(["simulate", "--players", "2", "--variant", "nope"]) == 1
    assert "unknown variant 'nope'" in capsys.readouterr().err


def test_console_script_entry_point():
    proc = subprocess.run(
        [sys.executable, "-m", "pillars_rules", "simulate", "--players", "2", "--seed", "2"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Final scoreboard:" in proc.stdout

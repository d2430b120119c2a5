"""``pillars-rules simulate --bots``: seats played by named bots."""

from pillars_rules.cli import main


def test_simulate_with_named_bots(capsys):
    assert main(["simulate", "--players", "2", "--seed", "4", "--games", "2", "--bots", "heuristic,random"]) == 0
    out = capsys.readouterr().out
    rows = [line.split() for line in out.splitlines()[2:]]
    assert rows[0][1] == "2.0" and rows[1][1] == "0.0"  # the heuristic bot wins both


def test_simulate_bots_errors_are_clear(capsys):
    assert main(["simulate", "--players", "2", "--bots", "heuristic,nobody"]) == 1
    assert "unknown bot 'nobody'" in capsys.readouterr().err
    assert main(["simulate", "--players", "2", "--bots", "random,random,random"]) == 1
    assert "3 bots for 2 players" in capsys.readouterr().err


def test_one_bot_name_plays_every_seat(capsys):
    assert main(["simulate", "--players", "3", "--seed", "2", "--bots", "heuristic"]) == 0
    assert "Final scoreboard:" in capsys.readouterr().out

"""``--game NAME`` on the commands that make games (issues #57 and #58): the
game chosen by its registered name, ``pillars`` by default, any other name
refused with the list of games. *Tally* (``tests/core/smallgames.py``) is the
game that is not Pillars."""

from __future__ import annotations

import pytest
from core.smallgames import TALLY

import pillars_rules as pr
from pillars_rules.cli import main


def test_simulate_plays_the_game_named(capsys):
    assert main(["simulate", "--game", "tally", "--players", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    game = pr.core.playout(pr.new_game(game="tally", players=2, seed=3), seed=3)
    assert out.splitlines()[: len(game.narrate())] == game.narrate() and " took " in out
    board = out.split("Final scoreboard:")[1].strip().splitlines()
    winner = TALLY.seat_name(game.state, game.winners()[0])
    assert board[0].split() == ["1.", winner, "1"] and len(board) == 2
    assert main(["simulate", "--game", "tally", "--players", "2", "--seed", "3"]) == 0
    assert capsys.readouterr().out == out  # seeded: the same game


def test_simulate_summarises_games_of_the_game_named(capsys):
    assert main(["simulate", "--game", "tally", "--players", "3", "--seed", "1", "--games", "6"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("6 games of tally, 3 players, seeds 1..6")
    rows = [line.split() for line in out.splitlines()[2:]]
    assert [r[0] for r in rows] == ["0", "1", "2"] and sum(float(r[1]) for r in rows) == 6


def test_pillars_is_the_default_game(capsys):
    main(["simulate", "--players", "2", "--seed", "5"])
    plain = capsys.readouterr().out
    main(["simulate", "--game", "pillars", "--players", "2", "--seed", "5"])
    assert capsys.readouterr().out == plain and "=== Round 1 ===" in plain


def test_an_unknown_game_is_refused_with_the_list_of_games(capsys):
    for command in ("simulate", "play"):
        with pytest.raises(SystemExit) as exit:
            main([command, "--game", "chess"])
        assert exit.value.code == 2
        err = capsys.readouterr().err
        assert "argument --game: invalid choice: 'chess'" in err and "'pillars'" in err and "'tally'" in err


def test_what_a_game_cannot_do_is_refused_in_one_line(capsys):
    assert main(["simulate", "--game", "tally", "--bots", "heuristic"]) == 1
    err = capsys.readouterr().err
    assert "--bots: no bots play 'tally'; it is played by random choices (--bots random, the default)" in err
    assert "games with bots: ora-et-labora, pillars" in err
    assert main(["simulate", "--game", "tally", "--players", "4"]) == 1
    assert "tally plays 2 or 3, not 4" in capsys.readouterr().err
    assert main(["simulate", "--game", "mute-tally", "--players", "2"]) == 1
    assert "'mute-tally' (Mute tally) does not make new games" in capsys.readouterr().err


def test_the_terminal_plays_pillars_and_ora_and_says_so(capsys, tmp_path):
    assert main(["play", "--game", "tally"]) == 2
    assert "--game: the terminal plays pillars and ora-et-labora only, not 'tally'" in capsys.readouterr().err
    saved = tmp_path / "tally.json"
    saved.write_text(pr.save(pr.new_game(game="tally", players=2, seed=1)), encoding="utf-8")
    assert main(["play", "--load", str(saved)]) == 2
    assert "is a game of 'tally'; the terminal plays pillars" in capsys.readouterr().err


def test_the_server_makes_pillars_tables_and_says_so(capsys):
    assert main(["serve", "--game", "tally", "--list"]) == 1
    assert "--game: the server's tables play pillars only, not 'tally'" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit:
        main(["serve", "--game", "chess"])
    assert exit.value.code == 2 and "invalid choice: 'chess'" in capsys.readouterr().err


def test_the_balance_lab_weighs_pillars_and_ora_cards_and_says_so(capsys):
    assert main(["balance", "--game", "tally"]) == 2
    assert "--game: the balance lab measures pillars and ora-et-labora cards, not 'tally'" in capsys.readouterr().err
    assert main(["balance", "tune", "mason_r1", "--game", "tally"]) == 2
    assert "measures pillars and ora-et-labora cards" in capsys.readouterr().err

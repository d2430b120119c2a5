"""Ora et Labora played in the terminal through a pseudo-terminal (issue #58): whole games
typed to the end, a save and its resumption, and bad input that changes nothing."""

from __future__ import annotations

import re

import pillars_rules as pr

from .terminal import ANSI, Terminal

ORA = ("--game", "ora-et-labora")
#: A seat's line in the final ranking.
RANKING = re.compile(r"^\s+(\d)\. (\w+)(?: \(shared\))?: (-?\d+) points \(goods", re.M)
#: A row of squares of a landscape grid: its number, then squares of 10 characters.
GRID_ROW = re.compile(r"^ *-?\d+ +(\|.{10})+\|", re.M)


def _play_to_the_end(term: Terminal, pick=lambda choices: "1") -> tuple[int, str, int]:
    """Answer every decision with ``pick``; (decisions typed, the end's text, exit status)."""
    decisions = 0
    while term.next():
        assert "Wheel: " in term.text and GRID_ROW.search(term.text), term.text[-2000:]
        term.send(pick(term.choices))
        decisions += 1
    ending = ANSI.sub("", term.child.before)  # the last events and the table, before the ranking
    status, final = term.finish()
    return decisions, ending + "Final ranking:" + final, status


def test_a_whole_solo_game_typed_to_the_end(tmp_path):
    """§9: the solo game, against the neutral player, to its end and the score (§9.7)."""
    term = Terminal(*ORA, "--players", "1", "--names", "Ann", cwd=tmp_path, timeout=60)
    decisions, final, status = _play_to_the_end(term)
    assert status == 0 and decisions > 20
    assert "the goal is" in final  # the solo game's verdict (§9.7)
    assert [name for _, name, _ in RANKING.findall(final)] == ["Ann"]
    assert "Neutral player: builds from the display" in final and "Traceback" not in final


def test_a_whole_two_player_game_against_a_random_bot(tmp_path):
    """§8: the 2-player game, one person (always the first choice) against the random bot."""
    term = Terminal(
        *ORA, "--players", "2", "--names", "Ann,Bob", "--seed", "5", "--bots", "random", cwd=tmp_path, timeout=60
    )
    decisions, final, status = _play_to_the_end(term)
    assert status == 0 and decisions > 50
    rows = RANKING.findall(final)
    assert sorted(name for _, name, _ in rows) == ["Ann", "Bob"]
    points = [int(p) for _, _, p in rows]
    assert points == sorted(points, reverse=True)  # ranked by points (§7)
    assert "The game is over. Final ranking:" in final and "Traceback" not in final


def test_save_quit_and_load_resume_the_same_decision(tmp_path):
    term = Terminal(*ORA, "--players", "2", "--names", "Ann,Bob", "--seed", "5", cwd=tmp_path)
    for _ in range(6):
        assert term.next()
        term.send("1")
    assert term.next()
    choices = term.choices
    assert "Game saved to" in term.command(f"save {tmp_path / 'mid.json'}")
    term.send("quit")
    status, rest = term.finish()
    assert status == 0 and "Stopped: game saved to" in rest and "--load" in rest
    saved = pr.load((tmp_path / "mid.json").read_text())
    assert saved.game_type.name == "ora-et-labora" and saved.current_player == 0
    term = Terminal("--load", "mid.json", cwd=tmp_path)
    assert term.next() and "Ora et Labora: 2 players (resumed from mid.json)" in term.text
    assert term.choices == choices  # the same decision, the same choices
    assert term.choices == [a.label for a in saved.legal_actions()]
    term.send("1")
    assert term.next()
    term.send("quit")
    status, _ = term.finish()
    resumed = pr.load(term.autosave.read_text())
    assert status == 0 and resumed.n_events > saved.n_events and resumed.events[: saved.n_events] == saved.events


def test_illegal_input_gets_a_clear_message_and_changes_nothing(tmp_path):
    term = Terminal(*ORA, "--players", "2", "--names", "Ann,Bob", "--seed", "5", cwd=tmp_path)
    assert term.next()
    choices = term.choices
    n = len(choices)
    for line, hint in [
        (str(n + 1), f"there is no choice {n + 1}; type a number from 1 to {n}"),
        ("0", "there is no choice 0"),
        ("foo", "unknown command or choice 'foo'"),
        ("fell", f"'fell' fits {sum(c.startswith('fell') for c in choices)} choices"),
        ("keep all", "keep all is not a command of this game (help lists the commands)"),
        ("rules", "rules is not a command of this game"),
        ("undo", "nothing to undo"),
        ("card windmjll", "no card 'windmjll' -- did you mean Windmill?"),
        (f"save {tmp_path / 'no' / 'such' / 'dir.json'}", "could not save to"),
    ]:
        said = term.said(line)
        assert len(said) == 1 and hint in said[0] and term.choices == choices, (line, said)
    assert "Costs 3 wood, 2 clay; economic value 10, dwelling value 6." in term.command("card windmill")
    assert "Wheel: wood 1" in term.command("board")
    helped = term.command("help")
    assert "card NAME" in helped and "keep all" not in helped
    log = term.command("log")
    assert "=== Round 1 ===" in log and "Ora et Labora (2 players, France) begins: Ann, Bob" in log
    term.send("quit")
    status, rest = term.finish()
    assert status == 0 and "Traceback" not in rest
    kept = pr.load(term.autosave.read_text())
    fresh = pr.new_game(game="ora-et-labora", players=2, names=["Ann", "Bob"])
    assert kept.events == fresh.events  # nothing typed changed the game


def test_undo_takes_back_the_last_decision(tmp_path):
    """Ora draws nothing hidden, so undo is allowed after the bot's replies (see terminal/ora.py)."""
    term = Terminal(*ORA, "--players", "2", "--names", "Ann,Bob", "--seed", "5", cwd=tmp_path)
    assert term.next()
    first = term.choices
    term.send("1")
    assert term.next()
    assert "Undone: your last decision is taken back." in term.command("undo")
    assert term.choices == first
    term.send("quit")
    assert term.finish()[0] == 0


def test_ora_bots_and_seats_are_checked_on_the_command_line(tmp_path):
    for args, error in [
        (("--players", "5"), "Ora et Labora takes 1 to 4 players, not 5"),
        (
            ("--players", "2", "--bots", "mcts"),
            "--bots: unknown bot 'mcts' (bots: easy, hard, heuristic, medium, random)",
        ),
        (("--players", "2", "--variant", "spain"), "Ora has no variant 'spain'"),
        (("--players", "2", "--variant", "short"), "the short game takes 3 or 4 players, not 2"),
        (("--players", "1", "--seat", "1"), "--seat: no seat '1' in a 1-player game"),
        (("--players", "2", "--keep-builders"), "--keep-builders is for pillars"),
        (("--players", "2", "--full-board"), "--full-board is for pillars"),
    ]:
        term = Terminal(*ORA, *args, cwd=tmp_path)
        status, out = term.finish()
        assert status == 2 and error in out, (args, out)


def test_hot_seat_hands_the_keyboard_over_and_variants_show_in_the_header(tmp_path):
    """§10: the short game of 3 players in Ireland, every seat a person at one keyboard."""
    term = Terminal(
        *ORA,
        "--players",
        "3",
        "--variant",
        "ireland",
        "--variant",
        "short",
        "--names",
        "Ann,Bob,Cy",
        "--hotseat",
        cwd=tmp_path,
    )
    term.child.expect("Pass to Ann, press Enter ")
    term.send("")
    assert term.next() and "Ora et Labora (short, Ireland) -- round 1" in term.text and term.who == "Ann"
    while term.who == "Ann":  # Ann's turn: the first choice until she hands over
        term.send("1")
        if term.child.expect([r"Pass to (\w+), press Enter ", r"Choose (?:1-)?\d+ or type"]) == 0:
            nxt = term.child.match.group(1)
            term.send("")
            assert term.next() and term.who == nxt != "Ann"
    assert "Cy:" in term.text and term.text.count("+----------+") >= 6  # three landscapes
    term.send("quit")
    status, rest = term.finish()
    assert status == 0 and "--hotseat" in rest


def test_the_other_seats_are_played_by_the_games_own_heuristic_bot_by_default():
    from pillars_rules.bots.ora import OraBot
    from pillars_rules.cli.play import bots_for, default_bot

    assert default_bot("ora-et-labora") == default_bot("pillars") == "heuristic"
    bots = bots_for(None, [1, 2], 3, "ora-et-labora")
    assert sorted(bots) == [1, 2] and all(type(b) is OraBot for b in bots.values())
    assert type(bots_for("random", [1], 3, "ora-et-labora")[1]).__name__ == "RandomBot"

"""The terminal game's commands, bad input, autosave, undo refusal and
hot-seat hiding, driven through a pseudo-terminal (issue #16)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pillars_rules as pr
from pillars_rules.bots import make_bot

from .terminal import ANSI, PROMPT, Terminal

ARGS = ("--players", "2", "--seat", "0", "--bots", "random", "--seed", "16")


def test_bad_input_gets_a_one_line_hint_and_the_game_goes_on(tmp_path):
    term = Terminal(*ARGS, cwd=tmp_path)
    assert term.next()
    choices = term.choices
    n = len(choices)
    for line, hint in [
        ("foo", "unknown command or choice 'foo'"),
        ("hlep", "did you mean help?"),
        (str(n + 1), f"there is no choice {n + 1}; type a number from 1 to {n}"),
        ("0", "there is no choice 0"),
        ("1 2", "there is no choice 1 2"),
        ("", f"type a number from 1 to {n}"),
        ("card", "card needs a card id or name"),
        ("save", "save needs a file name"),
        ("undo now", "undo takes nothing after it"),
        ("undo", "nothing to undo"),
        (f"save {tmp_path / 'no' / 'such' / 'dir.json'}", "could not save to"),
    ]:
        out = term.command(line)
        said = [x for x in out.splitlines()[1:] if x.strip()]  # after the echoed line
        assert len(said) == 1 and hint in said[0], (line, out)
        assert term.choices == choices
    os.write(term.child.child_fd, b"\xff\xfe\n")  # not UTF-8
    assert term.next() and "unknown command" in term.text and term.choices == choices
    term.send("1")
    assert term.next() and term.choices != choices  # a real choice still works
    term.send("quit")
    status, rest = term.finish()
    assert status == 0 and "Traceback" not in rest


def test_help_lists_every_command(tmp_path):
    term = Terminal(*ARGS, cwd=tmp_path)
    term.next()
    out = term.command("help")
    for word in (
        "N or words",
        "help",
        "help PLACE",
        "rules",
        "board",
        "log",
        "card NAME",
        "keep all",
        "save FILE",
        "undo",
        "quit",
    ):
        assert re.search(rf"^\s+{word}\s", out, re.M), word
    term.send("quit")
    assert term.finish()[0] == 0


def test_card_command_prints_rules_text_by_id_or_name(tmp_path):
    term = Terminal(*ARGS, cwd=tmp_path)
    term.next()
    assert "Mason (Maurer), round 1 craftsman, costs 5 gold." in term.command("card mason_r1")
    by_name = term.command("CARD ellen")
    assert "Ellen" in by_name and "event" in by_name
    out = term.command("card masn")
    assert "no card 'masn' -- did you mean" in out and "Mason" in out
    term.send("quit")
    assert term.finish()[0] == 0


def test_log_tells_the_game_so_far(tmp_path):
    term = Terminal(*ARGS, cwd=tmp_path)
    term.next()
    term.send("2")  # 1 is pass
    term.next()
    out = term.command("log")
    assert "=== Round 1 ===" in out and "A game for 2 players began (Red, Blue)." in out
    assert re.search(r"^  Red (hired|took) ", out, re.M)
    term.send("quit")
    assert term.finish()[0] == 0


def _autosaved(tmp_path, stop: str, said: str):
    term = Terminal(*ARGS, cwd=tmp_path)
    term.next()
    term.send("2")
    term.next()
    if stop == "eof":
        term.child.sendeof()
    else:
        term.child.sendintr()
    status, rest = term.finish()
    assert status == 0
    assert f"{said}: game saved to {term.autosave}" in rest.replace("\r\n", "")
    # one line, or (wider than the terminal) lines of their own joined by the shell's \
    resume = re.sub(r" \\\r\n +", " ", rest.split("Resume with:", 1)[1]).strip()
    assert resume.startswith(f"pillars-rules play --load {term.autosave}") and "Traceback" not in rest
    assert not (tmp_path / "pillars-rules-autosave.json").exists()  # never in the working folder
    game = pr.load(term.autosave.read_text())
    assert game.current_player == 0 and game.n_events > pr.new_game(2, 16).n_events


def test_end_of_input_saves_and_exits_cleanly(tmp_path):
    _autosaved(tmp_path, "eof", "End of input")


def test_ctrl_c_saves_and_exits_cleanly(tmp_path):
    _autosaved(tmp_path, "intr", "Interrupted")


def test_undo_is_refused_after_a_chance_event(tmp_path):
    """After the draft, builders are drawn from the bag (chance, RULES §2.3):
    undoing the last draft decision would let the person draw again."""
    term = Terminal(*ARGS, cwd=tmp_path)
    term.next()
    while term.kind == "draft":
        term.send("1")
        term.next()
    choices = term.choices
    out = term.command("undo")
    assert "undo refused: after that decision came a chance outcome or a revealed card" in out
    assert re.search(r"\('.+'\)", out)  # names what happened
    assert term.choices == choices and term.kind != "draft"
    term.send("quit")
    assert term.finish()[0] == 0


def _peeking_save(tmp_path):
    """A 2-player random game (the first seed from 19 that gives one) saved where Blue
    holds Ellen and knows the coming event."""
    for seed in range(19, 300):
        game, bot = pr.new_game(2, seed), make_bot("random", seed)
        while not game.is_over and not game.view(game.current_player).next_event:
            game = game.apply(bot(game.view(game.current_player)))
        if not game.is_over and game.current_player == 1:
            break
    seat = game.current_player
    (tmp_path / "ellen.json").write_text(pr.save(game))
    return game.state.players[seat].name, game.rules.name(game.view(seat).next_event)


def test_hotseat_hides_one_persons_secrets_from_the_next(tmp_path):
    holder, coming = _peeking_save(tmp_path)
    assert holder == "Blue"
    child = Terminal("--load", "ellen.json", "--hotseat", cwd=tmp_path, term="xterm").child
    passes = []
    for _ in range(60):
        if child.expect([r"Pass to (\w+), press Enter", PROMPT]) == 1:
            screen = ANSI.sub("", child.before)
            who = re.findall(r"you are (\w+)", screen)[-1]
            if who == "Blue" and not passes[1:]:
                assert f"You know the coming event: {coming}" in screen
            if who == "Red":
                assert "coming event" not in screen and coming not in screen
                break
            child.sendline("1")
            continue
        # The screen is cleared before the hand-over prompt and again after it.
        assert child.before.rstrip().endswith("\x1b[2J\x1b[H")
        assert "coming event" not in child.before.rpartition("\x1b[2J")[2]
        passes.append(child.match.group(1))
        child.sendline("")
    assert passes[:2] == ["Blue", "Red"]
    child.sendintr()
    child.expect("Interrupted: game saved to")


def test_bad_command_line_values_exit_2_with_one_line(tmp_path):
    cmd = [sys.executable, "-m", "pillars_rules", "play", "--players", "2"]
    for extra, says in [
        (["--bots", "nosuchbot"], "unknown bot 'nosuchbot' (bots: "),
        (["--bots", "random,random,random"], "--bots lists 3 bots for 1 bot seats"),
        (["--seat", "5"], "--seat: no seat '5' in a 2-player game"),
        (["--seat", "0,0"], "--seat names a seat twice"),
        (["--load", "missing.json"], "--load: cannot read missing.json"),
    ]:
        run = subprocess.run(cmd + extra, capture_output=True, text=True, cwd=tmp_path, timeout=60)
        assert run.returncode == 2, (extra, run.stderr)
        assert run.stderr.count("\n") == 1 and says in run.stderr, run.stderr
        assert run.stdout == ""


def test_fan_cards_are_playable_and_their_text_is_shown(tmp_path):
    fan = str(Path(__file__).resolve().parents[2] / "examples" / "fan_cards")
    term = Terminal(*ARGS, "--cards", fan, cwd=tmp_path)
    term.next()
    assert "Tiler (Dachdecker)" in term.command("card tiler")
    term.send("save fan.json")
    term.next()
    term.send("quit")
    assert term.finish()[0] == 0
    # The save needs the same cards back: without them it is refused in one line.
    run = subprocess.run(
        [sys.executable, "-m", "pillars_rules", "play", "--load", "fan.json"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=60,
    )
    assert run.returncode == 1 and "card" in run.stderr and "Traceback" not in run.stderr
    resumed = Terminal("--load", "fan.json", "--cards", fan, "--bots", "random", cwd=tmp_path)
    assert resumed.next() and "resumed from fan.json" in resumed.text
    resumed.send("quit")
    assert resumed.finish()[0] == 0


def test_a_new_deal_keeps_its_seed_secret(tmp_path):
    """The seed decides every hidden card (a view reads it as 0), so a seed the
    person did not choose is not shown."""
    term = Terminal("--players", "2", "--bots", "random", cwd=tmp_path)
    term.next()
    text = term.text.replace("\r\n", "\n").replace(str(term.autosave), "")
    assert "2 players (a new deal)" in text and "seed" not in text.lower()
    term.send("quit")
    assert term.finish()[0] == 0

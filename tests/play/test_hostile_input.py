"""Issue #24 item 6: terminal play crashed on typed input and lost the game.

Every typed line gets a message and the game goes on; a crash of any kind
still autosaves; ``--load`` files are stat'ed, must be regular files and are
size-limited before reading (as card files are). Each test here failed before
the fix (a traceback, no autosave, memory filled, or a wait for ever)."""

from __future__ import annotations

import io
import os
import resource
import signal
import subprocess
import sys

import pytest
from rich.console import Console

import pillars_rules as pr
from pillars_rules.limits import MAX_SAVE_BYTES
from pillars_rules.terminal.session import Session

from .terminal import Terminal

ARGS = ("--players", "2", "--seat", "0", "--bots", "random", "--seed", "16")


def test_typed_lines_that_ended_the_game_get_a_message_and_it_goes_on(tmp_path):
    """Through a pipe, as a script would type (a terminal cuts lines at 4,095
    characters and a NUL there ends nothing): a 4,301-digit number (int()
    refuses more than 4,300 digits) and ``save a<NUL>b`` (embedded null byte)
    each ended the game with a traceback and wrote no autosave."""
    lines = [
        "9" * 4301,
        "save a\x00b",
        "card " + "7" * 4301,
        "help " + "x" * 5000,
        f"save {tmp_path}",
        "save " + "n" * 5000,
        "\x1b[2Jfoo",
        f"save {tmp_path / 'ok.json'}",
        "quit",
    ]
    run = _play(tmp_path, *ARGS, input="\n".join(lines) + "\n")
    out = run.stdout
    assert run.returncode == 0 and "Traceback" not in out + run.stderr, run.stderr[-2000:]
    assert "there is no choice 99999999999999999999...; type a number from 1 to" in out
    assert "could not save to 'a\\x00b': a file name cannot contain a NUL character" in out
    assert "no card '" + "7" * 30 + "...'" in out and "no place or rule 'xxxxx" in out
    assert out.count("could not save to") == 3  # the NUL, the folder, the name too long
    assert "unknown command or choice '\\x1b[2Jfoo'" in out
    assert (tmp_path / "ok.json").exists() and "Stopped: game saved to" in out
    assert pr.load((tmp_path / "data" / "pillars-rules" / "autosave.json").read_text()).current_player == 0


def test_undecodable_bytes_get_a_hint(tmp_path):
    term = Terminal(*ARGS, cwd=tmp_path)
    assert term.next()
    os.write(term.child.child_fd, b"\xc3\x28 \xff\n")
    assert term.next() and "unknown command or choice" in term.text
    term.send("quit")
    assert term.finish()[0] == 0


def _play(tmp_path, *args, timeout=60, input=None):
    """``pillars-rules play ARGS`` reading ``input`` from a pipe (none: no
    input), its memory capped at 2 GiB so a runaway read fails fast instead of
    filling the machine."""

    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    return subprocess.run(
        [sys.executable, "-m", "pillars_rules", "play", *args],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=timeout,
        preexec_fn=cap,
        input=input,
        stdin=subprocess.DEVNULL if input is None else None,
        env=dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"), COLUMNS="200"),
    )


def test_load_of_dev_zero_is_refused_before_reading(tmp_path):
    run = _play(tmp_path, "--load", "/dev/zero")
    assert run.returncode == 2, run.stderr[-500:]
    assert run.stderr == (
        "pillars-rules play: error: --load: cannot read /dev/zero: not a regular file "
        "(a FIFO, socket or device); a save must be a regular file\n"
    )


def test_load_of_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "save.json"
    os.mkfifo(fifo)
    try:
        run = _play(tmp_path, "--load", str(fifo), timeout=30)
    except subprocess.TimeoutExpired:
        pytest.fail("--load of a FIFO waited for a writer")
    assert run.returncode == 2 and "not a regular file (a FIFO, socket or device)" in run.stderr


def test_load_of_a_file_over_the_save_limit_is_refused_by_its_size(tmp_path):
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(MAX_SAVE_BYTES + 1)  # sparse: nothing is written, and nothing must be read
    run = _play(tmp_path, "--load", str(big))
    assert run.returncode == 2
    assert f"the file is too large ({MAX_SAVE_BYTES + 1} bytes; a save is at most {MAX_SAVE_BYTES} bytes)" in run.stderr
    for name, why in (("folder", "not a regular file (a folder)"), ("missing.json", "No such file")):
        if name == "folder":
            (tmp_path / name).mkdir()
        run = _play(tmp_path, "--load", name)
        assert run.returncode == 2 and why in run.stderr and run.stderr.count("\n") == 1


class _Broken:
    """A bot that fails at its third decision (as a defect would)."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, view):
        self.calls += 1
        if self.calls == 3:
            raise RuntimeError("the bot broke")
        return view.legal_actions[0]


def test_a_crash_of_any_kind_still_autosaves(tmp_path):
    """Only a PillarsError used to save: a bot's RuntimeError lost the game."""
    console = Console(file=io.StringIO(), width=130, color_system=None)
    feed = iter(["2"] * 50)
    session = Session(
        pr.new_game(2, 3),
        (0,),
        {1: _Broken()},
        console,
        autosave=tmp_path / "auto.json",
        read=lambda prompt: next(feed),
    )
    with pytest.raises(RuntimeError, match="the bot broke"):
        session.run()
    out = console.file.getvalue()
    assert f"Error (RuntimeError): game saved to {tmp_path / 'auto.json'}" in out
    assert pr.load((tmp_path / "auto.json").read_text()) == session.game


def test_sigterm_saves_the_game(tmp_path):
    term = Terminal(*ARGS, cwd=tmp_path)
    assert term.next()
    term.send("2")
    assert term.next()
    term.child.kill(signal.SIGTERM)
    status, rest = term.finish()
    assert status == 0 and "Terminated: game saved to" in rest.replace("\r\n", "")
    assert pr.load(term.autosave.read_text()).current_player == 0


def test_an_unwritable_autosave_folder_gets_a_message_not_a_traceback(tmp_path):
    run = _play(tmp_path, "--players", "2", "--seed", "1", "--autosave", str(tmp_path / "no" / "dir" / "a.json"))
    assert run.returncode == 0 and "Traceback" not in run.stderr + run.stdout
    assert "End of input: could not write the autosave file" in run.stdout

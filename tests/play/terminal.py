"""Drive ``pillars-rules play`` through a pseudo-terminal (pexpect)."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect

PROMPT = r"Choose (?:1-)?(\d+) or type its words, or a command \(help\): "
END = "Final ranking:"
CHOICE = re.compile(r"^\s*(\d+)\. (.+?)\s*$", re.M)
KIND = re.compile(r"^(\w+), your decision \(([\w ]+)\):", re.M)
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class Terminal:
    """One run of ``python -m pillars_rules play ARGS`` in a 50x130 pty (or ``columns`` wide).

    Its autosave file is :attr:`autosave` (the data folder is under ``cwd``).

    After :meth:`next`, ``text`` is what was printed before the prompt,
    ``choices`` the numbered choices of the last screen, ``kind`` its decision
    kind and ``who`` the seat name it was shown to."""

    def __init__(self, *args: str, cwd, term: str = "dumb", timeout: int = 30, columns: int = 130) -> None:
        # the autosave goes to the user's data folder: here, one inside the test's folder
        env = dict(os.environ, TERM=term, COLUMNS=str(columns), LINES="50", XDG_DATA_HOME=str(Path(cwd) / "data"))
        env.pop("NO_COLOR", None)
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "pillars_rules", "play", *args],
            cwd=str(cwd),
            env=env,
            encoding="utf-8",
            codec_errors="replace",
            timeout=timeout,
            dimensions=(50, columns),
        )
        # pexpect waits 50 ms before every line it sends (for programs that turn echo off after their
        # prompt); the game reads each line with input(), which has printed its prompt -- what the
        # tests wait for -- before it reads, so nothing typed is lost. A whole game's hundred-odd
        # answers waited 5 s or more for nothing.
        self.child.delaybeforesend = None
        self.autosave = Path(cwd) / "data" / "pillars-rules" / "autosave.json"
        self.text = ""
        self.choices: list[str] = []
        self.kind = self.who = ""

    def next(self) -> bool:
        """Wait for the next prompt (True) or the final screen (False)."""
        if self.child.expect([PROMPT, END]) == 1:
            return False
        self.text = ANSI.sub("", self.child.before)
        if "your decision" in self.text:
            head, _, tail = self.text.rpartition("your decision")
            self.choices = [label for _, label in CHOICE.findall(tail)]
            self.who, self.kind = KIND.findall(self.text)[-1]
        assert len(self.choices) == int(self.child.match.group(1))
        return True

    def send(self, line: str) -> None:
        self.child.sendline(line)

    def command(self, line: str) -> str:
        """Send ``line``; the text printed before the next prompt."""
        self.send(line)
        assert self.next(), "the game ended"
        return self.text

    def said(self, line: str) -> list[str]:
        """Send ``line``; the non-blank lines printed after its echo, before the next prompt."""
        return [x for x in self.command(line).splitlines()[1:] if x.strip()]

    def finish(self) -> tuple[int, str]:
        """Wait for the program to end: (exit status, the rest of its output)."""
        self.child.expect(pexpect.EOF)
        rest = ANSI.sub("", self.child.before)
        self.child.close()
        return self.child.exitstatus, rest

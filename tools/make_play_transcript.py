"""Print a screen of ``pillars-rules play`` from a real run, for the docs.

Plays seat 0 of a seeded 2-player game against a random bot through a
pseudo-terminal (TERM=dumb, 100 columns), choosing at random (seeded),
and prints the first screen of a builder placement in round 3 (docs/getting-started.rst
shows it). Needs the test extra (pexpect).

    python tools/make_play_transcript.py [SEED]
"""

from __future__ import annotations

import os
import random
import sys
import tempfile

import pexpect

PROMPT = r"Choose (?:1-)?(\d+) or type its words, or a command \(help\): "


def main(seed: int = 7) -> None:
    pick = random.Random(seed)
    env = dict(os.environ, TERM="dumb")
    args = ["-m", "pillars_rules", "play", "--players", "2", "--bots", "random", "--seed", str(seed)]
    with tempfile.TemporaryDirectory() as tmp:
        env["XDG_DATA_HOME"] = tmp  # the autosave stays out of your data folder
        child = pexpect.spawn(
            sys.executable, args, cwd=tmp, env=env, encoding="utf-8", timeout=30, dimensions=(50, 100)
        )
        while True:
            child.expect(PROMPT)
            screen, n = child.before, int(child.match.group(1))
            if "Round 3 of 6" in screen and "your decision (place)" in screen:
                break
            child.sendline(str(pick.randint(1, n)))
        child.sendeof()
        child.expect(pexpect.EOF)
    screen = screen[screen.index("Round 3 of 6") :]  # from the screen's first line
    lines = [line.rstrip() for line in screen.replace("\r\n", "\n").split("\n")]
    print("\n".join(lines).rstrip())
    print(f"Choose 1-{n} or type its words, or a command (help): ")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:2]))

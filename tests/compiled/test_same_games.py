"""Nothing diverges: the build under test plays the seeded games of
:mod:`compiled.games` exactly as the pure-Python source does (issue #26).

The reference runs in a child process from the checkout's ``src/`` (pure
Python: a source tree holds no compiled modules) with another hash seed, so in
the compiled build's CI run this compares compiled with pure, and in the pure
run it still catches any dependence on the interpreter's hash seed.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pillars_rules as pr

from .games import ORA_GAMES, ROOT, games


def _start_reference() -> subprocess.Popen:
    """The pure-Python reference, started in a child process (it plays while this process does)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(ROOT / "src")
    env["PYTHONHASHSEED"] = "12345"
    return subprocess.Popen(
        [sys.executable, str(ROOT / "tests" / "compiled" / "games.py")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
    )


def _reference(child: subprocess.Popen) -> list[str]:
    try:
        out, err = child.communicate(timeout=900)
    finally:
        if child.poll() is None:  # pragma: no cover - timed out, or this test failed first
            child.kill()
            child.communicate()
    assert child.returncode == 0, err[-3000:]
    head, *lines = out.splitlines()
    assert head.startswith("build pure ") and head.endswith(str(ROOT / "src" / "pillars_rules" / "__init__.py"))
    return lines


def test_both_builds_play_the_same_games_byte_for_byte():
    child = _start_reference()  # both sides play at once: on two cores the test takes one side's time
    try:
        here = [f"{digest} {label}" for label, digest in games()]
    except BaseException:
        child.kill()
        child.communicate()
        raise
    there = _reference(child)
    assert len(here) == len(there) >= 250
    # the expansion's games are among them, at every seat count it adds and with both bot kinds
    expansion = {tuple(line.split()[1:3]) for line in here if line.endswith(" expansion")}
    assert expansion >= {(bot, f"{n}p") for bot in ("random", "heuristic") for n in (4, 5, 6)}
    # and Ora et Labora's golden games: its Python rules on each build's core (issue #58)
    assert sum(1 for line in here if line.split()[1] == "ora") == len(ORA_GAMES) == 5
    for mine, pure in zip(here, there):
        assert mine == pure, f"{'compiled' if pr.COMPILED else 'this'} build differs from pure Python: {mine} != {pure}"

"""The examples in ``examples/`` run and print what they promise (each in a subprocess)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


def run(*args: str, timeout: float = 120) -> str:
    proc = subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, f"{args} exited {proc.returncode}\nstdout:\n{proc.stdout}\nstderr:\n{proc.stderr}"
    return proc.stdout


def test_embed_minimal() -> None:
    out = run(str(EXAMPLES / "embed_minimal.py"))
    assert "A game for 3 players began" in out
    assert "Round 1 began." in out
    m = re.search(r"ranking: (\[\[.*\]\]) scores: (\[.*\]) save bytes: (\d+)", out)
    assert m, out
    ranking = eval(m[1], {})  # noqa: S307 - our own example's output
    assert sorted(s for group in ranking for s in group) == [0, 1, 2]
    assert int(m[3]) > 1000
    assert "seat 0 sees seed 0" in out


def test_random_tournament_small_and_deterministic() -> None:
    args = (str(EXAMPLES / "random_tournament.py"), "--games", "3", "--players", "3", "--seed", "5")
    out = run(*args)
    assert "3 games, 3 players, seeds 5..7" in out
    rows = re.findall(r"^\s+(\d)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)$", out, re.M)
    assert [int(r[0]) for r in rows] == [0, 1, 2]
    assert abs(sum(float(r[1]) for r in rows) - 3.0) < 1e-9  # every game has a winner (ties share)
    assert "total wins 3.0" in out
    table = lambda text: [line for line in text.splitlines() if "games/s" not in line]  # noqa: E731
    assert table(run(*args)) == table(out)  # same seeds, same table


def test_random_tournament_rejects_bad_arguments() -> None:
    proc = subprocess.run(
        [sys.executable, str(EXAMPLES / "random_tournament.py"), "--games", "0"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2 and "--games must be at least 1" in proc.stderr


def test_property_test_as_script() -> None:
    out = run(str(EXAMPLES / "property_test.py"))
    assert "test_base_game_laws: passed" in out
    assert "test_fan_cards_laws: passed" in out
    assert "all properties hold" in out


def test_property_test_under_pytest() -> None:
    out = run(
        "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(EXAMPLES), str(EXAMPLES / "property_test.py")
    )
    assert "2 passed" in out

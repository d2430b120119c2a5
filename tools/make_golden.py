"""Regenerate the golden game transcripts in tests/golden/.

Each transcript is one seeded game between random bots, narrated event by event
(control events included) with the final scoreboard. tests/test_golden.py plays
the same games and compares, so any change to the rules, the random draws or the
English of events shows up as a readable diff in review. After an intended
change, run::

    python3 tools/make_golden.py

and commit the new transcripts together with the change (and bump
RULES_VERSION if the events a log holds changed).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

import pillars_rules as pr  # noqa: E402
from pillars_rules.cli.simulate import _scoreboard  # noqa: E402

GOLDEN = ROOT / "tests" / "golden"
#: (players, seed, variants) of each transcript.
GAMES = [(2, 11, ()), (3, 12, ()), (4, 13, ()), (4, 14, ("dm", "archbishop_one_craftsman"))]


def name(players: int, seed: int, variants: tuple[str, ...]) -> str:
    suffix = "".join(f"_{v}" for v in variants)
    return f"game_{players}p_seed{seed}{suffix}.txt"


def transcript(players: int, seed: int, variants: tuple[str, ...]) -> str:
    game = pr.new_game(players, seed, variants=variants)
    game = pr.play(game, [pr.RandomBot(seed * 10 + i) for i in range(players)])
    lines = [
        f"# pillars-rules golden transcript: {players} players, seed {seed}, "
        f"variants {list(variants)}, RandomBot(seed*10+seat)"
    ]
    lines += game.narrate(include_control=True)
    lines += _scoreboard(game)
    return "\n".join(lines) + "\n"


def main() -> int:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for spec in GAMES:
        path = GOLDEN / name(*spec)
        path.write_text(transcript(*spec), encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Regenerate the golden game transcripts in tests/golden/.

Each transcript is one seeded game between random bots, narrated event by event
(control events included) with the final scoreboard. tests/test_golden.py plays
the same games and compares, so any change to the rules, the random draws or the
English of events shows up as a readable diff in review.

Ora et Labora's golden games (:data:`ORA_GAMES`, issue #58) are each two files:
the transcript (``ora_*.txt``, with the final scores) and the game's save
(``ora_*.json``, its whole event log); tests/test_golden_ora.py checks that the
same seeded bots play the same events byte for byte and that each log loads and
replays to the same final state and scores. After an intended change, run::

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


#: Ora et Labora's golden games: (players, seed, variants); seat ``i`` plays ``RandomBot(seed * 10 + i)``
#: (Ora's set-up draws nothing: the seed is the bots'). 4-player France, 3-player Ireland, the
#: 2-player game, the solo game and the short game. tests/compiled/games.py plays them too.
ORA_GAMES = [(4, 21, ("france",)), (3, 22, ("ireland",)), (2, 23, ()), (1, 24, ()), (3, 25, ("short",))]


def ora_name(players: int, seed: int, variants: tuple[str, ...]) -> str:
    """The golden files' stem (``ora_4p_seed21_france``): ``.txt`` the transcript, ``.json`` the save."""
    return f"ora_{players}p_seed{seed}" + "".join(f"_{v}" for v in variants)


def ora_play(players: int, seed: int, variants: tuple[str, ...]) -> pr.Game:
    """The golden Ora game, played to its end by seeded random bots."""
    game = pr.new_game(game="ora-et-labora", players=players, seed=seed, variants=list(variants))
    return pr.play(game, [pr.RandomBot(seed * 10 + i) for i in range(players)])


def ora_transcript(game: pr.Game, players: int, seed: int, variants: tuple[str, ...]) -> str:
    """The narration of ``game`` (control events included) and its final scores and ranking."""
    lines = [
        f"# pillars-rules golden transcript: Ora et Labora, {players} players, seed {seed}, "
        f"variants {list(variants)}, RandomBot(seed*10+seat)"
    ]
    lines += game.narrate(include_control=True)
    lines.append(f"Final scores: {game.scores()}; ranking {game.ranking()}")
    return "\n".join(lines) + "\n"


def main() -> int:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for spec in GAMES:
        path = GOLDEN / name(*spec)
        path.write_text(transcript(*spec), encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    for spec in ORA_GAMES:
        game = ora_play(*spec)
        stem = GOLDEN / ora_name(*spec)
        stem.with_suffix(".txt").write_text(ora_transcript(game, *spec), encoding="utf-8")
        stem.with_suffix(".json").write_text(pr.save(game) + "\n", encoding="utf-8")
        print(f"wrote {stem.relative_to(ROOT)}.txt and .json")
    return 0


if __name__ == "__main__":
    sys.exit(main())

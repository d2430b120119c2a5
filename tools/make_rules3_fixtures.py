"""Write the rules-version-3 save fixture in ``tests/reliability/fixtures/``.

It is a real save written by pillars-rules at rules version 3, before issue
#34 filled the Priory's and the King's court's spots in order and sent
immediate privileges back to the box. Only that code can make it, so this
script refuses to run under another rules version: to regenerate it, check out
a commit at rules version 3 (e.g. ``0df1e64``) and run, from that checkout,
``python3 tools/make_rules3_fixtures.py --out DIR`` (``DIR``: this checkout's
``tests/reliability/fixtures``).

``rules3_4p_spots.json`` -- a whole 4-player game by ``RandomBot(seed * 10 +
seat)``: the first seed whose game has a builder placed at the Priory or the
King's court on a later spot while an earlier one was free (illegal under rules
version 4), paid by spot, and an immediate privilege taken. Rules version 4
loads it under the variant ``rules_v3`` and replays it to the identical game.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

import pillars_rules as pr  # noqa: E402
from pillars_rules.engine import events as E  # noqa: E402
from pillars_rules.engine.context import RULES_VERSION  # noqa: E402

PLAYERS = 4
NAME = "rules3_4p_spots.json"
IMMEDIATE = ("wool_fair", "mathematical_studies", "weeping_madonna", "cathedral_nearly_done", "king_attends")


def _out_of_order(game: pr.Game) -> bool:
    """Was a builder placed at the Priory or the court while an earlier spot there was free?"""
    taken: dict[str, set[int]] = {}
    for e in game.events:
        if isinstance(e, E.RoundStarted):
            taken = {}
        elif isinstance(e, E.BuilderPlaced) and e.location in ("priory", "kings_court"):
            here = taken.setdefault(e.location, set())
            if any(i not in here for i in range(e.spot)):
                return True
            here.add(e.spot)
    return False


def spots_game() -> tuple[int, pr.Game]:
    for seed in range(1, 200):
        game = pr.new_game(PLAYERS, seed)
        bots = [pr.RandomBot(seed * 10 + i) for i in range(PLAYERS)]
        while not game.is_over:
            seat = game.current_player
            game = game.apply(bots[seat](game.view(seat)), seat=seat)
        immediate = any(isinstance(e, E.PrivilegeTaken) and e.card in IMMEDIATE for e in game.events)
        if immediate and _out_of_order(game):
            return seed, game
    raise SystemExit("no suitable seed for the rules-version-3 fixture")


def main() -> int:
    return fixture_main(__doc__, 3, "0df1e64", NAME, spots_game)


def fixture_main(doc: str, version: int, commit: str, name: str, make: Callable[[], tuple[int, pr.Game]]) -> int:
    """The command line of a fixture script: ``--out``, refused unless this code
    plays rules ``version`` (``commit`` is one that does); ``make`` gives the
    (seed, game) whose save is written as ``name``."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "tests" / "reliability" / "fixtures")
    args = ap.parse_args()
    if RULES_VERSION != version:
        raise SystemExit(
            f"this fixture records rules version {version}; this code plays rules version "
            f"{RULES_VERSION} (check out a rules-version-{version} commit, e.g. {commit})"
        )
    seed, game = make()
    path = args.out / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(pr.save(game) + "\n", encoding="utf-8")
    print(f"wrote {path}: seed {seed}, {game.n_events} events")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The figures of docs/reliability.rst for issue #10 items 3, 4 and 6:
move tokens, secrets and the SQLite table (timings are wall clock: noisy on
a shared machine).

    python3 tools/server_figures.py             # full run (about 2 minutes)
    python3 tools/server_figures.py --quick     # a smoke run of the same code
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests")]

from engine.test_move_tokens import resend_share  # noqa: E402
from reliability.test_secrets import FULL_WINDOW, brute_force, clock_windows, played  # noqa: E402
from table.test_table_fuzz import fuzz  # noqa: E402

import pillars_rules as pr  # noqa: E402
from pillars_rules.table import EventStore, Table, encode_message  # noqa: E402


def tokens(games: int) -> dict:
    applied, again = resend_share(games, seed=11, token=False)
    _, with_token = resend_share(games, seed=11, token=True)
    return {
        "games": games,
        "applied": applied,
        "resend accepted without token": again,
        "share": round(again / applied, 4),
        "resend accepted with token": with_token,
    }


def secrets_attack(window: int) -> dict:
    game, actions = played(None)
    start = time.perf_counter()
    found = [brute_force(game, actions, game.export(1), w) for w in clock_windows(window, time.time_ns())]
    return {"seeds tried": 5 * window, "found": sum(map(len, found)), "seconds": round(time.perf_counter() - start, 1)}


def table_fuzz(runs: int, messages: int) -> dict:
    counts: collections.Counter = collections.Counter()
    start = time.perf_counter()
    for seed in range(runs):
        counts.update(fuzz(seed=100 + seed, n_messages=messages))
    return {"messages": runs * messages, **counts, "seconds": round(time.perf_counter() - start, 1)}


def durability() -> dict:
    with tempfile.TemporaryDirectory() as folder:
        store = EventStore(f"{folder}/games.sqlite3")
        table = Table.create(store, "g", players=3, seed=5)
        rnd, n = random.Random(2), 0
        start = time.perf_counter()
        while not table.game.is_over:
            game = table.game
            assert table.handle(game.current_player, encode_message(game.decision, rnd.choice(game.legal_actions()))).ok
            n += 1
        per_action = (time.perf_counter() - start) / n
        start = time.perf_counter()
        reopened = Table.open(EventStore(f"{folder}/games.sqlite3"), "g")
        opened = time.perf_counter() - start
        assert reopened.game == table.game
    return {
        "stored actions": n,
        "ms per stored action": round(per_action * 1000, 2),
        "events": table.game.n_events,
        "ms to open": round(opened * 1000, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    quick = parser.parse_args().quick
    out = {
        "move tokens": tokens(3 if quick else 60),
        "secrets": secrets_attack(2**10 if quick else FULL_WINDOW),
        "table fuzz": table_fuzz(1, 1000) if quick else table_fuzz(10, 10_000),
        "durability": durability(),
        "python": sys.version.split()[0],
        "pillars-rules": pr.__version__,
    }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()

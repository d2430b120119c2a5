"""A server process for the table's multi-process tests (run as a script).

DB is what :func:`pillars_rules.table.open_store` takes: a SQLite path or a
PostgreSQL connection string.

``worker.py play DB GAME SEED``: answer every decision of GAME with a random
legal action (``random.Random(SEED)``), printing each decision number reached,
until killed or the game ends.

``worker.py race DB GAME N``: N times: load the game, print ``ready``, wait for
a line ``go`` on stdin, answer the loaded decision with a legal action, print
``won`` or ``conflict``.
"""

import random
import sys

import pillars_rules as pr
from pillars_rules.table import Table, encode_message, open_store


def play(db: str, game_id: str, seed: int) -> None:
    table = Table.open(open_store(db), game_id)
    rnd = random.Random(seed)
    while not table.game.is_over:
        game = table.game
        action = rnd.choice(game.legal_actions())
        out = table.handle(game.current_player, encode_message(game.decision, action))
        assert out.ok, out
        print(out.decision, flush=True)


def race(db: str, game_id: str, rounds: int) -> None:
    store = open_store(db)
    for k in range(rounds):
        table = Table.open(store, game_id)
        game = table.game
        legal = game.legal_actions()
        action = legal[(k + len(sys.argv)) % len(legal)]
        print("ready", flush=True)
        assert sys.stdin.readline().strip() == "go"
        try:
            table.handle(game.current_player, encode_message(game.decision, action, table.kind))
            print("won", flush=True)
        except pr.ConflictError as err:
            assert table.game.decision == game.decision + 1, (table.game.decision, game.decision)
            print("conflict", err, flush=True)


if __name__ == "__main__":
    command, db, game_id, number = sys.argv[1:5]
    {"play": play, "race": race}[command](db, game_id, int(number))

"""The table with real server processes (issue #10 item 6): a process killed
with SIGKILL mid-game leaves a store that reloads to an equal game, and two
processes racing on one decision never both win, at a Pillars table and an
Ora et Labora one (issue #59); on SQLite and on PostgreSQL (``backend``, see ``conftest.py``)."""

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from bench.serverproc import replays

import pillars_rules as pr
from pillars_rules.table import Table, encode_message
from pillars_rules.testing import check_game

WORKER = str(Path(__file__).with_name("worker.py"))


def start(*args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, WORKER, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def reference(seed: int, rnd_seed: int, decision: int) -> pr.Game:
    """The game the ``play`` worker reaches at ``decision``."""
    game, rnd = pr.new_game(players=3, seed=seed), random.Random(rnd_seed)
    while game.decision < decision:
        game = game.apply(rnd.choice(game.legal_actions()))
    return game


def test_a_server_killed_mid_game_reloads_to_an_equal_game_and_continues(backend):
    db = backend.spec
    for k, kill_at in enumerate((40, 230)):
        game_id = f"g{k}"
        Table.create(backend.open(), game_id, players=3, seed=31 + k)
        before = backend.others()
        worker = start("play", db, game_id, str(7 + k))
        seen = 0
        while seen < kill_at:
            line = worker.stdout.readline()
            assert line, worker.stderr.read()
            seen = int(line)
        os.kill(worker.pid, signal.SIGKILL)  # mid-loop: maybe mid-transaction
        worker.wait()
        assert worker.returncode == -signal.SIGKILL
        # what a restarted server meets: the dead process's database session gone, and with
        # it any COMMIT it had sent (CI once read decision 230 while 231's commit landed)
        gone = time.monotonic() + 90  # a loaded machine (CI beside other work) may take its time
        while backend.others() > before and time.monotonic() < gone:
            time.sleep(0.05)
        assert backend.others() <= before, f"the killed worker's database session did not end: {backend.sessions()}"
        table = Table.open(backend.open(), game_id)
        assert table.decision >= kill_at
        expected = reference(31 + k, 7 + k, table.decision)
        assert table.game == expected
        # and it continues identically: same choices, same game, same store
        rnd_a, rnd_b = random.Random(1), random.Random(1)
        while not expected.is_over:
            game = table.game
            action = rnd_a.choice(game.legal_actions())
            assert table.handle(game.current_player, encode_message(game.decision, action)).ok
            expected = expected.apply(rnd_b.choice(expected.legal_actions()))
        assert table.game == expected
        assert pr.save(Table.open(backend.open(), game_id).game) == pr.save(expected)


@pytest.mark.parametrize("game", ["pillars", "ora-et-labora"])
def test_two_processes_racing_on_one_decision_exactly_one_wins(backend, game):
    db = backend.spec
    Table.create(backend.open(), "g", players=2, seed=17, game=game)
    rounds = 6
    workers = [start("race", db, "g", str(rounds)), start("race", db, "g", str(rounds), "x")]
    results = []
    for _ in range(rounds):
        for w in workers:
            assert w.stdout.readline().strip() == "ready", w.stderr.read()
        for w in workers:  # both hold the same decision now
            w.stdin.write("go\n")
            w.stdin.flush()
        results.append(sorted(w.stdout.readline().split(" ", 1)[0].strip() for w in workers))
    for w in workers:
        assert w.wait(timeout=60) == 0, w.stderr.read()
    assert results == [["conflict", "won"]] * rounds
    table = Table.open(backend.open(), "g")
    assert table.decision == 1 + rounds and table.game.game_type.name == game
    if game == "pillars":
        check_game(table.game)  # Pillars' laws
    else:
        assert replays(table.game) and pr.load(pr.save(table.game)) == table.game

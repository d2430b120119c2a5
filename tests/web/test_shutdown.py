"""A clean stop: a Ctrl-C (SIGINT) or a service manager's SIGTERM sent to the server's
whole process group -- the bot workers get it too -- ends ``pillars-rules serve``
without a warning in its log (no ``bot decision retried ... BrokenProcessPool``),
and no move is lost: every stored game replays, and a server started again on the
same file plays the games on from where they were stored."""

from __future__ import annotations

import signal
import time

import pytest
from bench.serverproc import ONE_ADDRESS, ServerProcess

from pillars_rules.table import EventStore, Table

ARGS = ("--bot-delay", "0", "--log-level", "info", *ONE_ADDRESS)
BOTS = {"seats": [{"kind": "bot", "bot": "medium"}] * 2 + [{"kind": "bot", "bot": "random"}] * 2}


def decisions(db) -> dict[str, int]:
    with EventStore(db) as store:
        return {g: Table.open(store, g).game.decision for g in store.games()}


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_to_the_group_stops_the_server_quietly(tmp_path, signum):
    db = tmp_path / "games.sqlite3"
    log = tmp_path / "serve.log"
    server = ServerProcess(db, None, *ARGS, log=log, group=True).start()
    try:
        # bot-only games (the background lane) and a person's table whose bots move first
        games = [server.create(BOTS)["game"] for _ in range(2)]
        games.append(server.create({"seats": [{"kind": "bot", "bot": "medium"}] * 3 + [{"kind": "person"}]})["game"])
        deadline = time.monotonic() + 60
        while min(decisions(db).values()) < 3 and time.monotonic() < deadline:
            time.sleep(0.2)  # the workers are up and thinking
        server.signal_group(signum)
    finally:
        server.stop()
    text = log.read_text()
    for bad in ("WARNING", "ERROR", "Traceback", "BrokenProcessPool"):
        assert bad not in text, text[-3000:]
    before = decisions(db)  # Table.open replays and verifies each stored game
    assert set(before) == set(games) and min(before.values()) >= 3
    with ServerProcess(db, None, *ARGS, log=tmp_path / "again.log"):
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            now = decisions(db)
            if all(now[g] > before[g] for g in games[:2]):
                break
            time.sleep(0.2)
    after = decisions(db)
    assert all(after[g] > before[g] for g in games[:2]), (before, after)
    assert after[games[2]] == before[games[2]]  # the person's turn: it waits for them

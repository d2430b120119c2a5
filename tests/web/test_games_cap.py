"""``--max-games`` holds under any concurrency (hardening round 5, item 1), against
real ``pillars-rules serve`` processes: 40 parallel ``POST /games``, each from a
loopback address of its own, with ``--max-games 5`` create exactly 5 games -- on
SQLite, on PostgreSQL, and with two server processes on one PostgreSQL database.
Before, the cap was counted before the game was stored: the requests under way
together all passed it (40 of 40 were created)."""

from __future__ import annotations

import http.client
import json
import threading

import pytest
from bench.serverproc import ServerProcess

from pillars_rules.web.registry import open_registry

TWO = {"seats": [{"kind": "person"}, {"kind": "person"}]}
REQUESTS = 40
CAP = 5


def _post(port: int, source: str, out: list) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=(source, 0))
    try:
        conn.request("POST", "/games", json.dumps(TWO), {"content-type": "application/json"})
        r = conn.getresponse()
        r.read()
        out.append(r.status)
    finally:
        conn.close()


def _storm(servers: list[ServerProcess]) -> list[int]:
    """``REQUESTS`` requests at once, from 127.0.0.10 on, spread over ``servers``."""
    out: list[int] = []
    go = threading.Barrier(REQUESTS)

    def one(i: int) -> None:
        go.wait()
        _post(servers[i % len(servers)].port, f"127.0.0.{10 + i}", out)

    threads = [threading.Thread(target=one, args=(i,)) for i in range(REQUESTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    return sorted(out)


def _unfinished(db: str) -> int:
    registry = open_registry(db)
    try:
        return registry.open_count()
    finally:
        registry.close()


@pytest.mark.parametrize("store", ["sqlite", "postgres"])
def test_parallel_creations_from_many_addresses_never_pass_the_cap(store, tmp_path, request):
    db = request.getfixturevalue("pg_dsn") if store == "postgres" else str(tmp_path / "games.sqlite3")
    with ServerProcess(db, None, "--max-games", str(CAP), log=tmp_path / "server.log") as server:
        answers = _storm([server])
    assert answers == [201] * CAP + [503] * (REQUESTS - CAP)
    assert _unfinished(db) == CAP


def test_two_server_processes_on_one_postgresql_share_the_cap(pg_dsn, tmp_path):
    servers = [ServerProcess(pg_dsn, None, "--max-games", str(CAP), log=tmp_path / f"server{i}.log") for i in range(2)]
    try:
        for s in servers:
            s.start()
        answers = _storm(servers)
    finally:
        for s in servers:
            s.stop()
    assert answers == [201] * CAP + [503] * (REQUESTS - CAP)
    assert _unfinished(pg_dsn) == CAP


def test_parallel_creations_from_one_address_never_pass_its_own_cap(tmp_path):
    """The per-address cap is held from the request's start: ten at once from one
    address with ``--max-games-per-client 3`` make 3 games (before: all ten)."""
    with ServerProcess(
        tmp_path / "games.sqlite3", None, "--max-games-per-client", "3", "--create-rate", "100", "--refusal-delay", "0"
    ) as server:
        out: list[int] = []
        go = threading.Barrier(10)

        def one() -> None:
            go.wait()
            _post(server.port, "127.0.0.9", out)

        threads = [threading.Thread(target=one) for _ in range(10)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
    assert sorted(out) == [201] * 3 + [429] * 7

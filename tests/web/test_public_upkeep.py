"""A few addresses cannot fill a public server, and its operator keeps it tidy
(hardening round 5, item 2), against real ``pillars-rules serve`` processes on
SQLite and PostgreSQL: besides each address's cap, one network (an IPv4 /24, an
IPv6 /48) has a cap of its own (``--max-games-per-network``) and another
network still gets its game; a game whose seats nobody takes is deleted after
``--expire-unstarted``, long before ``--expire-after``, while a game whose seat
was taken stays; the operator sees each game's owner, computes an address's
owner with ``serve --owner-of`` and removes its games with ``DELETE
/api/admin/owners/{owner}`` or ``serve --delete-owner``; ``serve --prune``
deletes the finished games past ``--keep-finished``. Before, only exact
addresses were counted (10 addresses filled 200 places for 48 h), unstarted
games lasted 48 h, and finished games were never removed."""

from __future__ import annotations

import http.client
import json
import subprocess
import sys
import time
import urllib.request

import pytest
from bench.serverproc import ServerProcess
from websockets.sync.client import connect

from pillars_rules.web import protocol as P
from pillars_rules.web.registry import open_registry

TWO = {"seats": [{"kind": "person"}, {"kind": "person"}]}


@pytest.fixture(params=["sqlite", "postgres"])
def db(request, tmp_path) -> str:
    return request.getfixturevalue("pg_dsn") if request.param == "postgres" else str(tmp_path / "games.sqlite3")


def _post(server, source: str, doc: dict = TWO) -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60, source_address=(source, 0))
    try:
        conn.request("POST", "/games", json.dumps(doc), {"content-type": "application/json"})
        r = conn.getresponse()
        return r.status, json.loads(r.read())
    finally:
        conn.close()


def _ids(db: str) -> set[str]:
    registry = open_registry(db)
    try:
        return {r.game_id for r in registry.records()}
    finally:
        registry.close()


def _serve(db: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pillars_rules", "serve", "--db", db, *args], capture_output=True, text=True, timeout=60
    )


def test_one_network_has_a_cap_of_its_own_and_another_network_gets_its_game(db, tmp_path):
    with ServerProcess(
        db,
        None,
        "--max-games-per-client",
        "2",
        "--max-games-per-network",
        "3",
        "--refusal-delay",
        "0",
        log=tmp_path / "server.log",
    ) as server:
        assert [_post(server, "127.0.0.10")[0] for _ in range(3)] == [201, 201, 429]
        assert _post(server, "127.0.0.11")[0] == 201
        status, doc = _post(server, "127.0.0.12")
        assert status == 429 and "this network hosts 3 unfinished games" in doc["error"]
        assert _post(server, "127.0.1.5")[0] == 201  # a newcomer of another /24


def test_a_game_whose_seats_nobody_takes_expires_first(db, tmp_path):
    with ServerProcess(
        db, None, "--expire-unstarted", "2", "--refusal-delay", "0", log=tmp_path / "server.log"
    ) as server:
        _, idle = _post(server, "127.0.0.20")
        _, taken = _post(server, "127.0.0.21")
        with connect(server.ws_url, origin=server.url) as ws:
            ws.send(P.hello(taken["game"], taken["seats"][0]["link"].split("key=", 1)[1]))
            assert json.loads(ws.recv(timeout=30))["type"] == "welcome"
        deadline = time.monotonic() + 30
        while idle["game"] in _ids(db) and time.monotonic() < deadline:
            time.sleep(0.2)
        time.sleep(1.0)
        assert _ids(db) == {taken["game"]}  # the idle one went; the taken one stays
    assert "nobody took a seat" in (tmp_path / "server.log").read_text()


def test_the_operator_sees_and_removes_games_by_owner(db, tmp_path):
    with ServerProcess(db, None, "--refusal-delay", "0", log=tmp_path / "server.log") as server:
        mine = [_post(server, "127.0.0.30")[1]["game"] for _ in range(2)]
        other = _post(server, "127.0.0.31")[1]["game"]
        owner = _serve(db, "--owner-of", "127.0.0.30").stdout.split()[1]
        req = urllib.request.Request(
            server.url + "/api/admin/games", headers={"authorization": f"Bearer {server.admin_token}"}
        )
        with urllib.request.urlopen(req, timeout=30) as r:
            listed = {g["game"]: g["owner"] for g in json.loads(r.read())["games"]}
        assert {g for g, o in listed.items() if o == owner} == set(mine)
        req = urllib.request.Request(
            server.url + f"/api/admin/owners/{owner}",
            method="DELETE",
            headers={"authorization": f"Bearer {server.admin_token}"},
        )
        with urllib.request.urlopen(req, timeout=30) as r:
            assert sorted(json.loads(r.read())["deleted"]) == sorted(mine)
        assert _ids(db) == {other}
    listed = _serve(db, "--list").stdout
    network = _serve(db, "--owner-of", "127.0.0.31").stdout.split()[3]
    assert network in listed
    done = _serve(db, "--delete-owner", network)  # the whole /24, from the command line
    assert done.returncode == 0 and "deleted 1 game(s)" in done.stdout
    assert _ids(db) == set()


def test_prune_deletes_finished_games_past_the_retention(db, tmp_path):
    with ServerProcess(db, None, "--bot-delay", "0", "--refusal-delay", "0", log=tmp_path / "server.log") as server:
        _, done = _post(server, "127.0.0.40", {"seats": [{"kind": "bot", "bot": "random"}] * 2})
        _, running = _post(server, "127.0.0.41")
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            registry = open_registry(db)
            try:
                if registry.get(done["game"]).finished:
                    break
            finally:
                registry.close()
            time.sleep(0.3)
    assert _serve(db, "--prune", "--keep-finished", "3600").stdout.strip() == "deleted 0 game(s)"
    time.sleep(1.1)
    pruned = _serve(db, "--prune", "--keep-finished", "1")
    assert pruned.returncode == 0 and pruned.stdout.strip() == "deleted 1 game(s)"
    assert _ids(db) == {running["game"]}

"""A game record that is not even text (hardening round 5, item 6), against a real
``pillars-rules serve``: a ``server_games.record`` holding bytes that are not
UTF-8 is reported and skipped -- the other game is resumed and joins, the admin
list answers 200 with the row marked damaged, ``serve --list`` exits 0 and
names it, its replay answers 503. Before, sqlite3 raised for the whole query:
no game resumed, the admin list answered 503 for every game and ``serve
--list`` exited 1."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import urllib.request

from bench.serverproc import ONE_ADDRESS, ServerProcess
from websockets.sync.client import connect

from pillars_rules.web import protocol as P

TWO = {"seats": [{"kind": "person"}, {"kind": "person"}]}


def test_a_record_that_is_not_utf8_is_skipped_and_the_others_go_on(tmp_path):
    db = tmp_path / "games.sqlite3"
    with ServerProcess(db, None, *ONE_ADDRESS) as server:
        bad, good = server.create(TWO), server.create(TWO)
    with sqlite3.connect(db) as conn:
        conn.execute(
            "UPDATE server_games SET record = CAST(? AS TEXT) WHERE game_id = ?",
            (b'{"players": 2, "seats": "\xff\xfe"}', bad["game"]),
        )

    listed = subprocess.run(
        [sys.executable, "-m", "pillars_rules", "serve", "--list", "--db", str(db)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert listed.returncode == 0, listed.stderr
    assert good["game"] in listed.stdout and "not UTF-8" in listed.stdout

    with ServerProcess(db, None, *ONE_ADDRESS) as server:
        req = urllib.request.Request(
            server.url + "/api/admin/games", headers={"authorization": f"Bearer {server.admin_token}"}
        )
        with urllib.request.urlopen(req, timeout=30) as r:
            games = {g["game"]: g for g in json.loads(r.read())["games"]}
        assert "not UTF-8" in games[bad["game"]]["damaged"] and games[good["game"]]["damaged"] is None
        with connect(server.ws_url, origin=server.url) as ws:
            ws.send(P.hello(good["game"], good["seats"][0]["link"].split("key=", 1)[1]))
            assert json.loads(ws.recv(timeout=30))["type"] == "welcome"
        with connect(server.ws_url, origin=server.url) as ws:
            ws.send(P.hello(bad["game"], bad["seats"][0]["link"].split("key=", 1)[1]))
            while (m := json.loads(ws.recv(timeout=30)))["type"] != "refused":
                pass
            assert m["code"] == "server_error"
        replay = urllib.request.Request(
            server.url + "/api/replay",
            method="POST",
            data=json.dumps({"game": bad["game"], "key": bad["seats"][0]["link"].split("key=", 1)[1]}).encode(),
            headers={"content-type": "application/json"},
        )
        try:
            urllib.request.urlopen(replay, timeout=30)
            raise AssertionError("the damaged game's replay was answered")
        except urllib.error.HTTPError as err:
            assert err.code == 503
    assert "games resumed count=1" in (tmp_path / "games.log").read_text()

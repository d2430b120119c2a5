"""A rematch gives each seat its own new key, delivered to that seat only
(hardening round 5, item 3), against a real ``pillars-rules serve``: whatever
the asker receives -- the answer and its connection's messages -- opens only its
own seat of the new game; a seat that was away asks later with its old key and
gets a key for its own seat; asking again draws a new key and the earlier one
stops working. Before, the first asker got every seat's key (the ``created``
page of every link) and joined the new game as the other person's seat, and a
later ask was refused."""

from __future__ import annotations

import http.client
import json
import re
import time
from urllib.parse import unquote

import pytest
from bench.serverproc import ONE_ADDRESS, ServerProcess
from websockets.sync.client import connect

from pillars_rules.web import protocol as P


@pytest.fixture
def live(tmp_path):
    with ServerProcess(
        tmp_path / "games.sqlite3", None, *ONE_ADDRESS, "--bot-delay", "0", "--replay-rate", "1000"
    ) as server:
        yield server


def _post(server, path: str, doc: dict) -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    try:
        conn.request("POST", path, json.dumps(doc), {"content-type": "application/json"})
        r = conn.getresponse()
        return r.status, json.loads(r.read())
    finally:
        conn.close()


def _key(link: str) -> str:
    return link.split("key=", 1)[1]


def _who(server, game: str, key: str) -> int | str | None:
    """The seat ``key`` opens in ``game`` ("spectator", or None: refused)."""
    with connect(server.ws_url, origin=server.url) as ws:
        ws.send(P.hello(game, key))
        while True:
            m = json.loads(ws.recv(timeout=30))
            if m["type"] == "welcome":
                return "spectator" if m["you"]["seat"] is None else m["you"]["seat"]
            if m["type"] == "refused":
                return None


def _finished(server) -> dict:
    made = server.create(
        {
            "seats": [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Ben"}],
            "takeover": {"bot": "random", "grace": 0},
        }
    )
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        status, doc = _post(server, "/api/replay", {"game": made["game"], "key": _key(made["spectator"])})
        if status == 200 and doc["over"]:
            return made
        time.sleep(0.5)
    raise AssertionError("the takeover bots did not finish the game")


def test_each_seat_gets_its_own_key_of_the_rematch_and_no_other(live):
    made = _finished(live)
    ann_old, ben_old = _key(made["seats"][0]["link"]), _key(made["seats"][1]["link"])
    with connect(live.ws_url, origin=live.url) as ann_ws:  # Ann is at the board; Ben is away
        ann_ws.send(P.hello(made["game"], ann_old))
        status, answer = _post(live, "/api/rematch", {"game": made["game"], "key": ann_old})
        assert status == 201, answer
        while (m := json.loads(ann_ws.recv(timeout=30)))["type"] != "rematch":
            pass
    new = answer["game"]
    heard = unquote(json.dumps(answer) + json.dumps(m))  # (a /created page's fragment too)
    keys = set(re.findall(r"(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])", heard))
    # everything Ann was given opens her own seat of the new game (seat 1: the seats rotate), none other
    assert keys and {_who(live, new, k) for k in keys} == {1}
    status, ben = _post(live, "/api/rematch", {"game": made["game"], "key": ben_old})
    assert status == 200 and ben["game"] == new
    assert _who(live, new, _key(ben["link"])) == 0 and _key(ben["link"]) not in keys
    status, again = _post(live, "/api/rematch", {"game": made["game"], "key": ben_old})
    assert status == 200 and _who(live, new, _key(again["link"])) == 0
    assert _who(live, new, _key(ben["link"])) is None  # the earlier key stopped working
    assert _who(live, new, _key(answer["link"])) == 1  # Ann's is untouched
    status, doc = _post(live, "/api/rematch", {"game": made["game"], "key": _key(made["spectator"])})
    assert status == 403


@pytest.mark.parametrize("store", ["sqlite", "postgres"])
def test_a_seat_s_new_key_replaces_its_old_one_in_either_registry(store, tmp_path, request):
    from pillars_rules.web.registry import GameRecord, SeatSpec, digest, open_registry

    db = request.getfixturevalue("pg_dsn") if store == "postgres" else str(tmp_path / "games.sqlite3")
    registry = open_registry(db)
    try:
        record = GameRecord(
            "g1",
            2,
            (SeatSpec("person", "Ann", None, digest("a")), SeatSpec("bot", "B", "random")),
            digest("s"),
            {"name": "base"},
        )
        registry.add(record)
        changed = registry.change("g1", lambda r: r.with_seat_key(0, digest("a2")))
        assert registry.get("g1") == changed and changed.who("a2") == 0 and changed.who("a") is None
        assert registry.change("nope", lambda r: r.with_seat_key(0, digest("x"))) is None
        with pytest.raises(ValueError, match="not a person's"):
            registry.change("g1", lambda r: r.with_seat_key(1, digest("x")))
        assert registry.get("g1").who("a2") == 0  # a refused change changes nothing
    finally:
        registry.close()

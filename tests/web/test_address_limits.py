"""Rates that hold across connections (hardening round 4, item 5): a seat's
(or the spectators') credential has one bucket whatever the connection, a
client address one more for all its connections, hellos are limited per
address, and an address may hold so many connections. Before, every
connection got a fresh bucket (reconnecting reached 405 frames/s), hellos
were free, and one address could open any number of connections."""

from __future__ import annotations

import json
import time

from pillars_rules.web import protocol as P

from .support import client, create, key_of, receive, receive_until, say_hello

TWO = {"seats": [{"kind": "person"}, {"kind": "person"}], "seed": 3}
STALE = json.dumps({"decision": 99, "action": {"type": "Pass"}})


def _codes(ws, n: int) -> list[str]:
    out = []
    while len(out) < n:
        m = receive(ws)
        if m["type"] == "refused":
            out.append(m["code"])
    return out


def test_reconnecting_does_not_refill_the_bucket(tmp_path):
    with client(tmp_path, rate=0.01, burst=2) as c:
        res = create(c, **TWO)
        gid, ann = res["game"], key_of(res["seats"][0]["link"])
        with c.websocket_connect("/ws") as ws:
            say_hello(ws, gid, ann)
            ws.send_text(STALE)
            ws.send_text(STALE)
            assert _codes(ws, 2) == ["stale", "stale"]
        with c.websocket_connect("/ws") as ws:
            say_hello(ws, gid, ann)
            ws.send_text(STALE)
            assert _codes(ws, 1) == ["rate_limited"]  # the seat's bucket, not the connection's


def test_one_address_shares_one_bucket_across_its_connections(tmp_path):
    with client(tmp_path, client_rate=0.01, burst=3) as c:  # a burst of 3 for the address
        res = create(c, **TWO)
        gid, ann, ben = res["game"], key_of(res["seats"][0]["link"]), key_of(res["seats"][1]["link"])
        with c.websocket_connect("/ws") as a, c.websocket_connect("/ws") as b:
            say_hello(a, gid, ann)
            say_hello(b, gid, ben)
            for ws in (a, b, a):
                ws.send_text(STALE)
            assert _codes(a, 2) == ["stale", "stale"] and _codes(b, 1) == ["stale"]
            b.send_text(STALE)
            assert _codes(b, 1) == ["rate_limited"]


def test_hellos_are_limited_per_address(tmp_path):
    with client(tmp_path, hello_rate=0.01) as c:  # a burst of 1
        res = create(c, **TWO)
        gid, ann = res["game"], key_of(res["seats"][0]["link"])
        with c.websocket_connect("/ws") as ws:
            say_hello(ws, gid, ann)
        with c.websocket_connect("/ws") as ws:
            ws.send_text(P.hello(gid, ann))
            m = receive_until(ws, "refused")
            assert m["code"] == "flood" and "hellos" in m["reason"]


def test_an_address_may_hold_so_many_connections(tmp_path):
    with client(tmp_path, max_connections_per_client=2) as c:
        res = create(c, **TWO)
        gid, spec = res["game"], key_of(res["spectator"])
        with c.websocket_connect("/ws") as a, c.websocket_connect("/ws") as b:
            say_hello(a, gid, spec)
            say_hello(b, gid, spec)
            with c.websocket_connect("/ws") as third:
                m = receive_until(third, "refused")
                assert m["code"] == "server_full" and "this address" in m["reason"]
        with c.websocket_connect("/ws") as again:  # the count goes down as they close
            say_hello(again, gid, spec)


def test_a_client_refused_for_a_limit_waits_for_its_refusal(tmp_path):
    # the flood gets one answer per delay and connection; the answer is the same
    with client(tmp_path, create_rate=1, refusal_delay=0.4) as c:
        assert c.post("/games", json={"seats": [{"kind": "person"}, {"kind": "person"}]}).status_code == 201
        t0 = time.monotonic()
        r = c.post("/games", json={"seats": [{"kind": "person"}, {"kind": "person"}]})
        assert r.status_code == 429 and "retry-after" in r.headers
        assert time.monotonic() - t0 >= 0.4
        with c.websocket_connect("/ws") as ws:
            t0 = time.monotonic()
            ws.send_text(P.hello("nope", "nope", None))
            msg = json.loads(ws.receive_text())
            assert msg["code"] == "bad_credentials" and time.monotonic() - t0 >= 0.4

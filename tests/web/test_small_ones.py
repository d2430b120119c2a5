"""The small findings of hardening round 4 (item 11, the server's part), each
failing before its fix: a hello with a duplicated field, a lobby POST from a
``ws://`` origin, a bad Host's 400 without the security headers, and the
Python client reading server frames of any size."""

from __future__ import annotations

import asyncio

import pytest

from pillars_rules.web import protocol as P
from pillars_rules.web.client import GameClient, Refused

from .support import client, create, key_of, receive_until

TWO = {"seats": [{"kind": "person"}, {"kind": "person"}], "seed": 3}


def test_a_hello_with_a_duplicated_field_is_refused(tmp_path):
    with client(tmp_path) as c:
        res = create(c, **TWO)
        gid, ann, ben = res["game"], key_of(res["seats"][0]["link"]), key_of(res["seats"][1]["link"])
        text = f'{{"type": "hello", "protocol": {P.PROTOCOL}, "game": "{gid}", "key": "{ben}", "key": "{ann}"}}'
        with pytest.raises(P.ProtocolError) as info:
            P.parse_hello(text)
        assert info.value.code == "bad_hello" and "key" in info.value.reason
        with c.websocket_connect("/ws") as ws:
            ws.send_text(text)
            assert receive_until(ws, "refused")["code"] == "bad_hello"


@pytest.mark.parametrize("origin", ["ws://testserver", "wss://testserver", "ftp://testserver"])
def test_a_lobby_post_from_a_non_http_origin_is_refused(tmp_path, origin):
    with client(tmp_path) as c:
        r = c.post("/games", json=TWO, headers={"origin": origin})
        assert r.status_code == 403
        assert c.post("/games", json=TWO, headers={"origin": "http://testserver"}).status_code == 201


def test_a_bad_host_s_400_has_the_security_headers(tmp_path):
    with client(tmp_path) as c:
        r = c.get("/", headers={"host": "evil.example"})
        assert r.status_code == 400
        assert r.headers["x-frame-options"] == "DENY" and r.headers["x-content-type-options"] == "nosniff"
        assert "content-security-policy" in r.headers


def test_the_python_client_refuses_a_frame_over_its_bound():
    from websockets.asyncio.server import serve

    async def main():
        async def huge(ws):
            await ws.recv()  # the hello
            await ws.send("x" * 5000)

        async with serve(huge, "127.0.0.1", 0) as server:
            port = server.sockets[0].getsockname()[1]
            game = GameClient(f"ws://127.0.0.1:{port}/ws", "g", "k", max_frame=1000)
            assert game.max_frame == 1000
            await asyncio.wait_for(game.run(max_reconnects=3), 30)

    with pytest.raises(Refused) as info:
        asyncio.run(main())
    assert info.value.code == "too_large"


def test_a_client_that_is_not_connected_or_has_no_state_says_so_when_it_sends():
    c = GameClient("ws://127.0.0.1:9/ws", "g", "k")
    with pytest.raises(ConnectionError, match="not connected"):
        asyncio.run(c.send_action({"type": "Pass"}))
    c.ws = object()  # connected, but nothing received yet
    with pytest.raises(P.ProtocolError, match="no decision to answer"):
        asyncio.run(c.send_action({"type": "Pass"}))

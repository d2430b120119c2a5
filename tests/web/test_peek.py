"""The lobby's peek (issue #56): how a game stands, for a seat's key, with
no connection -- a seat a bot took over stays taken, its wait untouched."""

from __future__ import annotations

from .support import client, create, key_of, receive_until, say_hello

ORIGIN = {"origin": "http://testserver"}


def test_a_peek_tells_how_the_game_stands_and_touches_no_seat(tmp_path):
    with client(tmp_path, bot_delay=5.0) as c:
        res = create(
            c,
            seed=4,
            seats=[{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Ben"}],
            takeover={"bot": "random", "grace": 0.2},
        )
        gid, ann = res["game"], key_of(res["seats"][0]["link"])
        room = c.app.state.server.rooms[gid]
        with c.websocket_connect("/ws") as ws:
            say_hello(ws, gid, key_of(res["spectator"]))
            while not room.taken[0]:
                receive_until(ws, "seats")  # Ann never came: a bot plays her seat
            timer_free = dict(room._timers)
            r = c.post("/api/peek", json={"game": gid, "key": ann}, headers=ORIGIN)
            assert r.status_code == 200, r.text
            assert r.json() == {
                "round": 1,
                "over": False,
                "turn": "Ann",
                "mine": True,
                "last": r.json()["last"],
                "winners": None,
                "seat": 0,
                "name": "Ann",
                "role": "player",
            }
            assert room.taken[0] and room.present == [0, 0] and room._timers == timer_free
        spectator = c.post("/api/peek", json={"game": gid, "key": key_of(res["spectator"])}, headers=ORIGIN).json()
        assert (spectator["role"], spectator["mine"], spectator["seat"]) == ("spectator", False, None)
        assert c.post("/api/peek", json={"game": gid, "key": "wrong"}, headers=ORIGIN).status_code == 404
        assert c.post("/api/peek", json={"game": gid}, headers=ORIGIN).status_code == 400
        assert (
            c.post("/api/peek", json={"game": gid, "key": ann}, headers={"origin": "http://evil.example"}).status_code
            == 403
        )


def test_peeks_are_held_to_the_address_hello_rate(tmp_path):
    with client(tmp_path, hello_rate=1.0) as c:
        res = create(c, seats=[{"kind": "person"}, {"kind": "person"}])
        codes = [
            c.post(
                "/api/peek", json={"game": res["game"], "key": key_of(res["seats"][0]["link"])}, headers=ORIGIN
            ).status_code
            for _ in range(8)
        ]
        assert codes[0] == 200 and codes[-1] == 429

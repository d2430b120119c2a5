"""The lobby cannot be filled for good (hardening round 4, item 1): a client
address may create so many games a minute and host so many unfinished ones;
a game with no move for ``expire_after`` is deleted (its connections are told
``gone``); the operator deletes a game with ``serve --delete`` or the admin
API; a full server says so and what to do. Before, 2,000 anonymous requests
filled the lobby, and the games never went."""

from __future__ import annotations

import io
import time

from pillars_rules.cli.serve import delete_game
from pillars_rules.table import EventStore
from pillars_rules.web import protocol as P

from .support import client, create, key_of, receive_until, records, say_hello

TWO = {"seats": [{"kind": "person"}, {"kind": "person"}], "seed": 3}


def test_one_address_may_create_so_many_games_a_minute(tmp_path):
    with client(tmp_path, create_rate=3) as c:
        for _ in range(3):
            create(c, **TWO)
        r = c.post("/games", json=TWO)
        assert r.status_code == 429 and "3 games a minute" in r.json()["error"]
        assert int(r.headers["retry-after"]) >= 1
        r = c.post("/games", data={"players": "2", "seat0": "person", "seat1": "person"})
        assert r.status_code == 429 and "3 games a minute" in r.text  # the lobby form says so too
        assert len(records(c)) == 3


def test_one_address_may_host_so_many_unfinished_games(tmp_path):
    with client(tmp_path, max_games_per_client=2) as c:
        create(c, **TWO)
        create(c, **TWO)
        r = c.post("/games", json=TWO)
        assert r.status_code == 429 and "2 unfinished games" in r.json()["error"]


def test_a_full_server_says_what_to_do(tmp_path):
    with client(tmp_path, max_games=1, expire_after=3600.0, expire_unstarted=600.0) as c:
        create(c, **TWO)
        r = c.post("/games", json=TWO)
        assert r.status_code == 503
        assert "try again later" in r.json()["error"] and "1 h" in r.json()["error"]
        assert "nobody took within 10 min" in r.json()["error"]  # the sooner way a place comes free


def test_an_abandoned_game_expires_and_frees_its_place(tmp_path):
    with client(tmp_path, max_games=2, expire_after=1.0) as c:
        old = create(c, **TWO)
        with c.websocket_connect("/ws") as ws:
            say_hello(ws, old["game"], key_of(old["spectator"]))
            m = receive_until(ws, "refused")  # no move for a second: the game is deleted
            assert m["code"] == "gone" and m["closing"]
        assert [r.game_id for r in records(c)] == []
        with EventStore(c.app.state.server.settings.db) as store:
            assert store.games() == []
        create(c, **TWO)
        create(c, **TWO)  # its place is free
        with c.websocket_connect("/ws") as ws:
            ws.send_text(P.hello(old["game"], key_of(old["seats"][0]["link"])))
            assert receive_until(ws, "refused")["code"] == "bad_credentials"


def test_a_game_that_moves_does_not_expire(tmp_path):
    with client(tmp_path, expire_after=1.5) as c:
        res = create(c, **TWO)
        ann, ben = key_of(res["seats"][0]["link"]), key_of(res["seats"][1]["link"])
        with c.websocket_connect("/ws") as a, c.websocket_connect("/ws") as b:
            say_hello(a, res["game"], ann)
            say_hello(b, res["game"], ben)
            deadline = time.monotonic() + 3.0
            decision = 1
            while time.monotonic() < deadline:  # a move every half second, for 3 s
                time.sleep(0.5)
                game = c.app.state.server.rooms[res["game"]].game
                who = a if game.current_player == 0 else b
                action = game.view(game.current_player).legal_actions[0]
                who.send_text(P.dumps({"decision": decision, "action": _encode(action)}))
                decision = receive_until(who, "update")["decision"]
        assert [r.game_id for r in records(c)] == [res["game"]]


def _encode(action) -> dict:
    import pillars_rules as pr

    return pr.encode_action(action)


def test_the_operator_deletes_a_game(tmp_path):
    with client(tmp_path, admin_token="t") as c:
        one, two = create(c, **TWO), create(c, **TWO)
        with c.websocket_connect("/ws") as ws:
            say_hello(ws, one["game"], key_of(one["spectator"]))
            assert c.delete(f"/api/admin/games/{one['game']}").status_code == 401
            r = c.delete(f"/api/admin/games/{one['game']}", headers={"authorization": "Bearer t"})
            assert r.status_code == 200 and r.json() == {"deleted": one["game"]}
            assert receive_until(ws, "refused")["code"] == "gone"
        r = c.delete(f"/api/admin/games/{one['game']}", headers={"authorization": "Bearer t"})
        assert r.status_code == 404
        assert [r.game_id for r in records(c)] == [two["game"]]
    out = io.StringIO()
    assert delete_game(str(tmp_path / "games.sqlite3"), two["game"], out) is True
    assert "deleted" in out.getvalue()
    assert delete_game(str(tmp_path / "games.sqlite3"), two["game"], io.StringIO()) is False
    with EventStore(tmp_path / "games.sqlite3") as store:
        assert store.games() == []

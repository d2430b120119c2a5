"""Every refusal code of the protocol, from a real (in-process) server: each one
answers the message it refuses with its code and reason, closes the connection
exactly when the protocol says, and leaves the game unchanged."""

from __future__ import annotations

import ast
import json
import sqlite3
from pathlib import Path

import pytest
from starlette.websockets import WebSocketDisconnect

import pillars_rules as pr
from pillars_rules.table import EventStore, Table
from pillars_rules.web import protocol as P

from .support import client, create, key_of, receive_until, say_hello

TWO = {"seats": [{"kind": "person"}, {"kind": "person"}], "seed": 3}
ANN_ACTION = {"type": "Hire", "card": "toolmaker"}
TESTED: set[str] = set()


def stored(c, game: str) -> pr.Game:
    """The game as stored (read through a connection of the test's own)."""
    with EventStore(c.app.state.server.settings.db) as store:
        return Table.open(store, game).game


def refusal(ws, code: str) -> dict:
    m = receive_until(ws, "refused")
    assert m["code"] == code, m
    assert m["closing"] == (P.REFUSALS[code].close is not None)
    assert m["reason"] and len(m["reason"]) <= pr.table.MAX_REASON_LENGTH
    TESTED.add(code)
    return m


def closed_with(ws, code: int) -> None:
    with pytest.raises(WebSocketDisconnect) as info:
        while True:
            ws.receive_text()
    assert info.value.code == code


@pytest.fixture
def game(tmp_path):
    with client(tmp_path) as c:
        res = create(c, **TWO)
        yield c, res["game"], key_of(res["seats"][0]["link"]), key_of(res["seats"][1]["link"]), key_of(res["spectator"])


def test_table_refusals_keep_the_connection_and_the_game(game):
    c, gid, ann, ben, spec = game
    with c.websocket_connect("/ws") as ws:
        say_hello(ws, gid, ann)
        before = stored(c, gid)
        for text, code in [
            ("not json", "bad_message"),
            ('{"decision": 1}', "bad_message"),
            (json.dumps({"decision": 1, "action": {"type": "os.system"}}), "bad_message"),
            (json.dumps({"decision": 1, "action": {"type": "Place", "location": "kings_court", "spot": 0}}), "illegal"),
            (json.dumps({"decision": 7, "action": ANN_ACTION}), "stale"),
        ]:
            ws.send_text(text)
            refusal(ws, code)
        ws.send_bytes(b'{"decision": 1, "action": {"type": "Pass"}}')
        refusal(ws, "bad_message")
        assert stored(c, gid) == before
        ws.send_text(json.dumps({"decision": 1, "action": ANN_ACTION}))
        assert receive_until(ws, "update")["decision"] == 2  # the connection still plays
        ws.send_text(json.dumps({"decision": 2, "action": {"type": "Pass"}}))
        refusal(ws, "not_your_turn")
        assert stored(c, gid).decision == 2


def test_undo_refusals_keep_the_connection_and_the_game(game):
    c, gid, ann, ben, spec = game
    with c.websocket_connect("/ws") as ws:
        say_hello(ws, gid, ann)
        before = stored(c, gid)
        for doc, code in [
            ({"type": "undo", "decision": 1}, "undo"),  # nothing to take back
            ({"type": "undo_answer", "decision": 1, "accept": True}, "undo"),  # nothing asked
            ({"type": "undo", "decision": 1, "extra": 0}, "bad_message"),
            ({"type": "undo_answer", "decision": 1, "accept": "yes"}, "bad_message"),
            ({"type": "undo", "decision": 9}, "stale"),
        ]:
            ws.send_text(json.dumps(doc))
            refusal(ws, code)
        assert stored(c, gid) == before
    with c.websocket_connect("/ws") as ws:
        say_hello(ws, gid, spec)
        ws.send_text(json.dumps({"type": "undo", "decision": 1}))
        refusal(ws, "spectator")


def test_a_spectator_and_an_oversized_frame(game):
    c, gid, ann, ben, spec = game
    with c.websocket_connect("/ws") as ws:
        say_hello(ws, gid, spec)
        ws.send_text(json.dumps({"decision": 1, "action": ANN_ACTION}))
        refusal(ws, "spectator")
    with c.websocket_connect("/ws") as ws:
        say_hello(ws, gid, ann)
        big = json.dumps({"decision": 1, "action": {"type": "Hire", "card": "x" * (P.MAX_MESSAGE_BYTES)}})
        ws.send_text(big)
        refusal(ws, "too_large")
        ws.send_text("é" * (P.MAX_MESSAGE_BYTES // 2 + 1))  # 16 KiB + 2 bytes in UTF-8
        refusal(ws, "too_large")
    assert stored(c, gid).decision == 1


def test_the_rate_rule_refuses_then_closes(tmp_path):
    with client(tmp_path, rate=0.001, burst=3, flood=4) as c:
        res = create(c, **TWO)
        gid, ann = res["game"], key_of(res["seats"][0]["link"])
        with c.websocket_connect("/ws") as ws:
            say_hello(ws, gid, ann)
            stale = json.dumps({"decision": 9, "action": {"type": "Pass"}})
            for _ in range(3):  # the burst: read by the table (and refused there)
                ws.send_text(stale)
                refusal(ws, "stale")
            for _ in range(3):  # over the rate: dropped unread
                ws.send_text(json.dumps({"decision": 1, "action": ANN_ACTION}))
                refusal(ws, "rate_limited")
            ws.send_text(stale)
            refusal(ws, "flood")
            closed_with(ws, 4429)
        assert stored(c, gid).decision == 1


@pytest.mark.parametrize(
    "hello,code,close",
    [
        ("hello", "bad_hello", 4400),
        ('{"type": "action"}', "bad_hello", 4400),
        ('{"type": "hello", "protocol": 1, "game": "g", "key": 5}', "bad_hello", 4400),
        ('{"type": "hello", "protocol": 1, "game": "g", "key": "k", "seen": -1}', "bad_hello", 4400),
        ('{"type": "hello", "protocol": 1, "game": "g", "key": "k", "extra": 1}', "bad_hello", 4400),
        ('{"type": "hello", "protocol": 3, "game": "g", "key": "k"}', "version", 4406),
        ('{"type": "hello", "protocol": 0, "game": "g", "key": "k"}', "version", 4406),
        ('{"type": "hello", "protocol": true, "game": "g", "key": "k"}', "version", 4406),
        ('{"type": "hello", "protocol": "1", "game": "g", "key": "k"}', "version", 4406),
    ],
)
def test_bad_hellos_are_refused_and_closed(game, hello, code, close):
    c = game[0]
    with c.websocket_connect("/ws") as ws:
        ws.send_text(hello)
        refusal(ws, code)
        closed_with(ws, close)


def test_wrong_credentials_and_unknown_games_look_the_same(game):
    c, gid, ann, ben, spec = game
    reasons = []
    for g, k in [(gid, "x" * 43), ("nope", ann), (gid, ann[:-1]), (gid + "x", ann)]:
        with c.websocket_connect("/ws") as ws:
            ws.send_text(P.hello(g, k))
            reasons.append(refusal(ws, "bad_credentials")["reason"])
            closed_with(ws, 4401)
    assert len(set(reasons)) == 1


def test_another_seats_credential_acts_for_that_seat_only(game):
    c, gid, ann, ben, spec = game
    with c.websocket_connect("/ws") as ws:
        welcome, _ = say_hello(ws, gid, ben)
        assert welcome["you"]["seat"] == 1
        ws.send_text(json.dumps({"decision": 1, "action": ANN_ACTION}))  # Ann's move, from Ben
        refusal(ws, "not_your_turn")
    assert stored(c, gid).decision == 1


def test_hello_timeout(tmp_path):
    with client(tmp_path, hello_timeout=0.2) as c:
        with c.websocket_connect("/ws") as ws:
            refusal(ws, "hello_timeout")
            closed_with(ws, 4408)


def test_connection_bounds(tmp_path):
    with client(tmp_path, max_spectators_per_game=1, max_connections=2) as c:
        res = create(c, **TWO)
        gid, ann, ben, spec = (
            res["game"],
            key_of(res["seats"][0]["link"]),
            key_of(res["seats"][1]["link"]),
            key_of(res["spectator"]),
        )
        with c.websocket_connect("/ws") as first, c.websocket_connect("/ws") as watcher:
            say_hello(first, gid, ann)
            say_hello(watcher, gid, spec)
            with c.websocket_connect("/ws") as second:
                second.send_text(P.hello(gid, spec))
                refusal(second, "server_full")  # over the server's bound: no more spectators
                closed_with(second, 4503)
            with c.websocket_connect("/ws") as second:
                say_hello(second, gid, ben)  # ... but a seat's credential comes in
                with c.websocket_connect("/ws") as third:
                    refusal(third, "server_full")  # past the seats' reserve: refused at once
                    closed_with(third, 4503)
        with c.websocket_connect("/ws") as watcher, c.websocket_connect("/ws") as second:
            say_hello(watcher, gid, spec)
            second.send_text(P.hello(gid, spec))
            refusal(second, "game_full")  # the game's spectators are at their bound
            closed_with(second, 4503)


def test_a_seat_over_its_cap_replaces_its_oldest_connection(tmp_path):
    with client(tmp_path, max_connections_per_seat=2) as c:
        res = create(c, **TWO)
        gid, ann = res["game"], key_of(res["seats"][0]["link"])
        with (
            c.websocket_connect("/ws") as first,
            c.websocket_connect("/ws") as second,
            c.websocket_connect("/ws") as third,
        ):
            say_hello(first, gid, ann)
            say_hello(second, gid, ann)
            say_hello(third, gid, ann)
            refusal(first, "replaced")  # (hardening round 4: a seat always finds room)
            closed_with(first, 4409)
            third.send_text('{"decision": 1, "action": {"type": "Hire", "card": "toolmaker"}}')
            assert receive_until(third, "update")["decision"] == 2


def test_a_deleted_game_is_gone(tmp_path):
    with client(tmp_path, admin_token="t") as c:
        res = create(c, **TWO)
        with c.websocket_connect("/ws") as ws:
            say_hello(ws, res["game"], key_of(res["spectator"]))
            c.delete(f"/api/admin/games/{res['game']}", headers={"authorization": "Bearer t"})
            refusal(ws, "gone")
            closed_with(ws, 4410)


def test_a_game_the_store_cannot_open(tmp_path):
    with client(tmp_path) as c:
        res = create(c, **TWO)
    gid, ann = res["game"], key_of(res["seats"][0]["link"])
    db = sqlite3.connect(tmp_path / "games.sqlite3")
    db.execute("DELETE FROM events WHERE game_id = ? AND idx = 2", (gid,))
    db.commit()
    db.close()
    with client(tmp_path) as c:
        with c.websocket_connect("/ws") as ws:
            ws.send_text(P.hello(gid, ann))
            refusal(ws, "server_error")
            closed_with(ws, 1011)


def test_a_budget_overrun_is_refused_with_limit(game, monkeypatch):
    c, gid, ann, ben, spec = game
    with c.websocket_connect("/ws") as ws:
        say_hello(ws, gid, ann)
        monkeypatch.setattr(pr.limits, "MAX_EVENTS", stored(c, gid).n_events + 1)
        ws.send_text(json.dumps({"decision": 1, "action": ANN_ACTION}))
        refusal(ws, "limit")
    monkeypatch.undo()
    assert stored(c, gid).decision == 1


def test_a_foreign_origin_is_refused_at_the_handshake(game):
    c, gid, ann, ben, spec = game
    with pytest.raises(WebSocketDisconnect) as info:
        with c.websocket_connect("/ws", headers={"origin": "http://evil.example"}) as ws:
            ws.receive_text()
    assert info.value.code == 1008
    with c.websocket_connect("/ws", headers={"origin": "http://testserver"}) as ws:
        say_hello(ws, gid, ann)  # the server's own origin is fine


def test_an_engine_error_on_a_bots_move_is_told_to_the_table(tmp_path, monkeypatch):
    from .test_engine_error import failing

    failing(monkeypatch, every=True)
    with client(tmp_path, bot_delay=0.0) as c:
        res = create(c, seats=[{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}])
        with c.websocket_connect("/ws") as ws:
            say_hello(ws, res["game"], key_of(res["spectator"]))  # a spectator is told too
            assert "seat 1" in refusal(ws, "engine_error")["reason"]


def _codes_checked_here() -> set[str]:
    """The codes this module's tests pass to :func:`refusal`: a literal code, or,
    where the code is a variable, the codes of the test's parametrization and
    of the lists it loops over. Read from the source, so the check does not
    depend on which xdist worker ran which test (or on their order)."""
    tree = ast.parse(Path(__file__).read_text(encoding="utf-8"))
    found: set[str] = set()
    for fn in (n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")):
        for call in (n for n in ast.walk(fn) if isinstance(n, ast.Call)):
            if not (isinstance(call.func, ast.Name) and call.func.id == "refusal" and len(call.args) == 2):
                continue
            code = call.args[1]
            if isinstance(code, ast.Constant):
                found.add(code.value)
                continue
            sources = list(fn.decorator_list) + [n.iter for n in ast.walk(fn) if isinstance(n, ast.For)]
            found |= {
                c.value
                for src in sources
                for c in ast.walk(src)
                if isinstance(c, ast.Constant) and c.value in P.REFUSALS
            }
    return found


def test_every_refusal_code_is_tested():
    assert _codes_checked_here() == set(P.REFUSALS)
    # and the codes the tests that ran in this process met are codes of the protocol
    assert TESTED <= set(P.REFUSALS)

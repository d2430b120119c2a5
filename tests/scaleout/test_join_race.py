"""A connection that loads a game at a process which is not the game's home
joins the room that process keeps (issue #60). The load adds the room and
claims the game's home; the claim comes back lost and, the room having no
client yet, unloads it. When that answer came before the load's waiter
resumed, the connection joined the unloaded room: no notification reached it
any more, and its game waited for good. On uvloop this happened in the
failover test (tests/scaleout/test_faults.py); here the waiter is made to
resume late, so it happens on either loop (both run it)."""

from __future__ import annotations

import asyncio
import json
import time

import pytest
from requires import need
from starlette.testclient import TestClient
from tests.web.support import create, key_of, receive, say_hello, settings

from pillars_rules.web.app import create_app
from pillars_rules.web.server import Server

from .servers import LOOPS

pytestmark = pytest.mark.postgres


def _until(condition, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"never happened in {timeout:g} s: {what}")
        time.sleep(0.02)


@pytest.mark.parametrize("loop", LOOPS)
def test_a_connection_joins_the_room_its_process_keeps_when_the_home_claim_is_lost_first(
    pg_dsn, tmp_path, monkeypatch, loop
):
    if loop == "uvloop":
        need("uvloop")
    on_loop = {"backend_options": {"use_uvloop": loop == "uvloop"}}  # anyio's asyncio backend, on uvloop or not
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    home_app = create_app(settings(tmp_path / "a", db=pg_dsn))
    other_app = create_app(settings(tmp_path / "b", db=pg_dsn))
    home, other = home_app.state.server, other_app.state.server
    with TestClient(home_app, **on_loop) as a, TestClient(other_app, **on_loop) as b:
        res = create(a, seats=[{"kind": "person"}, {"kind": "person"}], seed=3)
        gid = res["game"]
        _until(lambda: gid in home.rooms and home.fanout.is_home(home.rooms[gid]), "the creator is the home")

        with a.websocket_connect("/ws") as watch:  # whose turn it is: that seat moves at the home
            _, sync = say_hello(watch, gid, key_of(res["spectator"]))
        mover = sync["turn"]["seat"]
        waiter = 1 - mover

        real_open = Server._open
        ran_on: list[str] = []

        async def late_open(self, record):  # a busy loop: the load's waiter resumes after the claim's answer
            ran_on.append(type(asyncio.get_running_loop()).__module__.split(".")[0])
            room = await real_open(self, record)
            await asyncio.sleep(1.0)
            return room

        monkeypatch.setattr(Server, "_open", late_open)
        with b.websocket_connect("/ws") as there:
            welcome, _ = say_hello(there, gid, key_of(res["seats"][waiter]["link"]))
            assert welcome["you"]["seat"] == waiter
            assert ran_on == [loop]
            room = other.rooms.get(gid)
            assert room is not None and len(room.clients) == 1, "the connection is on a room its process let go of"
            assert not other.fanout.is_home(room)
            monkeypatch.setattr(Server, "_open", real_open)
            with a.websocket_connect("/ws") as here:
                _, sync = say_hello(here, gid, key_of(res["seats"][mover]["link"]))
                assert sync["turn"]["seat"] == mover and sync["choices"]
                here.send_text(json.dumps({"decision": sync["decision"], "action": sync["choices"][0]["action"]}))
                msg = receive(there)  # the waiting seat, at the other process, hears of the move
                while msg.get("decision", 0) <= sync["decision"]:
                    msg = receive(there)
                assert msg["decision"] > sync["decision"]

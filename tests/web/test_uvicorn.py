"""A real server: ``pillars-rules serve`` (uvicorn) on 127.0.0.1, real WebSockets.

* A whole 3-player game -- two clients and one server bot -- survives two
  SIGKILLs of the server: the clients reconnect by themselves and catch up,
  and at the end the stored game replays, and equals what each client
  assembled, event for event.
* Hostile clients (a stale decision, another seat's credential, a spectator
  acting, malformed, oversized and binary frames, a flood) are refused, and
  the stored game is unchanged.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time

import pytest
from bench.serverproc import ONE_ADDRESS, ServerProcess
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

import pillars_rules as pr
from pillars_rules.table import EventStore, Table
from pillars_rules.web import protocol as P
from pillars_rules.web.client import GameClient, bot_policy, random_policy

FAST = ("--bot-delay", "0", "--rate", "1000", "--burst", "1000", "--allow-seeds", *ONE_ADDRESS)


def stored(db) -> dict[str, pr.Game]:
    with EventStore(db) as store:
        return {g: Table.open(store, g).game for g in store.games()}


def orphans(db) -> list[int]:
    """Bot workers whose server is gone (adopted by init), of this test's servers."""
    out = []
    for pid in os.listdir("/proc"):
        try:
            with open(f"/proc/{pid}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{pid}/environ", "rb") as f:
                mine = f"PILLARS_SERVER_DB={db}".encode() in f.read()
        except (OSError, ValueError, IndexError):
            continue
        if mine and ppid == 1:
            out.append(int(pid))
    return out


def key_of(link: str) -> str:
    return link.split("key=", 1)[1]


def test_a_game_survives_two_sigkills(tmp_path):
    db = tmp_path / "games.sqlite3"
    server = ServerProcess(db, None, *FAST).start()
    try:
        res = server.create({"seats": [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "bot": "random"}]})
        gid = res["game"]
        kills = {60: False, 140: False}
        restarted: list[threading.Thread] = []

        def killing(policy):
            def act(client: GameClient) -> dict:
                for at, done in kills.items():
                    if not done and client.decision >= at:
                        kills[at] = True
                        server.kill()  # mid-game, while this client is about to send
                        t = threading.Thread(target=server.start)
                        t.start()
                        restarted.append(t)
                return policy(client)

            return act

        # one client of each protocol version: both stay in step across the kills
        clients = [
            GameClient(server.ws_url, gid, key_of(res["seats"][i]["link"]), seed=i, protocol=i + 1) for i in (0, 1)
        ]
        policies = [killing(random_policy(1)), killing(bot_policy("heuristic", 2))]

        async def main():
            await asyncio.wait_for(asyncio.gather(*(c.run(p) for c, p in zip(clients, policies))), 240)

        asyncio.run(main())
        for t in restarted:
            t.join()
        assert all(kills.values()) and server.starts == 3
        game = stored(db)[gid]
    finally:
        server.stop()
    assert game.is_over
    assert pr.replay(game.events) == game  # every stored game replays
    seats = {e.seat for e in game.events if isinstance(e, pr.events.DecisionPending)}
    assert seats == {0, 1, 2}  # the server bot played its seat
    for seat, c in enumerate(clients):
        export = json.loads(game.export(seat))
        assert c.events == export["events"]  # nothing lost, nothing twice
        assert c.state == export["state"] and c.decision == game.decision
        assert c.result["scores"] == [list(s) for s in game.scores()]
        assert len(c.texts) == len(c.events)
        assert c.reconnects >= 2
    # the bot workers of the killed servers ended with them (nothing is left running)
    deadline = time.monotonic() + 10
    while orphans(db) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert orphans(db) == []
    log = (tmp_path / "games.log").read_text()
    assert gid not in log and not any(key_of(s["link"]) in log for s in res["seats"] if s["link"])
    assert "games resumed count=1" in log


class Recording(GameClient):
    """A client that keeps the state it holds after each message, by decision, and the updates' keys."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.states: dict[int, dict] = {}
        self.update_keys: set[str] = set()

    def receive(self, msg: dict) -> None:
        super().receive(msg)
        if msg["type"] == "update":
            self.update_keys |= set(msg)
        if msg["type"] in ("sync", "update"):
            self.states[self.decision] = self.state


def test_version_1_and_version_2_clients_hold_the_same_state_at_every_decision(tmp_path):
    db = tmp_path / "games.sqlite3"
    with ServerProcess(db, None, *FAST) as server:
        res = server.create({"seats": [{"kind": "person"}, {"kind": "person"}], "seed": 8})
        gid = res["game"]
        v1 = Recording(server.ws_url, gid, key_of(res["seats"][0]["link"]), protocol=1)
        v2 = Recording(server.ws_url, gid, key_of(res["seats"][1]["link"]), protocol=2)
        watcher = Recording(server.ws_url, gid, key_of(res["spectator"]), protocol=2)

        async def main():
            watching = asyncio.ensure_future(watcher.run())
            await asyncio.wait_for(asyncio.gather(v1.run(random_policy(3)), v2.run(bot_policy("heuristic", 4))), 120)
            await asyncio.wait_for(watching, 30)

        asyncio.run(main())
        game = stored(db)[gid]
    assert game.is_over and pr.replay(game.events) == game
    assert "state" in v1.update_keys and "changes" not in v1.update_keys  # version 1: the whole state
    assert "changes" in v2.update_keys and "state" not in v2.update_keys  # version 2: only what changed
    both = set(v1.states) & set(v2.states)
    assert len(both) > game.decision // 2  # they saw the game move together
    for d in sorted(both):
        assert v1.states[d] == v2.states[d] == watcher.states.get(d, v1.states[d]), d
    for seat, c in enumerate((v1, v2)):
        export = json.loads(game.export(seat))
        assert c.events == export["events"] and c.state == export["state"]
    assert watcher.state == json.loads(game.export(None))["state"]


# ---------------------------------------------------------------- hostile clients
@pytest.fixture(scope="module")
def live(tmp_path_factory):
    db = tmp_path_factory.mktemp("hostile") / "games.sqlite3"
    with ServerProcess(
        db, None, "--rate", "20", "--burst", "20", "--flood", "10", "--allow-seeds", *ONE_ADDRESS
    ) as server:
        res = server.create({"seats": [{"kind": "person"}, {"kind": "person"}], "seed": 5})
        yield server, db, res


async def _hello(ws, game, key) -> dict:
    await ws.send(P.hello(game, key))
    welcome = json.loads(await ws.recv())
    sync = json.loads(await ws.recv())
    return welcome, sync


async def _next(ws, kind: str) -> dict:
    while True:
        m = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if m["type"] == kind:
            return m


def test_hostile_clients_are_refused_and_the_game_is_unchanged(live):
    server, db, res = live
    gid = res["game"]
    ann, ben, spec = (key_of(res["seats"][0]["link"]), key_of(res["seats"][1]["link"]), key_of(res["spectator"]))
    before = stored(db)[gid]

    async def main():
        async with connect(server.ws_url, max_size=None) as ws:
            _, sync = await _hello(ws, gid, ann)
            good = sync["choices"][0]["action"]
            for text, code in [
                (json.dumps({"decision": 0, "action": good}), "stale"),
                ("{", "bad_message"),
                ("[]", "bad_message"),
                (json.dumps({"decision": 1, "action": {"type": "Hire", "card": "x" * 20000}}), "too_large"),
            ]:
                await ws.send(text)
                assert (await _next(ws, "refused"))["code"] == code
            await ws.send(b"\x00\xff binary")
            assert (await _next(ws, "refused"))["code"] == "bad_message"
        async with connect(server.ws_url) as ws:  # Ben tries Ann's move
            await _hello(ws, gid, ben)
            await ws.send(json.dumps({"decision": 1, "action": good}))
            assert (await _next(ws, "refused"))["code"] == "not_your_turn"
        async with connect(server.ws_url) as ws:
            await _hello(ws, gid, spec)
            await ws.send(json.dumps({"decision": 1, "action": good}))
            assert (await _next(ws, "refused"))["code"] == "spectator"
        async with connect(server.ws_url, max_size=None) as ws:  # a frame past 64 KiB is not even read
            await _hello(ws, gid, ann)
            await ws.send("x" * (80 * 1024))
            with pytest.raises(ConnectionClosed) as info:
                while True:
                    await asyncio.wait_for(ws.recv(), 10)
            assert info.value.rcvd.code == 1009
        async with connect(server.ws_url) as ws:  # a flood
            await _hello(ws, gid, ann)
            for _ in range(200):
                await ws.send(json.dumps({"decision": 0, "action": good}))
            codes = []
            with pytest.raises(ConnectionClosed) as info:
                while True:
                    codes.append(json.loads(await asyncio.wait_for(ws.recv(), 10)).get("code"))
            assert info.value.rcvd.code == 4429
            assert "rate_limited" in codes and codes[-1] == "flood"
        with pytest.raises(InvalidStatus) as refused:  # a foreign page: HTTP 403 at the handshake
            async with connect(server.ws_url, origin="http://evil.example"):
                pass
        assert refused.value.response.status_code == 403

    asyncio.run(main())
    assert stored(db)[gid] == before

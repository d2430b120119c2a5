"""A bot cancelled while its move is on its way to the store (its person came
back, at this process or another) must not keep that move from this process's
clients: the move is stored, so the room sends it and moves on. Before, the
cancellation ended the room's handling after the commit and before the flush;
the clients stayed a move behind the table for good (the seat test's flake)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

from pillars_rules.table import EventStore, Table
from pillars_rules.web.registry import GameRecord, SeatSpec
from pillars_rules.web.rooms import LocalFanout, Room


class Sink:
    seat = None
    protocol = 2

    def __init__(self) -> None:
        self.got: list[str] = []

    def send(self, text: str) -> None:
        self.got.append(text)


def test_a_bot_cancelled_mid_commit_still_sends_its_stored_move(tmp_path):
    async def main():
        store = EventStore(tmp_path / "g.sqlite3")
        table = Table.create(store, "g", players=2, seed=3)
        stored = asyncio.Event()
        release = asyncio.Event()

        async def commit(t, checked):  # the store's thread, slow: the disk
            outcome = Table.commit_many(store, [(t, checked)])[0]
            stored.set()
            await release.wait()
            return outcome

        async def decide(name, seed, view, owner=None, encoded=()):
            return view.legal_actions[0]

        pool = SimpleNamespace(decide=decide)  # bot-only table: its bots take the background lane
        server = SimpleNamespace(
            settings=SimpleNamespace(bot_delay=0, mail=None),
            fanout=LocalFanout(),
            closing=False,
            bots=pool,
            background_bots=pool,
            maybe_unload=lambda room: None,
            commit=lambda t, c: asyncio.ensure_future(commit(t, c)),
        )
        seats = tuple(SeatSpec("bot", f"b{k}", bot="random") for k in range(2))
        room = Room(server, GameRecord("g", 2, seats, "", {}), table)
        watcher = Sink()
        room.clients.add(watcher)
        room.schedule()  # the bot of the seat to act starts
        first_task = room._bot[1]
        await asyncio.wait_for(stored.wait(), 10)  # its move is stored, the commit not answered yet
        first_task.cancel()  # (what a person coming back does to it)
        await asyncio.sleep(0)
        release.set()
        for _ in range(200):
            if room.game.decision > 1:
                break
            await asyncio.sleep(0.01)
        room.stop()
        store.close()
        return room, table, watcher

    room, table, watcher = asyncio.run(main())
    assert room.game.decision >= 2 and room.sent == room.game.n_events
    assert room.game.events == table.game.events[: room.game.n_events]
    assert watcher.got and '"decision":2' in watcher.got[0]


def test_a_server_that_is_closing_waits_for_the_move_on_its_way_and_starts_no_other(tmp_path):
    """Shutting down (Server.close) while a bot's move is on its way to the store:
    the move is stored whole before the store closes (``Room.idle`` waits for it),
    and no bot starts after it -- before, the move's flush started the next bot,
    whose move reached a closed database ("store error" in the shutdown test)."""

    async def main():
        store = EventStore(tmp_path / "g.sqlite3")
        table = Table.create(store, "g", players=2, seed=3)
        stored, release = asyncio.Event(), asyncio.Event()
        decided: list[int] = []

        async def commit(t, checked):
            outcome = Table.commit_many(store, [(t, checked)])[0]
            stored.set()
            await release.wait()
            return outcome

        async def decide(name, seed, view, owner=None, encoded=()):
            decided.append(view.decision)
            return view.legal_actions[0]

        pool = SimpleNamespace(decide=decide)
        server = SimpleNamespace(
            settings=SimpleNamespace(bot_delay=0, mail=None),
            fanout=LocalFanout(),
            closing=False,
            bots=pool,
            background_bots=pool,
            maybe_unload=lambda room: None,
            commit=lambda t, c: asyncio.ensure_future(commit(t, c)),
        )
        seats = tuple(SeatSpec("bot", f"b{k}", bot="random") for k in range(2))
        room = Room(server, GameRecord("g", 2, seats, "", {}), table)
        room.schedule()
        await asyncio.wait_for(stored.wait(), 10)  # the first move is in the store, not yet answered
        server.closing = True  # what Server.close does first
        room.stop()
        idle = asyncio.ensure_future(room.idle())
        await asyncio.sleep(0.05)
        waited = not idle.done()  # the move on its way holds the room
        release.set()
        await asyncio.wait_for(idle, 10)
        for _ in range(20):  # time for a bot to start, were one let
            await asyncio.sleep(0.01)
        refusal = await room.act(room.game.current_player, '{"decision": 2, "action": {"type": "Pass"}}')
        store.close()
        return room, decided, waited, refusal

    room, decided, waited, refusal = asyncio.run(main())
    assert waited
    assert decided == [1]  # the first bot's decision, and no other
    assert room.game.decision == 2 and room._bot is None
    assert refusal is not None and refusal[0] == "server_error" and "stopping" in refusal[1]

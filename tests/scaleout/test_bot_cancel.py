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

        async def commit(t, checked):              # the store's thread, slow: the disk
            outcome = Table.commit_many(store, [(t, checked)])[0]
            stored.set()
            await release.wait()
            return outcome

        async def decide(name, seed, view, owner=None):
            return view.legal_actions[0]

        pool = SimpleNamespace(decide=decide)      # bot-only table: its bots take the background lane
        server = SimpleNamespace(settings=SimpleNamespace(bot_delay=0), fanout=LocalFanout(),
                                 bots=pool, background_bots=pool, maybe_unload=lambda room: None,
                                 commit=lambda t, c: asyncio.ensure_future(commit(t, c)))
        seats = tuple(SeatSpec("bot", f"b{k}", bot="random") for k in range(2))
        room = Room(server, GameRecord("g", 2, seats, "", {}), table)
        watcher = Sink()
        room.clients.add(watcher)
        room.schedule()                            # the bot of the seat to act starts
        first_task = room._bot[1]
        await asyncio.wait_for(stored.wait(), 10)  # its move is stored, the commit not answered yet
        first_task.cancel()                        # (what a person coming back does to it)
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

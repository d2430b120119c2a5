"""An undo made at one server process reaches the clients of another (issue
#56): they get the game as taken back, and the moves after it. Real processes
on a real cluster."""

import asyncio
import json

import pytest

from .peers import Peer, settle
from .servers import create

pytestmark = pytest.mark.postgres


def test_an_undo_on_one_process_reaches_the_clients_of_the_other(start_servers):
    a, b = start_servers(2)
    game = create(a, seed=4, seats=[{"kind": "person"}, {"kind": "bot", "bot": "random"}])

    async def main():
        ann, watcher = await Peer.hello(a, game, 0), await Peer.hello(b, game, None)
        await settle(lambda: ann.latest() and watcher.latest(), "both synced")
        first = ann.latest()
        await ann.send(first["decision"], first["choices"][0]["action"])
        mine = lambda: (m := ann.latest())["turn"]["seat"] == 0 and m["decision"] == first["decision"] + 2  # noqa: E731
        await settle(mine, "the bot answered")
        await settle(lambda: watcher.latest()["decision"] == first["decision"] + 2, "the other process followed")
        mark = len(watcher.got)
        await ann.ws.send(json.dumps({"type": "undo", "decision": first["decision"] + 2}))
        await settle(lambda: watcher.count("sync", mark) == 1, "the other process's client synced again")
        back = next(m for m in watcher.got[mark:] if m["type"] == "sync")
        assert back["decision"] == first["decision"]
        assert back["view"]["events"] == first["view"]["events"]
        await settle(lambda: watcher.count("undos", mark) == 1, "the history")
        # Ann's own sync may come after the other process's client's: answer the game taken back
        await settle(lambda: ann.latest()["decision"] == first["decision"], "Ann's page taken back")
        again = ann.latest()
        await ann.send(again["decision"], again["choices"][-1]["action"])
        await settle(lambda: watcher.latest()["decision"] >= first["decision"] + 2, "the moves after the undo")
        after = [m for m in watcher.got[mark:] if m["type"] == "update"]
        assert after[0]["first"] == len(back["view"]["events"])  # they continue the game taken back
        for p in (ann, watcher):
            await p.close()

    asyncio.run(main())

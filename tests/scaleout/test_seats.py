"""Seats across server processes (issue #28): a game's takeover bot, which runs
at the game's home process only, never takes a seat whose person is connected
to another process; it takes it once the person has left every process, and
hands it back when the person comes back at any of them."""

import asyncio
import re
import time

import pytest

from .checks import stored_game
from .peers import Peer, settle
from .servers import create

pytestmark = pytest.mark.postgres


def home_of(servers, tmp_path, tag: str):
    """The server whose log says it became the home of the game ``tag``."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        for k, server in enumerate(servers):
            if re.search(f"home of game={tag}", (tmp_path / f"server{k}.log").read_text()):
                return server
        time.sleep(0.05)
    raise AssertionError(f"no process became the home of {tag}")


def test_a_person_at_another_process_keeps_the_seat_from_the_takeover_bot(start_servers, pg_dsn, tmp_path):
    servers = start_servers(2)
    grace = 1.0
    game = create(servers[0], seed=3, players=2, takeover={"bot": "random", "grace": grace})
    home = home_of(servers, tmp_path, game["tag"])
    away = servers[1] if home is servers[0] else servers[0]

    async def main():
        person = await Peer.hello(away, game, 0)  # seat 0's person, at the other process, idle
        watcher = await Peer.hello(home, game, None)
        # both processes agree on the decision before it is taken as the one to hold
        await settle(
            lambda: (
                person.latest() and watcher.latest() and person.latest()["decision"] == watcher.latest()["decision"]
            ),
            "both synced",
        )
        decision = person.latest()["decision"]
        assert person.latest()["turn"]["seat"] == 0
        await asyncio.sleep(3 * grace)  # the grace runs out three times over
        assert watcher.latest()["decision"] == decision  # no bot took the seat of a present person
        assert watcher.seats()[0]["played_by"] == "person"  # (seat 1, nobody's, is taken over)
        await person.close()  # the person leaves every process
        await settle(lambda: watcher.latest()["decision"] > decision + 3, "the takeover bot plays seat 0")
        assert watcher.seats()[0]["played_by"] == "bot"
        back = await Peer.hello(away, game, 0)  # and comes back, at the other process again
        await settle(
            lambda: (
                back.seats()
                and back.seats()[0]["played_by"] == "person"
                and watcher.seats()[0]["played_by"] == "person"
            ),
            "the seat handed back everywhere",
        )
        await settle(lambda: back.latest() is not None, "synced")
        await asyncio.sleep(3 * grace)
        # the two processes' clients may be one update apart in flight: compare once they agree
        await settle(lambda: back.latest()["decision"] == watcher.latest()["decision"], "both at one decision")
        at = back.latest()["decision"]
        if back.latest()["turn"]["seat"] == 0:  # its turn: nobody plays it but the person
            await asyncio.sleep(3 * grace)
            assert watcher.latest()["decision"] == at
            assert back.latest()["decision"] == at
        await back.close()
        await watcher.close()

    asyncio.run(main())
    stored_game(pg_dsn, game["game"])

"""The server's garbage-collector policy (web/collector.py): a full collection's
survivors are frozen, so the next full collection does not walk them; a cycle
that dies among frozen objects is freed after the next thaw; the server
installs the policy at start and removes it (thawing all) at close."""

from __future__ import annotations

import asyncio
import gc
import weakref

from pillars_rules.web.collector import THAW_EVERY, Collector
from pillars_rules.web.server import Server
from pillars_rules.web.settings import Settings


class Node:
    pass


def walked(obj) -> bool:
    """Whether the collector still walks ``obj`` (it is in a generation, not frozen)."""
    return any(o is obj for o in gc.get_objects())


def test_the_survivors_of_a_full_collection_are_frozen_and_thawed_on_time():
    now = [0.0]
    collector = Collector(thaw_every=100.0, clock=lambda: now[0])
    try:
        collector.install()
        kept = Node()
        assert walked(kept)
        gc.collect()
        assert not walked(kept) and gc.get_freeze_count() > 0 and collector.full >= 2
        # a cycle that becomes garbage while frozen is kept ...
        cycle = Node()
        cycle.me = cycle
        gone = weakref.ref(cycle)
        gc.collect()
        del cycle
        gc.collect()
        assert gone() is not None and collector.thaws == 0
        # ... until the thaw: the first full collection after thaw_every seconds thaws,
        # the next walks everything and frees it, and freezes the rest again
        now[0] = 100.0
        gc.collect()
        assert collector.thaws == 1 and gc.get_freeze_count() == 0 and walked(kept)
        gc.collect()
        assert gone() is None and not walked(kept)
    finally:
        collector.uninstall()
    assert collector._seen not in gc.callbacks and gc.get_freeze_count() == 0 and walked(kept)


def test_the_server_installs_the_policy_at_start_and_removes_it_at_close(tmp_path):
    server = Server(Settings(db=str(tmp_path / "games.sqlite3")))
    assert server.collector.thaw_every == THAW_EVERY

    async def run() -> None:
        await server.start()
        try:
            assert server.collector._seen in gc.callbacks
            assert gc.get_freeze_count() > 0 and not walked(server)  # start-up's objects are frozen
        finally:
            await server.close()

    asyncio.run(run())
    assert server.collector._seen not in gc.callbacks and gc.get_freeze_count() == 0


def test_the_server_shortens_the_thread_switch_interval_only_when_asked_and_restores_it(tmp_path):
    import sys

    from pillars_rules.web.switching import SWITCH_INTERVAL

    before = sys.getswitchinterval()
    assert before > SWITCH_INTERVAL  # Python's default, 5 ms
    plain = Server(Settings(db=str(tmp_path / "plain.sqlite3")))
    asked = [Server(Settings(db=str(tmp_path / f"{k}.sqlite3"), switch_interval=SWITCH_INTERVAL)) for k in "ab"]

    async def run() -> list[float]:
        seen = []
        await plain.start()
        seen.append(sys.getswitchinterval())  # by default the process's interval stays
        await asked[0].start()
        await asked[1].start()
        seen.append(sys.getswitchinterval())
        await asked[0].close()  # they overlap: the first to stop restores nothing
        seen.append(sys.getswitchinterval())
        await asked[1].close()
        seen.append(sys.getswitchinterval())  # the last one puts Python's back
        await plain.close()
        return seen

    assert asyncio.run(run()) == [before, SWITCH_INTERVAL, SWITCH_INTERVAL, before]
    assert sys.getswitchinterval() == before

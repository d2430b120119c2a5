"""The server's garbage-collector policy (web/collector.py): every collection's
survivors are frozen, so no later collection walks them; a cycle that dies
among frozen objects is freed after the next thaw, which comes when the frozen
objects have grown and enough time has passed; the server installs the policy
at start and removes it (thawing all) at close. With warm games played, no
collection walks more than what was made since the one before (counted, not
timed), and what the server lets go of is freed without the collector."""

from __future__ import annotations

import asyncio
import gc
import weakref

from pillars_rules.web.collector import GROWTH, THAW_EVERY, Collector, hold, release
from pillars_rules.web.server import Server
from pillars_rules.web.settings import Settings


class Node:
    pass


def walked(obj) -> bool:
    """Whether the collector still walks ``obj`` (it is in a generation, not frozen)."""
    return any(o is obj for o in gc.get_objects())


def test_the_survivors_of_every_collection_are_frozen_and_thawed_when_grown_and_due():
    now = [0.0]
    collector = Collector(thaw_every=100.0, clock=lambda: now[0], growth=0.5, count_every=0.0)
    # only the test's own collections: in a large process, making ``base`` objects
    # below sets off automatic ones (a full one among them) at moments of its own
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        collector.install()
        base = collector.frozen
        assert base >= gc.get_freeze_count() > 0  # (less what reference counting freed since)
        kept = Node()
        assert walked(kept)
        gc.collect(0)  # a young collection's survivors are frozen too
        assert not walked(kept) and collector.full == 1
        # a cycle that becomes garbage while frozen is kept ...
        cycle = Node()
        cycle.me = cycle
        gone = weakref.ref(cycle)
        gc.collect(0)
        del cycle
        gc.collect()
        assert gone() is not None and collector.thaws == 0
        # ... past thaw_every while the frozen objects have not grown by half ...
        now[0] = 100.0
        gc.collect()
        assert gone() is not None and collector.thaws == 0
        grown = [Node() for _ in range(base)]
        gc.collect(0)  # (the new objects frozen: grown by half now)
        assert collector.thaws == 0 and gc.get_freeze_count() >= 2 * base
        gc.collect(0)  # ... and thawed by the first collection, of any generation, once they have
        assert collector.thaws == 1 and gc.get_freeze_count() == 0 and walked(kept)
        gc.collect(0)  # a thaw waits for the full collection: young ones freeze nothing
        assert gc.get_freeze_count() == 0 and walked(kept)
        gc.collect()  # which walks everything, frees the cycle and freezes the rest again
        # (what it froze, less what reference counting has freed since: another thread may run)
        assert gone() is None and not walked(kept) and collector.frozen >= gc.get_freeze_count() >= len(grown)
        now[0] = 250.0
        gc.collect()  # due again, but not grown since that collection
        assert collector.thaws == 1 and not walked(kept)
    finally:
        collector.uninstall()
        if was_enabled:
            gc.enable()
    assert collector._seen not in gc.callbacks and gc.get_freeze_count() == 0 and walked(kept)


def test_the_server_installs_the_policy_at_start_and_removes_it_at_close(tmp_path):
    server = Server(Settings(db=str(tmp_path / "games.sqlite3")))
    assert server.collector.thaw_every == THAW_EVERY and server.collector.growth == GROWTH

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


def warm_server(tmp_path, tables: int) -> Server:
    from bench import pace

    db = str(tmp_path / "warm.sqlite3")
    pace.prepare(db, tables, seed=3)  # games at staggered stages, as a server holds them
    return Server(Settings(db=db, bot_workers=1, bot_delay=3600.0))  # the bots' seats are played here


def test_with_warm_games_played_no_collection_walks_what_an_earlier_one_left(tmp_path):
    import random

    from pillars_rules.table import encode_message

    server = warm_server(tmp_path, 12)
    walks: list[tuple[int, int]] = []

    def count(phase: str, info: dict) -> None:  # the objects this collection walks
        if phase == "start":
            gen = info["generation"]
            walks.append((gen, sum(len(gc.get_objects(g)) for g in range(gen + 1))))

    async def run() -> int:
        await server.start()
        moves = 0
        try:
            started = server.collector.frozen
            await server._resume
            # the resumed games are frozen, and the base of the growth a thaw waits for
            assert server.collector.frozen >= (started or 0) + 12 * 100
            rooms = list(server.rooms.values())
            rnd = random.Random(4)
            gc.callbacks.insert(0, count)
            for i in range(900):
                game = rooms[i % len(rooms)].game
                if not game.is_over:
                    refused = await rooms[i % len(rooms)].act(
                        game.current_player, encode_message(game.decision, rnd.choice(game.legal_actions()))
                    )
                    moves += refused is None
            gc.collect(1)
            gc.collect(2)
        finally:
            gc.callbacks.remove(count)
            await server.close()
        return moves

    moves = asyncio.run(run())
    assert moves > 800 and len(walks) >= 5
    # the games' new events and states (thousands of long-lived objects over these moves)
    # are frozen by the first collection they survive: each walk is what came since the last
    assert max(n for _, n in walks) < 3000, walks
    assert walks[-1][0] == 2 and walks[-1][1] < 1000, walks[-1]


def test_a_json_reader_is_freed_without_the_collector():
    from pillars_rules.errors import SaveError
    from pillars_rules.saves.jsonguard import GuardedJson, JsonWords

    # a reader of stored JSON is made for every stored row the server reads; in the
    # compiled build it cannot be weakly referred to, so the collector says what it finds
    gc.collect()
    read = GuardedJson(limit=99, error=SaveError, words=JsonWords(*["{key}"] * 8))
    assert read('{"a": 1}') == {"a": 1}
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        del read
        gc.collect()
        assert not [o for o in gc.garbage if isinstance(o, GuardedJson)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


def test_a_room_let_go_of_is_freed_without_the_collector(tmp_path):
    from pillars_rules.web.rooms import LocalFanout

    class Elsewhere(LocalFanout):  # another process keeps the games: an idle room is unloaded
        def keeps(self, room) -> bool:
            return False

    server = warm_server(tmp_path, 2)

    async def run() -> dict:
        await server.start()
        try:
            await server._resume
            server.fanout = Elsewhere()
            room = next(iter(server.rooms.values()))
            refs = {
                "room": weakref.ref(room),
                "table": weakref.ref(room.table),
                "clock": weakref.ref(room.clock),
                "undos": weakref.ref(room.undos),
                "frames": weakref.ref(room.frames),
            }
            gc.disable()
            server.maybe_unload(room)
            del room
            for _ in range(3):
                await asyncio.sleep(0)  # its cancelled bot task ends
            return {name: ref() is not None for name, ref in refs.items()}
        finally:
            gc.enable()
            await server.close()

    assert asyncio.run(run()) == dict.fromkeys(("room", "table", "clock", "undos", "frames"), False)


def test_a_process_has_one_collector():
    # a collector left installed (a server not closed, a worker initializer run in-process)
    # must not fight the next one: installing one removes the one before
    first, second = Collector(), Collector()
    try:
        first.install()
        second.install()
        assert first._seen not in gc.callbacks and second._seen in gc.callbacks
        assert gc.callbacks.count(second._seen) == 1
        first.uninstall()  # no longer installed: changes nothing
        assert second._seen in gc.callbacks
    finally:
        second.uninstall()
        first.uninstall()
    assert first._seen not in gc.callbacks and second._seen not in gc.callbacks


def test_the_frozen_objects_are_counted_rarely():
    # counting the frozen objects walks them all (gc.get_freeze_count): with a thousand
    # tables frozen, a count at every collection took more CPU than the games (issue #60)
    now = [0.0]
    collector = Collector(thaw_every=100.0, clock=lambda: now[0], count_every=60.0)
    try:
        collector.install()
        for _ in range(50):
            gc.collect(0)
        assert collector.counts == 0  # not before thaw_every has passed
        now[0] = 100.0
        for _ in range(50):
            gc.collect(0)
        assert collector.counts == 1  # then once per count_every
        now[0] = 161.0
        gc.collect(0)
        gc.collect(0)
        assert collector.counts == 2 and collector.thaws == 0  # nothing grew: no thaw
    finally:
        collector.uninstall()


class _Node:
    pass


def test_hold_keeps_collections_out_and_release_collects_after():
    assert gc.isenabled()
    was = hold()
    try:
        assert was is True and not gc.isenabled()
        a, b = _Node(), _Node()
        a.other, b.other = b, a
        watched = weakref.ref(a)
        del a, b
        kept = [[] for _ in range(5000)]  # far past the youngest generation's threshold: no collection
        assert watched() is not None
        del kept
    finally:
        release(was)
    assert gc.isenabled() and watched() is None
    was = hold()
    gc.disable()
    release(False)  # a collector that was off stays off
    assert not gc.isenabled()
    gc.enable()

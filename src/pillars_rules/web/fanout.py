"""Several server processes on one PostgreSQL database: moves, bots and seats shared.

With ``--db postgresql://...`` every server process stores its games in one
:class:`~pillars_rules.table.pgstore.PgEventStore`, and :class:`PgFanout`
(the server's fan-out, :func:`fanout_for`) makes them act as one server:

**Moves.** A move accepted by any process is stored, and its commit notifies
every process (:class:`~pillars_rules.table.pglisten.MoveListener`), with the
move's events when they fit in the notification. A process holding that game
moves its table on by them (checked by the rules) on the event loop, with no
query and no trip to the store's thread; when they did not fit, or do not
begin where its table ends (a notification it missed), it reads the new
events from the log in the store's thread. After a lost connection it catches
every held game up from the log by decision number.

**One home per game.** The bots and takeover timers of a game run in one
process only, its *home*: the holder of a PostgreSQL advisory lock on the
game, taken on the fan-out's own connection. A game's first loader becomes
its home; every ``sweep`` seconds each process claims the unfinished games
nobody holds (a home that died let go of its locks with its connection) and
loads them. A process that is not a game's home keeps it loaded only while
it has clients there.

**Seats across processes.** A process with a person connected to a seat
holds a shared advisory lock on that seat and says so on the presence
channel; the home asks PostgreSQL (``pg_locks``) whether a seat is held
anywhere before a bot takes it over, and hands a taken seat back as soon as
its person connects to any process. The ``seats`` message's connection
counts are each process's own.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Coroutine, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ..table.backend import Store
from ..table.rows import CardSource, StoredGame

if TYPE_CHECKING:  # pragma: no cover
    import psycopg

    from ..table.pgstore import PgEventStore
    from .rooms import Room

# ``Room`` (rooms.py) is imported for the type checker only. The server (server.py) imports
# this module, so what the fan-out asks of it is written here as a protocol, not imported:
# an import of server.py, even for the type checker, would be a cycle (tests/test_layering.py).


class Server(Protocol):
    """What the fan-out uses of its :class:`~pillars_rules.web.server.Server`."""

    storage: Any
    rooms: dict[str, Room]

    def maybe_unload(self, room: Room) -> None: ...

    async def in_registry(self, read: Any) -> Any: ...

    async def load(self, record: Any) -> Any: ...


log = logging.getLogger("pillars_rules.web")

_HELD_ELSEWHERE = """
SELECT count(*) FROM pg_locks
WHERE locktype = 'advisory' AND objsubid = 1 AND granted AND pid <> pg_backend_pid()
  AND classid = %(hi)s::bigint::oid AND objid = %(lo)s::bigint::oid
  AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
"""


def fanout_for(storage: Any) -> PgFanout | None:
    """The fan-out a server on ``storage`` needs beyond its own process: a
    :class:`PgFanout` on an event store that notifies its moves (PostgreSQL: it
    has a ``channel``), else ``None`` (the server's
    :class:`~pillars_rules.web.rooms.LocalFanout` does). psycopg is imported
    only for the first."""
    if getattr(storage.events, "channel", None) is not None:
        return PgFanout(storage.events.dsn, storage.events.schema)
    return None


class PgFanout:
    """The fan-out of one server process among several on one PostgreSQL database
    (see the module docstring). ``sweep`` is how often, in seconds, it claims
    the games no process is home for."""

    def __init__(self, dsn: str, schema: str, *, sweep: float = 2.0) -> None:
        from ..table.pglisten import MoveListener

        self.schema = schema
        self.presence_channel = f"{schema}_seats"
        self.sweep = sweep
        self.server: Server | None = None
        self.listener = MoveListener(
            dsn,
            self._on_move,
            self._on_gap,
            schema=schema,
            events=True,
            channels={self.presence_channel: self._on_presence},
        )
        self._dsn = dsn
        self._locks: psycopg.AsyncConnection[tuple[Any, ...]] | None = None
        self._lock_guard = asyncio.Lock()
        self._home: set[str] = set()
        self._seats: set[tuple[str, int]] = set()  # seats this process holds the presence lock of
        self._tasks: set[asyncio.Task[Any]] = set()
        self._sweeper: asyncio.Task[None] | None = None

    # ---------------------------------------------------------------- life
    async def start(self, server: Server) -> None:
        self.server = server
        self._locks = await self._connect()
        await self.listener.start()
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def _connect(self) -> psycopg.AsyncConnection[tuple[Any, ...]]:
        import psycopg

        return await psycopg.AsyncConnection.connect(
            self._dsn, autocommit=True, application_name="pillars-rules fan-out"
        )

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for task in list(self._tasks):
            task.cancel()
        await self.listener.close()
        if self._locks is not None:
            await self._locks.close()  # lets go of every lock this process held

    @property
    def _server(self) -> Server:
        """The server (every caller runs after :meth:`start`)."""
        if self.server is None:
            raise RuntimeError("the fan-out has no server yet: start() gives it one")
        return self.server

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("fan-out task failed: %s: %s", type(task.exception()).__name__, task.exception())

    # ---------------------------------------------------------------- the hooks rooms call
    def published(self, room: Room) -> None:
        """A move of ``room`` was stored here: its clients get it now (the others' through
        the notification its commit sent)."""
        room.flush()

    def is_home(self, room: Room) -> bool:
        """Whether this process runs ``room``'s bots and takeover timers."""
        return room.record.game_id in self._home

    def keeps(self, room: Room) -> bool:
        """Whether ``room`` stays loaded with no client here (only at its home)."""
        return self.is_home(room)

    def added(self, room: Room) -> None:
        """``room`` was loaded here: catch up with what was stored while its table was
        read (a move's notification that came then found no room here, and was
        dropped), and try to become its home."""
        self._spawn(room.follow_store())
        if not room.game.is_over:
            self._spawn(self._claim([room.record.game_id]))

    def removed(self, room: Room) -> None:
        """``room`` was unloaded here: let go of its home and seats."""
        game_id = room.record.game_id
        seats = [k for k in self._seats if k[0] == game_id]
        home = game_id in self._home
        self._home.discard(game_id)
        self._server.storage.events.forget(game_id)
        self._seats.difference_update(seats)
        if home or seats:
            self._spawn(self._let_go(game_id, home, [s for _, s in seats]))

    def seat_changed(self, room: Room, seat: int, present: bool) -> None:
        """A person seat of ``room`` got its first connection here (``present``) or lost its last."""
        key = (room.record.game_id, seat)
        if present == (key in self._seats):
            return
        (self._seats.add if present else self._seats.discard)(key)
        self._spawn(self._mark_seat(room.record.game_id, seat, present))

    def follow_here(self, room: Room, known: int | None) -> bool:
        """Move ``room``'s table on to decision ``known`` here, on the event loop, if the
        events a notification brought continue it (no query: the store's thread is not
        needed); False if the store's thread must do it (the events are not at hand, or do
        not follow by the rules: there the table reads the log, or reloads). The room holds
        its lock, so nothing else uses this table meanwhile."""
        table = room.table
        if known is None:
            return False
        if known <= table.step:
            return True  # this process's own move, or followed already
        store = table.store
        from ..table.pgstore import PgEventStore  # psycopg's: this fan-out runs on it

        if not isinstance(store, PgEventStore) or not store.covers(table.game_id, table.rows):
            return False
        table.store = _HeardOnly(store)  # the refresh cannot reach the database from here
        try:
            table.refresh(known)
        except _NeedsTheLog:
            return False
        finally:
            table.store = store
        return True

    async def present_elsewhere(self, room: Room, seat: int) -> bool:
        """Whether another process has a person connected to ``seat`` of ``room``
        (when the database cannot tell, the answer is yes: no takeover on a doubt)."""
        hi, lo = _halves(self._key("seat", room.record.game_id, seat))
        try:
            row = await self._query(_HELD_ELSEWHERE, {"hi": hi, "lo": lo})
        except Exception as exc:  # noqa: BLE001 - psycopg's errors, imported lazily
            log.warning("cannot tell whether seat %d of game=%s is held elsewhere: %s", seat, room.tag, exc)
            return True
        return bool(row and row[0])

    def took_over(self, room: Room, seat: int, taken: bool) -> None:
        """The home's bot took ``seat`` over (``taken``) or handed it back: tell the others."""
        self._spawn(self._notify(f"T {int(taken)} {seat} {room.record.game_id}"))

    # ---------------------------------------------------------------- notifications
    def _on_move(self, game_id: str, decision: int, n_events: int, events: list[str] | None = None) -> None:
        server = self.server
        room = server.rooms.get(game_id) if server else None
        if server is None or room is None or room.table.step >= decision:
            return  # not held here, or this process's own move
        server.storage.events.heard(game_id, n_events, events or ())
        self._spawn(room.follow_store(decision))

    def _on_gap(self) -> None:
        for room in list(self._server.rooms.values()):
            self._spawn(room.follow_store())
        self._spawn(self._relock())

    def _on_presence(self, payload: str) -> None:
        parts = payload.split(" ", 3)
        if len(parts) != 4 or parts[0] not in ("P", "T") or not parts[1].isdigit() or not parts[2].isdigit():
            return
        kind, flag, seat, game_id = parts[0], int(parts[1]), int(parts[2]), parts[3]
        room = self.server.rooms.get(game_id) if self.server else None
        if room is None or not 0 <= seat < room.record.players:
            return
        if kind == "T" and not self.is_home(room):
            room.show_taken(seat, bool(flag))
        elif kind == "P" and self.is_home(room):
            self._spawn(self._reconsider(room, seat))

    async def _reconsider(self, room: Room, seat: int) -> None:
        """At the home: a seat was joined or left somewhere; hand it back or arm its timer."""
        if room.present[seat] or await self.present_elsewhere(room, seat):
            room.seat_present(seat, tell=True)
        else:
            room.seat_absent(seat)

    # ---------------------------------------------------------------- locks
    def _key(self, kind: str, game_id: str, seat: int = -1) -> int:
        digest = hashlib.sha256(f"{self.schema}\0{kind}\0{seat}\0{game_id}".encode("utf-8", "surrogatepass"))
        return int.from_bytes(digest.digest()[:8], "big", signed=True)

    async def _query(self, text: str, args: Sequence[Any] | dict[str, Any] | None = None) -> tuple[Any, ...] | None:
        """One statement on the lock connection (reconnected, and every lock taken again, if lost)."""
        import psycopg

        async with self._lock_guard:
            for attempt in (0, 1):
                locks = self._locks
                if locks is None:
                    raise RuntimeError("the fan-out has no lock connection yet: start() opens it")
                try:
                    cur = await locks.execute(text, args)
                    return await cur.fetchone() if cur.description else None
                except psycopg.OperationalError:
                    if attempt or not (locks.broken or locks.closed):
                        raise
                self._locks = locks = await self._connect()
                await self._take_locks_again(locks)
        return None  # not reached: the second attempt returns or raises

    async def _take_locks_again(self, locks: psycopg.AsyncConnection[tuple[Any, ...]]) -> None:
        """After a new lock connection ``locks`` (the old one's locks went with it): claim the homes
        and seats this process had; a home another process took meanwhile is given up."""
        lost = []
        for game_id in list(self._home):
            cur = await locks.execute("SELECT pg_try_advisory_lock(%s)", (self._key("home", game_id),))
            row = await cur.fetchone()
            if not (row and row[0]):
                lost.append(game_id)
        for game_id, seat in list(self._seats):
            await locks.execute("SELECT pg_advisory_lock_shared(%s)", (self._key("seat", game_id, seat),))
        server = self._server
        for game_id in lost:
            self._home.discard(game_id)
            room = server.rooms.get(game_id)
            if room is not None:
                log.info("home given up game=%s: another process holds it now", room.tag)
                room.stop()
                server.maybe_unload(room)

    async def _relock(self) -> None:
        await self._query("SELECT 1")  # finds a lost lock connection, and takes the locks again

    async def _claim(self, game_ids: list[str]) -> list[str]:
        """Become the home of those of ``game_ids`` no process is home for; the ones won."""
        wanted = [g for g in game_ids if g not in self._home]
        if not wanted:
            return []
        keys = {self._key("home", g): g for g in wanted}
        won = []
        for key, game_id in keys.items():
            row = await self._query("SELECT pg_try_advisory_lock(%s)", (key,))
            if row and row[0]:
                won.append(game_id)
        server = self._server
        for game_id in won:
            self._home.add(game_id)
            room = server.rooms.get(game_id)
            if room is None or room.game.is_over:
                continue
            log.info("home of game=%s", room.tag)
            await room.follow_store()
            room.start_timers()
            room.schedule()
        for game_id in set(wanted) - set(won):
            room = server.rooms.get(game_id)
            if room is not None and not room.clients:
                server.maybe_unload(room)
        return won

    async def _let_go(self, game_id: str, home: bool, seats: list[int]) -> None:
        if home:
            await self._query("SELECT pg_advisory_unlock(%s)", (self._key("home", game_id),))
        for seat in seats:
            await self._query("SELECT pg_advisory_unlock_shared(%s)", (self._key("seat", game_id, seat),))
            await self._notify(f"P 0 {seat} {game_id}")

    async def _mark_seat(self, game_id: str, seat: int, present: bool) -> None:
        key = self._key("seat", game_id, seat)
        if present:
            await self._query("SELECT pg_advisory_lock_shared(%s)", (key,))
        else:
            await self._query("SELECT pg_advisory_unlock_shared(%s)", (key,))
        await self._notify(f"P {int(present)} {seat} {game_id}")

    async def _notify(self, payload: str) -> None:
        await self._query("SELECT pg_notify(%s, %s)", (self.presence_channel, payload))

    async def _sweep_forever(self) -> None:
        """Every ``sweep`` seconds: claim and load the unfinished games no process is home for."""
        while True:
            await asyncio.sleep(self.sweep)
            try:
                await self._sweep_once()
            except Exception as exc:  # noqa: BLE001 - the next sweep tries again
                log.warning("sweep failed: %s", (str(exc).splitlines() or [""])[0])

    async def _sweep_once(self) -> None:
        server = self._server
        records = [
            r
            for r in await server.in_registry(server.storage.games.records)
            if not r.finished and r.game_id not in self._home
        ]
        for game_id in await self._claim([r.game_id for r in records]):
            if game_id not in server.rooms:
                record = next(r for r in records if r.game_id == game_id)
                await server.load(record)


class _NeedsTheLog(Exception):
    """A refresh on the event loop needed more than the events heard."""


class _HeardOnly(Store):
    """The store a table sees while it follows heard events on the event loop: their
    ``events_since`` and nothing else (the store's connection belongs to its own
    thread; a reload, or a read of the log, raises :class:`_NeedsTheLog` instead)."""

    def __init__(self, store: PgEventStore) -> None:
        self._store = store

    def events_since(self, game_id: str, start: int) -> list[dict[str, Any]]:
        events = self._store.take_heard(game_id, start)
        if events is None:
            raise _NeedsTheLog(game_id)
        return events

    # the rest of a store's methods, and any other attribute, need the database
    def create(
        self, game_id: str, header: dict[str, Any], cards: CardSource, events: Sequence[dict[str, Any]], decision: int
    ) -> None:
        raise _NeedsTheLog("create")

    def append(self, game_id: str, expect: int, start: int, events: Sequence[dict[str, Any]], decision: int) -> None:
        raise _NeedsTheLog("append")

    def decision(self, game_id: str) -> int:
        raise _NeedsTheLog("decision")

    def read(self, game_id: str) -> StoredGame:
        raise _NeedsTheLog("read")

    def games(self) -> list[str]:
        raise _NeedsTheLog("games")

    def delete(self, game_id: str) -> None:
        raise _NeedsTheLog("delete")

    def close(self) -> None:
        raise _NeedsTheLog("close")

    def __getattr__(self, name: str) -> Any:
        raise _NeedsTheLog(name)


def _halves(key: int) -> tuple[int, int]:
    """The (classid, objid) that ``pg_locks`` shows for the advisory lock on a bigint ``key``."""
    unsigned = key & 0xFFFFFFFFFFFFFFFF
    return unsigned >> 32, unsigned & 0xFFFFFFFF


__all__ = ["PgFanout", "fanout_for"]

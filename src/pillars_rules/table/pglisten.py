"""Hearing about moves other processes stored in a PostgreSQL event store (asyncio).

Every move a :class:`~pillars_rules.table.pgstore.PgEventStore` stores sends
a notification on the store's channel when it commits (PostgreSQL's
``LISTEN``/``NOTIFY``: pushed to every listening connection, no polling).
A :class:`MoveListener` keeps one connection listening and calls
``on_move(game_id, decision, n_events)`` for each (with ``events=True``, also
the move's event texts the notification carried, or ``None`` when they did
not fit in it); a game server moves its loaded tables on
(:meth:`Table.refresh <pillars_rules.table.Table.refresh>`, answered from
those events when they continue the table, see
:meth:`PgEventStore.heard <pillars_rules.table.pgstore.PgEventStore.heard>`)
and sends the new events to its clients.

Notifications are not stored: one sent while the listener was not connected
(PostgreSQL restarted, the network dropped) is never delivered. So when the
listener connects again it first listens, then calls ``on_gap()``: the
server catches every loaded table up from the log by decision number. A move
stored before that is in the log; one stored after it is notified. Nothing
falls between the two.

The listener also asks the server ``SELECT 1`` after ``ping`` seconds of
silence, so a connection that died without a word (a cable, a firewall) is
found and replaced.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import psycopg

from .pgstore import DEFAULT_SCHEMA, channel_for, redacted

log = logging.getLogger("pillars_rules.table")


def payload_events(payload: str) -> list[str] | None:
    """The event texts after a notification's first line, one a line, or ``None`` if it
    carries none (the move's events did not fit: read them from the log)."""
    head, sep, rest = payload.partition("\n")
    return rest.split("\n") if sep and rest else None


def parse_payload(payload: str) -> tuple[str, int, int] | None:
    """``(game_id, decision, n_events)`` of a notification's ``"<decision> <n_events> <game_id>"``
    (its first line: the move's events may follow), or ``None`` if it is not one."""
    parts = payload.split("\n", 1)[0].split(" ", 2)
    if len(parts) != 3 or not parts[0].isdigit() or not parts[1].isdigit() or not parts[2]:
        return None
    return parts[2], int(parts[0]), int(parts[1])


class MoveListener:
    """Calls ``on_move(game_id, decision, n_events)`` for every move stored in
    ``schema`` of the database ``dsn`` (by any process, this one included), and
    ``on_gap()`` after each reconnection. ``channels`` maps more channels to
    listen on to a function of the payload. All run on the event loop and must
    not block long. With ``events``, ``on_move`` gets a fourth argument: the
    move's event texts (:func:`payload_events`), or ``None``.

    :meth:`start` connects (a :class:`~pillars_rules.table.store.StoreError`-free
    start is not promised: a database that cannot be reached raises
    :class:`psycopg.OperationalError` there); after that, lost connections are
    retried forever with a pause of up to ``retry`` seconds, until :meth:`close`.
    """

    def __init__(
        self,
        dsn: str,
        on_move: Callable[[str, int, int], None],
        on_gap: Callable[[], None],
        *,
        schema: str = DEFAULT_SCHEMA,
        channels: dict[str, Callable[[str], None]] | None = None,
        ping: float = 5.0,
        retry: float = 2.0,
        events: bool = False,
    ) -> None:
        self.where = redacted(dsn)
        self.channel = channel_for(schema)
        self.connected = asyncio.Event()
        self.reconnections = 0
        self._dsn = dsn
        self._on_move = on_move
        self._events = events
        self._channels = dict(channels or {})
        self._on_gap = on_gap
        self._ping = ping
        self._retry = retry
        self._conn: psycopg.AsyncConnection | None = None
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Connect and listen; return once listening."""
        conn = self._conn = await self._listen()
        self._task = asyncio.get_running_loop().create_task(self._run(conn))

    async def _listen(self) -> psycopg.AsyncConnection:
        conn = await psycopg.AsyncConnection.connect(
            self._dsn, autocommit=True, application_name="pillars-rules listener"
        )
        for name in (self.channel, *self._channels):
            await conn.execute(psycopg.sql.SQL("LISTEN {}").format(psycopg.sql.Identifier(name)))
        self.connected.set()
        return conn

    async def _run(self, conn: psycopg.AsyncConnection) -> None:
        while True:
            try:
                await self._drain(conn)
            except (psycopg.Error, OSError) as exc:
                self.connected.clear()
                log.warning("listener lost its connection to %s: %s", self.where, (str(exc).splitlines() or [""])[0])
            conn = await self._reconnect()

    async def _drain(self, conn: psycopg.AsyncConnection) -> None:
        while True:
            heard = False
            async for note in conn.notifies(timeout=self._ping):
                heard = True
                if note.channel != self.channel:
                    self._call(self._channels.get(note.channel), note.payload)
                    continue
                move = parse_payload(note.payload)
                if move is None:
                    log.warning("listener ignored a notification it cannot read: %.80r", note.payload)
                    continue
                if self._events:
                    self._call(self._on_move, *move, payload_events(note.payload))
                else:
                    self._call(self._on_move, *move)
            if not heard:
                await conn.execute("SELECT 1")

    @staticmethod
    def _call(handler: Callable[..., object] | None, *args: object) -> None:
        if handler is None:
            return
        try:
            handler(*args)
        except Exception:  # noqa: BLE001 - one game's trouble must not stop the others'
            log.exception("a notification could not be handled")

    async def _reconnect(self) -> psycopg.AsyncConnection:
        """A new listening connection (also :attr:`_conn`), once one is made."""
        pause = 0.05
        old, self._conn = self._conn, None
        if old is not None:
            await old.close()
        while True:
            try:
                conn = self._conn = await self._listen()
                break
            except (psycopg.Error, OSError):
                await asyncio.sleep(pause)
                pause = min(pause * 2, self._retry)
        self.reconnections += 1
        log.info("listener connected again to %s; catching up from the log", self.where)
        self._call(self._on_gap)
        return conn

    async def close(self) -> None:
        """Stop listening and close the connection."""
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, Exception):  # noqa: BLE001
                pass
            self._task = None
        if self._conn is not None:
            await self._conn.close()
            self._conn = None
        self.connected.clear()


__all__ = ["MoveListener", "parse_payload", "payload_events"]

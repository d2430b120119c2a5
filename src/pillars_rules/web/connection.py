"""The WebSocket endpoint: one connection, from the handshake to the close.

The handshake is refused (HTTP 403) if the page's ``Origin`` is not this
server's own or one the operator allowed. After that the first frame must be
a ``hello`` (within the hello timeout, and within the client address's hello
rate); every later frame is an action message for the table, checked in this
order: the rate (the credential's and the client address's token buckets,
:mod:`~pillars_rules.web.ratelimit`, shared by all their connections; a count
that goes up with each message over the rate and down with each one within
it closes the connection when it reaches ``flood``), the size (16 KiB), the
sender (a spectator may not act), then the table itself. Every refusal
leaves the game unchanged; the refusals that close the connection are those
with a close code in :data:`~pillars_rules.web.protocol.REFUSALS`.

Messages to the client go through a queue and one writer task, so a slow
client never holds up its table; a client that lets ``send_queue`` messages
pile up unread is dropped (it would not read a close frame either) and
catches up when it reconnects.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from starlette.websockets import WebSocket, WebSocketDisconnect

from ..errors import PillarsError
from . import protocol as P
from .ratelimit import TokenBucket

if TYPE_CHECKING:  # pragma: no cover
    from .rooms import Room
    from .settings import Settings

log = logging.getLogger("pillars_rules.web")


class Connection:
    """One client: its seat once it said hello, and its outgoing queue."""

    _joined = 0

    def __init__(self, ws: WebSocket, queue: int) -> None:
        Connection._joined += 1
        self.joined = Connection._joined  # the order connections came in (the oldest goes first)
        self.ws = ws
        self.seat: int | None = None
        self.protocol: int = P.PROTOCOL  # the hello's version, once it came
        self._queue: asyncio.Queue[str | None] = asyncio.Queue(queue)  # None: close after the rest
        self._writer = asyncio.get_running_loop().create_task(self._write())
        self._reader = asyncio.current_task()  # the endpoint, waiting for the client's frames
        self.closing: tuple[int, str] | None = None
        self.aborted = False

    def send(self, text: str) -> None:
        """Queue ``text`` for the client (never waits)."""
        if self.closing is not None:
            return
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:  # the client does not read: drop it
            self.abort()

    def close(self, code: int, reason: str) -> None:
        """Close after the queued messages have gone out."""
        if self.closing is None:
            self.closing = (code, reason)
            try:
                self._queue.put_nowait(None)
            except asyncio.QueueFull:
                self.abort()

    def abort(self) -> None:
        """Drop the connection now (its reader and writer tasks end)."""
        self.closing = self.closing or (1006, "dropped")
        self.aborted = True
        self._writer.cancel()
        if self._reader is not None:
            self._reader.cancel()

    async def _close_now(self) -> None:
        if self.closing is None:  # never: close() says why before it queues the end
            return
        code, reason = self.closing
        try:
            await self.ws.close(code, reason)
        except Exception:  # noqa: BLE001 - the peer is gone already
            pass

    async def _write(self) -> None:
        try:
            while True:
                text = await self._queue.get()
                if text is None:
                    await self._close_now()
                    return
                await self.ws.send_text(text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            return  # the client went away; the reader sees it too

    async def finish(self) -> None:
        """Wait (briefly) for the queued messages and the close to go out."""
        if self.aborted:
            self._writer.cancel()
            return
        try:
            await asyncio.wait_for(asyncio.shield(self._writer), 2.0)
        except (TimeoutError, asyncio.CancelledError):
            self._writer.cancel()


def origin_allowed(ws: WebSocket, allowed: tuple[str, ...]) -> bool:
    """No ``Origin`` (a program, not a browser page), this server's own, or an allowed one."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True
    if origin in allowed:
        return True
    host = ws.headers.get("host", "")
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and bool(host) and parts.netloc == host


async def _receive_text(ws: WebSocket) -> str | bytes | None:
    """The next frame's text (bytes for a binary frame), ``None`` once the client is gone."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    return text if text is not None else (message.get("bytes") or b"")


def _too_large(text: str) -> bool:
    limit = P.MAX_MESSAGE_BYTES
    return len(text) > limit or (len(text) * 4 > limit and len(text.encode("utf-8", "surrogatepass")) > limit)


async def endpoint(ws: WebSocket) -> None:
    """The ``/ws`` route."""
    server = ws.app.state.server
    settings = server.settings
    if not origin_allowed(ws, settings.allowed_origins):
        log.info("connection refused: origin not allowed")
        await ws.close(code=1008)  # before accept: the handshake gets HTTP 403
        return
    await ws.accept()
    conn = Connection(ws, settings.send_queue)
    server.connections += 1
    room = None
    full = f"the server has {settings.max_connections} connections, its most; try again later"
    address = server.network(ws.client.host if ws.client else "-")  # an IPv6 client by its /64
    counted = server.limits.connect(address)
    try:
        if not counted:
            return _refuse_and_close(
                conn,
                "server_full",
                f"this address has {settings.max_connections_per_client} connections, its most",
                None,
            )
        # over the bound, only a seat's credential comes in (up to a tenth more, for the seats)
        if server.connections > settings.max_connections + max(1, settings.max_connections // 10):
            return _refuse_and_close(conn, "server_full", full, None)
        try:
            first = await asyncio.wait_for(_receive_text(ws), settings.hello_timeout)
        except TimeoutError:
            return _refuse_and_close(conn, "hello_timeout", f"no hello within {settings.hello_timeout:g} s", None)
        if first is None:
            return
        if not server.limits.hello(address):
            await asyncio.sleep(settings.refusal_delay)  # the flood waits; the tables do not
            return _refuse_and_close(
                conn,
                "flood",
                f"at most {settings.hello_rate:g} hellos a second from one address; wait a few seconds",
                None,
            )
        try:
            hello = P.parse_hello(first)
        except P.ProtocolError as err:
            return _refuse_and_close(conn, err.code, err.reason, None)
        try:
            found = await server.find(hello.game, hello.key)
        except PillarsError as err:  # the records cannot be read now (logged)
            log.error("hello failed: %s", str(err)[:200])
            return _refuse_and_close(conn, "server_error", "the game cannot be opened now", None)
        if found is None:
            await asyncio.sleep(settings.refusal_delay)  # a guess at a key costs this long
            return _refuse_and_close(conn, "bad_credentials", "no game with this id and key", None)
        record, seat = found
        room = await server.load(record, joining=True)  # joined below, with no await between
        if room is None:
            return _refuse_and_close(conn, "server_error", "the game cannot be opened now", None)
        if seat is None and (
            server.connections > settings.max_connections
            or sum(c.seat is None for c in room.clients) >= settings.max_spectators_per_game
        ):
            server.maybe_unload(room)  # not joined: unloaded if nothing else keeps it
            room = None
            if server.connections > settings.max_connections:
                return _refuse_and_close(conn, "server_full", full, None)
            return _refuse_and_close(
                conn, "game_full", f"the game has {settings.max_spectators_per_game} spectators, its most", None
            )
        if seat is not None:
            _make_room(room, seat, settings.max_connections_per_seat)
        conn.seat = seat
        conn.protocol = hello.protocol
        room.join(conn, seat, hello.seen)
        credential = (record.game_id, "spectators" if seat is None else seat)
        await _play(conn, room, settings, lambda: server.limits.message(address, credential))
    except asyncio.CancelledError:
        if not conn.aborted:
            raise
        log.info("connection dropped: too slow game=%s", room.tag if room else "-")
    finally:
        server.connections -= 1
        if counted:
            server.limits.disconnect(address)
        if room is not None:
            room.leave(conn)
        await conn.finish()


def _make_room(room: Room, seat: int, cap: int) -> None:
    """Close the seat's oldest connections until a new one fits under ``cap``."""
    mine = sorted(
        (c for c in room.clients if isinstance(c, Connection) and c.seat == seat and c.closing is None),
        key=lambda c: c.joined,
    )
    for old in mine[: max(0, len(mine) - cap + 1)]:
        _refuse_and_close(
            old, "replaced", f"this seat has {cap} connections, its most: a newer one took this one's place", None
        )


def _refuse_and_close(conn: Connection, code: str, reason: str, decision: int | None) -> None:
    conn.send(P.refused(code, reason, decision))
    close = P.REFUSALS[code].close
    if close is not None:  # every refusal sent here closes the connection
        conn.close(close, code)


async def _play(conn: Connection, room: Room, settings: Settings, within_rate: Callable[[], bool]) -> None:
    """Read action messages until the client goes or is closed (``within_rate()``:
    whether the next frame is within the credential's and the address's rates)."""
    limited = 0
    while conn.closing is None:
        text = await _receive_text(conn.ws)
        if text is None:
            return
        if within_rate():
            limited = max(0, limited - 1)  # a client that slows down works its count off
        else:
            limited += 1
            if limited >= settings.flood:
                log.info("connection closed: flood game=%s", room.tag)
                await asyncio.sleep(settings.refusal_delay)
                return _refuse_and_close(
                    conn, "flood", f"more than {settings.flood} messages over the rate", room.game.decision
                )
            conn.send(
                P.refused(
                    "rate_limited",
                    f"at most {settings.rate:g} messages a second (bursts of {settings.burst})",
                    room.game.decision,
                )
            )
            continue
        refusal: tuple[str, str] | None
        if isinstance(text, bytes):
            refusal = ("bad_message", "send text frames (JSON), not binary ones")
        elif _too_large(text):
            refusal = ("too_large", f"a message may hold at most {P.MAX_MESSAGE_BYTES} bytes")
        elif conn.seat is None:
            refusal = ("spectator", "a spectator cannot act")
        elif (undo := room.undos.wants(text)) is not None:
            refusal = await room.undos.receive(conn.seat, undo)
        else:
            refusal = await room.act(conn.seat, text)
        if refusal is not None:
            conn.send(P.refused(refusal[0], refusal[1], room.game.decision))
            close = P.REFUSALS[refusal[0]].close
            if close is not None:
                conn.close(close, refusal[0])


__all__ = ["endpoint", "Connection", "TokenBucket", "origin_allowed"]

"""A private "my games" link: one's games on another device, without accounts (issue #56).

"Your games" lives in one browser. A seat's board can add the seat to a *my
games link* -- ``/#mine=<token>``, the token a new credential as unguessable
as a seat's key -- and opening that link on another device lists every game
added to it, with their seats' links, in that browser's "Your games".

``POST /api/mygames`` (from this server's pages, the key and token in the JSON
body, never in a URL; within the client address's hello rate, as a hello):

* ``{"op": "add", "game", "key", "token"}`` -- add the seat (or spectator
  link) ``key`` of ``game`` (refused as a hello with a wrong key is) to the
  link ``token`` (``null``: make a new link); answers ``{"token", "link"}``;
* ``{"op": "list", "token"}`` -- the games of the link: ``{"games": [{"game",
  "key", "seat", "name", "role"}]}``, or 404 once revoked;
* ``{"op": "revoke", "token"}`` -- forget the link and all it held: the link
  opens nothing any more (the seats' own links still work).

The keys rules hold: the server stores only the token's SHA-256, and each
seat key sealed with the token (a keystream and a tag from SHA-256 and HMAC
keyed by the token, a random nonce each), so the stored rows open no seat
without the link. At most :data:`MAX_GAMES` games a link.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import sqlite3
import time

from starlette.responses import JSONResponse, Response

from ..errors import ConfigError, StoreError
from .registry import SQLiteRegistry, digest, new_key
from .replay import _error, find_seat

#: Games one link holds at most.
MAX_GAMES = 200
_OPS = {"add": {"op", "game", "key", "token"}, "list": {"op", "token"}, "revoke": {"op", "token"}}
_TABLE = (
    "CREATE TABLE IF NOT EXISTS {t} (token_hash TEXT NOT NULL, key_hash TEXT NOT NULL, "
    "game_id TEXT NOT NULL, seat INTEGER, name TEXT, sealed TEXT NOT NULL, added REAL NOT NULL, "
    "PRIMARY KEY (token_hash, key_hash))"
)


# ------------------------------------------------------------------ sealing a seat key with the token
def _stream(token: str, nonce: bytes, n: int) -> bytes:
    out = b""
    block = 0
    while len(out) < n:
        out += hashlib.sha256(b"stream" + token.encode() + nonce + block.to_bytes(4, "big")).digest()
        block += 1
    return out[:n]


def _tag(token: str, body: bytes) -> bytes:
    return hmac.new(hashlib.sha256(b"tag" + token.encode()).digest(), body, hashlib.sha256).digest()[:16]


def seal(key: str, token: str) -> str:
    """``key`` sealed with ``token``: only the token's holder can open it."""
    nonce = secrets.token_bytes(16)
    raw = key.encode()
    body = nonce + bytes(a ^ b for a, b in zip(raw, _stream(token, nonce, len(raw))))
    return base64.urlsafe_b64encode(body + _tag(token, body)).decode()


def unseal(sealed: str, token: str) -> str:
    """The key :func:`seal` sealed; :class:`ValueError` if the token or the row is not its."""
    data = base64.urlsafe_b64decode(sealed.encode())
    body, tag = data[:-16], data[-16:]
    if len(body) < 16 or not hmac.compare_digest(tag, _tag(token, body)):
        raise ValueError("the sealed key does not open with this token")
    nonce, ct = body[:16], body[16:]
    return bytes(a ^ b for a, b in zip(ct, _stream(token, nonce, len(ct)))).decode()


# ------------------------------------------------------------------ the rows, beside the game records
class Book:
    """The links' rows in the game records' database (their thread: :meth:`Server.in_registry`)."""

    def __init__(self, registry) -> None:
        self.registry = registry
        self.sqlite = isinstance(registry, SQLiteRegistry)
        self.table = "server_mygames" if self.sqlite else "pillars.server_mygames"
        self.ready = False

    def _run(self, sql: str, args: tuple = ()) -> list:
        if not self.ready:
            self.registry._run(_TABLE.format(t=self.table))
            self.ready = True
        if not self.sqlite:
            sql = sql.replace("?", "%s")
        return self.registry._run(sql.format(t=self.table), args)

    def add(self, token: str, key: str, game_id: str, seat: int | None, name: str | None) -> bool:
        """Add the key to the link; False if the link holds its most."""
        th = digest(token)
        if self._run("SELECT count(*) FROM {t} WHERE token_hash = ?", (th,))[0][0] >= MAX_GAMES:
            return False
        self._run("DELETE FROM {t} WHERE token_hash = ? AND key_hash = ?", (th, digest(key)))
        self._run(
            "INSERT INTO {t} VALUES (?, ?, ?, ?, ?, ?, ?)",
            (th, digest(key), game_id, seat, name, seal(key, token), time.time()),
        )
        return True

    def games(self, token: str) -> list[dict] | None:
        """The link's games (``None``: no such link, or revoked)."""
        rows = self._run(
            "SELECT game_id, seat, name, sealed FROM {t} WHERE token_hash = ? ORDER BY added", (digest(token),)
        )
        if not rows:
            return None
        out = []
        for game_id, seat, name, sealed in rows:
            try:
                key = unseal(sealed, token)
            except (ValueError, UnicodeDecodeError):
                continue  # a damaged row: the others still open
            out.append(
                {
                    "game": game_id,
                    "key": key,
                    "seat": seat,
                    "name": name,
                    "role": "spectator" if seat is None else "player",
                }
            )
        return out

    def revoke(self, token: str) -> int:
        th = digest(token)
        n = self._run("SELECT count(*) FROM {t} WHERE token_hash = ?", (th,))[0][0]
        self._run("DELETE FROM {t} WHERE token_hash = ?", (th,))
        return n


def _book(server) -> Book:
    book = getattr(server, "mygames_book", None)
    if book is None or book.registry is not server.storage.games:
        book = server.mygames_book = Book(server.storage.games)
    return book


def _read(body: bytes) -> dict:
    try:
        doc = json.loads(body)
    except (ValueError, RecursionError):
        raise ConfigError("the request is not JSON") from None
    if not isinstance(doc, dict) or doc.get("op") not in _OPS or set(doc) != _OPS[doc["op"]]:
        raise ConfigError(
            'a my-games request is {"op": "add", "game", "key", "token"}, or {"op": "list"|"revoke", "token"}'
        )
    for field in ("game", "key", "token"):
        value = doc.get(field)
        if (
            field in doc
            and not (value is None and field == "token" and doc["op"] == "add")
            and not (isinstance(value, str) and 0 < len(value) <= 64)
        ):
            raise ConfigError(f"{field}: a string of 1 to 64 characters")
    return doc


async def answer(server, body: bytes, address: str, base_url: str) -> Response:
    """The answer to a ``POST /api/mygames`` from ``address``."""
    if not server.limits.hello(address):
        return _error(429, "too many requests from this address; try again in a few seconds")
    try:
        doc = _read(body)
    except ConfigError as err:
        return _error(400, str(err))
    book = _book(server)
    headers = {"cache-control": "no-store"}
    try:
        if doc["op"] == "list":
            games = await server.in_registry(book.games, doc["token"])
            if games is None:
                return _error(404, "this my-games link was revoked, or never made")
            return JSONResponse({"games": games}, headers=headers)
        if doc["op"] == "revoke":
            n = await server.in_registry(book.revoke, doc["token"])
            return JSONResponse({"revoked": n}, headers=headers)
        found = await find_seat(server, doc["game"], doc["key"])
        if isinstance(found, Response):
            return found
        if found is None:
            return _error(404, "no game with this id and key")
        record, seat = found
        token = doc["token"] or new_key()
        name = record.seats[seat].name if seat is not None else None
        if not await server.in_registry(book.add, token, doc["key"], doc["game"], seat, name):
            return _error(409, f"this my-games link holds {MAX_GAMES} games, its most; revoke it and make another")
    except (StoreError, sqlite3.Error) as err:
        return _error(503, f"the games cannot be read right now: {type(err).__name__}")
    base = (server.settings.public_url or base_url).rstrip("/")
    return JSONResponse({"token": token, "link": f"{base}/#mine={token}"}, headers=headers)


__all__ = ["answer", "seal", "unseal", "Book", "MAX_GAMES"]

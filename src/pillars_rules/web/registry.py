"""What the server knows of each game beyond its event log: seats, credentials, options.

The event log of a game lives in the table's :class:`~pillars_rules.table.EventStore`;
the server's own record of it -- who sits where (a person or which bot), the
hashes of the seat and spectator credentials, the card set and the options --
lives in a :class:`Registry`, a small interface with one implementation here
(:class:`SQLiteRegistry`, a table ``server_games`` in the same database file).
:func:`open_storage` opens both from one ``--db`` value, so another backend
(a PostgreSQL store, issue #28) is one more branch there.

Credentials are drawn from :mod:`secrets` (256 bits; game ids 128 bits) and
only their SHA-256 digests are stored, so the database does not hold them.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import secrets
import sqlite3
import time
from collections.abc import Callable
from typing import Protocol

import attrs
from attrs import frozen

from ..errors import ConfigError, DamagedGameError
from ..limits import MOST_PLAYERS
from ..table import EventStore, StoreError
from ..table.opening import POSTGRES_PREFIXES

log = logging.getLogger("pillars_rules.web")

#: Bytes of randomness in a game id (base64url: 22 characters) and in a credential (43).
GAME_ID_BYTES = 16
KEY_BYTES = 32
#: What :meth:`GameRecord.who` answers for the spectators' credential.
SPECTATOR = "spectator"


def new_game_id() -> str:
    """An unguessable game id (128 bits from :mod:`secrets`)."""
    return secrets.token_urlsafe(GAME_ID_BYTES)


def new_key() -> str:
    """An unguessable credential (256 bits from :mod:`secrets`)."""
    return secrets.token_urlsafe(KEY_BYTES)


def digest(key: str) -> str:
    """The SHA-256 of a credential, as stored."""
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def owner_of(address: str) -> str:
    """A client address as the records keep it (a digest: the database holds no addresses)."""
    return "client:" + hashlib.sha256(address.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def tag(game_id: str) -> str:
    """A short name for a game in logs and listings that does not give its id away."""
    return hashlib.sha256(game_id.encode("utf-8", "surrogatepass")).hexdigest()[:10]


@frozen
class SeatSpec:
    """One seat: ``kind`` is ``"person"`` or ``"bot"``; ``bot`` the bot's name
    (:func:`~pillars_rules.bots.make_bot`); ``key_hash`` the digest of a person's credential."""

    kind: str
    name: str
    bot: str | None = None
    key_hash: str | None = None
    bot_seed: int = 0


@frozen
class GameRecord:
    """The server's record of one game."""

    game_id: str
    players: int
    seats: tuple[SeatSpec, ...]
    spectator_hash: str
    cards: dict
    variants: tuple[str, ...] = ()
    takeover: dict | None = None
    clock: dict | None = None  # the turn timer (web/timers.py), None: none
    reveal: bool = False  # once over, the replay may show what nobody knew (web/replay.py)
    created: float = attrs.field(factory=time.time)
    finished: bool = False
    #: Who created the game: a digest of the client's address (:func:`owner_of`),
    #: for the bot pool's fair share and the per-client limits; ``None`` in older records.
    owner: str | None = None
    #: The wider network of that address (:func:`~pillars_rules.web.networks.wide_network_of`,
    #: a digest too), for the per-network cap; ``None`` in older records.
    network: str | None = None
    #: Whether a person's seat has been taken (a hello with a seat's key): until then the
    #: game expires after ``expire_unstarted``; older records count as taken.
    seated: bool = True
    #: The game's registered name (:func:`pillars_rules.new_game`'s ``game``); a Pillars record
    #: leaves it out of its JSON, so records written before other games were hosted read as Pillars.
    game: str = "pillars"

    def who(self, key: str) -> int | str | None:
        """The seat whose credential ``key`` is, :data:`SPECTATOR` for the
        spectators' credential, ``None`` for none (every digest is compared,
        in constant time)."""
        d = digest(key)
        found: int | str | None = None
        for i, s in enumerate(self.seats):
            if s.key_hash is not None and hmac.compare_digest(s.key_hash, d):
                found = i
        if hmac.compare_digest(self.spectator_hash, d):
            found = SPECTATOR
        return found

    def with_seat_key(self, seat: int, key_hash: str) -> GameRecord:
        """This record with person's seat ``seat`` holding the credential digest ``key_hash``."""
        if not 0 <= seat < len(self.seats) or self.seats[seat].kind != "person":
            raise ValueError(f"seat {seat} of game {tag(self.game_id)} is not a person's")
        seats = list(self.seats)
        seats[seat] = attrs.evolve(seats[seat], key_hash=key_hash)
        return attrs.evolve(self, seats=tuple(seats))

    def to_json(self) -> str:
        doc = attrs.asdict(self, recurse=True)
        doc.pop("game_id")
        doc.pop("finished")
        if doc["game"] == "pillars":
            doc.pop("game")
        return json.dumps(doc, sort_keys=True)

    @classmethod
    def from_json(cls, game_id: str, text: object, finished: object) -> GameRecord:
        """The record stored as ``text``, or :class:`~pillars_rules.errors.DamagedGameError`
        naming the game and what is wrong (the row is left as it is)."""
        if isinstance(text, (bytes, bytearray, memoryview)):  # as SQLite holds it: maybe not UTF-8
            try:
                text = bytes(text).decode("utf-8")
            except UnicodeDecodeError as err:
                raise DamagedGameError(game_id, f"its server record is not UTF-8 text (byte {err.start})") from None
        try:
            doc = json.loads(text)  # type: ignore[arg-type]
        except (TypeError, ValueError, RecursionError):
            raise DamagedGameError(game_id, "its server record is not JSON") from None
        problem = _record_problem(doc)
        if problem is None and finished not in (0, 1, True, False):
            problem = "its 'finished' column is neither 0 nor 1"
        if problem is not None:
            raise DamagedGameError(game_id, f"its server record is damaged: {problem}")
        seats = tuple(SeatSpec(**s) for s in doc.pop("seats"))
        return cls(game_id=game_id, seats=seats, finished=bool(finished), variants=tuple(doc.pop("variants")), **doc)

    @classmethod
    def decode_rows(cls, rows, where: str) -> tuple[list[GameRecord], list[DamagedGameError]]:
        """:func:`decode_records` (for the registries that get the class passed in)."""
        return decode_records(rows, where)


def _typed(value: object, *kinds: type) -> bool:
    return type(value) in kinds


def _record_problem(doc: object) -> str | None:
    """What is wrong with a stored record's JSON (``None``: nothing)."""
    if type(doc) is not dict:
        return "not an object"
    missing = {"players", "seats", "spectator_hash", "cards", "variants"} - set(doc)
    if missing:
        return f"no {sorted(missing)[0]!r}"
    unknown = set(doc) - {
        "players",
        "seats",
        "spectator_hash",
        "cards",
        "variants",
        "takeover",
        "created",
        "owner",
        "clock",
        "reveal",
        "network",
        "seated",
        "game",
    }
    if unknown:
        return f"an unknown field {sorted(unknown)[0][:30]!r}"
    players, seats, game = doc["players"], doc["seats"], doc.get("game", "pillars")
    if not _typed(game, str) or not 0 < len(game) <= 32:
        return "'game' is not a game's name"
    if not _typed(players, int) or not (1 if game != "pillars" else 2) <= players <= MOST_PLAYERS:
        return f"'players' is not {'2' if game == 'pillars' else '1'} to {MOST_PLAYERS}"
    if not _typed(seats, list) or len(seats) != players:
        return "'seats' is not a list of one seat per player"
    for i, seat in enumerate(seats):
        if (
            not _typed(seat, dict)
            or not set(seat) <= {"kind", "name", "bot", "key_hash", "bot_seed"}
            or seat.get("kind") not in ("person", "bot")
            or not _typed(seat.get("name"), str)
            or not _typed(seat.get("bot"), str, type(None))
            or not _typed(seat.get("key_hash"), str, type(None))
            or not _typed(seat.get("bot_seed", 0), int)
            or (seat["kind"] == "bot") != (seat.get("bot") is not None)
        ):
            return f"seat {i} is not a valid seat"
    if not _typed(doc["spectator_hash"], str):
        return "'spectator_hash' is not a string"
    if not _typed(doc["cards"], dict) or not _typed(doc["cards"].get("name"), str):
        return "'cards' is not a card set"
    if not _typed(doc["variants"], list) or not all(_typed(v, str) for v in doc["variants"]):
        return "'variants' is not a list of names"
    takeover = doc.get("takeover")
    if takeover is not None and (
        not _typed(takeover, dict)
        or not _typed(takeover.get("bot"), str)
        or not _typed(takeover.get("grace"), int, float)
    ):
        return "'takeover' is not a bot and a grace"
    if not _typed(doc.get("created", 0.0), int, float) or not _typed(doc.get("owner"), str, type(None)):
        return "'created' or 'owner' is of the wrong type"
    if not _typed(doc.get("clock"), dict, type(None)) or not _typed(doc.get("reveal", False), bool):
        return "'clock' or 'reveal' is of the wrong type"
    if not _typed(doc.get("network"), str, type(None)) or not _typed(doc.get("seated", True), bool):
        return "'network' or 'seated' is of the wrong type"
    return None


def decode_records(rows, where: str) -> tuple[list[GameRecord], list[DamagedGameError]]:
    """The records of ``(game_id, record, finished)`` rows, oldest first, and the
    errors of the damaged ones (each logged: the others go on)."""
    good, damaged = [], []
    for game_id, text, finished in rows:
        if isinstance(game_id, bytes):  # (an id that is not UTF-8 is shown escaped)
            game_id = game_id.decode("utf-8", "backslashreplace")
        try:
            good.append(GameRecord.from_json(game_id, text, finished))
        except DamagedGameError as err:
            log.error("damaged game record in %s game=%s: %s", where, tag(str(game_id)), err)
            damaged.append(err)
    return sorted(good, key=lambda r: r.created), damaged


class Registry(Protocol):
    """The server's game records (one implementation per storage backend)."""

    def add(self, record: GameRecord) -> None: ...
    def add_within(self, record: GameRecord, most: int) -> bool: ...
    def get(self, game_id: str) -> GameRecord | None: ...
    def change(self, game_id: str, how: Callable[[GameRecord], GameRecord]) -> GameRecord | None: ...
    def records(self) -> list[GameRecord]: ...
    def read_all(self) -> tuple[list[GameRecord], list[DamagedGameError]]: ...
    def finish(self, game_id: str) -> None: ...
    def delete(self, game_id: str) -> None: ...
    def open_count(self) -> int: ...
    def close(self) -> None: ...


_SCHEMA = """
CREATE TABLE IF NOT EXISTS server_games (
    game_id TEXT PRIMARY KEY,
    record TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
"""


class SQLiteRegistry:
    """Game records in the table ``server_games`` of an SQLite file (the event store's)."""

    def __init__(self, path: str) -> None:
        self.path = path
        try:
            self._db = sqlite3.connect(path, timeout=30.0, isolation_level=None)
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(_SCHEMA)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the game records in {path!r}: {exc}") from None

    def _run(self, sql: str, args: tuple = ()) -> list:
        try:
            return self._db.execute(sql, args).fetchall()
        except sqlite3.Error as exc:
            raise StoreError(f"game records in {self.path!r}: {exc}") from None

    def add(self, record: GameRecord) -> None:
        self._run("INSERT INTO server_games VALUES (?, ?, 0)", (record.game_id, record.to_json()))

    def add_within(self, record: GameRecord, most: int) -> bool:
        """Add ``record`` if fewer than ``most`` games are unfinished; whether it was added.
        The count and the insert are one write transaction (``BEGIN IMMEDIATE``), so
        parallel requests, and other processes on the same file, cannot pass the cap."""
        return self._in_write(
            lambda db: (
                db.execute(
                    "INSERT INTO server_games SELECT ?, ?, 0 WHERE (SELECT count(*) FROM server_games WHERE finished = 0) < ?",
                    (record.game_id, record.to_json(), most),
                ).rowcount
                == 1
            )
        )

    def _in_write(self, fn):
        """``fn(connection)`` in one write transaction (``BEGIN IMMEDIATE``: other writers,
        in this process or another, wait), rolled back if it raises."""
        try:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                result = fn(self._db)
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise StoreError(f"game records in {self.path!r}: {exc}") from None
        return result

    # the record is read as bytes (CAST AS BLOB), decoded by GameRecord.from_json: text that is
    # not UTF-8 then damages its own row, not the whole query (sqlite3 raises for the result)
    def get(self, game_id: str) -> GameRecord | None:
        rows = self._run("SELECT CAST(record AS BLOB), finished FROM server_games WHERE game_id = ?", (game_id,))
        return GameRecord.from_json(game_id, rows[0][0], rows[0][1]) if rows else None

    def change(self, game_id: str, how: Callable[[GameRecord], GameRecord]) -> GameRecord | None:
        """Replace the record of ``game_id`` with ``how(record)``, read and written in one
        write transaction (nothing is written if ``how`` raises); the new record,
        ``None`` for no such game."""

        def put(db):
            record = self.get(game_id)
            if record is not None:
                record = how(record)
                db.execute("UPDATE server_games SET record = ? WHERE game_id = ?", (record.to_json(), game_id))
            return record

        return self._in_write(put)

    def records(self) -> list[GameRecord]:
        """Every readable record, oldest first (a damaged one is logged and left out)."""
        return self.read_all()[0]

    def read_all(self) -> tuple[list[GameRecord], list[DamagedGameError]]:
        """Every record, and the errors of the damaged ones."""
        return decode_records(
            self._run("SELECT CAST(game_id AS BLOB), CAST(record AS BLOB), finished FROM server_games"), self.path
        )

    def finish(self, game_id: str) -> None:
        self._run("UPDATE server_games SET finished = 1 WHERE game_id = ?", (game_id,))

    def delete(self, game_id: str) -> None:
        self._run("DELETE FROM server_games WHERE game_id = ?", (game_id,))

    def open_count(self) -> int:
        return self._run("SELECT count(*) FROM server_games WHERE finished = 0")[0][0]

    def close(self) -> None:
        self._db.close()


@frozen
class Storage:
    """A game server's storage: the event logs and the game records."""

    events: EventStore
    games: Registry

    def close(self) -> None:
        self.games.close()
        self.events.close()


def _path(db: str | os.PathLike) -> str:
    path = os.fspath(db)
    if "://" in path and not path.startswith(POSTGRES_PREFIXES):
        raise ConfigError(f"--db {path!r}: a SQLite file path or a postgresql:// connection string")
    return path


def open_events(db: str | os.PathLike, statement_timeout: float | None = None):
    """The event store at ``db``: an SQLite file path (created if missing), or a
    ``postgresql://`` connection string (:class:`~pillars_rules.table.pgstore.PgEventStore`,
    whose statements give up after ``statement_timeout`` seconds, if given)."""
    path = _path(db)
    if path.startswith(POSTGRES_PREFIXES):
        from ..table.pgstore import PgEventStore

        return PgEventStore(path, statement_timeout=statement_timeout)
    return EventStore(path)


def open_registry(db: str | os.PathLike, timeout: float | None = None) -> Registry:
    """The game records at ``db`` (beside the event store's tables on PostgreSQL:
    :class:`~pillars_rules.web.pgregistry.PgRegistry`, whose connecting and
    statements are bounded by ``timeout`` seconds)."""
    path = _path(db)
    if path.startswith(POSTGRES_PREFIXES):
        from ..table.pgstore import DEFAULT_SCHEMA
        from .pgregistry import PgRegistry

        return PgRegistry(path, GameRecord, schema=DEFAULT_SCHEMA, timeout=timeout)
    return SQLiteRegistry(path)


def open_storage(db: str | os.PathLike) -> Storage:
    """Both, from one thread (the server opens each in the thread that uses it)."""
    return Storage(open_events(db), open_registry(db))


__all__ = [
    "GameRecord",
    "SeatSpec",
    "Registry",
    "SQLiteRegistry",
    "Storage",
    "open_storage",
    "decode_records",
    "new_game_id",
    "new_key",
    "digest",
    "tag",
    "owner_of",
    "SPECTATOR",
    "open_events",
    "open_registry",
]

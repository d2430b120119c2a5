"""An append-only event store in PostgreSQL (psycopg 3), shared by several server processes.

The same interface and promises as the SQLite :class:`~pillars_rules.table.store.EventStore`
(:class:`~pillars_rules.table.backend.Store`), for a site that runs several
server processes, on several machines, on one database. Needs the optional
extra ``[postgres]``.

**Layout.** Everything lives in one PostgreSQL schema (``pillars`` unless
told), created and migrated by the library; ``meta`` records the schema
version, checked on every open:

``games``
    one row per game: the save header (a secret: it holds the seed), the
    card paths, and the ``decision`` and ``n_events`` counters;
``decisions``
    one row per answered decision, key ``(game_id, decision)``: which events
    the answer added and which store object wrote it (row 0 is the creation);
``events``
    one row per event, key ``(game_id, idx)``, the event as JSON text.

Rows are only inserted, except the two counters of ``games``.

**Concurrency comes from the database.** :meth:`PgEventStore.append` is one
SQL statement, so one transaction: its ``UPDATE`` of the game's row matches
only while the stored game is at the decision and event count the writer
answered (a compare-and-set). A second writer racing on the same decision
waits for the first's row lock, then finds the row moved on and changes
nothing; it gets :class:`~pillars_rules.errors.ConflictError`. The primary
keys on ``(game_id, decision)`` and ``(game_id, idx)`` make a second answer
to one decision, or a duplicated event, impossible for any writer.

**Notification.** The same statement calls ``pg_notify`` on
:attr:`PgEventStore.channel` with ``"<decision> <n_events> <game_id>"``,
followed, when the whole fits PostgreSQL's payload limit
(:data:`MAX_PAYLOAD_BYTES`), by the move's events, one JSON text a line:
PostgreSQL delivers it when, and only if, the move commits, to every
connection listening (:mod:`pillars_rules.web.fanout`). A process holding
the game hands the events it heard to its store (:meth:`PgEventStore.heard`),
whose :meth:`~PgEventStore.events_since` then answers from them without a
query, as long as they begin where the table ends; otherwise (a move too big
for a payload, a notification missed in a restart or a dropped connection)
it reads the log, as it always did.

**Lost connections.** A store whose connection breaks (PostgreSQL restarted,
a network blip) reconnects, retrying for up to ``timeout`` seconds. An
append whose commit was sent but whose answer was lost is settled by its
``decisions`` row: the store finds its own writer token there (the move was
stored) or not (it sends it again), so a move is never lost nor stored twice.
"""

from __future__ import annotations

import json
import re
import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any

import psycopg
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict, make_conninfo

from ..errors import ConfigError, ConflictError, DamagedGameError, StoreError
from .backend import Store
from .pgheard import HeardEvents
from .rows import CardSource, StoredGame, decode_events, decode_game
from .store import check_game_id

#: The version of the table layout this library writes (``meta.schema_version``).
SCHEMA_VERSION = 1
#: The schema the tables live in unless told.
DEFAULT_SCHEMA = "pillars"
#: A notification's payload must be shorter than this (PostgreSQL's limit, in bytes): a
#: move whose events do not fit is notified by its counters alone.
MAX_PAYLOAD_BYTES = 8000

_SCHEMA_NAME = re.compile(r"[a-z_][a-z0-9_]{0,39}")

#: Each step takes the layout from the version before it to its own (index 0: from nothing).
_MIGRATIONS: list[tuple[int, str]] = [
    (
        1,
        """
CREATE SCHEMA IF NOT EXISTS {s};
CREATE TABLE {s}.meta (key text PRIMARY KEY, value text NOT NULL);
CREATE TABLE {s}.games (
    game_id text PRIMARY KEY,
    header text NOT NULL,
    cards text NOT NULL,
    decision bigint NOT NULL,
    n_events integer NOT NULL,
    created timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE {s}.decisions (
    game_id text NOT NULL REFERENCES {s}.games (game_id),
    decision bigint NOT NULL,
    first integer NOT NULL,
    n integer NOT NULL,
    writer text NOT NULL,
    at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, decision)
);
CREATE TABLE {s}.events (
    game_id text NOT NULL REFERENCES {s}.games (game_id),
    idx integer NOT NULL,
    body text NOT NULL,
    PRIMARY KEY (game_id, idx)
);
INSERT INTO {s}.meta VALUES ('schema_version', '0');
""",
    ),
]

_CREATE = """
WITH g AS (
    INSERT INTO {s}.games (game_id, header, cards, decision, n_events)
    VALUES (%(g)s, %(header)s, %(cards)s, %(decision)s::bigint, %(n)s::integer)
    ON CONFLICT (game_id) DO NOTHING
    RETURNING game_id
), d AS (
    INSERT INTO {s}.decisions (game_id, decision, first, n, writer)
    SELECT game_id, 0, 0, %(n)s::integer, %(w)s FROM g
), e AS (
    INSERT INTO {s}.events (game_id, idx, body)
    SELECT g.game_id, t.k - 1, t.body FROM g, unnest(string_to_array(%(bodies)s::text, E'\\n')) WITH ORDINALITY AS t(body, k)
)
SELECT count(*) FROM g
"""

_APPEND = """
WITH g AS (
    UPDATE {s}.games SET decision = %(new)s::bigint, n_events = %(end)s::integer
    WHERE game_id = %(g)s AND decision = %(expect)s::bigint AND n_events = %(start)s::integer
    RETURNING game_id
), d AS (
    INSERT INTO {s}.decisions (game_id, decision, first, n, writer)
    SELECT game_id, %(expect)s::bigint, %(start)s::integer, %(n)s::integer, %(w)s FROM g
), e AS (
    INSERT INTO {s}.events (game_id, idx, body)
    SELECT g.game_id, %(start)s::integer + t.k - 1, t.body
    FROM g, unnest(string_to_array(%(bodies)s::text, E'\\n')) WITH ORDINALITY AS t(body, k)
)
SELECT pg_notify(%(channel)s, %(payload)s) FROM g
"""

_LOAD = """
SELECT g.header, g.cards, g.n_events, g.decision,
       ARRAY(SELECT e.idx FROM {s}.events e WHERE e.game_id = g.game_id ORDER BY e.idx),
       ARRAY(SELECT e.body FROM {s}.events e WHERE e.game_id = g.game_id ORDER BY e.idx),
       ARRAY(SELECT d.first + d.n FROM {s}.decisions d WHERE d.game_id = g.game_id ORDER BY d.decision),
       ARRAY(SELECT d.decision FROM {s}.decisions d WHERE d.game_id = g.game_id ORDER BY d.decision)
FROM {s}.games g WHERE g.game_id = %(g)s
"""

_DELETE = """
WITH e AS (DELETE FROM {s}.events WHERE game_id = %(g)s), d AS (DELETE FROM {s}.decisions WHERE game_id = %(g)s)
DELETE FROM {s}.games WHERE game_id = %(g)s
"""

_SINCE = """
SELECT g.n_events,
       ARRAY(SELECT e.idx FROM {s}.events e WHERE e.game_id = g.game_id AND e.idx >= %(start)s ORDER BY e.idx),
       ARRAY(SELECT e.body FROM {s}.events e WHERE e.game_id = g.game_id AND e.idx >= %(start)s ORDER BY e.idx)
FROM {s}.games g WHERE g.game_id = %(g)s
"""


def channel_for(schema: str) -> str:
    """The notification channel of the stores in ``schema``."""
    return f"{schema}_moves"


def redacted(dsn: str) -> str:
    """``dsn`` as keyword/value text without its password (for messages and logs)."""
    try:
        params = conninfo_to_dict(dsn)
    except psycopg.Error:
        raise ConfigError(
            "not a valid PostgreSQL connection string (expected postgresql://user@host:port/database)"
        ) from None
    return make_conninfo("", **{k: v for k, v in params.items() if k != "password"})


def _first(row: tuple[Any, ...] | None) -> Any:
    """The first column of the row of a statement that always returns one
    (``SHOW``, a ``SELECT`` of a function, an ``INSERT ... RETURNING``)."""
    if row is None:
        raise StoreError("the database returned no row where a statement always returns one")
    return row[0]


class PgEventStore(Store):
    """Games' event logs in a PostgreSQL database (see the module docstring).

    ``dsn`` is a libpq connection string (``postgresql://user@host/db``);
    ``schema`` the PostgreSQL schema of the tables (created on first use);
    ``timeout`` bounds, in seconds, a wait for another writer's lock and the
    reconnection after a lost connection; ``statement_timeout``, if given, any one
    statement (PostgreSQL's own ``statement_timeout``: a statement stuck on a lock or
    a busy server is ended there and reported as a :class:`StoreError`).

    One store object is one connection: use it from one thread.
    """

    def __init__(
        self, dsn: str, *, schema: str = DEFAULT_SCHEMA, timeout: float = 30.0, statement_timeout: float | None = None
    ) -> None:
        if type(schema) is not str or not _SCHEMA_NAME.fullmatch(schema):
            raise ConfigError(f"a schema name is 1 to 40 lower-case letters, digits and _, not {schema!r:.60}")
        self.path = f"PostgreSQL {redacted(dsn)} schema {schema}"
        self.schema = schema
        self.channel = channel_for(schema)
        self.timeout = timeout
        self.statement_timeout = statement_timeout
        self._dsn = dsn
        self._writer = secrets.token_hex(8)
        #: moves heard in notifications, not read yet (see :meth:`heard`; written by the
        #: listener's thread, read by the store's)
        self._heard = HeardEvents()
        s = sql.Identifier(schema)
        composed = {
            name: sql.SQL(text).format(s=s)
            for name, text in (
                ("create", _CREATE),
                ("append", _APPEND),
                ("load", _LOAD),
                ("since", _SINCE),
                ("delete", _DELETE),
                ("games", 'SELECT game_id FROM {s}.games ORDER BY game_id COLLATE "C"'),
                ("decision", "SELECT decision, n_events FROM {s}.games WHERE game_id = %(g)s"),
                ("writer", "SELECT writer FROM {s}.decisions WHERE game_id = %(g)s AND decision = %(d)s"),
            )
        }
        self._conn = self._connect(retry=False)
        try:
            self._migrate()
            # composed once: each statement's text is then the same bytes every time
            # (psycopg's conversion of a query is cached by its text)
            self._sql = {name: q.as_bytes(self._conn) for name, q in composed.items()}
        except BaseException:
            self._conn.close()
            raise

    @property
    def dsn(self) -> str:
        """The connection string as given (it may hold a password: never log it; :attr:`path` is
        the same without the password)."""
        return self._dsn

    # ---------------------------------------------------------------- connecting
    def _connect(self, retry: bool) -> psycopg.Connection:
        deadline = time.monotonic() + self.timeout
        pause = 0.05
        while True:
            try:
                conn = psycopg.connect(
                    self._dsn,
                    autocommit=True,
                    connect_timeout=max(2, int(self.timeout)),
                    application_name="pillars-rules",
                )
                ms = int(self.timeout * 1000)
                conn.execute(f"SET lock_timeout = {ms}")
                if self.statement_timeout is not None:
                    conn.execute(f"SET statement_timeout = {max(1, int(self.statement_timeout * 1000))}")
                return conn
            except psycopg.Error as exc:
                if not retry or time.monotonic() + pause > deadline:
                    raise StoreError(f"cannot connect to the event store {self.path}: {_first_line(exc)}") from None
            time.sleep(pause)
            pause = min(pause * 2, 1.0)

    def _migrate(self) -> None:
        """Create the tables, or bring them up to :data:`SCHEMA_VERSION`; refuse a newer layout."""
        conn = self._conn
        try:
            encoding = _first(conn.execute("SHOW server_encoding").fetchone())
            if encoding != "UTF8":
                raise StoreError(f"the database of {self.path} has encoding {encoding}; an event store needs UTF8")
            with conn.transaction():
                conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (f"pillars-schema:{self.schema}",))
                version = self._stored_version()
                if version > SCHEMA_VERSION:
                    raise StoreError(
                        f"{self.path} has layout version {version}, made by a newer pillars-rules; "
                        f"this one reads up to version {SCHEMA_VERSION}: upgrade it"
                    )
                for target, text in _MIGRATIONS[version:]:
                    conn.execute(sql.SQL(text).format(s=sql.Identifier(self.schema)))
                    conn.execute(
                        sql.SQL("UPDATE {s}.meta SET value = %s WHERE key = 'schema_version'").format(
                            s=sql.Identifier(self.schema)
                        ),
                        (str(target),),
                    )
        except psycopg.errors.DuplicateTable:
            raise StoreError(
                f"the schema {self.schema!r} of {self.path} holds tables that are not "
                "a pillars-rules event store; choose another schema"
            ) from None
        except psycopg.Error as exc:
            raise StoreError(f"cannot open the event store {self.path}: {_first_line(exc)}") from None

    def _stored_version(self) -> int:
        meta = _first(self._conn.execute("SELECT to_regclass(format('%%I.meta', %s::text))", (self.schema,)).fetchone())
        if meta is None:
            return 0
        row = self._conn.execute(
            sql.SQL("SELECT value FROM {s}.meta WHERE key = 'schema_version'").format(s=sql.Identifier(self.schema))
        ).fetchone()
        if row is None or not re.fullmatch(r"[0-9]{1,6}", row[0]):
            raise StoreError(
                f"{self.path}: the layout version in {self.schema}.meta is missing or damaged ({row and row[0]!r:.40})"
            )
        return int(row[0])

    def _run(self, what: str, step: Callable[[psycopg.Connection], object], settle: Callable[[], object] | None = None):
        """``step(connection)``, reconnecting once if the connection is lost; after a
        reconnection ``settle()`` (if given) runs first and its answer, unless
        None, is taken as the step's (it finds out whether a lost commit happened)."""
        for attempt in (0, 1):
            try:
                return step(self._conn)
            except psycopg.Error as exc:
                if not (self._conn.broken or self._conn.closed) or attempt:
                    if isinstance(exc, psycopg.errors.LockNotAvailable):
                        raise StoreError(
                            f"{what} on {self.path}: another writer held the game for more than {self.timeout} s"
                        ) from None
                    raise StoreError(f"cannot {what} on the event store {self.path}: {_first_line(exc)}") from None
            self._conn.close()
            self._conn = self._connect(retry=True)
            if settle is not None:
                try:
                    answer = settle()
                except psycopg.Error as exc:
                    raise StoreError(f"cannot {what} on the event store {self.path}: {_first_line(exc)}") from None
                if answer is not None:
                    return answer
        raise AssertionError("unreachable")

    # ---------------------------------------------------------------- writing
    def create(self, game_id: str, header: dict, cards: CardSource, events: Sequence[dict], decision: int) -> None:
        check_game_id(game_id)
        args = {
            "g": game_id,
            "header": json.dumps(header),
            "cards": json.dumps(cards),
            "decision": decision,
            "n": len(events),
            "w": self._writer,
            "bodies": "\n".join(_bodies(events)) or None,
        }

        def settle():
            row = self._conn.execute(self._sql["writer"], {"g": game_id, "d": 0}).fetchone()
            return None if row is None else row[0]

        made = self._run("create a game", lambda c: _first(c.execute(self._sql["create"], args).fetchone()), settle)
        if made != 1 and made != self._writer:
            raise ConflictError(f"game {game_id!r} already exists in {self.path}")

    def append(self, game_id: str, expect: int, start: int, events: Sequence[dict], decision: int) -> None:
        """Append ``events`` (the answer to decision ``expect``, starting at log
        index ``start``) and move the game to ``decision``, all or nothing, in
        one statement that also notifies :attr:`channel`.

        Raises :class:`ConflictError` if the stored game is no longer at
        decision ``expect`` with ``start`` events: another writer answered first.
        """
        args = self._append_args(game_id, expect, start, events, decision)

        def settle():  # did our statement commit before the connection was lost?
            return self._settled(args)

        done = self._run(
            "store a move", lambda c: "ours" if c.execute(self._sql["append"], args).fetchone() else None, settle
        )
        if done != "ours":
            self._conflict(game_id, expect)

    def append_many(self, batch: Sequence[tuple[str, int, int, Sequence[dict], int]]) -> list:
        """Several :meth:`append` calls ``(game_id, expect, start, events, decision)``
        in one transaction, sent in one pipeline: one round trip and one wait
        for the disk for them all (a server's group commit). Each is checked as
        :meth:`append` checks it; one entry per call: ``None`` (stored) or the
        :class:`ConflictError` that kept it out (the others are stored). If the
        connection is lost, each is settled by its decision row and the rest
        stored one by one."""
        if not batch:
            return []
        calls = [self._append_args(g, e, s, ev, d) for g, e, s, ev, d in batch]

        def step(conn):
            with conn.transaction(), conn.pipeline():
                cursors = [conn.execute(self._sql["append"], args) for args in calls]
            return ["ours" if cur.fetchone() else "theirs" for cur in cursors]

        def settle():  # the connection went: find out item by item
            return [self._settled(args) or "unsent" for args in calls]

        done = self._run("store moves", step, settle)
        out: list = []
        for (game_id, expect, start, events, decision), result in zip(batch, done):
            try:
                if result == "unsent":
                    self.append(game_id, expect, start, events, decision)
                elif result == "theirs":
                    self._conflict(game_id, expect)
                out.append(None)
            except ConflictError as err:
                out.append(err)
        return out

    def _append_args(self, game_id: str, expect: int, start: int, events: Sequence[dict], decision: int) -> dict:
        """The parameters of one ``append`` statement: the events as one text, a JSON text a
        line (JSON text never holds a line break: ``json.dumps`` escapes control characters),
        split again by PostgreSQL; the notification with the events if they fit."""
        end = start + len(events)
        bodies = "\n".join(_bodies(events))
        head = f"{decision} {end} {game_id}"
        payload = f"{head}\n{bodies}"
        if len(payload) >= MAX_PAYLOAD_BYTES or (
            not payload.isascii() and len(payload.encode("utf-8")) >= MAX_PAYLOAD_BYTES
        ):
            payload = head  # too big: the listeners read these events from the log
        return {
            "g": game_id,
            "new": decision,
            "end": end,
            "expect": expect,
            "start": start,
            "n": len(events),
            "w": self._writer,
            "bodies": bodies or None,
            "channel": self.channel,
            "payload": payload,
        }

    def _settled(self, args: dict) -> str | None:
        """Whether the move of ``args`` is stored: "ours", "theirs" (another writer's
        answer to that decision) or None (nothing stored for it)."""
        row = self._conn.execute(self._sql["writer"], {"g": args["g"], "d": args["expect"]}).fetchone()
        return None if row is None else ("ours" if row[0] == self._writer else "theirs")

    def _conflict(self, game_id: str, expect: int) -> None:
        """Raise the ConflictError (or, for a missing game, ConfigError) of a move that was not stored."""
        row = self._run("read a game", lambda c: c.execute(self._sql["decision"], {"g": game_id}).fetchone())
        if row is None:
            raise ConfigError(f"no game {game_id!r} in the event store {self.path}")
        raise ConflictError(
            f"game {game_id!r}: decision {expect} was already answered by another writer "
            f"(the store is at decision {row[0]}); reload the game and send the new views",
            decision=expect,
            stored=row[0],
        )

    # ---------------------------------------------------------------- reading
    def decision(self, game_id: str) -> int:
        """The stored decision number of ``game_id`` (what is read after this comes from the
        log, not from moves :meth:`heard` so far: the caller asked where the store is)."""
        self._heard.forget(game_id)
        row = self._run("read a game", lambda c: c.execute(self._sql["decision"], {"g": game_id}).fetchone())
        if row is None:
            raise ConfigError(f"no game {game_id!r} in the event store {self.path}")
        return row[0]

    def read(self, game_id: str) -> StoredGame:
        """Everything stored for ``game_id``, read in one statement (one snapshot) and
        checked: :func:`~pillars_rules.table.rows.decode_game`, and the decision rows
        against the counters."""
        check_game_id(game_id)
        row = self._run("load a game", lambda c: c.execute(self._sql["load"], {"g": game_id}).fetchone())
        if row is None:
            raise ConfigError(f"no game {game_id!r} in the event store {self.path}")
        header, cards, n_events, decision, indices, bodies, ends, answered = row
        stored = decode_game(game_id, header, cards, decision, n_events, list(zip(indices, bodies)))
        if answered != list(range(decision)) or (ends and ends[-1] != n_events):
            raise DamagedGameError(
                game_id,
                f"its counters (decision {decision}, {n_events} events) disagree "
                f"with its decision rows in {self.path} ({len(answered)} stored, "
                f"ending at event {ends[-1] if ends else 0})",
            )
        return stored

    def events_since(self, game_id: str, start: int) -> list[dict]:
        """The events of ``game_id`` from log index ``start`` on, read in one statement:
        what a table holding ``start`` events is missing (only that tail is read).

        If moves :meth:`heard` in notifications begin at or before ``start`` and reach
        past it, their events are the answer, and nothing is read: they are the
        events of committed moves, up to the last move notified (a later move's
        notification brings the rest). Heard events are handed out once."""
        events = self.take_heard(game_id, start)
        if events is not None:
            return events
        check_game_id(game_id)
        row = self._run(
            "read a game", lambda c: c.execute(self._sql["since"], {"g": game_id, "start": start}).fetchone()
        )
        if row is None:
            raise ConfigError(f"no game {game_id!r} in the event store {self.path}")
        n_events, indices, bodies = row
        return decode_events(game_id, list(zip(indices, bodies)), min(start, n_events), n_events)

    def heard(self, game_id: str, n_events: int, bodies: Sequence[str]) -> bool:
        """Keep the events of a move notified on :attr:`channel` (its payload's event
        texts; ``n_events``: the log's length after it) for :meth:`events_since`.
        Moves heard one after another are kept together; a move that does not begin
        where the kept ones end (one missed, or notified without its events)
        replaces them, so :meth:`events_since` answers only from an unbroken run and
        reads the log for anything before it (:class:`~pillars_rules.table.pgheard.HeardEvents`,
        called from the thread that listens). False if nothing was kept (no events,
        a text that is not a JSON object, a counter that does not fit)."""
        return self._heard.add(game_id, n_events, bodies)

    def take_heard(self, game_id: str, start: int) -> list[dict] | None:
        """The heard events of ``game_id`` from log index ``start`` on, if the run heard
        covers ``start``, else None; either way the run is handed out (dropped). Never
        reads the database."""
        return self._heard.take(game_id, start)

    def forget(self, game_id: str) -> None:
        """Drop the events :meth:`heard` for ``game_id`` (its table was unloaded)."""
        self._heard.forget(game_id)

    def covers(self, game_id: str, start: int) -> bool:
        """Whether :meth:`events_since` ``(game_id, start)`` will answer from heard events,
        without the database (so from any thread, while no other call for this game runs)."""
        return self._heard.covers(game_id, start)

    def games(self) -> list[str]:
        """The ids of every stored game, sorted by code point; a stored id that is not a
        valid game id (a row written by hand) is a :class:`~pillars_rules.errors.DamagedGameError`."""
        ids = [r[0] for r in self._run("list the games", lambda c: c.execute(self._sql["games"]).fetchall())]
        for gid in ids:
            try:
                check_game_id(gid)
            except ConfigError:
                raise DamagedGameError(gid, f"{self.path} holds this id, which is not a valid game id") from None
        return ids

    def delete(self, game_id: str) -> None:
        """Remove ``game_id`` and its log (the operator's, or an abandoned game's expiry)."""
        self._run("delete a game", lambda c: c.execute(self._sql["delete"], {"g": game_id}))
        self.forget(game_id)

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> PgEventStore:
        return self

    def __repr__(self) -> str:
        return f"<PgEventStore {self.path}>"


def _bodies(events: Sequence[dict]) -> list[str]:
    return [json.dumps(e, ensure_ascii=False) for e in events]


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


__all__ = ["PgEventStore", "SCHEMA_VERSION", "DEFAULT_SCHEMA", "MAX_PAYLOAD_BYTES", "channel_for", "redacted"]

"""An append-only event store in SQLite (stdlib :mod:`sqlite3`, WAL mode).

One database file holds any number of games. Each game has one header row
(the save header: card identity, variants, seats, names, seed -- a secret: the
database is server-side data) and its events, one row each, keyed by
``(game_id, index)``. Rows are only ever inserted, never changed, except the
header's ``decision`` and ``n_events`` counters; a game is deleted whole
(:meth:`EventStore.delete`: the operator's, or the server's expiry of an
abandoned game).

Concurrency is optimistic, on the decision number (the move token,
:attr:`pillars_rules.Game.decision`): :meth:`EventStore.append` checks, inside
one ``BEGIN IMMEDIATE`` transaction, that the stored game is still at the
decision the writer answered, so two server processes sharing one database
cannot both store an answer to the same decision; the loser gets
:class:`~pillars_rules.errors.ConflictError` and nothing of its is stored.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Sequence
from typing import Literal, TypeGuard

from ..errors import ConfigError, ConflictError, DamagedGameError, StoreError
from .backend import Store
from .rows import CardSource, StoredGame, Undecodable, decode_game, text_factory

#: Longest game id the store accepts.
MAX_GAME_ID_LENGTH = 200
#: Rows one statement of a group commit writes at most (3 to 5 parameters each:
#: within the 999 of SQLite's oldest parameter limit).
_ROWS_PER_STATEMENT = 190

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    game_id TEXT PRIMARY KEY,
    header TEXT NOT NULL,
    cards TEXT NOT NULL,
    decision INTEGER NOT NULL,
    n_events INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
    game_id TEXT NOT NULL REFERENCES games(game_id),
    idx INTEGER NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (game_id, idx)
) WITHOUT ROWID;
"""


#: The columns of each table, in order: a store whose tables differ is not ours
#: (or its schema is damaged), and is refused when it is opened.
_COLUMNS = {"games": ("game_id", "header", "cards", "decision", "n_events"), "events": ("game_id", "idx", "body")}


def _valid_id(game_id: object) -> TypeGuard[str]:
    return type(game_id) is str and 0 < len(game_id) <= MAX_GAME_ID_LENGTH and game_id.isprintable()


def check_game_id(game_id: object) -> str:
    if not _valid_id(game_id):
        shown = f"{game_id!r:.60}" if type(game_id) is str else type(game_id).__name__
        raise ConfigError(f"a game id must be a printable string of 1 to {MAX_GAME_ID_LENGTH} characters, not {shown}")
    return game_id


def _why(exc: BaseException) -> str:
    """An SQLite failure in words (its message may itself be damaged bytes)."""
    if isinstance(exc, UnicodeDecodeError):
        return "the file is damaged (SQLite's own message about it is not UTF-8 text)"
    return str(exc)[:200] or type(exc).__name__


#: What reading a damaged or vanished database can raise: SQLite's errors, and
#: a UnicodeDecodeError when SQLite's message quotes damaged bytes.
_FAILURES = (sqlite3.Error, UnicodeDecodeError)


class EventStore(Store):
    """Games' event logs in one SQLite file (created on first use; ``":memory:"``
    keeps them in this connection only). ``timeout`` is how long a writer waits
    for another process's transaction to finish, in seconds.

    One store object is one connection: use it from one thread.
    """

    def __init__(self, path: str | os.PathLike = "pillars-games.sqlite3", *, timeout: float = 30.0) -> None:
        self.path = os.fspath(path)
        try:
            self._db = sqlite3.connect(self.path, timeout=timeout, isolation_level=None)
        except _FAILURES as exc:
            raise StoreError(f"cannot open the event store {self.path!r}: {_why(exc)}") from None
        self._db.text_factory = text_factory  # text that is not UTF-8 is reported, never raised
        try:
            if self.path != ":memory:":
                self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(_SCHEMA)
            for table, want in _COLUMNS.items():
                got = tuple(r[1] for r in self._db.execute(f"PRAGMA table_info({table})"))
                if got != want:
                    raise StoreError(
                        f"the event store {self.path!r} is damaged or not a pillars-rules store: "
                        f"its table {table} has the columns {got!r:.120}, not {want}"
                    )
        except _FAILURES as exc:
            self._db.close()
            raise StoreError(
                f"cannot open the event store {self.path!r}, it is damaged or not a database: {_why(exc)}"
            ) from None
        except StoreError:
            self._db.close()
            raise

    # ---------------------------------------------------------------- writing
    def create(self, game_id: str, header: dict, cards: CardSource, events: Sequence[dict], decision: int) -> None:
        """Store a new game: its save ``header`` (no events), what reopening
        needs of its cards (:func:`~pillars_rules.table.rows.card_source`: paths,
        or a card set's canonical text and identity) and its first events.
        :class:`ConflictError` if the id is taken."""
        check_game_id(game_id)
        with self._transaction():
            if self._db.execute("SELECT 1 FROM games WHERE game_id = ?", (game_id,)).fetchone():
                raise ConflictError(f"game {game_id!r} already exists in {self.path!r}")
            self._db.execute(
                "INSERT INTO games VALUES (?, ?, ?, ?, ?)",
                (game_id, json.dumps(header), json.dumps(cards), decision, len(events)),
            )
            self._insert(game_id, 0, events)

    def append(self, game_id: str, expect: int, start: int, events: Sequence[dict], decision: int) -> None:
        """Append ``events`` (the answer to decision ``expect``, starting at log
        index ``start``) and move the game to ``decision``, all or nothing.

        Raises :class:`ConflictError` if the stored game is no longer at
        decision ``expect`` with ``start`` events: another writer answered first.
        """
        with self._transaction():
            row = self._db.execute("SELECT decision, n_events FROM games WHERE game_id = ?", (game_id,)).fetchone()
            if row is not None and not all(type(x) is int for x in row):
                raise DamagedGameError(game_id, f"its counters are {row!r:.60}, not whole numbers")
            if row is None:
                raise ConfigError(f"no game {game_id!r} in the event store {self.path!r}")
            if row != (expect, start):
                raise ConflictError(
                    f"game {game_id!r}: decision {expect} was already answered by another writer "
                    f"(the store is at decision {row[0]}); reload the game and send the new views",
                    decision=expect,
                    stored=row[0],
                )
            self._insert(game_id, start, events)
            self._db.execute(
                "UPDATE games SET decision = ?, n_events = ? WHERE game_id = ?",
                (decision, start + len(events), game_id),
            )

    def append_many(self, batch: Sequence[tuple[str, int, int, Sequence[dict], int]]) -> list:
        """Several :meth:`append` calls ``(game_id, expect, start, events, decision)``
        in one transaction, so they wait for the disk once (a server's group
        commit). Each is checked as :meth:`append` checks it, in order; the answer has one
        entry per call: ``None`` (stored) or the :class:`ConflictError` that
        kept it out (the others are stored all the same).

        The batch takes a few statements whatever its size -- one read of
        every game's counters, one insert of all the events, one update of the
        counters -- not three or more per call: a server runs this in a thread
        beside its event loop, and the thread gives up Python's lock around
        each SQLite statement and waits for the loop to hand it back (up to a
        thread switch interval) before the next (issue #60)."""
        out: list = []
        if not batch:
            return out
        with self._transaction():
            counters = self._counters(sorted({call[0] for call in batch}))
            rows: list = []
            moved: dict = {}
            for game_id, expect, start, events, decision in batch:
                row = counters.get(game_id)
                if row != (expect, start):
                    out.append(
                        ConflictError(
                            f"game {game_id!r}: decision {expect} was already answered by another writer "
                            f"(the store is at decision {row[0] if row else None})",
                            decision=expect,
                            stored=row[0] if row else None,
                        )
                    )
                    continue
                rows += [(game_id, start + k, json.dumps(e, ensure_ascii=False)) for k, e in enumerate(events)]
                counters[game_id] = moved[game_id] = (decision, start + len(events))
                out.append(None)
            for k in range(0, len(rows), _ROWS_PER_STATEMENT):
                part = rows[k : k + _ROWS_PER_STATEMENT]
                self._db.execute(
                    "INSERT INTO events VALUES " + ",".join(["(?, ?, ?)"] * len(part)), [x for r in part for x in r]
                )
            games = list(moved.items())
            for k in range(0, len(games), _ROWS_PER_STATEMENT):
                part = games[k : k + _ROWS_PER_STATEMENT]
                when = " ".join(["WHEN ? THEN ?"] * len(part))
                self._db.execute(
                    f"UPDATE games SET decision = CASE game_id {when} END, n_events = CASE game_id "
                    f"{when} END WHERE game_id IN ({','.join(['?'] * len(part))})",
                    [x for g, (d, _) in part for x in (g, d)]
                    + [x for g, (_, n) in part for x in (g, n)]
                    + [g for g, _ in part],
                )
        return out

    def _counters(self, game_ids: list) -> dict:
        """``(decision, n_events)`` of each stored game of ``game_ids``, read in one
        statement per few hundred games (one row: the counters as JSON)."""
        out: dict = {}
        for k in range(0, len(game_ids), _ROWS_PER_STATEMENT):
            part = game_ids[k : k + _ROWS_PER_STATEMENT]
            (text,) = self._db.execute(
                "SELECT json_group_array(json_array(game_id, decision, n_events)) FROM games "
                f"WHERE game_id IN ({','.join(['?'] * len(part))})",
                part,
            ).fetchone()
            out.update((g, (d, n)) for g, d, n in json.loads(text))
        return out

    def _insert(self, game_id: str, start: int, events: Sequence[dict]) -> None:
        self._db.executemany(
            "INSERT INTO events VALUES (?, ?, ?)",
            [(game_id, start + k, json.dumps(e, ensure_ascii=False)) for k, e in enumerate(events)],
        )

    def _transaction(self, begin: str = "BEGIN IMMEDIATE") -> _Transaction:
        return _Transaction(self, begin)

    # ---------------------------------------------------------------- reading
    def decision(self, game_id: str) -> int:
        """The stored decision number of ``game_id``."""
        rows = self._read("SELECT decision FROM games WHERE game_id = ?", (game_id,))
        if not rows:
            self._missing(game_id)
        if type(rows[0][0]) is not int:
            raise DamagedGameError(game_id, f"its decision counter is {rows[0][0]!r:.40}, not a whole number")
        return rows[0][0]

    def read(self, game_id: str) -> StoredGame:
        """Everything stored for ``game_id``, read in one snapshot and checked
        (:func:`~pillars_rules.table.rows.decode_game`): a damaged game raises
        :class:`~pillars_rules.errors.DamagedGameError` naming it."""
        check_game_id(game_id)
        with self._transaction("BEGIN"):
            row = self._read("SELECT header, cards, decision, n_events FROM games WHERE game_id = ?", (game_id,))
            if not row:
                self._missing(game_id)
            bodies = self._read("SELECT idx, body FROM events WHERE game_id = ? ORDER BY idx", (game_id,))
        header, cards, decision, n_events = row[0]
        return decode_game(game_id, header, cards, decision, n_events, bodies)

    def _missing(self, game_id: str) -> None:
        """Refuse a game the index does not find: ConfigError if it is not
        stored, StoreError if a scan of the table finds it (a damaged index)."""
        if self._read("SELECT 1 FROM games NOT INDEXED WHERE game_id = ?", (game_id,)):
            raise StoreError(
                f"the event store {self.path!r} is damaged: its index does not find the "
                f"game {game_id!r}, which its table holds"
            )
        raise ConfigError(f"no game {game_id!r} in the event store {self.path!r}")

    def games(self) -> list[str]:
        """The ids of every stored game, sorted. A stored id that is not a
        valid game id (damaged) raises :class:`~pillars_rules.errors.DamagedGameError`."""
        ids = [r[0] for r in self._read("SELECT game_id FROM games ORDER BY game_id", ())]
        for gid in ids:
            if isinstance(gid, Undecodable):
                raise DamagedGameError(bytes(gid), f"a game id in the event store {self.path!r} is not UTF-8 text")
            if not _valid_id(gid):
                raise DamagedGameError(
                    gid,
                    f"the event store {self.path!r} holds this id, which is not a "
                    f"printable string of 1 to {MAX_GAME_ID_LENGTH} characters",
                )
        return ids

    def delete(self, game_id: str) -> None:
        """Remove ``game_id`` and its log, in one transaction (nothing if it is not stored)."""
        with self._transaction():
            self._db.execute("DELETE FROM events WHERE game_id = ?", (game_id,))
            self._db.execute("DELETE FROM games WHERE game_id = ?", (game_id,))

    def _read(self, sql: str, args: tuple) -> list:
        """All rows of a query (fetched here: a damaged page can fail at any row)."""
        try:
            return self._db.execute(sql, args).fetchall()
        except _FAILURES as exc:
            raise StoreError(f"cannot read the event store {self.path!r}: {_why(exc)}") from None

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> EventStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<EventStore {self.path!r}>"


class _Transaction:
    """``BEGIN IMMEDIATE`` (take the write lock now, waiting up to the timeout)
    ... ``COMMIT``, or ``ROLLBACK`` on any error; sqlite errors become StoreError."""

    def __init__(self, store: EventStore, begin: str = "BEGIN IMMEDIATE") -> None:
        self._store = store
        self._begin = begin

    def __enter__(self) -> None:
        try:
            self._store._db.execute(self._begin)
        except _FAILURES as exc:
            raise StoreError(f"cannot start a transaction on {self._store.path!r}: {_why(exc)}") from None

    def __exit__(self, kind, exc, tb) -> Literal[False]:
        db = self._store._db
        if kind is None:
            try:
                db.execute("COMMIT")
                return False
            except _FAILURES as err:
                exc = StoreError(f"cannot commit to the event store {self._store.path!r}: {_why(err)}")
        try:
            if db.in_transaction:
                db.execute("ROLLBACK")
        except _FAILURES:
            pass  # the connection is broken: the error below says why
        if isinstance(exc, _FAILURES):
            raise StoreError(f"event store {self._store.path!r}: {_why(exc)}") from None
        if isinstance(exc, StoreError) and kind is None:
            raise exc
        return False


__all__ = ["EventStore", "StoreError", "MAX_GAME_ID_LENGTH", "check_game_id"]

"""An append-only event store in SQLite (stdlib :mod:`sqlite3`, WAL mode).

One database file holds any number of games. Each game has one header row
(the save header: card identity, variants, seats, names, seed -- a secret: the
database is server-side data) and its events, one row each, keyed by
``(game_id, index)``. Rows are only ever inserted, never changed or deleted,
except the header's ``decision`` and ``n_events`` counters.

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
from typing import Sequence

from ..errors import ConfigError, ConflictError, PillarsError, SaveError

#: Longest game id the store accepts.
MAX_GAME_ID_LENGTH = 200

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


class StoreError(PillarsError):
    """The database cannot be opened, read or written (the message says which file and why)."""


def check_game_id(game_id: object) -> str:
    if type(game_id) is not str or not 0 < len(game_id) <= MAX_GAME_ID_LENGTH or not game_id.isprintable():
        shown = f"{game_id!r:.60}" if type(game_id) is str else type(game_id).__name__
        raise ConfigError(f"a game id must be a printable string of 1 to {MAX_GAME_ID_LENGTH} "
                          f"characters, not {shown}")
    return game_id


class EventStore:
    """Games' event logs in one SQLite file (created on first use; ``":memory:"``
    keeps them in this connection only). ``timeout`` is how long a writer waits
    for another process's transaction to finish, in seconds.

    One store object is one connection: use it from one thread.
    """

    def __init__(self, path: str | os.PathLike = "pillars-games.sqlite3", *, timeout: float = 30.0) -> None:
        self.path = os.fspath(path)
        try:
            self._db = sqlite3.connect(self.path, timeout=timeout, isolation_level=None)
            if self.path != ":memory:":
                self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(_SCHEMA)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the event store {self.path!r}: {exc}") from None

    # ---------------------------------------------------------------- writing
    def create(self, game_id: str, header: dict, cards: Sequence[str] | None,
               events: Sequence[dict], decision: int) -> None:
        """Store a new game: its save ``header`` (no events), the card paths it
        was created with and its first events. :class:`ConflictError` if the id is taken."""
        check_game_id(game_id)
        with self._transaction():
            if self._db.execute("SELECT 1 FROM games WHERE game_id = ?", (game_id,)).fetchone():
                raise ConflictError(f"game {game_id!r} already exists in {self.path!r}")
            self._db.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?)",
                             (game_id, json.dumps(header), json.dumps(cards), decision, len(events)))
            self._insert(game_id, 0, events)

    def append(self, game_id: str, expect: int, start: int, events: Sequence[dict], decision: int) -> None:
        """Append ``events`` (the answer to decision ``expect``, starting at log
        index ``start``) and move the game to ``decision``, all or nothing.

        Raises :class:`ConflictError` if the stored game is no longer at
        decision ``expect`` with ``start`` events: another writer answered first.
        """
        with self._transaction():
            row = self._db.execute("SELECT decision, n_events FROM games WHERE game_id = ?",
                                   (game_id,)).fetchone()
            if row is None:
                raise ConfigError(f"no game {game_id!r} in the event store {self.path!r}")
            if row != (expect, start):
                raise ConflictError(
                    f"game {game_id!r}: decision {expect} was already answered by another writer "
                    f"(the store is at decision {row[0]}); reload the game and send the new views",
                    decision=expect, stored=row[0])
            self._insert(game_id, start, events)
            self._db.execute("UPDATE games SET decision = ?, n_events = ? WHERE game_id = ?",
                             (decision, start + len(events), game_id))

    def append_many(self, batch: Sequence[tuple[str, int, int, Sequence[dict], int]]) -> list:
        """Several :meth:`append` calls ``(game_id, expect, start, events, decision)``
        in one transaction, so they wait for the disk once (a server's group
        commit). Each is checked as :meth:`append` checks it; the answer has one
        entry per call: ``None`` (stored) or the :class:`ConflictError` that
        kept it out (the others are stored all the same)."""
        out: list = []
        with self._transaction():
            for game_id, expect, start, events, decision in batch:
                row = self._db.execute("SELECT decision, n_events FROM games WHERE game_id = ?",
                                       (game_id,)).fetchone()
                if row != (expect, start):
                    out.append(ConflictError(
                        f"game {game_id!r}: decision {expect} was already answered by another writer "
                        f"(the store is at decision {row[0] if row else None})", decision=expect,
                        stored=row[0] if row else None))
                    continue
                self._insert(game_id, start, events)
                self._db.execute("UPDATE games SET decision = ?, n_events = ? WHERE game_id = ?",
                                 (decision, start + len(events), game_id))
                out.append(None)
        return out

    def _insert(self, game_id: str, start: int, events: Sequence[dict]) -> None:
        self._db.executemany("INSERT INTO events VALUES (?, ?, ?)",
                             [(game_id, start + k, json.dumps(e, ensure_ascii=False))
                              for k, e in enumerate(events)])

    def _transaction(self, begin: str = "BEGIN IMMEDIATE") -> "_Transaction":
        return _Transaction(self, begin)

    # ---------------------------------------------------------------- reading
    def decision(self, game_id: str) -> int:
        """The stored decision number of ``game_id``."""
        row = self._read("SELECT decision FROM games WHERE game_id = ?", (game_id,)).fetchone()
        if row is None:
            raise ConfigError(f"no game {game_id!r} in the event store {self.path!r}")
        return row[0]

    def load(self, game_id: str) -> tuple[dict, list[str] | None, list[dict]]:
        """(save header, card paths, events) of ``game_id``, read in one snapshot."""
        check_game_id(game_id)
        with self._transaction("BEGIN"):
            row = self._read("SELECT header, cards, n_events FROM games WHERE game_id = ?",
                             (game_id,)).fetchone()
            if row is None:
                raise ConfigError(f"no game {game_id!r} in the event store {self.path!r}")
            bodies = self._read("SELECT idx, body FROM events WHERE game_id = ? ORDER BY idx",
                                (game_id,)).fetchall()
        if [i for i, _ in bodies] != list(range(row[2])):
            raise SaveError(f"game {game_id!r}: the store holds {len(bodies)} events with gaps or extras; "
                            f"its header counts {row[2]}")
        try:
            return json.loads(row[0]), json.loads(row[1]), [json.loads(b) for _, b in bodies]
        except ValueError as exc:
            raise SaveError(f"game {game_id!r}: a stored row is not valid JSON ({exc})") from None

    def games(self) -> list[str]:
        """The ids of every stored game, sorted."""
        return [r[0] for r in self._read("SELECT game_id FROM games ORDER BY game_id", ())]

    def _read(self, sql: str, args: tuple):
        try:
            return self._db.execute(sql, args)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot read the event store {self.path!r}: {exc}") from None

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> "EventStore":
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
        except sqlite3.Error as exc:
            raise StoreError(f"cannot start a transaction on {self._store.path!r}: {exc}") from None

    def __exit__(self, kind, exc, tb) -> bool:
        db = self._store._db
        if kind is None:
            try:
                db.execute("COMMIT")
                return False
            except sqlite3.Error as err:
                exc = StoreError(f"cannot commit to the event store {self._store.path!r}: {err}")
        if db.in_transaction:
            db.execute("ROLLBACK")
        if isinstance(exc, sqlite3.Error):
            raise StoreError(f"event store {self._store.path!r}: {exc}") from None
        if isinstance(exc, StoreError) and kind is None:
            raise exc
        return False


__all__ = ["EventStore", "StoreError", "MAX_GAME_ID_LENGTH"]

"""The server's game records in PostgreSQL, beside the event store's tables.

:class:`PgRegistry` is the :class:`~pillars_rules.web.registry.Registry` of a
server whose ``--db`` is a ``postgresql://`` connection string: the table
``server_games`` in the event store's schema, with the same columns as the
SQLite registry's (the record as JSON, and whether the game is finished), so
every server process on the database sees every game. It is created on first
use (with the schema, if the event store has not made it yet), under the
store's layout lock.
"""

from __future__ import annotations

from typing import Any, Protocol

import psycopg
from psycopg import sql

from ..table import StoreError
from ..table.pgstore import DEFAULT_SCHEMA, redacted


class RecordClass(Protocol):
    """What the registry asks of its record class (:class:`~pillars_rules.web.registry.GameRecord`,
    which registry.py passes in: it imports this module, so this module cannot import it).
    The records are opaque here: stored as their JSON, handed back as the class reads them."""

    def from_json(self, game_id: str, text: object, finished: object) -> Any: ...

    def decode_rows(self, rows: list[tuple[Any, ...]], where: str) -> tuple[list[Any], list[Any]]: ...


_TABLE = """
CREATE SCHEMA IF NOT EXISTS {s};
CREATE TABLE IF NOT EXISTS {s}.server_games (
    game_id text PRIMARY KEY,
    record text NOT NULL,
    finished boolean NOT NULL DEFAULT false
)
"""


class PgRegistry:
    """Game records in ``<schema>.server_games`` of the database ``dsn``;
    ``record`` is the record class (:class:`~pillars_rules.web.registry.GameRecord`,
    passed in by :func:`~pillars_rules.web.registry.open_storage`, which imports this module).

    One registry object is one connection (autocommit); a lost connection is
    opened again once per call, as the event store does. With ``timeout``,
    connecting and every statement give up after that many seconds."""

    def __init__(
        self, dsn: str, record: RecordClass, *, schema: str = DEFAULT_SCHEMA, timeout: float | None = None
    ) -> None:
        self._record = record
        self._timeout = timeout
        self.path = f"PostgreSQL {redacted(dsn)} schema {schema}"
        self._dsn = dsn
        self._cap_lock = f"pillars-games-cap:{schema}"
        s = sql.Identifier(schema)
        self._sql = {
            "add": sql.SQL("INSERT INTO {s}.server_games (game_id, record) VALUES (%s, %s)").format(s=s),
            "add_within": sql.SQL(
                "INSERT INTO {s}.server_games (game_id, record) SELECT %s, %s "
                "WHERE (SELECT count(*) FROM {s}.server_games WHERE NOT finished) < %s"
            ).format(s=s),
            "get": sql.SQL("SELECT record, finished FROM {s}.server_games WHERE game_id = %s").format(s=s),
            "lock": sql.SQL("SELECT record, finished FROM {s}.server_games WHERE game_id = %s FOR UPDATE").format(s=s),
            "put": sql.SQL("UPDATE {s}.server_games SET record = %s WHERE game_id = %s").format(s=s),
            "all": sql.SQL("SELECT game_id, record, finished FROM {s}.server_games").format(s=s),
            "finish": sql.SQL("UPDATE {s}.server_games SET finished = true WHERE game_id = %s").format(s=s),
            "delete": sql.SQL("DELETE FROM {s}.server_games WHERE game_id = %s").format(s=s),
            "open": sql.SQL("SELECT count(*) FROM {s}.server_games WHERE NOT finished").format(s=s),
        }
        self._conn = self._connect()
        try:
            with self._conn.transaction():  # under the store's layout lock: two processes may start at once
                self._conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (f"pillars-schema:{schema}",))
                self._conn.execute(sql.SQL(_TABLE).format(s=s))
        except psycopg.Error as exc:
            self._conn.close()
            raise StoreError(f"cannot make the game records in {self.path}: {str(exc).splitlines()[0]}") from None

    def _connect(self) -> psycopg.Connection:
        t = self._timeout  # None: no bounds (psycopg leaves out a parameter given as None)
        try:
            return psycopg.connect(
                self._dsn,
                autocommit=True,
                application_name="pillars-rules registry",
                connect_timeout=None if t is None else max(2, round(t)),
                options=None if t is None else f"-c statement_timeout={round(t * 1000)}",
            )
        except psycopg.Error as exc:
            raise StoreError(f"cannot open the game records in {self.path}: {str(exc).splitlines()[0]}") from None

    def _run(self, statement, args: tuple = ()) -> list:
        def run(conn: psycopg.Connection) -> list:
            cur = conn.execute(statement, args)
            return cur.fetchall() if cur.description else []

        return self._with_conn(run)

    def _with_conn(self, fn):
        """``fn(connection)``, on a new connection once if the first was lost;
        :class:`StoreError` for any database error."""
        for attempt in (0, 1):
            try:
                return fn(self._conn)
            except psycopg.Error as exc:
                if attempt or not (self._conn.broken or self._conn.closed):
                    raise StoreError(f"game records in {self.path}: {str(exc).splitlines()[0]}") from None
            self._conn.close()
            self._conn = self._connect()
        raise AssertionError("unreachable")

    def add(self, record) -> None:
        self._run(self._sql["add"], (record.game_id, record.to_json()))

    def add_within(self, record, most: int) -> bool:
        """Add ``record`` if fewer than ``most`` games are unfinished; whether it was added.
        The count and the insert run in one transaction under an advisory lock of the
        schema's, so parallel requests and every server process on the database are
        counted one after another and none passes the cap."""

        def add(conn: psycopg.Connection) -> bool:
            with conn.transaction():
                conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (self._cap_lock,))
                return conn.execute(self._sql["add_within"], (record.game_id, record.to_json(), most)).rowcount == 1

        return self._with_conn(add)

    def get(self, game_id: str):
        rows = self._run(self._sql["get"], (game_id,))
        return self._record.from_json(game_id, rows[0][0], rows[0][1]) if rows else None

    def change(self, game_id: str, how):
        """Replace the record of ``game_id`` with ``how(record)``; the new record
        (``None``: no such game). The row is locked from the read to the write."""

        def put(conn: psycopg.Connection):
            with conn.transaction():
                rows = conn.execute(self._sql["lock"], (game_id,)).fetchall()
                if not rows:
                    return None
                record = how(self._record.from_json(game_id, rows[0][0], rows[0][1]))
                conn.execute(self._sql["put"], (record.to_json(), game_id))
                return record

        return self._with_conn(put)

    def records(self) -> list:
        """Every readable record, oldest first (a damaged one is logged and left out)."""
        return self.read_all()[0]

    def read_all(self) -> tuple[list, list]:
        """Every record, and the errors of the damaged ones."""
        return self._record.decode_rows(self._run(self._sql["all"]), self.path)

    def finish(self, game_id: str) -> None:
        self._run(self._sql["finish"], (game_id,))

    def delete(self, game_id: str) -> None:
        self._run(self._sql["delete"], (game_id,))

    def open_count(self) -> int:
        return self._run(self._sql["open"])[0][0]

    def close(self) -> None:
        self._conn.close()


__all__ = ["PgRegistry"]

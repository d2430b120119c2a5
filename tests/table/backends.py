"""The two event-store backends, behind one face for the table tests.

Each test that takes the ``backend`` fixture runs twice: on SQLite (a file in
the test's folder) and on PostgreSQL (a new database on the session's
throwaway cluster). ``backend.spec`` names the store for another process
(:func:`pillars_rules.table.opening.open_store`); ``backend.execute`` runs
raw SQL on the store's tables (``?`` placeholders on both), as a damaged disk
or a hostile operator would.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing

from pillars_rules.table import EventStore, open_store


class SqliteBackend:
    name = "sqlite"

    def __init__(self, folder) -> None:
        self.spec = str(folder / "games.sqlite3")

    def open(self):
        return EventStore(self.spec)

    def scratch(self):
        """A store for one test's games only, as quick as the backend allows (in memory)."""
        return EventStore(":memory:")

    def execute(self, sql: str, args: tuple = ()) -> list:
        with closing(sqlite3.connect(self.spec, isolation_level=None)) as raw:
            return raw.execute(sql, args).fetchall()

    def others(self) -> int:
        """Connections to the store besides the caller's own: none to count for a file."""
        return 0

    def sessions(self) -> list:
        return []

    def abandon_write(self, game_id: str, index: int) -> None:
        """A writer that dies inside its transaction: rows written, no COMMIT."""
        raw = sqlite3.connect(self.spec, isolation_level=None)
        raw.execute("BEGIN IMMEDIATE")
        raw.execute('INSERT INTO events VALUES (?, ?, \'{"type": "GameEnded"}\')', (game_id, index))
        raw.execute("UPDATE games SET decision = decision + 1, n_events = n_events + 1")
        raw.close()


class PostgresBackend:
    name = "postgres"

    def __init__(self, dsn: str) -> None:
        self.spec = dsn

    def open(self):
        return open_store(self.spec)

    scratch = open

    def _connect(self, autocommit: bool = True):
        import psycopg

        conn = psycopg.connect(self.spec, autocommit=autocommit)
        conn.execute("SET search_path TO pillars")
        return conn

    def execute(self, sql: str, args: tuple = ()) -> list:
        with self._connect() as raw:
            cur = raw.execute(sql.replace("?", "%s"), args)
            return cur.fetchall() if cur.description else []

    def others(self) -> int:
        """The server's connections to this database besides the caller's. A
        client killed by SIGKILL leaves its server process behind until that
        process notices, and a COMMIT the client had sent still lands then."""
        with self._connect() as raw:
            # client sessions only: an autovacuum worker on the new database shows there too
            return raw.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND pid <> pg_backend_pid() AND backend_type = 'client backend'"
            ).fetchone()[0]

    def sessions(self) -> list:
        """What :meth:`others` counts, for a failure's message: each session's kind, state and query."""
        with self._connect() as raw:
            return raw.execute(
                "SELECT backend_type, state, left(query, 80), now() - state_change FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            ).fetchall()

    def abandon_write(self, game_id: str, index: int) -> None:
        raw = self._connect(autocommit=False)
        raw.execute('INSERT INTO events VALUES (%s, %s, \'{"type": "GameEnded"}\')', (game_id, index))
        raw.execute("UPDATE games SET decision = decision + 1, n_events = n_events + 1")
        raw.close()  # no COMMIT: PostgreSQL rolls back

"""The table tests run on both event-store backends (see ``backends.py``)."""

import pytest

from .backends import PostgresBackend, SqliteBackend


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def backend(request, tmp_path):
    if request.param == "sqlite":
        return SqliteBackend(tmp_path)
    dsn = request.getfixturevalue("pg_dsn")
    store = PostgresBackend(dsn)
    store.open().close()  # the tables exist for raw SQL
    return store

"""Opening an event store by name: a PostgreSQL connection string or a SQLite path.

>>> from pillars_rules.table.opening import open_store
>>> open_store(":memory:")
<EventStore ':memory:'>
"""

from __future__ import annotations

import os
from typing import Any

from ..errors import ConfigError
from .backend import Store
from .store import EventStore

#: Prefixes of a PostgreSQL connection string (a libpq URI) for :func:`open_store`.
POSTGRES_PREFIXES = ("postgresql://", "postgres://")


def open_store(spec: str | os.PathLike[str], **options: Any) -> Store:
    """The store that ``spec`` names: a PostgreSQL connection string
    (``postgresql://user@host/db``; needs ``pip install 'pillars-rules[postgres]'``)
    or the path of a SQLite file. ``options`` go to the store's constructor."""
    text = os.fspath(spec)
    if isinstance(text, str) and text.startswith(POSTGRES_PREFIXES):
        try:
            from .pgstore import PgEventStore
        except ImportError as exc:
            raise ConfigError(
                f"a PostgreSQL store needs psycopg 3 ({exc}): pip install 'pillars-rules[postgres]'"
            ) from None
        return PgEventStore(text, **options)
    return EventStore(text, **options)


__all__ = ["open_store", "POSTGRES_PREFIXES"]

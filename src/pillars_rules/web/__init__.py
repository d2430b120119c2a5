"""The game server: ``pillars-rules serve`` (extra ``[web]``: Starlette and uvicorn).

An ASGI app (:func:`~pillars_rules.web.app.create_app`) with a lobby that
creates games, one WebSocket per client speaking the protocol of
docs/protocol.rst (:mod:`.protocol`), server bots in a process pool
(:mod:`.bots`) and every game in the SQLite event store of
:mod:`pillars_rules.table`. It is a client of the engine: it uses the public
API, the table and the label layer only.

* :mod:`.app` -- routes, security headers, the life span;
* :mod:`.server` -- the shared state: storage, card sets, rooms, bounds;
* :mod:`.rooms` -- one hosted game: its table, clients, bots, takeover, fan-out;
* :mod:`.connection` -- the WebSocket endpoint: hello, rate, size, actions;
* :mod:`.protocol` -- the messages (no I/O);
* :mod:`.lobby`, :mod:`.cardsets`, :mod:`.registry`, :mod:`.settings`, :mod:`.pages`;
* :mod:`.client` -- a Python client that reconnects and catches up by itself.
"""

from __future__ import annotations

from typing import Any

__all__ = ["create_app", "Settings"]


def __getattr__(name: str) -> Any:
    # Starlette is an optional dependency: load it only when the app is asked for
    if name == "create_app":
        from .app import create_app

        return create_app
    if name == "Settings":
        from .settings import Settings

        return Settings
    raise AttributeError(name)

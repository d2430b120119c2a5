"""The moves a server process heard in PostgreSQL notifications, kept until its table reads them.

A move's notification carries its events when they fit in the payload
(:mod:`pillars_rules.table.pgstore`); :class:`HeardEvents` keeps them per game so
that :meth:`PgEventStore.events_since <pillars_rules.table.pgstore.PgEventStore.events_since>`
can answer without reading the log. It keeps one unbroken run of events per
game: a move that does not begin where the run ends (one was missed, or came
without its events) replaces it, so an answer never has a hole, and anything
before the run is read from the log. Nothing here touches the database.

The listener's thread adds and the store's thread takes: each side only swaps
one dict entry (atomic in CPython), and a run handed out while more is heard
is answered by position.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

#: The most events kept for one game: a longer run of moves heard and never read
#: (this process's own, say) is dropped, and read from the log if asked.
MAX_HEARD_EVENTS = 512


class HeardEvents:
    """game id -> (first log index, events) of the moves heard and not read yet."""

    __slots__ = ("_runs",)

    def __init__(self) -> None:
        self._runs: dict[str, tuple[int, tuple[dict[str, Any], ...]]] = {}

    def add(self, game_id: str, n_events: int, bodies: Sequence[str]) -> bool:
        """Keep a notified move's event texts (``n_events``: the log's length after it).
        False if nothing was kept (no events, a text that is not a JSON object, a
        counter that does not fit): then the game's run is dropped too."""
        count = len(bodies)
        first = n_events - count
        events = _decode(bodies) if count and first >= 0 else None
        if events is None:
            self._runs.pop(game_id, None)
            return False
        kept = self._runs.get(game_id)
        if kept is not None and kept[0] + len(kept[1]) == first and len(kept[1]) + count <= MAX_HEARD_EVENTS:
            self._runs[game_id] = (kept[0], kept[1] + events)
        else:
            self._runs[game_id] = (first, events)
        return True

    def take(self, game_id: str, start: int) -> list[dict[str, Any]] | None:
        """The events from log index ``start`` on, if the run covers ``start``, else
        None; either way the run is handed out (dropped)."""
        run = self._runs.pop(game_id, None)
        if run is not None:
            first, events = run
            if first <= start < first + len(events):
                return list(events[start - first :])
        return None

    def covers(self, game_id: str, start: int) -> bool:
        """Whether :meth:`take` ``(game_id, start)`` would answer."""
        run = self._runs.get(game_id)
        return run is not None and run[0] <= start < run[0] + len(run[1])

    def forget(self, game_id: str) -> None:
        """Drop the run of ``game_id``."""
        self._runs.pop(game_id, None)


def _decode(bodies: Sequence[str]) -> tuple[dict[str, Any], ...] | None:
    """The events of heard texts (each a JSON object), or None if one is not: then the
    log is read, and checked (the events are checked again, field by field, as a
    table folds them)."""
    out = []
    for body in bodies:
        try:
            event = json.loads(body)
        except (ValueError, RecursionError):
            return None
        if type(event) is not dict:
            return None
        out.append(event)
    return tuple(out)


__all__ = ["HeardEvents", "MAX_HEARD_EVENTS"]

"""What a :class:`~pillars_rules.table.Table` needs of an event store.

Two backends implement :class:`Store`:

* :class:`~pillars_rules.table.store.EventStore` -- SQLite, one file, one
  machine; the default;
* :class:`~pillars_rules.table.pgstore.PgEventStore` -- PostgreSQL (optional
  extra ``[postgres]``), for several server processes on several machines.

Both keep the same promises: games are append-only logs; an answer to a
decision is stored only if the stored game is still at that decision (the
loser of a race gets :class:`~pillars_rules.errors.ConflictError` and nothing
of its is stored); a damaged store is a :class:`~pillars_rules.errors.SaveError`
naming the game (:class:`~pillars_rules.errors.DamagedGameError`), an
unreachable or failing database a :class:`~pillars_rules.errors.StoreError`.

:func:`~pillars_rules.table.opening.open_store` opens either by name.
"""

from __future__ import annotations

import abc
from collections.abc import Sequence
from typing import Any

from ..errors import ConflictError
from .rows import CardSource, StoredGame


class Store(abc.ABC):
    """An append-only store of games' event logs (see the module docstring).

    One store object is one database connection: use it from one thread.
    """

    @abc.abstractmethod
    def create(
        self, game_id: str, header: dict[str, Any], cards: CardSource, events: Sequence[dict[str, Any]], decision: int
    ) -> None:
        """Store a new game: its save ``header`` (no events), what reopening needs
        of its cards (:func:`~pillars_rules.table.rows.card_source`) and its first
        events. :class:`ConflictError` if the id is taken."""

    @abc.abstractmethod
    def append(self, game_id: str, expect: int, start: int, events: Sequence[dict[str, Any]], decision: int) -> None:
        """Append ``events`` (the answer to decision ``expect``, starting at log
        index ``start``) and move the game to ``decision``, all or nothing;
        :class:`ConflictError` if the stored game is no longer at decision
        ``expect`` with ``start`` events."""

    def append_many(
        self, batch: Sequence[tuple[str, int, int, Sequence[dict[str, Any]], int]]
    ) -> list[ConflictError | None]:
        """Several :meth:`append` calls ``(game_id, expect, start, events, decision)``;
        one entry per call: ``None`` (stored) or the
        :class:`~pillars_rules.errors.ConflictError` that kept it out. This
        default stores them one by one; a backend may store them in one
        transaction (one wait for the disk)."""
        out: list[ConflictError | None] = []
        for game_id, expect, start, events, decision in batch:
            try:
                self.append(game_id, expect, start, events, decision)
                out.append(None)
            except ConflictError as err:
                out.append(err)
        return out

    @abc.abstractmethod
    def decision(self, game_id: str) -> int:
        """The stored decision number of ``game_id``."""

    @abc.abstractmethod
    def read(self, game_id: str) -> StoredGame:
        """Everything stored for ``game_id``, read in one snapshot and checked
        (:func:`~pillars_rules.table.rows.decode_game`): a damaged game is a
        :class:`~pillars_rules.errors.DamagedGameError` naming it."""

    def load(self, game_id: str) -> tuple[dict[str, Any], CardSource, list[dict[str, Any]]]:
        """(save header, card source, events) of ``game_id`` (see :meth:`read`)."""
        stored = self.read(game_id)
        return stored.header, stored.cards, stored.events

    @abc.abstractmethod
    def games(self) -> list[str]:
        """The ids of every stored game, sorted (by code point)."""

    @abc.abstractmethod
    def delete(self, game_id: str) -> None:
        """Remove ``game_id`` and its whole log (nothing if it is not stored)."""

    @abc.abstractmethod
    def close(self) -> None:
        """Close the connection."""

    def events_since(self, game_id: str, start: int) -> list[dict[str, Any]]:
        """The events of ``game_id`` from log index ``start`` on (what a table
        holding ``start`` events is missing), read in one snapshot. This
        default reads the whole game; a backend may read only the tail."""
        return self.read(game_id).events[start:]

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


__all__ = ["Store"]

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
naming the game, an unreachable or failing database a :class:`StoreError`.

:func:`~pillars_rules.table.opening.open_store` opens either by name.
"""

from __future__ import annotations

import abc
import json
from typing import Sequence

from ..errors import SaveError


class Store(abc.ABC):
    """An append-only store of games' event logs (see the module docstring).

    One store object is one database connection: use it from one thread.
    """

    @abc.abstractmethod
    def create(self, game_id: str, header: dict, cards: Sequence[str] | None,
               events: Sequence[dict], decision: int) -> None:
        """Store a new game: its save ``header`` (no events), the card paths it
        was created with and its first events. :class:`ConflictError` if the id is taken."""

    @abc.abstractmethod
    def append(self, game_id: str, expect: int, start: int, events: Sequence[dict], decision: int) -> None:
        """Append ``events`` (the answer to decision ``expect``, starting at log
        index ``start``) and move the game to ``decision``, all or nothing;
        :class:`ConflictError` if the stored game is no longer at decision
        ``expect`` with ``start`` events."""

    @abc.abstractmethod
    def decision(self, game_id: str) -> int:
        """The stored decision number of ``game_id``."""

    @abc.abstractmethod
    def load(self, game_id: str) -> tuple[dict, list[str] | None, list[dict]]:
        """(save header, card paths, events) of ``game_id``, read in one snapshot."""

    @abc.abstractmethod
    def games(self) -> list[str]:
        """The ids of every stored game, sorted (by code point)."""

    @abc.abstractmethod
    def close(self) -> None:
        """Close the connection."""

    def events_since(self, game_id: str, start: int) -> list[dict]:
        """The events of ``game_id`` from log index ``start`` on (what a table
        holding ``start`` events is missing), read in one snapshot. This
        default reads the whole game; a backend may read only the tail."""
        return self.load(game_id)[2][start:]

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def decode_events(where: str, game_id: str, rows: Sequence[tuple[int, str]], start: int,
                  n_events: int) -> list[dict]:
    """The events of stored ``rows`` ``(index, JSON text)``, which must be exactly the
    indices ``start .. n_events-1`` in order, each a JSON object; else
    :class:`~pillars_rules.errors.SaveError` naming the game, ``where`` it is and what is wrong."""
    indices = [i for i, _ in rows]
    if indices != list(range(start, n_events)):
        raise SaveError(f"game {game_id!r} in {where}: the store holds {len(rows)} events from index "
                        f"{start} with gaps or extras; its header counts {n_events}")
    return [_object(where, game_id, f"event {i}", body) for i, body in rows]


def decode_header(where: str, game_id: str, header: str, cards: str) -> tuple[dict, list[str] | None]:
    """(save header, card paths) of a stored game; SaveError if either is damaged."""
    head = _object(where, game_id, "the header", header)
    paths = _json(where, game_id, "the card paths", cards)
    if paths is not None and (type(paths) is not list or not all(type(p) is str for p in paths)):
        raise SaveError(f"game {game_id!r} in {where}: the card paths are not a list of strings")
    return head, paths


def _object(where: str, game_id: str, what: str, text: object) -> dict:
    value = _json(where, game_id, what, text)
    if type(value) is not dict:
        raise SaveError(f"game {game_id!r} in {where}: {what} is not a JSON object")
    return value


def _json(where: str, game_id: str, what: str, text: object):
    if type(text) is not str:
        raise SaveError(f"game {game_id!r} in {where}: {what} is not text")
    try:
        return json.loads(text)
    except RecursionError:
        raise SaveError(f"game {game_id!r} in {where}: {what} is nested too deeply") from None
    except ValueError as exc:
        raise SaveError(f"game {game_id!r} in {where}: {what} is not valid JSON ({str(exc)[:80]})") from None


__all__ = ["Store", "decode_events", "decode_header"]

"""Taking moves back in an append-only log: the ``Undone`` row.

A stored game's log only grows. To take moves back, a table appends one row
that is not an engine event::

    {"type": "Undone", "seat": 1, "keep": 212, "decision": 14, "from": 17, "step": 31}

``keep`` events of the game as it stood stay; the rest are set aside (still
stored, so the game's history shows them) and play goes on from decision
``decision``. ``from`` is the decision the game was at, ``seat`` who asked,
``step`` the store's counter after the row.

The store's counter (its ``decision`` column) is the table's *step*: it moves
on by one for every answer and every ``Undone`` row, so it never repeats even
when the game's decision number goes back; a writer that answered a decision
of a branch that was taken back finds the step moved on and gets a conflict.
Without ``Undone`` rows the step is the game's decision number and the row
count its event count, as before.

:func:`unwind` reads a stored log (rows and counter) into the log the rules
replay and the history of its undos.
"""

from __future__ import annotations

from typing import Any

import attrs
from attrs import frozen

from ..errors import DamagedGameError
from .rows import StoredGame

#: The ``type`` of the row that takes moves back.
UNDONE = "Undone"
_FIELDS = ("seat", "keep", "decision", "from", "step")


@frozen
class Undone:
    """One taking back: ``seat`` asked; the log kept ``keep`` events, going
    back from decision ``came_from`` to decision ``decision``; ``step`` is the
    store's counter after it."""

    seat: int
    keep: int
    decision: int
    came_from: int
    step: int

    def row(self) -> dict[str, Any]:
        """The row stored for it."""
        return {
            "type": UNDONE,
            "seat": self.seat,
            "keep": self.keep,
            "decision": self.decision,
            "from": self.came_from,
            "step": self.step,
        }

    def public(self) -> dict[str, Any]:
        """What clients are told of it (no more than the row holds)."""
        return {"seat": self.seat, "at": self.keep, "to": self.decision, "from": self.came_from}


def is_undone(row: Any) -> bool:
    return type(row) is dict and row.get("type") == UNDONE


def _read(row: dict[str, Any], index: int, game_id: str) -> Undone:
    raw = [row.get(k) for k in _FIELDS]
    values = [v for v in raw if type(v) is int and v >= 0]
    if set(row) != {"type", *_FIELDS} or len(values) != len(raw):
        raise DamagedGameError(
            game_id, f"event {index} is an Undone row without the whole numbers {', '.join(_FIELDS)}"
        )
    seat, keep, decision, came_from, step = values
    if decision > came_from:
        raise DamagedGameError(game_id, f"event {index} goes forward from decision {came_from} to {decision}")
    return Undone(seat, keep, decision, came_from, step)


def unwind(stored: StoredGame) -> tuple[StoredGame, list[Undone]]:
    """The stored game as the rules replay it (its ``Undone`` rows applied: the
    events they set aside dropped, the counter brought back to the game's
    decision number) and its undos, oldest first.
    :class:`~pillars_rules.errors.DamagedGameError` if a row is malformed or
    keeps more events than there are."""
    if not any(is_undone(row) for row in stored.events):
        return stored, []
    events: list[dict[str, Any]] = []
    undos: list[Undone] = []
    offset = 0
    for i, row in enumerate(stored.events):
        if not is_undone(row):
            events.append(row)
            continue
        u = _read(row, i, stored.game_id)
        if not 0 < u.keep <= len(events):
            raise DamagedGameError(stored.game_id, f"event {i} keeps {u.keep} events of {len(events)}")
        del events[u.keep :]
        offset += u.came_from - u.decision + 1
        undos.append(u)
    if stored.decision < offset:
        raise DamagedGameError(stored.game_id, f"its counter {stored.decision} is below its undos' {offset}")
    return attrs.evolve(stored, events=events, decision=stored.decision - offset), undos


__all__ = ["UNDONE", "Undone", "is_undone", "unwind"]

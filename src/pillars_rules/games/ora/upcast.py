"""Ora logs written before the ``use`` decision, brought to today's events (``upcast``).

Until the outcome of a building's function became a decision of its own, an action
named its outcome: a placement's events were ``Placed`` then ``Used`` (or ``Placed``
alone, placed without using it); a work contract's ``Asked`` carried the ``Used`` that
followed the owner's placement; the solo game's neutral prior was ``Paid``, ``Placed``,
``Used`` (or nothing) and ``NeutralDone``; a follow-up use was ``Used`` right after
its ``then use`` turn. Today each placement is followed by the user's ``use`` turn
(``Turn(seat, "use")``) whose answer is the ``Used`` or ``Passed(seat, "use")`` (the
neutral prior's: its ``NeutralDone``), ``Asked`` carries no use, and a follow-up use
first names its building (``Picked``).

The rewriting is idempotent: a log of today's events is returned as it is, so a log
is upcast whatever its age; the positions of a :class:`~pillars_rules.errors.SaveError`
raised while replaying are those of the upcast log.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from . import records as R


def upcast(events: Sequence[Any]) -> list[Any]:
    """``events`` with every placement, contract and follow-up use in today's shape (see the module)."""
    out: list[Any] = []
    contract: tuple[int, str] | None = None  # an old contract's user and building, until its placement
    for i, e in enumerate(events):
        t = type(e)
        if t is R.Asked:
            contract = (e.seat, e.key)
            out.append(attrs.evolve(e, use=None) if e.use is not None else e)
            continue
        if t is R.Used and out and type(out[-1]) is R.Turn and out[-1].kind == "then use":
            out += [R.Picked(e.seat, e.key), R.Turn(e.seat, "use"), e]
            continue
        if t is not R.Placed:
            out.append(e)
            continue
        nxt = events[i + 1] if i + 1 < len(events) else None
        before = out[-1] if out else None
        out.append(e)
        if nxt is None or (type(nxt) is R.Turn and nxt.kind == "use"):
            continue  # today's shape (or a log cut short here)
        if contract is not None and contract[1] == e.key:
            user, why = contract[0], "contract"
            contract = None
        elif type(before) is R.Paid and before.why == "the neutral prior":
            user, why = 0, "neutral prior"
        else:
            user, why = e.seat, "place"
        out.append(R.Turn(user, "use"))
        if not (type(nxt) is R.Used and nxt.seat == user and nxt.key == e.key) and why != "neutral prior":
            out.append(R.Passed(user, "use"))  # placed without using it
    return out


__all__ = ["upcast"]

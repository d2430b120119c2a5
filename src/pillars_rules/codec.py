"""Events and states as JSON-ready values: the writing half of the save
format, shared by :func:`~pillars_rules.save` and the seat export of
:mod:`pillars_rules.view`. It imports only the engine's event classes, so
both can use it without importing each other (reading a save, with its strict
checks, stays in :mod:`pillars_rules.persistence`).
"""

from __future__ import annotations

from typing import Any, Callable

from cattrs.preconf.json import make_converter

from .engine import events as E

#: The cattrs converter of saves and exports (``converter.unstructure(state)``).
converter = make_converter()
_UNSTRUCT: dict[type, Callable[[Any], Any]] = {
    cls: converter.get_unstructure_hook(cls) for cls in E.EVENT_TYPES.values()
}


def event_to_dict(event: object) -> dict:
    """``event`` as a dict with its class name under ``"type"``, ready for JSON."""
    d = _UNSTRUCT[type(event)](event)
    return {"type": type(event).__name__, **d}


__all__ = ["converter", "event_to_dict"]

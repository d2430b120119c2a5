"""Events and states as JSON-ready values: the writing half of the save
format, shared by :func:`~pillars_rules.save` and the seat export of
:mod:`pillars_rules.view`. It imports only the engine's event classes, so
both can use it without importing each other (reading a save stays in
:mod:`pillars_rules.saves.savefile`, its strict checks in :mod:`pillars_rules.saves.strict`).
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from typing import Any

from cattrs.preconf.json import make_converter

from ..engine import events as E

#: The cattrs converter of saves and exports (``converter.unstructure(state)``).
converter = make_converter()
# Sets (seats who passed, decisions settled...) are written sorted, so a save is
# byte-identical whatever the interpreter's hash seed.


def _is_frozenset(t: object) -> bool:
    return typing.get_origin(t) is frozenset


converter.register_unstructure_hook_func(_is_frozenset, lambda v: sorted(converter.unstructure(x) for x in v))
_UNSTRUCT: dict[type, Callable[[Any], Any]] = {
    cls: converter.get_unstructure_hook(cls) for cls in E.EVENT_TYPES.values()
}


def event_to_dict(event: object) -> dict[str, Any]:
    """``event`` as a dict with its class name under ``"type"``, ready for JSON."""
    d = _UNSTRUCT[type(event)](event)
    return {"type": type(event).__name__, **d}


__all__ = ["converter", "event_to_dict"]

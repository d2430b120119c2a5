"""Events and states as JSON-ready values: the writing half of the save
format, shared by :func:`~pillars_rules.save` and the seat export of
:mod:`pillars_rules.view`. It imports only the engine's event classes, so
both can use it without importing each other (reading a save stays in
:mod:`pillars_rules.saves.savefile`, its strict checks in :mod:`pillars_rules.pillars_json.strict`).
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from typing import Any

from cattrs.gen import make_dict_unstructure_fn
from cattrs.preconf.json import make_converter

from ..core.frame import FIELDS as FRAME_FIELDS
from ..engine import events as E
from ..engine.state import WIRE_FIELDS, GameState

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


#: A state's fields as its JSON object names them, in order: the frame's fields
#: (``pending``, ``rng``, ``game_over``, ``decision``) in their places among the
#: game's own, as before the state held a :class:`~pillars_rules.core.Frame`.
STATE_FIELDS: tuple[str, ...] = WIRE_FIELDS
_FRAMED = make_dict_unstructure_fn(GameState, converter)


def _state_to_dict(state: GameState) -> dict[str, Any]:
    doc = _FRAMED(state)
    frame = doc["frame"]
    return {name: doc[name] if name in doc else frame[name] for name in STATE_FIELDS}


converter.register_unstructure_hook(GameState, _state_to_dict)


def framed_state_doc(doc: object) -> object:
    """A state's JSON object (parsed, untrusted) with the frame's fields
    gathered under ``frame``, as the record holds them: what the strict
    reader structures (anything but an object is left as it is, for the
    reader to refuse)."""
    if type(doc) is not dict or "frame" in doc:
        return doc
    out = {k: v for k, v in doc.items() if k not in FRAME_FIELDS}
    out["frame"] = {k: doc[k] for k in FRAME_FIELDS if k in doc}
    return out


def event_to_dict(event: object) -> dict[str, Any]:
    """``event`` as a dict with its class name under ``"type"``, ready for JSON."""
    d = _UNSTRUCT[type(event)](event)
    return {"type": type(event).__name__, **d}


__all__ = ["converter", "event_to_dict", "framed_state_doc", "STATE_FIELDS"]

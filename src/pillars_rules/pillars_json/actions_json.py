"""Actions as JSON, for servers: :func:`decode_action` and :func:`encode_action`.

A client sends an action as a JSON object naming the action class in
``"type"`` and its fields by name::

    {"type": "Buy", "resource": "wood", "n": 2}

:func:`decode_action` trusts nothing: whatever the input (text, bytes or an
already parsed ``dict``), it returns an action object or raises
:class:`~pillars_rules.errors.IllegalActionError` with a short reason. The
message size, nesting, numbers and every field's exact JSON type are checked
(no coercion: ``"2"``, ``2.0`` and ``true`` are not ``2``); unknown and
missing fields are refused (fields with a default, such as ``Place.free``,
may be left out). A ``label`` sent by the client is ignored and never echoed
back. Whether the action is *legal* is then for
:meth:`~pillars_rules.Game.apply` to say.

:func:`encode_action` adds a ``"label"``: ``str(action)``, a short description
made from the action's fields alone (card ids, no prices), the same in every
process. The words a person reads -- card names, what the action gives and
costs -- need the game's cards and state: a server sends
:func:`pillars_rules.words.choice_dict` of each choice, whose ``"action"`` is
this encoding and whose ``"label"`` is the full one.

>>> from pillars_rules import actions as A
>>> decode_action('{"type": "Buy", "resource": "wood", "n": 2}')
Buy(resource='wood', n=2)
>>> encode_action(A.Place("kings_court", 0))
{'type': 'Place', 'location': 'kings_court', 'spot': 0, 'free': False, 'label': "place a builder at the King's court, spot 1"}
>>> decode_action(encode_action(A.Pass())) == A.Pass()
True
"""

from __future__ import annotations

from typing import Any

import attrs

from ..engine.actions import ACTION_TYPES
from ..errors import IllegalActionError, safe_repr
from ..limits import MAX_ACTION_BYTES, MAX_NAME_LENGTH
from ..saves.jsonguard import GuardedJson, JsonWords

#: Longest string field a client may send (card ids, locations, resources).
MAX_FIELD_LENGTH = MAX_NAME_LENGTH
#: Largest magnitude of a whole-number field (spots, counts, indices).
MAX_FIELD_INT = 2**31 - 1
_MAX_DIGITS = len(str(MAX_FIELD_INT)) + 1

_TYPE_NAMES = {int: "a whole number", str: "a string", bool: "true or false"}


def _fields(cls: type) -> tuple[tuple[str, type, Any], ...]:
    """(name, JSON type, default or NOTHING) of each field but ``label``."""
    attrs.resolve_types(cls)
    return tuple((f.name, f.type, f.default) for f in attrs.fields(cls) if f.name != "label")


_FIELDS: dict[str, tuple[tuple[str, type, Any], ...]] = {name: _fields(cls) for name, cls in ACTION_TYPES.items()}


def action_repr(action: object, limit: int = 120) -> str:
    """A short ``repr`` of ``action`` that never raises, whatever its fields hold
    (a 10**5000 count, an object whose ``__repr__`` raises); the label is left out."""
    cls = type(action)
    if ACTION_TYPES.get(cls.__name__) is cls:
        parts = ", ".join(f"{n}={safe_repr(getattr(action, n, None), 40)}" for n, _, _ in _FIELDS[cls.__name__])
        text = f"{cls.__name__}({parts})"
        return text if len(text) <= limit else text[: limit - 3] + "..."
    return safe_repr(action, limit)


def encode_action(action: object) -> dict[str, Any]:
    """``action`` as a JSON-ready dict: ``"type"``, its fields, and ``"label"``
    (``str(action)``, a description from the fields alone; ignored by
    :func:`decode_action`; for a person's words see :func:`pillars_rules.words.choice_dict`)."""
    cls = type(action)
    if ACTION_TYPES.get(cls.__name__) is not cls:
        raise IllegalActionError(f"{safe_repr(action)} is not an action", action)
    out: dict[str, Any] = {"type": cls.__name__}
    for name, _, _ in _FIELDS[cls.__name__]:
        out[name] = getattr(action, name)
    try:
        out["label"] = str(action)
    except ValueError:  # a number too long to print: not an action the engine lists
        out["label"] = cls.__name__
    return out


def _refuse(reason: str) -> IllegalActionError:
    return IllegalActionError(f"bad action message: {reason}")


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > _MAX_DIGITS:
        raise _refuse(f"number with {len(text)} digits; the limit is {_MAX_DIGITS}")
    return int(text)


def _parse_constant(text: str) -> Any:
    raise _refuse(f"{text} is not allowed")


_parse = GuardedJson(
    limit=MAX_ACTION_BYTES,
    error=_refuse,
    parse_int=_parse_int,
    parse_constant=_parse_constant,
    words=JsonWords(
        too_many_bytes="{size} bytes; the limit is {limit}",
        not_utf8="not UTF-8 text ({reason} at byte {start})",
        not_text="must be JSON text (str or bytes), not {kind}",
        too_large="larger than the limit of {limit} bytes",
        duplicate_key="a key appears twice in one object",
        not_json="not valid JSON ({msg} at line {line} column {column})",
        too_deep="nested too deeply",
        unreadable="not valid JSON ({shown})",  # numbers are bounded by _parse_int
    ),
)


def decode_action(data: object) -> object:
    """The action a client's JSON message (text, UTF-8 bytes, or a parsed
    ``dict``) names; :class:`~pillars_rules.errors.IllegalActionError` with a
    short reason for anything else (so ``data`` may be any value)."""
    if type(data) in (str, bytes, bytearray):  # not subclasses: their methods could do anything
        data = _parse(data)
    if type(data) is not dict:
        shape = "a list" if type(data) is list else type(data).__name__
        raise _refuse(f'expected a JSON object with a "type", got {shape}')
    for key in data:
        if type(key) is not str:
            raise _refuse(f"object keys must be strings, not {type(key).__name__}")
    kind = data.get("type")
    if type(kind) is not str:
        raise _refuse(f'"type" must be a string naming an action, not {safe_repr(kind)}')
    if kind not in _FIELDS:
        raise _refuse(f"unknown action type {safe_repr(kind)} (known: {', '.join(sorted(_FIELDS))})")
    fields = _FIELDS[kind]
    known = {name for name, _, _ in fields} | {"type", "label"}
    for key in data:
        if key not in known:
            raise _refuse(f"{kind} has no field {safe_repr(key)}")
    label = data.get("label", "")
    if type(label) is not str:
        raise _refuse(f'"label" must be a string, not {_json_kind(label)}')
    values = []
    for name, tp, default in fields:
        if name not in data:
            if default is attrs.NOTHING:
                raise _refuse(f"{kind} needs the field {name!r}")
            values.append(default)
            continue
        v = data[name]
        if type(v) is not tp:
            raise _refuse(f"{kind}.{name} must be {_TYPE_NAMES[tp]}, not {_json_kind(v)}")
        # type(v) is tp: the checks below read the value's type, which says so to mypy too
        if type(v) is str and len(v) > MAX_FIELD_LENGTH:
            raise _refuse(f"{kind}.{name} is {len(v)} characters long; the limit is {MAX_FIELD_LENGTH}")
        if type(v) is int and not -MAX_FIELD_INT - 1 <= v <= MAX_FIELD_INT:
            raise _refuse(f"{kind}.{name} is out of range")
        values.append(v)
    return ACTION_TYPES[kind](*values)


def _json_kind(value: object) -> str:
    if value is None:
        return "null"
    if type(value) is bool:
        return "true/false"
    if type(value) in (int, float):
        return f"the number {safe_repr(value, 24)}"
    if type(value) is str:
        return f"the string {safe_repr(value, 40)}"
    if type(value) is list:
        return "a list"
    if type(value) is dict:
        return "an object"
    return type(value).__name__


__all__ = ["decode_action", "encode_action", "action_repr", "MAX_FIELD_LENGTH", "MAX_FIELD_INT"]

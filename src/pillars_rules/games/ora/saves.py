"""Ora's events as JSON and back, for saves: generic over the attrs records of :mod:`.records`.

An event is a JSON object: ``"type"`` (the record's class name) and every field
of the record, none more, none fewer. Values follow the fields' annotations:
``int`` a JSON integer (never ``true``), ``str`` a string, ``bool`` ``true`` or
``false``, a tuple a JSON array (``tuple[X, ...]`` any length, ``tuple[X, Y]``
exactly two), ``X | None`` ``null`` or an ``X``, a nested record (a work
contract's use) an object of its own fields. A value of any other type is a
:class:`~pillars_rules.errors.SaveError` giving its JSON path
(``$.events[12].take[0][1]``) and the event's index.
"""

from __future__ import annotations

import types
import typing
from typing import Any

import attrs

from ...errors import SaveError, safe_repr
from . import records as R

#: Every event of the game, by its name in a save.
EVENTS: dict[str, type] = {
    t.__name__: t
    for t in (
        R.Began,
        R.Turn,
        R.RoundBegan,
        R.Returned,
        R.Rotated,
        R.Income,
        R.PhaseStep,
        R.PhaseEnded,
        R.Moment,
        R.Felled,
        R.Placed,
        R.Paid,
        R.Asked,
        R.Used,
        R.Picked,
        R.Followed,
        R.Built,
        R.NeutralBuilt,
        R.NeutralDone,
        R.Resumed,
        R.Bought,
        R.Settled,
        R.Flipped,
        R.Traded,
        R.Passed,
        R.TurnEnded,
        R.EndTriggered,
        R.GameEnded,
    )
}


_FIELDS: dict[type, tuple[tuple[str, Any], ...]] = {}


def fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """A record's fields with their resolved annotations, in order (worked out once per record)."""
    known = _FIELDS.get(cls)
    if known is None:
        hints = typing.get_type_hints(cls, vars(R))
        known = _FIELDS[cls] = tuple((f.name, hints[f.name]) for f in attrs.fields(cls))
    return known


def encode_event(event: Any) -> dict[str, Any]:
    """An event as a JSON object: its ``type`` and every field."""
    return {"type": type(event).__name__, **encode(event)}


def encode(value: Any) -> Any:
    """A field's value (or a nested record, as an object of its fields) as JSON values."""
    if attrs.has(type(value)):
        return {name: encode(getattr(value, name)) for name, _ in fields(type(value))}
    if isinstance(value, tuple):
        return [encode(v) for v in value]
    return value


def decode_event(raw: object, index: int) -> Any:
    """The event the JSON object ``raw`` at ``$.events[index]`` records (see the module's words)."""
    where = f"$.events[{index}]"
    if not isinstance(raw, dict):
        raise SaveError(f"{where}: an event is a JSON object, not {_kind(raw)}", index)
    kind = raw.get("type")
    cls = EVENTS.get(kind) if type(kind) is str else None
    if cls is None:
        raise SaveError(
            f"{where}.type: {safe_repr(kind, 40)} is not an event of Ora et Labora ({', '.join(EVENTS)})", index
        )
    return _record(cls, {k: v for k, v in raw.items() if k != "type"}, where, index)


def _record(cls: type, raw: dict[Any, Any], where: str, index: int) -> Any:
    known = fields(cls)
    names = {name for name, _ in known}
    for key in raw:
        if key not in names:
            raise SaveError(f"{where}: {cls.__name__} has no field {safe_repr(key, 40)}", index)
    values = {}
    for name, hint in known:
        if name not in raw:
            raise SaveError(f"{where}.{name}: missing ({cls.__name__} needs every field)", index)
        values[name] = _value(hint, raw[name], f"{where}.{name}", index)
    return cls(**values)


def _value(hint: Any, raw: object, where: str, index: int) -> Any:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if raw is None and type(None) in args:
            return None
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1:
            return _value(rest[0], raw, where, index)
    elif origin is tuple:
        if not isinstance(raw, list):
            raise SaveError(f"{where}: expected a JSON array, not {_kind(raw)}", index)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_value(args[0], v, f"{where}[{i}]", index) for i, v in enumerate(raw))
        if len(raw) != len(args):
            raise SaveError(f"{where}: expected an array of {len(args)} values, not {len(raw)}", index)
        return tuple(_value(a, v, f"{where}[{i}]", index) for i, (a, v) in enumerate(zip(args, raw, strict=True)))
    elif hint in (int, str, bool):
        if type(raw) is hint:
            return raw
        raise SaveError(f"{where}: expected {_NAMES[hint]}, not {_kind(raw)}", index)
    elif isinstance(hint, type) and attrs.has(hint):
        if not isinstance(raw, dict) or "type" in raw:
            raise SaveError(f"{where}: expected a {hint.__name__} object, not {_kind(raw)}", index)
        return _record(hint, raw, where, index)
    raise SaveError(f"{where}: a value of {hint!r:.40} cannot be read from a save", index)


_NAMES = {int: "a whole number", str: "a string", bool: "true or false"}


def _kind(raw: object) -> str:
    names = {dict: "an object", list: "an array", str: "a string", int: "a number", float: "a number"}
    if raw is None:
        return "null"
    if type(raw) is bool:
        return "true/false"
    return f"{names.get(type(raw), type(raw).__name__)} {safe_repr(raw, 40)}"


__all__ = ["EVENTS", "decode_event", "encode", "encode_event", "fields"]

"""Actions as JSON for any game on the core, from its game type's ``action_fields``.

Pillars' actions have their own codec (:func:`pillars_rules.decode_action`,
which the table keeps for Pillars so that its messages stay as they are). A
game built on the core alone (Ora et Labora) is read and written here, from
what its :class:`~pillars_rules.core.GameType` declares: each action class and
its fields with their exact types. An action is a JSON object naming its class
in ``"type"`` and its fields by name::

    {"type": "Build", "card": "windmill", "x": 2, "y": 0}

:func:`decode` trusts nothing: an unknown type or field, a missing field
without a default, a value of another JSON type (no coercion: ``true`` is not
``1``), a string longer than :data:`MAX_FIELD_LENGTH`, a number out of range,
or a tuple field nested too deep or too long are each an
:class:`~pillars_rules.errors.IllegalActionError` with a short reason. A
tuple field is a JSON array whose items are strings, whole numbers or such
arrays again (Ora's payment, ``[["coin", 2], ["wood", 1]]``). A ``"label"`` the
client sends is ignored. Whether the action is legal is then for
:meth:`~pillars_rules.Game.apply` to say.

>>> import pillars_rules as pr
>>> from pillars_rules.core import game_type
>>> ora = game_type("ora-et-labora")
>>> game = pr.new_game(game="ora-et-labora", players=2, seed=1)
>>> first = game.legal_actions()[0]
>>> doc = encode(ora, first)
>>> doc["type"], decode(ora, doc) == first
('Fell', True)
"""

from __future__ import annotations

from typing import Any

import attrs

from ..core import GameType
from ..errors import IllegalActionError, safe_repr
from ..limits import MAX_NAME_LENGTH

#: Longest string field a client may send.
MAX_FIELD_LENGTH = MAX_NAME_LENGTH
#: Largest magnitude of a whole-number field.
MAX_FIELD_INT = 2**31 - 1
#: Deepest nesting of a tuple field's arrays, and most items in one array.
MAX_TUPLE_DEPTH = 3
MAX_TUPLE_ITEMS = 64

_NAMES = {int: "a whole number", str: "a string", bool: "true or false", tuple: "an array"}


def _classes(kind: GameType) -> dict[str, type]:
    return {cls.__name__: cls for cls in kind.action_fields}


def encode(kind: GameType, action: object) -> dict[str, Any]:
    """``action`` (one of ``kind``'s action classes) as a JSON-ready dict: ``"type"`` and
    every declared field (tuples as lists), no label; IllegalActionError for anything else."""
    fields = kind.action_fields.get(type(action))
    if fields is None:
        raise IllegalActionError(f"{safe_repr(action, 60)} is not an action of {kind.title}", action)
    out: dict[str, Any] = {"type": type(action).__name__}
    for name, _ in fields:
        out[name] = _plain(getattr(action, name))
    return out


def _plain(value: object) -> object:
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


def label(action: object) -> str:
    """The words the game's listing gave ``action`` (its ``label``), or its class name."""
    words = getattr(action, "label", "")
    return words if type(words) is str and words else type(action).__name__


def _refuse(reason: str) -> IllegalActionError:
    return IllegalActionError(f"bad action message: {reason}")


def decode(kind: GameType, data: object) -> object:
    """The action of ``kind`` that the parsed JSON ``data`` names, or IllegalActionError (see the module)."""
    if type(data) is not dict:
        raise _refuse(f'expected a JSON object with a "type", not {_kind(data)}')
    name = data.get("type")
    classes = _classes(kind)
    cls = classes.get(name) if type(name) is str else None
    if cls is None:
        raise _refuse(f"unknown action type {safe_repr(name, 40)} (known: {', '.join(sorted(classes))})")
    fields = kind.action_fields[cls]
    known = {n for n, _ in fields}
    for key in data:
        if key not in known and key not in ("type", "label"):
            raise _refuse(f"{name} has no field {safe_repr(key, 40)}")
    if type(data.get("label", "")) is not str:
        raise _refuse('"label" must be a string')
    defaults = {f.name: f.default for f in attrs.fields(cls)} if attrs.has(cls) else {}
    values: dict[str, Any] = {}
    for field, want in fields:
        if field not in data:
            default = defaults.get(field, attrs.NOTHING)
            if default is attrs.NOTHING:
                raise _refuse(f"{name} needs the field {field!r}")
            continue
        values[field] = _value(want, data[field], f"{name}.{field}", 0)
    return cls(**values)


def _value(want: type, raw: object, where: str, depth: int) -> object:
    if want is tuple:
        if type(raw) is not list:
            raise _refuse(f"{where} must be an array, not {_kind(raw)}")
        if depth >= MAX_TUPLE_DEPTH or len(raw) > MAX_TUPLE_ITEMS:
            raise _refuse(f"{where} is nested deeper than {MAX_TUPLE_DEPTH} or longer than {MAX_TUPLE_ITEMS}")
        return tuple(
            _value(tuple if type(v) is list else (str if type(v) is str else int), v, f"{where}[{i}]", depth + 1)
            for i, v in enumerate(raw)
        )
    if type(raw) is not want:
        raise _refuse(f"{where} must be {_NAMES.get(want, want.__name__)}, not {_kind(raw)}")
    if type(raw) is str and len(raw) > MAX_FIELD_LENGTH:
        raise _refuse(f"{where} is {len(raw)} characters long; the limit is {MAX_FIELD_LENGTH}")
    if type(raw) is int and not -MAX_FIELD_INT - 1 <= raw <= MAX_FIELD_INT:
        raise _refuse(f"{where} is out of range")
    return raw


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if type(value) is bool:
        return "true/false"
    names = {int: "a number", float: "a number", str: "a string", list: "an array", dict: "an object"}
    return f"{names.get(type(value), type(value).__name__)} {safe_repr(value, 30)}"


__all__ = ["decode", "encode", "label", "MAX_FIELD_LENGTH", "MAX_FIELD_INT", "MAX_TUPLE_DEPTH", "MAX_TUPLE_ITEMS"]

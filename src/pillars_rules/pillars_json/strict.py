"""Strict typing of parsed save JSON: every value exactly the type its event class declares.

:func:`~pillars_rules.load` trusts nothing in a save, so each value is checked
against the exact JSON type the event classes declare, with no coercion:
``"3"``, ``3.0`` and ``true`` are not ``3``. Unknown and missing fields are
refused, sizes are bounded, and every refusal is a
:class:`~pillars_rules.errors.SaveError` whose message gives a JSON path
(``$.events[12].n``) and whose ``index`` names the offending event.

:func:`event_from_dict` structures parsed JSON into an event;
:func:`check_event` checks an event object made in Python (a log handed to
:func:`~pillars_rules.replay`) the same way.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from typing import Any

import attrs

from ..core.frame import Frame
from ..engine import events as E
from ..engine.rng import MAX_SEED, SEED_BITS
from ..engine.state import Pending
from ..errors import SaveError, safe_repr
from ..limits import MAX_INT, MAX_ITEMS, MAX_STRING_LENGTH
from ..saves.jsonguard import bad_value as _bad


class Seed:
    """Type marker of the seed fields: whole numbers in ``[0, MAX_SEED]`` (128 bits)."""


def _tuple_of(item: Any) -> types.GenericAlias:
    """``tuple[item, ...]`` for an item type known only at run time (a frozenset's
    items are read as a list, as a tuple's are)."""
    return types.GenericAlias(tuple, (item, ...))


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    """Field name -> resolved type of an attrs class (cached)."""
    out = _HINTS.get(cls)
    if out is None:
        attrs.resolve_types(cls)
        out = _HINTS[cls] = {f.name: f.type for f in attrs.fields(cls)}
        if cls is E.GameStarted:
            out["seed"] = Seed
        elif cls is Frame:  # a Pillars state's frame (an export's): its pending decision is a Pending
            out["pending"] = Pending | None
    return out


# ------------------------------------------------------------------ strict JSON -> values
# Each type gets one compiled structurer (parsed JSON -> value) and one checker
# (Python value -> None), built once per type, so a save's thousand events pay
# no run-time type introspection.
_STRUCTURERS: dict[Any, Callable[[object, str, int | None], Any]] = {}
_CHECKERS: dict[Any, Callable[[object, str, int | None], None]] = {}


def _strict(tp: Any, value: object, path: str, index: int | None) -> Any:
    """``value`` (parsed JSON) as type ``tp``; lists become tuples. No coercion."""
    return _structurer(tp)(value, path, index)


def _structurer(tp: Any) -> Callable[[object, str, int | None], Any]:
    f = _STRUCTURERS.get(tp)
    if f is None:
        f = _STRUCTURERS[tp] = _make_structurer(tp)
    return f


def _make_structurer(tp: Any) -> Callable[[object, str, int | None], Any]:
    if tp is int:

        def f(value, path, index):
            if type(value) is not int:
                raise _bad(path, "a whole number", value, index)
            if not -MAX_INT - 1 <= value <= MAX_INT:
                raise SaveError(f"{path}: number out of range ({str(value)[:20]}...)", index)
            return value

        return f
    if tp is Seed:

        def f(value, path, index):
            if type(value) is not int:
                raise _bad(path, "a whole number (the seed)", value, index)
            if not 0 <= value <= MAX_SEED:
                raise SaveError(f"{path}: the seed must be from 0 to 2**{SEED_BITS}-1", index)
            return value

        return f
    if tp is str:

        def f(value, path, index):
            if type(value) is not str:
                raise _bad(path, "a string", value, index)
            if len(value) > MAX_STRING_LENGTH:
                raise SaveError(f"{path}: string of {len(value)} characters; the limit is {MAX_STRING_LENGTH}", index)
            return value

        return f
    if tp is bool:

        def f(value, path, index):
            if type(value) is not bool:
                raise _bad(path, "true or false", value, index)
            return value

        return f
    if tp is type(None):

        def f(value, path, index):
            if value is not None:
                raise _bad(path, "null", value, index)
            return None

        return f
    origin = typing.get_origin(tp)
    if origin is frozenset:
        items_of = _structurer(_tuple_of(typing.get_args(tp)[0]))

        def f(value, path, index):
            return frozenset(items_of(value, path, index))

        return f
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _structurer(args[0])

            def f(value, path, index):
                if type(value) is not list:
                    raise _bad(path, "a list", value, index)
                if len(value) > MAX_ITEMS:
                    raise SaveError(f"{path}: list of {len(value)} items; the limit is {MAX_ITEMS}", index)
                return tuple([item(v, f"{path}[{k}]", index) for k, v in enumerate(value)])

            return f
        items = [_structurer(a) for a in args]

        def f(value, path, index):
            if type(value) is not list:
                raise _bad(path, "a list", value, index)
            if len(value) != len(items):
                raise SaveError(f"{path}: expected a list of {len(items)} items, got {len(value)}", index)
            return tuple([g(v, f"{path}[{k}]", index) for k, (g, v) in enumerate(zip(items, value))])

        return f
    if origin in (typing.Union, types.UnionType):
        optional = type(None) in typing.get_args(tp)
        inner = _structurer(next(a for a in typing.get_args(tp) if a is not type(None)))

        def f(value, path, index):
            if value is None and optional:
                return None
            return inner(value, path, index)

        return f
    if attrs.has(tp):
        return lambda value, path, index: _struct_obj(tp, value, path, index)
    raise AssertionError(f"no strict structure for {tp!r}")  # pragma: no cover


_FIELDS: dict[type, tuple[frozenset[str], tuple[tuple[str, Callable], ...]]] = {}


def _fields(cls: type):
    """(names, ((name, structurer), ...)) of an attrs class, cached."""
    out = _FIELDS.get(cls)
    if out is None:
        hints = _hints(cls)
        out = _FIELDS[cls] = (frozenset(hints), tuple((n, _structurer(t)) for n, t in hints.items()))
    return out


def _struct_obj(cls: type, value: object, path: str, index: int | None, skip: str = "") -> Any:
    if type(value) is not dict:
        raise _bad(path, f"an object ({cls.__name__})", value, index)
    names, structurers = _fields(cls)
    # every field, defaults included: save() writes them all, so a missing one is damage
    if len(value) != len(names) + (1 if skip and skip in value else 0) or not names.issubset(value):
        extra = [k for k in value if k not in names and k != skip]
        if extra:
            raise SaveError(f"{path}: unknown field {str(extra[0])[:40]!r} in {cls.__name__}", index)
        missing = sorted(k for k in names if k not in value)
        raise SaveError(f"{path}: {cls.__name__} lacks the field {missing[0]!r}", index)
    return cls(*[g(value[n], path + "." + n, index) for n, g in structurers])  # fields in order


# ------------------------------------------------------------------ the fast path
# A save's thousand events are almost always well formed, and the structurers
# above spend most of their time on the JSON path of every value, which only a
# refusal needs. So each record class also gets one generated function without
# paths, calls per field or loops over its fields (like the copiers of
# engine/copiers.py): it checks exactly what the structurers check and returns
# the record, or ``_FAIL`` at the first doubt -- and then the structurer above
# runs on the same value and gives the refusal with its path. Both paths accept
# the same values (tests/compiled/test_strict_fast.py compares them).
_FAIL = object()
_FAST: dict[tuple[type, bool], Callable[[object], Any]] = {}


def _fast_obj(cls: type, tagged: bool = False) -> Callable[[object], Any]:
    """``f(value)``: the ``cls`` record parsed JSON ``value`` describes, or
    ``_FAIL``; ``tagged``: the object also holds a ``"type"`` key (an event's,
    already checked)."""
    key = (cls, tagged)
    f = _FAST.get(key)
    if f is None:
        f = _FAST[key] = _make_fast(cls, tagged)
    return f


def _make_fast(cls: type, tagged: bool) -> Callable[[object], Any]:
    names = list(_hints(cls))
    env: dict[str, Any] = {
        "FAIL": _FAIL,
        "C": cls,
        "LO": -MAX_INT - 1,
        "HI": MAX_INT,
        "SEED": MAX_SEED,
        "STR": MAX_STRING_LENGTH,
        "ITEMS": MAX_ITEMS,
    }
    lines = [
        "def make(value):",
        f"    if type(value) is not dict or len(value) != {len(names) + tagged}:",
        "        return FAIL",
    ]
    if names:
        lines += [
            "    try:",
            *(f"        s{k} = value[{name!r}]" for k, name in enumerate(names)),
            "    except KeyError:",
            "        return FAIL",
        ]
    elif tagged:
        lines += ["    if 'type' not in value:", "        return FAIL"]
    counter = [0]
    made = [_emit(_hints(cls)[name], f"s{k}", lines, env, 1, counter) for k, name in enumerate(names)]
    lines.append(f"    return C({', '.join(made)})")
    exec("\n".join(lines) + "\n", env)
    return env["make"]


def _test(tp: Any, src: str) -> str | None:
    """The condition under which ``src`` is *not* a ``tp`` (simple types only), or ``None``."""
    if tp is int:
        return f"type({src}) is not int or not LO <= {src} <= HI"
    if tp is Seed:
        return f"type({src}) is not int or not 0 <= {src} <= SEED"
    if tp is str:
        return f"type({src}) is not str or len({src}) > STR"
    if tp is bool:
        return f"type({src}) is not bool"
    if tp is type(None):
        return f"{src} is not None"
    return None


def _emit(tp: Any, src: str, lines: list[str], env: dict[str, Any], depth: int, counter: list[int]) -> str:
    """Lines (at ``depth``) that check ``src`` as ``tp`` (returning ``FAIL`` if
    it is not one); the name of the variable then holding the value."""
    pad = "    " * depth
    counter[0] += 1
    u = counter[0]
    test = _test(tp, src)
    if test is not None:  # a simple value is its own structure
        lines += [f"{pad}if {test}:", f"{pad}    return FAIL"]
        return src
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is frozenset:
        items = _emit(_tuple_of(args[0]), src, lines, env, depth, counter)
        lines.append(f"{pad}d{u} = frozenset({items})")
        return f"d{u}"
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        lines += [f"{pad}if type({src}) is not list or len({src}) > ITEMS:", f"{pad}    return FAIL"]
        item_test = _test(args[0], f"x{u}")
        if item_test is not None:  # a list of simple values: checked in place, then one tuple
            lines += [
                f"{pad}for x{u} in {src}:",
                f"{pad}    if {item_test}:",
                f"{pad}        return FAIL",
                f"{pad}d{u} = tuple({src})",
            ]
            return f"d{u}"
        lines += [f"{pad}a{u} = []", f"{pad}for x{u} in {src}:"]
        item = _emit(args[0], f"x{u}", lines, env, depth + 1, counter)
        lines += [f"{pad}    a{u}.append({item})", f"{pad}d{u} = tuple(a{u})"]
        return f"d{u}"
    if origin is tuple:
        lines += [f"{pad}if type({src}) is not list or len({src}) != {len(args)}:", f"{pad}    return FAIL"]
        parts = [f"p{u}_{i}" for i in range(len(args))]
        lines.append(f"{pad}{', '.join(parts)}{',' if len(parts) == 1 else ''} = {src}")
        made = [_emit(a, parts[i], lines, env, depth, counter) for i, a in enumerate(args)]
        lines.append(f"{pad}d{u} = ({', '.join(made)},)")
        return f"d{u}"
    if origin in (typing.Union, types.UnionType):
        options = [a for a in args if a is not type(None)]
        if len(options) != len(args) - 1 or len(options) != 1:
            raise AssertionError(f"no fast structure for {tp!r}")  # pragma: no cover
        lines += [f"{pad}if {src} is None:", f"{pad}    d{u} = None", f"{pad}else:"]
        inner = _emit(options[0], src, lines, env, depth + 1, counter)
        lines.append(f"{pad}    d{u} = {inner}")
        return f"d{u}"
    if attrs.has(tp):
        env[f"F{u}"] = _fast_obj(tp)
        lines += [f"{pad}d{u} = F{u}({src})", f"{pad}if d{u} is FAIL:", f"{pad}    return FAIL"]
        return f"d{u}"
    raise AssertionError(f"no fast structure for {tp!r}")  # pragma: no cover


def _check_obj(tp: Any, value: object, path: str, index: int | None) -> None:
    """Check a Python value (not parsed JSON) has exactly type ``tp``."""
    f = _CHECKERS.get(tp)
    if f is None:
        f = _CHECKERS[tp] = _make_checker(tp)
    f(value, path, index)


def _make_checker(tp: Any) -> Callable[[object, str, int | None], None]:
    if tp is Seed:
        return _make_structurer(Seed)
    if tp in (int, str, bool):

        def f(value, path, index):
            if type(value) is not tp:
                raise SaveError(
                    f"{path}: expected {tp.__name__}, got {type(value).__name__} {safe_repr(value, 40)}", index
                )
            if tp is int and not -MAX_INT - 1 <= value <= MAX_INT:
                raise SaveError(f"{path}: number out of range", index)

        return f
    if tp is type(None):

        def f(value, path, index):
            if value is not None:
                raise SaveError(f"{path}: expected None, got {type(value).__name__}", index)

        return f
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(tp)

        def f(value, path, index):
            problem = None
            for option in options:
                try:
                    _check_obj(option, value, path, index)
                    return
                except SaveError as exc:
                    problem = exc
            raise problem

        return f
    if origin is frozenset:
        item_type = typing.get_args(tp)[0]

        def f(value, path, index):
            if type(value) is not frozenset:
                raise SaveError(f"{path}: expected a frozenset, got {type(value).__name__}", index)
            for v in value:
                _check_obj(item_type, v, f"{path}[]", index)

        return f
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            item = args[0]

            def f(value, path, index):
                if type(value) is not tuple:
                    raise SaveError(f"{path}: expected a tuple, got {type(value).__name__}", index)
                for k, v in enumerate(value):
                    _check_obj(item, v, f"{path}[{k}]", index)

            return f

        def f(value, path, index):
            if type(value) is not tuple:
                raise SaveError(f"{path}: expected a tuple, got {type(value).__name__}", index)
            if len(value) != len(args):
                raise SaveError(f"{path}: expected {len(args)} items, got {len(value)}", index)
            for k, (a, v) in enumerate(zip(args, value)):
                _check_obj(a, v, f"{path}[{k}]", index)

        return f
    if attrs.has(tp):
        hints = tuple(_hints(tp).items())

        def f(value, path, index):
            if type(value) is not tp:
                raise SaveError(f"{path}: expected {tp.__name__}, got {type(value).__name__}", index)
            for name, ftp in hints:
                _check_obj(ftp, getattr(value, name), f"{path}.{name}", index)

        return f
    raise AssertionError(f"no check for {tp!r}")  # pragma: no cover


def event_from_dict(d: object, index: int) -> object:
    """The event a parsed JSON object records; :class:`SaveError` naming ``index`` if malformed."""
    if type(d) is not dict:
        raise _bad(f"$.events[{index}]", "an event object", d, index)
    kind = d.get("type")
    cls = E.EVENT_TYPES.get(kind) if type(kind) is str else None
    if cls is None:
        raise SaveError(f"$.events[{index}].type: unknown event type {safe_repr(kind, 40)}", index)
    fast = _FAST.get((cls, True))
    out = (fast or _fast_obj(cls, True))(d)
    if out is _FAIL:  # something is wrong: the structurer finds what, and where
        return _struct_obj(cls, d, f"$.events[{index}]", index, skip="type")
    return out


def check_event(event: object, index: int) -> None:
    """Check an event object has exactly the declared field types (no ``1.0`` for ``1``)."""
    cls = type(event)
    if E.EVENT_TYPES.get(cls.__name__) is not cls:
        raise SaveError(f"$.events[{index}]: {type(event).__name__} is not an event", index)
    for name, tp in _hints(cls).items():
        _check_obj(tp, getattr(event, name), f"$.events[{index}].{name}", index)


__all__ = ["Seed", "event_from_dict", "check_event"]

"""Copies of frozen records with some fields changed: how
:mod:`.evolve` makes every new state (a fast ``attrs.evolve``).

``replace(state, pending=p, decision=n)`` is the state with those two fields
changed and every other part the *same object* as before. The copy is made by
a function built once per class and set of changed names:

* in the pure build, the records that events replace all the time keep their
  fields in an attribute dict, so a copy is one C-level copy of the old
  record's dict with the changed names set (about 0.35 µs for the 16-field
  root state, where calling its ``__init__`` costs about 1.2 µs);
* in the compiled build, records are native classes (no dict) with compiled
  constructors, so a copy is one constructor call with the old fields and the
  new values -- compiled too: :mod:`._native` holds one such function
  for every copy the library's source asks for (written by
  ``tools/make_native.py`` when the compiled build is built, and compiled
  with the rest; it is not in the source tree, and the pure build never
  reads it). Any other copy is built the same way by generated, interpreted
  code.

Grouped :class:`~.state.GameState` fields may be named directly
(``replace(state, market=...)``): they are routed to their group.
"""

from __future__ import annotations

import copyreg
import importlib
import sys
from collections.abc import Callable
from typing import Any, Final

import attrs

from .state import COMPILED, GROUP_OF, GROUPS, RECORDS, GameState

Copier = Callable[..., Any]


def replace(obj: Any, **changes: Any) -> Any:
    """A copy of a frozen record with ``changes``; unchanged parts are shared, never copied."""
    key = (obj.__class__, tuple(changes))
    make = _COPIERS.get(key)
    if make is None:
        make = _COPIERS[key] = _copier(obj.__class__, key[1])
    return make(obj, *changes.values())


def replacer(cls: type, *names: str) -> Copier:
    """``f(obj, *values)``: the copier :func:`replace` uses for ``cls`` and
    ``names``, to be bound once where a handler always changes the same
    fields (``replace``'s keyword call costs more than the copy itself):
    ``replacer(GameState, "pending", "decision")(s, p, 3)`` is
    ``replace(s, pending=p, decision=3)``."""
    key = (cls, names)
    make = _COPIERS.get(key)
    if make is None:
        make = _COPIERS[key] = _copier(cls, names)
    return make


_COPIERS: Final[dict[tuple[type, tuple[str, ...]], Copier]] = {}


def fields_of(cls: type) -> tuple[str, ...]:
    """The field names of a record class, in order (cached)."""
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(a.name for a in attrs.fields(cls))
    return names


_FIELDS: dict[type, tuple[str, ...]] = {}


def _copier(cls: type, names: tuple[str, ...]) -> Copier:
    """The copier of ``cls`` for ``names``: the compiled one if the compiled
    build has it, else generated source without loops (see :func:`_build`)."""
    routed = _check(cls, names)
    if COMPILED:
        native = _native().COPIES.get((cls, names))
        if native is not None:
            return native
    given = {name: f"v{i}" for i, name in enumerate(names)}
    env: dict[str, Any] = {"new": object.__new__, "set_dict": object.__setattr__}
    lines = [f"def make(obj, {', '.join(given.values())}):"]
    for k, (group, values) in enumerate(routed.items()):
        lines += _build(env, f"r{k}", GROUPS[group], f"obj.{group}", {n: given[n] for n in values})
    own = {n: v for n, v in given.items() if n not in GROUP_OF or cls is not GameState}
    lines += _build(env, "out", cls, "obj", {**own, **{group: f"r{k}" for k, group in enumerate(routed)}})
    lines.append("    return out")
    exec("\n".join(lines) + "\n", env)
    return env["make"]


def _native() -> Any:
    """The compiled build's generated module (:mod:`._native`), imported by
    name: it exists only in a compiled install (the build writes it), so
    neither mypy nor the pure build may look for it in the source tree."""
    if not _NATIVE:
        _NATIVE.append(importlib.import_module("pillars_rules.engine._native"))
    return _NATIVE[0]


_NATIVE: Final[list[Any]] = []  # the module once imported (a copier is made for each new copy)


def _check(cls: type, names: tuple[str, ...]) -> dict[str, list[str]]:
    """The grouped names of a :class:`GameState` copy by group (empty for other
    classes); a :class:`TypeError` for an unknown name, or a group named along
    with one of its fields."""
    fields = fields_of(cls)
    routed: dict[str, list[str]] = {}
    if cls is GameState:
        for name in names:
            group = GROUP_OF.get(name)
            if group is not None:
                if group in names:
                    raise TypeError(f"replace() got both {group!r} and its field {name!r}")
                routed.setdefault(group, []).append(name)
    unknown = [n for n in names if n not in fields and not (cls is GameState and n in GROUP_OF)]
    if unknown:
        raise TypeError(f"{cls.__name__} has no field(s) {', '.join(unknown)}")
    return routed


def _build(env: dict, target: str, cls: type, source: str, values: dict[str, str]) -> list[str]:
    """Source lines setting ``target`` to ``cls`` made from ``source`` with ``values``:
    a copy of the attribute dict where the records have one (the pure build),
    else one positional constructor call."""
    name = f"C_{target}"
    env[name] = cls
    if not cls.__dictoffset__:  # slotted or native: the constructor
        args = ", ".join(values.get(f, f"{source}.{f}") for f in fields_of(cls))
        return [f"    {target} = {name}({args})"]
    if len(fields_of(cls)) <= _SMALL:  # a small record (a state's frame): its dict written out, no copy
        keep = [f for f in fields_of(cls) if f not in values]
        lines = [f"    s_{target} = {source}"] if len(keep) > 1 and "." in source else []
        held = f"s_{target}" if lines else source
        items = ", ".join(f"{f!r}: {values[f] if f in values else f'{held}.{f}'}" for f in fields_of(cls))
        return lines + [f"    {target} = new({name})", f"    set_dict({target}, '__dict__', {{{items}}})"]
    return (
        [f"    d_{target} = {source}.__dict__.copy()"]
        + [f"    d_{target}[{field!r}] = {v}" for field, v in values.items()]
        + [f"    {target} = new({name})", f"    set_dict({target}, '__dict__', d_{target})"]
    )


#: Records of at most this many fields are copied by writing their dict out
#: (``{'decision': v0, 'pending': obj.pending, ...}``): cheaper than looking up
#: and copying the old record's ``__dict__``.
_SMALL: Final = 4


def _reduce(obj: Any) -> tuple[type, tuple[Any, ...]]:
    """Pickling and ``copy`` of a record: its class and its fields in order
    (native records have no attribute dict for the default protocol)."""
    cls = type(obj)
    return cls, tuple(getattr(obj, name) for name in fields_of(cls))


def _quick_init(cls: type) -> None:
    """Pure build: replace the record's ``__init__`` (one
    ``object.__setattr__(self, "name", name)`` per field, the form mypyc turns
    into direct stores) by the same stores through ``object.__setattr__`` bound
    once, as attrs' own ``__init__`` does: the interpreter then looks up
    neither ``object`` nor ``__setattr__`` per field (about 1% of a pure
    playout's instructions). Only when the original takes exactly the fields
    in order and, tried on stand-in values, stores exactly what the new one
    stores; otherwise the class keeps its own."""
    init: Any = cls.__dict__.get("__init__")
    code = getattr(init, "__code__", None)
    names = fields_of(cls)
    if (
        code is None
        or code.co_kwonlyargcount
        or code.co_flags & 0x0C  # *args, **kwargs
        or code.co_varnames[: code.co_argcount] != ("self", *names)
        or {"_pr_set", "_pr_bind", "_pr_whole"} & set(names)
    ):
        return
    # a whole-number field the source's __init__ takes as ``object`` is checked
    # there (events._whole): the quick one checks it the same way
    whole = {
        n
        for n in names
        if init.__annotations__.get(n) == "object" and getattr(cls, "__annotations__", {}).get(n) == "int"
    }
    checker = init.__globals__.get("_whole") if whole else None
    if whole and checker is None:
        return
    lines = [f"def __init__(self{''.join(', ' + n for n in names)}):", "    _pr_set = _pr_bind(self)"]
    lines += [
        f"    _pr_set({n!r}, {n} if type({n}) is int else _pr_whole({n}, {cls.__name__ + '.' + n!r}))"
        if n in whole
        else f"    _pr_set({n!r}, {n})"
        for n in names
    ]
    env: dict[str, Any] = {"_pr_bind": object.__setattr__.__get__, "_pr_whole": checker}
    exec("\n".join(lines) + "\n", env)
    quick = env["__init__"]
    quick.__defaults__, quick.__annotations__ = init.__defaults__, dict(init.__annotations__)
    quick.__qualname__, quick.__module__, quick.__doc__ = init.__qualname__, init.__module__, init.__doc__
    probe = tuple(7 if n in whole else object() for n in names)
    try:
        before: Any = object.__new__(cls)
        after: Any = object.__new__(cls)
        init(before, *probe)
        quick(after, *probe)
        same = list(vars(before).items()) == list(vars(after).items())
    except Exception:  # an __init__ that checks its values: keep it
        same = False
    if same:
        setattr(cls, "__init__", quick)


def register_records(classes: tuple[type, ...]) -> None:
    """Make ``classes`` (records with an ``__init__`` taking every field in
    order) picklable and copyable the same way in both builds; in the compiled
    build, give them back their field annotations as written (the save
    format's reader and writer go by them); in the pure build, give them a
    quicker ``__init__`` doing the same (:func:`_quick_init`)."""
    for cls in classes:
        copyreg.pickle(cls, _reduce)
    if not COMPILED:
        for cls in classes:
            _quick_init(cls)
    else:
        annotations = _native().ANNOTATIONS
        for cls in classes:
            written = annotations[cls.__module__][cls.__name__]
            cls.__annotations__ = dict(written)
            attrs.resolve_types(cls, globalns=vars(sys.modules[cls.__module__]))


register_records(RECORDS)

__all__ = ["replace", "replacer", "fields_of", "register_records"]

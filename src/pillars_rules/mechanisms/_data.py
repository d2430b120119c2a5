"""Checks the mechanisms' configs share: names, and (name, whole amount) pairs.

Each takes ``refuse`` (the config's own ``where, what -> ConfigError``) so that
the error names the config, the field and the entry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from ..errors import ConfigError

Refuse = Callable[[str, str], ConfigError]

# ``attrs.field`` arguments typed ``Any``, for the compiled build (mypyc). mypy types a call
# ``attrs.field(default=frozenset(), ...)`` as the field's own type (from the default, or from the
# annotation it is assigned to), and compiled code checks a call's result against its type when the
# class body runs -- but the call returns attrs' field definition, and the import fails. With one
# argument of type ``Any`` the call is of type ``Any``: nothing is checked, and attrs gets the same
# values as before.
#: ``default=NO_DEFAULT``: the field has no default (attrs' own marker for "none given").
NO_DEFAULT: Any = attrs.NOTHING
#: ``default=NO_TAGS``: an empty frozenset.
NO_TAGS: Any = frozenset()
#: ``default=NO_ITEMS``: an empty tuple.
NO_ITEMS: Any = ()
#: ``factory=NEW_DICT``: a new empty dict for each record.
NEW_DICT: Any = dict


def pairs(value: object) -> object:
    """A mapping or a sequence of pairs, kept as a tuple of pairs (hashable,
    immutable); anything else is left for the config's check to refuse."""
    if isinstance(value, Mapping):
        return tuple(value.items())
    if isinstance(value, (tuple, list)):
        return tuple(tuple(p) if isinstance(p, list) else p for p in value)
    return value


def name(refuse: Refuse, where: str, value: object) -> str:
    """``value``, a non-empty name."""
    if not isinstance(value, str) or not value.strip():
        raise refuse(where, f"a name must be a non-empty string, not {value!r:.40}")
    return value


def amounts(refuse: Refuse, where: str, value: object, *, empty: bool = True) -> tuple[tuple[str, int], ...]:
    """``value``, a tuple of (name, whole number from 1), each name once."""
    if not isinstance(value, tuple) or (not empty and not value):
        what = "a non-empty tuple" if not empty else "a tuple"
        raise refuse(where, f"{what} of (name, amount) is needed, not {value!r:.60}")
    seen: set[str] = set()
    for i, pair in enumerate(value):
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise refuse(f"{where}[{i}]", f"a pair (name, amount) is needed, not {pair!r:.40}")
        key, n = pair
        name(refuse, f"{where}[{i}]", key)
        if key in seen:
            raise refuse(f"{where}[{i}]", f"{key!r} is named twice")
        seen.add(key)
        if type(n) is not int or n < 1:
            raise refuse(f"{where}[{key!r}]", f"the amount must be a whole number from 1, not {n!r:.40}")
    return value


def refuser(config: str) -> Refuse:
    """The ``where, what -> ConfigError`` of the config called ``config``."""

    def refuse(where: str, what: str) -> ConfigError:
        return ConfigError(f"{config}, {where}: {what}")

    return refuse


def frozen(value: Iterable[str]) -> frozenset[str]:
    """A set of names given as any iterable, kept frozen (a typed converter)."""
    return frozenset(value)

"""Checks the mechanisms' configs share: names, and (name, whole amount) pairs.

Each takes ``refuse`` (the config's own ``where, what -> ConfigError``) so that
the error names the config, the field and the entry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from ..errors import ConfigError

Refuse = Callable[[str, str], ConfigError]


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

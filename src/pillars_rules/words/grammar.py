"""The grammar of counts, written once: ``count(1, "worker")`` is ``"1 worker"``,
``count(2, "worker")`` is ``"2 workers"``.

Every label, help text and sentence of :mod:`pillars_rules.words` and the
terminal game counts with these functions, so a count and its noun always
agree.

>>> count(1, "worker"), count(2, "craftsman"), count(3, "gold"), count(0, "one-value worker")
('1 worker', '2 craftsmen', '3 gold', '0 one-value workers')
>>> ordinal(1), ordinal(2), ordinal(3), ordinal(11), ordinal(22)
('1st', '2nd', '3rd', '11th', '22nd')
>>> listing(["wood", "stone", "sand"]), listing(["wood"], "or"), listing([])
('wood, stone and sand', 'wood', '')
"""

from __future__ import annotations

from collections.abc import Iterable

#: Nouns that do not take an ``s``: amounts (RULES §1) and irregular plurals.
_PLURALS: dict[str, str] = {
    "gold": "gold",
    "VP": "VP",
    "vp": "VP",
    "wood": "wood",
    "stone": "stone",
    "sand": "sand",
    "metal": "metal",
    "craftsman": "craftsmen",
    "man": "men",
    "time": "times",
}


def plural(noun: str) -> str:
    """The plural of ``noun`` (its last word decides: "one-value worker" -> "one-value workers")."""
    head, sep, last = noun.rpartition(" ")
    if last in _PLURALS:
        return head + sep + _PLURALS[last]
    if last.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    if last.endswith("y") and last[-2:-1] not in tuple("aeiou"):
        return noun[:-1] + "ies"
    return noun + "s"


def count(n: int, noun: str) -> str:
    """``n`` and ``noun``, in the plural unless ``n`` is 1 (or -1)."""
    return f"{n} {noun if abs(n) == 1 else plural(noun)}"


def times(n: int) -> str:
    """``once``, ``twice``, ``3 times``."""
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ... ``11th``, ``21st``."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def listing(parts: Iterable[str], word: str = "and") -> str:
    """``a, b and c`` (or with ``word``)."""
    parts = [p for p in parts if p]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" {word} " + parts[-1]


__all__ = ["count", "listing", "ordinal", "plural", "times"]

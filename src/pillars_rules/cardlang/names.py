"""Which characters a seat name or card title may hold.

Names and titles are shown to other players, written to logs and saves, and
sent to clients, so they must be one line of ordinary, printable text: no
control characters (newlines, tabs, escape sequences), no invisible format
characters (bidirectional overrides such as U+202E, zero-width joiners), no
lone surrogates (which no UTF-8 encoder accepts) and no unassigned or
private-use code points.
"""

from __future__ import annotations

import unicodedata

#: Unicode categories refused: control, format, surrogate, private use,
#: unassigned, line and paragraph separators.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def unsafe_character(text: str) -> str | None:
    """A description of the first character of ``text`` that a name or title
    may not hold (e.g. ``"U+202E (RIGHT-TO-LEFT OVERRIDE)"``), or ``None``."""
    for ch in text:
        if unicodedata.category(ch) in REFUSED_CATEGORIES:
            label = unicodedata.name(ch, "") or ("a lone surrogate" if "\ud800" <= ch <= "\udfff"
                                                 else "a control or unassigned character")
            return f"U+{ord(ch):04X} ({label})"
    return None


def name_problem(name: object, limit: int) -> str | None:
    """Why ``name`` cannot be a seat name (``None`` if it can)."""
    if type(name) is not str:
        return f"a name must be a string, not {type(name).__name__}"
    if not name.strip():
        return "a name must not be empty"
    if len(name) > limit:
        return f"a name may have at most {limit} characters, not {len(name)}"
    bad = unsafe_character(name)
    if bad:
        return f"a name may not contain {bad}"
    if name != name.strip():
        return "a name may not start or end with spaces"
    return None

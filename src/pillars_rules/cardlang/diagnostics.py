"""Diagnostics: what a card author sees when card text is wrong.

Every problem found in card text becomes a :class:`Diagnostic` that points at
a file, line and column, repeats the source line and marks the column with a
caret::

    cards/x.cards:12:15: error: unknown resource 'stnoe' — did you mean 'stone'?
        convert 2 stnoe -> 1 vp
                  ^

Compilation collects diagnostics instead of stopping at the first one, and
raises one :class:`~pillars_rules.errors.CardError` carrying all of them.
"""

from __future__ import annotations

import difflib
from typing import Iterable

from attrs import frozen

# Limits on card text (defined, with every other budget, in pillars_rules.limits).
# Input beyond a limit is reported as a Diagnostic, never as an exception or a
# runaway computation.
from ..limits import (  # noqa: E402,F401 - re-exported for the card language
    MAX_CARD_CHARS, MAX_CARDS_PER_FILE, MAX_DIAGNOSTICS, MAX_FILE_BYTES, MAX_NAME_LENGTH, MAX_NESTING, MAX_NUMBER,
    MAX_TITLE_LENGTH,
)

SHOWN_LINE = 100  # longer source lines are cut around the caret when shown


def short(text: str, limit: int = 24) -> str:
    """``text`` cut for a message (a 10,000-digit number is not repeated)."""
    return text if len(text) <= limit else text[:limit] + "..."


@frozen
class Diagnostic:
    """One problem in card text (1-based ``line`` and ``column``)."""

    file: str
    line: int
    column: int
    message: str
    source_line: str = ""
    hint: str = ""

    def __str__(self) -> str:
        out = f"{self.file}:{self.line}:{self.column}: error: {self.message}"
        if self.source_line:
            shown = self.source_line.rstrip().replace("\t", " ")
            caret = max(self.column - 1, 0)
            if len(shown) > SHOWN_LINE:  # show a window around the column
                start = max(0, caret - SHOWN_LINE // 2)
                shown = ("..." if start else "") + shown[start:start + SHOWN_LINE] + "..."
                caret = caret - start + (3 if start else 0)
            out += f"\n    {shown}\n    {' ' * caret}^"
        if self.hint:
            out += f"\n    hint: {self.hint}"
        return out

    @property
    def sort_key(self) -> tuple[str, int, int]:
        return (self.file, self.line, self.column)


def suggest(word: str, choices: Iterable[str]) -> str:
    """`` — did you mean 'x'?`` for the closest of ``choices``, or ``""``."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" — did you mean '{close[0]}'?" if close else ""


class Reporter:
    """Collects diagnostics for one source text."""

    def __init__(self, file: str, text: str) -> None:
        self.file = file
        self.text = text
        self.diagnostics: list[Diagnostic] = []
        self._lines: list[str] | None = None

    def source_line(self, line: int) -> str:
        if self._lines is None:
            self._lines = self.text.split("\n")
        if 1 <= line <= len(self._lines):
            return self._lines[line - 1]
        return ""

    def error(self, line: int, column: int, message: str, hint: str = "") -> None:
        self.diagnostics.append(
            Diagnostic(self.file, line, column, message, self.source_line(line), hint)
        )

    def at(self, node: object, message: str, hint: str = "") -> None:
        """Report at an AST node (anything with ``line`` and ``column``)."""
        self.error(getattr(node, "line", 0), getattr(node, "column", 0), message, hint)


def capped(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """Sorted diagnostics, at most :data:`MAX_DIAGNOSTICS` plus a summary line."""
    ds = sorted(diagnostics, key=lambda d: d.sort_key)
    if len(ds) <= MAX_DIAGNOSTICS:
        return ds
    last = ds[MAX_DIAGNOSTICS]
    more = len(ds) - MAX_DIAGNOSTICS
    return ds[:MAX_DIAGNOSTICS] + [
        Diagnostic(last.file, last.line, last.column,
                   f"{more} more errors not shown (limit {MAX_DIAGNOSTICS})")
    ]

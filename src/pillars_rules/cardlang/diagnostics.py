"""Diagnostics: what a card author sees when card text is wrong.

Every problem found in card text becomes a :class:`Diagnostic` that points at
a file, line and column, repeats the source line and marks the column with a
caret::

    cards/x.cards:12:15: error: unknown resource 'stnoe' — did you mean 'stone'?
        convert 2 stnoe -> 1 vp
                  ^

Compilation collects diagnostics instead of stopping at the first one, and
raises one :class:`~pillars_rules.errors.CardError` carrying all of them.
Syntax errors are worded here too (:func:`report_syntax_error`): Lark's error
becomes what was expected, in the grammar's words, at its place in the file.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from attrs import frozen
from lark import Token, Tree, UnexpectedInput
from lark.exceptions import UnexpectedCharacters, UnexpectedToken

# Limits on card text (defined, with every other budget, in pillars_rules.limits).
# Input beyond a limit is reported as a Diagnostic, never as an exception or a
# runaway computation.
from ..limits import (  # noqa: E402,F401 - re-exported for the card language
    MAX_CARD_CHARS,
    MAX_CARDS_PER_FILE,
    MAX_DIAGNOSTICS,
    MAX_FILE_BYTES,
    MAX_NAME_LENGTH,
    MAX_NESTING,
    MAX_NUMBER,
    MAX_TITLE_LENGTH,
)
from .grammar import statement_words, terminal_text

SHOWN_LINE = 100  # longer source lines are cut around the caret when shown


def short(text: str, limit: int = 24) -> str:
    """``text`` cut for a message (a 10,000-digit number is not repeated)."""
    return text if len(text) <= limit else text[:limit] + "..."


@frozen
class Diagnostic:
    """One problem in card text (1-based ``line`` and ``column``; both 0 for a
    problem of a whole file or folder, which has no place in its text)."""

    file: str
    line: int
    column: int
    message: str
    source_line: str = ""
    hint: str = ""

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}" if self.line > 0 else self.file
        out = f"{where}: error: {self.message}"
        if self.source_line:
            shown = self.source_line.rstrip().replace("\t", " ")
            caret = max(self.column - 1, 0)
            if len(shown) > SHOWN_LINE:  # show a window around the column
                start = max(0, caret - SHOWN_LINE // 2)
                shown = ("..." if start else "") + shown[start : start + SHOWN_LINE] + "..."
                caret = caret - start + (3 if start else 0)
            out += f"\n    {shown}\n    {' ' * caret}^"
        if self.hint:
            out += f"\n    hint: {self.hint}"
        return out

    @property
    def sort_key(self) -> tuple[str, int, int]:
        return (self.file, self.line, self.column)


def a_or_an(noun: str) -> str:
    """``noun`` with its indefinite article: "an action", "a resource"."""
    return ("an " if noun[:1] in "aeiou" else "a ") + noun


def suggest(word: str, choices: Iterable[str]) -> str:
    """`` — did you mean 'x'?`` for the closest of ``choices``, or ``""``; a
    choice that differs only in case (``VP``: ``vp``) is the closest."""
    choices = list(choices)
    same = [c for c in choices if c.lower() == word.lower()]
    close = same or difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
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
        self.diagnostics.append(Diagnostic(self.file, line, column, message, self.source_line(line), hint))

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
        Diagnostic(last.file, last.line, last.column, f"{more} more errors not shown (limit {MAX_DIAGNOSTICS})")
    ]


# --------------------------------------------------------------------------
# Syntax errors -> diagnostics


def _prev_word(e: UnexpectedToken, block_text: str) -> str | None:
    """The word just before the unexpected token, as the author wrote it."""
    try:
        stack = e.interactive_parser.parser_state.value_stack
    except AttributeError:
        return None
    if not stack:
        return None
    last = stack[-1]
    if isinstance(last, Token):
        return short(str(last))
    if isinstance(last, Tree) and not last.meta.empty:
        words = block_text[last.meta.start_pos : last.meta.end_pos].split()
        return short(words[-1]) if words else None
    if isinstance(last, tuple):  # our own option tuples
        return None
    return None


def _describe(expected: set[str]) -> str:
    names = terminal_text()
    parts = sorted({names.get(t, t) for t in expected}, key=lambda s: (not s.startswith("a"), s))
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " or " + parts[-1]


def _stack_tokens(e: UnexpectedInput) -> list[Token]:
    """The tokens on top of the parser's stack (the words just read), oldest first."""
    try:
        stack = e.interactive_parser.parser_state.value_stack
    except AttributeError:
        return []
    out: list[Token] = []
    for item in reversed(stack):
        if not isinstance(item, Token):
            break
        out.insert(0, item)
    return out


def _no_unit(e: UnexpectedInput) -> Token | None:
    """The number of ``cost 6`` written without its unit, when the word read as
    its unit is on a later line (the next statement's first word): that
    number, else None."""
    read = _stack_tokens(e)
    if (
        len(read) >= 2
        and read[-2].type == "NUMBER"
        and read[-1].type != "NUMBER"
        and (read[-1].line or 0) > (read[-2].line or 0)
    ):
        return read[-2]
    return None


def _whole_number(block_text: str, pos: int) -> str | None:
    """``6.5`` when the '.' at ``pos`` sits between digits, else None."""
    if not (0 < pos < len(block_text) - 1 and block_text[pos - 1].isdigit() and block_text[pos + 1].isdigit()):
        return None
    start, end = pos, pos + 1
    while start > 0 and block_text[start - 1].isdigit():
        start -= 1
    while end < len(block_text) and block_text[end].isdigit():
        end += 1
    return block_text[start:end]


#: Words that name a step after ``at`` or a window after ``on``.
_ONE_WORD_AFTER = {"at": "step", "on": "window"}


def _lexer_pos(e: UnexpectedCharacters) -> int:
    """Where in the block the lexer stopped. (Lark's types say ``None``: its
    base class has no position; the lexer's error always sets one.)"""
    pos: object = e.pos_in_stream
    return pos if isinstance(pos, int) else 0


def _syntax_message(e: UnexpectedInput, block_text: str, cut_by: str | None = None) -> tuple[str, str]:
    """(message, hint) for a Lark error, in the author's words."""
    if isinstance(e, UnexpectedCharacters):
        pos = _lexer_pos(e)
        ch = block_text[pos] if pos < len(block_text) else ""
        if ch == '"':
            return ("unterminated name: a quoted name must end with '\"' on the same line", "")
        number = _whole_number(block_text, pos) if ch == "." else None
        if number is not None:
            return (
                f"'{short(number)}' is not a whole number: amounts and numbers in card text are whole",
                f"write {number.split('.')[0]} or {int(number.split('.')[0]) + 1}; there are no fractions "
                "of a cube, a coin or a point",
            )
        return (f"unexpected character {ch!r}", "")
    assert isinstance(e, UnexpectedToken)
    tok = e.token
    try:  # the parser's own view: the lexer's list also holds NAME everywhere
        expected = set(e.accepts)
    except Exception:  # pragma: no cover - older Lark without interactive state
        expected = set(e.expected or ())
    number = _no_unit(e)
    if number is not None:
        unit = _stack_tokens(e)[-1]
        return (
            f"'{short(str(number))}' has no unit: an amount is a number and what it counts, "
            f"e.g. '{short(str(number))} gold'",
            f"'{short(str(unit))}', on a later line, was read as its unit; a unit is one of: "
            "wood, stone, sand, metal, gold, vp",
        )
    prev = _prev_word(e, block_text)
    after = f" after '{prev}'" if prev else ""
    read = _stack_tokens(e)
    if str(tok) == "and":
        if "COMMA" in expected or "PLUS" in expected:
            joiner, what = (
                (",", "the amounts of a list")
                if "COMMA" in expected
                else ("+", "the inputs or outputs of a conversion")
            )
            return (f"'and' does not join amounts: {what} are joined with '{joiner}'", f"e.g. '2 gold{joiner} 1 wood'")
        return (
            f"'and' does not join anything in card text{after}: that statement takes one amount",
            "a list of amounts is joined with ',' (gain 2 gold, 1 wood), a conversion's inputs "
            "with '+' (convert 1 wood + 1 stone -> 3 vp)",
        )
    if expected == {"COLON"} and tok.type == "NAME" and len(read) >= 2 and str(read[-2]) in _ONE_WORD_AFTER:
        word, first = str(read[-2]), str(read[-1])
        key = str(tok) if first in ("the", "a", "an") else f"{first}_{tok}"
        return (
            f"'{word} {short(first)} {short(str(tok))}': a {_ONE_WORD_AFTER[word]} is named by one word, its key",
            f"write '{word} {short(key)}:'",
        )
    if tok.type == "$END":
        if cut_by is not None and "RBRACE" not in expected:
            return (f"expected {_describe(expected)}{after}, found '{cut_by}'", "")
        if "RBRACE" in expected:
            return (f"the card ends{after} without its closing '}}'", "")
        return (f"the text ends too early: expected {_describe(expected)}{after}", "")
    found = f"'{short(str(tok))}'"
    starters = statement_words()
    if len(expected & starters) >= len(starters) - 2:
        extra = expected - starters - {"RBRACE"}
        if tok.type == "NAME" or tok.type not in terminal_text():
            words = [terminal_text()[t].strip("'") for t in starters if t in terminal_text()]
            return (
                f"unknown statement '{short(str(tok))}'{suggest(str(tok), words)}",
                "each statement starts with a word such as 'convert', 'cost', 'gain' "
                "or 'now:'; see the card language reference",
            )
        lead = f"{_describe(extra)} or " if extra else ""
        return (f"expected {lead}a new statement{after}, found {found}", "")
    hint = ""
    if prev == "," and {"CAPACITY", "NEEDS", "IF"} <= expected:
        hint = "join several inputs or outputs of a conversion with '+'"
    if expected == {"VBAR"}:
        hint = "'choose one' needs at least two options separated by '|'"
    if tok.type in ("STRING",) and "NAME" in expected:
        hint = "names of things (ids, resources, steps) are written without quotes"
    return (f"expected {_describe(expected)}{after}, found {found}", hint)


def _pointed(e: UnexpectedInput) -> tuple[int, int] | None:
    """Where a mistake that Lark finds later was made (in the block): the
    number of ``cost 6`` without a unit; the first word of ``at the market:``."""
    number = _no_unit(e)
    if number is not None:
        return number.line or 1, number.column or 1
    read = _stack_tokens(e)
    if (
        isinstance(e, UnexpectedToken)
        and len(read) >= 2
        and str(read[-2]) in _ONE_WORD_AFTER
        and e.token.type == "NAME"
        and set(e.accepts) == {"COLON"}
    ):
        return read[-1].line or 1, read[-1].column or 1
    return None


def report_syntax_error(
    rep: Reporter, e: UnexpectedInput, chunk: str, line0: int, column0: int, cut_by: tuple[int, int, str] | None = None
) -> int:
    """Report Lark's error ``e`` in ``chunk``, a card block that starts at line
    ``line0``, column ``column0`` of ``rep``'s text, at its place in the file.

    ``cut_by`` is the (line, column, word) of the card header that cut the
    block short (its ``}`` is missing); an error at the block's end is then
    reported at that header. Other errors at the end of the text point just
    after its last written character. Returns the line of the block (1: its
    first) the error is reported at; 0 for an error at the block's end (nothing
    follows it to read on).
    """
    at_end = isinstance(e, UnexpectedToken) and e.token.type == "$END"
    msg, hint = _syntax_message(e, chunk, cut_by[2] if cut_by else None)
    if at_end and cut_by is not None and cut_by[1] > column0 and "closing" in msg:
        # an indented line that starts with a card kind: written as a statement
        # (reported at that word, as every error that names what was found)
        kind, name = (chunk.split(None, 2) + ["", ""])[:2]
        msg = (
            f"found '{cut_by[2]}' inside the {kind} card '{name}': a {kind} card has no statement "
            f"that starts with '{cut_by[2]}', and '{cut_by[2]}' begins a new card, which leaves the "
            f"{kind} card without its closing '}}'"
        )
        hint = (
            f"see the card language reference for what a {kind} card may say; "
            "a new card starts after the '}' of the one before"
        )
    if at_end and cut_by is not None and "found" in msg:
        rep.error(cut_by[0], cut_by[1], msg, hint)
        return 0
    line, col = _pointed(e) or (e.line, e.column)
    if at_end or line is None or line < 1:  # just after the last written character
        body = _strip_trailing(chunk)
        line, col = body.count("\n") + 1, len(body) - body.rfind("\n")
    rep.error(line + line0 - 1, col + (column0 - 1 if line == 1 else 0), msg, hint)
    return 0 if at_end else line


def _strip_trailing(chunk: str) -> str:
    """``chunk`` without trailing blanks and comment lines."""
    lines = chunk.rstrip().split("\n")
    while len(lines) > 1 and lines[-1].lstrip().startswith("#"):
        lines.pop()
        lines[-1] = lines[-1].rstrip()
    return "\n".join(lines)

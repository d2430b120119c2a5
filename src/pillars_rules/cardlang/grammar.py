"""The card grammar (``grammar/cards.lark``) and its Lark LALR parser.

The parser is built once per process (and cached on disk by Lark between
processes). The parser (:mod:`.parser`) uses it to read card text; the
diagnostics (:mod:`.diagnostics`) use its terminals to say what was expected,
in the author's words.
"""

from __future__ import annotations

import functools
from typing import Any

from lark import Lark

from . import data


class _KeepNames:
    """Lark post-lexer that keeps NAME in every lexer state.

    With it a keyword is only recognised as a whole word: ``convertible`` is
    one unknown name, not ``convert`` followed by ``ible``.
    """

    always_accept = ("NAME",)

    def process(self, stream: Any) -> Any:
        return stream


@functools.cache
def grammar_text() -> str:
    """``cards.lark`` and then ``buildings.lark`` (the kinds with a function a
    worker uses): one grammar, read as one text."""
    folder = data.data_dir("grammar")
    return "\n".join((folder / name).read_text(encoding="utf-8") for name in GRAMMAR_FILES)


#: The grammar's files, in the order they are read.
GRAMMAR_FILES = ("cards.lark", "buildings.lark")


@functools.cache
def lark_parser() -> Lark:
    """The LALR parser, built once per process."""
    kwargs: dict[str, Any] = dict(
        parser="lalr",
        propagate_positions=True,
        maybe_placeholders=True,
        postlex=_KeepNames(),
    )
    try:
        return Lark(grammar_text(), cache=True, **kwargs)
    except OSError:  # unwritable temp folder: build without the disk cache
        return Lark(grammar_text(), **kwargs)


@functools.cache
def terminal_text() -> dict[str, str]:
    """Terminal name -> how to show it to an author (``'convert'``, ``a number``)."""
    out = {
        "NUMBER": "a number",
        "NAME": "a name",
        "STRING": 'a quoted name like "Mason"',
        "$END": "the end of the text",
    }
    for t in lark_parser().terminals:
        if t.name not in out and t.pattern.type == "str":
            out[t.name] = f"'{t.pattern.value}'"
    return out


@functools.cache
def statement_words() -> frozenset[str]:
    """Terminals that may start a statement inside a card body."""
    ip = lark_parser().parse_interactive('craftsman x "x" {')
    ip.exhaust_lexer()
    return frozenset(ip.accepts())  # type: ignore[no-untyped-call]

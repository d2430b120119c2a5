"""Pygments lexer for card text (alias ``pillars-cards``), for the docs.

Only ``docs/conf.py`` imports this module, so the package itself never needs
Pygments. The keyword list is read from the grammar, so it cannot drift.
"""

from __future__ import annotations

import re

from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Text

from . import effects as fx
from .effects import KINDS


def _keywords() -> tuple[str, ...]:
    from .grammar import grammar_text

    found = set(re.findall(r'"([a-z]+)"', grammar_text()))
    return tuple(sorted(found - set(KINDS)))


def _board_words() -> set[str]:
    """The base board's place keys and the round opening, read from its text."""
    from . import compiler  # noqa: F401  (it sets how the base board is compiled)
    from .cardset import base_places

    return {"round_start"} | {c.id for c in base_places() if c.kind == "place"}


_VOCAB = tuple(sorted(set(fx.AMOUNT_KINDS) | _board_words() | {fx.GAME_END, fx.SETUP} | set(fx.WINDOWS)))


class PillarsCardsLexer(RegexLexer):  # type: ignore[misc]  # pygments has no types
    """Card files of pillars-rules (``*.cards``)."""

    name = "Pillars cards"
    aliases = ["pillars-cards"]
    filenames = ["*.cards"]

    tokens = {
        "root": [
            (r"\s+", Text),
            (r"#.*?$", Comment.Single),
            (r"(%s)(\s+)([A-Za-z_]\w*)" % "|".join(KINDS), bygroups(Keyword.Declaration, Text, Name.Class)),
            (r"(variant)(\s+)([A-Za-z_]\w*)", bygroups(Keyword.Declaration, Text, Name.Label)),
            (r'"[^"\n]*"', String),
            (words(_keywords(), suffix=r"\b"), Keyword),
            (words(_VOCAB, suffix=r"\b"), Name.Builtin),
            (r"[+-]?\d+", Number.Integer),
            (r"->|\+|\|", Operator),
            (r"[{}():,]", Punctuation),
            (r"[A-Za-z_]\w*", Name),
            (r".", Text),
        ],
    }

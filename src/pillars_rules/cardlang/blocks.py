"""Cutting a card file into its top-level card blocks (:func:`split_blocks`),
the first pass of the parser (:mod:`.parser`): one linear scan that matches
braces, skips strings and comments, and starts a new block at a line that
begins with a card kind while one is still open.
"""

from __future__ import annotations

import re

from ..limits import MAX_NESTING
from . import ast
from .buildast import CARD_KINDS
from .effects import KINDS

#: The words that start a card: Pillars' kinds and the building cards' (goods, heartland...).
_STARTS = frozenset(KINDS + CARD_KINDS)

_SCAN = re.compile(
    r'(?P<comment>#[^\n]*)|(?P<string>"[^"\n]*"?)|(?P<nl>\n)'
    r"|(?P<open>[{(])|(?P<close>[})])|(?P<word>[^\s#\"{}()]+(?:[^\S\n]+[^\s#\"{}()]+)*)"
)  # a "word" is a run of words on one line: only the first can start a card


class Block:
    """One top-level card block: ``text[start:end]``, starting at ``line``, ``column``."""

    __slots__ = ("start", "end", "line", "column", "too_deep", "cut_by")

    def __init__(self, start: int, line: int, column: int) -> None:
        self.start, self.end, self.line, self.column = start, start, line, column
        self.too_deep: tuple[int, int] | None = None
        #: (line, column, word) of the card header that cut this block short
        self.cut_by: tuple[int, int, str] | None = None


def split_blocks(text: str) -> tuple[list[Block], list[ast.Comment]]:
    """Top-level card blocks and all comments, in one linear pass."""
    blocks: list[Block] = []
    comments: list[ast.Comment] = []
    block: Block | None = None
    depth = parens = 0  # a block ends at the '}' that closes its '{'; a ')' never ends it
    line, line_start, first_on_line = 1, 0, True
    for m in _SCAN.finditer(text):
        kind = m.lastgroup
        if kind == "nl":
            line, line_start, first_on_line = line + 1, m.end(), True
            continue
        col = m.start() - line_start + 1
        if kind == "comment":
            comments.append(ast.Comment(m.group().rstrip(), line=line, column=col))
            continue
        if (
            block is not None
            and kind == "word"
            and first_on_line
            and m.group().split(None, 1)[0] in _STARTS
            and m.start() > block.start
        ):
            block.end = m.start()  # a new card starts: the open one lacks '}'
            block.cut_by = (line, col, m.group().split(None, 1)[0])
            blocks.append(block)
            block, depth, parens = None, 0, 0
        first_on_line = False
        if block is None:
            block, depth, parens = Block(m.start(), line, col), 0, 0
        if kind == "open":
            if m.group() == "(":
                parens += 1
            else:
                depth += 1
            if depth + parens > MAX_NESTING and block.too_deep is None:
                block.too_deep = (line, col)
        elif kind == "close":
            if m.group() == ")":
                # a stray ')' is the parser's to report at its place; it does not end the card
                parens = max(0, parens - 1)
                continue
            depth -= 1
            if depth <= 0:
                block.end = m.end()
                blocks.append(block)
                block = None
    if block is not None:
        block.end = len(text)
        blocks.append(block)
    return blocks, comments

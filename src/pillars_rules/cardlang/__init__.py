"""The card language: card text -> effect-registry objects, and back.

>>> from pillars_rules.cardlang import compile_text, render
>>> cs = compile_text('''
... craftsman tiler "Tiler" de "Dachdecker" {
...     round 2
...     cost 4 gold
...     convert 1 wood + 1 stone -> 3 vp, capacity 1
... }''')
>>> print(render(cs["tiler"]))
Tiler (Dachdecker), round 2 craftsman, costs 4 gold. Converts 1 wood and 1 stone into 3 VP, up to once per round.

Pipeline: :func:`parse` (text -> typed :mod:`~.ast` with positions) ->
:func:`compile_text` (AST -> :class:`~pillars_rules.cardlang.card.Card` built from
:mod:`pillars_rules.cardlang.effects`). :func:`format_text` / :func:`format_cards`
print canonical text; :func:`render` prints the rules in English.
"""

from __future__ import annotations

from .compiler import base_cards, compile_text, load_paths
from .diagnostics import Diagnostic
from .formatter import format_cards, format_text
from .parser import parse
from .render import render

__all__ = [
    "Diagnostic",
    "base_cards",
    "compile_text",
    "format_cards",
    "format_text",
    "load_paths",
    "parse",
    "render",
]

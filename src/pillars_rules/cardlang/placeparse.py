"""The parser's tree builder: its node makers, and the place and board fields.

:class:`PlaceBuild` is the base of the parser's transformer (:mod:`.parser`):
it makes the :mod:`.ast` nodes with their positions in the file, and builds
the fields only the kinds ``place`` and ``board`` set (their values are
checked by :mod:`.placecomp`).
"""

from __future__ import annotations

from typing import Any, Protocol

from lark import Token, Transformer, v_args

from . import ast

#: A rule's children, by position: tokens, the nodes and tuples the builder's
#: methods made of the rule's parts, ``None`` for a part left out. Which one
#: stands where is what ``grammar/cards.lark`` says of the rule (and the fast
#: parser, :mod:`.fastparse`, follows): a type checker cannot read the grammar.
Children = list[Any]


class Meta(Protocol):
    """Where a rule's text lies: Lark's ``Meta``, or the fast parser's."""

    line: int
    column: int
    end_line: int


class Word(Protocol):
    """What the builder reads of a token: its text and where it starts.
    Lark's lexer gives each of its tokens a line and column (its ``Token``
    type leaves them optional, for tokens made by hand); so does the fast
    parser (:class:`.fastparse.Tok`)."""

    line: int
    column: int

    def __str__(self) -> str: ...


class Problems(Protocol):
    """Where the builder reports what it finds (a :class:`~.diagnostics.Reporter`)."""

    def error(self, line: int, column: int, message: str, hint: str = "") -> None: ...


@v_args(meta=True)
class PlaceBuild(Transformer[Token, list[ast.CardNode]]):
    """Tree-builder methods for place and board fields, and the node makers
    every rule uses; positions are shifted from block to file."""

    def __init__(self, line0: int, col0: int, rep: Problems) -> None:
        super().__init__(visit_tokens=False)
        self.l0, self.c0, self.rep = line0, col0, rep

    # positions
    def _lc(self, line: int, col: int) -> tuple[int, int]:
        return line + self.l0 - 1, col + (self.c0 - 1 if line == 1 else 0)

    def _at(self, meta: Meta) -> dict[str, int]:
        line, col = self._lc(meta.line, meta.column)
        return {"line": line, "column": col, "end_line": meta.end_line + self.l0 - 1}

    def _at2(self, meta: Meta) -> dict[str, int]:
        line, col = self._lc(meta.line, meta.column)
        return {"line": line, "column": col}

    def _name(self, t: Word) -> ast.Name:
        line, col = self._lc(t.line, t.column)
        return ast.Name(str(t), line=line, column=col)

    def _num(self, t: Word) -> ast.Num:
        line, col = self._lc(t.line, t.column)
        return ast.Num(str(t), line=line, column=col)

    def _title(self, t: Word) -> ast.Title:
        line, col = self._lc(t.line, t.column)
        return ast.Title(str(t)[1:-1], line=line, column=col)

    def _eff(self, meta: Meta, registry: str, *args: tuple[str, ast.Value]) -> ast.Effect:
        return ast.Effect(registry, tuple(args), **self._at(meta))

    def _field(self, meta: Meta, name: str, value: ast.Value) -> ast.Field:
        return ast.Field(name, value, **self._at(meta))

    # place and board fields
    def called(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "called", self._title(ch[0]))

    def spots(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "spots", self._num(ch[0]))

    def one_per_player(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "one_per_player", True)

    def in_order(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "in_order", True)

    def worker_site(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "worker_site", self._name(ch[0]))

    def step_rule(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "step", self._name(ch[0]))

    def after(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "after", self._name(ch[0]))

    def replaces(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "replaces", self._name(ch[0]))

    def spot(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "spot", (self._num(ch[0]), ch[1]))

    def die(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "die", ch[0])

    def cube_limit(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "cube_limit", self._num(ch[0]))

    def stock(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "stock", ch[0])

    def buying(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "buying", ch[0])

    def selling(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "selling", ch[0])

    def gold_cap(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "gold_cap", self._num(ch[0]))

    def builder_prices(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "builder_prices", ch[0])

    def player_counts(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "players", ch[0])

    def starting_gold(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "starting_gold", ch[0])

    def starting_builders(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "starting_builders", self._num(ch[0]))

    def starting_vp(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "starting_vp", self._num(ch[0]))

    def rounds(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "rounds", self._num(ch[0]))

    def dealt_craftsmen(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "dealt_craftsmen", ch[0])

    def dealt_resources(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "dealt_resources", ch[0])

    def free_builders(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "free_builders", ch[0])

    def wheel_values(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "wheel_values", ch[0])

    def wheel_indicators(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "wheel_indicators", ch[0])

    def wheel_enters(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "wheel_enters", ch[0])

    def wheel_wild(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "wheel_wild", self._name(ch[0]))

    def wheel_end(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "wheel_end", self._name(ch[0]))

    def wheel_idle_resets(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "wheel_idle_resets", True)

    def grey_workers(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "GreyWorkers", ("n", self._num(ch[0])))

    def number_list(self, meta: Meta, ch: Children) -> tuple[ast.Num, ...]:
        return tuple(self._num(t) for t in ch)

    def price_list(self, meta: Meta, ch: Children) -> tuple[tuple[ast.Name, ast.Num], ...]:
        return tuple(ch)

    def price(self, meta: Meta, ch: Children) -> tuple[ast.Name, ast.Num]:
        return (self._name(ch[0]), self._num(ch[1]))

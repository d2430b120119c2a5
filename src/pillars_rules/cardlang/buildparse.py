"""The parser's tree-builder methods for ``grammar/buildings.lark``: building,
settlement and heartland fields, a building's function, and the goods card
(nodes of :mod:`.buildast`; their meaning is checked by :mod:`.buildcomp`)."""

from __future__ import annotations

from typing import Any

from lark import v_args

from . import ast
from . import buildast as b
from .placeparse import Children, Meta, PlaceBuild


@v_args(meta=True)
class BuildingBuild(PlaceBuild):
    """Builder methods of the building fields (mixed into the parser's builder)."""

    def _pos2(self, meta: Meta) -> dict[str, int]:
        return self._at2(meta)

    # fields
    def b_number(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "b_number", self._name(ch[0]))

    def b_variant(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "b_variant", self._name(ch[0]))

    def b_deck(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "b_deck", self._name(ch[0]))

    def b_arrives(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "b_arrives", self._name(ch[0]))

    def b_mark_none(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "b_mark", "none")

    def b_mark(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "b_mark", (self._num(ch[0]), False))

    def b_mark_up(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "b_mark", (self._num(ch[0]), True))

    def b_modes(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "b_modes", tuple(ch))

    def b_value(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "b_value", self._num(ch[0]))

    def b_dwelling(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "b_dwelling", self._num(ch[0]))

    def b_terrain(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "b_terrain", ch[0])

    def b_cloister(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "b_cloister", True)

    def b_use(self, meta: Meta, ch: Children) -> ast.Field:
        parts = tuple(c for c in ch if isinstance(c, b.Part))
        joiners = tuple(str(c) for c in ch if not isinstance(c, b.Part))
        fn: Any = b.Function(parts, joiners, **self._pos2(meta))
        return self._field(meta, "b_use", fn)

    def b_built_price(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "b_built", (self._name(ch[0]), ch[1]))

    def g_good(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "g_good", (self._name(ch[0]), None if ch[1] is None else self._name(ch[1])))

    def g_free(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "g_free", ch[0])

    def g_worth(self, meta: Meta, ch: Children) -> ast.Field:
        worths: Any = tuple(ch[1:])
        return self._field(meta, "g_worth", (self._name(ch[0]), worths))

    def g_limited(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "g_limited", ch[0])

    def g_exchange(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "g_exchange", (ch[0], ch[1], False))

    def g_exchange_back(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "g_exchange", (ch[0], ch[1], True))

    def g_terrains(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "g_terrains", ch[0])

    def l_side(self, meta: Meta, ch: Children) -> ast.Field:
        rows: Any = tuple(ch[2:])
        return self._field(meta, "l_side", (self._title(ch[0]), rows, ch[1] is not None))

    def l_attach(self, meta: Meta, ch: Children) -> ast.Field:
        column, stacked, touch, to = ch
        value: Any = (self._num(column), stacked is not None, None if touch is None else self._name(touch), to)
        return self._field(meta, "l_attach", value)

    def l_pile(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "l_pile", self._name(ch[0]))

    def l_covers(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "l_covers", tuple(ch))

    def cover(self, meta: Meta, ch: Children) -> tuple[ast.Name, ast.Name]:
        return (self._name(ch[0]), self._name(ch[1]))

    def l_prices(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "l_prices", ch[0])

    def land_row(self, meta: Meta, ch: Children) -> tuple[b.LandCell, ...]:
        return tuple(ch)

    def land_cell(self, meta: Meta, ch: Children) -> b.LandCell:
        terrain, on, rows = ch
        return b.LandCell(
            self._name(terrain),
            None if on is None else self._name(on),
            None if rows is None else self._num(rows),
            **self._pos2(meta),
        )

    def attach_stacked(self, meta: Meta, ch: Children) -> str:
        return "stacked"

    def side_columns(self, meta: Meta, ch: Children) -> str:
        return "columns"

    # a mode card's fields (cardlang/modecomp.py)
    def m_clergy(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "m_clergy", tuple(ch))

    def clergy_kind(self, meta: Meta, ch: Children) -> tuple[ast.Num, ast.Title]:
        return (self._num(ch[0]), self._title(ch[1]))

    def m_recall(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "m_recall", (self._title(ch[0]), ch[1]))

    def recall_always(self, meta: Meta, ch: Children) -> tuple[ast.Title, ...]:
        return tuple(self._title(t) for t in ch)

    def m_fee(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "m_fee", tuple(ch))

    def fee_alt(self, meta: Meta, ch: Children) -> Any:
        amounts, to, variant = ch
        return (amounts, self._name(to), None if variant is None else self._name(variant))

    def m_chooser(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "m_chooser", self._name(ch[0]))

    def m_arm(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "m_arm", self._num(ch[0]))

    def m_phase(self, meta: Meta, ch: Children) -> ast.Field:
        name, when, runs, grants = ch
        value: Any = (self._title(name), when, runs or (), grants or ())
        return self._field(meta, "m_phase", value)

    def when_round(self, meta: Meta, ch: Children) -> tuple[str, ast.Num]:
        return ("round", self._num(ch[0]))

    def when_after(self, meta: Meta, ch: Children) -> tuple[str, ast.Title]:
        return ("after", self._title(ch[0]))

    def phase_runs(self, meta: Meta, ch: Children) -> tuple[ast.Title, ...]:
        return tuple(self._title(t) for t in ch)

    def phase_grants(self, meta: Meta, ch: Children) -> Any:
        return ch[0]

    def m_end_count(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "m_end_count", (self._title(ch[0]), self._title(ch[1]), self._num(ch[2])))

    def m_end_round(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "m_end_round", self._num(ch[0]))

    def m_start(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "m_start", ch[0])

    def m_income(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "m_income", (self._num(ch[0]), ch[1]))

    def m_uncovered(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "m_uncovered", ch[0])

    def m_option(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "m_option", (self._title(ch[0]), ch[1]))

    def opt_uncovered(self, meta: Meta, ch: Children) -> tuple[str, Any]:
        return ("uncovered", ch[0])

    def opt_without(self, meta: Meta, ch: Children) -> tuple[str, ast.Name]:
        return ("without", self._name(ch[0]))

    def m_neutral(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "m_neutral", (self._title(ch[0]), self._name(ch[1])))

    def m_goal(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "m_goal", self._num(ch[0]))

    def m_wheel_bonus(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "m_wheel_bonus", self._num(ch[0]))

    # pieces of fields
    def mode_plain(self, meta: Meta, ch: Children) -> b.Mode:
        return b.Mode(self._num(ch[0]), "", **self._pos2(meta))

    def mode_long(self, meta: Meta, ch: Children) -> b.Mode:
        return b.Mode(self._num(ch[0]), "long", **self._pos2(meta))

    def mode_short(self, meta: Meta, ch: Children) -> b.Mode:
        return b.Mode(self._num(ch[0]), "short", **self._pos2(meta))

    def worth(self, meta: Meta, ch: Children) -> b.Worth:
        return b.Worth(self._name(ch[0]), ch[1], **self._pos2(meta))

    def qty(self, meta: Meta, ch: Children) -> b.Qty:
        return b.Qty(self._num(ch[0]), None if ch[1] is None else self._num(ch[1]), **self._pos2(meta))

    def joiner(self, meta: Meta, ch: Children) -> str:
        return str(ch[0])

    # the function
    def use_part(self, meta: Meta, ch: Children) -> b.Part:
        return b.Part(ch[0], tuple(ch[1:]), **self._pos2(meta))

    def rep_once(self, meta: Meta, ch: Children) -> b.Repeat:
        return b.Repeat("once", None, **self._pos2(meta))

    def rep_up_to_once(self, meta: Meta, ch: Children) -> b.Repeat:
        return b.Repeat("up_to", None, **self._pos2(meta))

    def rep_up_to(self, meta: Meta, ch: Children) -> b.Repeat:
        return b.Repeat("up_to", self._num(ch[0]), **self._pos2(meta))

    def rep_any(self, meta: Meta, ch: Children) -> b.Repeat:
        return b.Repeat("any", None, **self._pos2(meta))

    def deal_exchange(self, meta: Meta, ch: Children) -> b.Deal:
        return b.Deal("exchange", ch[0], ch[1], **self._pos2(meta))

    def deal_take(self, meta: Meta, ch: Children) -> b.Deal:
        return b.Deal("take", (), ch[0], **self._pos2(meta))

    def deal_do(self, meta: Meta, ch: Children) -> b.Deal:
        return b.Deal("do", (), (((ch[0],),),), **self._pos2(meta))

    def pieces(self, meta: Meta, ch: Children) -> tuple[Any, ...]:
        return tuple(ch)

    def alt(self, meta: Meta, ch: Children) -> tuple[Any, ...]:
        return tuple(ch)

    def group(self, meta: Meta, ch: Children) -> tuple[Any, ...]:
        return tuple(ch)

    def p_amount(self, meta: Meta, ch: Children) -> b.PAmount:
        return b.PAmount(ch[0], self._name(ch[1]), **self._pos2(meta))

    def p_kinds(self, meta: Meta, ch: Children) -> b.PKinds:
        return b.PKinds(self._num(ch[0]), self._num(ch[1]), **self._pos2(meta))

    def p_one_of(self, meta: Meta, ch: Children) -> b.POneOf:
        return b.POneOf(tuple(self._num(c) for c in ch[:-1]), ch[-1], **self._pos2(meta))

    def p_track(self, meta: Meta, ch: Children) -> b.PTrack:
        *goods, wild = ch
        return b.PTrack(
            tuple(self._name(g) for g in goods), True, None if wild is None else self._name(wild), **self._pos2(meta)
        )

    def p_from_track(self, meta: Meta, ch: Children) -> b.PTrack:
        *goods, wild = ch
        return b.PTrack(tuple(self._name(g) for g in goods), False, self._name(wild), **self._pos2(meta))

    def p_threshold(self, meta: Meta, ch: Children) -> b.PThreshold:
        good, source, *steps = ch
        return b.PThreshold(self._name(good), self._name(source), tuple(steps), **self._pos2(meta))

    def step(self, meta: Meta, ch: Children) -> tuple[ast.Num, ast.Num]:
        return (self._num(ch[0]), self._num(ch[1]))

    def p_worth(self, meta: Meta, ch: Children) -> b.PWorth:
        goods, qty, kind, per, *rates = ch
        return b.PWorth(
            goods,
            qty,
            self._name(kind),
            () if per is None else per,
            tuple(r for r in rates if r is not None),
            **self._pos2(meta),
        )

    def rate(self, meta: Meta, ch: Children) -> tuple[b.Mode, b.Qty]:
        return (ch[0], ch[1])

    def article(self, meta: Meta, ch: Children) -> str:
        return str(ch[0])

    # follow-ups
    def _follow(self, meta: Meta, step: str, arg: str, text: str, excepted: str | None = None) -> b.PFollow:
        return b.PFollow(step, arg, text, excepted, **self._pos2(meta))

    def f_build(self, meta: Meta, ch: Children) -> b.PFollow:
        return self._follow(meta, "build", "", "build")

    def f_settle(self, meta: Meta, ch: Children) -> b.PFollow:
        return self._follow(meta, "settle", "", "settle")

    def _one(self, meta: Meta, step: str, ch: Children) -> b.PFollow:
        return self._follow(meta, step, str(ch[0]), f"{step} {ch[0]}")

    def f_recall(self, meta: Meta, ch: Children) -> b.PFollow:
        return self._one(meta, "recall", ch)

    def f_clear(self, meta: Meta, ch: Children) -> b.PFollow:
        return self._one(meta, "clear", ch)

    def f_action(self, meta: Meta, ch: Children) -> b.PFollow:
        return self._one(meta, "action", ch)

    def f_land(self, meta: Meta, ch: Children) -> b.PFollow:
        return self._one(meta, "land", ch)

    def f_use(self, meta: Meta, ch: Children) -> b.PFollow:
        article, *words, with_, except_ = ch
        arg = " ".join(str(w) for w in words)
        if with_ is not None:
            arg = " ".join(x for x in (arg, f"with {with_}") if x)
        if except_ is not None:
            arg = f"{arg} except {except_}"
        text = " ".join(["use", str(article), *(str(w) for w in words), "building"])
        text += "".join(f" {w} {x}" for w, x in (("with", with_), ("except", except_)) if x is not None)
        return self._follow(meta, "use", arg, text, None if except_ is None else str(except_))

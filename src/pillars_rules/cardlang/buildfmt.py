"""Canonical text of building, settlement, heartland and goods fields and of a
building's function (the printer :mod:`.formatter` uses for them)."""

from __future__ import annotations

from typing import Any, cast

from . import ast
from . import buildast as b
from .modefmt import mode_field_text


def _num(n: ast.Num) -> str:
    v = n.value
    return n.text if v is None else str(v)


def qty_text(q: b.Qty) -> str:
    return _num(q.num) if q.den is None else f"{_num(q.num)}/{_num(q.den)}"


def _mode(m: b.Mode) -> str:
    return f"{_num(m.n)} {m.suffix}".rstrip()


def _names(names: tuple[ast.Name, ...]) -> str:
    return ", ".join(n.text for n in names)


def piece_text(p: b.Piece) -> str:
    if isinstance(p, b.PAmount):
        return f"{qty_text(p.qty)} {p.name.text}"
    if isinstance(p, b.PKinds):
        return f"{_num(p.n)} goods of {_num(p.m)} different kinds"
    if isinstance(p, b.POneOf):
        return f"{' and '.join(_num(n) for n in p.ns)} of ({_names(p.goods)})"
    if isinstance(p, b.PTrack):
        goods = " or ".join(g.text for g in p.goods)
        if not p.own:
            return f"{goods} from track {p.wild.text if p.wild else ''}".rstrip()
        return f"{goods} from the track" + (f" with wild {p.wild.text}" if p.wild else "")
    if isinstance(p, b.PThreshold):
        steps = ", ".join(f"{_num(a)} -> {_num(x)}" for a, x in p.steps)
        return f"{p.good.text} by {p.source.text} ({steps})"
    if isinstance(p, b.PWorth):
        out = f"({_names(p.goods)}) worth up to {qty_text(p.qty)} {p.kind.text}"
        if p.per:
            out += f" per ({_names(p.per)})"
            if p.rates:
                out += " in (" + ", ".join(f"{_mode(m)}: {qty_text(q)}" for m, q in p.rates) + ")"
        return out
    return p.text


def _side(alts: Any) -> str:
    return ", ".join(" or ".join(" + ".join(piece_text(p) for p in group) for group in alt) for alt in alts)


def deal_text(d: b.Deal) -> str:
    if d.kind == "exchange":
        return f"{_side(d.give)} -> {_side(d.take)}"
    if d.kind == "take":
        return f"take {_side(d.take)}"
    return _side(d.take)


def part_text(p: b.Part) -> str:
    r = p.repeat
    head = ""
    if r is not None:
        if r.kind == "once":
            head = "once: "
        elif r.kind == "any":
            head = "any number of times: "
        elif r.n is None:
            head = "up to once: "
        else:
            head = f"up to {_num(r.n)} times: "
    return head + " | ".join(deal_text(d) for d in p.deals)


def function_text(fn: b.Function, indent: str) -> str:
    """``use: PART`` and each further part on a line of its own, its joiner first."""
    out = "use: " + part_text(fn.parts[0])
    for joiner, part in zip(fn.joiners, fn.parts[1:], strict=True):
        out += f"\n{indent}    {joiner} {part_text(part)}"
    return out


def field_text(f: ast.Field, indent: str = "    ") -> str:
    n = f.name
    if n in ("b_number", "b_variant", "b_deck", "b_arrives"):
        return f"{b.FIELD_WORDS[n]} {ast.one(f, ast.Name).text}"
    if n == "b_mark":
        if f.value == "none":
            return "mark none"
        num, up = ast.pair(f, ast.Num, bool)
        return f"mark {_num(num)}{'+' if up else ''}"
    if n == "b_modes":
        return "modes " + ", ".join(_mode(m) for m in ast.each(f, b.Mode))
    if n in ("b_value", "b_dwelling"):
        return f"{b.FIELD_WORDS[n]} {_num(ast.one(f, ast.Num))}"
    if n in ("b_terrain", "g_free", "g_terrains"):
        return f"{b.FIELD_WORDS[n]} {_names(ast.each(f, ast.Name))}"
    if n == "b_cloister":
        return "cloister"
    if n == "b_use":
        return function_text(ast.one(f, b.Function), indent)
    if n == "b_built":
        what, a = ast.pair(f, ast.Name, ast.AmountNode)
        return f"built: price {what.text} {_num(a.n)} {a.kind.text}"
    if n == "g_good":
        front, back = cast(tuple[ast.Name, "ast.Name | None"], f.value)
        return f"good {front.text}" + (f" back {back.text}" if back is not None else "")
    if n == "g_worth":
        kind, worths = ast.pair(f, ast.Name, tuple)
        return f"worth {kind.text}: " + ", ".join(f"{w.good.text} {qty_text(w.qty)}" for w in worths)
    if n == "g_limited":
        a = ast.one(f, ast.AmountNode)
        return f"limited {_num(a.n)} {a.kind.text}"
    if n == "g_exchange":
        give, take, both = cast(tuple[tuple[ast.AmountNode, ...], tuple[ast.AmountNode, ...], bool], f.value)
        arrow = " <-> " if both else " -> "
        return "exchange " + arrow.join(", ".join(f"{_num(a.n)} {a.kind.text}" for a in side) for side in (give, take))
    if n == "l_pile":
        return f"pile {ast.one(f, ast.Name).text}"
    if n == "l_covers":
        pairs = cast(tuple[tuple[ast.Name, ast.Name], ...], f.value)
        return "covers " + ", ".join(f"{c.text} {g.text}" for c, g in pairs)
    if n == "l_prices":
        return "prices " + ", ".join(_num(x) for x in ast.each(f, ast.Num))
    if n == "l_attach":
        column, stacked, touch, to = cast(tuple[ast.Num, bool, "ast.Name | None", tuple[ast.Name, ...]], f.value)
        out = f"attach column {_num(column)}" + (" stacked" if stacked else "")
        return out + (f" touching {touch.text}" if touch is not None else "") + f" to {_names(to)}"
    if n == "l_side":
        name, rows, columns = cast(tuple[ast.Title, tuple[tuple[b.LandCell, ...], ...], bool], f.value)
        # a side of more than one row (column): each further one on a line of its own, "/" first
        return f'side "{name.text}"{" columns" if columns else ""}: ' + f"\n{indent}    / ".join(
            ", ".join(map(land_cell_text, r)) for r in rows
        )
    if n.startswith("m_"):
        return mode_field_text(f)
    raise ValueError(n)  # pragma: no cover


def land_cell_text(c: b.LandCell) -> str:
    """One square of a landscape's side: ``plains``, ``plains with moor``, ``mountain rows 2``."""
    out = c.terrain.text + (f" with {c.on.text}" if c.on is not None else "")
    return out + (f" rows {_num(c.rows)}" if c.rows is not None else "")

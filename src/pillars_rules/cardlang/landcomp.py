"""Landscape cards: the boards of each seat's grid of terrain -- their sides (rows of squares), where a
board attaches, the pile it is bought from and that pile's prices (``grammar/buildings.lark``;
docs/ora/cards.rst). Checked against the set's goods card (terrains, goods) and its cards (what is
printed on a square); the game turns them into the grid mechanism's configuration.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import cast

from attrs import field, frozen

from . import ast
from . import buildast as b
from .diagnostics import Reporter, suggest

__all__ = ["LANDSCAPE_KIND", "LandAttach", "LandCellSpec", "LandscapeCard", "compile_landscape", "render_landscape"]

LANDSCAPE_KIND = "landscape"
#: The fields a landscape card may set (``l_side`` more than once: one line per side).
LANDSCAPE_FIELDS = ("b_number", "l_pile", "l_prices", "l_attach", "l_covers", "l_side")


@frozen
class LandCellSpec:
    """A square of a side: ``(dx, dy)`` from the side's top-left, its terrain, its cover or printed card
    (``card``: a card id of the set), and the rows it spans."""

    dx: int
    dy: int
    terrain: str
    cover: str | None = None
    card: str | None = None
    height: int = 1


@frozen
class LandAttach:
    """Where a board goes: its left edge in ``column``; ``stacked``: above or below the boards already in
    its columns, no gap; ``touch``: one of its squares of that terrain next to a board in ``to_boards`` or
    a square of a terrain in ``to_terrains``."""

    column: int
    stacked: bool = False
    touch: str | None = None
    to_boards: tuple[str, ...] = ()
    to_terrains: tuple[str, ...] = ()


@frozen
class LandscapeCard:
    """A landscape card: the board ``name`` (as the game's events name it), its sides ((name, squares),
    ...), where it attaches (``None``: the first board, each seat's own), the pile it is bought from and
    the pile's prices in stack order (one card of a pile states them), and the covers it declares
    ((cover, good it gives when removed), ...)."""

    id: str
    name: str
    sides: tuple[tuple[str, tuple[LandCellSpec, ...]], ...]
    attach: LandAttach | None = None
    pile: str = ""
    prices: tuple[int, ...] = ()
    covers: tuple[tuple[str, str], ...] = ()
    number: str = ""
    text: str = field(default="", eq=False, repr=False)
    source: str = field(default="", eq=False, repr=False)


def _word(name: str) -> str:
    return b.FIELD_WORDS.get(name, name.replace("_", " "))


def compile_landscape(
    rep: Reporter,
    node: ast.CardNode,
    terrains: Sequence[str],
    goods: Sequence[str],
    cards: Mapping[str, str],
    covers: Mapping[str, str],
    boards: Sequence[str],
    text: str = "",
) -> LandscapeCard | None:
    """The landscape card ``node`` (``None`` after reporting what is wrong): ``terrains`` and ``goods`` are
    the goods card's, ``cards`` the set's card ids (id -> kind), ``covers`` every landscape's declared covers
    and ``boards`` every landscape's board name."""
    known = len(rep.diagnostics)
    fields: dict[str, ast.Field] = {}
    sides: list[ast.Field] = []
    for f in node.fields:
        if f.name not in LANDSCAPE_FIELDS:
            allowed = ", ".join(_word(x) for x in LANDSCAPE_FIELDS)
            rep.at(f, f"a landscape card does not set '{_word(f.name)}'", f"a landscape card may set: {allowed}")
        elif f.name == "l_side":
            sides.append(f)
        elif f.name in fields:
            rep.at(f, f"'{_word(f.name)}' is set twice")
        fields[f.name] = f
    for e in node.abilities:
        rep.at(e, "a landscape card has sides, not abilities")
    if not sides:
        rep.at(node.id, f"landscape card '{node.id.text}' needs a side: 'side \"NAME\": SQUARE, SQUARE / ...'")
    for name, _ in _covers(fields):
        if name.text in terrains:
            rep.at(name, f"the cover '{name.text}' is a terrain of the goods card; a cover lies on a terrain")
    for _, good in _covers(fields):
        if good.text not in goods:
            rep.at(good, f"the good '{good.text}' is no good of the goods card{suggest(good.text, goods)}")
    out_sides = [_side(rep, f, terrains, cards, covers) for f in sides]
    names = [cast(tuple[ast.Title, ...], f.value)[0] for f in sides]
    for i, n in enumerate(names):
        if any(o.text == n.text for o in names[:i]):
            rep.at(n, f"the side '{n.text}' is written twice")
    attach = _attach(rep, fields.get("l_attach"), terrains, boards)
    prices = tuple(x.value or 0 for x in ast.each(fields["l_prices"], ast.Num)) if "l_prices" in fields else ()
    for x in ast.each(fields["l_prices"], ast.Num) if "l_prices" in fields else ():
        if (x.value or 0) < 0:
            rep.at(x, f"a price is 0 or more, not {x.text}")
    pile = ast.one(fields["l_pile"], ast.Name).text if "l_pile" in fields else ""
    if attach is None and ("l_pile" in fields or "l_prices" in fields):
        rep.at(node.id, f"landscape card '{node.id.text}' has a pile but no 'attach': a board bought goes somewhere")
    if attach is not None and not pile:
        rep.at(node.id, f"landscape card '{node.id.text}' attaches but names no 'pile' it is bought from")
    if "l_prices" in fields and not pile:
        rep.at(fields["l_prices"], "prices belong to a pile: add 'pile NAME'")
    if len(rep.diagnostics) > known:
        return None
    number = ast.one(fields["b_number"], ast.Name).text if "b_number" in fields else ""
    return LandscapeCard(
        id=node.id.text,
        name=node.name.text,
        sides=tuple((n.text, cells) for n, cells in zip(names, out_sides, strict=True)),
        attach=attach,
        pile=pile,
        prices=prices,
        covers=tuple((c.text, g.text) for c, g in _covers(fields)),
        number=number,
        text=text,
        source=rep.file,
    )


def _covers(fields: Mapping[str, ast.Field]) -> tuple[tuple[ast.Name, ast.Name], ...]:
    f = fields.get("l_covers")
    return () if f is None else cast(tuple[tuple[ast.Name, ast.Name], ...], f.value)


def _side(
    rep: Reporter, f: ast.Field, terrains: Sequence[str], cards: Mapping[str, str], covers: Mapping[str, str]
) -> tuple[LandCellSpec, ...]:
    """A side's squares, row by row; each square's terrain one of the goods card's, what lies on it a
    declared cover or a heartland card of the set, no two squares on one place."""
    _, rows, columns = cast(tuple[ast.Title, tuple[tuple[b.LandCell, ...], ...], bool], f.value)
    out: list[LandCellSpec] = []
    taken: set[tuple[int, int]] = set()
    for line, row in enumerate(rows):  # a row, or with 'columns' a column
        dx, dy = (line, 0) if columns else (0, line)
        for c in row:
            while (dx, dy) in taken:  # a square of a row above that spans this row
                dx += 1
            t = c.terrain.text
            if t not in terrains:
                rep.at(c.terrain, f"the terrain '{t}' is no terrain of the goods card{suggest(t, terrains)}")
            height = 1
            if c.rows is not None:
                height = c.rows.value or 0
                if height < 1:
                    rep.at(c.rows, f"a square spans 1 row or more, not {c.rows.text}")
                    height = 1
            cover = card = None
            if c.on is not None:
                on = c.on.text
                if on in covers:
                    cover = on
                elif cards.get(on) == "heartland":
                    card = on
                elif on in cards:
                    rep.at(c.on, f"the card '{on}' is a {cards[on]} card: only a heartland card is printed on a board")
                else:
                    rep.at(
                        c.on,
                        f"'{on}' is neither a cover nor a card of the set{suggest(on, [*covers, *cards])}",
                        "declare a cover with 'covers NAME GOOD' on a landscape card",
                    )
            if (dx, dy) in taken or any((dx, dy + k) in taken for k in range(height)):
                rep.at(c.terrain, f"the square at ({dx}, {dy}) overlaps a square written before it")
            out.append(LandCellSpec(dx, dy, t, cover, card, height))
            taken.update((dx, dy + k) for k in range(height))
            if columns:
                dy += height
            else:
                dx += 1
    return tuple(out)


def _attach(rep: Reporter, f: ast.Field | None, terrains: Sequence[str], boards: Sequence[str]) -> LandAttach | None:
    if f is None:
        return None
    column, stacked, touch, to = cast(tuple[ast.Num, bool, "ast.Name | None", tuple[ast.Name, ...]], f.value)
    if touch is not None and touch.text not in terrains:
        rep.at(touch, f"the terrain '{touch.text}' is no terrain of the goods card{suggest(touch.text, terrains)}")
    to_boards: list[str] = []
    to_terrains: list[str] = []
    for n in to:
        if n.text in boards:
            to_boards.append(n.text)
        elif n.text in terrains:
            to_terrains.append(n.text)
        else:
            rep.at(
                n,
                f"'{n.text}' is neither a landscape's board nor a terrain{suggest(n.text, [*boards, *terrains])}",
            )
    return LandAttach(
        column.value or 0, stacked, None if touch is None else touch.text, tuple(to_boards), tuple(to_terrains)
    )


def render_landscape(card: LandscapeCard) -> str:
    """A landscape card in plain words (``pillars-rules cards show``)."""
    number = f", {card.number}" if card.number else ""
    lines = [f"{card.name} ({card.id}{number}) -- landscape"]
    a = card.attach
    if a is None:
        lines.append("Each seat's first board.")
    else:
        where = f"Goes with its left edge in column {a.column}"
        where += ", above or below the boards in its columns" if a.stacked else ""
        to = " or ".join([*a.to_boards, *(f"a {t} square" for t in a.to_terrains)])
        where += f", its {a.touch} square next to {to}" if a.touch else f", next to {to}"
        lines.append(where + ".")
        lines.append(
            f"Bought from the {card.pile} pile" + (f" at {', '.join(map(str, card.prices))}." if card.prices else ".")
        )
    if card.covers:
        lines.append("Covers: " + ", ".join(f"{c} (removed: 1 {g})" for c, g in card.covers) + ".")
    for name, cells in card.sides:
        rows: dict[int, list[str]] = {}
        for c in cells:
            on = c.cover or c.card
            word = c.terrain + (f" with {on}" if on else "") + (f" ({c.height} rows)" if c.height > 1 else "")
            rows.setdefault(c.dy, []).append(word)
        lines.append(f"Side {name}: " + " / ".join(", ".join(r) for _, r in sorted(rows.items())) + ".")
    return "\n".join(lines)

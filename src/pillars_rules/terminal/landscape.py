"""A seat's landscape in *Ora et Labora* drawn as a grid of squares, in plain text.

Each square of the landscape is a box of two lines, placed by its coordinates (``x`` to the
right, ``y`` down, as the choices name them: ``build Bakery at (3, 0)``): the first line is
its terrain as the game's data names it (``plains``, ``hillside``, ``coast``, ``water``,
``mountain``) with the clergy standing on it at the right (``P`` a prior, ``L`` a lay
brother; another seat's clergyman carries its seat number, ``L2``), the second what covers
it: a building's or a settlement's short name (:func:`short_names`), ``forest`` or ``moor``.
A square that spans two rows (the mountain) is one box. Places without a square stay blank.

>>> import pillars_rules as pr
>>> game = pr.new_game(game="ora-et-labora", players=2, seed=1)
>>> for line in grid_lines(game.view(0), 0):
...     print(line)
        0          1          2          3          4
   +----------+----------+----------+----------+----------+
 0 |plains    |plains    |plains    |plains    |hillside  |
   |moor      |forest    |forest    |          |Clay Mound|
   +----------+----------+----------+----------+----------+
 1 |plains    |plains    |plains    |plains    |plains    |
   |moor      |forest    |Farmyard  |          |Cloi Offic|
   +----------+----------+----------+----------+----------+

Everything is read from the view (its ``state`` and ``rules``); nothing here is a rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

#: Characters inside a square, across.
WIDTH = 10
#: Lines inside a square of one row.
LINES = 2
#: Words a short name leaves out.
SMALL_WORDS = frozenset({"of", "the", "and", "a"})
#: Columns before the first square (a row's number).
MARGIN = 3


def short_name(name: str, width: int = WIDTH) -> str:
    """``name`` in at most ``width`` characters: whole if it fits, else without small words and
    with its longest words cut, one letter at a time, until it fits.

    >>> short_name("Clay Mound"), short_name("Cloister Office"), short_name("House of the Brotherhood")
    ('Clay Mound', 'Cloi Offic', 'Hous Broth')
    """
    if len(name) <= width:
        return name
    words = [w for w in name.split() if w.lower() not in SMALL_WORDS] or name.split()
    while len(" ".join(words)) > width and max(len(w) for w in words) > 1:
        longest = max(range(len(words)), key=lambda i: (len(words[i]), -i))
        words[longest] = words[longest][:-1]
    return " ".join(words)[:width]


def short_names(cards: Mapping[str, object], width: int = WIDTH) -> dict[str, str]:
    """Each card id -> a short name no other card of ``cards`` shares: :func:`short_name` of its
    name (cards of one name, such as the Grapevines, share it), else the card's number
    (``G07``), else its id, cut to ``width``."""
    first = {cid: short_name(str(getattr(c, "name", cid)), width) for cid, c in cards.items()}
    by_short: dict[str, set[str]] = {}
    for cid, short in first.items():
        by_short.setdefault(short, set()).add(str(getattr(cards[cid], "name", cid)))
    out = {}
    for cid, short in first.items():
        if len(by_short[short]) > 1:  # two different names cut alike
            short = (str(getattr(cards[cid], "number", "")) or cid)[:width]
        out[cid] = short
    return out


def clergy_marks(view: Any, kinds: Iterable[str]) -> dict[str, str]:
    """Building key (``owner/card``) -> the marks of the clergy standing on it (``P``, ``L``,
    ``L2`` for seat 2's lay brother on another seat's building)."""
    initials = {k: k[:1].upper() for k in kinds}
    marks: dict[str, str] = {}
    for w in view.state.workers.all:
        if w.at is None:
            continue
        owner = w.at.partition("/")[0]
        mark = initials.get(w.kind, "?") + ("" if owner == str(w.seat) else str(w.seat + 1))
        marks[w.at] = marks.get(w.at, "") + mark
    return marks


def _square(terrain: str, marks: str, cover: str) -> tuple[str, str]:
    room = WIDTH - len(marks) - (1 if marks else 0)
    top = (terrain[: max(room, 0)].ljust(room) + (" " + marks if marks else ""))[:WIDTH]
    return top.ljust(WIDTH), cover[:WIDTH].ljust(WIDTH)


def grid_lines(view: Any, seat: int, names: Mapping[str, str] | None = None) -> list[str]:
    """The landscape of ``seat`` in ``view`` as lines of text: the column numbers, then each row
    of squares with its number at the left (see the module's words). ``names``: the cards'
    short names (default :func:`short_names` of the view's cards)."""
    cells = view.state.grids[seat].cells
    if not cells:
        return ["(no landscape)"]
    names = short_names(view.rules.cards) if names is None else names
    marks = clergy_marks(view, dict(view.rules.clergy.kinds))
    x0 = min(c.x for c in cells)
    x1 = max(c.x + c.width for c in cells)
    y0 = min(c.y for c in cells)
    y1 = max(c.y + c.height for c in cells)
    step_x, step_y = WIDTH + 1, LINES + 1
    canvas = [[" "] * (MARGIN + (x1 - x0) * step_x + 1) for _ in range((y1 - y0) * step_y + 1)]

    def put(row: int, col: int, ch: str) -> None:
        if canvas[row][col] != "+":  # a corner stays a corner where boxes meet
            canvas[row][col] = ch

    for c in cells:
        top, left = (c.y - y0) * step_y, MARGIN + (c.x - x0) * step_x
        bottom, right = top + c.height * step_y, left + c.width * step_x
        for col in range(left + 1, right):
            put(top, col, "-")
            put(bottom, col, "-")
        for row in range(top + 1, bottom):
            put(row, left, "|")
            put(row, right, "|")
        for row, col in ((top, left), (top, right), (bottom, left), (bottom, right)):
            canvas[row][col] = "+"
        card = c.occupant.card if c.occupant is not None else None
        cover = names.get(card, card) if card is not None else (c.cover or "")
        for i, text in enumerate(_square(c.terrain, marks.get(f"{seat}/{card}", "") if card else "", cover)):
            canvas[top + 1 + i][left + 1 : left + 1 + WIDTH] = list(text)
    for y in range(y0, y1):
        label = str(y).rjust(MARGIN - 1)
        canvas[(y - y0) * step_y + 1][: len(label)] = list(label)
    head = [" "] * len(canvas[0])
    for x in range(x0, x1):
        label = str(x)
        at = MARGIN + (x - x0) * step_x + 1 + (WIDTH - len(label)) // 2
        head[at : at + len(label)] = list(label)
    return ["".join(line).rstrip() for line in [head, *canvas]]


def key_lines(view: Any, seat: int, names: Mapping[str, str] | None = None) -> list[str]:
    """The full names of the cut short names on ``seat``'s landscape, e.g.
    ``Cloi Offic = Cloister Office``, in one line (empty if none is cut)."""
    names = short_names(view.rules.cards) if names is None else names
    seen: dict[str, str] = {}
    for c in view.state.grids[seat].cells:
        card = c.occupant.card if c.occupant is not None else None
        if card is not None and card in view.rules.cards:
            full = view.rules.cards[card].name
            if names.get(card, full) != full:
                seen[names[card]] = full
    return ["  " + "; ".join(f"{k} = {v}" for k, v in seen.items())] if seen else []


__all__ = ["clergy_marks", "grid_lines", "key_lines", "short_name", "short_names"]

"""The screen: what one seat may know, drawn with rich.

Everything here reads a :class:`~pillars_rules.SeatView` (never the game's
full state), so a screen cannot show a hidden card: undealt decks read ``?``
in a view and the next event appears only for a seat allowed to peek at it.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable, Sequence

from rich import box
from rich.console import JustifyMethod
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from .. import events as E
from ..words.grammar import count

STAGES = {
    "setup": "setup",
    "draft": "Phase I: hiring craftsmen and taking resource cards",
    "builders": "Phase II: placing builders",
    "resolution": "Phase III",
}
CUBE_NAMES = ("wood", "stone", "sand", "metal")
#: Events shown under "Since your last turn" at most (the rest: ``log``); on the compact screen.
RECENT = 10
RECENT_COMPACT = 6


def place_name(rules, location: str) -> str:
    """A place of the game's board on its own ("King's court"): as its text
    calls it in a sentence, without "the", capitalised."""
    name = rules.layout.words(location)
    name = name[4:] if name.startswith("the ") else name
    return name[:1].upper() + name[1:]


def _cards_at(view) -> dict:
    """The cards lying at the board's privilege and craftsman places."""
    s, layout = view.state, view.rules.layout
    return {layout.craftsmen: s.shiring, layout.privileges: s.kingsbridge}


def _amounts(amounts: Iterable) -> str:
    return ", ".join(str(a) for a in amounts) or "nothing"


def card_line(rules, card_id: str) -> str:
    """A card in a few words: a resource card's yield, a craftsman's cost and trades."""
    if card_id == "?":
        return "?"
    card = rules.card(card_id)
    if card.kind == "resource" and card.yields is not None:
        return f"{card.name}: {card.yields} for {count(card.workers, 'worker')}"
    if card.kind == "craftsman":
        works = []
        for conv in card.conversions:
            times = f" x{conv.capacity}" if conv.capacity and conv.capacity > 1 else ""
            arrow = f"{_amounts(conv.inputs)} -> " if conv.inputs else ""
            works.append(f"{arrow}{_amounts(conv.outputs)}{times}")
        cost = f" ({_amounts(card.cost)})" if card.cost else ""
        return f"{card.name}{cost}" + (f": {'; '.join(works)}" if works else "")
    return card.name


def header(view, you: str) -> Text:
    s = view.state
    if s.game_over:
        where = "the game is over"
    else:
        where = STAGES.get(s.stage, s.stage)
        if s.stage == "resolution" and s.step:
            where += f": {place_name(view.rules, s.step)}"
    return Text(f"Round {s.round} of 6 -- {where} -- you are {you}", style="bold")


def board(view) -> Table:
    """Spots and builders, with the cards lying at Shiring and Kingsbridge."""
    s, rules = view.state, view.rules
    names = [p.name for p in s.players]
    t = Table(title="Board", box=box.SIMPLE_HEAD, title_justify="left", show_edge=False, pad_edge=False)
    t.add_column("Place")
    t.add_column("Builders")
    t.add_column("Cards here")
    cards = _cards_at(view)
    for loc, seats in s.spots:
        spots = " ".join(names[x] if x is not None else "." for x in seats)
        here = ", ".join(rules.name(c) for c in cards.get(loc, ()) if c)
        t.add_row(escape(place_name(rules, loc)), escape(spots), escape(here))
    return t


def display(view) -> Table:
    s = view.state
    t = Table(
        title="Display", box=box.SIMPLE_HEAD, title_justify="left", show_header=False, show_edge=False, pad_edge=False
    )
    t.add_column("card")
    for c in s.display:
        t.add_row(escape(card_line(view.rules, c)))
    if not s.display:
        t.add_row("(empty)")
    return t


def players(view) -> Table:
    """The tracks (VP, gold) and every seat's cubes and workers: all public in
    this game, only the decks are secret."""
    s = view.state
    t = Table(
        title="Players (* start player)", box=box.SIMPLE_HEAD, title_justify="left", show_edge=False, pad_edge=False
    )
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("", "left"),
        ("VP", "right"),
        ("gold", "right"),
        ("wood", "right"),
        ("stone", "right"),
        ("sand", "right"),
        ("metal", "right"),
        ("workers", "left"),
    )
    for col, just in columns:
        t.add_column(col, justify=just)
    for seat, p in enumerate(s.players):
        name = p.name + (" (you)" if seat == view.seat else "") + (" *" if seat == s.start_player else "")
        workers = str(p.pieces) if p.pieces.value else "-"
        t.add_row(escape(name), str(p.vp), str(p.gold), *(str(n) for n in p.cubes), workers)
    return t


def holdings(view) -> list[str]:
    """One line per seat: craftsmen, privileges and this round's resource cards."""
    rules = view.rules
    lines = []
    for p in view.state.players:
        parts = [", ".join(rules.name(c) for c in p.craftsmen) or "no craftsmen"]
        if p.privileges:
            parts.append("privileges " + ", ".join(rules.name(c) for c in p.privileges))
        if p.resource_cards:
            parts.append("resource cards " + ", ".join(rules.name(c) for c in p.resource_cards))
        lines.append(f"{p.name}: " + "; ".join(parts))
    return lines


def status(view) -> list[str]:
    """Market, builders, event and tax in a few lines."""
    s, rules = view.state, view.rules
    names = [p.name for p in s.players]
    lines = [
        "Market: " + ", ".join(f"{n} {k}" for n, k in zip(s.market, CUBE_NAMES)) + f"; cathedral: {s.cathedral} built",
        "Supply: " + ", ".join(f"{n} {k}" for n, k in zip(s.supply, CUBE_NAMES)),
    ]
    lines[1:1] = other_markets(view)
    b = s.builders
    parts = [f"cost marker {b.marker} gold", f"{len(b.bag)} in the bag"]
    if b.drawn is not None:
        parts.append(f"drawn: {names[b.drawn]}'s, for {b.price} gold")
    if b.parked:
        parts.append("waiting: " + ", ".join(names[x] for x in b.parked))
    lines.append("Builders: " + ", ".join(parts))
    if s.event:
        lines.append(f"Event this round: {rules.name(s.event)}")
    if view.next_event:
        lines.append(f"You know the coming event: {rules.name(view.next_event)} (keep it to yourself)")
    if s.tax:
        lines.append(f"Tax rolled: {s.tax}")
    return lines


def other_markets(view) -> list[str]:
    """A line for each market after the main one (the expansion's Harbour):
    its stock and its prices, named as the board names it."""
    layout = view.rules.layout
    out = []
    for key in layout.other_markets:
        stock = layout.stock(view.state.market, view.state.stocks, key)
        buying, selling = layout.buying[key], layout.selling[key]
        parts = []
        if buying:
            parts.append(
                "for sale "
                + ", ".join(f"{stock[i]} {k} at {buying[k]}" for i, k in enumerate(CUBE_NAMES) if k in buying)
                + " gold"
            )
        if selling:
            parts.append("buys " + ", ".join(f"{k} at {selling[k]}" for k in CUBE_NAMES if k in selling) + " gold")
        out.append(f"{layout.names[key]}: " + "; ".join(parts))
    return out


def recent(sentences: Sequence[str], limit: int = RECENT) -> list[str]:
    """A heading and the last ``limit`` sentences."""
    if not sentences:
        return []
    shown = list(sentences[-limit:])
    more = len(sentences) - len(shown)
    earlier = f"{more} earlier event{'s' if more != 1 else ''}"
    head = "Since your last turn" + (f" ({earlier}: type log)" if more else "") + ":"
    return [head] + [f"  - {line}" for line in shown]


def ordered(view) -> list:
    """The choices of ``view`` in the order the terminal numbers them: the
    answers without fields first (pass, stop trading, keep, finish building,
    decline), so their numbers stay the same within a decision kind, then the
    rest in the engine's order."""
    from ..words import choices as words_choices

    cs = words_choices(view)
    fixed = [c for c in cs if "/" not in c.key]
    return fixed + [c for c in cs if "/" in c.key]


def choice_lines(view, you: str, shown: Sequence | None = None) -> list[str]:
    """The numbered choices (``shown``: as :func:`ordered` gives them)."""
    kind = view.state.pending.kind.replace("_", " ") if view.state.pending else ""
    cs = ordered(view) if shown is None else shown
    width = len(str(len(cs)))
    head = [f"{you}, your decision ({kind}):"]
    if view.state.pending and view.state.pending.kind == "redraw":
        head.append("  (keep all: keep every builder drawn this round without being asked)")
    return head + [f"  {i:>{width}}. {c.label}" for i, c in enumerate(cs, 1)]


def choices(view, you: str) -> list[str]:
    """The decision and its numbered choices."""
    return choice_lines(view, you)


def screen(view, you: str, since: Sequence[str], shown: Sequence | None = None) -> list:
    """The whole screen for the seat of ``view`` (rich renderables, top to bottom)."""
    out: list = [header(view, you), board(view), display(view), players(view)]
    out += [Text(line) for line in holdings(view) + [""] + status(view)]
    out += [Text(line) for line in recent(since)]
    out += [Text(line) for line in choice_lines(view, you, shown)]
    return out


def compact_board(view, width: int = 110) -> list[str]:
    """The board in a few lines of at most ``width`` columns: each place's spots
    (a seat's initial, or ``.``) and the cards lying there; a line breaks only
    between places, never between a place and its spots."""
    s, rules = view.state, view.rules
    marks = [p.name[:1] for p in s.players]
    if len(set(marks)) < len(marks):  # two names with one initial: seat numbers
        marks = [str(i + 1) for i in range(len(marks))]
    cards = _cards_at(view)
    parts = []
    for loc, seats in s.spots:
        spots = "".join(marks[x] if x is not None else "." for x in seats)
        here = ", ".join(rules.name(c) for c in cards.get(loc, ()) if c)
        if loc == rules.layout.tax and s.court_metal:
            here = "metal"
        parts.append(f"{place_name(rules, loc)} [{spots}]" + (f" ({here})" if here else ""))
    lines, line = [], "Board:"
    for part in parts:
        if len(line) + len(part) + 2 > width and line.strip():
            lines.append(line)
            line = "      "
        line += "  " + part
    return lines + [line]


def player_lines(view) -> list[str]:
    """One line per seat: VP, gold, cubes, workers, craftsmen and privileges."""
    s, rules = view.state, view.rules
    out = []
    for seat, p in enumerate(s.players):
        who = p.name + (" (you)" if seat == view.seat else "") + (" *" if seat == s.start_player else "")
        cubes = ", ".join(f"{n} {k}" for n, k in zip(p.cubes, CUBE_NAMES) if n) or "no cubes"
        workers = f"; workers {p.pieces}" if p.pieces.value else ""
        crafts = ", ".join(rules.name(c) for c in p.craftsmen) or "no craftsmen"
        privs = ("; " + ", ".join(rules.name(c) for c in p.privileges)) if p.privileges else ""
        out.append(f"{who}: {p.vp} VP, {p.gold} gold, {cubes}{workers}; {crafts}{privs}")
    return out


def compact(view, you: str, since: Sequence[str], shown: Sequence | None = None, width: int = 110) -> list[str]:
    """The screen in about twenty lines: the round and step, the board (in
    ``width`` columns), the display, every seat, the market and builders, what
    happened lately and the choices (``board full`` shows :func:`screen`)."""
    s = view.state
    out = [str(header(view, you))] + compact_board(view, width)
    if s.display:
        out.append("Display: " + "; ".join(card_line(view.rules, c) for c in s.display))
    keep = (
        ("Market:", "Event", "You know", "Tax")
        + (("Builders:",) if s.stage == "builders" else ())
        + tuple(f"{view.rules.layout.names[k]}:" for k in view.rules.layout.other_markets)
    )
    out += player_lines(view) + [line for line in status(view) if line.startswith(keep)]
    out += recent(since, RECENT_COMPACT)
    return out + choice_lines(view, you, shown)


def sentences(events: Iterable, describe: Callable[[object], str]) -> list[str]:
    """Events as sentences, skipping the ones that only move control."""
    return [describe(e) for e in events if not isinstance(e, E.CONTROL_EVENTS)]


def final(game_view, ranking: list[list[int]]) -> list[str]:
    """The ranking (ties share a place): per player a line of VP and gold, and
    one of craftsmen and privileges under it."""
    s, rules = game_view.state, game_view.rules
    lines = ["The game is over. Final ranking:"]
    place = 1
    for group in ranking:
        for seat in group:
            p = s.players[seat]
            shared = " (shared)" if len(group) > 1 else ""
            crafts = ", ".join(rules.name(c) for c in p.craftsmen) or "no craftsmen"
            privs = ", ".join(rules.name(c) for c in p.privileges) or "no privileges"
            head = f"  {place}. "
            lines.append(f"{head}{p.name}{shared}: {p.vp} VP, {p.gold} gold")
            lines.append(f"{' ' * len(head)}craftsmen {crafts}; privileges {privs}")
        place += len(group)
    return lines


def fitted(lines: Iterable[str], width: int, hang: int = 4) -> list[str]:
    """The lines, none wider than ``width`` (a terminal's columns): a longer
    line breaks between words, its rest indented ``hang`` spaces past its own
    indent, so a 6-seat board reads in 80 columns. Too narrow a width (under
    20) leaves the lines to the terminal."""
    out: list[str] = []
    for line in lines:
        if len(line) <= width or width < 20:
            out.append(line)
            continue
        lead = len(line) - len(line.lstrip(" "))
        out += textwrap.wrap(
            line, width, subsequent_indent=" " * (lead + hang), break_on_hyphens=False, break_long_words=False
        )  # a word longer than the width keeps a line
    return out


def fitted_command(command: str, width: int) -> list[str]:
    """A shell command in lines of at most ``width`` columns, broken between
    words with a ``\\`` at each line's end, so that pasted whole it still runs."""
    if len(command) <= width or width < 20:
        return [command]
    lines = textwrap.wrap(command, width - 2, subsequent_indent="    ", break_on_hyphens=False, break_long_words=False)
    return [line + " \\" for line in lines[:-1]] + lines[-1:]

"""Canonical card text.

:func:`format_text` reformats card text (comments are kept and move with the
statement they belong to); :func:`format_cards` writes compiled cards back
as text. Both go through the same printer, which works on the syntax tree,
so for any compiled card ``compile_text(format_cards([card])).cards == (card,)``.

Canonical layout: one statement per line, four-space indents, a blank line
between cards, fields first (``round``, ``cost``, ``tags``; ``permanent``...,
``last round``; ``harmful``; ``site``, ``yields``, ``workers``), then
abilities in their written order, then variants.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable
from typing import Any

import attrs

from . import ast, buildast, buildfmt
from . import effects as fx
from .board import WHEEL_FIELDS, BoardSpec, Place, WheelSpec, default_free_builders
from .card import Card
from .parser import parse

INDENT = "    "
FIELD_ORDER = (
    "round",
    "cost",
    "tags",
    "mode",
    "last_round",
    "harmful",
    "every_round",
    "site",
    "yields",
    "workers",
    "called",
    "replaces",
    "after",
    "worker_site",
    "spots",
    "one_per_player",
    "in_order",
    "step",
    "spot",
    "die",
    "cube_limit",
    "stock",
    "buying",
    "selling",
    "gold_cap",
    "builder_prices",
    "players",
    "starting_gold",
    "starting_builders",
    "starting_vp",
    "dealt_craftsmen",
    "dealt_resources",
    "free_builders",
    "rounds",
    *WHEEL_FIELDS,
)

# --------------------------------------------------------------------------
# Syntax tree -> text


def _num(n: ast.Num) -> str:
    v = n.value
    return n.text if v is None else str(v)


def _delta(n: ast.Num) -> str:
    v = n.value
    return n.text if v is None else f"{v:+d}"


def _amount(a: ast.AmountNode) -> str:
    return f"{_num(a.n)} {a.kind.text}"


def _output(a: ast.AmountNode) -> str:
    """A conversion's output; counters on the card in the singular for one (issue #36)."""
    if a.kind.text in ("counter", "counters") and a.n.value is not None:
        return f"{_num(a.n)} {'counter' if a.n.value == 1 else 'counters'}"
    return _amount(a)


def _names(names: Iterable[ast.Name]) -> str:
    return ", ".join(n.text for n in names)


def _except(names: tuple[ast.Name, ...]) -> str:
    return f" except {_names(names)}" if names else ""


def _count(word: str, n: int) -> str:
    """A count of the game (:data:`~.effects.COUNTS`) for ``n`` of it: "craftsman",
    "2 craftsmen"; a word that is no count as written."""
    what = fx.COUNT_WORDS.get(word)
    if what is None:
        return word
    return fx.COUNT_SINGULAR.get(what, what) if n == 1 else what


_SELECTOR_TEXT = {
    "each": "each player",
    "other": "each other player",
    "left": "your left neighbour",
    "right": "your right neighbour",
    "chosen": "a player you choose",
    "actor": "that player",
}


def _players(p: ast.Effect) -> str:
    who = p.arg("who")
    if who in ("most", "fewest"):
        return f"the player with {who} {p.arg('what').text}"
    return _SELECTOR_TEXT[who]


def _multiplier(per: ast.Effect) -> str:
    """``per 2 craftsmen``, ``per worker in mill``, ``per builder at LOCATION``;
    a quantity's factors in turn, then ``up to N`` (issue #53)."""
    if per.registry == "Scaled":
        bound = per.arg("up_to")
        tail = f" up to {_num(bound)}" if bound is not None and bound.value != 0 else ""
        return " ".join(_multiplier(f) for f in per.arg("factors")) + tail
    if per.registry == "PerCount":
        k = per.arg("per")
        n = 1 if k is None or k.value is None else k.value
        return (
            f"per {_count(per.arg('what').text, n)}" if n == 1 else f"per {_num(k)} {_count(per.arg('what').text, n)}"
        )
    return "per worker in mill" if per.registry == "PerMillWorker" else f"per builder at {per.arg('location').text}"


def effect_text(e: ast.Effect) -> str:
    """One ability or effect in canonical text."""
    r, a = e.registry, e.arg
    if r == "Convert":
        ins = " | ".join(" + ".join(_amount(x) for x in alt) for alt in (a("inputs"),) + tuple(a("alternatives") or ()))
        text = f"convert {ins + ' ' if ins else ''}-> {' + '.join(_output(x) for x in a('outputs'))}"
        if a("outputs_per") is not None:  # issue #53
            text += " " + _multiplier(a("outputs_per"))
        if a("capacity") is not None:
            text += f", capacity {_num(a('capacity'))}"
            if a("capacity_per") is not None:  # issue #36
                text += f" + {_num(a('capacity_plus'))} {_multiplier(a('capacity_per'))}"
        if a("needs") is not None:
            text += f", needs {a('needs').text}"
        for more in a("also_needs") or ():
            text += f", needs {more.text}"
        if a("condition") is not None:
            c = a("condition")
            text += f", if you own {_num(c.arg('n'))} {c.arg('kind').text}"
        return text
    if r == "Passive":
        return effect_text(a("modifier"))
    if r == "OnGain":
        return effect_text(a("effect"))
    if r == "Trigger":
        return f"at {a('step').text}: {effect_text(a('effect'))}"
    if r == "Once":
        return f"on {a('window').text}: {effect_text(a('effect'))}"
    if r == "OnAction":
        where = f" at {a('location').text}" if a("location") is not None else ""
        who = a("who") or "you"
        verb = a("action").text
        if who != "you":  # another player's action (issue #53): "hires"
            verb = fx.ACTION_THIRD.get(verb, verb)
        return f"when {fx.REACTORS.get(who, who)} {verb}{where}: {effect_text(a('effect'))}"
    if r == "Now":
        return f"now: {effect_text(a('effect'))}"
    if r == "ThisRound":
        return f"this round: {effect_text(a('modifier'))}"
    if r == "NextRound":
        return f"next round: {effect_text(a('modifier'))}"
    if r == "RestOfGame":
        return f"rest of game: {effect_text(a('modifier'))}"
    if r == "Lasting":
        return f"{fx.DURATIONS[a('duration')]}: {effect_text(a('modifier'))}"
    # modifiers
    if r == "YieldDelta":
        return f"yield {_delta(a('n'))}"
    if r == "TaxFixed":
        return f"tax {_num(a('n'))}"
    if r == "TaxDelta":
        return f"tax {_delta(a('n'))}"
    if r == "CraftsmanLimit":
        return f"craftsmen {_num(a('n'))}"
    if r == "BuilderLimit":
        return f"builders {_num(a('n'))}"
    if r == "CapacityDelta":
        return f"all craftsmen{_except(a('exclude'))}: capacity {_delta(a('n'))}"
    if r == "ExtraWorker":
        return "extra worker" if a("n").value == 1 else f"extra workers {_num(a('n'))}"
    if r == "PeekEvent":
        return "see next event"
    if r == "MillBonus":
        return f"mill bonus {_num(a('per'))} gold per worker up to {_num(a('up_to'))}"
    if r == "PriceDelta":
        trade = "" if a("trade") == "both" else f"{a('trade')} "
        return f"{trade}price {a('resource').text} {_delta(a('n'))}"
    if r == "Permit":
        return f"allows {a('trade').text} {a('resource').text}"
    # instant effects
    if r == "Gain":
        per = a("per")
        tail = "" if per is None else " " + _multiplier(per)
        return f"gain {', '.join(_amount(x) for x in a('amounts'))}{tail}"
    if r == "ForPlayers":
        inner = a("effect")
        text = effect_text(inner)
        return f"{_players(a('players'))}: {f'({text})' if inner.registry == 'ChooseOne' else text}"
    if r == "Swap":
        return (
            f"trade {', '.join(_amount(x) for x in a('gives'))} for "
            f"{', '.join(_amount(x) for x in a('gets'))} with {_players(a('players'))}"
        )
    if r == "Transfer":
        way = "from" if a("direction") == "take" else "to"
        return f"{a('direction')} {', '.join(_amount(x) for x in a('amounts'))} {way} {_players(a('players'))}"
    if r == "Borrow":
        return f"use a craftsman of {fx.BORROW_WHO[a('who')]}"
    if r == "BecomeStartPlayer":  # turn order as state (issue #53)
        return "become the start player"
    if r == "ReverseOrder":
        return f"reverse the order of play {fx.REVERSE_WHEN[a('when')]}"
    if r == "AddCounters":
        n = a("n")
        return f"add {_num(n)} {'counter' if n.value == 1 else 'counters'}"
    if r == "Market":
        cubes = ", ".join(_amount(x) for x in a("amounts"))
        act = a("action")
        if act in fx.MARKET_STOCK:
            return f"the market {act} {cubes}"
        return f"{act} {cubes} {'from' if act == 'take' else 'to'} the market"
    if r == "Lose":
        per = a("per")
        tail = "" if per is None else " " + _multiplier(per)
        return f"lose {', '.join(_amount(x) for x in a('amounts'))}{tail}"
    if r == "ChooseCraftsman":
        action = (
            f"capacity {_delta(a('n'))}"
            if a("action") == "boost"
            else f"give to {_players(a('to'))}"
            if a("action") == "give"
            else "discard"
        )
        return f"choose craftsman{_except(a('exclude'))}: {action}"
    if r in ("LookEvents", "ReorderEvents"):  # the event deck (issue #53)
        n = a("n")
        verb = "look at" if r == "LookEvents" else "reorder"
        return f"{verb} the next {_num(n)} {'event' if n.value == 1 else 'events'}"
    if r == "BuryEvent":
        return "bury the next event"
    if r == "DraftCards":  # a draft at set-up (issue #53)
        rest = "" if a("rest") == "box" else ", the rest under the deck"
        word = a("word")  # as written; a compiled card's: the word of its deck
        text = word.text if word is not None else next(w for w, (d, _) in fx.DRAFT_DECKS.items() if d == a("deck"))
        return f"draft {_num(a('keep'))} of {_num(a('n'))} {text} per player{rest}"
    if r == "GivePrivilege":
        return f"choose privilege{_except(a('exclude'))}: give to {_players(a('to'))}"
    if r == "CopyPrivilege":
        return f"copy a privilege of {_players(a('players'))} for {fx.DURATIONS[a('duration')]}"
    if r == "If":
        c, inner = a("condition"), a("effect")
        text = effect_text(inner)
        if inner.registry == "ChooseOne":
            text = f"({text})"
        if c.registry == "HasMost":
            return f"if you have {'most' if c.arg('most') else 'fewest'} {c.arg('what').text}: {text}"
        if c.registry == "IsStartPlayer":
            return f"if you are the start player: {text}"
        kind = c.arg("kind").text
        if kind not in fx.AMOUNT_KINDS:
            # "if you own 1 builder: ..." -- "placed" is needed only after "per",
            # where a bare "builder" would take the next "at <step>:" as its place
            kind = _count(kind, c.arg("n").value or 0).removesuffix(" placed")
        return f"if you own {_num(c.arg('n'))} {kind}: {text}"
    if r == "ChooseOne":
        opts = [effect_text(o) for o in a("options")]
        opts = [f"({t})" if o.registry == "ChooseOne" else t for o, t in zip(a("options"), opts)]
        return "choose one: " + " | ".join(opts)
    if r == "Vote":  # a shared decision (issue #36), weighted (issue #53)
        weight = "" if a("weight") is None else " " + _multiplier(a("weight"))
        return f"vote{weight}: " + " | ".join(_option(o) for o in a("options"))
    if r == "Bid":
        return f"bid {a('kind').text}: {_option(a('prize'))}"
    # once effects
    if r == "FreePlacement":
        return "free placement"
    if r == "IgnoreEvent":
        return "ignore event"
    if r == "TaxExempt":
        return "pay no tax"
    if r == "GreyWorkers":
        return f"grey workers {_num(a('n'))}"
    raise ValueError(f"no text form for {r}")  # pragma: no cover - registry covered by tests


def _option(o: ast.Effect) -> str:
    """An option of a vote, or a bid's prize: a nested decision in parentheses."""
    text = effect_text(o)
    return f"({text})" if o.registry in ("ChooseOne", "Vote", "Bid") else text


def field_text(f: ast.Field) -> str:
    if f.name in buildast.FIELD_WORDS:
        return buildfmt.field_text(f)
    if f.name == "round":
        return "round start" if f.value == "start" else f"round {_num(ast.one(f, ast.Num))}"
    if f.name == "cost":
        return f"cost {', '.join(_amount(x) for x in ast.each(f, ast.AmountNode))}"
    if f.name == "tags":
        return f"tags {_names(ast.each(f, ast.Name))}"
    if f.name == "mode":
        return "for one round" if f.value == "one_round" else ast.one(f, str)
    if f.name == "last_round":
        return "last round"
    if f.name == "harmful":
        return "harmful"
    if f.name == "every_round":
        return "every round"
    if f.name == "site":
        return f"site {ast.one(f, ast.Name).text}"
    if f.name == "yields":
        return f"yields {_amount(ast.one(f, ast.AmountNode))}"
    if f.name == "workers":
        return f"workers {_num(ast.one(f, ast.Num))}"
    return _place_field_text(f)


_PLACE_FLAGS = {
    "one_per_player": "one per player",
    "in_order": "fill in order",
    "wheel_idle_resets": "wheel idle resets",
}
_PLACE_ONE = {
    "spots": "spots",
    "cube_limit": "cube limit",
    "gold_cap": "gold cap",
    "starting_builders": "starting builders",
    "starting_vp": "starting vp",
    "rounds": "rounds",
}
#: Fields that are a list of numbers, and how each is written.
_NUMBER_LISTS = {
    "die": "die",
    "builder_prices": "builder prices",
    "players": "players",
    "starting_gold": "starting gold",
    "dealt_craftsmen": "dealt craftsmen",
    "dealt_resources": "dealt resource cards",
    "free_builders": "free last builders",
    "wheel_values": "wheel values",
}
_PLACE_NAME = {
    "worker_site": "worker site",
    "step": "step",
    "after": "after",
    "replaces": "replaces",
    "wheel_wild": "wheel wild",
    "wheel_end": "wheel end",
}


#: Adds a field to the statements of a card being written back (:func:`_card_fields`).
_AddField = Callable[[str, ast.Value], None]


def _table_fields(spec: BoardSpec, add: _AddField) -> None:
    """The board's set-up tables, each only where it is not the base board's
    (so a board written before they existed keeps its canonical text)."""
    base = type(spec)()
    for name in ("players", "starting_gold", "dealt_craftsmen", "dealt_resources"):
        value = getattr(spec, name)
        if value != getattr(base, name):
            add(name, tuple(ast.Num(str(x)) for x in value))
    if spec.starting_builders != base.starting_builders:
        add("starting_builders", ast.Num(str(spec.starting_builders)))
    if spec.free_builders != default_free_builders(spec.players):
        add("free_builders", tuple(ast.Num(str(x)) for x in spec.free_builders))
    if spec.rounds != base.rounds:
        add("rounds", ast.Num(str(spec.rounds)))
    if spec.starting_vp != base.starting_vp:
        add("starting_vp", ast.Num(str(spec.starting_vp)))
    if spec.wheel is not None:
        _wheel_fields(spec.wheel, add)


def _wheel_fields(wheel: WheelSpec, add: _AddField) -> None:
    """A board's wheel lines, each only where it is not the default."""
    add("wheel_values", tuple(ast.Num(str(x)) for x in wheel.values))
    add("wheel_indicators", tuple(ast.Name(x) for x in wheel.indicators))
    if wheel.entering:
        add("wheel_enters", tuple((ast.Name(x), ast.Num(str(r))) for x, r in wheel.entering))
    if wheel.wild:
        add("wheel_wild", ast.Name(wheel.wild))
    if wheel.at_end != "cap":
        add("wheel_end", ast.Name(wheel.at_end))
    if wheel.idle_resets:
        add("wheel_idle_resets", True)


def _place_field_text(f: ast.Field) -> str:
    n = f.name
    if n in _PLACE_FLAGS:
        return _PLACE_FLAGS[n]
    if n == "called":
        return f'called "{ast.one(f, ast.Title).text}"'
    if n in _PLACE_ONE:
        return f"{_PLACE_ONE[n]} {_num(ast.one(f, ast.Num))}"
    if n in _PLACE_NAME:
        return f"{_PLACE_NAME[n]} {ast.one(f, ast.Name).text}"
    if n == "spot":
        spot, effect = ast.pair(f, ast.Num, ast.Effect)
        return f"spot {_num(spot)}: {effect_text(effect)}"
    if n in _NUMBER_LISTS:
        return f"{_NUMBER_LISTS[n]} {', '.join(_num(x) for x in ast.each(f, ast.Num))}"
    if n == "stock":
        return f"stock {', '.join(_amount(x) for x in ast.each(f, ast.AmountNode))}"
    if n in ("buying", "selling", "wheel_enters"):
        prices = ast.pairs(f, ast.Name, ast.Num)
        word = "wheel enters" if n == "wheel_enters" else n
        return f"{word} {', '.join(f'{name.text} {_num(price)}' for name, price in prices)}"
    if n == "wheel_indicators":
        return f"wheel indicators {', '.join(x.text for x in ast.each(f, ast.Name))}"
    raise ValueError(n)  # pragma: no cover


def _header(c: ast.CardNode) -> str:
    return _header_text(c.kind.text, c.id.text, c.name.text, c.name_de.text if c.name_de is not None else None)


def _header_text(kind: str, cid: str, name: str, name_de: str | None) -> str:
    de = f' de "{name_de}"' if name_de is not None else ""
    return f'{kind} {cid} "{name}"{de} {{'


#: What a comment belongs to: ("head" | "stmt" | "close", the id of the statement's node).
_Key = tuple[str, int]


class _Comments:
    """Assigns each comment to the statement it belongs to.

    A comment on the same line after a statement trails it; any other comment
    leads the next statement (or closing brace) below it.
    """

    def __init__(self, tree: ast.CardFile, text: str = "") -> None:
        self.lines = text.split("\n") if text else []
        anchors: list[tuple[int, int, int, _Key]] = []  # (line, column, order, key)
        order = 0

        def add(line: int, column: int, key: _Key) -> None:
            nonlocal order
            anchors.append((line, column, order, key))
            order += 1

        for c in tree.cards:
            add(c.line, c.column, ("head", id(c)))
            for s in c.fields + c.abilities:
                add(s.line, s.column, ("stmt", id(s)))
            for v in c.variants:
                add(v.line, v.column, ("head", id(v)))
                for s in v.abilities:
                    add(s.line, s.column, ("stmt", id(s)))
                add(v.end_line, 10**9, ("close", id(v)))
            add(c.end_line, 10**9, ("close", id(c)))
        anchors.sort()
        self.leading: dict[_Key, list[ast.Comment]] = {}
        self.trailing: dict[_Key, list[str]] = {}
        self.end: list[ast.Comment] = []
        lines = [a[0] for a in anchors]
        # a building's function may span lines: a comment on a later line of it
        # trails it (it is printed after the function's last line, and stays there)
        spans = [(f.line, f.end_line, id(f)) for c in tree.cards for f in c.fields if f.name == "b_use"]
        for com in tree.comments:
            inside = [key for first, last, key in spans if first < com.line <= last]
            if inside:
                self.trailing.setdefault(("stmt", inside[0]), []).append(com.text)
                continue
            lo = bisect.bisect_left(lines, com.line)
            hi = bisect.bisect_right(lines, com.line)
            same = [a for a in anchors[lo:hi] if a[1] < com.column and a[3][0] != "close"]
            closes = [a for a in anchors[lo:hi] if a[3][0] == "close"]
            if same and not closes:
                self.trailing.setdefault(same[-1][3], []).append(com.text)
            elif closes and not [a for a in anchors[lo:hi] if a[1] > com.column and a[3][0] != "close"]:
                self.trailing.setdefault(closes[-1][3], []).append(com.text)
            elif hi < len(anchors):
                self.leading.setdefault(anchors[hi][3], []).append(com)
            else:
                self.end.append(com)

    def _blank(self, line: int) -> bool:
        """Was source line ``line`` empty? (Blank lines around comments are kept.)"""
        return 1 <= line <= len(self.lines) and not self.lines[line - 1].strip()

    def comments(self, out: list[str], comments: list[ast.Comment], indent: str) -> None:
        for com in comments:
            if self._blank(com.line - 1) and out and out[-1] != "" and not out[-1].endswith("{"):
                out.append("")
            out.append(indent + com.text)
        if comments and self._blank(comments[-1].line + 1):
            out.append("")

    def emit(self, out: list[str], kind: str, node: object, indent: str, text: str) -> None:
        key = (kind, id(node))
        lead = self.leading.get(key, [])
        self.comments(out, lead, indent + (INDENT if kind == "close" else ""))
        if lead and kind == "close" and out[-1] == "":
            out.pop()
        tail = self.trailing.get(key)
        out.append(indent + text + ("  " + "  ".join(tail) if tail else ""))


def _field_key(f: ast.Field) -> int:
    """A field's place in the canonical order: Pillars' fields, then the building
    fields (:data:`.buildast.FIELD_ORDER`, where a building's cost goes)."""
    if f.name in FIELD_ORDER:
        return FIELD_ORDER.index(f.name)
    return len(FIELD_ORDER) + buildast.FIELD_ORDER.index(f.name)


def _building_key(f: ast.Field) -> int:
    return buildast.FIELD_ORDER.index(f.name) if f.name in buildast.FIELD_ORDER else -1


def format_tree(tree: ast.CardFile, text: str = "") -> str:
    """Canonical text of a parsed card file (``text``: its source, for blank
    lines around comments)."""
    com = _Comments(tree, text)
    out: list[str] = []
    for i, c in enumerate(tree.cards):
        if i and out[-1] != "":
            out.append("")
        com.emit(out, "head", c, "", _header(c))
        key = _building_key if c.kind.text in buildast.CARD_KINDS else _field_key
        fields = sorted(c.fields, key=key)
        for f in fields:
            com.emit(out, "stmt", f, INDENT, field_text(f))
        for e in c.abilities:
            com.emit(out, "stmt", e, INDENT, effect_text(e))
        for v in c.variants:
            com.emit(out, "head", v, INDENT, f"variant {v.name.text} {{")
            for e in v.abilities:
                com.emit(out, "stmt", e, INDENT * 2, effect_text(e))
            com.emit(out, "close", v, INDENT, "}")
        com.emit(out, "close", c, "", "}")
    if com.end:
        if out and out[-1] != "":
            out.append("")
        com.comments(out, com.end, "")
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n" if out else ""


def format_text(text: str, file: str = "<string>") -> str:
    """Reformat card text canonically; raises CardError on syntax errors.

    >>> print(format_text('event e "E" {now:gain 1 gold}'), end="")
    event e "E" {
        now: gain 1 gold
    }
    """
    return format_tree(parse(text, file), text)


# --------------------------------------------------------------------------
# Compiled cards -> syntax tree


_PLAIN_STR_FIELDS = {
    ("ChooseCraftsman", "action"),
    ("PriceDelta", "trade"),
    ("Transfer", "direction"),
    ("Players", "who"),
    ("Market", "action"),
    ("Lasting", "duration"),
    ("Borrow", "who"),
    ("OnAction", "who"),
    ("ReverseOrder", "when"),
    ("CopyPrivilege", "duration"),
    ("DraftCards", "deck"),
    ("DraftCards", "rest"),
}


def _value(owner: str, field: str, v: Any) -> Any:
    if isinstance(v, fx.Amount):
        return ast.AmountNode(ast.Num(str(v.n)), ast.Name(v.kind))
    if isinstance(v, bool):  # HasMost.most, as the parser gives it
        if (owner, field) != ("HasMost", "most"):  # pragma: no cover - the only bool field
            raise TypeError(field)
        return v
    if isinstance(v, int):
        return ast.Num(str(v))
    if isinstance(v, str):
        return v if (owner, field) in _PLAIN_STR_FIELDS else ast.Name(v)
    if isinstance(v, tuple):
        return tuple(_value(owner, field, x) for x in v)
    if v is None:
        return None
    return effect_node(v)


def effect_node(obj: Any) -> ast.Effect:
    """The syntax tree of one registry object."""
    name = type(obj).__name__
    args = []
    for f in attrs.fields(type(obj)):
        v = getattr(obj, f.name)
        if name == "ChooseCraftsman" and f.name == "n" and obj.action in ("discard", "give"):
            args.append((f.name, None))
            continue
        args.append((f.name, _value(name, f.name, v)))
    return ast.Effect(name, tuple(args))


def card_node(card: Card) -> ast.CardNode:
    """The syntax tree of a compiled card (positions are 0)."""
    return ast.CardNode(
        ast.Name(card.kind),
        ast.Name(card.id),
        ast.Title(card.name),
        ast.Title(card.name_de) if card.name_de else None,
        fields=_card_fields(card),
        abilities=_ability_nodes(card.abilities),
        variants=tuple(ast.VariantNode(ast.Name(n), _ability_nodes(abl)) for n, abl in card.variants),
    )


def _card_fields(card: Card) -> tuple[ast.Field, ...]:
    fields: list[ast.Field] = []

    def add(name: str, value: ast.Value) -> None:
        fields.append(ast.Field(name, value))

    if card.kind == "craftsman":
        add("round", "start" if card.round == 0 else ast.Num(str(card.round)))
        if card.cost:
            add("cost", _value("", "cost", card.cost))
        if card.tags:
            add("tags", tuple(ast.Name(t) for t in card.tags))
    elif card.kind == "privilege":
        add("mode", card.mode)
        if card.last_round:
            add("last_round", True)
    elif card.kind == "event":
        if card.harmful:
            add("harmful", True)
    elif card.kind == "resource":
        add("site", ast.Name(card.site))
        add("yields", _value("", "yields", card.yields))
        add("workers", ast.Num(str(card.workers)))
        if card.every_round:
            add("every_round", True)
    if card.players:
        add("players", tuple(ast.Num(str(x)) for x in card.players))
    if card.kind == "place":
        _place_fields(card.place, add)
    elif card.kind == "board":
        add("gold_cap", ast.Num(str(card.board.gold_cap)))
        add("builder_prices", tuple(ast.Num(str(x)) for x in card.board.builder_prices))
        _table_fields(card.board, add)
    return tuple(fields)


def _ability_nodes(abilities: tuple[fx.Ability, ...]) -> tuple[ast.Effect, ...]:
    """The statements of compiled abilities: a conversion's alternatives
    (``shares``) go back into their first one's statement (``A | B -> ...``)."""
    out: list[ast.Effect] = []
    heads: list[int] = []  # conversion index -> its statement in out
    for a in abilities:
        if isinstance(a, fx.Convert) and a.shares >= 0:
            k = heads[a.shares]
            head = out[k]
            alts = tuple(head.arg("alternatives") or ()) + (_value("Convert", "inputs", a.inputs),)
            out[k] = attrs.evolve(
                head, args=tuple(x for x in head.args if x[0] != "alternatives") + (("alternatives", alts),)
            )
            heads.append(k)
            continue
        if isinstance(a, fx.Convert):
            heads.append(len(out))
        out.append(effect_node(a))
    return tuple(out)


def _place_fields(p: Place, add: _AddField) -> None:
    """The fields of a compiled :class:`~.board.Place`, as its text gives them."""
    if p.called:
        add("called", ast.Title(p.called))
    for name in ("replaces", "after"):
        if getattr(p, name):
            add(name, ast.Name(getattr(p, name)))
    if p.site:
        add("worker_site", ast.Name(p.site))
    if p.spots:
        add("spots", ast.Num(str(p.spots)))
    for name in ("one_per_player", "in_order"):
        if getattr(p, name):
            add(name, True)
    if p.rule not in ("spots", "site"):
        add("step", ast.Name(p.rule))
    for spot, effect in p.spot_effects:
        add("spot", (ast.Num(str(spot)), effect_node(effect)))
    if p.die:
        add("die", tuple(ast.Num(str(x)) for x in p.die))
    if p.cube_limit:
        add("cube_limit", ast.Num(str(p.cube_limit)))
    if p.stock:
        add("stock", _value("", "stock", p.stock))
    for name in ("buying", "selling"):
        if getattr(p, name):
            add(name, tuple((ast.Name(k), ast.Num(str(v))) for k, v in getattr(p, name)))


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical text for compiled cards (a CardSet or any iterable of Card)."""
    nodes = tuple(card_node(c) for c in cards)
    return format_tree(ast.CardFile("<cards>", nodes))


#: The statement text of each compiled effect :func:`card_text` has printed,
#: by value (equal effects print alike): a fan set repeats its abilities, so
#: a set's identity formats each once. Emptied when it reaches the bound.
_STATEMENTS: dict[fx.Ability, str] = {}
_STATEMENTS_BOUND = 1 << 16


def _statement(effect: fx.Ability) -> str:
    try:
        return _STATEMENTS[effect]
    except KeyError:
        pass
    text = effect_text(effect_node(effect))
    if len(_STATEMENTS) >= _STATEMENTS_BOUND:
        _STATEMENTS.clear()
    _STATEMENTS[effect] = text
    return text


def card_text(card: Card) -> str:
    """The canonical text of one compiled card: ``format_cards((card,))``, the
    same text sooner (what a set's identity hashes). A card with a conversion
    goes the long way (alternatives share a statement)."""
    groups = (card.abilities,) + tuple(abl for _, abl in card.variants)
    if any(isinstance(a, fx.Convert) for g in groups for a in g):
        return format_cards((card,))
    out = [_header_text(card.kind, card.id, card.name, card.name_de or None)]
    for f in sorted(_card_fields(card), key=lambda f: FIELD_ORDER.index(f.name)):
        out.append(INDENT + field_text(f))
    for a in card.abilities:
        out.append(INDENT + _statement(a))
    for name, abilities in card.variants:
        out.append(f"{INDENT}variant {name} {{")
        out.extend(INDENT * 2 + _statement(a) for a in abilities)
        out.append(INDENT + "}")
    out.append("}")
    return "\n".join(out) + "\n"

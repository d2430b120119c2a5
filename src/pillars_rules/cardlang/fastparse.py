"""A fast parser for well-formed card blocks; Lark has the last word on the rest.

Profiling a 1 MiB file of 938 cards (issue #24, item 2) found 70% of the
compile in Lark's Python lexer and LALR parser and another 20% in building
and transforming its parse tree. This module reads one card block with a
single regular expression for the tokens and a recursive-descent parser that
follows ``grammar/cards.lark`` (and ``grammar/buildings.lark``) rule by rule, and builds the very same syntax
tree through the parser's own builder (:class:`.parser._Build`), so both paths
give equal :mod:`.ast` nodes, positions included.

It only ever *accepts* text: at the first thing it does not expect it gives up
(:func:`parse_block` returns ``None``), and :mod:`.parser` parses that block
with Lark, whose error messages are the ones authors see. A test compares
both parsers on every card the project ships, on generated and mutated
cards, and checks that this one never accepts what Lark refuses.

Words are read as the grammar's contextual lexer reads them: a keyword where
the grammar expects that keyword, a name wherever a name may stand.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from . import ast
    from .placeparse import Children, PlaceBuild

    #: A builder method, unwrapped: the meta and children of its rule -> what it makes of them.
    _Rule = Callable[["_Meta", Children], Any]
    #: What a rule's parse gives: the builder method to call and the rule's children.
    _Parsed = tuple[str, Children]

#: One token with the blanks before it (half as many matches as a token per
#: blank run); ``other`` is any character no token starts with.
_TOKENS = re.compile(
    r"[ \t\f\r]*(?:(?P<name>[A-Za-z_][A-Za-z0-9_]*)|(?P<nl>\n)|(?P<number>[+-]?[0-9]+)"
    r'|(?P<punct><->|->|[{}():|,+/])|#[^\n]*|(?P<string>"[^"\n]*")|(?P<other>[^ \t\f\r\n]))'
)


class _Fail(Exception):
    """The block is not something this parser accepts: Lark decides."""


class Tok:
    """A token: what the builder needs of a Lark token (``str()``, line, column)."""

    __slots__ = ("kind", "value", "line", "column")

    def __init__(self, kind: str, value: str, line: int, column: int) -> None:
        self.kind, self.value, self.line, self.column = kind, value, line, column

    def __str__(self) -> str:
        return self.value


class _Meta:
    __slots__ = ("line", "column", "end_line")

    def __init__(self, first: Tok, last: Tok) -> None:
        self.line, self.column, self.end_line = first.line, first.column, last.line


def tokens(text: str, start: int, end: int, line: int, line_start: int) -> list[Tok]:
    """The tokens of ``text[start:end]``, with positions in the whole text
    (``line`` is the line of ``start``, ``line_start`` the offset that line starts at)."""
    out: list[Tok] = []
    add = out.append
    for m in _TOKENS.finditer(text, start, end):
        kind = m.lastgroup
        if kind == "name" or kind == "punct" or kind == "number" or kind == "string":
            add(Tok(kind, m.group(kind), line, m.start(kind) - line_start + 1))
        elif kind == "nl":
            line, line_start = line + 1, m.end()
        elif kind == "other":
            raise _Fail
    return out


_FIELD_WORDS = frozenset(
    {
        "round",
        "cost",
        "tags",
        "permanent",
        "once",
        "immediate",
        "for",
        "last",
        "harmful",
        "every",
        "site",
        "yields",
        "workers",
        "called",
        "spots",
        "one",
        "fill",
        "worker",
        "step",
        "after",
        "replaces",
        "spot",
        "die",
        "cube",
        "stock",
        "buying",
        "selling",
        "gold",
        "builder",
        "players",
        "starting",
        "dealt",
        "free",
        "rounds",
        "wheel",
    }
)
#: Place fields of one word and one name or number after it: builder method, token kind.
_PLACE_ONE = {
    "spots": ("spots", "number"),
    "worker": ("worker_site", "name"),
    "step": ("step_rule", "name"),
    "after": ("after", "name"),
    "replaces": ("replaces", "name"),
}
_MODIFIER_WORDS = frozenset(
    {"yield", "tax", "craftsmen", "builders", "all", "extra", "see", "mill", "buy", "sell", "price", "allows"}
)
_INSTANT_WORDS = frozenset(
    {
        "vote",
        "bid",
        "add",
        "use",
        "gain",
        "lose",
        "choose",
        "if",
        "each",
        "the",
        "your",
        "take",
        "give",
        "a",
        "trade",
        "become",
        "reverse",
        "look",
        "reorder",
        "bury",
        "copy",
        "that",
    }
)
#: Whose action a reaction answers: first word -> (the words, builder method) (issue #53).
_REACTORS = {
    "you": (("you",), "by_you"),
    "another": (("another", "player"), "by_other"),
    "any": (("any", "player"), "by_any"),
}
_MODES = {"permanent": "mode_permanent", "once": "mode_once", "immediate": "mode_immediate"}
#: The first words of the building fields (grammar/buildings.lark).
_BUILDING_WORDS = frozenset(
    {
        "number",
        "variant",
        "deck",
        "arrives",
        "mark",
        "modes",
        "value",
        "dwelling",
        "terrain",
        "cloister",
        "use",
        "built",
        "good",
        "free",
        "worth",
        "limited",
        "exchange",
        "terrains",
        "side",
        "attach",
        "pile",
        "covers",
        "prices",
        # a mode card's fields
        *("clergy recall fee chooser arm phase end start income uncovered option neutral goal").split(),
    }
)
#: A mode card's fields of one word and one name or number after it: builder method, token kind.
_MODE_ONE = {"chooser": ("m_chooser", "name"), "arm": ("m_arm", "number"), "goal": ("m_goal", "number")}
#: Building fields of one word and one name or number after it: builder method, token kind.
_BUILDING_ONE = {
    "number": ("b_number", "name"),
    "variant": ("b_variant", "name"),
    "deck": ("b_deck", "name"),
    "arrives": ("b_arrives", "name"),
    "value": ("b_value", "number"),
    "dwelling": ("b_dwelling", "number"),
}
#: The first words of a function's follow-up steps.
_FOLLOW_WORDS = frozenset({"build", "settle", "recall", "clear", "action", "land", "use"})


class _Parser:
    """Recursive descent over one block's tokens, building through ``build``."""

    def __init__(self, toks: list[Tok], build: PlaceBuild, methods: dict[str, _Rule]) -> None:
        self.t, self.i, self.b, self.methods = toks, 0, build, methods

    def method(self, name: str) -> _Rule:
        """The builder's method, bound once (Lark's ``v_args`` wraps it anew at
        every attribute access, which cost a third of the parse)."""
        m = self.methods.get(name)
        if m is None:
            m = getattr(self.b, name)
            m = self.methods[name] = getattr(m, "base_func", m)
        return m

    # ---- tokens
    def peek(self, ahead: int = 0) -> Tok | None:
        k = self.i + ahead
        return self.t[k] if k < len(self.t) else None

    # word, take and is_punct are the parser's innermost calls: peek is inlined
    def word(self, ahead: int = 0) -> str | None:
        k, t = self.i + ahead, self.t
        if k < len(t):
            tok = t[k]
            if tok.kind == "name":
                return tok.value
        return None

    def take(self, kind: str, value: str | None = None) -> Tok:
        i, t = self.i, self.t
        if i < len(t):
            tok = t[i]
            if tok.kind == kind and (value is None or tok.value == value):
                self.i = i + 1
                return tok
        raise _Fail

    def kw(self, *words: str) -> None:
        for w in words:
            self.take("name", w)

    def punct(self, p: str) -> Tok:
        return self.take("punct", p)

    def is_punct(self, p: str) -> bool:
        i, t = self.i, self.t
        if i < len(t):
            tok = t[i]
            return tok.kind == "punct" and tok.value == p
        return False

    def rule(self, parse: Callable[[], _Parsed]) -> Any:
        """Parse one rule: ``parse()`` gives the builder method and its children."""
        first = self.i
        method, children = parse()
        return self.method(method)(_Meta(self.t[first], self.t[self.i - 1]), children)

    def braced(self, item: Callable[[], Any]) -> Children:
        """``{ item* }``: the items."""
        self.punct("{")
        items: Children = []
        while not self.is_punct("}"):
            items.append(item())
        self.punct("}")
        return items

    # ---- file and card
    def card(self) -> ast.CardNode:
        def parse() -> _Parsed:
            kind, cid, name = self.take("name"), self.take("name"), self.take("string")
            name_de = None
            if self.word() == "de":
                self.i += 1
                name_de = self.take("string")
            return "card", [kind, cid, name, name_de, *self.braced(self.item)]

        out = cast("ast.CardNode", self.rule(parse))  # what the builder's 'card' makes
        if self.i != len(self.t):
            raise _Fail
        return out

    def item(self) -> Any:
        w = self.word()
        if w in _BUILDING_WORDS and self._building_item(w):
            return self.rule(lambda: self.building_field(w))
        if w in _FIELD_WORDS:
            return self.rule(lambda: self.field(w))
        if w == "variant":

            def parse() -> _Parsed:
                self.i += 1
                name = self.take("name")
                return "variant", [name, *self.braced(self.ability)]

            return self.rule(parse)
        return self.ability()

    def field(self, w: str) -> _Parsed:
        self.i += 1
        if w == "round":
            if self.word() == "start":
                self.i += 1
                return "round_start", []
            return "round", [self.take("number")]
        if w == "cost":
            return "cost", [self.amount_list()]
        if w == "tags":
            return "tags", [self.name_list()]
        if w in _MODES:
            return _MODES[w], []
        if w == "for":
            self.kw("one", "round")
            return "mode_one_round", []
        if w == "last":
            self.kw("round")
            return "last_round", []
        if w == "harmful":
            return "harmful", []
        if w == "every":
            self.kw("round")
            return "every_round", []
        if w == "site":
            return "site", [self.take("name")]
        if w == "yields":
            return "yields", [self.amount()]
        if w == "workers":
            return "workers", [self.take("number")]
        return self.place_field(w)

    def place_field(self, w: str) -> _Parsed:
        """The fields of places and boards (``w`` is already taken)."""
        if w in _PLACE_ONE:
            method, kind = _PLACE_ONE[w]
            if w == "worker":
                self.kw("site")
            return method, [self.take(kind)]
        if w == "called":
            return "called", [self.take("string")]
        if w == "one":
            self.kw("per", "player")
            return "one_per_player", []
        if w == "fill":
            self.kw("in", "order")
            return "in_order", []
        if w == "spot":
            n = self.take("number")
            self.punct(":")
            first = self.word()
            if first == "grey":
                effect = self.rule(self.grey_workers)
            elif first in ("this", "next", "rest"):
                effect = self.lasting(first)
            else:
                effect = self.instant()
            return "spot", [n, effect]
        if w == "die":
            return "die", [self.number_list()]
        if w == "cube":
            self.kw("limit")
            return "cube_limit", [self.take("number")]
        if w == "stock":
            return "stock", [self.amount_list()]
        if w in ("buying", "selling"):
            return w, [
                self._list(
                    "price_list", lambda: self.rule(lambda: ("price", [self.take("name"), self.take("number")])), ","
                )
            ]
        if w == "gold":
            self.kw("cap")
            return "gold_cap", [self.take("number")]
        if w == "players":
            return "player_counts", [self.number_list()]
        if w == "rounds":
            return "rounds", [self.take("number")]
        if w == "wheel":
            return self.wheel_field()
        if w == "starting":
            if self.word() == "gold":
                self.kw("gold")
                return "starting_gold", [self.number_list()]
            if self.word() == "vp":
                self.kw("vp")
                return "starting_vp", [self.take("number")]
            self.kw("builders")
            return "starting_builders", [self.take("number")]
        if w == "free":
            self.kw("last", "builders")
            return "free_builders", [self.number_list()]
        if w == "dealt":
            if self.word() == "craftsmen":
                self.kw("craftsmen")
                return "dealt_craftsmen", [self.number_list()]
            self.kw("resource", "cards")
            return "dealt_resources", [self.number_list()]
        self.kw("prices")
        return "builder_prices", [self.number_list()]

    def wheel_field(self) -> _Parsed:
        """A board's wheel line (``wheel`` is already taken); a mode card's ``wheel bonus N``."""
        w = self.word()
        if w == "bonus":
            self.kw("bonus")
            return "m_wheel_bonus", [self.take("number")]
        if w == "values":
            self.kw("values")
            return "wheel_values", [self.number_list()]
        if w == "indicators":
            self.kw("indicators")
            return "wheel_indicators", [self.name_list()]
        if w == "enters":
            self.kw("enters")
            return "wheel_enters", [
                self._list(
                    "price_list", lambda: self.rule(lambda: ("price", [self.take("name"), self.take("number")])), ","
                )
            ]
        if w in ("wild", "end"):
            self.kw(w)
            return f"wheel_{w}", [self.take("name")]
        self.kw("idle", "resets")
        return "wheel_idle_resets", []

    def grey_workers(self) -> _Parsed:
        self.kw("grey", "workers")
        return "grey_workers", [self.take("number")]

    # ---- abilities
    def ability(self) -> Any:
        w = self.word()
        if w == "convert":
            return self.rule(self.convert)
        if w in _MODIFIER_WORDS:
            return self.rule(lambda: ("passive", [self.modifier()]))
        if w in _INSTANT_WORDS:
            return self.rule(lambda: ("on_gain", [self.instant()]))
        return self.rule(self.hooked)

    def hooked(self) -> _Parsed:
        w = self.word()
        if w == "at":
            self.i += 1
            step = self.take("name")
            self.punct(":")
            return "trigger", [step, self.instant()]
        if w == "on":
            self.i += 1
            window = self.take("name")
            self.punct(":")
            return "once", [window, self.once_effect() if self.word() in ("free", "ignore", "pay") else self.instant()]
        if w == "when":
            self.i += 1
            action_by = self.rule(self.reactor)
            action = self.take("name")
            where = None
            if self.word() == "at":
                where = self.rule(self.at_place)
            self.punct(":")
            return "on_action", [action_by, action, where, self.instant()]
        if w == "now":
            self.i += 1
            self.punct(":")
            return "now", [self.instant()]
        if w in ("this", "next"):
            self.i += 1
            self.kw("round")
            self.punct(":")
            return ("this_round" if w == "this" else "next_round"), [self.modifier()]
        if w == "rest":
            self.kw("rest", "of", "game")
            self.punct(":")
            return "rest_of_game", [self.modifier()]
        raise _Fail

    def at_place(self) -> _Parsed:
        self.kw("at")
        return "at_place", [self.take("name")]

    def reactor(self) -> _Parsed:
        w = self.word()
        if w in _REACTORS:
            words, method = _REACTORS[w]
            self.kw(*words)
            return method, []
        return f"by_{self.neighbour()}", []

    def neighbour(self) -> str:
        """``your left neighbour`` / ``your right neighbour``: the side."""
        self.kw("your")
        side = self.word()
        if side not in ("left", "right"):
            raise _Fail
        self.kw(side, "neighbour")
        return side

    def convert(self) -> _Parsed:
        self.kw("convert")
        inputs = None if self.is_punct("->") else self.plus_list()
        children = [inputs]
        while inputs is not None and self.is_punct("|"):
            self.i += 1
            children.append(self.plus_list())
        self.punct("->")
        children.append(self.plus_list())
        children.append(self.scale())
        while self.is_punct(","):
            self.i += 1
            children.append(self.rule(self.convert_option))
        return "convert", children

    def convert_option(self) -> _Parsed:
        w = self.word()
        self.i += 1
        if w == "capacity":
            n = self.take("number")
            if not self.is_punct("+"):
                return "capacity", [n, None, None]
            self.i += 1
            return "capacity", [n, self.take("number"), self.rule(self.multiplier)]
        if w == "needs":
            return "needs", [self.take("name")]
        if w == "if":
            self.kw("you", "own")
            return "condition", [self.amount()]
        raise _Fail

    def modifier(self) -> Any:
        return self.rule(self._modifier)

    def _modifier(self) -> _Parsed:
        w = self.word()
        simple = {"yield": "yield_delta", "tax": "tax", "craftsmen": "craftsman_limit", "builders": "builder_limit"}
        if w in simple:
            self.i += 1
            return simple[w], [self.take("number")]
        if w == "all":
            self.kw("all", "craftsmen")
            exclude = self.except_list() if self.word() == "except" else None
            self.punct(":")
            self.kw("capacity")
            return "capacity_delta", [exclude, self.take("number")]
        if w == "extra":
            self.i += 1
            if self.word() == "worker":
                self.i += 1
                return "extra_worker_one", []
            self.kw("workers")
            return "extra_worker", [self.take("number")]
        if w == "see":
            self.kw("see", "next", "event")
            return "peek_event", []
        if w == "mill":
            self.kw("mill", "bonus")
            per = self.take("number")
            self.kw("gold", "per", "worker", "up", "to")
            return "mill_bonus", [per, self.take("number")]
        if w in ("buy", "sell", "price"):
            trade = None
            if w != "price":
                trade = self.rule(lambda: ("trade", [self.take("name")]))
            self.kw("price")
            resource = self.take("name")
            return "price_delta", [trade, resource, self.take("number")]
        if w == "allows":
            self.i += 1
            return "permit", [self.take("name"), self.take("name")]
        raise _Fail

    # ---- instant effects
    def instant(self) -> Any:
        if self.word() == "choose" and self.word(1) == "one":
            return self.rule(lambda: ("choose_one", self.options("choose", "one")))
        if self.word() in ("vote", "bid"):
            return self.rule(self.shared)
        return self.simple_instant()

    def options(self, *words: str) -> Children:
        """``WORDS: OPTION | OPTION ...`` -- two options or more."""
        self.kw(*words)
        self.punct(":")
        options: Children = [self.option()]
        while self.is_punct("|"):
            self.i += 1
            options.append(self.option())
        if len(options) < 2:
            raise _Fail
        return options

    def shared(self) -> _Parsed:
        """``vote: OPTION | OPTION ...`` or ``bid NAME: OPTION`` (issue #36)."""
        if self.word() == "bid":
            self.i += 1
            kind = self.take("name")
            self.punct(":")
            return "bid", [kind, self.option()]
        self.kw("vote")
        weight = self.scale()
        return "vote", [weight] + self.options()

    def lasting(self, w: str) -> Any:
        """``this round: M`` / ``next round: M`` / ``rest of game: M`` (``w`` its first word)."""

        def parse() -> _Parsed:
            self.kw(*(("rest", "of", "game") if w == "rest" else (w, "round")))
            self.punct(":")
            return f"lasting_{'rest_of_game' if w == 'rest' else w + '_round'}", [self.modifier()]

        return self.rule(parse)

    def option(self) -> Any:
        w = self.word()
        if w in ("this", "next", "rest"):
            return self.lasting(w)
        if self.is_punct("("):
            self.i += 1
            inner = self.instant()
            self.punct(")")
            return inner
        return self.simple_instant()

    def simple_instant(self) -> Any:
        return self.rule(self._simple_instant)

    def _simple_instant(self) -> _Parsed:
        w = self.word()
        if w == "gain":
            self.i += 1
            amounts = self.amount_list()
            return "gain", [amounts, self.scale()]
        if w == "lose":
            self.i += 1
            amounts = self.amount_list()
            return "lose", [amounts, self.scale()]
        if w == "use":
            self.kw("use", "a", "craftsman", "of")
            who = self.word()
            self.kw(who if who in ("another", "any") else "another", "player")
            return "borrow_other" if who == "another" else "borrow_any", []
        if w == "add":
            self.i += 1
            return "add_counters", [self.take("number"), self.take("name")]
        if w == "look":
            self.kw("look", "at", "the", "next")
            return "look_events", [self.take("number"), self.take("name")]
        if w == "reorder":
            self.kw("reorder", "the", "next")
            return "reorder_events", [self.take("number"), self.take("name")]
        if w == "bury":
            self.kw("bury", "the", "next", "event")
            return "bury_event", []
        if w == "copy":
            self.kw("copy", "a", "privilege", "of")
            who = self.players()
            self.kw("for")
            return "copy_privilege", [who, self.rule(self.copy_time)]
        if w == "draft":  # a draft at set-up (issue #53)
            self.kw("draft")
            keep = self.take("number")
            self.kw("of")
            n = self.take("number")
            word = self.take("name")
            self.kw("per", "player")
            rest = self.rule(self.draft_rest) if self.is_punct(",") else None
            return "draft_cards", [keep, n, word, rest]
        if w == "choose" and self.word(1) == "privilege":  # a privilege given (issue #53)
            self.kw("choose", "privilege")
            exclude = self.except_list() if self.word() == "except" else None
            self.punct(":")
            self.kw("give", "to")
            return "give_privilege", [exclude, self.players()]
        if w == "choose" and self.word(1) == "craftsman":
            self.kw("choose", "craftsman")
            exclude = self.except_list() if self.word() == "except" else None
            self.punct(":")
            return "choose_craftsman", [exclude, self.rule(self.craftsman_action)]
        if w == "become":
            self.kw("become", "the", "start", "player")
            return "become_start", []
        if w == "reverse":
            self.kw("reverse", "the", "order", "of", "play")
            when = self.word()
            if when not in ("this", "next"):
                raise _Fail
            self.kw(when, "round")
            return f"reverse_{when}", []
        if w == "if" and self.word(2) == "are":
            self.kw("if", "you", "are", "the", "start", "player")
            self.punct(":")
            return "if_start", [self.option()]
        if w == "if" and self.word(2) == "have":
            self.kw("if", "you", "have")
            most = self.most()
            what = self.take("name")
            self.punct(":")
            return "if_most", [most, what, self.option()]
        if w == "if":
            self.kw("if", "you", "own")
            a = self.amount()
            self.punct(":")
            return "if_own", [a, self.option()]
        if w == "trade":
            self.i += 1
            gives = self.amount_list()
            self.kw("for")
            gets = self.amount_list()
            self.kw("with")
            return "swap", [gives, gets, self.players()]
        if w in ("take", "give"):
            self.i += 1
            amounts = self.amount_list()
            self.kw("from" if w == "take" else "to")
            if self.word() == "the" and self.word(1) == "market":
                self.kw("the", "market")
                return f"{w}_market", [amounts]
            return w, [amounts, self.players()]
        if w == "the" and self.word(1) == "market":
            self.kw("the", "market")
            change = self.word()
            if change not in ("gains", "loses"):
                raise _Fail
            self.i += 1
            return f"market_{change}", [self.amount_list()]
        if w in ("each", "the", "your", "a", "that"):
            who = self.players()
            self.punct(":")
            return "for_players", [who, self.option()]
        raise _Fail

    def most(self) -> Any:
        if self.word() not in ("most", "fewest"):
            raise _Fail
        return self.rule(lambda: ("most", [self.take("name")]))

    def players(self) -> Any:
        def parse() -> _Parsed:
            w = self.word()
            if w == "each":
                if self.word(1) == "other":
                    self.kw("each", "other", "player")
                    return "each_other_player", []
                self.kw("each", "player")
                return "each_player", []
            if w == "the":
                self.kw("the", "player", "with")
                most = self.most()
                return "player_with", [most, self.take("name")]
            if w == "a":
                self.kw("a", "player", "you", "choose")
                return "chosen_player", []
            if w == "that":  # the seat whose action a reaction answers (issue #53)
                self.kw("that", "player")
                return "actor_player", []
            return f"{self.neighbour()}_neighbour", []

        return self.rule(parse)

    def scale(self) -> Any:
        """``[scale]``: ``per ...`` once or more, then ``up to N`` maybe (issue #53); None if absent."""
        if self.word() != "per":
            return None

        def parse() -> _Parsed:
            factors = [self.rule(self.multiplier)]
            while self.word() == "per":
                factors.append(self.rule(self.multiplier))
            bound = None
            if self.word() == "up":
                self.kw("up", "to")
                bound = self.take("number")
            return "scale", factors + [bound]

        return self.rule(parse)

    def multiplier(self) -> _Parsed:
        self.kw("per")
        if self.word() == "builder" and self.word(1) == "at":
            self.kw("builder", "at")
            return "per_builder", [self.take("name")]
        if self.word() == "worker" and self.word(1) == "in":
            self.kw("worker", "in", "mill")
            return "per_mill_worker", []
        after = self.peek()
        n = self.take("number") if after is not None and after.kind == "number" else None

        def count() -> _Parsed:
            first = self.take("name")
            if first.value == "builder":
                return "count", [first, self.take("name", "placed")]
            return "count", [first]

        return "per_count", [n, self.rule(count)]

    def draft_rest(self) -> _Parsed:
        self.punct(",")
        self.kw("the", "rest")
        if self.word() == "to":
            self.kw("to", "the", "box")
            return "rest_box", []
        self.kw("under", "the", "deck")
        return "rest_under", []

    def copy_time(self) -> _Parsed:
        w = self.word()
        if w == "rest":
            self.kw("rest", "of", "game")
            return "rest_of_game_time", []
        if w not in ("this", "next"):
            raise _Fail
        self.kw(w, "round")
        return f"{w}_round_time", []

    def craftsman_action(self) -> _Parsed:
        if self.word() == "capacity":
            self.i += 1
            return "boost", [self.take("number")]
        if self.word() == "give":
            self.kw("give", "to")
            return "give_to", [self.players()]
        self.kw("discard")
        return "discard", []

    def once_effect(self) -> Any:
        def parse() -> _Parsed:
            w = self.word()
            self.i += 1
            if w == "free":
                self.kw("placement")
                return "free_placement", []
            if w == "ignore":
                self.kw("event")
                return "ignore_event", []
            self.kw("no", "tax")
            return "tax_exempt", []

        return self.rule(parse)

    # ---- shared pieces
    # ---- building, settlement, heartland and goods cards (grammar/buildings.lark)
    def rules(self, parse: Callable[[], _Parsed], sep: str = ",") -> Children:
        """``rule (sep rule)*``: each rule's result."""
        out = [self.rule(parse)]
        while self.is_punct(sep):
            self.i += 1
            out.append(self.rule(parse))
        return out

    def _building_item(self, w: str) -> bool:
        """Does the item starting with ``w`` belong to the building fields? (``free
        last builders``, a ``variant NAME {`` block and the ability ``use a
        craftsman...`` are Pillars'.)"""
        if w == "free":
            return self.word(1) == "turn"
        if w == "variant":
            nxt = self.peek(2)
            return nxt is None or not (nxt.kind == "punct" and nxt.value == "{")
        if w == "use":
            nxt = self.peek(1)
            return nxt is not None and nxt.kind == "punct" and nxt.value == ":"
        return True

    def building_field(self, w: str) -> _Parsed:
        self.i += 1
        if w in _BUILDING_ONE:
            method, kind = _BUILDING_ONE[w]
            return method, [self.take(kind)]
        if w == "mark":
            if self.word() == "none":
                self.i += 1
                return "b_mark_none", []
            n = self.take("number")
            if self.is_punct("+"):
                self.i += 1
                return "b_mark_up", [n]
            return "b_mark", [n]
        if w == "modes":
            modes = self.rules(self.mode)
            return "b_modes", modes
        if w in ("terrain", "terrains"):
            return ("b_terrain" if w == "terrain" else "g_terrains"), [self.name_list()]
        if w == "cloister":
            return "b_cloister", []
        if w == "use":
            self.punct(":")
            parts = [self.rule(self.use_part)]
            while self.word() in ("and", "then"):
                parts.append(self.rule(lambda: ("joiner", [self.take("name")])))
                parts.append(self.rule(self.use_part))
            return "b_use", parts
        if w == "built":
            self.punct(":")
            self.kw("price")
            return "b_built_price", [self.take("name"), self.amount()]
        if w == "good":
            front = self.take("name")
            back = None
            if self.word() == "back":
                self.i += 1
                back = self.take("name")
            return "g_good", [front, back]
        if w == "free":
            self.kw("turn")
            return "g_free", [self.name_list()]
        if w == "worth":
            value_kind = self.take("name")
            self.punct(":")
            worths = self.rules(self.worth)
            return "g_worth", [value_kind, *worths]
        if w == "exchange":
            give = self.amount_list()
            both = self.is_punct("<->")
            self.punct("<->" if both else "->")
            take = self.amount_list()
            return ("g_exchange_back" if both else "g_exchange"), [give, take]
        if w == "side":
            name = self.take("string")
            columns = None
            if self.word() == "columns":
                columns = self.rule(lambda: ("side_columns", [self.take("name")]))
            self.punct(":")
            rows = [self.land_row()]
            while self.is_punct("/"):
                self.i += 1
                rows.append(self.land_row())
            return "l_side", [name, columns, *rows]
        if w == "attach":
            self.kw("column")
            column = self.take("number")
            stacked = None
            if self.word() == "stacked":
                stacked = self.rule(lambda: ("attach_stacked", [self.take("name")]))
            touch = None
            if self.word() == "touching":
                self.i += 1
                touch = self.take("name")
            self.kw("to")
            return "l_attach", [column, stacked, touch, self.name_list()]
        if w == "pile":
            return "l_pile", [self.take("name")]
        if w == "covers":
            return "l_covers", self.rules(lambda: ("cover", [self.take("name"), self.take("name")]))
        if w == "prices":
            return "l_prices", [self.number_list()]
        if w == "limited":
            return "g_limited", [self.amount()]
        return self.mode_field(w)

    def mode_field(self, w: str) -> _Parsed:
        """A mode card's line (``w`` is already taken)."""
        if w in _MODE_ONE:
            method, kind = _MODE_ONE[w]
            return method, [self.take(kind)]
        if w == "clergy":
            return "m_clergy", self.rules(lambda: ("clergy_kind", [self.take("number"), self.take("string")]))
        if w == "recall":
            moment = self.take("string")
            always = None
            if self.word() == "always":
                always = self.rule(lambda: ("recall_always", self.after("always")))
            return "m_recall", [moment, always]
        if w == "fee":
            alts = [self.rule(self.fee_alt)]
            while self.word() == "or":
                self.i += 1
                alts.append(self.rule(self.fee_alt))
            return "m_fee", alts
        if w == "phase":
            return "m_phase", [self.take("string"), self.rule(self.phase_when), *self.phase_parts()]
        if w == "end":
            if self.word() == "at":
                self.kw("at", "round")
                return "m_end_round", [self.take("number")]
            self.kw("after")
            after = self.take("string")
            self.kw("when")
            count = self.take("string")
            self.kw("at", "most")
            return "m_end_count", [after, count, self.take("number")]
        if w == "start":
            self.kw("goods")
            return "m_start", [self.amount_list()]
        if w == "income":
            self.kw("round")
            n = self.take("number")
            self.punct(":")
            return "m_income", [n, self.amount_list()]
        if w == "uncovered":
            return "m_uncovered", [self.number_list()]
        if w == "option":
            name = self.take("string")
            effect = None
            if self.word() in ("uncovered", "without"):
                effect = self.rule(self.option_effect)
            return "m_option", [name, effect]
        name = self.take("string")  # w == "neutral"
        self.kw("with")
        return "m_neutral", [name, self.take("name")]

    def after(self, word: str) -> list[Tok]:
        """``word STRING ("," STRING)*``: the strings."""
        self.kw(word)
        out = [self.take("string")]
        while self.is_punct(","):
            self.i += 1
            out.append(self.take("string"))
        return out

    def fee_alt(self) -> _Parsed:
        amounts = self.amount_list()
        self.kw("to")
        to = self.take("name")
        variant = None
        if self.word() == "in":
            self.i += 1
            variant = self.take("name")
        return "fee_alt", [amounts, to, variant]

    def phase_when(self) -> _Parsed:
        if self.word() == "after":
            self.i += 1
            return "when_after", [self.take("string")]
        self.kw("at", "round")
        return "when_round", [self.take("number")]

    def phase_parts(self) -> list[Any]:
        """A phase's ``runs`` and ``grants`` (each ``None`` when left out)."""
        runs = grants = None
        if self.word() == "runs":
            runs = self.rule(lambda: ("phase_runs", self.after("runs")))
        if self.word() == "grants":

            def parse() -> _Parsed:
                self.kw("grants")
                return "phase_grants", [self._list("price_list", self.price, ",")]

            grants = self.rule(parse)
        return [runs, grants]

    def price(self) -> Any:
        return self.rule(lambda: ("price", [self.take("name"), self.take("number")]))

    def option_effect(self) -> _Parsed:
        if self.word() == "without":
            self.i += 1
            return "opt_without", [self.take("name")]
        self.kw("uncovered")
        return "opt_uncovered", [self.number_list()]

    def land_row(self) -> Any:
        return self._list("land_row", lambda: self.rule(self.land_cell), ",")

    def land_cell(self) -> _Parsed:
        terrain = self.take("name")
        on = rows = None
        if self.word() == "with":
            self.i += 1
            on = self.take("name")
        if self.word() == "rows":
            self.i += 1
            rows = self.take("number")
        return "land_cell", [terrain, on, rows]

    def mode(self) -> _Parsed:
        n = self.take("number")
        suffix = self.word()
        if suffix in ("long", "short"):
            self.i += 1
            return f"mode_{suffix}", [n]
        return "mode_plain", [n]

    def worth(self) -> _Parsed:
        return "worth", [self.take("name"), self.rule(self.qty)]

    def qty(self) -> _Parsed:
        n = self.take("number")
        if self.is_punct("/"):
            self.i += 1
            return "qty", [n, self.take("number")]
        return "qty", [n, None]

    def use_part(self) -> _Parsed:
        repeat = None
        w = self.word()
        if w in ("once", "up", "any"):
            repeat = self.rule(self.repeat)
            self.punct(":")
        deals = self.rules(self.deal, "|")
        return "use_part", [repeat, *deals]

    def repeat(self) -> _Parsed:
        w = self.take("name").value
        if w == "once":
            return "rep_once", []
        if w == "any":
            self.kw("number", "of", "times")
            return "rep_any", []
        self.kw("to")
        if self.word() == "once":
            self.i += 1
            return "rep_up_to_once", []
        n = self.take("number")
        self.kw("times")
        return "rep_up_to", [n]

    def deal(self) -> _Parsed:
        if self.word() == "take":
            self.i += 1
            return "deal_take", [self.rule(self.pieces)]
        start = self.i
        if self.word() in _FOLLOW_WORDS:
            follow = self.rule(self.follow)
            if not (self.is_punct("->") or self.is_punct(",") or self.is_punct("+") or self.word() == "or"):
                return "deal_do", [follow]
            self.i = start  # the follow-up begins a list of pieces
        give = self.rule(self.pieces)
        self.punct("->")
        return "deal_exchange", [give, self.rule(self.pieces)]

    def pieces(self) -> _Parsed:
        alts = self.rules(self.alt)
        return "pieces", alts

    def alt(self) -> _Parsed:
        groups = [self.rule(self.group)]
        while self.word() == "or":
            self.i += 1
            groups.append(self.rule(self.group))
        return "alt", groups

    def group(self) -> _Parsed:
        pieces = [self.piece()]
        while self.is_punct("+"):
            self.i += 1
            pieces.append(self.piece())
        return "group", pieces

    def piece(self) -> Any:
        if self.word() in _FOLLOW_WORDS:
            return self.rule(self.follow)
        return self.rule(self._piece)

    def _piece(self) -> _Parsed:
        if self.is_punct("("):
            return self.worth_piece()
        tok = self.peek()
        if tok is not None and tok.kind == "number":
            after = self.word(1)
            if after == "goods":
                n = self.take("number")
                self.kw("goods", "of")
                m = self.take("number")
                self.kw("different", "kinds")
                return "p_kinds", [n, m]
            if after in ("and", "of"):
                ns = [self.take("number")]
                while self.word() == "and":
                    self.i += 1
                    ns.append(self.take("number"))
                self.kw("of")
                self.punct("(")
                names = self.name_list()
                self.punct(")")
                return "p_one_of", [*ns, names]
            return "p_amount", [self.rule(self.qty), self.take("name")]
        first = self.take("name")
        if self.word() == "by":
            self.i += 1
            source = self.take("name")
            self.punct("(")
            steps = self.rules(self.step)
            self.punct(")")
            return "p_threshold", [first, source, *steps]
        goods = [first]
        while self.word() == "or":
            self.i += 1
            goods.append(self.take("name"))
        self.kw("from")
        if self.word() == "track":
            self.i += 1
            return "p_from_track", [*goods, self.take("name")]
        self.kw("the", "track")
        wild = None
        if self.word() == "with":
            self.kw("with", "wild")
            wild = self.take("name")
        return "p_track", [*goods, wild]

    def step(self) -> _Parsed:
        n = self.take("number")
        self.punct("->")
        return "step", [n, self.take("number")]

    def worth_piece(self) -> _Parsed:
        self.punct("(")
        goods = self.name_list()
        self.punct(")")
        self.kw("worth", "up", "to")
        qty = self.rule(self.qty)
        kind = self.take("name")
        if self.word() != "per":
            return "p_worth", [goods, qty, kind, None, None]
        self.kw("per")
        self.punct("(")
        per = self.name_list()
        self.punct(")")
        if self.word() != "in":
            return "p_worth", [goods, qty, kind, per, None]
        self.kw("in")
        self.punct("(")
        rates = self.rules(self.rate)
        self.punct(")")
        return "p_worth", [goods, qty, kind, per, *rates]

    def rate(self) -> _Parsed:
        mode = self.rule(self.mode)
        self.punct(":")
        return "rate", [mode, self.rule(self.qty)]

    def follow(self) -> _Parsed:
        w = self.take("name").value
        if w in ("build", "settle"):
            return f"f_{w}", []
        if w != "use":
            return f"f_{w}", [self.take("name")]
        article = self.rule(lambda: ("article", [self.take("name")]))
        if str(article) not in ("a", "an"):
            raise _Fail
        words = []
        while self.word() != "building":
            words.append(self.take("name"))
        self.i += 1
        extra: list[Tok | None] = [None, None]
        for k, word in enumerate(("with", "except")):
            if self.word() == word:
                self.i += 1
                extra[k] = self.take("name")
        return "f_use", [article, *words, *extra]

    def amount(self) -> Any:
        # the commonest rule of all ("gain 2 wood"), without rule()'s closure
        i, t = self.i, self.t
        if i + 1 < len(t):
            n, k = t[i], t[i + 1]
            if n.kind == "number" and k.kind == "name":
                self.i = i + 2
                return self.method("amount")(_Meta(n, k), [n, k])
        raise _Fail

    def _list(self, method: str, item: Callable[[], Any], sep: str) -> Any:
        first = self.i
        items = [item()]
        while self.is_punct(sep):
            self.i += 1
            items.append(item())
        return self.method(method)(_Meta(self.t[first], self.t[self.i - 1]), items)

    def amount_list(self) -> Any:
        return self._list("amount_list", self.amount, ",")

    def plus_list(self) -> Any:
        return self._list("plus_list", self.amount, "+")

    def number_list(self) -> Any:
        return self._list("number_list", lambda: self.take("number"), ",")

    def name_list(self) -> Any:
        return self._list("name_list", lambda: self.take("name"), ",")

    def except_list(self) -> Any:
        def parse() -> _Parsed:
            self.kw("except")
            return "except_list", [self.name_list()]

        return self.rule(parse)


def parse_block(text: str, start: int, end: int, line: int, line_start: int, build: PlaceBuild) -> ast.CardNode | None:
    """The :class:`~.ast.CardNode` of the one card in ``text[start:end]``, or
    ``None`` if the block is not a well-formed card (Lark then parses it)."""
    try:
        toks = tokens(text, start, end, line, line_start)
        if not toks:
            return None
        return _Parser(toks, build, build.__dict__.setdefault("_fast_methods", {})).card()
    except _Fail:
        return None

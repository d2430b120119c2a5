"""Card text -> typed syntax tree (:mod:`.ast`), with friendly syntax errors.

The grammar lives in ``grammar/cards.lark`` and ``grammar/buildings.lark``
(read as one); its Lark LALR parser is built once
per process by :mod:`.grammar`. Lark's syntax errors are turned into located,
helpful diagnostics by :func:`.diagnostics.report_syntax_error`.

Error recovery: a file is first cut into top-level card blocks by matching
braces (:mod:`.blocks`: a single linear scan that skips strings and
comments), and each block is parsed on its own, so a syntax error in one card
does not hide errors in the next. A line that starts with a card kind
(``craftsman``...) while a block is still open also starts a new block, so a
missing ``}`` costs one diagnostic, not the rest of the file.

Within a card, a syntax error does not hide the card's next mistake: the
block is read again without the line of the error (:func:`_read_past`), up to
:data:`MAX_SKIPPED_LINES` times, and what then reads is compiled for its own
mistakes only (``CardFile.recovered``).
"""

from __future__ import annotations

from typing import Any

from lark import UnexpectedInput, v_args

from ..errors import CardError
from ..limits import MAX_CARD_CHARS, MAX_CARDS_PER_FILE, MAX_FILE_BYTES, MAX_NESTING
from . import ast
from .blocks import Block, split_blocks
from .buildparse import BuildingBuild
from .diagnostics import Reporter, capped, report_syntax_error
from .fastparse import parse_block
from .grammar import grammar_text, lark_parser, statement_words  # noqa: F401 - public here too
from .placeparse import Children, Meta, Word

#: A conversion's option as its rule gives it: (key, value, where it is written).
_Option = tuple[str, ast.Value, tuple[int, int]]
#: What ``choose craftsman`` does to the one chosen: (action, its number or who gets it).
_CraftsmanAction = tuple[str, ast.Value]

# --------------------------------------------------------------------------
# Parse tree -> AST


@v_args(meta=True)
class _Build(BuildingBuild):
    """Builds :mod:`.ast` nodes of cards; positions are shifted from block to file."""

    def _owns(self, meta: Meta, a: ast.AmountNode) -> ast.Effect:
        return ast.Effect("OwnsAtLeast", (("kind", a.kind), ("n", a.n)), **self._at(meta))

    # file and card
    def start(self, meta: Meta, children: Children) -> list[ast.CardNode]:
        return children

    def card(self, meta: Meta, ch: Children) -> ast.CardNode:
        kind, cid, name, name_de, *items = ch
        return ast.CardNode(
            self._name(kind),
            self._name(cid),
            self._title(name),
            None if name_de is None else self._title(name_de),
            fields=tuple(i for i in items if isinstance(i, ast.Field)),
            abilities=tuple(i for i in items if isinstance(i, ast.Effect)),
            variants=tuple(i for i in items if isinstance(i, ast.VariantNode)),
            **self._at(meta),
        )

    def round(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "round", self._num(ch[0]))

    def round_start(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "round", "start")

    def cost(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "cost", ch[0])

    def tags(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "tags", ch[0])

    def mode_permanent(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "mode", "permanent")

    def mode_once(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "mode", "once")

    def mode_immediate(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "mode", "immediate")

    def mode_one_round(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "mode", "one_round")

    def last_round(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "last_round", True)

    def harmful(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "harmful", True)

    def every_round(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "every_round", True)

    def site(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "site", self._name(ch[0]))

    def yields(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "yields", ch[0])

    def workers(self, meta: Meta, ch: Children) -> ast.Field:
        return self._field(meta, "workers", self._num(ch[0]))

    def variant(self, meta: Meta, ch: Children) -> ast.VariantNode:
        return ast.VariantNode(self._name(ch[0]), tuple(ch[1:]), **self._at(meta))

    # abilities
    def ability(self, meta: Meta, ch: Children) -> ast.Effect:
        effect: ast.Effect = ch[0]  # the one alternative the rule matched
        return effect

    def passive(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "Passive", ("modifier", ch[0]))

    def on_gain(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "OnGain", ("effect", ch[0]))

    def trigger(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "Trigger", ("step", self._name(ch[0])), ("effect", ch[1]))

    def once(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "Once", ("window", self._name(ch[0])), ("effect", ch[1]))

    def on_action(self, meta: Meta, ch: Children) -> ast.Effect:
        who, action, where, effect = ch
        return self._eff(
            meta, "OnAction", ("action", self._name(action)), ("effect", effect), ("location", where), ("who", who)
        )

    # whose action a reaction answers (issue #53)
    def by_you(self, meta: Meta, ch: Children) -> str:
        return "you"

    def by_other(self, meta: Meta, ch: Children) -> str:
        return "other"

    def by_any(self, meta: Meta, ch: Children) -> str:
        return "any"

    def by_left(self, meta: Meta, ch: Children) -> str:
        return "left"

    def by_right(self, meta: Meta, ch: Children) -> str:
        return "right"

    def at_place(self, meta: Meta, ch: Children) -> ast.Name:
        return self._name(ch[0])

    def now(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "Now", ("effect", ch[0]))

    def this_round(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "ThisRound", ("modifier", ch[0]))

    def next_round(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "NextRound", ("modifier", ch[0]))

    def rest_of_game(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "RestOfGame", ("modifier", ch[0]))

    def lasting_this_round(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "Lasting", ("duration", "this_round"), ("modifier", ch[0]))

    def lasting_next_round(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "Lasting", ("duration", "next_round"), ("modifier", ch[0]))

    def lasting_rest_of_game(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "Lasting", ("duration", "rest_of_game"), ("modifier", ch[0]))

    def convert(self, meta: Meta, ch: Children) -> ast.Effect:
        # [inputs ("|" alternative)*] "->" outputs ("," option)*; an option is (key, value, where)
        options = [c for c in ch if isinstance(c, tuple) and c and isinstance(c[0], str)]
        lists = [c for c in ch if not (isinstance(c, tuple) and c and isinstance(c[0], str))]
        scale = lists.pop()  # the outputs' scale (issue #53), or None
        outputs = lists[-1]
        ins = [x for x in lists[:-1] if x is not None]
        inputs, alternatives = (ins[0] if ins else None), tuple(ins[1:])
        opts: dict[str, Any] = {}
        more: list[ast.Name] = []  # 'needs' may be given more than once (issue #36)
        for key, value, where in options:
            if key == "needs" and key in opts:
                if value.text == opts["needs"].text or value.text in (m.text for m in more):
                    self.rep.error(where[0], where[1], f"'needs {value.text}' given twice in one conversion")
                more.append(value)
                continue
            if key in opts:
                self.rep.error(where[0], where[1], f"'{_OPTION_WORD[key]}' given twice in one conversion")
            opts[key] = value
        capacity = opts.get("capacity")
        grows: tuple[tuple[str, ast.Value], ...] = ()
        if isinstance(capacity, tuple):  # capacity N + M per COUNT
            capacity, plus, per = capacity
            grows = (("capacity_plus", plus), ("capacity_per", per))
        return self._eff(
            meta,
            "Convert",
            ("inputs", inputs or ()),
            ("outputs", outputs),
            ("capacity", capacity),
            ("needs", opts.get("needs")),
            ("condition", opts.get("condition")),
            ("also_needs", tuple(more)),
            ("alternatives", alternatives),
            *grows,
            *((("outputs_per", scale),) if scale is not None else ()),
        )

    def capacity(self, meta: Meta, ch: Children) -> _Option:
        n, plus, per = (list(ch) + [None, None])[:3]
        where = self._lc(meta.line, meta.column)
        if plus is None:
            return ("capacity", self._num(n), where)
        # "capacity 1 + 1 per counter" (issue #36): the base and what it grows by
        return ("capacity", (self._num(n), self._num(plus), per), where)

    def needs(self, meta: Meta, ch: Children) -> _Option:
        return ("needs", self._name(ch[0]), self._lc(meta.line, meta.column))

    def condition(self, meta: Meta, ch: Children) -> _Option:
        return ("condition", self._owns(meta, ch[0]), self._lc(meta.line, meta.column))

    # modifiers
    def _n_mod(self, meta: Meta, registry: str, tok: Word) -> ast.Effect:
        return self._eff(meta, registry, ("n", self._num(tok)))

    def yield_delta(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._n_mod(meta, "YieldDelta", ch[0])

    def tax(self, meta: Meta, ch: Children) -> ast.Effect:
        # a written sign makes a change of the tax, none a fixed tax
        signed = str(ch[0])[:1] in "+-"
        return self._n_mod(meta, "TaxDelta" if signed else "TaxFixed", ch[0])

    def craftsman_limit(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._n_mod(meta, "CraftsmanLimit", ch[0])

    def builder_limit(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._n_mod(meta, "BuilderLimit", ch[0])

    def capacity_delta(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "CapacityDelta", ("n", self._num(ch[1])), ("exclude", ch[0] or ()))

    def extra_worker(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._n_mod(meta, "ExtraWorker", ch[0])

    def extra_worker_one(self, meta: Meta, ch: Children) -> ast.Effect:
        line, col = self._lc(meta.line, meta.column)
        return self._eff(meta, "ExtraWorker", ("n", ast.Num("1", line=line, column=col)))

    def peek_event(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "PeekEvent")

    def mill_bonus(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "MillBonus", ("per", self._num(ch[0])), ("up_to", self._num(ch[1])))

    def price_delta(self, meta: Meta, ch: Children) -> ast.Effect:
        trade, resource, n = ch
        return self._eff(
            meta, "PriceDelta", ("resource", self._name(resource)), ("n", self._num(n)), ("trade", trade or "both")
        )

    def trade(self, meta: Meta, ch: Children) -> str:
        return str(ch[0])

    def permit(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "Permit", ("trade", self._name(ch[0])), ("resource", self._name(ch[1])))

    # instant effects
    def gain(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "Gain", ("amounts", ch[0]), ("per", ch[1]))

    def scale(self, meta: Meta, ch: Children) -> ast.Effect:
        # one factor alone is that factor (issue #36's form); more, or a
        # bound, a quantity (issue #53)
        factors: list[ast.Effect] = ch[:-1]  # each a multiplier's node
        bound = ch[-1]
        if len(factors) == 1 and bound is None:
            return factors[0]
        return self._eff(
            meta, "Scaled", ("factors", tuple(factors)), ("up_to", None if bound is None else self._num(bound))
        )

    def per_builder(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "PerBuilder", ("location", self._name(ch[0])))

    def per_mill_worker(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "PerMillWorker")

    def per_count(self, meta: Meta, ch: Children) -> ast.Effect:
        n, what = ch
        return self._eff(meta, "PerCount", ("what", what), ("per", None if n is None else self._num(n)))

    def count(self, meta: Meta, ch: Children) -> ast.Name:
        # "builder placed" is one count, named by its first word
        return (
            self._name(ch[0])
            if len(ch) == 1
            else ast.Name("builders", line=self._name(ch[0]).line, column=self._name(ch[0]).column)
        )

    def if_most(self, meta: Meta, ch: Children) -> ast.Effect:
        most, what, effect = ch
        return self._eff(
            meta,
            "If",
            ("condition", self._eff(meta, "HasMost", ("what", self._name(what)), ("most", most == "most"))),
            ("effect", effect),
        )

    def most(self, meta: Meta, ch: Children) -> str:
        return str(ch[0])

    def for_players(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "ForPlayers", ("players", ch[0]), ("effect", ch[1]))

    def take(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "Transfer", ("direction", "take"), ("amounts", ch[0]), ("players", ch[1]))

    def give(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "Transfer", ("direction", "give"), ("amounts", ch[0]), ("players", ch[1]))

    def swap(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "Swap", ("gives", ch[0]), ("gets", ch[1]), ("players", ch[2]))

    def _market(self, meta: Meta, action: str, amounts: tuple[ast.AmountNode, ...]) -> ast.Effect:
        return self._eff(meta, "Market", ("action", action), ("amounts", amounts))

    def take_market(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._market(meta, "take", ch[0])

    def give_market(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._market(meta, "give", ch[0])

    def market_gains(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._market(meta, "gains", ch[0])

    def market_loses(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._market(meta, "loses", ch[0])

    def borrow_other(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "Borrow", ("who", "other"))

    def borrow_any(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "Borrow", ("who", "any"))

    # turn order as state (issue #53)
    def become_start(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "BecomeStartPlayer")

    def reverse_this(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "ReverseOrder", ("when", "this_round"))

    def reverse_next(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "ReverseOrder", ("when", "next_round"))

    def if_start(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "If", ("condition", self._eff(meta, "IsStartPlayer")), ("effect", ch[0]))

    def add_counters(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "AddCounters", ("n", self._num(ch[0])), ("word", self._name(ch[1])))

    def _players(self, meta: Meta, who: str, what: ast.Name | None = None) -> ast.Effect:
        return self._eff(meta, "Players", ("who", who), ("what", what))

    def each_player(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._players(meta, "each")

    def each_other_player(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._players(meta, "other")

    def player_with(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._players(meta, ch[0], self._name(ch[1]))

    def left_neighbour(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._players(meta, "left")

    def right_neighbour(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._players(meta, "right")

    def chosen_player(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._players(meta, "chosen")

    def actor_player(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._players(meta, "actor")

    def if_own(self, meta: Meta, ch: Children) -> ast.Effect:
        a, effect = ch
        return self._eff(meta, "If", ("condition", self._owns(meta, a)), ("effect", effect))

    def lose(self, meta: Meta, ch: Children) -> ast.Effect:
        if ch[1] is None:  # as before issue #53: the tree of every card that scales nothing
            return self._eff(meta, "Lose", ("amounts", ch[0]))
        return self._eff(meta, "Lose", ("amounts", ch[0]), ("per", ch[1]))

    def choose_craftsman(self, meta: Meta, ch: Children) -> ast.Effect:
        exclude, (action, n) = ch
        to = None
        if action == "give":  # "give to PLAYERS": who gets it, and no number
            n, to = None, n
        return self._eff(meta, "ChooseCraftsman", ("action", action), ("n", n), ("exclude", exclude or ()), ("to", to))

    def give_to(self, meta: Meta, ch: Children) -> _CraftsmanAction:
        return ("give", ch[0])

    def look_events(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "LookEvents", ("n", self._num(ch[0])), ("word", self._name(ch[1])))

    def reorder_events(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "ReorderEvents", ("n", self._num(ch[0])), ("word", self._name(ch[1])))

    def bury_event(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "BuryEvent")

    def give_privilege(self, meta: Meta, ch: Children) -> ast.Effect:
        exclude, to = ch
        return self._eff(meta, "GivePrivilege", ("to", to), ("exclude", exclude or ()))

    def copy_privilege(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "CopyPrivilege", ("players", ch[0]), ("duration", ch[1]))

    def draft_cards(self, meta: Meta, ch: Children) -> ast.Effect:
        keep, n, word, rest = ch
        return self._eff(
            meta,
            "DraftCards",
            ("keep", self._num(keep)),
            ("n", self._num(n)),
            ("word", self._name(word)),
            ("rest", rest or "box"),
        )

    def rest_box(self, meta: Meta, ch: Children) -> str:
        return "box"

    def rest_under(self, meta: Meta, ch: Children) -> str:
        return "under"

    def this_round_time(self, meta: Meta, ch: Children) -> str:
        return "this_round"

    def next_round_time(self, meta: Meta, ch: Children) -> str:
        return "next_round"

    def rest_of_game_time(self, meta: Meta, ch: Children) -> str:
        return "rest_of_game"

    def boost(self, meta: Meta, ch: Children) -> _CraftsmanAction:
        return ("boost", self._num(ch[0]))

    def discard(self, meta: Meta, ch: Children) -> _CraftsmanAction:
        return ("discard", None)

    def choose_one(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "ChooseOne", ("options", tuple(ch)))

    def vote(self, meta: Meta, ch: Children) -> ast.Effect:
        weight, *options = ch
        if weight is None:
            return self._eff(meta, "Vote", ("options", tuple(options)))
        return self._eff(meta, "Vote", ("options", tuple(options)), ("weight", weight))

    def bid(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "Bid", ("kind", self._name(ch[0])), ("prize", ch[1]))

    def except_list(self, meta: Meta, ch: Children) -> tuple[ast.Name, ...]:
        names: tuple[ast.Name, ...] = ch[0]  # its name_list
        return names

    # once effects
    def free_placement(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "FreePlacement")

    def ignore_event(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "IgnoreEvent")

    def tax_exempt(self, meta: Meta, ch: Children) -> ast.Effect:
        return self._eff(meta, "TaxExempt")

    # shared pieces
    def amount(self, meta: Meta, ch: Children) -> ast.AmountNode:
        return ast.AmountNode(self._num(ch[0]), self._name(ch[1]), **self._at2(meta))

    def amount_list(self, meta: Meta, ch: Children) -> tuple[ast.AmountNode, ...]:
        return tuple(ch)

    plus_list = amount_list

    def name_list(self, meta: Meta, ch: Children) -> tuple[ast.Name, ...]:
        return tuple(self._name(t) for t in ch)


_OPTION_WORD = {"capacity": "capacity", "needs": "needs", "condition": "if you own"}

#: Lines with syntax errors one card may leave out to read on (a card with
#: more is reported up to there).
MAX_SKIPPED_LINES = 8


def _read_past(chunk: str, line: int, block: Block, rep: Reporter) -> tuple[ast.CardNode, tuple[int, ...]] | None:
    """The card of ``chunk`` read without line ``line`` of the block (where a
    syntax error was reported) and without each later line with one, each
    reported to ``rep``; with the file's lines left out. None when a line to
    leave out is the card's first or holds a brace (the card's frame)."""
    lines = chunk.split("\n")
    skipped: list[int] = []
    for _ in range(MAX_SKIPPED_LINES):
        if (
            not 1 < line <= len(lines)
            or not lines[line - 1].strip()
            or "{" in lines[line - 1]
            or "}" in lines[line - 1]
        ):
            return None
        skipped.append(line)
        lines[line - 1] = " " * len(lines[line - 1])  # keeps every other position
        rest = "\n".join(lines)
        try:
            tree = lark_parser().parse(rest)
        except UnexpectedInput as e:
            line = report_syntax_error(rep, e, rest, block.line, block.column, block.cut_by)
            continue
        nodes = _Build(block.line, block.column, rep).transform(tree)
        if len(nodes) != 1:
            return None
        return nodes[0], tuple(block.line + s - 1 for s in skipped)
    return None


class _Held:
    """Problems the builder finds while the fast parser reads a block: kept
    until the block is accepted (if it is not, Lark reads it and finds them again)."""

    def __init__(self) -> None:
        self.problems: list[tuple[int, int, str, str]] = []

    def error(self, line: int, column: int, message: str, hint: str = "") -> None:
        self.problems.append((line, column, message, hint))

    def flush(self, rep: Reporter) -> None:
        for args in self.problems:
            rep.error(*args)
        self.problems.clear()


# --------------------------------------------------------------------------
# Public entry points


def parse_collect(text: str, file: str, rep: Reporter) -> ast.CardFile:
    """Parse as much as possible; problems go to ``rep``."""
    if len(text) > MAX_FILE_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        rep.error(1, 1, f"card file is too large (limit {MAX_FILE_BYTES} bytes)")
        return ast.CardFile(file)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:  # lone surrogates: not valid Unicode text
        before = text[: exc.start]
        line = before.count("\n") + 1
        column = exc.start - (before.rfind("\n") + 1) + 1
        rep.error(
            line,
            column,
            f"card text must be valid Unicode; found {text[exc.start]!r} (a lone surrogate) -- save the file as UTF-8",
        )
        return ast.CardFile(file)
    blocks, comments = split_blocks(text)
    if len(blocks) > MAX_CARDS_PER_FILE:
        b = blocks[MAX_CARDS_PER_FILE]
        rep.error(b.line, b.column, f"too many cards in one file (limit {MAX_CARDS_PER_FILE}); split the file")
        blocks = blocks[:MAX_CARDS_PER_FILE]
    cards: list[ast.CardNode] = []
    recovered: list[tuple[ast.CardNode, tuple[int, ...]]] = []
    held = _Held()
    fast = _Build(1, 1, held)  # the fast parser's positions are already the file's
    for b in blocks:
        if b.too_deep is not None:
            rep.error(*b.too_deep, f"nested too deeply (limit {MAX_NESTING} levels of braces and parentheses)")
            continue
        if b.end - b.start > MAX_CARD_CHARS:
            rep.error(
                b.line,
                b.column,
                f"card is too long ({b.end - b.start} characters; limit {MAX_CARD_CHARS}); it is not compiled",
            )
            continue
        node = parse_block(text, b.start, b.end, b.line, b.start - b.column + 1, fast)
        if node is not None:  # a well-formed card: no need for Lark
            cards.append(node)
            held.flush(rep)
            continue
        held.problems.clear()
        chunk = text[b.start : b.end]
        try:
            tree = lark_parser().parse(chunk)  # built on first need: well-formed files never need it
        except UnexpectedInput as e:
            line = report_syntax_error(rep, e, chunk, b.line, b.column, b.cut_by)
            read = _read_past(chunk, line, b, rep)
            if read is not None:
                recovered.append(read)
            continue
        cards.extend(_Build(b.line, b.column, rep).transform(tree))
    return ast.CardFile(file, tuple(cards), tuple(comments), line=1, column=1, recovered=tuple(recovered))


def parse(text: str, file: str = "<string>") -> ast.CardFile:
    """Parse card text into a typed syntax tree.

    Raises :class:`~pillars_rules.errors.CardError` with every syntax error
    of the file. Names are not checked here (see :func:`compile_text`).

    >>> parse('event e "E" { now: gain 1 gold }').cards[0].id.text
    'e'
    """
    rep = Reporter(file, text)
    tree = parse_collect(text, file, rep)
    if rep.diagnostics:
        raise CardError(capped(rep.diagnostics))
    return tree

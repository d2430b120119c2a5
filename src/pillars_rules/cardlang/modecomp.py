"""Mode cards: the set-up of one way to play a game of building cards -- its player counts and the mode of
each (what a card's ``modes`` names), each seat's clergy and when they come home, the work contract's fees,
the phases and what fires them, the goods each seat starts with and the round income, the end, the options
and the neutral player (``grammar/buildings.lark``; docs/ora/cards.rst). Checked against the set's goods
card, its cards and, when the game hands them (:class:`ModeWords`), the names its flow knows; the game
turns a mode card into the mechanisms' configurations.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, cast

from attrs import field, frozen

from . import ast
from . import buildast as b
from .diagnostics import Reporter, suggest

__all__ = ["MODE_KIND", "ModeCard", "ModeWords", "PhaseSpec", "compile_mode", "compile_modes", "render_mode"]

MODE_KIND = "mode"
#: The fields a mode card may set (those of :data:`_MANY` more than once: one line each).
MODE_FIELDS = (
    "b_number",
    "players",
    "b_modes",
    *(f for f in b.FIELD_ORDER if f.startswith("m_")),
)
_MANY = frozenset({"m_recall", "m_fee", "m_phase", "m_income", "m_option"})
#: Who a fee goes to, and who picks the clergyman a work contract uses (the contract mechanism's words).
FEE_TO = ("owner", "supply")
CHOOSERS = ("owner", "user")


@frozen
class ModeWords:
    """What a game's flow knows, for checking its mode cards where they are written: the phase ``steps`` it
    runs (and ``reveal`` DECK, a deck of the set), the ``moments`` at which clergy come home, the ``after``
    moments that fire a phase, the ``counts`` an end reads and the ``grants`` a phase opens."""

    steps: frozenset[str]
    moments: frozenset[str]
    after: frozenset[str]
    counts: frozenset[str]
    grants: frozenset[str]
    reveal: str = "reveal"

    @classmethod
    def of(cls, names: Mapping[str, Collection[str]]) -> ModeWords:
        """The words of a game's table of them (``steps``, ``moments``, ``after``, ``counts``, ``grants``)."""

        def get(key: str) -> frozenset[str]:
            return frozenset(names.get(key, ()))

        return cls(get("steps"), get("moments"), get("after"), get("counts"), get("grants"))


@frozen
class PhaseSpec:
    """A phase: its ``name``; what fires it (the arm's ``round``, or the moment ``after``); its steps and
    grants ((permission, count per seat), ...)."""

    name: str
    round: int | None = None
    after: str | None = None
    steps: tuple[str, ...] = ()
    grants: tuple[tuple[str, int], ...] = ()


@frozen
class ModeCard:
    """A mode card: the mode ``name`` (as a game is asked for it); ``seats`` ((player count, the mode
    token the cards' ``modes`` use), ...); ``clergy`` ((kind, per seat), ...); ``recalls`` ((moment,
    kinds brought home always, or ``None``: a seat's clergy when all are placed), ...); ``fees``: one
    level per line, each ((goods, to, variant or ``None``), ...); ``chooser``; the arm's spaces, the
    phases; the ends (``end_count``: (after phase, count, at most); ``last_round``); the start goods, the
    income by round; the columns ``uncovered`` on the first board's top row; the options (name, (what,
    value) or ``None``); the neutral player (name, card id) and the goal."""

    id: str
    name: str
    seats: tuple[tuple[int, str], ...]
    clergy: tuple[tuple[str, int], ...] = ()
    recalls: tuple[tuple[str, tuple[str, ...] | None], ...] = ()
    fees: tuple[tuple[tuple[tuple[tuple[str, int], ...], str, str | None], ...], ...] = ()
    chooser: str = "owner"
    arm: int = 0
    phases: tuple[PhaseSpec, ...] = ()
    end_count: tuple[str, str, int] | None = None
    last_round: int | None = None
    start: tuple[tuple[str, int], ...] = ()
    income: tuple[tuple[int, tuple[tuple[str, int], ...]], ...] = ()
    uncovered: tuple[int, ...] = ()
    options: tuple[tuple[str, tuple[str, Any] | None], ...] = ()
    neutral: tuple[str, str] | None = None
    goal: int | None = None
    wheel_bonus: int = 0
    number: str = ""
    text: str = field(default="", eq=False, repr=False)
    source: str = field(default="", eq=False, repr=False)


def _word(name: str) -> str:
    return "players" if name == "players" else b.FIELD_WORDS.get(name, name.replace("_", " "))


def _n(rep: Reporter, num: ast.Num, what: str, least: int = 0) -> int:
    v = num.value
    if v is None or v < least:
        rep.at(
            num, f"{what} is {least} or more, not {num.text}" if v is not None else f"{what} {num.text} is too large"
        )
        return least
    return v


class _Mode:
    """The checks of one mode card, reporting at the node that is wrong."""

    def __init__(
        self,
        rep: Reporter,
        goods: Sequence[str],
        cards: Mapping[str, tuple[str, str]],
        variants: Collection[str],
        words: ModeWords | None,
    ) -> None:
        self.rep, self.goods, self.cards, self.variants, self.words = rep, goods, cards, variants, words

    def amounts(self, amounts: tuple[ast.AmountNode, ...]) -> tuple[tuple[str, int], ...]:
        out = []
        for a in amounts:
            if a.kind.text not in self.goods:
                self.rep.at(
                    a.kind, f"the good '{a.kind.text}' is no good of the goods card{suggest(a.kind.text, self.goods)}"
                )
            out.append((a.kind.text, _n(self.rep, a.n, "an amount", 1)))
        return tuple(out)

    def known(self, node: ast.Title | ast.Name, allowed: Collection[str] | None, what: str) -> str:
        if allowed is not None and node.text not in allowed:
            self.rep.at(
                node,
                f"'{node.text}' is no {what} the game knows{suggest(node.text, allowed)}",
                f"known: {', '.join(sorted(allowed))}",
            )
        return node.text

    def card(self, node: ast.Name, kinds: tuple[str, ...]) -> str:
        found = self.cards.get(node.text)
        if found is None:
            self.rep.at(node, f"'{node.text}' is no card of the set{suggest(node.text, self.cards)}")
        elif found[0] not in kinds:
            self.rep.at(node, f"the card '{node.text}' is a {found[0]} card, not a {' or '.join(kinds)} card")
        return node.text

    def seats(self, node: ast.CardNode, fields: Mapping[str, ast.Field]) -> tuple[tuple[int, str], ...]:
        if "players" not in fields or "b_modes" not in fields:
            self.rep.at(node.id, f"mode card '{node.id.text}' needs 'players' and 'modes' (one mode per player count)")
            return ()
        counts = [_n(self.rep, n, "a player count", 1) for n in ast.each(fields["players"], ast.Num)]
        modes = ast.each(fields["b_modes"], b.Mode)
        if len(modes) != len(counts):
            self.rep.at(
                fields["b_modes"],
                f"'modes' names {len(modes)} mode{'s' if len(modes) != 1 else ''} for {len(counts)} player "
                f"count{'s' if len(counts) != 1 else ''} ({', '.join(map(str, counts))}): one for each",
            )
            return ()
        if len(set(counts)) != len(counts):
            self.rep.at(fields["players"], "a player count is listed twice")
        for n, m in zip(counts, modes, strict=True):
            if m.n.value != n:
                self.rep.at(m, f"the mode '{m.token}' is a mode of {m.n.text} players, not of {n}")
        return tuple((n, m.token) for n, m in zip(counts, modes, strict=True))

    def phases(self, fs: Sequence[ast.Field], arm: int, decks: Collection[str]) -> tuple[PhaseSpec, ...]:
        out: list[PhaseSpec] = []
        last = 0
        w = self.words
        for f in fs:
            name, (how, when), runs, grants = cast(Any, f.value)
            if any(p.name == name.text for p in out):
                self.rep.at(name, f"the phase '{name.text}' is written twice")
            rnd = after = None
            if how == "round":
                rnd = _n(self.rep, when, "a round", 1)
                if arm < 1:
                    self.rep.at(when, "a phase fired in a round needs the arm's spaces: add 'arm N'")
                elif not last < rnd <= last + arm:
                    self.rep.at(
                        when,
                        f"the phase '{name.text}' cannot fire in round {rnd}: the arm passes its space "
                        f"({rnd % arm}) first in round {last + 1 + (rnd - last - 1) % arm}",
                        "the phases fire in the order written, each at most one lap of the arm after the one before",
                    )
                last = max(last, rnd)
            else:
                after = self.known(when, None if w is None else w.after, "moment")
            steps = []
            for s in runs:
                deck = s.text.removeprefix(f"{w.reveal} ") if w is not None else ""
                if w is not None and s.text not in w.steps and not (s.text != deck and deck in decks):
                    allowed = [*w.steps, *(f"{w.reveal} {d}" for d in sorted(decks))]
                    self.rep.at(s, f"'{s.text}' is no phase step the game knows{suggest(s.text, allowed)}")
                steps.append(s.text)
            got = tuple(
                (self.known(g, None if w is None else w.grants, "grant"), _n(self.rep, k, "a grant", 1))
                for g, k in grants
            )
            out.append(PhaseSpec(name.text, rnd, after, tuple(steps), got))
        return tuple(out)


def compile_mode(
    rep: Reporter,
    node: ast.CardNode,
    goods: Sequence[str],
    cards: Mapping[str, tuple[str, str]],
    variants: Collection[str],
    words: ModeWords | None = None,
    text: str = "",
) -> ModeCard | None:
    """The mode card ``node`` (``None`` after reporting what is wrong): ``goods`` are the goods card's,
    ``cards`` the set's cards (id -> (kind, deck)), ``variants`` the variants its cards name, ``words``
    what the game's flow knows (``None``: not checked)."""
    known = len(rep.diagnostics)
    fields: dict[str, ast.Field] = {}
    many: dict[str, list[ast.Field]] = {k: [] for k in _MANY}
    for f in node.fields:
        if f.name not in MODE_FIELDS:
            allowed = ", ".join(_word(x) for x in MODE_FIELDS)
            rep.at(f, f"a mode card does not set '{_word(f.name)}'", f"a mode card may set: {allowed}")
        elif f.name in many:
            many[f.name].append(f)
        elif f.name in fields:
            rep.at(f, f"'{_word(f.name)}' is set twice")
        fields[f.name] = f
    for e in node.abilities:
        rep.at(e, "a mode card has set-up lines, not abilities")
    m = _Mode(rep, goods, cards, variants, words)
    seats = m.seats(node, fields)
    clergy: list[tuple[str, int]] = []
    for k, t in cast(Any, fields["m_clergy"].value) if "m_clergy" in fields else ():
        if any(t.text == c for c, _ in clergy):
            rep.at(t, f"the clergy '{t.text}' is named twice")
        clergy.append((t.text, _n(rep, k, "a count of clergy", 1)))
    if not clergy:
        rep.at(node.id, f"mode card '{node.id.text}' needs its clergy: 'clergy N \"KIND\", ...'")
    recalls = []
    for f in many["m_recall"]:
        moment, always = cast(Any, f.value)
        for t in always or ():
            m.known(t, [c for c, _ in clergy], "clergy")
        kinds = tuple(t.text for t in always) if always else None
        recalls.append((m.known(moment, None if words is None else words.moments, "moment"), kinds))
    fees = []
    for f in many["m_fee"]:
        alts = []
        for amounts, to, variant in cast(Any, f.value):
            m.known(to, FEE_TO, "payee")
            if variant is not None:
                m.known(variant, variants, "variant")
            alts.append((m.amounts(amounts), to.text, None if variant is None else variant.text))
        fees.append(tuple(alts))
    if not fees:
        rep.at(node.id, f"mode card '{node.id.text}' needs the work contract's fees: 'fee N GOOD to owner'")
    chooser = m.known(ast.one(fields["m_chooser"], ast.Name), CHOOSERS, "chooser") if "m_chooser" in fields else "owner"
    arm = _n(rep, ast.one(fields["m_arm"], ast.Num), "the arm's spaces", 1) if "m_arm" in fields else 0
    decks = {deck for _, deck in cards.values() if deck}
    phases = m.phases(many["m_phase"], arm, decks)
    if not phases or "m_arm" not in fields:
        rep.at(node.id, f"mode card '{node.id.text}' needs the arm's spaces and a phase: 'arm N', 'phase \"NAME\" ...'")
    end_count = None
    if "m_end_count" in fields:
        after, count, most = cast(Any, fields["m_end_count"].value)
        if not any(p.name == after.text for p in phases):
            rep.at(after, f"'{after.text}' is no phase of this mode{suggest(after.text, [p.name for p in phases])}")
        what = m.known(count, None if words is None else words.counts, "count")
        end_count = (after.text, what, _n(rep, most, "a count", 0))
    last_round = _n(rep, ast.one(fields["m_end_round"], ast.Num), "a round", 1) if "m_end_round" in fields else None
    start = m.amounts(ast.each(fields["m_start"], ast.AmountNode)) if "m_start" in fields else ()
    income: list[tuple[int, tuple[tuple[str, int], ...]]] = []
    for f in many["m_income"]:
        r, amounts = cast(Any, f.value)
        n = _n(rep, r, "a round", 1)
        if any(n == x for x, _ in income):
            rep.at(r, f"the income of round {n} is written twice")
        income.append((n, m.amounts(amounts)))
    uncovered = (
        tuple(_n(rep, x, "a column", 0) for x in ast.each(fields["m_uncovered"], ast.Num))
        if "m_uncovered" in fields
        else ()
    )
    options: list[tuple[str, tuple[str, Any] | None]] = []
    for f in many["m_option"]:
        name, effect = cast(Any, f.value)
        if any(name.text == o for o, _ in options):
            rep.at(name, f"the option '{name.text}' is written twice")
        got: tuple[str, Any] | None = None
        if effect is not None and effect[0] == "without":
            got = ("without", m.card(effect[1], ("building", "settlement")))
        elif effect is not None:
            got = ("uncovered", tuple(_n(rep, x, "a column", 0) for x in effect[1]))
        options.append((name.text, got))
    neutral = None
    if "m_neutral" in fields:
        who, card = cast(Any, fields["m_neutral"].value)
        neutral = (who.text, m.card(card, ("building",)))
    goal = _n(rep, ast.one(fields["m_goal"], ast.Num), "a goal", 0) if "m_goal" in fields else None
    bonus = _n(rep, ast.one(fields["m_wheel_bonus"], ast.Num), "a bonus", 1) if "m_wheel_bonus" in fields else 0
    if len(rep.diagnostics) > known:
        return None
    return ModeCard(
        id=node.id.text,
        name=node.name.text,
        seats=seats,
        clergy=tuple(clergy),
        recalls=tuple(recalls),
        fees=tuple(fees),
        chooser=chooser,
        arm=arm,
        phases=phases,
        end_count=end_count,
        last_round=last_round,
        start=start,
        income=tuple(income),
        uncovered=uncovered,
        options=tuple(options),
        neutral=neutral,
        goal=goal,
        wheel_bonus=bonus,
        number=ast.one(fields["b_number"], ast.Name).text if "b_number" in fields else "",
        text=text,
        source=rep.file,
    )


def _block(text: str, node: ast.CardNode) -> str:
    """The card's own lines of ``text``."""
    lines = text.split("\n")
    return "\n".join(lines[node.line - 1 : node.end_line]).rstrip("\n")


def compile_modes(
    modes: Sequence[tuple[Reporter, ast.CardNode, str]],
    goods: Sequence[str],
    cards: Sequence[Any],
    words: ModeWords | None,
    problems: list[Any],
) -> tuple[ModeCard, ...]:
    """The set's mode cards (``cards``: its compiled cards, with ``id``, ``kind``, ``deck`` and ``variant``);
    each mode's name once. Their problems go to ``problems``."""
    by_id = {c.id: (c.kind, c.deck) for c in cards}
    variants = sorted({c.variant for c in cards} - {"both"})
    out: list[ModeCard] = []
    for i, (rep, node, text) in enumerate(modes):
        known = len(rep.diagnostics)
        if any(other.name.text == node.name.text for _, other, _ in modes[:i]):
            rep.at(node.name, f"the mode '{node.name.text}' is the mode of another mode card")
        card = compile_mode(rep, node, goods, by_id, variants, words, _block(text, node))
        if card is not None and len(rep.diagnostics) == known:
            out.append(card)
        problems.extend(rep.diagnostics[known:])
    return tuple(out)


def render_mode(card: ModeCard) -> str:
    """A mode card in plain words (``pillars-rules cards show``)."""
    seats = ", ".join(f"{n} player{'s' if n != 1 else ''} ({token})" for n, token in card.seats)
    lines = [f"{card.name} ({card.id}{', ' + card.number if card.number else ''}) -- mode: {seats}"]
    lines.append("Each seat's clergy: " + ", ".join(f"{n} {k}" for k, n in card.clergy) + ".")
    for moment, always in card.recalls:
        who = f"every seat's {', '.join(always)} comes" if always else "a seat's clergy, once all are placed, come"
        lines.append(f"At {moment}: {who} home.")
    for level, alts in enumerate(card.fees):
        pays = " or ".join(
            ", ".join(f"{n} {g}" for g, n in goods) + f" to the {to}" + (f" ({v})" if v else "")
            for goods, to, v in alts
        )
        lines.append(f"A work contract at level {level}: {pays}.")
    lines.append(f"The {'user' if card.chooser == 'user' else 'owner'} picks the clergyman a work contract uses.")
    if card.start:
        lines.append("Each seat starts with " + ", ".join(f"{n} {g}" for g, n in card.start) + ".")
    if card.wheel_bonus:
        lines.append(f"Whenever goods are taken from the wheel, every seat takes {card.wheel_bonus} more of each.")
    for r, goods in card.income:
        lines.append(f"Income in round {r}: " + ", ".join(f"{n} {g}" for g, n in goods) + ".")
    if card.neutral:
        lines.append(f"The {card.neutral[0]} starts with {card.neutral[1]} on its first board's top-left square.")
    for p in card.phases:
        when = f"in round {p.round}" if p.round is not None else f"after {p.after}"
        grants = "; grants " + ", ".join(f"{n} {g}" for g, n in p.grants) if p.grants else ""
        lines.append(f"Phase {p.name} {when}: {', '.join(p.steps) or 'nothing'}{grants}.")
    if card.end_count:
        after, count, most = card.end_count
        lines.append(f"The game ends after phase {after} once {count} are at most {most}.")
    if card.last_round is not None:
        lines.append(f"The game ends after round {card.last_round} at the latest.")
    if card.goal is not None:
        lines.append(f"The goal: {card.goal} points.")
    if card.uncovered:
        lines.append(
            "Left uncovered on the first board's top row: columns " + ", ".join(map(str, card.uncovered)) + "."
        )
    for name, effect in card.options:
        what = ""
        if effect is not None:
            value = effect[1] if effect[0] == "without" else ", ".join(map(str, effect[1]))
            what = f": {effect[0]} {value}"
        lines.append(f"Option {name}{what}.")
    return "\n".join(lines)

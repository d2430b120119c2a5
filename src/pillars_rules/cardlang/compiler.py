"""Syntax tree -> :class:`~pillars_rules.cardlang.card.Card` objects built only from
the effect registry (:mod:`pillars_rules.cardlang.effects`).

The compiler checks every name against the registry's vocabularies
(:data:`~pillars_rules.cardlang.effects.AMOUNT_KINDS`, :data:`~pillars_rules.cardlang.effects.HOOK_POINTS`,
:data:`~pillars_rules.cardlang.effects.LOCATIONS`, :data:`~pillars_rules.cardlang.effects.WINDOWS`,
:data:`~pillars_rules.cardlang.effects.SITES`...), every number against its range, and
every cross-reference (``needs`` tags, ``except`` card ids) against the whole
set being compiled plus an optional ``known`` set. It reports all problems of
a run in one :class:`~pillars_rules.errors.CardError`.

Single values are checked by :mod:`.values`, the cross-references of a whole
run by :mod:`.references`; this module compiles effects, abilities and cards,
and runs the files of a set through both.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..errors import CardError
from ..limits import MAX_CARDS, MAX_STARTING_CRAFTSMEN, MAX_VARIANTS_PER_CARD
from . import ast, data
from . import effects as fx
from .abilitycomp import INPUT_KINDS, OUTPUT_KINDS, article  # noqa: F401 - kinds public here too
from .board import merge_parts
from .buildast import FIELD_WORDS as BUILDING_WORDS
from .cache import cached, no_gc
from .card import Card, SourcePos
from .cardset import BASE_BOARD, CardSet
from .diagnostics import Diagnostic, Reporter, capped, short
from .effects import KINDS
from .files import expand as _expand
from .files import read as _read
from .names import skeleton, why_alike
from .parser import parse_collect
from .placecomp import BOARD_FIELDS, PLACE_FIELDS, PLACE_WORDS, PlaceFields, board_problems
from .references import check_references

#: What a craftsman's hiring cost may be paid in.
COST_KINDS: tuple[str, ...] = ("gold", "vp")

#: Card fields each kind may set, and those it must set.
FIELDS_BY_KIND: dict[str, tuple[str, ...]] = {
    "craftsman": ("round", "cost", "tags", "players"),
    "privilege": ("mode", "last_round", "players"),
    "event": ("harmful", "players"),
    "resource": ("site", "yields", "workers", "players", "every_round"),
    "place": PLACE_FIELDS,
    "board": BOARD_FIELDS,
}
REQUIRED_FIELDS: dict[str, tuple[str, ...]] = {
    "craftsman": ("round",),
    "privilege": ("mode",),
    "event": (),
    "resource": ("site", "yields", "workers"),
    "place": (),
    "board": (),
}
#: Fields a card may give more than once.
REPEATABLE_FIELDS: tuple[str, ...] = ("spot",)
#: A privilege's modes; ``one_round`` (written ``for one round``) leaves the
#: game at the end of the round it was taken in.
MODES: tuple[str, ...] = ("permanent", "once", "immediate", "one_round")
#: Rounds a craftsman may belong to: 0 is ``round start``.
ROUNDS = range(0, 7)

#: How each card field is named in messages.
FIELD_WORDS: dict[str, str] = {
    "round": "round",
    "cost": "cost",
    "tags": "tags",
    "mode": "permanent/once/immediate/for one round",
    "last_round": "last round",
    "harmful": "harmful",
    "every_round": "every round",
    "site": "site",
    "yields": "yields",
    "workers": "workers",
    **PLACE_WORDS,
    **BUILDING_WORDS,
}
#: Ids no card may have: they name a place or step of the board, or a rule's
#: own gains and losses (the engine tells card effects from those by the name).
RESERVED_IDS: frozenset[str] = frozenset(fx.HOOK_POINTS) | {"tax"}


def _mode_words(mode: str) -> str:
    return "for one round" if mode == "one_round" else mode


class _Unit(PlaceFields):
    """Compiles the cards of one file; cross-references are checked later.

    ``locations``, ``hooks`` and ``sites`` are the board's vocabulary the
    cards are checked against (:func:`_vocabulary`)."""

    #: (place key, statement word) -> the name it gives, to point at it
    place_words: dict[tuple[str, str], ast.Name]
    locations: tuple[str, ...] = tuple(fx.LOCATIONS)
    hooks: tuple[str, ...] = fx.HOOK_POINTS
    sites: dict[str, str] = fx.SITES

    # ---- cards -------------------------------------------------------------
    def card(self, node: ast.CardNode) -> Card | None:
        rep = self.rep
        kind = self.choice(node.kind, KINDS, "card kind")
        cid = self.ident(node.id, "card id")
        name = self.title(node.name, "the card name")
        name_de = self.title(node.name_de, "the German name") if node.name_de else ""
        if cid in RESERVED_IDS and node.kind.text not in fx.BOARD_KINDS:
            rep.at(
                node.id,
                f"card id '{cid}' is reserved: it names a place or a rule of the game",
                f"choose another id, e.g. '{cid}_card'",
            )
            cid = None
        if kind is None:
            return None
        ok = cid is not None
        values: dict[str, Any] = {}
        seen: dict[str, ast.Field] = {}
        spot_fields: list[ast.Field] = []
        for f in node.fields:
            word = FIELD_WORDS[f.name]
            if f.name not in FIELDS_BY_KIND[kind]:
                allowed = ", ".join(FIELD_WORDS[x] for x in FIELDS_BY_KIND[kind])
                rep.at(
                    f,
                    f"'{_mode_words(ast.one(f, str)) if f.name == 'mode' else word}' is not allowed on "
                    f"{article(kind)} card",
                    f"{article(kind)} card may set: {allowed}",
                )
                ok = False
                continue
            if f.name in seen and f.name not in REPEATABLE_FIELDS:
                rep.at(f, f"'{word}' is given twice (first on line {seen[f.name].line})")
                ok = False
                continue
            seen.setdefault(f.name, f)
            v = self.field(f)
            if v is None:
                ok = False
            if f.name in REPEATABLE_FIELDS:
                spot_fields.append(f)
                values[f.name] = values.get(f.name, ()) + (v,)
            else:
                values[f.name] = v
        for req in REQUIRED_FIELDS[kind]:
            if req not in seen:
                rep.at(node.id, f"{kind} card '{node.id.text}' needs '{FIELD_WORDS[req]}'")
                ok = False
        abilities = self.abilities(node.abilities, kind)
        if abilities is None:
            ok = False
        elif not self.setup_ok(node, kind, values.get("round")):
            ok = False
        elif kind not in ("resource",) + fx.BOARD_KINDS and not abilities:
            rep.at(node.id, f"{kind} card '{node.id.text}' has no abilities")
            ok = False
        variants: list[tuple[str, tuple[Any, ...]]] = []
        vnames: set[str] = set()
        if len(node.variants) > MAX_VARIANTS_PER_CARD:
            rep.at(
                node.variants[MAX_VARIANTS_PER_CARD].name,
                f"too many variants ({len(node.variants)}; limit {MAX_VARIANTS_PER_CARD})",
            )
            return None
        for v in node.variants:
            vname = self.ident(v.name, "variant name")
            vab = self.abilities(v.abilities, kind)
            if vname in vnames:
                rep.at(v.name, f"variant '{vname}' is given twice")
                ok = False
            vnames.add(vname or "")
            if vab is not None and not vab:
                rep.at(v.name, f"variant '{v.name.text}' has no abilities")
                ok = False
            if vname is None or vab is None:
                ok = False
                continue
            variants.append((vname, vab))
        if not ok or cid is None or abilities is None:  # 'ok' says they are there
            return None
        if kind == "place":
            for word in ("after", "replaces"):
                if word in seen:
                    self.place_words[(cid, word)] = ast.one(seen[word], ast.Name)
            place = self.build_place(node, values, seen, spot_fields)
            if place is None:
                return None
            values = {"place": place}
        elif kind == "board":
            spec = self.build_board(values, seen)
            if spec is None:
                return None
            values = {"board": spec}
        card = Card(
            id=cid,
            kind=kind,
            name=name,
            name_de=name_de,
            abilities=abilities,
            variants=tuple(variants),
            pos=SourcePos(rep.file, node.line, node.column),
            **values,
        )
        return card if self.consistent(card, node, seen) else None

    def setup_ok(self, node: ast.CardNode, kind: str, rnd: Any) -> bool:
        """Where ``at setup:`` may stand and what it may do (issue #53): at
        set-up only the board card (every player's) and the starting
        craftsmen are held, and no round is under way yet."""
        rep, ok = self.rep, True
        if kind == "board" and node.variants:
            rep.at(
                node.variants[0].name,
                "a board card has no variants",
                "switch a set-up rule on with a variant of a starting craftsman, or write a second board",
            )
            ok = False
        drafts = 0
        for e in node.abilities + tuple(a for v in node.variants for a in v.abilities):
            if e.registry != "Trigger":
                continue
            at_setup = e.arg("step").text == fx.SETUP
            if at_setup and e.arg("effect").registry == "DraftCards":  # the table's (issue #53)
                drafts += 1
                if kind != "board" or drafts > 1:
                    rep.at(
                        e.arg("effect"),
                        "a draft of cards is the whole table's: one at most, on the board card"
                        if kind == "board"
                        else f"a draft of cards is the whole table's: write it on the board card, not on {article(kind)}",
                    )
                    ok = False
                    continue
            if kind == "board" and not at_setup:
                rep.at(
                    e.arg("step"),
                    f"a board card acts only at set-up, not 'at {e.arg('step').text}:'",
                    "write 'at setup: ...' (each player), or put the ability on a craftsman or privilege",
                )
                ok = False
            elif at_setup and kind != "board" and not (kind == "craftsman" and rnd == 0):
                rep.at(
                    e.arg("step"),
                    f"'at setup:' on {article(kind)} never acts: at set-up only the board card and the "
                    "starting craftsmen ('round start') are held",
                    "write the set-up rule on the board card ('board ... { at setup: ... }')",
                )
                ok = False
            elif at_setup:
                ok = _setup_effect_ok(rep, e.arg("effect")) and ok
        return ok

    def field(self, f: ast.Field) -> Any:
        n = f.name
        if n == "round":
            if f.value == "start":
                return 0
            v = ast.one(f, ast.Num)
            if v.value is None or v.value not in ROUNDS or v.value == 0:
                self.rep.at(v, f"round must be 'start' or a number from 1 to {max(ROUNDS)}, not {short(v.text)}")
                return None
            return v.value
        if n == "cost":
            return self.amounts(ast.each(f, ast.AmountNode), COST_KINDS, "a cost")
        if n == "tags":
            tags = tuple(self.ident(t, "tag") for t in ast.each(f, ast.Name))
            if None in tags:
                return None
            if len(set(tags)) != len(tags):
                self.rep.at(f, "a tag is listed twice")
                return None
            return tags
        if n in ("mode", "last_round", "harmful", "every_round"):
            return f.value
        if n == "site":
            return self.choice(ast.one(f, ast.Name), self.sites, "site")
        if n == "yields":
            return self.amount(ast.one(f, ast.AmountNode), fx.SITE_YIELDS, "a resource card's yield")
        if n == "workers":
            return self.number(ast.one(f, ast.Num), "workers")
        return self.place_value(f)

    def consistent(self, card: Card, node: ast.CardNode, fields: dict[str, ast.Field]) -> bool:
        """Checks that span several statements of one card."""
        rep = self.rep
        if card.kind == "resource" and card.yields is not None:  # a resource's 'yields' is required
            want = self.sites[card.site]
            if card.yields.kind != want:
                rep.at(
                    ast.one(fields["yields"], ast.AmountNode).kind,
                    f"a {card.site.replace('_', ' ')} yields {want}, not {card.yields.kind}",
                )
                return False
        if card.kind == "privilege":
            all_abilities = [card.abilities] + [a for _, a in card.variants]
            for abilities in all_abilities:
                has_once = any(isinstance(a, fx.Once) for a in abilities)
                if card.mode == "once" and not has_once:
                    rep.at(
                        fields["mode"],
                        "a 'once' privilege needs an 'on <window>:' ability",
                        "e.g. 'on placement: free placement'",
                    )
                    return False
                if card.mode != "once" and has_once:
                    rep.at(fields["mode"], f"'on <window>:' abilities need a 'once' privilege, not '{card.mode}'")
                    return False
                if card.mode == "immediate" and not all(isinstance(a, fx.OnGain) for a in abilities):
                    rep.at(
                        fields["mode"],
                        "an 'immediate' privilege may only have effects "
                        "that happen when it is gained (e.g. 'gain 8 gold')",
                    )
                    return False
        return True


def _setup_effect_ok(rep: Reporter, effect: ast.Effect) -> bool:
    """Refuse in an ``at setup:`` effect what set-up gives no meaning: a
    change for "this round" or a capacity boost (no round is under way
    before the first) and a privilege copied or given (nobody holds one yet)."""
    for e in _ast_walk(effect):
        if e.registry in ("CopyPrivilege", "GivePrivilege"):
            rep.at(e, "at set-up nobody holds a privilege: there is none to copy or give")
            return False
        if "this_round" in (e.arg("when"), e.arg("duration")) or (
            e.registry == "ChooseCraftsman" and e.arg("action") == "boost"
        ):
            rep.at(
                e,
                "at set-up no round is under way: a change for this round"
                f"{' (a capacity boost)' if e.registry == 'ChooseCraftsman' else ''} would change nothing",
                "write 'next round' for the first round",
            )
            return False
    return True


def _ast_walk(e: ast.Effect) -> Iterable[ast.Effect]:
    """``e`` and every effect written inside it."""
    yield e
    for _, v in e.args:
        for x in v if isinstance(v, tuple) else (v,):
            if isinstance(x, ast.Effect):
                yield from _ast_walk(x)


# --------------------------------------------------------------------------
# Whole runs: one or more files, cross-references, duplicates


def _compile_run(files: list[tuple[str, str]], known: CardSet | None, early: list[Diagnostic] | None = None) -> CardSet:
    """Compile several (name, text) sources as one set; raise all problems at
    once. The same names and texts on the same ``known`` set are compiled once
    per process (:mod:`.cache`)."""
    if early:  # files that could not be read: report them with the rest, uncached
        with no_gc():
            return _compile_files(files, known, early)
    return cached(files, known, lambda: _compile_files(files, known, []))


def _compile_files(files: list[tuple[str, str]], known: CardSet | None, early: list[Diagnostic]) -> CardSet:
    with no_gc():
        return _compile_all(files, known, early)


def _compile_all(files: list[tuple[str, str]], known: CardSet | None, early: list[Diagnostic]) -> CardSet:
    diagnostics: list[Diagnostic] = list(early)
    units: list[tuple[_Unit, list[Card]]] = []
    counted = set(known.by_id) if known is not None else set()
    parsed: list[tuple[Reporter, ast.CardFile]] = []
    for name, text in files:
        rep = Reporter(name, text)
        tree = parse_collect(text, name, rep)
        parsed.append((rep, tree))
    vocabulary = _vocabulary([t for _, t in parsed], known)
    for rep, tree in parsed:
        full = _over_card_limit(tree, counted, rep)
        unit = _Unit(rep)
        if vocabulary is not None:
            unit.locations, unit.hooks, unit.sites = vocabulary
        cards = [c for c in (unit.card(n) for n in tree.cards) if c is not None]
        _check_recovered(tree, rep, vocabulary)
        # cards that failed still define their id, so references to them do not
        # produce a second, misleading error
        unit.defined_ids = {n.id.text for n in (*tree.cards, *(r for r, _ in tree.recovered))}
        unit.defined_tags = {
            t.text for n in tree.cards for f in n.fields if f.name == "tags" for t in ast.each(f, ast.Name)
        }
        units.append((unit, cards))
        if full:  # the rest of the run is not compiled
            break
    check_references(units, known)
    _check_starting_craftsmen(units, known)
    _check_lookalike_titles(units, known)
    _check_board(units, known)
    for unit, _ in units:
        diagnostics.extend(unit.rep.diagnostics)
    if diagnostics:
        raise CardError(capped(diagnostics))
    kept = tuple(c for _, cs in units for c in cs if c.kind not in fx.BOARD_KINDS)
    parts = tuple(c for _, cs in units for c in cs if c.kind in fx.BOARD_KINDS)
    return CardSet(kept, tuple(files), parts)


def _check_recovered(tree: ast.CardFile, rep: Reporter, vocabulary: _Vocabulary | None) -> None:
    """Report the mistakes of the cards read past a syntax error: those at
    the lines that were read, inside the card. What the card as a whole lacks
    (a field on a left-out line) is not said: the syntax error comes first."""
    for node, skipped in tree.recovered:
        own = _Unit(Reporter(rep.file, rep.text))
        if vocabulary is not None:
            own.locations, own.hooks, own.sites = vocabulary
        own.card(node)
        rep.diagnostics.extend(
            d for d in own.rep.diagnostics if node.line < d.line <= node.end_line and d.line not in skipped
        )


#: A board's vocabulary: its places with builder spots, its steps, its worker sites and their cubes.
_Vocabulary = tuple[tuple[str, ...], tuple[str, ...], dict[str, str]]


def _vocabulary(trees: list[ast.CardFile], known: CardSet | None) -> _Vocabulary | None:
    """The board's place keys the run's cards may name: (places with builder
    spots, Phase III steps with ``round_start``, worker sites and their cube),
    from the known set's places and the places the run writes; ``None`` when
    neither has places (the base board's vocabulary then holds)."""
    spots: dict[str, bool] = {}
    sites: dict[str, str] = {}
    for c in known.places if known is not None else ():
        if c.kind == "place":
            spots[c.id] = c.place.spots > 0
            if c.place.site:
                sites[c.id] = c.place.site
    for tree in trees:
        for node in tree.cards:
            if node.kind.text != "place":
                continue
            spots[node.id.text] = any(f.name == "spots" for f in node.fields)
            for f in node.fields:
                if f.name == "worker_site" and ast.one(f, ast.Name).text in fx.SITE_YIELDS:
                    sites[node.id.text] = ast.one(f, ast.Name).text
    if not spots:
        return None
    return tuple(k for k, has in spots.items() if has), ("round_start",) + tuple(spots), sites


def _two_boards_hint(first: str, second: str) -> str:
    """What to do about two board cards: in one folder, merge them; in two folders side by
    side (``cards/base`` and ``cards/expansion``, read as one set), check each set on its own."""
    a, b = os.path.dirname(first), os.path.dirname(second)
    if a == b or not a or not b:
        return "keep the board's numbers in one board card"
    return (
        f"the boards are in {a} and {b}: if these are two card sets, check each on its own "
        f"('pillars-rules cards check {a}', then '... {b}'); an expansion is checked on top of its base"
    )


def _check_board(units: list[tuple[_Unit, list[Card]]], known: CardSet | None) -> None:
    """Report what makes the board of the run (on top of the known set's)
    unplayable, at the place at fault (or the run's first place)."""
    mine = [(unit, c) for unit, cards in units for c in cards if c.kind in fx.BOARD_KINDS]
    parts = merge_parts(known.places if known is not None else (), [c for _, c in mine])
    keys = {c.id for c in parts if c.kind == "place"}
    for unit, cards in units:  # a place's key is a reason of its gains: no card may have it
        for c in cards:
            if c.kind not in fx.BOARD_KINDS and c.id in keys:
                unit.rep.error(
                    c.pos.line,
                    c.pos.column,
                    f"card id '{c.id}' is the key of a place of the board",
                    f"choose another id, e.g. '{c.id}_card'",
                )
    ids = set(known.by_id if known is not None else ()) | {
        c.id for _, cards in units for c in cards if c.kind not in fx.BOARD_KINDS
    }
    for unit, c in mine:  # a board's set-up rules are a source of gains and choices, named by its id
        if c.kind == "board" and c.abilities and c.id in ids:
            unit.rep.error(
                c.pos.line,
                c.pos.column,
                f"board id '{c.id}' is the id of a card: a board with set-up rules needs an id of its own",
                f"choose another id, e.g. '{c.id}_board'",
            )
    broken = any(_in_board_card(unit.rep) for unit, _ in units)
    boards = [(unit, c) for unit, c in mine if c.kind == "board"]
    for unit, c in boards[1:]:
        first_unit, first = boards[0]
        where = f"line {first.pos.line}" + ("" if first_unit is unit else f" of {first_unit.rep.file}")
        unit.rep.error(
            c.pos.line,
            c.pos.column,
            f"a second board card, '{c.id}': a card set has one (the first is '{first.id}', {where})",
            _two_boards_hint(first_unit.rep.file, unit.rep.file),
        )
    if not mine or broken:
        return  # a place that did not compile would make the board look wrong
    owner = {id(c): unit for unit, c in mine}
    first_unit, first = mine[0]
    for card, word, message in board_problems(parts):
        unit = owner.get(id(card), first_unit) if card is not None else first_unit
        at = card if card is not None and id(card) in owner else first
        node = unit.place_words.get((at.id, word))
        if node is not None:
            unit.rep.at(node, message)
        else:
            unit.rep.error(at.pos.line, at.pos.column, message)


def _in_board_card(rep: Reporter) -> bool:
    """Whether one of ``rep``'s errors lies in a place or board card (the card
    whose header is the last line at or above it that starts with a card kind):
    that card is missing from the board, so the board's own check would mislead."""
    for d in rep.diagnostics:
        for line in range(d.line, 0, -1):
            words = rep.source_line(line).split(None, 1)
            if words and not rep.source_line(line)[:1].isspace() and words[0] in fx.KINDS:
                if words[0] in fx.BOARD_KINDS:
                    return True
                break
    return False


def _check_starting_craftsmen(units: list[tuple[_Unit, list[Card]]], known: CardSet | None) -> None:
    """Report the first ``round start`` craftsman past
    :data:`~pillars_rules.limits.MAX_STARTING_CRAFTSMEN`, counting the known
    set's that the run does not replace (every seat starts with each)."""
    new = {c.id for _, cards in units for c in cards}
    count = sum(
        1
        for c in (known.cards if known is not None else ())
        if c.kind == "craftsman" and c.round == 0 and c.id not in new
    )
    for unit, cards in units:
        for c in cards:
            if c.kind == "craftsman" and c.round == 0:
                count += 1
                if count > MAX_STARTING_CRAFTSMEN:
                    also = ", the known set's included" if known is not None else ""
                    unit.rep.error(
                        c.pos.line,
                        c.pos.column,
                        f"too many starting craftsmen ({count}{also}; limit "
                        f"{MAX_STARTING_CRAFTSMEN}): every seat starts with each 'round start' "
                        "craftsman",
                    )
                    return


def _check_lookalike_titles(units: list[tuple[_Unit, list[Card]]], known: CardSet | None) -> None:
    """Report each card of the run whose title (or German title) looks like a
    different title of another card of the set (:func:`.names.skeleton`):
    two seats could not tell the cards apart. Equal titles are fine."""
    new = {c.id for _, cards in units for c in cards}
    seen: dict[tuple[str, str], Card] = {}
    for c in known.cards if known is not None else ():
        if c.id not in new:
            for field in ("name", "name_de"):
                if getattr(c, field):
                    seen.setdefault((field, skeleton(getattr(c, field))), c)
    for unit, cards in units:
        for c in cards:
            for field in ("name", "name_de"):
                title = getattr(c, field)
                if not title:
                    continue
                other = seen.setdefault((field, skeleton(title)), c)
                if getattr(other, field) != title:
                    unit.rep.error(
                        c.pos.line,
                        c.pos.column,
                        f"the title {title!r} of '{c.id}' looks like {getattr(other, field)!r} of "
                        f"'{other.id}' ({why_alike(getattr(other, field), title)})",
                        "players could not tell the two cards apart: choose another title",
                    )


def _over_card_limit(tree: ast.CardFile, counted: set[str], rep: Reporter) -> bool:
    """Count the file's card ids into ``counted`` (the known set's included); at
    the first card past :data:`~pillars_rules.limits.MAX_CARDS`, report it,
    drop it and the rest of the file from ``tree``, and say so."""
    for k, node in enumerate(tree.cards):
        counted.add(node.id.text)
        if len(counted) > MAX_CARDS:
            rep.at(
                node.id,
                f"too many cards in one card set (limit {MAX_CARDS}, base cards "
                "included); this card and the rest are not compiled",
            )
            object.__setattr__(tree, "cards", tree.cards[:k])
            return True
    return False


def compile_text(text: str, file: str = "<string>", known: CardSet | None = None) -> CardSet:
    """Compile card text into a :class:`~pillars_rules.cardlang.cardset.CardSet`.

    ``known`` is a set the text may refer to (``needs`` tags, ``except``
    ids), e.g. :func:`base_cards` for fan cards; its cards are not included
    in the result, and a card of the text with a known id is meant to
    replace that card (``known.merged(result)``). Raises :class:`~pillars_rules.errors.CardError` listing
    every problem in the text.

    >>> cs = compile_text('event gift "Gift" { now: gain 2 gold }')
    >>> cs["gift"].abilities
    (Now(effect=Gain(amounts=(Amount(kind='gold', n=2),), per=None)),)
    """
    return _compile_run([(file, text)], known)


def load_paths(paths: Iterable[str | Path], known: CardSet | None = None) -> CardSet:
    """Compile card files and folders (every ``*.cards`` inside, sorted) as one set.

    All problems of all files are reported in one
    :class:`~pillars_rules.errors.CardError`; an id defined twice in the
    given files is an error. An id that is also in ``known`` is allowed: it
    replaces the known card when the sets are merged (``known.merged(result)``).
    """
    files, problems = _expand(paths)
    texts = _read(files, problems)
    return _compile_run(texts, known, problems)


@functools.cache
def base_cards() -> CardSet:
    """The base game's 62 cards (RULES §5-§8), compiled once per process."""
    root = data.data_dir("cards")
    files = [(f.relative_to(root).as_posix(), f) for f in sorted((root / "base").glob("*.cards"))]
    problems: list[Diagnostic] = []
    texts = _read(files, problems)
    return _compile_run(texts, None, problems)


BASE_BOARD.append(lambda: base_cards().places)

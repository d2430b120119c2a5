"""The cross-reference pass over a whole run (one or more files compiled as
one set): duplicate card ids, and every ``needs`` tag and ``except`` card id
against the cards of the run plus the ``known`` set they are compiled on top of.

It runs after each file's cards are compiled (:mod:`.compiler`), because a
card may refer to one defined later or in another file. Problems go to the
reporter of the file that holds the reference.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from . import ast
from .card import Card
from .cardset import CardSet
from .diagnostics import Reporter, suggest


class Unit(Protocol):
    """One compiled file, as the pass needs it."""

    rep: Reporter
    refs: list[tuple[str, ast.Name]]  # ("tag" | "card" | "privilege", name), in the file's order
    defined_ids: set[str]  # every card id the file defines, compiled or not
    defined_tags: set[str]


def _index(cardsets: Iterable[CardSet]) -> tuple[dict[str, Card], set[str]]:
    ids: dict[str, Card] = {}
    tags: set[str] = set()
    for cs in cardsets:
        for c in cs.cards:
            ids.setdefault(c.id, c)
            tags.update(c.tags)
    return ids, tags


def check_references(units: Sequence[tuple[Unit, list[Card]]], known: CardSet | None) -> None:
    """Report, to each file's reporter, the ids the run defines twice and the
    references that name no tag, no card, or a card that is not a craftsman."""
    known_ids, known_tags = _index([known] if known is not None else [])
    first: dict[str, Card] = {}
    for unit, cards in units:
        for c in cards:
            # An id of the known set is allowed: merged on top of it
            # (CardSet.merged), the new card replaces the known one.
            if c.id in first:
                unit.rep.error(
                    c.pos.line, c.pos.column, f"duplicate card id '{c.id}' (first defined at {first[c.id].pos})"
                )
            else:
                first[c.id] = c
    all_ids = set(known_ids) | {i for u, _ in units for i in u.defined_ids}
    all_tags = set(known_tags) | {t for u, _ in units for t in u.defined_tags}
    for unit, _ in units:
        for what, name in unit.refs:
            if what == "tag" and name.text not in all_tags:
                unit.rep.at(
                    name,
                    f"unknown tag '{name.text}'{suggest(name.text, all_tags)}",
                    "'needs' names a tag that some craftsman declares with 'tags'",
                )
            elif what in ("card", "privilege"):  # a craftsman's id, or a privilege's (issue #53)
                kind = "craftsman" if what == "card" else "privilege"
                if name.text not in all_ids:
                    unit.rep.at(name, f"unknown card '{name.text}'{suggest(name.text, all_ids)}")
                else:
                    found = first.get(name.text) or known_ids.get(name.text)
                    if found is not None and found.kind != kind:
                        unit.rep.at(name, f"'{name.text}' is a {found.kind}, not a {kind}")

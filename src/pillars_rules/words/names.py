"""Card names a person can tell apart.

Four base craftsmen are called *Mason* (rounds 1 to 4) and three resource
cards *Forest*; a label that said "use Mason" twice would not say which.
:func:`card_names` gives every card of a set a name no other card of the set
has: the card's own name where that is unique, otherwise the name with what
tells the cards apart -- a craftsman's round, a resource card's yield, "last
round" for a last-round privilege -- and, where even that is shared (possible
with fan cards), the card's position among the cards of that name in the set.

>>> import pillars_rules as pr
>>> names = card_names(pr.new_game(2, seed=1).rules)
>>> names["mason_r1"], names["mason_r4"], names["forest_2"], names["architect"]
('Mason (round 1)', 'Mason (round 4)', 'Forest (2 wood)', 'Architect')

The names depend only on the cards (they are computed once per card set), so
the same card reads the same in every decision, in the terminal and in the
browser. Nothing here knows a card by name: the rules decide from the cards'
kinds and data.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Protocol

from ..cardlang.card import Card
from .grammar import ordinal

_NAMES: dict[str, Mapping[str, str]] = {}


class _Cards(Protocol):
    """What :func:`card_names` reads of a game's rules."""

    @property
    def cards(self) -> Iterable[Card]: ...

    @property
    def content_hash(self) -> str: ...


_KEEP = 32


def _qualifier(card: Card) -> str:
    if card.kind == "craftsman":
        return "starting card" if card.round == 0 else f"round {card.round}"
    if card.kind == "resource" and card.yields is not None:
        return str(card.yields)
    if card.kind == "privilege" and card.last_round:
        return "last round"
    return ""


def _distinct(cards: Iterable[Card]) -> dict[str, str]:
    groups: dict[str, list[Card]] = defaultdict(list)
    for c in cards:
        groups[c.name.casefold()].append(c)
    out: dict[str, str] = {}
    for group in groups.values():
        if len(group) == 1:
            out[group[0].id] = group[0].name
            continue
        quals = [_qualifier(c) for c in group]
        for c, q in zip(group, quals):
            if q and quals.count(q) == 1:
                out[c.id] = f"{c.name} ({q})"
        rest = [(c, q) for c, q in zip(group, quals) if c.id not in out]
        for k, (c, q) in enumerate(rest, 1):  # the same name and qualifier: by position in the set
            out[c.id] = f"{c.name} ({q + ', ' if q else ''}{ordinal(k)} of {len(rest)})"
    taken: dict[str, str] = {}
    for cid, name in out.items():  # a fan card may be *called* "Mason (round 1)": add the id
        key = name.casefold()
        if key in taken:
            out[cid] = f"{name} [{cid}]"
            out[taken[key]] = f"{out[taken[key]].split(' [')[0]} [{taken[key]}]"
        else:
            taken[key] = cid
    return out


def card_names(rules: _Cards) -> Mapping[str, str]:
    """``{card id: a name no other card of the set has}`` for ``rules`` (a
    game's rules, ``view.rules``; any object with ``cards`` and
    ``content_hash``), computed once per card set."""
    key = rules.content_hash
    names = _NAMES.get(key)
    if names is None:
        if len(_NAMES) >= _KEEP:
            _NAMES.pop(next(iter(_NAMES)))
        names = _NAMES[key] = MappingProxyType(_distinct(rules.cards))
    return names


def card_name(rules: _Cards, card_id: str) -> str:
    """The distinct name of one card (:func:`card_names`); an unknown id in words."""
    return card_names(rules).get(card_id) or card_id.replace("_", " ")


__all__ = ["card_name", "card_names"]

"""The card catalogue of a game, for the protocol's ``welcome`` (docs/protocol.rst).

A client draws cards by id (the state holds ids only), so it needs each
card's name and rules in words. :func:`card_catalogue` gives every card of
the game's set: the distinct name a person reads (``Mason (round 1)``, from
:func:`pillars_rules.words.card_names`), the kind, a short summary of what it
does, the whole rules text from the card renderer, and the few numbers a
board prints on a card face. The card set is public, so the catalogue holds
no secret; fan cards read as well as base cards, and their texts are
untrusted: a client must show them as text, never as markup.

>>> import pillars_rules as pr
>>> cat = card_catalogue(pr.new_game(2, seed=1).rules)
>>> cat["mason_r1"]["name"], cat["mason_r1"]["cost"], cat["forest_2"]["gist"]
('Mason (round 1)', '5 gold', '2 wood for 3 workers')
"""

from __future__ import annotations

from ..cardlang import render
from ..words import card_names
from ..words.cardtext import summary

_KEEP = 16
_CACHE: dict[str, dict] = {}


def _entry(card, name: str) -> dict:
    entry: dict = {"name": name, "kind": card.kind, "gist": summary(card), "text": render(card)}
    if card.kind == "craftsman":
        entry.update(round=card.round, cost=", ".join(str(a) for a in card.cost))
    elif card.kind == "resource":
        entry.update(site=card.site, yields=str(card.yields), workers=card.workers,
                     gist=f"{card.yields} for {card.workers} workers")
    elif card.kind == "privilege":
        entry.update(mode=card.mode)
    elif card.kind == "event":
        entry.update(harmful=bool(card.harmful))
    return entry


def card_catalogue(rules) -> dict[str, dict]:
    """``{card id: {"name", "kind", "gist", "text", ...}}`` for every card of
    ``rules`` (a game's rules), computed once per card set. Craftsmen add
    ``round`` and ``cost``; resource cards ``site``, ``yields`` and
    ``workers``; privileges ``mode`` (permanent, once, immediate); events
    ``harmful``."""
    key = rules.content_hash
    cat = _CACHE.get(key)
    if cat is None:
        if len(_CACHE) >= _KEEP:
            _CACHE.pop(next(iter(_CACHE)))
        names = card_names(rules)
        cat = _CACHE[key] = {cid: _entry(card, names.get(cid, card.name)) for cid, card in rules.by_id.items()}
    return cat


__all__ = ["card_catalogue"]

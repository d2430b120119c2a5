"""Finding cards by what a person types: an id, a whole name, or any word of
the name, in English or German.

>>> from pillars_rules.cardlang import base_cards
>>> cards = base_cards()
>>> [c.name for c in find_cards("otto", cards)[0]]
['Otto Blackface']
>>> len(find_cards("maurer", cards)[0]), find_cards("tom buildr", cards)[1]
(4, "no card 'tom buildr' -- did you mean Tom Builder?")

Case and accents do not matter (``glockengiesser``, ``mortelmischer``). A
whole name or id wins over single words: ``mason`` finds the four Masons,
not the Master mason too; ``mas`` (three letters or more) finds every card
with a word starting so.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable

from ..cardlang.card import Card


def fold(text: str) -> str:
    """``text`` for comparing: case and accents dropped (ß as ss, ö as o), punctuation as spaces."""
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(re.findall(r"[0-9a-z]+", text))


def _names(card: Card) -> tuple[str, ...]:
    return tuple(fold(n) for n in (card.id.replace("_", " "), card.name, card.name_de) if n)


def find_cards(query: str, cards: Iterable[Card]) -> tuple[list[Card], str]:
    """The cards of ``cards`` (a :class:`~pillars_rules.CardSet`) that ``query``
    names, and ``""``; or ``[]`` and a one-line did-you-mean hint."""
    cards = list(cards)
    q = fold(query)
    if not q:
        return [], "card needs a name, e.g. card mason"
    exact = [c for c in cards if q in _names(c) or q == fold(c.id)]
    if exact:
        return exact, ""
    words = q.split()
    found = []
    for c in cards:
        have = [w for n in _names(c) for w in n.split()]
        if all(any(h == w or (len(w) >= 3 and h.startswith(w)) for h in have) for w in words):
            found.append(c)
    if found:
        return found, ""
    keys: dict[str, str] = {}
    for c in cards:
        for n in (c.name, c.name_de, c.id):
            if n:
                keys.setdefault(fold(n), c.name)
    near = difflib.get_close_matches(q, sorted(keys), n=3, cutoff=0.7)
    guesses = list(dict.fromkeys(keys[k] for k in near))[:3]
    hint = f" -- did you mean {' or '.join(guesses)}?" if guesses else ""
    shown = query.strip() if len(query.strip()) <= 30 else query.strip()[:30] + "..."
    return [], f"no card {shown!r}{hint}"


__all__ = ["find_cards", "fold"]

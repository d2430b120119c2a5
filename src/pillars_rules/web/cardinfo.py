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
from ..cardlang.render import RULE_WORDS
from ..words import card_names
from ..words.cardtext import summary
from ..words.grammar import ordinal
from ..words.labels import other_market, spot_gives

_KEEP = 16
_CACHE: dict[str, dict] = {}


def _entry(card, name: str) -> dict:
    entry: dict = {"name": name, "kind": card.kind, "gist": summary(card), "text": render(card)}
    if card.kind == "craftsman":
        entry.update(round=card.round, cost=", ".join(str(a) for a in card.cost))
    elif card.kind == "resource":
        entry.update(
            site=card.site,
            yields=str(card.yields),
            workers=card.workers,
            gist=f"{card.yields} for {card.workers} workers",
        )
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


_BOARDS: dict[str, dict] = {}


def _gives(layout, card, i: int) -> str:
    """What spot ``i`` (0-based) of a place gives, in a few words, as a board prints it."""
    p = card.place
    if p.rule == "spots":
        return "; ".join(spot_gives(e) for n, e in layout.spot_effects.get(card.id, ()) if n == i)
    if p.rule == "tax":
        return f"no tax + the {layout.court_good}" if i == 0 and layout.court_stock else "no tax"
    if p.rule == "market":
        return "; ".join((f"trades {ordinal(i + 1)}",) + other_market(layout, card.id))
    return {
        "bishop": "protection or 1 cube",
        "start_player": "start player",
        "collector": "no tax + the tax roll in gold",
    }.get(p.rule, "")


def _does(card) -> str:
    """What a place's step does, in one sentence (the renderer's words)."""
    p = card.place
    parts = [RULE_WORDS[p.rule]] if p.rule in RULE_WORDS else []
    parts += [f"the builder on spot {n} gets {spot_gives(e)}" for n, e in p.spot_effects]
    text = "; ".join(parts) or "nothing happens here"
    return text[:1].upper() + text[1:] + "."


def board_catalogue(rules) -> dict:
    """The board of ``rules``' game, for a client to draw (the welcome's ``board``):
    ``places`` in Phase III order, each ``{"id", "step", "name", "called",
    "rule", "spots", "site", "gives", "does", "text"}`` (``step`` from 1;
    ``name`` its title, ``called`` its name in a sentence; ``gives`` what each
    spot gives, ``""`` where a card lying beside it says it; ``does`` its step
    in a sentence, ``text`` the renderer's reading of its text), and the
    board's numbers: ``buy`` and ``sell`` prices, ``cube_limit``,
    ``tax_die``, ``court_good`` (the good the tax place's stock holds, ``""``
    if it has none), ``gold_cap``, ``builder_prices``.

    >>> import pillars_rules as pr
    >>> b = board_catalogue(pr.new_game(2, seed=1).rules)
    >>> [(p["id"], p["step"], p["gives"]) for p in b["places"] if p["id"] == "priory"]
    [('priory', 5, ['+2 VP', '+1 VP'])]
    """
    key = rules.content_hash
    board = _BOARDS.get(key)
    if board is None:
        if len(_BOARDS) >= _KEEP:
            _BOARDS.pop(next(iter(_BOARDS)))
        layout = rules.layout
        places = [
            {
                "id": c.id,
                "step": i,
                "name": c.name,
                "called": layout.words(c.id),
                "rule": c.place.rule,
                "spots": c.place.spots,
                "site": c.place.site,
                "gives": [_gives(layout, c, n) for n in range(c.place.spots)],
                "does": _does(c),
                "text": render(c),
            }
            for i, c in enumerate(layout.board.places, 1)
        ]
        for place in places:  # each market's own prices, and where its stock is in the state
            key = str(place["id"])
            if layout.is_market(key):
                place.update(
                    buy=dict(layout.buying[key]), sell=dict(layout.selling[key]), stock=layout.stock_slot.get(key, -1)
                )
        board = _BOARDS[key] = {
            "places": places,
            "buy": dict(layout.buy_prices),
            "sell": dict(layout.sell_prices),
            "cube_limit": layout.cube_limit,
            "tax_die": list(layout.tax_die),
            "court_good": layout.court_good,
            "gold_cap": layout.gold_cap,
            "builder_prices": list(layout.board.spec.builder_prices),
        }
    return board


__all__ = ["board_catalogue", "card_catalogue"]

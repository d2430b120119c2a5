"""Warnings for cards that compile but can never do anything.

The compiler refuses what is *wrong*; :func:`lint` points at what is
*useless*: an ability that no game can ever set off. Each warning has a code
(:data:`CODES`), and ``pillars-rules cards check`` prints them (``--strict``
makes them fail the check)::

    fan.cards:3:1: warning W002: card 'hoarder': 'if you own 14 metal' can never hold
    (a player holds at most 13 metal)

>>> from pillars_rules.cardlang import compile_text, base_cards
>>> cs = compile_text('craftsman c "C" { round 1 convert -> 1 vp, if you own 14 metal }')
>>> [w.code for w in lint(cs, known=base_cards())]
['W002']
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs
from attrs import frozen

from . import effects as fx
from .card import Card
from .cardset import CardSet

#: Most of each amount kind a player can ever hold (RULES §1: 30 gold; the
#: cube totals). VP have no upper bound.
MOST: dict[str, int] = {"gold": 30, "wood": 23, "stone": 23, "sand": 23, "metal": 13}
#: Trades that exist at the market (§4): metal is only sold.
MARKET_TRADES = frozenset(
    {
        ("buy", "wood"),
        ("buy", "stone"),
        ("buy", "sand"),
        ("sell", "wood"),
        ("sell", "stone"),
        ("sell", "sand"),
        ("sell", "metal"),
    }
)
RESTRICTED = frozenset({("buy", "wood"), ("sell", "stone")})

#: Every warning code and what it means.
CODES: dict[str, str] = {
    "W001": "a conversion 'needs' a tag that no craftsman of the card set has, so it can never be used",
    "W002": "a condition ('if you own ...') asks for more than a player can ever hold",
    "W003": "an amount to pay (a conversion input or a cost) is more than a player can ever hold",
    "W004": "a market modifier for a trade that does not exist (buying metal), or a permit for a trade that needs none",
    "W005": "a card reads the counters on itself (a quantity 'per counter', 'if you own N counters') "
    "but nothing ever puts a counter on it",
    "W006": "a change of the turn order that comes too late to change any turn (after the last "
    "round, or 'next round' on a card of the last round)",
    "W007": "an effect on the event deck at the end of the game, when the deck is empty "
    "(every event card has been revealed)",
    "W008": "a transfer, a trade, a card given or a privilege copied with 'that player' in a reaction to the "
    "card owner's own action ('when you ...:'), where that player is the owner: nobody gives to themselves",
}
#: Effects on the event deck (issue #53).
_DECK_EFFECTS = (fx.LookEvents, fx.BuryEvent, fx.ReorderEvents)
#: Effects that change the turn order (issue #53).
_TURN_ORDER = (fx.BecomeStartPlayer, fx.ReverseOrder)


def _late_turn_order(card: Card, ability: Any) -> str:
    """Why a turn-order change of ``ability`` can never change a turn ("" if it can)."""
    changes = [o for o in _walk(ability) if isinstance(o, _TURN_ORDER)]
    if not changes:
        return ""
    if isinstance(ability, fx.Trigger) and ability.step == fx.GAME_END:
        return "it changes the turn order at the end of the game, when no turn is left"
    last = card.last_round or (card.kind == "craftsman" and card.round == 6)
    if last and any(isinstance(o, fx.ReverseOrder) and o.when == "next_round" for o in changes):
        return "it reverses the order of play of the next round, but the card comes in the last round"
    return ""


def _reads_counters(obj: Any) -> bool:
    if isinstance(obj, fx.PerCount):
        return obj.what == "counters"
    return isinstance(obj, fx.OwnsAtLeast) and obj.kind == "counters"


def _adds_counters(obj: Any) -> bool:
    if isinstance(obj, fx.AddCounters):
        return True
    return isinstance(obj, fx.Convert) and any(a.kind == "counters" for a in obj.outputs)


@frozen
class CardWarning:
    """One warning about a card that compiles."""

    file: str
    line: int
    column: int
    code: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: warning {self.code}: {self.message}"


def _walk(obj: Any) -> Iterator[Any]:
    """``obj`` and every registry object inside it."""
    yield obj
    if attrs.has(type(obj)):
        for f in attrs.fields(type(obj)):
            v = getattr(obj, f.name)
            for x in v if isinstance(v, tuple) else (v,):
                if attrs.has(type(x)):
                    yield from _walk(x)


def _with_actor(obj: Any) -> bool:
    """Does ``obj`` move something between its owner and ``that player``
    (a transfer, a trade, a card given, a privilege copied)?"""
    if isinstance(obj, (fx.Transfer, fx.Swap, fx.CopyPrivilege)):
        return obj.players.who == "actor"
    if isinstance(obj, (fx.ChooseCraftsman, fx.GivePrivilege)):
        return obj.to is not None and obj.to.who == "actor"
    return False


def _abilities(card: Card) -> Iterator[Any]:
    yield from card.abilities
    for _, abilities in card.variants:
        yield from abilities


def lint(cards: CardSet, known: CardSet | None = None) -> list[CardWarning]:
    """Warnings for the cards of ``cards``; ``known`` is the set they are
    played on top of (e.g. the base set), used to find which tags exist."""
    game = known.merged(cards) if known is not None else cards
    tags = {t for c in game if c.kind == "craftsman" for t in c.tags}
    out: list[CardWarning] = []
    for card in cards:

        def warn(code: str, text: str, card: Card = card) -> None:
            out.append(CardWarning(card.pos.file, card.pos.line, card.pos.column, code, f"card '{card.id}': {text}"))

        for a in card.cost:
            if a.n > MOST.get(a.kind, a.n):
                warn("W003", f"it costs {a} but a player holds at most {MOST[a.kind]} {a.kind}")
        every = [obj for ability in _abilities(card) for obj in _walk(ability)]
        if any(_reads_counters(o) for o in every) and not any(_adds_counters(o) for o in every):
            warn(
                "W005",
                "it reads the counters on itself, but nothing puts a counter on it "
                "(write 'add 1 counter' or '-> 1 counter')",
            )
        for ability in _abilities(card):
            late = _late_turn_order(card, ability)
            if late:
                warn("W006", late)
            if (
                isinstance(ability, fx.Trigger)
                and ability.step == fx.GAME_END
                and any(isinstance(obj, _DECK_EFFECTS) for obj in _walk(ability))
            ):
                warn(
                    "W007",
                    "at game_end the event deck is empty: looking at, burying or reordering its cards does nothing",
                )
            if (
                isinstance(ability, fx.OnAction)
                and ability.who == "you"
                and any(_with_actor(obj) for obj in _walk(ability))
            ):
                warn(
                    "W008",
                    "in 'when you ...:' that player is you, and nobody gives to themselves: the transfer, "
                    "the gift or the copy does nothing",
                )
            for obj in _walk(ability):
                if isinstance(obj, fx.Convert):
                    for need in obj.tags_needed:
                        if need not in tags:
                            warn("W001", f"the conversion needs '{need}', but no craftsman in the game has that tag")
                    for a in obj.inputs:
                        if a.n > MOST.get(a.kind, a.n):
                            warn("W003", f"the conversion takes {a} but a player holds at most {MOST[a.kind]} {a.kind}")
                    cond = obj.condition
                    if cond is not None and cond.n > MOST.get(cond.kind, cond.n):
                        warn(
                            "W002",
                            f"'if you own {cond.n} {cond.kind}' can never hold "
                            f"(a player holds at most {MOST[cond.kind]} {cond.kind})",
                        )
                elif isinstance(obj, fx.If) and isinstance(obj.condition, fx.OwnsAtLeast):
                    cond = obj.condition
                    if cond.n > MOST.get(cond.kind, cond.n):
                        warn(
                            "W002",
                            f"'if you own {cond.n} {cond.kind}' can never hold "
                            f"(a player holds at most {MOST[cond.kind]} {cond.kind})",
                        )
                elif isinstance(obj, fx.PriceDelta):
                    trades = ("buy", "sell") if obj.trade == "both" else (obj.trade,)
                    if not any((t, obj.resource) in MARKET_TRADES for t in trades):
                        warn("W004", f"no one can {obj.trade} {obj.resource} at the market (§4)")
                elif isinstance(obj, fx.Permit):
                    if (obj.trade, obj.resource) not in MARKET_TRADES:
                        warn("W004", f"no one can {obj.trade} {obj.resource} at the market (§4)")
                    elif (obj.trade, obj.resource) not in RESTRICTED:
                        warn("W004", f"'{obj.trade} {obj.resource}' needs no permit (§4)")
    return out


__all__ = ["lint", "CardWarning", "CODES"]

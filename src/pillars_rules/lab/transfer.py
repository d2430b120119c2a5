"""A game re-opened at the start of a round's draft, with a change: the
intervention behind the gold scale (:mod:`.causal`).

:func:`draft_position` reads a game at the first draft decision of a round
(the round opening done, nobody has acted yet) and returns the keyword
arguments of :func:`pillars_rules.scenario` that set up that same position;
:func:`reopen` builds the scenario, optionally giving one seat more (or less)
gold. Everything is read from the game's public state, and the new game is
made by the public :func:`~pillars_rules.scenario`, so the lab stays a client
of the engine. The re-opened game draws its chance from its own seed: every
arm re-opened from one position with one seed sees the same builder draws,
tax rolls and resource cards as long as the arms make the same number of
chance draws.
"""

from __future__ import annotations

from typing import Any, Protocol

import pillars_rules as pr
from pillars_rules.cardlang.effects import CUBES

#: Gold a player may hold (RULES §1).
GOLD_CAP = 30


def at_draft_opening(game: pr.Game) -> bool:
    """Whether ``game`` waits for the round's first draft decision (the start
    player's, nobody has passed or taken a card yet, no choice pending)."""
    s = game.state
    p = game.pending
    return (
        p is not None
        and p.kind == "draft"
        and p.seat == s.start_player
        and not s.table.passed
        and not s.table.jobs
        and not any(pl.resource_cards for pl in s.players)
        and not any(s.table.decided)
    )


def not_reopenable(game: pr.Game) -> str | None:
    """What of ``game``'s state a scenario cannot set, so that a game re-opened
    from :func:`draft_position` would not be the same position; ``None`` if
    nothing. Fan cards make such state: a lasting change given to seats (a
    copied privilege), counters, cards a seat has looked at, a reversed order
    of play still to come. Re-opened without it, the arms would play another
    game (a copied craftsman limit lost leaves a seat over its limit)."""
    s = game.state
    if s.granted:
        return "lasting changes given to seats"
    if s.counters:
        return "counters"
    if s.seen:
        return "event cards a seat has looked at"
    if any(r >= s.round for r in s.reversed_rounds):
        return "a reversed order of play"
    return None


class _Pieces(Protocol):
    """A player's worker pieces by kind, as the state holds them."""

    @property
    def small(self) -> int: ...

    @property
    def big(self) -> int: ...

    @property
    def grey(self) -> int: ...

    @property
    def black(self) -> int: ...


def _pieces(p: _Pieces) -> dict[str, int]:
    return {"small": p.small, "big": p.big, "grey": p.grey, "black": p.black}


def draft_position(game: pr.Game) -> dict[str, Any]:
    """The :func:`~pillars_rules.scenario` keyword arguments of ``game``'s
    position (which must be :func:`at_draft_opening`), without ``seed`` and
    ``cards``."""
    if not at_draft_opening(game):
        raise pr.ConfigError("a position can be re-opened only at a round's first draft decision")
    lost = not_reopenable(game)
    if lost is not None:
        raise pr.ConfigError(f"a scenario cannot set this position's {lost}: it cannot be re-opened")
    s = game.state
    on_table = set(s.display) | set(s.shiring) | set(s.kingsbridge)
    held = {c for p in s.players for c in p.craftsmen + p.privileges}
    seats = {}
    for seat, p in enumerate(s.players):
        seats[seat] = {
            "gold": p.gold,
            "vp": p.vp,
            "cubes": dict(zip(CUBES, p.cubes)),
            "craftsmen": p.craftsmen,
            "privileges": p.privileges,
            "pieces": _pieces(p.pieces),
            "placed": _pieces(p.placed),
            "grey_next": p.grey_next,
            "uses": p.uses,
            "boosts": p.boosts,
        }
    decks = {
        "craftsmen": tuple(tuple(c for c in d if c not in on_table and c not in held) for d in s.decks.craftsman_decks),
        "events": s.decks.event_deck,
        "privileges": s.decks.privilege_deck,
    }
    return {
        "players": s.n_players,
        "round": s.round,
        "step": "draft",
        "seats": seats,
        "start_player": s.start_player,
        "last_event": s.table.prev_event,
        "last_protected": tuple(sorted(s.table.prev_protected)),
        "display": s.display,
        "shiring": s.shiring,
        "kingsbridge": s.kingsbridge,
        "market": dict(zip(CUBES, s.market)),
        "court_metal": s.court_metal,
        "decks": decks,
        "names": tuple(p.name for p in s.players),
        "variants": s.fixed.variants,
    }


def reopen(position: dict[str, Any], cards: pr.CardSet, seed: int, gold: dict[int, int] | None = None) -> pr.Game:
    """The position as a new game with its own ``seed``; ``gold`` maps a seat
    to gold given (negative: taken), kept within 0..30 as the rules keep it."""
    kwargs = dict(position)
    if gold:
        seats = {k: dict(v) for k, v in kwargs["seats"].items()}
        for seat, n in gold.items():
            seats[seat]["gold"] = max(0, min(GOLD_CAP, seats[seat]["gold"] + n))
        kwargs["seats"] = seats
    return pr.scenario(seed=seed, cards=cards, **kwargs)

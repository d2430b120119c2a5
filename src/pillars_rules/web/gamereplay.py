"""The replay of a game other than Pillars (Ora et Labora): its index and its table at each decision.

As Pillars' replay (:mod:`.replay`) does, ``POST /api/replay`` answers with the game's
index -- the log as JSON and in sentences, one entry per decision, the result -- and,
with ``"at": n``, the table when decision ``n`` was pending: there ``view`` is the
parsed :meth:`~pillars_rules.Game.export` of that moment, as a ``sync`` carries it.
Such a game hides nothing, so there are no secrets to reveal.
"""

from __future__ import annotations

import json
from typing import Any

import pillars_rules as pr

from ..core import Game
from ..errors import ConfigError


def _points(game: pr.Game) -> list[int]:
    opens = game.game_type.decision_event
    return [i for i, e in enumerate(game.events) if isinstance(e, opens)]


def index(game: pr.Game, seat: int | None) -> dict[str, Any]:
    """The replay's index of ``game`` for ``seat`` (``None``: a spectator)."""
    kind = game.game_type
    events = game.events
    decisions = [
        {"n": n + 1, "event": i, "seat": events[i].seat, "kind": events[i].kind} for n, i in enumerate(_points(game))
    ]
    return {
        "game": kind.name,
        "seat": seat,
        "over": game.is_over,
        "secrets": False,
        "players": [kind.seat_name(game.state, s) for s in range(kind.seats(game.state))],
        "catalogue": {},
        "board": {},
        "events": [kind.encode_event(e) for e in events],
        "texts": [game.describe(e) for e in events],
        "decisions": decisions,
        "end": game.n_events,
        "result": {"scores": list(game.scores()), "winners": game.winners()} if game.is_over else None,
    }


def view_before(game: pr.Game, n: object, secrets: bool = False) -> dict[str, Any]:
    """The table (``view``: the parsed export) when decision ``n`` was pending; ``n`` past the last: the end."""
    points = _points(game)
    if type(n) is not int or not 1 <= n <= len(points) + 1:
        raise ConfigError(f"at: a decision from 1 to {len(points) + 1}, not {str(n)[:20]}")
    if secrets:
        raise ConfigError(f"secrets: {game.game_type.title} hides nothing; every replay shows the whole table")
    event = points[n - 1] if n <= len(points) else game.n_events - 1
    then = Game(game.rules, game.state_at(event), list(game.events[: event + 1]), event + 1, None, game.game_type)
    return {"n": n, "event": event, "secrets": False, "view": json.loads(then.export(None))}


__all__ = ["index", "view_before"]

"""How a game stands, for the lobby's "Your games": ``POST /api/peek`` (issue #56).

The lobby used to ask with a WebSocket and the entry's own link, which
counted the seat as connected for a moment: a seat a bot had taken over was
handed back and its takeover wait started again. A peek is a plain request
instead: ``{"game", "key"}`` in the JSON body (never in the URL), from this
server's own pages, within the client address's hello rate (as a hello is);
the answer is the game as that key's holder may know it -- whose turn, the
round, the last move in words, the winners -- and nothing at the table
changes: no connection, no seat, no timer.
"""

from __future__ import annotations

import json

from starlette.responses import JSONResponse, Response

import pillars_rules as pr

from ..errors import ConfigError
from ..games.pillars import PILLARS
from .replay import _error, open_for

#: Events the lobby's "last move" skips (they only move control), as the board's log does.
_SILENT = (pr.events.DecisionPending, pr.events.ChoicesQueued, pr.events.Decided)


def summary(game: pr.Game, seat: int | None, record) -> dict:
    """What the lobby shows of ``game`` to the holder of ``seat``'s key (``None``: a spectator's)."""
    state, kind = game.state, game.game_type
    pending = game.pending
    last = None
    silent = (lambda e: isinstance(e, _SILENT)) if kind is PILLARS else kind.is_control  # another game's own
    for e in reversed(game.view(seat).events):
        if not silent(e):
            last = game.describe(e)
            break
    names = [kind.seat_name(state, s) for s in range(len(record.seats))]
    return {
        "round": state.round,
        "over": game.is_over,
        "turn": names[pending.seat] if pending is not None else None,
        "mine": pending is not None and seat is not None and pending.seat == seat,
        "last": last,
        "winners": [names[w] for w in game.winners()] if game.is_over else None,
        "seat": seat,
        "name": names[seat] if seat is not None else None,
        "role": "player" if seat is not None else "spectator",
    }


async def answer(server, body: bytes, address: str) -> Response:
    """The answer to a ``POST /api/peek`` from ``address``."""
    if not server.limits.hello(address):
        return _error(429, "too many requests from this address; try again in a few seconds")
    try:
        doc = json.loads(body)
        if (
            not isinstance(doc, dict)
            or set(doc) != {"game", "key"}
            or not all(isinstance(doc[k], str) and 0 < len(doc[k]) <= 64 for k in ("game", "key"))
        ):
            raise ConfigError("a peek is a JSON object with the strings game and key")
    except (ValueError, RecursionError):
        return _error(400, "the request is not JSON")
    except ConfigError as err:
        return _error(400, str(err))
    found = await open_for(server, doc["game"], doc["key"])
    if isinstance(found, Response):
        return found
    record, seat, game = found
    return JSONResponse(summary(game, seat, record), headers={"cache-control": "no-store"})


__all__ = ["answer", "summary"]

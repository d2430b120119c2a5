"""Rematch: a finished game's seats, card set, variants, takeover and clock in a
new game, the seats rotated (``POST /api/rematch`` with ``{"game", "key"}``).

Any seat of the finished game may ask (its key in the request's body); a game
has one rematch, made by the first who asks. The server keeps only the new
game's id (table ``server_rematches``), never its keys: each person connected to
the finished game is sent their own seat's link in the new game in a
``rematch`` message (docs/protocol.rst), the spectators the spectators' link,
and the one who asked gets every link (as a game's creator does), to send to
those who were away. The seats rotate by one: the second seat starts.
"""

from __future__ import annotations

import json
import logging

from starlette.responses import JSONResponse, Response

import pillars_rules as pr
from ..errors import ConfigError
from .created import created_fragment
from .lobby import GameRequest, SeatRequest
from .replay import find_seat
from .server import ServerFull, TooMany
from .timers import side_table

log = logging.getLogger("pillars_rules.web")


def _request(server, record) -> GameRequest:
    """The rematch's request for ``record``'s game: its seats rotated by one."""
    cards = server.catalogue.get(record.cards["name"])
    if cards is None or cards.identity != record.cards["identity"]:
        raise ConfigError(f"the card set {record.cards['name']!r} of that game is no longer offered here")
    seats = [SeatRequest(s.kind, s.name, s.bot) for s in record.seats]
    seats = seats[1:] + seats[:1]
    return GameRequest(tuple(seats), tuple(record.variants), cards, record.takeover, None, record.clock,
                       record.reveal)


def _links(result: dict) -> tuple[list[str | None], str]:
    return [s["link"] for s in result["seats"]], result["spectator"]


async def answer(server, body: bytes, base_url: str, client: str = "-") -> Response:
    """The answer to a ``POST /api/rematch`` whose ``body`` came from this server's own pages."""
    try:
        doc = json.loads(body)
        if not isinstance(doc, dict) or set(doc) != {"game", "key"} or not all(isinstance(v, str) for v in doc.values()):
            raise ConfigError('a rematch request is {"game": <id>, "key": <a seat\'s key>}')
    except (ValueError, RecursionError):
        return JSONResponse({"error": "the request is not JSON"}, 400)
    except ConfigError as err:
        return JSONResponse({"error": str(err)}, 400)
    found = await find_seat(server, doc["game"], doc["key"])
    if isinstance(found, Response):
        return found
    if found is None:
        return JSONResponse({"error": "no game with this id and key"}, 404)
    record, seat = found
    if seat is None:
        return JSONResponse({"error": "a rematch is asked for by a seat of the game, not a spectator"}, 403)
    if not record.finished:
        return JSONResponse({"error": "a rematch comes once the game is over"}, 409)
    try:
        made = side_table(server, "server_rematches")
    except ConfigError as err:
        return JSONResponse({"error": f"no rematch on this server: {err}"}, 409)
    if not made.add(record.game_id, {"by": seat, "game": None}):
        return JSONResponse({"error": "a rematch of this game was made already: its links went to the players "
                             "connected then and to the one who asked"}, 409)
    try:
        result = await server.create_game(_request(server, record), base_url, client)
    except (ServerFull, TooMany, pr.PillarsError) as err:
        made.delete(record.game_id)
        status = 503 if isinstance(err, ServerFull) else 429 if isinstance(err, TooMany) else 409
        return JSONResponse({"error": str(err)}, status)
    made.put(record.game_id, {"by": seat, "game": result["game"]})
    n = record.players
    links, spectator = _links(result)
    by = record.seats[seat].name
    room = server.rooms.get(record.game_id)
    told = 0
    for c in list(room.clients) if room is not None else []:
        # the person at old seat j sits at new seat j - 1
        link = spectator if c.seat is None else links[(c.seat - 1) % n]
        c.send(json.dumps({"type": "rematch", "game": result["game"], "link": link, "by": by,
                           "seat": None if c.seat is None else (c.seat - 1) % n}))
        told += 1
    log.info("rematch game=%s new=%s by_seat=%d told=%d", room.tag if room else "-", result["tag"], seat, told)
    return JSONResponse({"game": result["game"], "link": links[(seat - 1) % n],
                         "created": "/created#" + created_fragment(result)}, 201,
                        headers={"cache-control": "no-store"})


__all__ = ["answer"]

"""Rematch: a finished game's seats, card set, variants, takeover and clock in a
new game, the seats rotated (``POST /api/rematch`` with ``{"game", "key"}``).

Any seat of the finished game may ask (its key in the request's body); a game
has one rematch, made by the first who asks. The server keeps only the new
game's id (table ``server_rematches``), never its keys, and each seat's key of
the new game goes to that seat alone: each person connected to the finished
game is sent their own seat's link in a ``rematch`` message
(docs/protocol.rst), the spectators the spectators' link, and the one who
asked gets their own. A seat that was away asks the same way later, with its
key of the finished game, and gets a new key for its own seat of the new game
(a key that seat was given before stops working). The seats rotate by one:
the second seat starts.
"""

from __future__ import annotations

import json
import logging

import attrs
from starlette.responses import JSONResponse, Response

import pillars_rules as pr

from ..errors import ConfigError, DamagedGameError, StoreError
from .gamerequest import own_cards
from .lobby import GameRequest, SeatRequest
from .registry import digest, new_key, tag
from .replay import RECORDS_DOWN, find_seat
from .server import ServerFull, TooMany
from .timers import side_table

log = logging.getLogger("pillars_rules.web")


def _request(server, record) -> GameRequest:
    """The rematch's request for ``record``'s game: its seats rotated by one."""
    game = getattr(record, "game", "pillars")
    cards = (
        server.catalogue.get(record.cards["name"])
        if game == "pillars"
        else own_cards(game, None, record.players, list(record.variants))
    )
    if cards is None or cards.identity != record.cards["identity"]:
        raise ConfigError(f"the card set {record.cards['name']!r} of that game is no longer offered here")
    seats = [SeatRequest(s.kind, s.name, s.bot) for s in record.seats]
    seats = seats[1:] + seats[:1]
    return GameRequest(
        tuple(seats), tuple(record.variants), cards, record.takeover, None, record.clock, record.reveal, game
    )


def _links(result: dict) -> tuple[list[str | None], str]:
    return [s["link"] for s in result["seats"]], result["spectator"]


async def answer(server, body: bytes, base_url: str, client: str = "-") -> Response:
    """The answer to a ``POST /api/rematch`` whose ``body`` came from this server's own pages."""
    try:
        doc = json.loads(body)
        if (
            not isinstance(doc, dict)
            or set(doc) != {"game", "key"}
            or not all(isinstance(v, str) for v in doc.values())
        ):
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
        return await _own_seat(server, made.get(record.game_id), record, seat, base_url)
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
        # the person at old seat j sits at new seat j - 1; each connection gets its own seat's link only
        link = spectator if c.seat is None else links[(c.seat - 1) % n]
        c.send(
            json.dumps(
                {
                    "type": "rematch",
                    "game": result["game"],
                    "link": link,
                    "by": by,
                    "seat": None if c.seat is None else (c.seat - 1) % n,
                }
            )
        )
        told += 1
    log.info("rematch game=%s new=%s by_seat=%d told=%d", room.tag if room else "-", result["tag"], seat, told)
    return JSONResponse(
        {"game": result["game"], "link": links[(seat - 1) % n]}, 201, headers={"cache-control": "no-store"}
    )


async def _own_seat(server, made: dict | None, record, seat: int, base_url: str) -> Response:
    """The answer to a seat asking for a rematch made already: a new key for its own seat
    of the new game (drawn now, its digest stored in the new game's record)."""
    new_id = made and made.get("game")
    if not new_id:
        return JSONResponse({"error": "the rematch of this game is being made; ask again in a moment"}, 409)
    key = new_key()
    try:
        new = await server.in_registry(
            server.storage.games.change, new_id, lambda r: r.with_seat_key((seat - 1) % record.players, digest(key))
        )
    except (StoreError, DamagedGameError) as err:
        log.error("rematch seat key not stored: %s", err)
        return JSONResponse({"error": RECORDS_DOWN}, 503)
    if new is None:
        return JSONResponse({"error": "the rematch of this game was deleted"}, 410)
    room = server.rooms.get(new_id)
    if room is not None:
        room.record = attrs.evolve(room.record, seats=new.seats)
    base = (server.settings.public_url or base_url).rstrip("/")
    log.info("rematch link game=%s new=%s seat=%d", tag(record.game_id), tag(new_id), seat)
    return JSONResponse(
        {"game": new_id, "link": f"{base}/play#game={new_id}&key={key}"}, headers={"cache-control": "no-store"}
    )


__all__ = ["answer"]

"""A game's replay, built from its stored events with the engine: ``POST /api/replay``.

The replay page (``/replay#game=<id>&key=<key>``, ``static/js/replay.js``) asks
with the game id and a key of that game in the request's JSON body (never in
the URL, so no key is logged), from the server's own pages only:

* ``{"game", "key"}``: the index -- the players, the card catalogue, the whole
  log as every seat knew it (events and sentences) and one entry per decision
  (its number, the index of its ``DecisionPending`` event, round, phase, step,
  who decided, what was asked);
* ``{"game", "key", "at": n}``: the state right before decision ``n`` was
  answered (``n`` = the number of decisions + 1: the end), computed with
  :meth:`pillars_rules.Game.state_at` and redacted as every seat saw it then
  (:func:`pillars_rules.view.redact_state`); once the game is over, and if its
  creator allowed it (``"reveal": true`` at creation), ``"secrets": true``
  gives it unredacted (the decks' order), which nobody knew.

A running game's replay is for its seats (its own view so far); a finished
game's for every key of it. A finished game's save (:func:`pillars_rules.save`,
which ``pillars-rules play --load`` and :func:`pillars_rules.load` read) is
``{"game", "key", "save": true}``, for a game created with ``"reveal": true``
only: the save holds the seed, from which the decks' order follows, so the
creator's ``reveal`` governs it as it governs ``"secrets"`` (403 otherwise).
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
from collections import OrderedDict

from starlette.responses import JSONResponse, Response

import pillars_rules as pr

from ..errors import ConfigError, DamagedGameError, StoreError
from ..games.pillars import PILLARS
from ..pillars_json.codec import converter, event_to_dict
from ..table import Table
from ..view import redact_state
from . import gamereplay as G
from .cardinfo import board_catalogue, card_catalogue

#: Finished games kept decoded for their replays (a step is then one fold of the log).
CACHED_GAMES = 8
log = logging.getLogger(__name__)
_FIELDS = {"game", "key", "at", "secrets", "save"}
_finished: OrderedDict[str, pr.Game] = OrderedDict()


def decisions(game: pr.Game) -> list[dict]:
    """One entry per decision of ``game``: ``n`` (1, 2, ...), ``event`` (the index of
    its ``DecisionPending`` in the log), who decided, what was asked, and the
    round, stage and step it came in (:meth:`~pillars_rules.Game.states`: the log
    folded once, as ``state_at`` folds it)."""
    out: list[dict] = []
    for i, (e, state) in enumerate(zip(game.events, game.states())):
        if isinstance(e, pr.events.DecisionPending):
            out.append(
                {
                    "n": len(out) + 1,
                    "event": i,
                    "seat": e.seat,
                    "kind": e.kind,
                    "round": state.round,
                    "stage": state.stage,
                    "step": state.step,
                }
            )
    return out


def index(game: pr.Game, seat: int | None, reveal: bool = False) -> dict:
    """The replay's index of ``game`` for ``seat`` (``None``: a spectator); ``reveal``:
    the creator allowed the secrets once the game is over."""
    view = game.view(seat)
    points = decisions(game)
    return {
        "seat": seat,
        "over": game.is_over,
        "secrets": reveal and game.is_over,
        "players": [p.name for p in game.state.players],
        "catalogue": card_catalogue(game.rules),
        "board": board_catalogue(game.rules),
        "events": [event_to_dict(e) for e in view.events],
        "texts": [game.describe(e) for e in view.events],
        "decisions": points,
        "end": game.n_events,
        "result": {"scores": [list(s) for s in game.scores()], "winners": game.winners()} if game.is_over else None,
    }


def state_before(game: pr.Game, n: int, secrets: bool = False, reveal: bool = False) -> dict:
    """The state (as JSON) when decision ``n`` was pending; ``n`` past the last: the last state."""
    points = [i for i, e in enumerate(game.events) if isinstance(e, pr.events.DecisionPending)]
    if type(n) is not int or not 1 <= n <= len(points) + 1:
        raise ConfigError(f"at: a decision from 1 to {len(points) + 1}, not {str(n)[:20]}")
    if secrets and not (game.is_over and reveal):
        raise ConfigError(
            "secrets: only a finished game's replay shows what nobody knew, and only if its creator allowed it"
        )
    event = points[n - 1] if n <= len(points) else game.n_events - 1
    state = game.state_at(event)
    return {
        "n": n,
        "event": event,
        "secrets": bool(secrets),
        "state": converter.unstructure(state if secrets else redact_state(state)),
    }


async def _game(server, game_id: str) -> pr.Game:
    cached = _finished.get(game_id)
    if cached is not None:
        _finished.move_to_end(game_id)
        return cached
    room = server.rooms.get(game_id)
    if room is not None:
        game = room.game
    else:
        game = (await server.in_store(Table.open, server.storage.events, game_id)).game
    if game.is_over:
        _finished[game_id] = game
        while len(_finished) > CACHED_GAMES:
            _finished.popitem(last=False)
    return game


def _error(status: int, reason: str) -> Response:
    return JSONResponse({"error": reason}, status, headers={"cache-control": "no-store"})


#: What a replay or rematch request hears when the game records cannot be read (details: the log).
RECORDS_DOWN = "this game cannot be read right now; try again later"


async def find_seat(server, game_id: str, key: str):
    """``Server.find`` for the JSON pages: ``(record, seat)``, ``None`` for no such game and
    key, or a 503 :class:`Response` when the records are unreachable or the game's record
    is damaged (hardening round 4, items 7 and 8: never a 500, never the store's details)."""
    try:
        found = server.find(game_id, key)
        if inspect.isawaitable(found):  # a coroutine where the records have a thread of their own
            found = await found
    except (StoreError, DamagedGameError) as err:
        log.warning("a replay or rematch request for %s: %s", game_id, err)
        return _error(503, RECORDS_DOWN)
    if found is None:  # a guess at a key costs as long as a wrong hello's (docs/server.rst)
        await asyncio.sleep(server.settings.refusal_delay)
    return found


async def open_for(server, game_id: str, key: str):
    """``(record, seat, game)`` for the holder of ``key`` (``seat`` ``None``: a spectator's),
    or the :class:`Response` that refuses: 404 for a wrong id or key, 503 when the game
    cannot be read now."""
    found = await find_seat(server, game_id, key)
    if isinstance(found, Response):
        return found
    if found is None:
        return _error(404, "no game with this id and key")
    record, seat = found
    try:
        game = await _game(server, game_id)
    except pr.PillarsError as err:
        return _error(503, f"the game cannot be opened now: {str(err)[:200]}")
    return record, seat, game


async def answer(server, body: bytes) -> Response:
    """The answer to a ``POST /api/replay`` whose ``body`` came from this server's own pages."""
    try:
        doc = json.loads(body)
        if not isinstance(doc, dict) or not set(doc) <= _FIELDS:
            raise ConfigError(f"a replay request is a JSON object with {', '.join(sorted(_FIELDS))}")
        game_id, key = doc.get("game"), doc.get("key")
        if not isinstance(game_id, str) or not isinstance(key, str):
            raise ConfigError("game and key must be strings")
    except (ValueError, RecursionError):
        return _error(400, "the request is not JSON")
    except ConfigError as err:
        return _error(400, str(err))
    found = await open_for(server, game_id, key)
    if isinstance(found, Response):
        return found
    record, seat, game = found
    if not game.is_over and seat is None:
        return _error(403, "the replay of a game in progress is for its seats; spectators watch it live")
    headers = {"cache-control": "no-store"}
    try:
        if doc.get("save"):
            if not game.is_over:
                raise ConfigError("save: a game's save is offered once it is over")
            if not record.reveal:  # the save holds the seed: the decks' order, for every key
                return _error(
                    403,
                    "save: this game's creator chose not to reveal what nobody knew, "
                    "and its save holds the seed (the order of every deck)",
                )
            return Response(
                pr.save(game),
                headers={
                    **headers,
                    "content-type": "application/json",
                    "content-disposition": 'attachment; filename="pillars-game.json"',
                },
            )
        if game.game_type is not PILLARS:  # another game's replay: its whole table at each decision
            other = G.view_before(game, doc["at"], doc.get("secrets") is True) if "at" in doc else G.index(game, seat)
            return JSONResponse(other, headers=headers)
        if "at" in doc:
            return JSONResponse(
                state_before(game, doc["at"], doc.get("secrets") is True, record.reveal), headers=headers
            )
    except ConfigError as err:
        return _error(400, str(err))
    return JSONResponse(index(game, seat, record.reveal), headers=headers)


__all__ = ["answer", "index", "state_before", "decisions", "CACHED_GAMES"]

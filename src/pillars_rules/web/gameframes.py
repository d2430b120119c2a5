"""The ``sync`` and ``update`` messages of a table of a game other than Pillars (Ora et Labora).

Pillars' messages are :class:`~pillars_rules.web.protocol.Frames`' (its redacted
state, part by part, and its choices in words). A game that hides nothing from
any seat (Ora et Labora: every seat and a spectator see the same table) is sent
through the core's interface alone, as :class:`ExportFrames` builds it::

    {"type": "sync", "game": "ora-et-labora", "decision": 7,
     "view": <the parsed JSON of game.export(seat)>,
     "events": [<each event as its save has it>...], "texts": [<its sentence>...],
     "turn": {"seat", "name", "kind", "text"}, "result": null,
     "choices": [{"action": <what the client sends back>, "label": <its words>}...]}

An ``update`` carries the same fields, with ``first`` (the index of its first
event) and only the new events and sentences; its ``view`` is the whole table
again in either protocol version (no ``changes``). ``choices`` is empty but for
the seat that must act. A client answers a choice with
``{"decision": <decision>, "action": <the choice's action>}``.
:func:`frames_for` picks the frames of a game.
"""

from __future__ import annotations

import json
from typing import Any

import pillars_rules as pr

from ..core import GameType
from ..games.pillars import PILLARS
from ..table import actionjson
from . import protocol as P
from .cardinfo import board_catalogue, card_catalogue


def frames_for(game: pr.Game) -> Any:
    """The frames a room of ``game`` builds its messages with: Pillars' own, or :class:`ExportFrames`."""
    return P.Frames() if game.game_type is PILLARS else ExportFrames(game.game_type)


def catalogues(game: pr.Game, protocol: int) -> tuple[dict[str, Any], int, dict[str, Any]]:
    """The welcome's ``catalogue``, ``protocol`` and ``board`` (:func:`.protocol.welcome`'s last
    arguments): Pillars' cards and board in words; another game's view names what it shows (empty)."""
    if game.game_type is PILLARS:
        return card_catalogue(game.rules), protocol, board_catalogue(game.rules)
    return {}, protocol, {}


def markers(game: pr.Game) -> tuple[type, ...]:
    """The events that open a decision in ``game``'s log (Pillars': a pending decision and the game's end)."""
    if game.game_type is PILLARS:
        return (pr.events.DecisionPending, pr.events.GameEnded)
    return (game.game_type.decision_event,)


def public_events(game: pr.Game) -> tuple[Any, ...]:
    """``game``'s log as every seat may see it (Pillars': redacted)."""
    return game.view(None).events if game.game_type is PILLARS else game.events


def scores_text(game: pr.Game) -> str:
    """The final scores for the server's log: Pillars' ``VP/gold`` per seat, another game's points."""
    if game.game_type is PILLARS:
        return ",".join(f"{vp}/{gold}" for vp, gold in game.scores())
    return ",".join(str(s) for s in game.scores())


def result(game: pr.Game) -> dict[str, Any] | None:
    """The final scores once the game is over (else ``None``): each seat's points, the ranking, the winners."""
    if not game.is_over:
        return None
    return {"scores": list(game.scores()), "ranking": game.ranking(), "winners": game.winners()}


def choices(kind: GameType, game: pr.Game, seat: int | None) -> list[dict[str, Any]]:
    """The choices of ``seat`` (none unless it must act): each legal action as the JSON a client
    sends back and the words the game's listing gave it."""
    if seat is None or game.current_player != seat:
        return []
    return [{"action": actionjson.encode(kind, a), "label": actionjson.label(a)} for a in game.legal_actions()]


class ExportFrames:
    """The encoded parts of one game's messages (see the module), shared by every client:
    each event's JSON and sentence are made once, the table's export once per decision."""

    def __init__(self, kind: GameType) -> None:
        self.kind = kind
        self.events: list[str] = []  # event JSON, one per event of the log
        self.texts: list[str] = []  # its sentence
        self._view: tuple[int, str] | None = None  # (n_events, the export's text)

    def extend(self, game: pr.Game) -> None:
        """Encode the events of ``game`` not encoded yet."""
        k = len(self.events)
        if k < game.n_events:
            new = game.events[k:]
            self.events.extend(P.dumps(self.kind.encode_event(e)) for e in new)
            self.texts.extend(P.dumps(game.describe(e)) for e in new)

    def view(self, game: pr.Game) -> str:
        """The table's export as JSON text (the same for every seat and spectator: nothing is hidden)."""
        if self._view is None or self._view[0] != game.n_events:
            self._view = (game.n_events, game.export(None))  # JSON text already: sent as it is
        return self._view[1]

    def turn(self, game: pr.Game) -> dict[str, Any] | None:
        """Who must act and what is awaited (``None`` once the game is over); ``text``
        describes the event that opened the decision (the log's last)."""
        pending = game.pending
        if pending is None:
            return None
        text = json.loads(self.texts[game.n_events - 1]) if game.n_events else ""
        return {
            "seat": pending.seat,
            "name": self.kind.seat_name(game.state, pending.seat),
            "kind": pending.kind,
            "text": text,
        }

    def _fields(self, game: pr.Game, first: int) -> str:
        self.extend(game)
        return (
            f'"game":{P.dumps(self.kind.name)},"decision":{game.decision},'
            f'"view":{self.view(game)},'
            f'"events":[{",".join(self.events[first : game.n_events])}],'
            f'"texts":[{",".join(self.texts[first : game.n_events])}],'
            f'"turn":{P.dumps(self.turn(game))},"result":{P.dumps(result(game))}'
        )

    def sync(self, game: pr.Game, seat: int | None) -> str:
        """The full sync of ``seat`` (``None``: a spectator)."""
        own = P.dumps(choices(self.kind, game, seat))
        return f'{{"type":"sync",{self._fields(game, 0)},"choices":{own}}}'

    def update(self, game: pr.Game, first: int, before: pr.Game | None = None) -> ExportUpdate:
        """The update that carries events ``first`` onwards (``before`` is not needed: the view goes whole)."""
        return ExportUpdate(self, game, f'{{"type":"update","first":{first},{self._fields(game, first)}')


class ExportUpdate:
    """One update's shared part; :meth:`for_seat` adds the seat's choices (built once per audience)."""

    def __init__(self, frames: ExportFrames, game: pr.Game, head: str) -> None:
        self.game = game
        self._frames, self._head = frames, head
        self._texts: dict[int | None, str] = {}

    def for_seat(self, seat: int | None, protocol: int = 1) -> str:
        """The update as ``seat`` receives it (``None``: a spectator), in either protocol version."""
        if seat != self.game.current_player:
            seat = None  # every seat that need not act gets the same text
        text = self._texts.get(seat)
        if text is None:
            own = P.dumps(choices(self._frames.kind, self.game, seat))
            text = self._texts[seat] = f'{self._head},"choices":{own}}}'
        return text


__all__ = ["ExportFrames", "ExportUpdate", "frames_for", "markers", "public_events", "scores_text", "choices"]

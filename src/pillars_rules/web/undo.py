"""Taking back a move at a hosted game (issue #56): who may, when, and telling the table.

A seat asks with ``{"type": "undo", "decision": n}`` (``n``: the decision it
sees, as with an action). The server walks back through the answered
decisions, newest first, to the seat's own last one:

* an answer that revealed chance (:data:`pillars_rules.events.CHANCE_EVENTS`:
  a shuffle, a deal, a drawn builder, the tax die) or an event card
  (``EventRevealed``, or a seat's look at the event deck: ``EventsLooked``)
  stops the walk: nobody can forget what was seen, so such a move is never
  taken back;
* an answer of a bot seat is taken back with it (a bot never blocks a person's undo);
* an answer of another *person* seat means that person must agree: the
  request is put to them (``undo_request``) and each answers with
  ``{"type": "undo_answer", "decision": n, "accept": true|false}``. All
  agree: the undo is made; one declines, or any move is made meanwhile: it lapses.

An undo is one ``Undone`` row appended to the game's log
(:mod:`pillars_rules.table.undo`); every client then gets a full ``sync`` of
the game as taken back, and an ``undos`` message (the game's undos so far,
for its history). Other server processes follow the row as they follow moves.
"""

from __future__ import annotations

import json
import logging
import time
import weakref
from typing import Any

import pillars_rules as pr

from ..errors import ConflictError, PillarsError
from . import protocol as P
from .gameframes import frames_for

log = logging.getLogger("pillars_rules.web")

#: Events after which nothing is taken back: chance, a revealed event card, and
#: a seat's look at event cards (issue #53: it saw them, even if nobody else did).
REVEALING = tuple(pr.events.CHANCE_EVENTS) + (pr.events.EventRevealed, pr.events.EventsLooked)
_KINDS = ("undo", "undo_answer")


def plan(game: pr.Game, seat: int, persons: set[int]) -> tuple[int, set[int]] | str:
    """Where ``seat``'s undo goes: ``(keep, agree)`` -- the events kept (up to
    its last decision's ``DecisionPending``) and the other person seats that
    must agree -- or why there is none, in a sentence."""
    if game.is_over:
        return "the game is over"
    events = game.events
    opens = game.game_type.decision_event  # Pillars': DecisionPending
    pending = [i for i, e in enumerate(events) if isinstance(e, opens)]
    agree: set[int] = set()
    for j in range(len(pending) - 2, -1, -1):
        start, end = pending[j], pending[j + 1]
        if any(isinstance(e, REVEALING) for e in events[start + 1 : end]):
            return "something hidden was revealed since your last decision (a card, a builder or the die)"
        who = events[start].seat
        if who == seat:
            return start + 1, agree
        if who in persons:
            agree.add(who)
    return "you have made no decision to take back"


class Undos:
    """A room's undo requests (one at a time, in memory: a restart drops it)."""

    def __init__(self, room: Any) -> None:
        self._room = weakref.ref(room)  # weak: no cycle with the room (see timers.Clock)
        self.request: dict[str, Any] | None = None  # seat, keep, decision, waiting (set of seats)

    @property
    def room(self) -> Any:
        return self._room()

    # ---------------------------------------------------------------- messages
    @staticmethod
    def wants(text: str) -> dict[str, Any] | None:
        """The undo message in ``text``, if it is one (an action message never is)."""
        if '"undo' not in text:
            return None
        try:
            doc = json.loads(text)
        except ValueError:
            return None
        if type(doc) is not dict or doc.get("type") not in _KINDS:
            return None
        return doc

    async def receive(self, seat: int, doc: dict[str, Any]) -> tuple[str, str] | None:
        """Handle an undo message of ``seat``: ``None``, or (refusal code, reason)."""
        room = self.room
        decision = doc.get("decision")
        allowed = {"type", "decision"} | ({"accept"} if doc["type"] == "undo_answer" else set())
        if (
            set(doc) != allowed
            or type(decision) is not int
            or (doc["type"] == "undo_answer" and type(doc["accept"]) is not bool)
        ):
            return "bad_message", (
                f"an {doc['type']} message is an object with exactly the fields {', '.join(sorted(allowed))}"
            )
        if decision != room.game.decision:
            return "stale", f"the game is at decision {room.game.decision}, not {decision}"
        if doc["type"] == "undo_answer":
            return await self._answer(seat, doc["accept"])
        return await self._ask(seat)

    async def _ask(self, seat: int) -> tuple[str, str] | None:
        room = self.room
        persons = {i for i, s in enumerate(room.record.seats) if s.kind == "person"}
        where = plan(room.game, seat, persons)
        if isinstance(where, str):
            return "undo", f"nothing to take back: {where}"
        keep, agree = where
        if not agree:
            return await self._make(seat, keep)
        if self.request is not None:
            return "undo", "another undo request is waiting for its answers"
        self.request = {"seat": seat, "keep": keep, "decision": room.game.decision, "waiting": agree}
        log.info("undo asked game=%s seat=%d waiting=%s", room.tag, seat, ",".join(map(str, sorted(agree))))
        self.tell()
        return None

    async def _answer(self, seat: int, accept: bool) -> tuple[str, str] | None:
        r = self.request
        if r is None or seat not in r["waiting"]:
            return "undo", "no undo request is waiting for your answer"
        if not accept:
            self.request = None
            self.tell(declined=seat)
            return None
        r["waiting"].discard(seat)
        if r["waiting"]:
            self.tell()
            return None
        self.request = None
        self.tell()  # every answer is in: no request waits any more
        return await self._make(r["seat"], r["keep"])

    # ---------------------------------------------------------------- doing it
    async def _make(self, seat: int, keep: int) -> tuple[str, str] | None:
        room = self.room
        async with room._acting:
            table = room.table
            try:
                target = await room.server.in_store(table.rewound, keep)
                await room.server.in_store(table.undo, seat, target)
            except ConflictError:
                room.flush()
                return "stale", "another server process moved the game first"
            except PillarsError as err:
                log.error("store error game=%s: %s", room.tag, err)
                return "server_error", "the undo could not be stored; try again"
            log.info("undo made game=%s seat=%d to decision=%d", room.tag, seat, target.decision)
            room.server.fanout.published(room)
        return None

    def moved(self) -> None:
        """The game moved on (a move, or an undo): a waiting request lapses."""
        if self.request is not None and self.request["decision"] != self.room.game.decision:
            self.request = None
            self.tell()

    # ---------------------------------------------------------------- telling
    def history(self) -> str:
        """The ``undos`` message: the game's undos so far, with who asked."""
        seats = self.room.record.seats
        return P.dumps(
            {"type": "undos", "undos": [{**u.public(), "name": seats[u.seat].name} for u in self.room.table.undos]}
        )

    def tell(self, declined: int | None = None) -> None:
        """Send every client the request as it stands (``null``: none)."""
        r = self.request
        seats = self.room.record.seats
        doc: dict[str, Any] = {
            "type": "undo_request",
            "request": None
            if r is None
            else {
                "seat": r["seat"],
                "name": seats[r["seat"]].name,
                "decision": r["decision"],
                "waiting": sorted(r["waiting"]),
            },
        }
        if declined is not None:
            doc["declined_by"] = {"seat": declined, "name": seats[declined].name}
        text = P.dumps(doc)
        for c in list(self.room.clients):
            c.send(text)


def resync(room: Any) -> None:
    """The table's game is no longer a continuation of what the clients hold (an
    undo, here or at another process): send each a full sync and the history."""
    game = room.table.game
    room.frames = frames_for(game)
    room.marks = []
    room._catch_up(game)
    room.sent = game.n_events
    room.game = game
    room.seen_undos = len(room.table.undos)
    room.moved = time.time()
    history = room.undos.history()
    for c in list(room.clients):
        c.send(room.frames.sync(game, c.seat))
        c.send(history)
    room.undos.moved()
    room.clock.moved()
    room.schedule()


def caught_up_to(room: Any) -> int:
    """The last decision a reconnecting client may catch up from: before the
    earliest undo's point every branch of the game is the same."""
    undos = room.table.undos
    earliest: int = min((u.decision for u in undos), default=room.game.decision)
    return earliest


__all__ = ["Undos", "plan", "resync", "caught_up_to", "REVEALING"]

"""A bot's view on its way to a worker process: the game's log goes as the events the worker lacks.

A Pillars seat's view goes to a bot worker (:class:`~pillars_rules.web.bots.BotPool`) as
its export's text without the log (the state's JSON made part by part,
:class:`~pillars_rules.web.statejson.StateJSON`), its card set, and the log. The server keeps
each game's log as JSON text, grown by the new events only (:class:`LogText`); a worker keeps
each game's decoded events (:class:`DecodedLogs`). So a job carries the log as a *tail*: the
events past those the server last sent that worker for that game. Every log the server keeps has
its own number (a new number when a log is not the kept one's continuation: a game reloaded
from the store, a shorter log), so within one number a log only grows and a tail always
continues what came before it.

The server's record of what it sent is a belief, not a promise: a worker checks that it holds
the events a tail starts after, and a worker that does not (restarted, a game it forgot to
keep within its ``size``, a log it could not decode) answers :class:`LogWanted` before its bot
runs; the pool then sends that decision again with the whole log (issue #60). A worker rebuilds
the same view either way.
"""

from __future__ import annotations

import collections
import itertools
import json
from collections.abc import Sequence
from typing import Any

import pillars_rules as pr

from .protocol import dumps
from .statejson import StateJSON

#: The number of each log the server keeps (one count for the whole process: a number is never
#: given twice, whichever pool or :class:`LogText` gives it).
_NUMBERS = itertools.count(1)


class LogWanted(Exception):
    """A worker's answer: it lacks the events the tail of game ``args[0]``'s log starts after."""


class _Kept:
    """A game's log as the server keeps it (:class:`LogText`)."""

    __slots__ = ("first", "last", "n", "parts", "state", "number", "sent")

    def __init__(self, first: object) -> None:
        self.first = self.last = first
        self.n = 0  # events encoded
        #: their JSON, in the pieces it grew by (each the events' objects joined by ","): a piece is
        #: added, never the whole text copied, at each decision
        self.parts: list[str] = []
        self.state = StateJSON()  # the game's state's JSON, part by part
        self.number = next(_NUMBERS)
        #: by worker: (events sent it, pieces sent it)
        self.sent: dict[object, tuple[int, int]] = {}

    def text(self, since: int = 0) -> str:
        """The JSON text of the events of the pieces from ``since`` on: ``[...]``."""
        return "[" + ",".join(self.parts[since:] if since else self.parts) + "]"


class LogText:
    """The JSON text of each game's redacted log, kept as it grows, for the views
    sent to the bot workers.

    A view pickles as its whole export, log included, and encoding the log was
    most of the server's CPU for a bot's move at people's pace (a game ends with
    about a thousand events; issue #60). The redacted events of a game
    are the same objects from one decision and one seat to the next, so each is
    encoded once here: a game is known by its first event, and its text is
    grown by the events past the last one encoded. A log that is not the
    known one's continuation (a game reloaded from the store, a shorter log) is
    encoded again from its start, under a new number. The ``size`` games used last are kept (the
    server's ``max_games``: about 35 kB of text a game at mid-game). For each game it also
    remembers how far it sent the log to each worker (:meth:`ship`)."""

    def __init__(self, size: int = 1024) -> None:
        self.size = size
        self._games: collections.OrderedDict[int, _Kept] = collections.OrderedDict()

    def text(self, events: Sequence[object], encoded: Sequence[str] = ()) -> str:
        """``[event_to_dict(e) for e in events]`` as JSON text (as :func:`pillars_rules.view.export` writes it).
        ``encoded``: the JSON of the log's first events, made already (the game's room has it:
        :class:`~pillars_rules.web.protocol.Frames`); only the events past them are encoded here."""
        return self._known(events, encoded).text() if events else "[]"

    def _known(self, events: Sequence[object], encoded: Sequence[str] = ()) -> _Kept:
        """The kept record of the game whose log is ``events`` (not empty), grown to ``events``."""
        from pillars_rules.pillars_json.codec import event_to_dict

        first, n = events[0], len(events)
        key = id(first)
        known = self._games.get(key)
        if known is None or known.first is not first or known.n > n or events[known.n - 1] is not known.last:
            known = self._games[key] = _Kept(first)
        if known.n < n:
            had = min(len(encoded), n)
            new = ",".join(
                [
                    *encoded[known.n : had],
                    *(dumps(event_to_dict(e)) for e in events[max(known.n, had) :]),
                ]
            )
            known.parts.append(new)
            known.n, known.last = n, events[-1]
        self._games.move_to_end(key)
        while len(self._games) > self.size:
            self._games.popitem(last=False)
        return known

    def ship(self, view: pr.SeatView, encoded: Sequence[str] = (), to: object = None, whole: bool = False) -> _Shipped:
        """``view`` as it goes to a worker: its export without the log, the log, and its card set;
        the worker gets the same view as from pickling ``view``. The state's JSON is made part by
        part, each part once per game (:class:`StateJSON`); ``encoded`` as in :meth:`text`.
        ``to``: the worker it goes to, which gets only the events past those this log sent it
        before (``None``: the whole log, as to a worker it never sent any); ``whole``: all the
        events all the same (the worker lacked the start of the ones past them: :class:`LogWanted`)."""
        from pillars_rules.pillars_json.actions_json import encode_action
        from pillars_rules.view import EXPORT_FORMAT, EXPORT_FORMAT_VERSION, _CardsRef

        head = dumps(
            {
                "format": EXPORT_FORMAT,
                "format_version": EXPORT_FORMAT_VERSION,
                "seat": view.seat,
                "decision": view.decision,
                "state": None,
                "next_event": view.next_event,
                "legal_actions": [encode_action(a) for a in view.legal_actions],
            }
        )
        if not view.events:
            return _Shipped(
                head.replace('"state":null', '"state":' + StateJSON().whole(view.state), 1), "[]", _CardsRef(view.rules)
            )
        known = self._known(view.events, encoded)
        head = head.replace('"state":null', '"state":' + known.state.whole(view.state), 1)
        start = since = 0
        if to is not None:
            had = None if whole else known.sent.get(to)
            if had is not None:
                start, since = had  # the events past those it had
            known.sent[to] = (known.n, len(known.parts))
        return _Shipped(head, known.text(since), _CardsRef(view.rules), known.number, start)

    def forget_all(self) -> None:
        """Forget what was sent to any worker (the pool's workers were replaced)."""
        for known in self._games.values():
            known.sent.clear()


class _Shipped:
    """A view on its way to a worker (:meth:`LogText.ship`): it unpickles as the view. ``log``
    is the JSON text of the log's events from ``start`` on, of the game kept as ``number``."""

    __slots__ = ("head", "log", "cards", "number", "start")

    def __init__(self, head: str, log: str, cards: object, number: int = 0, start: int = 0) -> None:
        self.head, self.log, self.cards, self.number, self.start = head, log, cards, number, start

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (_arrived, (self.head, self.log, self.cards, self.number, self.start))


class DecodedLogs:
    """In a worker: the decoded events of the games it saw last, so a decision
    decodes only the events the server sent past them.

    Decoding a game's whole log again for each decision was about half of a
    ``medium`` bot's time in a worker, and sending it whole each time about a tenth
    of the server's loop at 2,000 tables (issue #60). A log comes as the JSON text of
    its events from ``start`` on, under its game's number (:class:`LogText`); a log whose
    first ``start`` events this worker does not hold raises :class:`LogWanted` (the server
    then sends it whole). The ``size`` games used last are kept (the server's ``max_games``)."""

    def __init__(self, size: int = 1024) -> None:
        self.size = size
        self._games: collections.OrderedDict[int, tuple[object, ...]] = collections.OrderedDict()
        #: Events decoded by the last call (the rest were kept).
        self.fresh = 0

    def events(self, log: str, number: int, start: int = 0) -> tuple[object, ...]:
        """The events of the game kept as ``number``: the ones this worker holds up to ``start``, then
        those of ``log`` (JSON text of a list of event objects), decoded."""
        from pillars_rules.pillars_json.strict import event_from_dict

        old: tuple[object, ...] = ()
        if start:
            kept = self._games.get(number)
            if kept is None or len(kept) < start:
                raise LogWanted(number)
            old = kept[:start] if len(kept) > start else kept
        docs = json.loads(log)
        if type(docs) is not list:
            raise pr.SaveError("$.events must be a list")
        events = old + tuple(event_from_dict(d, start + i) for i, d in enumerate(docs))
        self.fresh = len(docs)
        if number:
            self._games[number] = events
            self._games.move_to_end(number)
            while len(self._games) > self.size:
                self._games.popitem(last=False)
        return events


#: The worker's decoded logs (:func:`keep` sizes it).
_DECODED = DecodedLogs()


def keep(games: int) -> None:
    """In a worker: keep the decoded logs of the ``games`` games used last."""
    _DECODED.size = games


def _arrived(head: str, log: str, rules: Any, number: int = 0, start: int = 0) -> pr.SeatView:
    """In a worker: the view :meth:`LogText.ship` sent (its log's events up to ``start`` those
    this worker kept for the game ``number``: :class:`DecodedLogs`)."""
    from pillars_rules.view import from_export

    return from_export(json.loads(head), rules=rules, events=_DECODED.events(log, number, start))


__all__ = ["DecodedLogs", "LogText", "LogWanted", "keep"]

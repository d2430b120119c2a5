"""A game table for servers: one game, untrusted client messages, a durable log.

A :class:`Table` owns one game, stored in a :class:`~pillars_rules.table.backend.Store`:
an :class:`EventStore` (SQLite) or a :class:`~pillars_rules.table.pgstore.PgEventStore`
(PostgreSQL), both opened by name with :func:`~pillars_rules.table.opening.open_store`. A
server calls :meth:`Table.handle` with the sender's seat (from its own
authentication) and the client's message, a JSON object carrying the
decision number the client saw (its move token) and the action::

    {"decision": 12, "action": {"type": "Buy", "resource": "wood", "n": 2}}

``handle`` decodes the message, checks the seat and the token, applies the
action, appends the new events to the store and returns an :class:`Outcome`
with every seat's view. Bad messages are refused with a short reason, never
an exception; a message that another server process beat to the same decision
raises :class:`~pillars_rules.errors.ConflictError` (after the table has
reloaded the winner's events).

The table is a client of the engine: it uses the public API only.

>>> import pillars_rules as pr
>>> from pillars_rules.table import EventStore, Table
>>> table = Table.create(EventStore(":memory:"), "demo", players=2, seed=3)
>>> out = table.handle(0, '{"decision": 1, "action": {"type": "Pass"}}')
>>> out.ok, out.decision
(True, 2)
>>> table.handle(0, '{"decision": 1, "action": {"type": "Pass"}}').code   # sent twice
'stale'
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from attrs import frozen

import pillars_rules as pr
from pillars_rules.view import redact_event

from .. import errors
from ..core import GameType
from ..errors import ConflictError, IllegalActionError, LimitError, StaleActionError
from ..pillars_json.codec import event_to_dict
from . import actionjson, rows
from .backend import Store
from .follow import follow
from .opening import open_store
from .store import MAX_GAME_ID_LENGTH, EventStore, StoreError, check_game_id
from .undo import Undone, is_undone, unwind

if TYPE_CHECKING:  # pragma: no cover
    from ..actions import Action

#: Largest client message :meth:`Table.handle` reads, in bytes.
MAX_MESSAGE_BYTES = 16 * 1024
#: Longest refusal reason an :class:`Outcome` carries (that of every library error).
MAX_REASON_LENGTH = errors.MAX_REASON_LENGTH


def decode_message(message: str | bytes, kind: GameType | None = None) -> tuple[int, object]:
    """(decision, action) of a client message; IllegalActionError if malformed. ``kind``: the
    game type of a game other than Pillars, whose actions :mod:`.actionjson` reads."""
    if isinstance(message, (bytes, bytearray)):
        if len(message) > MAX_MESSAGE_BYTES:
            raise IllegalActionError(f"message of {len(message)} bytes; the limit is {MAX_MESSAGE_BYTES}")
        try:
            message = bytes(message).decode("utf-8")
        except UnicodeDecodeError:
            raise IllegalActionError("message is not UTF-8 text") from None
    if not isinstance(message, str):
        raise IllegalActionError(f"message must be JSON text, not {type(message).__name__}")
    if len(message) > MAX_MESSAGE_BYTES:
        raise IllegalActionError(f"message of {len(message)} characters; the limit is {MAX_MESSAGE_BYTES}")
    try:
        data = json.loads(message, object_pairs_hook=_unique_keys)
    except RecursionError:
        raise IllegalActionError("message is nested too deeply") from None
    except ValueError as exc:
        raise IllegalActionError(f"message is not valid JSON: {str(exc)[:80]}") from None
    if type(data) is not dict or set(data) != {"decision", "action"}:
        raise IllegalActionError('a message is a JSON object {"decision": <number>, "action": {...}}')
    decision = data["decision"]
    if type(decision) is not int or not 0 <= decision < 2**53:
        raise IllegalActionError('"decision" must be the whole number of the decision answered')
    return decision, pr.decode_action(data["action"]) if kind is None else actionjson.decode(kind, data["action"])


def _public(event: object) -> object:
    """An event of a game that hides nothing, as every seat sees it: itself."""
    return event


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise ValueError("a key is repeated in one object")
    return out


def encode_message(decision: int, action: Action, kind: GameType | None = None) -> str:
    """The message a client sends to answer ``decision`` with ``action`` (``kind``: as in :func:`decode_message`)."""
    if kind is not None:
        return json.dumps({"decision": decision, "action": actionjson.encode(kind, action)})
    fields = {k: v for k, v in pr.encode_action(action).items() if k != "label"}
    return json.dumps({"decision": decision, "action": fields})


@frozen
class Outcome:
    """What :meth:`Table.handle` did with one message.

    ``ok`` -- the action was applied and stored; otherwise ``code`` says why
    not (``"bad_message"``, ``"bad_seat"``, ``"not_your_turn"``, ``"stale"``,
    ``"illegal"``, ``"limit"``: the action would take the game past a budget of
    :mod:`pillars_rules.limits`, see :attr:`Table.unfinishable`) and ``reason``
    in one short sentence for the sender.
    ``decision`` is the table's decision number afterwards; ``events`` the new
    events (redacted: safe for every seat); ``views`` every seat's view afterwards.
    """

    ok: bool
    code: str
    reason: str
    decision: int
    events: tuple[object, ...]
    views: tuple[pr.SeatView, ...]


@frozen
class Checked:
    """An action :meth:`Table.check` accepted, not stored yet: the game
    ``before`` and ``after`` it (for :meth:`Table.commit`)."""

    before: pr.Game
    after: pr.Game


class Table:
    """One game hosted for several clients, persisted in a :class:`Store`.

    Make one with :meth:`create` or :meth:`open`; call :meth:`handle` per message.
    """

    def __init__(
        self,
        store: Store,
        game_id: str,
        game: pr.Game,
        cards: rows.Cards,
        step: int | None = None,
        rows: int | None = None,
        undos: Sequence[Undone] = (),
    ) -> None:
        self.store = store
        self.game_id = game_id
        self._game = game
        self._cards = cards
        #: The game type whose actions :mod:`.actionjson` reads (``None``: Pillars, read by its own codec).
        self.kind: GameType | None = None if game.game_type.name == "pillars" else game.game_type
        # each new event as a log row, and as every seat may see it (another game's: its own codec, nothing hidden)
        self._row: Callable[[Any], dict[str, Any]] = event_to_dict if self.kind is None else self.kind.encode_event
        self._seen: Callable[[Any], Any] = redact_event if self.kind is None else _public
        #: The store's counter: one more for every answer and every undo (:mod:`.undo`).
        self.step = game.decision if step is None else step
        #: Rows of the stored log: the game's events and every ``Undone`` row, set-aside events too.
        self.rows = game.n_events if rows is None else rows
        #: The moves taken back in this game, oldest first (:class:`~pillars_rules.table.undo.Undone`).
        self.undos: list[Undone] = list(undos)

    @classmethod
    def create(
        cls,
        store: Store,
        game_id: str,
        *,
        players: int = 4,
        seed: int | None = None,
        names: Sequence[str] | None = None,
        cards: str | Sequence[str] | None = None,
        variants: Sequence[str] = (),
        game: str = "pillars",
    ) -> Table:
        """A new game of ``game`` (a registered name, see :func:`pillars_rules.new_game`; without ``seed`` a secret
        one is drawn) stored under ``game_id``. ``cards`` are paths of extra card
        files (recorded, so that :meth:`open` reads them again) or a
        :class:`~pillars_rules.CardSet` (its canonical text is stored with the game)."""
        check_game_id(game_id)
        if cards is not None and not isinstance(cards, pr.CardSet):
            cards = [os.path.abspath(p) for p in ([cards] if isinstance(cards, (str, os.PathLike)) else cards)]
        if game == "pillars":
            made = pr.new_game(players, seed, names=names, variants=variants, cards=cards)
        elif cards is not None:
            raise errors.ConfigError(
                f"a table of {game!r:.40} plays its own card set: extra card files are for Pillars"
            )
        else:
            made = pr.new_game(players, seed, game=game, names=names, variants=variants)
        doc = json.loads(pr.save(made))
        events = doc.pop("events")
        store.create(game_id, doc, rows.card_source(cards), events, made.decision)
        return cls(store, game_id, made, cards)

    @classmethod
    def open(cls, store: Store, game_id: str, *, cards: rows.Cards = None) -> Table:
        """The stored game ``game_id``, replayed and verified (:func:`.rows.replay`):
        a damaged game raises :class:`~pillars_rules.errors.DamagedGameError`
        (a ``SaveError``) naming it, a damaged file
        :class:`~pillars_rules.errors.StoreError`. ``cards`` defaults to the
        cards the game was created with; other cards are refused by identity."""
        stored = store.read(game_id)
        effective, undos = unwind(stored)
        game, cards = rows.replay(effective, cards)
        return cls(store, game_id, game, cards, stored.decision, len(stored.events), undos)

    # ---------------------------------------------------------------- reading
    @property
    def game(self) -> pr.Game:
        """The current game (a value: keeping it is safe)."""
        return self._game

    @property
    def decision(self) -> int:
        return self._game.decision

    @property
    def unfinishable(self) -> bool:
        """True when the game can never end (:attr:`pillars_rules.Game.unfinishable`):
        every message then gets the refusal code ``"limit"``."""
        return self._game.unfinishable

    def view(self, seat: int) -> pr.SeatView:
        seen: pr.SeatView = self._game.view(seat)  # a Pillars table: the game's view is a SeatView
        return seen

    def export(self, seat: int) -> str:
        """The game as ``seat`` may know it, as JSON text (:meth:`pillars_rules.Game.export`)."""
        return self._game.export(seat)

    def refresh(self, known: int | None = None) -> bool:
        """Catch up with events another process stored; True if there were any.

        Only the new events are read and checked (:func:`~pillars_rules.table.follow.follow`);
        if they do not follow from this table's game, the whole game is reloaded.
        ``known`` is a decision the store is known to have reached (a notification
        said so): it saves asking the store for its counter first."""
        if known is not None:
            if known <= self.step:
                return False
        elif self.store.decision(self.game_id) == self.step:
            return False
        tail = self.store.events_since(self.game_id, self.rows)
        game = None if any(is_undone(row) for row in tail) else follow(self._game, tail)
        if game is None:  # moves taken back, or a log that does not follow: read it all
            fresh = Table.open(self.store, self.game_id, cards=self._cards)
            self._game, self.step, self.rows, self.undos = fresh._game, fresh.step, fresh.rows, fresh.undos
        else:
            self.step += game.decision - self._game.decision
            self.rows += len(tail)
            self._game = game
        return True

    # ---------------------------------------------------------------- acting
    def handle(self, seat: int, message: str | bytes) -> Outcome:
        """Decode ``message`` from ``seat``, check it, apply it and store it.

        Refusals come back as an :class:`Outcome` with ``ok`` false (nothing
        changed). Raises :class:`~pillars_rules.errors.ConflictError` only if
        another process stored an answer to the same decision first; the
        table has then reloaded, so its views are current.
        """
        checked = self.check(seat, message, refresh=True)
        return checked if isinstance(checked, Outcome) else self.commit(checked)

    def check(self, seat: int, message: str | bytes, *, refresh: bool = False) -> Outcome | Checked:
        """The first half of :meth:`handle`: decode and apply ``message``
        without storing it. A refusal is an :class:`Outcome`; an accepted
        action is a :class:`Checked` for :meth:`commit` (the table is unchanged
        until then). A server can so apply in one thread and store in another;
        it must commit (or drop) one ``Checked`` before it checks the next
        message. ``refresh``: reload first if the message answers a decision
        past this table's (another process moved on)."""
        before = self._game
        n = before.state.n_players if self.kind is None else self.kind.seats(before.state)
        if type(seat) is not int or not 0 <= seat < n:
            return self._refused("bad_seat", f"no seat {seat!r:.20} in a {n}-player game")
        try:
            expect, action = decode_message(message, self.kind)
        except IllegalActionError as err:
            return self._refused("bad_message", err.reason)
        if refresh and expect > before.decision and self.refresh():  # another process moved on
            before = self._game
        try:
            after = before.apply(action, seat=seat, expect=expect)
        except StaleActionError as err:
            return self._refused("stale", err.reason)
        except IllegalActionError as err:
            code = "not_your_turn" if seat != before.current_player and not before.is_over else "illegal"
            return self._refused(code, err.reason)
        except LimitError as err:  # the game cannot go on within the library's budgets
            return self._refused("limit", str(err))
        return Checked(before, after)

    def commit(self, checked: Checked) -> Outcome:
        """Store a :class:`Checked` action and move the table on (the second half of :meth:`handle`).
        :class:`~pillars_rules.errors.ConflictError` (after a reload) if another
        writer answered the same decision first; nothing is stored then."""
        before, after = checked.before, checked.after
        if before is not self._game:
            raise ConflictError(
                f"game {self.game_id!r}: the table moved on since this action was checked",
                decision=before.decision,
                stored=self._game.decision,
            )
        new = after.events[before.n_events :]
        try:
            self.store.append(
                self.game_id,
                self.step,
                self.rows,
                [self._row(e) for e in new],
                self.step + after.decision - before.decision,
            )
        except ConflictError:
            self.refresh()
            raise
        self._moved(after, len(new))
        return Outcome(True, "applied", "", after.decision, tuple(self._seen(e) for e in new), self._views())

    @staticmethod
    def commit_many(store: EventStore, items: Sequence[tuple[Table, Checked]]) -> list[Outcome | ConflictError]:
        """:meth:`commit` for several tables of one store in one transaction (one
        wait for the disk): per item, its :class:`Outcome` or the
        :class:`~pillars_rules.errors.ConflictError` that kept it out (that table
        has then reloaded; the others are stored)."""
        rows = []
        for table, checked in items:
            before, after = checked.before, checked.after
            if table.store is not store or before is not table._game:
                raise ConflictError(f"game {table.game_id!r}: not a table of this store at this decision")
            rows.append(
                (
                    table.game_id,
                    table.step,
                    table.rows,
                    [table._row(e) for e in after.events[before.n_events :]],
                    table.step + after.decision - before.decision,
                )
            )
        out = []
        for (table, checked), error in zip(items, store.append_many(rows)):
            if error is not None:
                table.refresh()
                out.append(error)
                continue
            after = checked.after
            table._moved(after, after.n_events - checked.before.n_events)
            out.append(
                Outcome(
                    True,
                    "applied",
                    "",
                    after.decision,
                    tuple(table._seen(e) for e in after.events[checked.before.n_events :]),
                    (),
                )
            )
        return out

    def _moved(self, after: pr.Game, new_rows: int) -> None:
        self.step += after.decision - self._game.decision
        self.rows += new_rows
        self._game = after

    # ---------------------------------------------------------------- taking back
    def rewound(self, keep: int) -> pr.Game:
        """The game as it was with its first ``keep`` events (replayed and verified
        as a load is): what :meth:`undo` goes back to."""
        doc = json.loads(pr.save(self._game))
        if not 0 < keep <= len(doc["events"]):
            raise IndexError(f"no point after {keep} events in a log of {len(doc['events'])}")
        doc["events"] = doc["events"][:keep]
        return pr.load(json.dumps(doc), cards=self._cards)

    def undo(self, seat: int, target: pr.Game) -> Undone:
        """Take the game back to ``target`` (from :meth:`rewound`), asked by
        ``seat``: one ``Undone`` row is appended (:mod:`.undo`); the events set
        aside stay stored. :class:`~pillars_rules.errors.ConflictError` (after a
        reload) if another writer moved the game first; nothing is stored then."""
        game = self._game
        if target.n_events > game.n_events or target.events != game.events[: target.n_events]:
            raise ValueError("an undo goes back to an earlier point of this game's own log")
        u = Undone(seat, target.n_events, target.decision, game.decision, self.step + 1)
        try:
            self.store.append(self.game_id, self.step, self.rows, [u.row()], u.step)
        except ConflictError:
            self.refresh()
            raise
        self._game, self.step, self.rows = target, u.step, self.rows + 1
        self.undos.append(u)
        return u

    def _refused(self, code: str, reason: str) -> Outcome:
        if len(reason) > MAX_REASON_LENGTH:
            reason = reason[: MAX_REASON_LENGTH - 3] + "..."
        return Outcome(False, code, reason, self._game.decision, (), self._views())

    def _views(self) -> tuple[pr.SeatView, ...]:
        game = self._game
        n = game.state.n_players if self.kind is None else self.kind.seats(game.state)
        return tuple(game.view(s) for s in range(n))

    def __repr__(self) -> str:
        return f"<Table {self.game_id!r} at decision {self.decision}: {self._game!r}>"


__all__ = [
    "Table",
    "Outcome",
    "Checked",
    "Store",
    "open_store",
    "EventStore",
    "StoreError",
    "ConflictError",
    "decode_message",
    "encode_message",
    "MAX_MESSAGE_BYTES",
    "MAX_REASON_LENGTH",
    "MAX_GAME_ID_LENGTH",
]

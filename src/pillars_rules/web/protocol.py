"""The game server's WebSocket protocol, versions :data:`PROTOCOLS` (docs/protocol.rst).

Every message is one JSON object in one text frame. A client sends a
``hello`` first, then action messages, each exactly what
:meth:`pillars_rules.table.Table.handle` takes::

    {"type": "hello", "protocol": 2, "game": "<id>", "key": "<credential>", "seen": null}
    {"decision": 12, "action": {"type": "Buy", "resource": "wood", "n": 2}}

The server sends ``welcome``, then ``sync`` (everything) or ``update`` (what
is new), ``seats`` (who is connected and who plays each seat) and
``refused`` (a code from :data:`REFUSALS` and a reason). The two versions
differ in one thing: a version 1 ``update`` carries the whole ``state``, a
version 2 one only its ``changes`` since the client's last message (the
state's parts that differ, by path: :mod:`.statejson`). This module builds
and reads those messages; it does no I/O, so the documentation's examples are
made by the same functions the server uses.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from attrs import frozen

import pillars_rules as pr
from pillars_rules.view import EXPORT_FORMAT, EXPORT_FORMAT_VERSION

from .statejson import StateJSON

#: The newest protocol version this server speaks.
PROTOCOL = 2
#: Every protocol version this server speaks (``hello.protocol`` must be one of them).
PROTOCOLS = (1, 2)
#: Largest frame the server reads, in bytes: the table's message limit.
MAX_MESSAGE_BYTES = 16 * 1024
#: Longest game id or credential a hello may carry.
MAX_TOKEN_LENGTH = 64


@frozen
class Refusal:
    """One refusal code: what it means and the WebSocket close code that
    follows it (``None``: the connection stays open)."""

    code: str
    close: int | None
    meaning: str


_REFUSALS = (
    # the table's own refusals (pillars_rules.table.Outcome.code): the game is unchanged
    Refusal(
        "bad_message",
        None,
        "the frame is not an action message: not JSON, not an object "
        '{"decision", "action"}, an unknown action type or field, a binary frame',
    ),
    Refusal("not_your_turn", None, "another seat must decide now"),
    Refusal(
        "stale",
        None,
        "the message answers a decision that is no longer pending (sent twice, or another message came first)",
    ),
    Refusal("illegal", None, "the action is not one of the seat's legal actions now"),
    Refusal(
        "limit",
        None,
        "the action would take the game past a library budget (pillars_rules.limits); the game cannot go on",
    ),
    # the server's
    Refusal(
        "undo",
        None,
        "an undo or an answer to an undo request that cannot be made now "
        "(nothing to take back, something hidden was revealed since, no request waits for this seat)",
    ),
    Refusal("spectator", None, "a spectator sent an action"),
    Refusal("too_large", None, f"the frame is longer than {MAX_MESSAGE_BYTES} bytes"),
    Refusal(
        "rate_limited",
        None,
        "the connection sends faster than its rate; after too many such refusals it is closed with code 4429",
    ),
    Refusal("bad_hello", 4400, "the first message is not a valid hello"),
    Refusal("bad_credentials", 4401, "no game with that id, or the key is none of its seats' or its spectators'"),
    Refusal("version", 4406, "the client speaks another protocol version"),
    Refusal("hello_timeout", 4408, "no hello came within the hello timeout"),
    Refusal("flood", 4429, "the connection kept sending after it was rate-limited"),
    Refusal("game_full", 4503, "the game has as many spectators as the server allows"),
    Refusal(
        "replaced",
        4409,
        "the seat opened more connections than the server allows; "
        "this one, its oldest, was closed (a seat's credential always finds room)",
    ),
    Refusal("server_full", 4503, "the server has as many connections as it allows"),
    Refusal("gone", 4410, "the game was deleted: no move for the server's expiry time, or by the operator"),
    Refusal(
        "server_error",
        1011,
        "the server could not store or load the game; the game is unchanged and the client may reconnect",
    ),
    Refusal(
        "engine_error",
        None,
        "the rules engine failed on a server bot's move: the bot played "
        "another legal action, or (when none could be applied) the game stopped for the operator",
    ),
)
#: Every refusal code, by code.
REFUSALS: dict[str, Refusal] = {r.code: r for r in _REFUSALS}


class ProtocolError(Exception):
    """A message the protocol refuses: ``code`` (from :data:`REFUSALS`) and ``reason``."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason


def dumps(doc: object) -> str:
    """The protocol's JSON encoding: compact, UTF-8 text (not ASCII escapes)."""
    return _encode(doc)


# one encoder for every message: ``json.dumps`` with options builds a new one each call
_encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


# ------------------------------------------------------------------ client to server
@frozen
class Hello:
    """A client's first message: which game, which credential, what it has seen."""

    game: str
    key: str
    seen: int | None = None
    protocol: int = PROTOCOL


def _token(name: str, value: object) -> str:
    """A hello's ``game`` or ``key``: a string of 1 to :data:`MAX_TOKEN_LENGTH` characters."""
    if type(value) is not str or not 0 < len(value) <= MAX_TOKEN_LENGTH:
        raise ProtocolError("bad_hello", f'"{name}" must be a string of 1 to {MAX_TOKEN_LENGTH} characters')
    return value


def hello(game: str, key: str, seen: int | None = None, protocol: int = PROTOCOL) -> str:
    """The hello a client sends first (``seen``: the last decision it holds, to catch up;
    ``protocol``: the version it speaks, one of :data:`PROTOCOLS`)."""
    return dumps({"type": "hello", "protocol": protocol, "game": game, "key": key, "seen": seen})


class _Duplicate(Exception):
    """A JSON object with a key twice (the hello refuses it, as actions do)."""


def _no_duplicates(pairs: list) -> dict:
    doc = dict(pairs)
    if len(doc) != len(pairs):
        seen: set = set()
        for k, _ in pairs:
            if k in seen:
                raise _Duplicate(k)
            seen.add(k)
    return doc


def parse_hello(text: object) -> Hello:
    """The :class:`Hello` in ``text``, or :class:`ProtocolError` (``bad_hello``, ``version``)."""
    if type(text) is not str:
        raise ProtocolError("bad_hello", "the hello must be a text frame")
    if len(text) > MAX_MESSAGE_BYTES:
        raise ProtocolError("bad_hello", f"the hello is longer than {MAX_MESSAGE_BYTES} bytes")
    try:
        doc = json.loads(text, object_pairs_hook=_no_duplicates)
    except _Duplicate as dup:
        raise ProtocolError("bad_hello", f"the hello repeats the field {str(dup)[:30]!r}") from None
    except (ValueError, RecursionError):
        raise ProtocolError("bad_hello", "the hello is not JSON") from None
    if type(doc) is not dict or doc.get("type") != "hello":
        raise ProtocolError("bad_hello", 'the first message must be {"type": "hello", ...}')
    version = doc.get("protocol")
    if type(version) is not int or version not in PROTOCOLS:
        raise ProtocolError(
            "version",
            f"this server speaks protocol versions {' and '.join(map(str, PROTOCOLS))}, not {json.dumps(version)[:20]}",
        )
    extra = set(doc) - {"type", "protocol", "game", "key", "seen"}
    if extra:
        raise ProtocolError("bad_hello", f"unknown hello field {sorted(extra)[0][:30]!r}")
    game, key, seen = _token("game", doc.get("game")), _token("key", doc.get("key")), doc.get("seen")
    if seen is not None and (type(seen) is not int or not 0 <= seen < 2**53):
        raise ProtocolError("bad_hello", '"seen" must be null or the last decision number the client holds')
    return Hello(game, key, seen, version)


# ------------------------------------------------------------------ server to client
def refused(code: str, reason: str, decision: int | None) -> str:
    """A refusal (its code must be in :data:`REFUSALS`)."""
    r = REFUSALS[code]
    return dumps(
        {"type": "refused", "code": code, "reason": reason, "decision": decision, "closing": r.close is not None}
    )


def welcome(
    game_id: str,
    you: dict,
    players: int,
    cards: dict,
    variants: Sequence[str],
    seats: list[dict],
    limits: dict,
    sync: str,
    catalogue: dict | None = None,
    protocol: int = PROTOCOL,
    board: dict | None = None,
) -> str:
    """The first answer to a good hello; ``sync`` says what follows (``"full"`` or ``"catch_up"``);
    ``catalogue`` is every card's name and rules in words (:mod:`.cardinfo`); ``protocol``
    is the version the connection speaks from now on (the hello's); ``board`` is the
    game's board, its places in Phase III order (:func:`.cardinfo.board_catalogue`)."""
    return dumps(
        {
            "type": "welcome",
            "protocol": protocol,
            "game": game_id,
            "you": you,
            "players": players,
            "cards": cards,
            "variants": list(variants),
            "seats": seats,
            "limits": limits,
            "sync": sync,
            "catalogue": catalogue or {},
            "board": board or {},
        }
    )


def seats_message(seats: list[dict]) -> str:
    """Who is at the table: sent whenever a connection comes or goes or a bot takes over."""
    return dumps({"type": "seats", "seats": seats})


def turn(game: pr.Game) -> dict | None:
    """Who must act and what is awaited (``None`` once the game is over)."""
    pending = game.pending
    if pending is None:
        return None
    name = game.state.players[pending.seat].name
    return {
        "seat": pending.seat,
        "name": name,
        "kind": pending.kind,
        "text": game.describe(pr.events.DecisionPending(pending.kind, pending.seat)),
    }


def result(game: pr.Game) -> dict | None:
    """The final scores once the game is over (else ``None``)."""
    if not game.is_over:
        return None
    return {"scores": [list(s) for s in game.scores()], "ranking": game.ranking(), "winners": game.winners()}


class Frames:
    """The encoded parts of one game's messages, shared by every client.

    The redacted log is the same for every seat and for spectators, and so is
    the redacted state; only a seat's peek (``next_event``) and its choices
    differ. A :class:`Frames` keeps each event's JSON and sentence (built once
    per event) and builds each audience's ``sync`` and ``update`` from them.
    """

    def __init__(self) -> None:
        self.events: list[str] = []  # event JSON, one per event of the log
        self.texts: list[str] = []  # its sentence (game.describe)
        self.states = StateJSON()  # the redacted state's JSON, part by part

    def extend(self, game: pr.Game) -> None:
        """Encode the events of ``game`` not encoded yet."""
        from ..pillars_json.codec import event_to_dict

        k = len(self.events)
        if k < game.n_events:
            new = game.view(None).events[k:]
            self.events.extend(dumps(event_to_dict(e)) for e in new)
            self.texts.extend(dumps(game.describe(e)) for e in new)

    def update(self, game: pr.Game, first: int, before: pr.Game | None = None) -> Update:
        """The shared parts of the update that carries events ``first`` onwards:
        with the whole state (version 1, and a catch-up in version 2) and, if
        ``before`` (the game as the clients held it) is given, with the state's
        ``changes`` since ``before`` (version 2). Each is encoded when a client first needs it."""
        self.extend(game)
        head = (
            f'{{"type":"update","decision":{game.decision},"first":{first},'
            f'"events":[{",".join(self.events[first:])}],'
            f'"texts":[{",".join(self.texts[first:])}],'
        )
        tail = f',"turn":{dumps(turn(game))},"result":{dumps(result(game))}'
        return Update(game, head, tail, self.states, before)

    def sync(self, game: pr.Game, seat: int | None) -> str:
        """The full sync of ``seat`` (``None``: a spectator): its export, the
        sentences of its events, who must act, its choices and the result."""
        self.extend(game)
        from ..pillars_json.actions_json import encode_action
        from .labels import choice_dicts

        view = game.view(seat)
        head = {
            "format": EXPORT_FORMAT,
            "format_version": EXPORT_FORMAT_VERSION,
            "seat": seat,
            "decision": view.decision,
            "state": None,
            "next_event": view.next_event,
            "legal_actions": [encode_action(a) for a in view.legal_actions],
        }
        doc = dumps(head)[:-1].replace('"state":null', '"state":' + self.states.whole(view.state), 1)
        return (
            f'{{"type":"sync","decision":{game.decision},"view":{doc},'
            f'"events":[{",".join(self.events[: game.n_events])}]}},'
            f'"texts":[{",".join(self.texts[: game.n_events])}],'
            f'"turn":{dumps(turn(game))},"choices":{dumps(choice_dicts(view))},'
            f'"result":{dumps(result(game))}}}'
        )


class Update:
    """One update's shared parts (with the whole state, or with its changes);
    :meth:`for_seat` adds an audience's own fields. Each part and each
    audience's text is built once, when first needed, however many of its
    connections receive it."""

    def __init__(self, game: pr.Game, head: str, tail: str, states: StateJSON, before: pr.Game | None = None) -> None:
        self.game = game
        self._head, self._tail, self._states, self._before = head, tail, states, before
        self._shared: dict = {}  # uses changes? -> the shared part
        self._own: dict = {}  # seat -> its own fields' JSON
        self._texts: dict = {}  # (seat, uses changes?) -> the whole message
        # has any seat looked at event cards (issue #53)? Then such a seat gets its own state
        self._looks = bool(game.state.seen) or (before is not None and bool(before.state.seen))

    def shared(self, changes: bool) -> str:
        """The part every audience shares, with the state's ``changes`` or the whole ``state``."""
        text = self._shared.get(changes)
        if text is None:
            state, before = self.game.view(None).state, self._before
            body = (
                f'"changes":{self._states.changes(before.view(None).state, state)}'
                if changes and before is not None
                else f'"state":{self._states.whole(state)}'
            )
            text = self._shared[changes] = f"{self._head}{body}{self._tail}"
        return text

    def for_seat(self, seat: int | None, protocol: int = 1) -> str:
        """The update as ``seat`` receives it (``None``: a spectator) in ``protocol``:
        version 2 gets the state's changes if this update has them, else the whole state.
        A seat that has looked at event cards (issue #53) gets its own view's state
        (the cards it saw, where they lie), as its sync has it; every other audience the shared one."""
        changes = protocol >= 2 and self._before is not None
        key = (seat, changes)
        text = self._texts.get(key)
        if text is None:
            own = self._own.get(seat)
            if own is None:
                own = self._own[seat] = self._own_fields(seat)
            body = (
                self._seat_body(seat, changes)
                if seat is not None and self._looks and self._looked(seat, changes)
                else self.shared(changes)
            )
            text = self._texts[key] = f"{body}{own}"
        return text

    def _looked(self, seat: int | None, changes: bool) -> bool:
        """Has ``seat`` looked at event cards, now or (with ``changes``) in the state its client holds?"""
        if seat is None:
            return False
        games = (self.game, self._before) if changes else (self.game,)
        return any(s == seat for g in games if g is not None for s, _ in g.state.seen)

    def _seat_body(self, seat: int, changes: bool) -> str:
        """The update's shared part with ``seat``'s own state: its whole view's state, or
        the changes from the view it held (its client holds that seat's view, not the shared one)."""
        state, before = self.game.view(seat).state, self._before
        body = (
            f'"changes":{self._states.changes(before.view(seat).state, state)}'
            if changes and before is not None
            else f'"state":{self._states.whole(state)}'
        )
        return f"{self._head}{body}{self._tail}"

    def _own_fields(self, seat: int | None) -> str:
        game = self.game
        peek = None
        choices = "[]"
        if seat is not None:
            view = game.view(seat)
            if game.current_player == seat:
                from .labels import choice_dicts

                choices = dumps(choice_dicts(view))
            peek = view.next_event  # a privilege's peek (RULES §7): this seat's only
        return f',"next_event":{dumps(peek)},"choices":{choices}}}'


def parse(text: str | bytes) -> dict:
    """A server message (a text or binary frame) as a dict (for clients);
    :class:`ProtocolError` if it is not one."""
    try:
        doc: Any = json.loads(text)
    except (ValueError, TypeError):
        raise ProtocolError("bad_message", "the server sent a frame that is not JSON") from None
    if type(doc) is not dict or type(doc.get("type")) is not str:
        raise ProtocolError("bad_message", "the server sent a frame that is not a protocol message")
    return doc


__all__ = [
    "PROTOCOL",
    "PROTOCOLS",
    "MAX_MESSAGE_BYTES",
    "REFUSALS",
    "Refusal",
    "ProtocolError",
    "Hello",
    "hello",
    "parse_hello",
    "refused",
    "welcome",
    "seats_message",
    "turn",
    "result",
    "Frames",
    "Update",
    "parse",
    "dumps",
]

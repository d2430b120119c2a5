"""What a store holds for one game, checked before anything trusts it.

Every store backend (SQLite here; others behind the same interface) reads a
game's stored values -- the save header, the card source, the decision and
event counters, one row per event -- and hands them to :func:`decode_game`,
which checks each and returns a :class:`StoredGame` or raises
:class:`~pillars_rules.errors.DamagedGameError` naming the game and what is
wrong. :func:`replay` then turns a stored game into a verified
:class:`~pillars_rules.Game`: through :func:`pillars_rules.load` (so the log
must follow from the rules), with the card set it was created with, and with
the stored decision counter checked against the log.

A backend passes text columns as ``str``, binary values as ``bytes``, and text
that is not UTF-8 as :class:`Undecodable` (SQLite's text factory does), so no
decoding error escapes it.

The card source says what reopening needs: a list of card file paths (the
files are read again), the canonical text of a :class:`~pillars_rules.CardSet`
with its identity (:func:`card_source`), or nothing (the base cards).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any, Union

from attrs import frozen

import pillars_rules as pr

from .. import cardlang, limits
from ..cardlang.cardset import CardSet
from ..errors import CardError, DamagedGameError, PillarsError, SaveError, safe_repr
from ..saves.jsonguard import GuardedJson, JsonWords

#: Largest stored save header (a few names, ids and numbers).
MAX_HEADER_BYTES = 64 * 1024
#: Largest stored card source: the canonical text of the biggest card set.
MAX_CARD_SOURCE_BYTES = limits.MAX_FILES * limits.MAX_FILE_BYTES
#: Largest event row: a large event lists at most every card
#: (:data:`~pillars_rules.limits.LARGE_EVENTS`); a scenario's position, every
#: card and a seat's holdings.
MAX_ROW_BYTES = limits.MAX_ITEMS * (limits.MAX_STRING_LENGTH + 3) + 64 * 1024
#: Deepest nesting of a stored JSON value (events nest 5 deep at most).
MAX_ROW_DEPTH = 32
_IDENTITY = re.compile(r"[0-9a-f]{64}")

#: A card source: paths, ``{"text": ..., "identity": ...}``, or ``None``.
CardSource = Union[list[str], dict[str, Any], None]
#: The cards a stored game is loaded with (as :func:`pillars_rules.load` takes them).
Cards = Union[CardSet, str, list[str], None]


class Undecodable(bytes):
    """Stored text whose bytes are not UTF-8 (what a backend passes instead of
    raising)."""


def text_factory(data: bytes) -> str | Undecodable:
    """SQLite's ``text_factory``: the text, or :class:`Undecodable` bytes."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return Undecodable(data)


@frozen
class StoredGame:
    """One game's stored values, each checked (:func:`decode_game`)."""

    game_id: str
    header: dict[str, Any]
    cards: CardSource
    decision: int
    events: list[dict[str, Any]]


class _Damage(PillarsError):
    """A damaged stored value: the reason, to be told with the game's id
    (a PillarsError, as the JSON guard's own refusals must be)."""


def _words(what: str) -> JsonWords:
    return JsonWords(
        too_many_bytes=f"{what} has {{size}} bytes; the limit is {{limit}}",
        not_utf8=f"{what} is not UTF-8 text ({{reason}} at byte {{start}})",
        not_text=f"{what} is not text but {{kind}}",
        too_large=f"{what} is longer than {{limit}} bytes",
        duplicate_key=f"{what} repeats the key {{key!r}}",
        not_json=f"{what} is not JSON: {{msg}}",
        too_deep=f"{what} is nested too deeply",
        unreadable=f"{what} is not JSON: {{shown}}",
    )


def _json(value: object, what: str, limit: int) -> Any:
    if isinstance(value, Undecodable):
        raise _Damage(f"{what} is not UTF-8 text")
    if type(value) is not str:
        kind = "binary data" if isinstance(value, bytes) else type(value).__name__
        raise _Damage(f"{what} is not text but {kind}")
    out = GuardedJson(limit=limit, error=_Damage, words=_words(what))(value)
    if _depth(out) > MAX_ROW_DEPTH:
        raise _Damage(f"{what} is nested too deeply (more than {MAX_ROW_DEPTH} levels)")
    return out


def _depth(value: object) -> int:
    """How deeply lists and objects nest in ``value`` (iteratively: no recursion)."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        v, d = todo.pop()
        if isinstance(v, (list, dict)):
            if d > deepest:
                deepest = d
                if d > MAX_ROW_DEPTH:
                    return d
            todo.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))
    return deepest


def _count(value: object, what: str) -> int:
    if type(value) is not int or not 0 <= value <= limits.MAX_EVENTS:
        raise _Damage(f"its {what} is {safe_repr(value, 30)}, not a whole number from 0 to {limits.MAX_EVENTS}")
    return value


def _cards(value: object) -> CardSource:
    source = _json(value, "its card source", MAX_CARD_SOURCE_BYTES)
    if source is None:
        return None
    if type(source) is list:
        if len(source) <= limits.MAX_FILES and all(type(p) is str and 0 < len(p) <= 4096 for p in source):
            return source
    elif type(source) is dict and set(source) == {"text", "identity"}:
        if type(source["text"]) is str and type(source["identity"]) is str and _IDENTITY.fullmatch(source["identity"]):
            return source
    raise _Damage("its card source is neither card file paths nor card text with its identity")


def decode_game(
    game_id: str,
    header: object,
    cards: object,
    decision: object,
    n_events: object,
    rows: list[tuple[object, object]],
) -> StoredGame:
    """The checked :class:`StoredGame` of one game's stored values (``rows``
    are ``(index, body)`` pairs in index order), or
    :class:`~pillars_rules.errors.DamagedGameError` naming the game and the
    first thing wrong."""
    try:
        head = _json(header, "its header", MAX_HEADER_BYTES)
        if type(head) is not dict or "events" in head:
            raise _Damage("its header is not a save header (a JSON object without events)")
        source = _cards(cards)
        counter = _count(decision, "decision counter")
        n = _count(n_events, "event counter")
        events = _events(rows, 0, n)
    except _Damage as exc:
        raise DamagedGameError(game_id, exc) from None
    return StoredGame(game_id, head, source, counter, events)


def decode_events(
    game_id: object, rows: list[tuple[object, object]], start: int, n_events: object
) -> list[dict[str, Any]]:
    """The checked events of ``rows``, which must be the indices ``start`` to
    ``n_events - 1`` of one game's log, in order (the tail a table catching up
    reads), or :class:`~pillars_rules.errors.DamagedGameError` naming the game."""
    try:
        return _events(rows, start, _count(n_events, "event counter"))
    except _Damage as exc:
        raise DamagedGameError(game_id, exc) from None


def _events(rows: list[tuple[object, object]], start: int, n: int) -> list[dict[str, Any]]:
    if [i for i, _ in rows] != list(range(start, n)):
        raise _Damage(
            f"the store holds {len(rows)} events from index {start} with gaps or extras; its header counts {n}"
        )
    total, events = 0, []
    for i, body in rows:
        total += len(body) if isinstance(body, (str, bytes)) else 0
        if total > limits.MAX_SAVE_BYTES:
            raise _Damage(f"its events pass {limits.MAX_SAVE_BYTES} bytes at event {i}")
        event = _json(body, f"event {i}", MAX_ROW_BYTES)
        if type(event) is not dict:
            raise _Damage(f"event {i} is not a JSON object")
        events.append(event)
    return events


# ------------------------------------------------------------------ card sources
def card_source(cards: pr.CardSet | Iterable[str] | None) -> CardSource:
    """What :func:`replay` needs to find ``cards`` again (the ``cards`` a table
    was created with): absolute paths, or the canonical text and identity of
    a :class:`~pillars_rules.CardSet`, or ``None``."""
    if cards is None:
        return None
    if isinstance(cards, pr.CardSet):
        # the set's places and board card too: its cards may name the sites of its own board
        return {"text": cardlang.format_cards((*cards.places, *cards.cards)), "identity": cards.identity}
    return list(cards)


def _stored_cards(stored: StoredGame) -> Cards:
    source = stored.cards
    if not isinstance(source, dict):
        return source
    try:
        cards = cardlang.compile_text(source["text"], "<stored cards>", known=cardlang.base_cards())
    except CardError as exc:
        raise DamagedGameError(stored.game_id, f"its stored card text does not compile: {exc.reason}") from None
    if cards.identity != source["identity"]:
        raise DamagedGameError(
            stored.game_id,
            f"its stored card text has the identity {cards.identity[:12]}..., "
            f"not the {source['identity'][:12]}... stored with it",
        )
    return cards


def replay(stored: StoredGame, cards: Cards = None) -> tuple[pr.Game, Cards]:
    """The verified game a stored game records, and the cards it was loaded
    with: ``cards`` if given (refused by identity if they are not the game's),
    else the stored card source. Raises
    :class:`~pillars_rules.errors.DamagedGameError` (a ``SaveError``) naming
    the game, also when its recorded card files no longer compile."""
    if cards is None:
        cards = _stored_cards(stored)
    try:
        game = pr.load(json.dumps({**stored.header, "events": stored.events}), cards=cards)
    except SaveError as exc:
        raise DamagedGameError(stored.game_id, exc.reason, exc.index) from None
    except CardError as exc:  # recorded card files moved, changed or damaged
        raise DamagedGameError(stored.game_id, f"its cards do not load: {exc.reason}") from None
    if game.decision != stored.decision:
        raise DamagedGameError(
            stored.game_id,
            f"its decision counter says decision {stored.decision}, but its log replays to decision {game.decision}",
        )
    return game, cards


__all__ = [
    "StoredGame",
    "Undecodable",
    "CardSource",
    "decode_game",
    "decode_events",
    "card_source",
    "replay",
    "text_factory",
    "MAX_HEADER_BYTES",
    "MAX_CARD_SOURCE_BYTES",
    "MAX_ROW_BYTES",
    "MAX_ROW_DEPTH",
]

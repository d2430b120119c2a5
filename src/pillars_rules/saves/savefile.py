"""Saves: JSON text with a header and the event log.

A save holds no state, only the log: loading replays it. The header records
the format version, the library version and the game (its registered name,
:func:`pillars_rules.core.game_type`), then what that game's
:meth:`~pillars_rules.core.GameType.save_header` says of it (Pillars: the
rules version, card-set content hash, variants, seats and seed), so a save is
refused when it cannot mean the same game here. This module names no game:
the game's type encodes and decodes its events, reads its header and replays
its log.

Saves come from disk, from clients and from older versions, so :func:`load`
trusts nothing: every value is checked against the exact JSON type the event
classes declare (no coercion: ``"3"``, ``3.0`` and ``true`` are not ``3``),
unknown and missing fields are refused, sizes are bounded, and with
``verify`` (the default) every event is re-derived from the rules. Whatever is
wrong, the only exception is :class:`~pillars_rules.errors.SaveError`, whose
message gives a JSON path (``$.events[12].n``) and whose ``index`` names the
offending event.

>>> import pillars_rules as pr
>>> game = pr.new_game(players=2, seed=1)
>>> pr.load(pr.save(game)) == game
True
>>> try:
...     pr.load(pr.save(game)[:-9])
... except pr.SaveError as exc:
...     print(str(exc).split(":")[0])
save is not valid JSON (truncated or corrupted?)
"""

from __future__ import annotations

import json
from typing import Any

from .. import __version__
from ..core import GameType, game_type, game_type_of, game_types
from ..core.gametype import FORMAT_FIELDS
from ..core.session import Game
from ..errors import ConfigError, PillarsError, SaveError, bounded
from ..limits import MAX_EVENTS, MAX_INT, MAX_ITEMS, MAX_SAVE_BYTES, MAX_STRING_LENGTH
from .jsonguard import GuardedJson, JsonWords, bad_value
from .replay import check_verify

FORMAT = "pillars-rules-save"
#: Current save format. Formats 1 to 4 named no game: the game whose saves they
#: are upcasts them (:meth:`~pillars_rules.core.GameType.upcast_save`; their
#: history: :mod:`pillars_rules.games.pillars.upcasters`).
FORMAT_VERSION = 5


# ------------------------------------------------------------------ save / load
def save(game: Game) -> str:
    """The game as JSON text (header + event log), for any registered game.
    Deterministic: the same game gives byte-identical text in any interpreter."""
    kind: GameType = game.game_type
    facts = kind.save_header(game)
    clash = [k for k in facts if k in FORMAT_FIELDS]
    if clash:
        raise ConfigError(f"the game {kind.name!r} writes the header field {clash[0]!r}, which is the format's own")
    doc = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": kind.name,
        "library_version": __version__,
        **facts,
        "events": [kind.encode_event(e) for e in game.events],
    }
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


_read_json = GuardedJson(
    limit=MAX_SAVE_BYTES,
    error=SaveError,
    words=JsonWords(
        too_many_bytes="save is {size} bytes; the limit is {limit}",
        not_utf8="save is not UTF-8 text: {reason} at byte {start}",
        not_text="save must be JSON text (str or bytes), not {kind}",
        too_large="save is larger than the limit of {limit} bytes",
        duplicate_key="save has a duplicated key {key!r} in one object",
        not_json="save is not valid JSON (truncated or corrupted?): {msg} at line {line} column {column}",
        too_deep="save is not valid JSON: nested too deeply",
        unreadable="save is not valid JSON: {text:.120}",
    ),
)


def _parse(text: object) -> dict[str, Any]:
    doc = _read_json(text)
    if type(doc) is not dict or doc.get("format") != FORMAT:
        raise SaveError(f'not a pillars-rules save (expected "format": "{FORMAT}")')
    return doc


def _upcast(doc: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The document in the current format, and the format it was written in."""
    version = doc.get("format_version")
    if type(version) is not int:
        raise bad_value("$.format_version", "a whole number", version, None)
    original = version
    if version > FORMAT_VERSION:
        lib = doc.get("library_version")
        lib = lib[:40] if type(lib) is str else "?"
        raise SaveError(
            f"save format {version} is newer than this library supports ({FORMAT_VERSION}); "
            f"it was written by pillars-rules {lib} -- upgrade to load it"
        )
    while version < FORMAT_VERSION:
        doc = _next_format(doc, version)
        version = doc["format_version"]
    return doc, original


def _next_format(doc: dict[str, Any], version: int) -> dict[str, Any]:
    """A document of a format before the one that names the game, one format
    on: upcast by the registered game whose saves that format wrote."""
    for kind in game_types():
        up = kind.upcast_save(doc, version)
        if up is not None:
            return up
    raise SaveError(f"save format {version} is too old to load (no upcaster)")


def _text(value: object, path: str) -> str:
    """``value`` (parsed JSON) if it is a string within the limit."""
    if type(value) is not str:
        raise bad_value(path, "a string", value, None)
    if len(value) > MAX_STRING_LENGTH:
        raise SaveError(f"{path}: string of {len(value)} characters; the limit is {MAX_STRING_LENGTH}")
    return value


def game_of(doc: dict[str, Any], cards: object = None) -> GameType:
    """The registered game a save's (upcast) document names in ``game``, its
    ``library_version`` and ``events`` checked; :class:`SaveError` with the path
    (``$.game``) for a missing, mistyped or unknown game, or when ``cards`` are
    the rules of another game."""
    if "game" not in doc:
        raise SaveError("$.game: the header lacks the field 'game' (the name of the game the save records)")
    name = _text(doc["game"], "$.game")
    try:
        kind = game_type(name)
    except ConfigError as exc:
        raise SaveError(f"$.game: {exc}") from None
    if "library_version" not in doc:
        raise SaveError("$: the header lacks the field 'library_version'")
    _text(doc["library_version"], "$.library_version")
    if "events" not in doc:
        raise SaveError("$: the header lacks the field 'events'")
    raw = doc["events"]
    if type(raw) is not list or not raw:
        raise bad_value("$.events", "a non-empty list of events", raw, None)
    if len(raw) > MAX_EVENTS:
        raise SaveError(f"$.events: {len(raw)} events; the limit is {MAX_EVENTS}")
    other = _rules_game(cards)
    if other is not None and other is not kind:
        raise SaveError(
            f"$.game: the save records a game of {kind.name!r} ({kind.title}), "
            f"but the rules given are those of {other.name!r} ({other.title})"
        )
    return kind


def _rules_game(cards: object) -> GameType | None:
    """The registered game whose rules value ``cards`` is, if it is one."""
    if cards is None or isinstance(cards, (str, list, tuple)):
        return None
    try:
        return game_type_of(cards)
    except ConfigError:
        return None


def load(text: str | bytes, cards: object = None, *, verify: bool = True) -> Game:
    """The game a :func:`save` text records, whichever registered game it is.

    Raises :class:`SaveError` (and nothing else, whatever the text) for
    malformed or truncated JSON, wrong types, missing or unknown fields, a
    newer format, a save of a game this library does not know (``$.game``), a
    different card set (by content hash) or a log that does not follow from
    the rules (naming the offending event's index). ``cards`` are what the
    game's :meth:`~pillars_rules.core.GameType.load_rules` takes (Pillars: the
    extra card files the game was created with; default: base cards only);
    the rules value of another game than the save's is refused (``$.game``).
    ``verify=False`` skips re-deriving the events from the rules; use it only
    for logs you wrote yourself; ``verify`` must be ``True`` or ``False``
    (anything else is a :class:`~pillars_rules.errors.ConfigError`, in both builds).
    """
    verify = check_verify(verify)
    doc, written = _upcast(_parse(text))
    kind = game_of(doc, cards)
    if type(kind).load_save is GameType.load_save:  # the core's reading needs these of the game
        missing = [m for m in _LOAD_NEEDS if getattr(type(kind), m) is getattr(GameType, m)]
        if missing:
            raise SaveError(
                f"$.game: this library cannot load saves of {kind.name!r}: its game type defines no "
                f"{', '.join(missing)}"
            )
    try:
        game = kind.load_save(doc, written, cards, verify)
    except SaveError as exc:
        if exc.reason.startswith(_NOT_THE_GAMES_FIELDS):  # the header is another game's, or damaged
            raise SaveError(f"$.game is {kind.name!r}, whose saves have other header fields: {exc.reason}") from None
        raise
    except PillarsError:  # the cards= given: a ConfigError or CardError, as before format 5
        raise
    except Exception as exc:  # a game's reader that fails on a value it did not check: still a SaveError
        raise SaveError(
            f"$.events: a save of {kind.name!r} cannot be read: {type(exc).__name__}: {bounded(exc, 120)}"
        ) from None
    if not isinstance(game, Game) or game.game_type is not kind:
        raise SaveError(f"$.game: the save names {kind.name!r}, but its log replays as another game")
    return game


#: How a game's header reading says a field is unknown or missing (GameType.load_save).
_NOT_THE_GAMES_FIELDS = ("$: unknown header field", "$: the header lacks the field")
#: What the core's :meth:`~pillars_rules.core.GameType.load_save` needs a game to define.
_LOAD_NEEDS = ("save_header", "decode_event", "replay_log")


__all__ = [
    "save",
    "load",
    "game_of",
    "FORMAT_VERSION",
    "MAX_SAVE_BYTES",
    "MAX_EVENTS",
    "MAX_STRING_LENGTH",
    "MAX_ITEMS",
    "MAX_INT",
    "SaveError",
]

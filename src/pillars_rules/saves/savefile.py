"""Saves: JSON text with a header and the event log.

A save holds no state, only the log: loading replays it. The header records
the format version, library version, card-set content hash, variants, seats
and seed, so a save is refused when it cannot mean the same game here.

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
from ..cardlang.cardset import CardSet
from ..engine import events as E
from ..engine.context import RULES_VERSION
from ..errors import SaveError, safe_repr
from ..game import Game, load_cards
from ..limits import MAX_EVENTS, MAX_INT, MAX_ITEMS, MAX_SAVE_BYTES, MAX_STRING_LENGTH, MOST_PLAYERS
from .codec import event_to_dict
from .jsonguard import GuardedJson, JsonWords
from .replay import _replay, check_verify
from .strict import Seed, _bad, _strict, event_from_dict
from .upcasters import (
    IDENTITY_FORMAT,
    RULES_UPCASTERS,
    UPCASTERS,
    translate_legacy_card_hash,
    upcast_rules_v1_v2,
    upcast_v1_v2,
    upcast_v2_v3,
    upcast_v3_v4,
)

FORMAT = "pillars-rules-save"
#: Current save format (history in :mod:`pillars_rules.saves.upcasters`).
FORMAT_VERSION = 4

#: Header fields of the current format, each with its JSON type.
HEADER_FIELDS: dict[str, Any] = {
    "format": str,
    "format_version": int,
    "library_version": str,
    "rules_version": int,
    "card_hash": str,
    "variants": tuple[str, ...],
    "players": int,
    "names": tuple[str, ...],
    "seed": Seed,
    "events": list,
}


def _upcast_rules(head: dict[str, Any]) -> dict[str, Any]:
    version = head["rules_version"]
    while version < RULES_VERSION:
        up = RULES_UPCASTERS.get(version)
        head = up(head) if up is not None else {**head, "rules_version": version + 1}
        version = head["rules_version"]
    return head


# ------------------------------------------------------------------ save / load
def save(game: Game) -> str:
    """The game as JSON text (header + event log). Deterministic: the same game
    gives byte-identical text in any interpreter."""
    first = game.events[0]
    doc = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "library_version": __version__,
        "rules_version": RULES_VERSION,
        "card_hash": game.rules.content_hash,
        "variants": list(game.rules.variants),
        "players": len(first.names),
        "names": list(first.names),
        "seed": first.seed,
        "events": [event_to_dict(e) for e in game.events],
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
        raise _bad("$.format_version", "a whole number", version, None)
    original = version
    if version > FORMAT_VERSION:
        lib = doc.get("library_version")
        lib = lib[:40] if type(lib) is str else "?"
        raise SaveError(
            f"save format {version} is newer than this library supports ({FORMAT_VERSION}); "
            f"it was written by pillars-rules {lib} -- upgrade to load it"
        )
    while version < FORMAT_VERSION:
        up = UPCASTERS.get(version)
        if up is None:
            raise SaveError(f"save format {version} is too old to load (no upcaster)")
        doc = up(doc)
        version = doc["format_version"]
    return doc, original


def _header(doc: dict[str, Any]) -> dict[str, Any]:
    extra = [k for k in doc if k not in HEADER_FIELDS]
    if extra:
        raise SaveError(f"$: unknown header field {extra[0][:40]!r}")
    out: dict[str, Any] = {}  # each field as HEADER_FIELDS types it
    for key, tp in HEADER_FIELDS.items():
        if key not in doc:
            raise SaveError(f"$: the header lacks the field {key!r}")
        if tp is list:
            raw = doc[key]
            if type(raw) is not list or not raw:
                raise _bad(f"$.{key}", "a non-empty list of events", raw, None)
            if len(raw) > MAX_EVENTS:
                raise SaveError(f"$.{key}: {len(raw)} events; the limit is {MAX_EVENTS}")
            out[key] = raw
        else:
            out[key] = _strict(tp, doc[key], f"$.{key}", None)
    if not 2 <= out["players"] <= MOST_PLAYERS:  # the card set's own range is checked with its cards
        raise SaveError(f"$.players: {out['players']} players; 2 to {MOST_PLAYERS} are allowed")
    return out


def load(text: str | bytes, cards: CardSet | str | list[str] | None = None, *, verify: bool = True) -> Game:
    """The game a :func:`save` text records.

    Raises :class:`SaveError` (and nothing else, whatever the text) for
    malformed or truncated JSON, wrong types, missing or unknown fields, a
    newer format, a different card set (by content hash) or a log that does
    not follow from the rules (naming the offending event's index). ``cards``
    are the extra card files the game was created with (default: base cards
    only). ``verify=False`` skips re-deriving the events from the rules; use
    it only for logs you wrote yourself; ``verify`` must be ``True`` or
    ``False`` (anything else is a :class:`~pillars_rules.errors.ConfigError`,
    in both builds).
    """
    verify = check_verify(verify)
    doc, written = _upcast(_parse(text))
    cardset = None
    if written < IDENTITY_FORMAT:  # an old card_hash: translated if made from the same cards
        cardset = load_cards(cards)
        translate_legacy_card_hash(doc, cardset)
    head = _header(doc)
    if head["rules_version"] < 1:
        raise SaveError(f"$.rules_version must be 1 or more, not {head['rules_version']}")
    if head["rules_version"] > RULES_VERSION:
        raise SaveError(
            f"save was made under rules version {head['rules_version']} by pillars-rules "
            f"{head['library_version'][:40]}; this library plays rules version {RULES_VERSION} -- "
            "upgrade to load it"
        )
    made_under = head["rules_version"]
    head = _upcast_rules(head)
    if cardset is None:
        cardset = load_cards(cards)
    if head["card_hash"] != cardset.content_hash:
        older = (
            ""
            if made_under == RULES_VERSION
            else (
                f" -- the save was made under rules version {made_under}, whose base cards differ from "
                f"rules version {RULES_VERSION}'s; only games of the base cards alone are converted"
            )
        )
        raise SaveError(
            "save was made with different card contents (card hash "
            f"{head['card_hash'][:12]}... here {cardset.content_hash[:12]}...); "
            "pass the same cards= files the game was created with" + older
        )
    events = [event_from_dict(d, i) for i, d in enumerate(head["events"])]
    first = events[0]
    if not isinstance(first, E.GameStarted):
        raise SaveError(f"$.events[0]: the log must start with GameStarted, not {type(first).__name__}", 0)
    told = {
        "variants": first.variants,
        "players": len(first.names),
        "names": first.names,
        "seed": first.seed,
        "card_hash": first.card_hash,
    }
    for key, value in told.items():
        if head[key] != value:
            raise SaveError(f"$.{key} is {safe_repr(head[key], 60)} but the log says {safe_repr(value, 60)}", 0)
    try:
        return _replay(events, cardset, verify, typed=True)
    except SaveError as exc:
        if made_under == RULES_VERSION:
            raise
        raise SaveError(  # the versions first: the detail is what gets cut to the reason's limit
            f"made under rules version {made_under} (pillars-rules {head['library_version'][:20]}); "
            f"this library plays rules version {RULES_VERSION}, whose rules or draws differ: {exc}",
            exc.index,
        ) from None


__all__ = [
    "save",
    "load",
    "upcast_v1_v2",
    "upcast_v2_v3",
    "upcast_v3_v4",
    "UPCASTERS",
    "upcast_rules_v1_v2",
    "RULES_UPCASTERS",
    "FORMAT_VERSION",
    "MAX_SAVE_BYTES",
    "MAX_EVENTS",
    "MAX_STRING_LENGTH",
    "MAX_ITEMS",
    "MAX_INT",
    "SaveError",
]

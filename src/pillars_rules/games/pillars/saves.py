"""The saves of *The Pillars of the Earth*: what its header records, and how a
save of each format and rules version is read.

:data:`~pillars_rules.games.pillars.PILLARS` (:mod:`.game`) hands these to the
save layer (:mod:`pillars_rules.saves`, which names no game):

* :func:`save_header` -- the header's facts of a save (format 5 keeps format
  4's, in its order);
* :func:`load_save` -- a save's header read as Pillars wrote it in each format
  and rules version: a format 1 or 2 ``card_hash`` translated, the
  rules-version upcasters (:data:`~pillars_rules.games.pillars.upcasters.RULES_UPCASTERS`)
  run, the card set checked by its hash, the header checked against the log's
  ``GameStarted``, then the log replayed (:mod:`.replay`).
"""

from __future__ import annotations

from typing import Any

from ...core.gametype import FORMAT_FIELDS, GameType
from ...core.session import Game
from ...engine import events as E
from ...engine.context import RULES_VERSION
from ...errors import SaveError, safe_repr
from ...limits import MOST_PLAYERS
from ...pillars_json.strict import Seed, _strict, event_from_dict
from .replay import replay_pillars
from .setup import load_cards
from .upcasters import IDENTITY_FORMAT, RULES_UPCASTERS, translate_legacy_card_hash

#: The header fields of a Pillars save, each with its JSON type (the format's own
#: fields, :data:`~pillars_rules.core.gametype.FORMAT_FIELDS`, are checked by
#: :func:`pillars_rules.load` before).
HEADER_FIELDS: dict[str, Any] = {
    "rules_version": int,
    "card_hash": str,
    "variants": tuple[str, ...],
    "players": int,
    "names": tuple[str, ...],
    "seed": Seed,
}


def save_header(game: Game) -> dict[str, Any]:
    """The header's facts of a Pillars save (format 5 keeps format 4's, in its order)."""
    first = game.events[0]
    return {
        "rules_version": RULES_VERSION,
        "card_hash": game.rules.content_hash,
        "variants": list(game.rules.variants),
        "players": len(first.names),
        "names": list(first.names),
        "seed": first.seed,
    }


def _upcast_rules(head: dict[str, Any]) -> dict[str, Any]:
    version = head["rules_version"]
    while version < RULES_VERSION:
        up = RULES_UPCASTERS.get(version)
        head = up(head) if up is not None else {**head, "rules_version": version + 1}
        version = head["rules_version"]
    return head


def _header(doc: dict[str, Any]) -> dict[str, Any]:
    """The game's facts, each as :data:`HEADER_FIELDS` types it, with the
    format's ``library_version`` and ``events`` (checked by the save layer)."""
    out: dict[str, Any] = {"library_version": doc["library_version"]}
    for key, tp in HEADER_FIELDS.items():
        if key not in doc:
            raise SaveError(f"$: the header lacks the field {key!r}")
        out[key] = _strict(tp, doc[key], f"$.{key}", None)
    out["events"] = doc["events"]
    if not 2 <= out["players"] <= MOST_PLAYERS:  # the card set's own range is checked with its cards
        raise SaveError(f"$.players: {out['players']} players; 2 to {MOST_PLAYERS} are allowed")
    return out


def load_save(kind: GameType, doc: dict[str, Any], written: int, cards: object, verify: bool) -> Game:
    """The game a save of format ``written`` records (its header ``doc`` read as a
    JSON object), played by ``kind``; :class:`SaveError` naming the field if not."""
    extra = [k for k in doc if k not in HEADER_FIELDS and k not in FORMAT_FIELDS]
    if extra:
        raise SaveError(f"$: unknown header field {extra[0][:40]!r}")
    cardset = None
    if written < IDENTITY_FORMAT:  # an old card_hash: translated if made from the same cards
        cardset = load_cards(cards)  # type: ignore[arg-type]  # (its ConfigError or CardError as before format 5)
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
        cardset = load_cards(cards)  # type: ignore[arg-type]  # (its ConfigError or CardError as before format 5)
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
        return replay_pillars(kind, events, cardset, verify, typed=True)
    except SaveError as exc:
        if made_under == RULES_VERSION:
            raise
        raise SaveError(  # the versions first: the detail is what gets cut to the reason's limit
            f"made under rules version {made_under} (pillars-rules {head['library_version'][:20]}); "
            f"this library plays rules version {RULES_VERSION}, whose rules or draws differ: {exc}",
            exc.index,
        ) from None


__all__ = ["HEADER_FIELDS", "load_save", "save_header"]

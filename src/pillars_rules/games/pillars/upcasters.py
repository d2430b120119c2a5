"""Older saves, upgraded one version at a time by named functions: save
formats (:data:`UPCASTERS`) and rules versions (:data:`RULES_UPCASTERS`).

:data:`UPCASTERS` maps a format version to the function that turns such a
document into the next version's. History:

1. events as ``[type, fields]`` pairs, no ``seed`` in the header;
2. events as objects with a ``"type"`` key, header gained ``seed``;
3. ``card_hash`` is the card set's *identity* (a hash of the compiled cards
   in canonical form, :func:`pillars_rules.cardlang.cardset.card_set_identity`); formats 1
   and 2 recorded a hash of the card files' names and texts instead;
4. each queued choice (a ``Job`` of ``ChoicesQueued``) records ``actor``, the
   seat whose action the reaction that asked it answers when the choice names
   ``that player`` (issue #53), else -1;
5. the header names the game in ``game`` (issue #57: the library hosts more
   than one, :func:`pillars_rules.core.game_type`); every save of formats 1
   to 4 is a game of *The Pillars of the Earth* (``"pillars"``), and the
   game's type reads the rest of the header
   (:meth:`~pillars_rules.core.GameType.load_save`).

A format 1 or 2 ``card_hash`` cannot be turned into an identity without the
cards, so :func:`~pillars_rules.saves.savefile.load` translates it with
:func:`translate_legacy_card_hash` once it knows the cards passed to it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from ...cardlang.cardset import CardSet
from ...engine.context import RULES_V3, RULES_V4
from ...errors import SaveError, safe_repr

#: Format-2 ``card_hash`` values of base card sets shipped by earlier versions.
#: A save recording one of them was made with the base cards only.
LEGACY_BASE_HASHES: frozenset[str] = frozenset(
    {
        "3febfecf210e29447f753b919b865eea7ac28c45753f98ac542419bd19522fc2",  # rules version 1
        "aa1edcf36e7fdd7d55075e4ba4265719d218855cd13259392ff78a939c2b6751",  # rules version 2 (#9)
    }
)


def upcast_v1_v2(doc: dict) -> dict:
    """Format 1 stored events as ``[type, fields]`` pairs and had no ``seed`` in
    the header; format 2 stores ``{"type": ..., **fields}`` objects and copies
    the seed from the ``GameStarted`` event into the header."""
    raw = doc.get("events")
    if type(raw) is not list:
        raise SaveError("$.events: expected a list of [type, fields] pairs")
    if "seed" in doc:
        raise SaveError("$.seed: format 1 saves have no seed in the header")
    events = []
    for i, item in enumerate(raw):
        if not (type(item) is list and len(item) == 2 and type(item[1]) is dict):
            raise SaveError(f"$.events[{i}]: format 1 expects [type, fields] pairs", i)
        if "type" in item[1]:
            raise SaveError(f"$.events[{i}]: unknown field 'type' in the fields of a format 1 event", i)
        events.append({"type": item[0], **item[1]})
    first = events[0] if events else {}
    # format 1 predates the rules version in the header: it was written under version 1
    return {
        **doc,
        "format_version": 2,
        "rules_version": doc.get("rules_version", 1),
        "seed": first.get("seed", 0),
        "events": events,
    }


def upcast_v2_v3(doc: dict) -> dict:
    """Format 3 records the card-set identity in ``card_hash``; the document is
    otherwise unchanged, and its old ``card_hash`` is translated by ``load``
    (:func:`translate_legacy_card_hash`)."""
    return {**doc, "format_version": 3}


def upcast_v3_v4(doc: dict) -> dict:
    """Format 4 records in each queued choice the seat that acted (``actor``,
    issue #53). Before it a choice could not name ``that player`` (``cards
    check`` refused it), so each job of a format 3 log gets -1. A job that
    holds ``actor`` already keeps it: a table's stored game keeps the header
    it was created with (:mod:`pillars_rules.table`), so a game begun under
    format 3 and played on under format 4 holds jobs of both. Only what is
    well formed is touched: the strict reading after the upcast refuses the
    rest, with its path."""
    events = doc.get("events")
    if type(events) is not list:
        return {**doc, "format_version": 4}
    out = []
    for e in events:
        jobs = e.get("jobs") if type(e) is dict and e.get("type") == "ChoicesQueued" else None
        if type(jobs) is list:
            e = {**e, "jobs": [{**j, "actor": -1} if type(j) is dict and "actor" not in j else j for j in jobs]}
        out.append(e)
    return {**doc, "format_version": 4, "events": out}


#: The game every save of formats 1 to 4 records: the only game those formats knew.
FIRST_GAME = "pillars"


def upcast_v4_v5(doc: dict) -> dict:
    """Format 5 names the game in the header (``game``, issue #57). Formats 1
    to 4 knew one game, so their saves are games of *The Pillars of the
    Earth*: ``"game": "pillars"``, written after ``format_version`` as format
    5 writes it. (A document of an older format that names a game already --
    a format 5 save whose version was lowered by hand -- may name only that
    one; any other is refused at ``$.game``.)"""
    if "game" in doc and doc["game"] != FIRST_GAME:
        raise SaveError(
            f"$.game: a format {safe_repr(doc.get('format_version'), 20)} save is a game of {FIRST_GAME!r}, "
            f"not {safe_repr(doc['game'], 40)}"
        )
    out = {"format": doc.get("format"), "format_version": 5, "game": FIRST_GAME}
    out.update((k, v) for k, v in doc.items() if k not in out)
    return out


#: Format version -> function turning such a document into the next version's.
UPCASTERS: dict[int, Callable[[dict], dict]] = {
    1: upcast_v1_v2,
    2: upcast_v2_v3,
    3: upcast_v3_v4,
    4: upcast_v4_v5,
}
#: The first format whose ``card_hash`` is the card-set identity.
IDENTITY_FORMAT = 3


def legacy_source_hash(cards: CardSet) -> str:
    """The ``card_hash`` formats 1 and 2 recorded for ``cards``: SHA-256 over the
    sorted (file name, text) sources, or over the cards' ``repr`` without sources.
    A source that writes only places and the board (issue #35: the board became
    text after format 2) is left out, as those formats never had one."""
    h = hashlib.sha256()
    for name, text in sorted(cards.sources):
        if _board_only(text):
            continue
        h.update(name.encode("utf-8", "surrogatepass") + b"\0" + text.encode("utf-8", "surrogatepass") + b"\0")
    if not cards.sources:
        for c in cards.cards:
            h.update(repr(c).encode("utf-8", "surrogatepass"))
    return h.hexdigest()


def _board_only(text: str) -> bool:
    from ...cardlang import parse
    from ...cardlang.effects import BOARD_KINDS
    from ...errors import CardError

    try:
        nodes = parse(text).cards
    except CardError:
        return False
    return bool(nodes) and all(n.kind.text in BOARD_KINDS for n in nodes)


def translate_legacy_card_hash(doc: dict, cards: CardSet) -> None:
    """In an upcast format 1 or 2 document, replace an old ``card_hash`` (in the
    header and the ``GameStarted`` event) by the identity of ``cards`` when the
    old hash was made from the same cards: a known base-set hash with the base
    cards, or the old hash of ``cards``' own sources. Otherwise leave it, so
    the card check refuses the save."""
    from ...cardlang import base_cards

    old = doc.get("card_hash")
    if type(old) is not str or old == cards.identity:
        return
    same = (old in LEGACY_BASE_HASHES and cards.identity == base_cards().identity) or old == legacy_source_hash(cards)
    if not same:
        return
    doc["card_hash"] = cards.identity
    events = doc.get("events")
    if type(events) is list and events and type(events[0]) is dict and events[0].get("card_hash") == old:
        events[0] = {**events[0], "card_hash": cards.identity}


# ------------------------------------------------------------------ rules versions
#: Content hash of the base cards at rules version 1 (their texts before issue
#: #9). A rules-version-1 save of a game with the base cards only names it.
RULES_V1_BASE_CARD_HASH = "3febfecf210e29447f753b919b865eea7ac28c45753f98ac542419bd19522fc2"
_OLD_STATUE_VARIANT = "archbishop_all_craftsmen"


def upcast_rules_v1_v2(head: dict) -> dict:
    """Rules version 2 (issue #9) changed the base cards and made the old
    variant ``archbishop_all_craftsmen`` the default reading of the
    Archbishop's statue (§8). A version-1 save of base cards gets today's base
    card hash; with the old variant, the variant is dropped (header and
    ``GameStarted``) and so are its ``CapacityBoosted`` events, since the
    statue is now a modifier. The log is then replayed and verified as usual:
    a game that other changes of version 2 touch (e.g. Richard's cube at
    another step) is refused with both rules versions named.

    ``head`` is the checked header (``persistence._header``) with raw event objects."""
    from ...cardlang import base_cards

    old, new_hash = _OLD_STATUE_VARIANT, base_cards().content_hash
    events = list(head["events"])
    variants = head["variants"]
    if old in variants:
        variants = tuple(v for v in variants if v != old)
        events = [e for e in events if not (type(e) is dict and e.get("type") == "CapacityBoosted")]
    card_hash = new_hash if head["card_hash"] == RULES_V1_BASE_CARD_HASH else head["card_hash"]
    first = events[0]
    if type(first) is dict and first.get("type") == "GameStarted":
        first = dict(first)
        if first.get("card_hash") == RULES_V1_BASE_CARD_HASH:
            first["card_hash"] = new_hash
        if type(first.get("variants")) is list:
            first["variants"] = [v for v in first["variants"] if v != old]
        events[0] = first
    return {**head, "rules_version": 2, "variants": variants, "card_hash": card_hash, "events": events}


def _with_variant(head: dict, variant: str, version: int) -> dict:
    """``head`` at rules ``version`` with the engine ``variant`` added to the
    header and to ``GameStarted``, so the log replays to the identical game
    (and a save of it names the variant, so it keeps the old readings)."""
    variants = tuple(sorted(set(head["variants"]) | {variant}))
    events = list(head["events"])
    first = events[0]
    if type(first) is dict and first.get("type") == "GameStarted" and type(first.get("variants")) is list:
        events[0] = {**first, "variants": sorted(set(first["variants"]) | {variant})}
    return {**head, "rules_version": version, "variants": variants, "events": events}


def upcast_rules_v3_v4(head: dict) -> dict:
    """Rules version 4 (issue #34) fills the Priory's and the King's court's
    spots in order and returns an immediate privilege to the box once used. A
    game of version 3 goes on under version 3's readings: the engine variant
    ``rules_v3`` (:data:`~pillars_rules.engine.context.RULES_V3`) is added to
    the header and to ``GameStarted``, so the log replays to the identical game
    (and a save of it names the variant, so it keeps those readings)."""
    return _with_variant(head, RULES_V3, 4)


def _asked_late(events: list) -> bool:
    """Whether a log of rules version 4 queued a choice of a place's spot (a
    job whose source is the step's place) and started the next step before
    asking it -- the reading rules version 5 changed."""
    step, queued = None, False
    for e in events:
        kind = e.get("type") if type(e) is dict else None
        if kind == "StepStarted":
            if queued:
                return True
            step = e.get("step")
        elif kind == "DecisionPending":
            queued = False
        elif kind == "ChoicesQueued" and type(e.get("jobs")) is list:
            queued = queued or any(type(j) is dict and j.get("source") == step for j in e["jobs"])
    return False


def upcast_rules_v4_v5(head: dict) -> dict:
    """Rules version 5 (issue #54) asks a choice that a place's spot gives (the
    expansion's France) at that place's step, before the next step starts.
    A game of version 4 whose log asked one later goes on under version 4's
    reading, the engine variant ``rules_v4``
    (:data:`~pillars_rules.engine.context.RULES_V4`); any other log is the same
    under both and only gets the new version."""
    if _asked_late(head["events"]):
        return _with_variant(head, RULES_V4, 5)
    return {**head, "rules_version": 5}


#: Rules version -> function turning a checked header of a save made under
#: that rules version into one of the next (a missing version needs no change:
#: its log is only re-verified).
RULES_UPCASTERS: dict[int, Callable[[dict], dict]] = {
    1: upcast_rules_v1_v2,
    3: upcast_rules_v3_v4,
    4: upcast_rules_v4_v5,
}


__all__ = [
    "UPCASTERS",
    "upcast_v1_v2",
    "upcast_v2_v3",
    "upcast_v3_v4",
    "upcast_v4_v5",
    "FIRST_GAME",
    "LEGACY_BASE_HASHES",
    "legacy_source_hash",
    "translate_legacy_card_hash",
    "IDENTITY_FORMAT",
    "RULES_UPCASTERS",
    "upcast_rules_v1_v2",
    "upcast_rules_v3_v4",
    "upcast_rules_v4_v5",
    "RULES_V1_BASE_CARD_HASH",
]

"""Saves: JSON text with a header and the event log, via cattrs.

A save holds no state, only the log: loading replays it. The header records
the format version, library version, card-set content hash, variants, seats
and seed, so a save is refused when it cannot mean the same game here.
"""

from __future__ import annotations

import json
from typing import Any, Callable

import cattrs
from cattrs.preconf.json import make_converter

from . import __version__
from .cards import CardSet
from .engine import actions as A
from .engine import events as E
from .engine.context import Rules
from .engine.evolve import evolve
from .engine.legal import action_events, legal_actions, run
from .errors import IllegalActionError, SaveError

FORMAT = "pillars-rules-save"
#: Current save format. History: 1 -- events as ``[type, fields]`` pairs;
#: 2 -- events as objects with a ``"type"`` key, header gained ``seed``.
FORMAT_VERSION = 2
#: Largest save text :func:`load` accepts (a complete game is ~100 KB).
MAX_SAVE_BYTES = 16 * 1024 * 1024

converter = make_converter()
_STRUCT: dict[str, Callable[[Any], Any]] = {}
_UNSTRUCT: dict[type, Callable[[Any], Any]] = {}
for _name, _cls in E.EVENT_TYPES.items():
    _STRUCT[_name] = converter.get_structure_hook(_cls)
    _UNSTRUCT[_cls] = converter.get_unstructure_hook(_cls)


def event_to_dict(event: object) -> dict:
    d = _UNSTRUCT[type(event)](event)
    return {"type": type(event).__name__, **d}


def event_from_dict(d: object, index: int) -> object:
    if not isinstance(d, dict):
        raise SaveError(f"$.events[{index}]: expected an object, got {type(d).__name__}", index)
    kind = d.get("type")
    hook = _STRUCT.get(kind) if isinstance(kind, str) else None
    if hook is None:
        raise SaveError(f"$.events[{index}]: unknown event type {kind!r}", index)
    fields = {k: v for k, v in d.items() if k != "type"}
    try:
        return hook(fields, E.EVENT_TYPES[kind])
    except (cattrs.BaseValidationError, TypeError, ValueError, KeyError, AttributeError) as exc:
        detail = "; ".join(cattrs.transform_error(exc, path=f"$.events[{index}]")) \
            if isinstance(exc, cattrs.BaseValidationError) else str(exc)
        raise SaveError(f"$.events[{index}] ({kind}): malformed fields: {detail}", index) from None


# ------------------------------------------------------------------ upcasters
def upcast_v1_v2(doc: dict) -> dict:
    """Format 1 stored events as ``[type, fields]`` pairs and had no ``seed`` in
    the header; format 2 stores ``{"type": ..., **fields}`` objects."""
    events = []
    for i, item in enumerate(doc.get("events", [])):
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[1], dict)):
            raise SaveError(f"$.events[{i}]: format 1 expects [type, fields] pairs", i)
        events.append({"type": item[0], **item[1]})
    first = events[0] if events else {}
    return {**doc, "format_version": 2, "seed": first.get("seed", 0), "events": events}


UPCASTERS: dict[int, Callable[[dict], dict]] = {1: upcast_v1_v2}


# ------------------------------------------------------------------ save / load
def save(game) -> str:
    """The game as JSON text (header + event log). Deterministic: the same game
    gives byte-identical text in any interpreter."""
    first = game.events[0]
    doc = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "library_version": __version__,
        "card_hash": game.rules.content_hash,
        "variants": list(game.rules.variants),
        "players": len(first.names),
        "names": list(first.names),
        "seed": first.seed,
        "events": [event_to_dict(e) for e in game.events],
    }
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


def load(text: str | bytes, cards: CardSet | str | list | None = None, *, verify: bool = True):
    """The game a :func:`save` text records.

    Raises :class:`SaveError` for malformed or truncated JSON, a newer format,
    a different card set (by content hash) or a log that does not follow from
    the rules (naming the offending event's index). ``cards`` are the extra
    card files the game was created with (default: base cards only).
    """
    from .game import load_cards

    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SaveError(f"save is not UTF-8 text: {exc}") from None
    if not isinstance(text, str):
        raise SaveError(f"save must be JSON text, not {type(text).__name__}")
    if len(text) > MAX_SAVE_BYTES:
        raise SaveError(f"save is {len(text)} bytes; the limit is {MAX_SAVE_BYTES}")
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"save is not valid JSON (truncated or corrupted?): {exc.msg} "
                        f"at line {exc.lineno} column {exc.colno}") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SaveError(f"not a pillars-rules save (expected \"format\": \"{FORMAT}\")")
    version = doc.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(f"$.format_version must be a whole number, not {version!r}")
    if version > FORMAT_VERSION:
        raise SaveError(f"save format {version} is newer than this library supports ({FORMAT_VERSION}); "
                        f"it was written by pillars-rules {doc.get('library_version', '?')} -- upgrade to load it")
    while version < FORMAT_VERSION:
        up = UPCASTERS.get(version)
        if up is None:
            raise SaveError(f"save format {version} is too old to load (no upcaster)")
        doc = up(doc)
        version = doc["format_version"]
    cardset = load_cards(cards)
    if doc.get("card_hash") != cardset.content_hash:
        raise SaveError(
            "save was made with different card contents (card hash "
            f"{str(doc.get('card_hash'))[:12]}... here {cardset.content_hash[:12]}...); "
            "pass the same cards= files the game was created with")
    raw = doc.get("events")
    if not isinstance(raw, list) or not raw:
        raise SaveError("$.events must be a non-empty list of events")
    events = [event_from_dict(d, i) for i, d in enumerate(raw)]
    game = replay_checked(events, cardset, verify=verify)
    first = events[0]
    header = {"variants": list(first.variants), "players": len(first.names),
              "names": list(first.names), "seed": first.seed}
    for key, value in header.items():
        if key in doc and doc[key] != value:
            raise SaveError(f"$.{key} is {doc[key]!r} but the log says {value!r}")
    return game


# ------------------------------------------------------------------ replay
_FIRST_EVENT_ACTION = {
    E.ResourceCardTaken: lambda e, s: A.TakeResourceCard(e.card),
    E.CraftsmanHired: lambda e, s: A.Hire(e.card),
    E.DraftPassed: lambda e, s: A.Pass(),
    E.CraftsmanDiscarded: lambda e, s: A.Discard(e.card),
    E.BuilderParked: lambda e, s: A.Park(),
    E.BuilderPlaced: lambda e, s: A.Place(e.location, e.spot),
    E.Bought: lambda e, s: A.Buy(e.resource, e.n),
    E.Sold: lambda e, s: A.Sell(e.resource, e.n),
    E.MarketPassed: lambda e, s: A.EndTrading(),
    E.Converted: lambda e, s: A.Build(e.card, e.ability),
    E.CathedralDone: lambda e, s: A.EndBuilding(),
    E.CubesReturned: lambda e, s: A.ReturnCubes(e.resource, e.n),
}


def infer_action(events: list, i: int, state) -> object | None:
    """The action that produced the events starting at ``events[i]``."""
    e = events[i]
    nxt = events[i + 1] if i + 1 < len(events) else None
    t = type(e)
    if t in _FIRST_EVENT_ACTION:
        return _FIRST_EVENT_ACTION[t](e, state)
    if t is E.OnceUsed and isinstance(nxt, E.BuilderPlaced):
        return A.Place(nxt.location, nxt.spot, True)
    if t is E.Decided:
        if e.kind == "redraw":
            return A.ReturnBuilder() if isinstance(nxt, E.BuilderReturned) else A.KeepBuilder()
        if e.kind == "bishop":
            if isinstance(nxt, E.Protected):
                return A.Protect()
            if isinstance(nxt, E.CubeTaken):
                return A.TakeCube(nxt.resource)
        if e.kind in ("once_event", "once_tax"):
            return A.UseOnce(nxt.card) if isinstance(nxt, E.OnceUsed) else A.Decline()
    if t is E.ChoiceMade:
        return A.PickCraftsman(e.card) if e.card else A.ChooseOption(e.option)
    return None


def replay_checked(events: list, cards: CardSet, *, verify: bool = True):
    """Fold ``events``; with ``verify``, re-derive every event from the rules."""
    from .game import Game, _check_variants

    if not events or not isinstance(events[0], E.GameStarted):
        raise SaveError("the log must start with GameStarted", 0)
    first = events[0]
    if first.card_hash != cards.content_hash:
        raise SaveError("the log was recorded with different card contents (card hash mismatch)", 0)
    try:
        variants = _check_variants(first.variants, cards)
    except Exception as exc:
        raise SaveError(f"$.events[0]: {exc}", 0) from None
    rules = Rules(cards, variants)
    if not 2 <= len(first.names) <= 4:
        raise SaveError(f"$.events[0]: {len(first.names)} players; 2 to 4 are allowed", 0)
    state = evolve(None, first)
    if not verify:
        for i, e in enumerate(events[1:], 1):
            try:
                state = evolve(state, e)
            except Exception as exc:
                raise SaveError(f"$.events[{i}] ({type(e).__name__}) cannot be applied: {exc}", i) from None
        return Game(rules, state, list(events), len(events))
    expected, state = run(state, rules, [])
    _compare(events, 1, expected)
    i = 1 + len(expected)
    while i < len(events):
        if state.game_over:
            raise SaveError(f"$.events[{i}]: events after the end of the game", i)
        action = infer_action(events, i, state)
        legal = legal_actions(state, rules)
        if action is None or action not in legal:
            raise SaveError(
                f"$.events[{i}] ({type(events[i]).__name__}) does not follow from the state before it: "
                f"it is no legal decision of seat {state.pending.seat} ({state.pending.kind})", i)
        try:
            produced, state = run(state, rules, action_events(state, rules, action))
        except IllegalActionError as exc:  # pragma: no cover - legal was checked
            raise SaveError(f"$.events[{i}]: {exc}", i) from None
        _compare(events, i, produced)
        i += len(produced)
    return Game(rules, state, list(events), len(events))


def _compare(events: list, start: int, expected: list) -> None:
    for k, want in enumerate(expected):
        i = start + k
        if i >= len(events):
            raise SaveError(f"the log ends early at {len(events)} events; expected {type(want).__name__} next", i)
        if events[i] != want:
            raise SaveError(
                f"$.events[{i}] ({type(events[i]).__name__}) does not follow from the state before it: "
                f"the rules give {want!r}, the log has {events[i]!r}", i)

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

import itertools
import json
import types
import typing
from typing import Any, Callable

import attrs
from cattrs.preconf.json import make_converter

from . import __version__
from .cards import CardSet
from .engine import actions as A
from .engine import events as E
from .engine.context import RULES_VERSION, Rules, rules_for
from .engine.evolve import evolve
from .engine.legal import action_events, legal_actions, run
from .engine.rng import MAX_SEED, SEED_BITS
from .errors import IllegalActionError, PillarsError, SaveError, bounded, safe_repr
from .limits import MAX_EVENTS, MAX_INT, MAX_ITEMS, MAX_SAVE_BYTES, MAX_SEAT_NAME_LENGTH, MAX_STRING_LENGTH
from .textcheck import name_problem
from .upcasters import (
    IDENTITY_FORMAT, RULES_UPCASTERS, UPCASTERS, translate_legacy_card_hash,
    upcast_rules_v1_v2, upcast_v1_v2, upcast_v2_v3,
)

FORMAT = "pillars-rules-save"
#: Current save format (history in :mod:`pillars_rules.upcasters`).
FORMAT_VERSION = 3


class Seed:
    """Type marker of the seed fields: whole numbers in ``[0, MAX_SEED]`` (128 bits)."""

#: Header fields of the current format, each with its JSON type.
HEADER_FIELDS: dict[str, Any] = {
    "format": str, "format_version": int, "library_version": str, "rules_version": int, "card_hash": str,
    "variants": tuple[str, ...], "players": int, "names": tuple[str, ...], "seed": Seed,
    "events": list,
}

converter = make_converter()
# Sets (seats who passed, decisions settled...) are written sorted, so a save is
# byte-identical whatever the interpreter's hash seed.
converter.register_unstructure_hook_func(
    lambda t: typing.get_origin(t) is frozenset,
    lambda v: sorted(converter.unstructure(x) for x in v),
)
_UNSTRUCT: dict[type, Callable[[Any], Any]] = {
    cls: converter.get_unstructure_hook(cls) for cls in E.EVENT_TYPES.values()
}
_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    """Field name -> resolved type of an attrs class (cached)."""
    out = _HINTS.get(cls)
    if out is None:
        attrs.resolve_types(cls)
        out = _HINTS[cls] = {f.name: f.type for f in attrs.fields(cls)}
        if cls is E.GameStarted:
            out["seed"] = Seed
    return out


# ------------------------------------------------------------------ strict JSON -> values
def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number" if not isinstance(value, float) or value == value else "NaN"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _bad(path: str, want: str, value: object, index: int | None) -> SaveError:
    shown = safe_repr(value, 40)
    return SaveError(f"{path}: expected {want}, got {_json_type(value)} {shown}", index)


# Each type gets one compiled structurer (parsed JSON -> value) and one checker
# (Python value -> None), built once per type, so a save's thousand events pay
# no run-time type introspection.
_STRUCTURERS: dict[Any, Callable[[object, str, int | None], Any]] = {}
_CHECKERS: dict[Any, Callable[[object, str, int | None], None]] = {}


def _strict(tp: Any, value: object, path: str, index: int | None) -> Any:
    """``value`` (parsed JSON) as type ``tp``; lists become tuples. No coercion."""
    return _structurer(tp)(value, path, index)


def _structurer(tp: Any) -> Callable[[object, str, int | None], Any]:
    f = _STRUCTURERS.get(tp)
    if f is None:
        f = _STRUCTURERS[tp] = _make_structurer(tp)
    return f


def _make_structurer(tp: Any) -> Callable[[object, str, int | None], Any]:
    if tp is int:
        def f(value, path, index):
            if type(value) is not int:
                raise _bad(path, "a whole number", value, index)
            if not -MAX_INT - 1 <= value <= MAX_INT:
                raise SaveError(f"{path}: number out of range ({str(value)[:20]}...)", index)
            return value
        return f
    if tp is Seed:
        def f(value, path, index):
            if type(value) is not int:
                raise _bad(path, "a whole number (the seed)", value, index)
            if not 0 <= value <= MAX_SEED:
                raise SaveError(f"{path}: the seed must be from 0 to 2**{SEED_BITS}-1", index)
            return value
        return f
    if tp is str:
        def f(value, path, index):
            if type(value) is not str:
                raise _bad(path, "a string", value, index)
            if len(value) > MAX_STRING_LENGTH:
                raise SaveError(f"{path}: string of {len(value)} characters; the limit is "
                                f"{MAX_STRING_LENGTH}", index)
            return value
        return f
    if tp is bool:
        def f(value, path, index):
            if type(value) is not bool:
                raise _bad(path, "true or false", value, index)
            return value
        return f
    if tp is type(None):
        def f(value, path, index):
            if value is not None:
                raise _bad(path, "null", value, index)
            return None
        return f
    origin = typing.get_origin(tp)
    if origin is frozenset:
        items_of = _structurer(tuple[typing.get_args(tp)[0], ...])

        def f(value, path, index):
            return frozenset(items_of(value, path, index))
        return f
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _structurer(args[0])

            def f(value, path, index):
                if type(value) is not list:
                    raise _bad(path, "a list", value, index)
                if len(value) > MAX_ITEMS:
                    raise SaveError(f"{path}: list of {len(value)} items; the limit is {MAX_ITEMS}", index)
                return tuple([item(v, f"{path}[{k}]", index) for k, v in enumerate(value)])
            return f
        items = [_structurer(a) for a in args]

        def f(value, path, index):
            if type(value) is not list:
                raise _bad(path, "a list", value, index)
            if len(value) != len(items):
                raise SaveError(f"{path}: expected a list of {len(items)} items, got {len(value)}", index)
            return tuple([g(v, f"{path}[{k}]", index) for k, (g, v) in enumerate(zip(items, value))])
        return f
    if origin in (typing.Union, types.UnionType):
        optional = type(None) in typing.get_args(tp)
        inner = _structurer(next(a for a in typing.get_args(tp) if a is not type(None)))

        def f(value, path, index):
            if value is None and optional:
                return None
            return inner(value, path, index)
        return f
    if attrs.has(tp):
        return lambda value, path, index: _struct_obj(tp, value, path, index)
    raise AssertionError(f"no strict structure for {tp!r}")  # pragma: no cover


_FIELDS: dict[type, tuple[frozenset[str], tuple[tuple[str, Callable], ...]]] = {}


def _fields(cls: type):
    """(names, ((name, structurer), ...)) of an attrs class, cached."""
    out = _FIELDS.get(cls)
    if out is None:
        hints = _hints(cls)
        out = _FIELDS[cls] = (frozenset(hints), tuple((n, _structurer(t)) for n, t in hints.items()))
    return out


def _struct_obj(cls: type, value: object, path: str, index: int | None, skip: str = "") -> Any:
    if type(value) is not dict:
        raise _bad(path, f"an object ({cls.__name__})", value, index)
    names, structurers = _fields(cls)
    # every field, defaults included: save() writes them all, so a missing one is damage
    if len(value) != len(names) + (1 if skip and skip in value else 0) or not names.issubset(value):
        extra = [k for k in value if k not in names and k != skip]
        if extra:
            raise SaveError(f"{path}: unknown field {str(extra[0])[:40]!r} in {cls.__name__}", index)
        missing = sorted(k for k in names if k not in value)
        raise SaveError(f"{path}: {cls.__name__} lacks the field {missing[0]!r}", index)
    return cls(*[g(value[n], path + "." + n, index) for n, g in structurers])  # fields in order


def _check_obj(tp: Any, value: object, path: str, index: int | None) -> None:
    """Check a Python value (not parsed JSON) has exactly type ``tp``."""
    f = _CHECKERS.get(tp)
    if f is None:
        f = _CHECKERS[tp] = _make_checker(tp)
    f(value, path, index)


def _make_checker(tp: Any) -> Callable[[object, str, int | None], None]:
    if tp is Seed:
        return _make_structurer(Seed)
    if tp in (int, str, bool):
        def f(value, path, index):
            if type(value) is not tp:
                raise SaveError(f"{path}: expected {tp.__name__}, got {type(value).__name__} {safe_repr(value, 40)}", index)
            if tp is int and not -MAX_INT - 1 <= value <= MAX_INT:  # type: ignore[operator]
                raise SaveError(f"{path}: number out of range", index)
        return f
    if tp is type(None):
        def f(value, path, index):
            if value is not None:
                raise SaveError(f"{path}: expected None, got {type(value).__name__}", index)
        return f
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(tp)

        def f(value, path, index):
            problem = None
            for option in options:
                try:
                    _check_obj(option, value, path, index)
                    return
                except SaveError as exc:
                    problem = exc
            raise problem
        return f
    if origin is frozenset:
        item_type = typing.get_args(tp)[0]

        def f(value, path, index):
            if type(value) is not frozenset:
                raise SaveError(f"{path}: expected a frozenset, got {type(value).__name__}", index)
            for v in value:
                _check_obj(item_type, v, f"{path}[]", index)
        return f
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            item = args[0]

            def f(value, path, index):
                if type(value) is not tuple:
                    raise SaveError(f"{path}: expected a tuple, got {type(value).__name__}", index)
                for k, v in enumerate(value):
                    _check_obj(item, v, f"{path}[{k}]", index)
            return f

        def f(value, path, index):
            if type(value) is not tuple:
                raise SaveError(f"{path}: expected a tuple, got {type(value).__name__}", index)
            if len(value) != len(args):
                raise SaveError(f"{path}: expected {len(args)} items, got {len(value)}", index)
            for k, (a, v) in enumerate(zip(args, value)):
                _check_obj(a, v, f"{path}[{k}]", index)
        return f
    if attrs.has(tp):
        hints = tuple(_hints(tp).items())

        def f(value, path, index):
            if type(value) is not tp:
                raise SaveError(f"{path}: expected {tp.__name__}, got {type(value).__name__}", index)
            for name, ftp in hints:
                _check_obj(ftp, getattr(value, name), f"{path}.{name}", index)
        return f
    raise AssertionError(f"no check for {tp!r}")  # pragma: no cover


def event_to_dict(event: object) -> dict:
    d = _UNSTRUCT[type(event)](event)
    return {"type": type(event).__name__, **d}


def event_from_dict(d: object, index: int) -> object:
    """The event a parsed JSON object records; :class:`SaveError` naming ``index`` if malformed."""
    path = f"$.events[{index}]"
    if type(d) is not dict:
        raise _bad(path, "an event object", d, index)
    kind = d.get("type")
    cls = E.EVENT_TYPES.get(kind) if type(kind) is str else None
    if cls is None:
        raise SaveError(f"{path}.type: unknown event type {safe_repr(kind, 40)}", index)
    return _struct_obj(cls, d, path, index, skip="type")


def check_event(event: object, index: int) -> None:
    """Check an event object has exactly the declared field types (no ``1.0`` for ``1``)."""
    cls = type(event)
    if E.EVENT_TYPES.get(cls.__name__) is not cls:
        raise SaveError(f"$.events[{index}]: {type(event).__name__} is not an event", index)
    for name, tp in _hints(cls).items():
        _check_obj(tp, getattr(event, name), f"$.events[{index}].{name}", index)


def _upcast_rules(head: dict) -> dict:
    version = head["rules_version"]
    while version < RULES_VERSION:
        up = RULES_UPCASTERS.get(version)
        head = up(head) if up is not None else {**head, "rules_version": version + 1}
        version = head["rules_version"]
    return head


# ------------------------------------------------------------------ save / load
def save(game) -> str:
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


def _no_duplicate_keys(pairs: list) -> dict:
    d = dict(pairs)
    if len(d) != len(pairs):
        seen: set = set()
        dup = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise SaveError(f"save has a duplicated key {dup[:40]!r} in one object")
    return d


def _parse(text: object) -> dict:
    if type(text) in (bytes, bytearray):
        if len(text) > MAX_SAVE_BYTES:
            raise SaveError(f"save is {len(text)} bytes; the limit is {MAX_SAVE_BYTES}")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SaveError(f"save is not UTF-8 text: {exc.reason} at byte {exc.start}") from None
    if type(text) is not str:  # not even a str subclass: its methods could do anything
        raise SaveError(f"save must be JSON text (str or bytes), not {type(text).__name__}")
    if len(text) > MAX_SAVE_BYTES or (
            len(text) > MAX_SAVE_BYTES // 4 and len(text.encode("utf-8", "surrogatepass")) > MAX_SAVE_BYTES):
        raise SaveError(f"save is larger than the limit of {MAX_SAVE_BYTES} bytes")
    try:
        doc = json.loads(text, object_pairs_hook=_no_duplicate_keys)
    except json.JSONDecodeError as exc:
        raise SaveError(f"save is not valid JSON (truncated or corrupted?): {exc.msg} "
                        f"at line {exc.lineno} column {exc.colno}") from None
    except SaveError:  # a duplicated key
        raise
    except RecursionError:
        raise SaveError("save is not valid JSON: nested too deeply") from None
    except ValueError as exc:  # e.g. an integer with more digits than Python converts
        raise SaveError(f"save is not valid JSON: {str(exc)[:120]}") from None
    if type(doc) is not dict or doc.get("format") != FORMAT:
        raise SaveError(f"not a pillars-rules save (expected \"format\": \"{FORMAT}\")")
    return doc


def _upcast(doc: dict) -> tuple[dict, int]:
    """The document in the current format, and the format it was written in."""
    version = original = doc.get("format_version")
    if type(version) is not int:
        raise _bad("$.format_version", "a whole number", version, None)
    if version > FORMAT_VERSION:
        lib = doc.get("library_version")
        lib = lib[:40] if type(lib) is str else "?"
        raise SaveError(f"save format {version} is newer than this library supports ({FORMAT_VERSION}); "
                        f"it was written by pillars-rules {lib} -- upgrade to load it")
    while version < FORMAT_VERSION:
        up = UPCASTERS.get(version)
        if up is None:
            raise SaveError(f"save format {version} is too old to load (no upcaster)")
        doc = up(doc)
        version = doc["format_version"]
    return doc, original


def _header(doc: dict) -> dict:
    extra = [k for k in doc if k not in HEADER_FIELDS]
    if extra:
        raise SaveError(f"$: unknown header field {extra[0][:40]!r}")
    out = {}
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
    if not 2 <= out["players"] <= 4:
        raise SaveError(f"$.players: {out['players']} players; 2 to 4 are allowed")
    return out


def load(text: str | bytes, cards: CardSet | str | list | None = None, *, verify: bool = True):
    """The game a :func:`save` text records.

    Raises :class:`SaveError` (and nothing else, whatever the text) for
    malformed or truncated JSON, wrong types, missing or unknown fields, a
    newer format, a different card set (by content hash) or a log that does
    not follow from the rules (naming the offending event's index). ``cards``
    are the extra card files the game was created with (default: base cards
    only). ``verify=False`` skips re-deriving the events from the rules; use
    it only for logs you wrote yourself.
    """
    from .game import load_cards

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
            "upgrade to load it")
    made_under = head["rules_version"]
    head = _upcast_rules(head)
    if cardset is None:
        cardset = load_cards(cards)
    if head["card_hash"] != cardset.content_hash:
        older = "" if made_under == RULES_VERSION else (
            f" -- the save was made under rules version {made_under}, whose base cards differ from "
            f"rules version {RULES_VERSION}'s; only games of the base cards alone are converted")
        raise SaveError(
            "save was made with different card contents (card hash "
            f"{head['card_hash'][:12]}... here {cardset.content_hash[:12]}...); "
            "pass the same cards= files the game was created with" + older)
    events = [event_from_dict(d, i) for i, d in enumerate(head["events"])]
    first = events[0]
    if not isinstance(first, E.GameStarted):
        raise SaveError(f"$.events[0]: the log must start with GameStarted, not {type(first).__name__}", 0)
    told = {"variants": first.variants, "players": len(first.names), "names": first.names,
            "seed": first.seed, "card_hash": first.card_hash}
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
            exc.index) from None


# ------------------------------------------------------------------ replay
_FIRST_EVENT_ACTION = {
    E.ResourceCardTaken: lambda e, s: A.TakeResourceCard(e.card, e.pieces.big > 0),  # §2.2
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
    if t is E.OnceUsed:  # a general once-per-game ability (draft, market, cathedral)
        return A.UseOnce(e.card)
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


def _check_start(first, cards: CardSet):
    """The rules context of the log's first event, refusing any GameStarted
    that :func:`~pillars_rules.new_game` would not have made."""
    from .game import START_GOLD, _check_variants

    if not isinstance(first, E.GameStarted):
        raise SaveError(f"$.events[0]: the log must start with GameStarted, not {type(first).__name__}", 0)
    check_event(first, 0)
    if first.card_hash != cards.content_hash:
        raise SaveError("$.events[0].card_hash: the log was recorded with different card contents "
                        "(card hash mismatch)", 0)
    names = first.names
    if not 2 <= len(names) <= 4:
        raise SaveError(f"$.events[0].names: {len(names)} players; 2 to 4 are allowed", 0)
    for k, name in enumerate(names):
        why = name_problem(name, MAX_SEAT_NAME_LENGTH)  # the same rule as new_game's
        if why:
            raise SaveError(f"$.events[0].names[{k}]: {why}", 0)
    if len(set(names)) != len(names):
        raise SaveError(f"$.events[0].names: seat names must differ, not {safe_repr(names, 80)}", 0)
    if not 0 <= first.seed <= MAX_SEED:
        raise SaveError(f"$.events[0].seed: the seed must be from 0 to 2**{SEED_BITS}-1", 0)
    try:
        variants = _check_variants(first.variants, cards)
    except Exception as exc:  # ConfigError: unknown variant
        raise SaveError(f"$.events[0].variants: {exc}", 0) from None
    if variants != first.variants:
        raise SaveError(f"$.events[0].variants: must be sorted and distinct, not {safe_repr(first.variants, 80)}", 0)
    rules = rules_for(cards, variants)
    want = E.GameStarted(names=names, seed=first.seed, variants=variants, card_hash=rules.content_hash,
                         starting_craftsmen=rules.starting_craftsmen, gold=START_GOLD[: len(names)])
    if first != want:
        raise SaveError(f"$.events[0] does not follow from the rules: new_game gives {safe_repr(want, 120)}, "
                        f"the log has {safe_repr(first, 120)}", 0)
    return rules


def replay_checked(events: list, cards: CardSet, *, verify: bool = True):
    """Fold ``events``; with ``verify``, re-derive every event from the rules.

    Raises :class:`SaveError` (naming the index of the offending event) and
    nothing else, whatever ``events`` holds.
    """
    try:
        events = list(itertools.islice(events, MAX_EVENTS + 1))
        return _replay(events, cards, verify, typed=False)
    except PillarsError:
        raise
    except Exception as exc:  # hostile event objects: an __eq__ that raises, endless nesting...
        raise SaveError(f"the log cannot be replayed: {type(exc).__name__}: {bounded(exc, 150)}") from None


def _replay(events: list, cards: CardSet, verify: bool, typed: bool):
    """``typed``: the events were made by :func:`event_from_dict`, so their
    field types are already checked."""
    from .game import Game

    if not events:
        raise SaveError("the log is empty; it must start with GameStarted", 0)
    if len(events) > MAX_EVENTS:
        raise SaveError(f"the log has {len(events)} events; the limit is {MAX_EVENTS}")
    rules = _check_start(events[0], cards)
    n_seats = len(events[0].names)
    for i, e in enumerate(events[1:], 1):
        if not (typed or verify):  # verified replay re-derives (and so re-types) every event
            check_event(e, i)
        seat = getattr(e, "seat", 0)
        if type(seat) is int and not 0 <= seat < n_seats:
            raise SaveError(f"$.events[{i}].seat: no seat {seat} in a {n_seats}-player game", i)
    state = evolve(None, events[0])
    start = 1
    if len(events) > 1 and type(events[1]) is E.PositionSet:
        state = _set_position(state, events[1], rules, typed)
        start = 2
    if not verify:
        for i, e in enumerate(events[start:], start):
            try:
                state = evolve(state, e)
            except Exception as exc:  # trusted mode: any failure is still a SaveError
                raise SaveError(f"$.events[{i}] ({type(e).__name__}) cannot be applied: "
                                f"{type(exc).__name__}: {bounded(exc, 120)}", i) from None
        return Game(rules, state, list(events), len(events))
    # Verified: every event is re-derived by the rules and compared; the game
    # keeps the derived events, so a value that merely compares equal (1.0 for 1)
    # never reaches its log and no per-field type check is needed.
    expected, state = run(state, rules, [])
    _compare(events, start, expected)
    log = events[:start] + expected
    i = start + len(expected)
    while i < len(events):
        if state.game_over:
            raise SaveError(f"$.events[{i}] ({type(events[i]).__name__}): events after the end of the game", i)
        action = infer_action(events, i, state)
        legal = legal_actions(state, rules)
        if action is None or action not in legal:
            j = _divergence(events, i, state, rules, legal)
            raise SaveError(
                f"$.events[{j}] ({type(events[j]).__name__}) does not follow from the state before it: "
                f"no legal decision of seat {state.pending.seat} ({state.pending.kind}) "
                f"at $.events[{i}] produces it", j)
        try:
            produced, state = run(state, rules, action_events(state, rules, action))
        except IllegalActionError as exc:  # pragma: no cover - legal was checked
            raise SaveError(f"$.events[{i}]: {exc}", i) from None
        _compare(events, i, produced)
        log.extend(produced)
        i += len(produced)
    return Game(rules, state, log, len(log))


def _set_position(state, event, rules: Rules, typed: bool):
    """The state after a scenario's :class:`PositionSet`, refused with a
    :class:`SaveError` unless it is a possible position (the checks of
    :func:`pillars_rules.scenario`)."""
    from .engine.position import check_position

    if not typed:
        check_event(event, 1)
    names = tuple(p.name for p in state.players)
    if tuple(p.name for p in event.players) != names:
        raise SaveError(f"$.events[1].players: the position's seats must be {names!r:.80} "
                        "as the game started", 1)
    try:
        after = evolve(state, event)
        check_position(after, rules)
    except SaveError:
        raise
    except PillarsError as exc:
        raise SaveError(f"$.events[1] (PositionSet) is not a possible position: {exc}", 1) from None
    except Exception as exc:  # malformed values inside the position
        raise SaveError(f"$.events[1] (PositionSet) cannot be applied: {type(exc).__name__}: {exc}", 1) from None
    return after


def _divergence(events: list, i: int, state, rules: Rules, legal: list) -> int:
    """The first index from ``i`` that no legal action's events reach: the
    event to blame when the log's next action cannot be recognised."""
    best = 0
    for action in legal:
        produced = action_events(state, rules, action)
        k = 0
        while k < len(produced) and i + k < len(events) and events[i + k] == produced[k]:
            k += 1
        best = max(best, k)
    return min(i + best, len(events) - 1)


def _compare(events: list, start: int, expected: list) -> None:
    for k, want in enumerate(expected):
        i = start + k
        if i >= len(events):
            raise SaveError(f"the log ends early at {len(events)} events; expected {type(want).__name__} next", i)
        if events[i] != want:
            raise SaveError(
                f"$.events[{i}] ({type(events[i]).__name__}) does not follow from the state before it: "
                f"{_difference(want, events[i])}", i)


def _difference(want: object, got: object) -> str:
    """The rules' event and the log's, cut to what differs (a reason has room
    for little): the differing fields when both are of one event type."""
    if type(want) is type(got) and attrs.has(type(want)):
        diff = [f"{f.name}: the rules give {safe_repr(getattr(want, f.name), 60)}, the log has "
                f"{safe_repr(getattr(got, f.name), 60)}"
                for f in attrs.fields(type(want)) if getattr(want, f.name) != getattr(got, f.name)]
        if diff:
            return "; ".join(sorted(diff, key=len))  # the shortest first: most of them fit
    return f"the rules give {safe_repr(want, 120)}, the log has {safe_repr(got, 120)}"


__all__ = ["save", "load", "replay_checked", "upcast_v1_v2", "upcast_v2_v3", "UPCASTERS",
           "upcast_rules_v1_v2", "RULES_UPCASTERS", "FORMAT_VERSION",
           "MAX_SAVE_BYTES", "MAX_EVENTS", "MAX_STRING_LENGTH", "MAX_ITEMS", "MAX_INT", "SaveError"]

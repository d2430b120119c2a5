"""The JSON of a game's redacted states, encoded part by part, each part once.

A state is an immutable value whose unchanged parts are the very objects of
the state before it (the engine rebuilds only what a move changes, and the
redaction of the hidden decks is cached while the decks stay the same). So a
:class:`StateJSON` keeps the text of each top-level field of the state (and
of each player) with the object it was made from, and encodes again only the
parts that are new objects. It gives the whole state's text (a ``sync``, or an
update for a client of protocol version 1) and the ``changes`` between two
states (a protocol version 2 ``update``): every part that differs, under its
path (docs/protocol.rst, "Updates").

>>> import pillars_rules as pr
>>> from pillars_rules.web.statejson import StateJSON
>>> game = pr.new_game(players=2, seed=3)
>>> after = game.apply(game.legal_actions()[0])
>>> coder = StateJSON()
>>> sorted(json.loads(coder.changes(game.view(None).state, after.view(None).state)))
['decision', 'pending/seat', 'players/0/craftsmen', 'players/0/gold', 'table/display']
"""

from __future__ import annotations

import json
import operator
import typing
from typing import Any

import attrs

from pillars_rules import GameState

from ..core import Frame
from ..pillars_json.codec import STATE_FIELDS, converter

#: The fields of a state, in the order of its JSON object (the frame's fields in their places).
FIELDS: tuple[str, ...] = STATE_FIELDS
#: The field whose items are sent one by one (a move changes one or two players).
BY_ITEM = "players"
_unstructure = converter.unstructure


#: The protocol's compact encoding (one encoder for every call: ``json.dumps`` with options builds one each time).
_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


class StateJSON:
    """The encoded parts of one game's states (one per hosted game). Not thread-safe:
    a room uses it from the event loop only."""

    __slots__ = ("_parts", "_items", "_whole")

    def __init__(self) -> None:
        self._parts: dict[str, tuple[object, str]] = {}  # field -> (value, its JSON)
        self._items: list[tuple[object, str]] = []  # players: (player, its JSON) by seat
        self._whole: tuple[object, str] = (None, "")

    def _part(self, name: str, value: object) -> str:
        hit = self._parts.get(name)
        if hit is not None and hit[0] is value:
            return hit[1]
        text = _dumps(_unstructure(value, _HINTS[name]))
        self._parts[name] = (value, text)
        return text

    def _item(self, i: int, value: object) -> str:
        items = self._items
        if i < len(items) and items[i][0] is value:
            return items[i][1]
        text = _dumps(_unstructure(value))
        if i < len(items):
            items[i] = (value, text)
        else:
            items.append((value, text))
        return text

    def whole(self, state: GameState) -> str:
        """The JSON of ``state`` (a redacted state), the same text as
        ``json.dumps(converter.unstructure(state))`` in the protocol's compact form."""
        if self._whole[0] is state:
            return self._whole[1]
        parts = []
        for name in FIELDS:
            value = getattr(state, name)
            if name == BY_ITEM:
                parts.append(f'"{name}":[{",".join(self._item(i, p) for i, p in enumerate(value))}]')
            else:
                parts.append(f'"{name}":{self._part(name, value)}')
        text = "{" + ",".join(parts) + "}"
        self._whole = (state, text)
        return text

    def changes(self, before: GameState, after: GameState) -> str:
        """The JSON object of the parts of ``after`` that differ from ``before``,
        each under its path: a top-level field by its name (``"round"``), a field
        of a record in it by both names (``"board/spots"``), a player's field by
        ``players``, the seat and the field (``"players/2/gold"``)."""
        parts: list[str] = []
        _diff(parts, "", before, after, True)
        return "{" + ",".join(parts) + "}"


def _fields(cls: type) -> tuple[tuple[str, object], ...]:
    """The (name, declared type) of each field of the attrs class ``cls``."""
    return _shape(cls)[0]


def _shape(cls: type) -> tuple[tuple[tuple[str, object], ...], Any]:
    """The fields of the attrs class ``cls`` (as :func:`_fields`) and a getter of all their values at once."""
    out = _FIELDS.get(cls)
    if out is None:
        hints = typing.get_type_hints(cls)
        if cls is GameState:  # the frame's fields written in their places, as the state's own
            hints.update(typing.get_type_hints(Frame))
            fields = tuple((name, hints[name]) for name in FIELDS)
        else:
            fields = tuple((f.name, hints[f.name]) for f in attrs.fields(cls))
        out = _FIELDS[cls] = (fields, operator.attrgetter(*(n for n, _ in fields)))
    return out


_FIELDS: dict[type, tuple[tuple[tuple[str, object], ...], Any]] = {}
_HINTS: dict[str, object] = dict(_fields(GameState))


def _diff(parts: list[str], prefix: str, old: object, new: object, deeper: bool) -> None:
    """Append ``"path":value`` to ``parts`` for each field of ``new`` that differs
    from ``old`` (records of the same class); one level into records (and each
    player) if ``deeper``."""
    fields, values = _shape(type(new))
    if len(fields) == 1:  # attrgetter of one name gives the value, not a tuple
        pairs: Any = ((fields[0], values(old), values(new)),)
    else:
        pairs = zip(fields, values(old), values(new))
    for (name, hint), o, n in pairs:
        if o is n:
            continue
        if deeper and type(o) is type(n) and attrs.has(type(n)):
            _diff(parts, f"{prefix}{name}/", o, n, False)
        elif deeper and name == BY_ITEM and len(o) == len(n):
            for i, (p, q) in enumerate(zip(o, n)):
                if p is not q:
                    _diff(parts, f"{prefix}{name}/{i}/", p, q, False)
        elif o != n:
            parts.append(f'"{prefix}{name}":{_dumps(_unstructure(n, hint))}')


def apply_changes(state: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    """The state (as JSON-ready dicts) that ``changes`` (an update's) make of
    ``state``: a new dict; ``state`` and its parts are left as they were. Each
    key is a path of field names and list indexes joined by ``/``."""
    out = dict(state)
    for path, value in changes.items():
        keys = path.split("/")
        if len(keys) == 1:
            out[path] = value
            continue
        node: list[typing.Any] | dict[str, typing.Any] = out
        for k in keys[:-1]:  # copy each container on the way down
            child = node[int(k)] if isinstance(node, list) else node[k]
            child = list(child) if isinstance(child, list) else dict(child)
            if isinstance(node, list):
                node[int(k)] = child
            else:
                node[k] = child
            node = child
        last = keys[-1]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value
    return out


__all__ = ["StateJSON", "apply_changes", "FIELDS"]

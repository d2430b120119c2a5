"""Choices a person can read: every legal action of a decision with its words.

>>> import pillars_rules as pr
>>> from pillars_rules.words import choices, choice_dict
>>> game = pr.new_game(2, seed=7)
>>> cs = choices(game.view(game.current_player))
>>> for c in cs[:2]:
...     print(c.label)
hire Mason (round 1) for 5 gold: 1 stone -> 1 VP, twice a round, needs a mortar mixer
hire Mortar mixer (improved, round 1) for 4 gold: 2 sand -> 1 VP, 3 times a round
>>> c = cs[0]
>>> c.action is game.view(0).legal_actions[0], c.kind, c.key, c.costs
(True, 'Hire', 'Hire/mason_r1', ('5 gold',))
>>> d = choice_dict(c)
>>> d["action"]["type"], d["action"]["card"], d["label"] == c.label
('Hire', 'mason_r1', True)

:func:`choices` returns one :class:`Choice` per legal action of the view, in
the engine's order (``choices(view)[i].action is view.legal_actions[i]``).
Labels are never shared by two actions of one decision: the cards are named
apart (:mod:`.names`), each label names what its action gives or costs, and
should two still read alike (fan cards can be written so), the one listed
later gets its key appended. A label depends on the action, the cards and a
few facts of the state (the price, the card lying at a spot, the uses left);
a choice is built once per such combination and then reused, so a server can
call :func:`choices` at every decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs
from attrs import frozen

from ..pillars_json.actions_json import encode_action
from .labels import DEPENDS, WRITERS, Context, Parts

if TYPE_CHECKING:  # pragma: no cover
    from ..actions import Action
    from ..view import SeatView


@frozen
class Choice:
    """One legal action and its words.

    ``action`` is the listed action itself; ``label`` one line, unique among
    the choices of its decision; ``kind`` the action's class name; ``gives``
    and ``costs`` what taking it gives and costs, in words; ``card``,
    ``place`` and ``spot`` the card id, location and 0-based spot it is
    about (or ``None``); ``text`` the rules text to show beside it (the card
    renderer's, or the place's help; may be ``""``); ``key`` a name for the
    action that is the same whenever the same action is offered (``"Hire/mason_r1"``,
    ``"Place/kings_court/0"``), for keeping a choice's place in a list.
    """

    action: object
    label: str
    kind: str
    gives: tuple[str, ...] = ()
    costs: tuple[str, ...] = ()
    card: str | None = None
    place: str | None = None
    spot: int | None = None
    text: str = ""
    key: str = ""


def action_key(action: Action) -> str:
    """A stable name of ``action`` from its class and fields: ``"Buy/wood/2"``,
    ``"Place/market/1/free"``, ``"TakeResourceCard/forest_2/big"``."""
    parts = [type(action).__name__]
    for f in attrs.fields(type(action)):
        if f.name == "label":
            continue
        v = getattr(action, f.name)
        if type(v) is bool:
            if f.name == "big":
                parts.append("big" if v else "small")
            elif v:
                parts.append(f.name)
        else:
            parts.append(str(v))
    return "/".join(parts)


# rules id -> (rules, {(action, depends): Choice}); the rules are kept so an id is never reused
_CACHE: dict[int, tuple[object, dict[tuple[Action, object], Choice]]] = {}
_KEEP_RULES = 32
_KEEP_CHOICES = 50_000


def _cache_of(rules: object) -> dict[tuple[Action, object], Choice]:
    entry = _CACHE.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_CACHE) >= _KEEP_RULES:
            _CACHE.pop(next(iter(_CACHE)))
        entry = _CACHE[id(rules)] = (rules, {})
    cache = entry[1]
    if len(cache) > _KEEP_CHOICES:
        cache.clear()
    return cache


def _make(ctx: Context, action: Action, parts: Parts) -> Choice:
    return Choice(
        action,
        parts.label,
        type(action).__name__,
        parts.gives,
        parts.costs,
        parts.card,
        parts.place,
        parts.spot,
        parts.text,
        action_key(action),
    )


def choices(view: SeatView) -> list[Choice]:
    """The legal actions of ``view`` (a :class:`~pillars_rules.SeatView`, or any
    object with ``seat``, ``state``, ``rules`` and ``legal_actions``) as
    :class:`Choice` values, in the listed order; empty when the seat has
    nothing to decide."""
    legal = view.legal_actions
    if not legal:
        return []
    ctx = Context(view)
    cache = _cache_of(ctx.rules)
    out: list[Choice] = []
    for action in legal:
        depends = DEPENDS.get(type(action))
        key = (action, depends(ctx, action) if depends is not None else None)
        c = cache.get(key)
        if c is None:
            c = cache[key] = _make(ctx, action, WRITERS[type(action)](ctx, action))
        elif c.action is not action:  # an equal action listed as another object
            c = attrs.evolve(c, action=action)
        out.append(c)
    if len({c.label for c in out}) < len(out):
        out = _apart(out)
    return out


def _apart(out: list[Choice]) -> list[Choice]:
    """Labels made unique: a label already taken gets the action's key appended."""
    seen: set[str] = set()
    fixed = []
    for c in out:
        if c.label in seen:
            c = attrs.evolve(c, label=f"{c.label} [{c.key}]")
        seen.add(c.label)
        fixed.append(c)
    return fixed


def choice_dict(choice: Choice) -> dict[str, Any]:
    """``choice`` as a JSON-ready dict: ``{"action": encode_action(...), "label",
    "kind", "gives", "costs", "card", "place", "spot", "text", "key"}``."""
    return {
        "action": encode_action(choice.action),
        "label": choice.label,
        "kind": choice.kind,
        "gives": list(choice.gives),
        "costs": list(choice.costs),
        "card": choice.card,
        "place": choice.place,
        "spot": choice.spot,
        "text": choice.text,
        "key": choice.key,
    }


__all__ = ["Choice", "action_key", "choice_dict", "choices"]

"""What a game gives the core (:class:`GameType`), and the registry of games.

The core reads a game only through these fields. Each is a plain function of
the game's own values -- its state, its rules (the compiled card set), its
events and actions -- so the core needs no base class and no knowledge of what
a state holds beyond the framework's three fields (``pending``, ``game_over``
and ``decision``; see :mod:`pillars_rules.core`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from ..errors import ConfigError

#: Why no action is legal once the game is over (every game's words).
GAME_OVER = "the game is over; no action is legal"
#: Why no action is legal in a state folded without verification between two decisions.
NO_DECISION = "no seat must decide now: the log stops between two decisions"

_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}\Z")


@attrs.frozen(eq=False)
class GameType:
    """A game, as the core sees it.

    *The fold and the flow* -- ``fold(state, event, rules)`` is the state after
    ``event`` (``state`` is ``None`` before the first event); ``batch(state,
    rules)`` starts a batch of automatic events on ``state`` (any object with
    ``state`` and ``events`` attributes that the game's ``advance`` adds to);
    ``advance(batch, rules)`` adds the next automatic events of the game's flow;
    ``decision_event`` is the type of the event that says a decision is pending,
    which ends a batch.

    *Decisions* -- ``legal(state, rules)`` lists the pending seat's actions;
    ``events_of(state, rules, action)`` turns a listed action into its events;
    ``refusal(state, rules, action, legal)`` says in one sentence why an
    action is not legal; ``action_fields`` maps each action class to its
    fields and their exact types (only such values are compared with the
    listed actions, so a caller's object never runs code); ``unlabelled(action)``
    is the action without the words a client may have attached (never echoed
    back or kept).

    *Results and words* -- ``seat_name(state, seat)``; ``scores(state)``, one
    value per seat; ``ranking(state)``, seats grouped by final place;
    ``event_bound(state)``, the most events one action can add (a bound for
    :attr:`Game.unfinishable`); ``view(game, seat)``, what a seat may know
    (``None``: a spectator), and ``export(game, seat)``, the same as JSON text
    for that seat's client; ``describe(game, event)``, an event in words;
    ``is_control(event)``, whether an event is bookkeeping that a narration
    leaves out; ``summary(state)``, where the game stands, in a few words.

    *Speed* -- ``run(state, rules, events)``, optional: the game's own copy of
    the core's loop (:func:`pillars_rules.core.run`) over its fold, batch and
    flow, giving the very same events and state. A compiled game gives one so
    that its loop calls its own functions directly; the core then calls it
    once per action instead of each of those functions.
    """

    name: str
    title: str
    rules_type: type
    fold: Callable[[Any, Any, Any], Any]
    batch: Callable[[Any, Any], Any]
    advance: Callable[[Any, Any], None]
    decision_event: type
    legal: Callable[[Any, Any], list[Any]]
    events_of: Callable[[Any, Any, Any], list[Any]]
    refusal: Callable[[Any, Any, Any, list[Any]], str]
    action_fields: Mapping[type, tuple[tuple[str, type], ...]]
    unlabelled: Callable[[Any], Any]
    seat_name: Callable[[Any, int], str]
    scores: Callable[[Any], list[Any]]
    ranking: Callable[[Any], list[list[int]]]
    event_bound: Callable[[Any], int]
    view: Callable[[Any, object], Any]
    export: Callable[[Any, object], str]
    describe: Callable[[Any, Any], str]
    is_control: Callable[[Any], bool]
    summary: Callable[[Any], str]
    run: Callable[[Any, Any, list[Any]], tuple[list[Any], Any]] | None = None

    def __repr__(self) -> str:
        return f"<GameType {self.name!r}: {self.title}>"


_BY_NAME: dict[str, GameType] = {}
_BY_RULES: dict[type, GameType] = {}


def register(kind: GameType) -> GameType:
    """Add ``kind`` to the games the core knows (again: no change), and return it.

    Its name must be a short lower-case identifier, and neither the name nor its
    rules type may belong to another game already."""
    if not isinstance(kind, GameType):
        raise ConfigError(f"register takes a GameType, not {type(kind).__name__}")
    if not _NAME.match(kind.name):
        raise ConfigError(f"a game's name must be a lower-case identifier of at most 32 characters, not {kind.name!r}")
    for what, known in (("name", _BY_NAME.get(kind.name)), ("rules type", _BY_RULES.get(kind.rules_type))):
        if known is not None and known is not kind:
            raise ConfigError(f"the game {known.name!r} has that {what} already; a game registers once")
    _BY_NAME[kind.name] = kind
    _BY_RULES[kind.rules_type] = kind
    return kind


def game_type(name: str) -> GameType:
    """The registered game called ``name`` (:class:`ConfigError` if none)."""
    kind = _BY_NAME.get(name) if type(name) is str else None
    if kind is None:
        raise ConfigError(f"no game called {name!r:.40} (games: {', '.join(sorted(_BY_NAME)) or 'none'})")
    return kind


def game_types() -> tuple[GameType, ...]:
    """Every registered game, by name."""
    return tuple(_BY_NAME[n] for n in sorted(_BY_NAME))


def game_type_of(rules: object) -> GameType:
    """The game whose rules ``rules`` are (:class:`ConfigError` if no game's)."""
    kind = _BY_RULES.get(type(rules))
    if kind is None:
        raise ConfigError(f"{type(rules).__name__} is not the rules of a registered game")
    return kind


__all__ = ["GameType", "register", "game_type", "game_types", "game_type_of", "GAME_OVER", "NO_DECISION"]

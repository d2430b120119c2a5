"""The loop every game runs: an action's events, then the flow up to the next decision.

:func:`run` folds events into a state and lets the game's flow add the
automatic events that follow, until a decision is pending or the game is over.
:func:`decide` first checks that an action is one the game lists
(:func:`listed`). Nothing here mutates a state: the game's fold makes new ones.
"""

from __future__ import annotations

from typing import Any

from ..errors import IllegalActionError
from .gametype import GameType, core_loop


def run(kind: GameType, state: Any, rules: Any, events: list[Any]) -> tuple[list[Any], Any]:
    """Fold ``events`` into ``state``, then add the automatic events of ``kind``'s
    flow up to the next decision: (every event, the state after them).
    :meth:`GameType.run <pillars_rules.core.GameType.run>` does it: the core's
    loop (:func:`loop`) unless the game gives its own copy."""
    return kind.run(state, rules, events)


def loop(kind: GameType, state: Any, rules: Any, events: list[Any]) -> tuple[list[Any], Any]:
    """:func:`run` itself, over ``kind``'s fold, batch and flow (never its own ``run``)."""
    return core_loop(kind, state, rules, events)


def decide(
    kind: GameType, state: Any, rules: Any, action: Any, legal: list[Any] | None = None
) -> tuple[list[Any], Any]:
    """Check ``action`` against the pending decision and return (events, new state).
    Raises :class:`~pillars_rules.errors.IllegalActionError`."""
    if legal is None:
        legal = kind.legal(state, rules)
    for one in legal:  # fast path: the very object the listing made
        if one is action:
            break
    else:
        action = listed(kind, state, rules, action, legal)
    return run(kind, state, rules, kind.events_of(state, rules, action))


def listed(kind: GameType, state: Any, rules: Any, action: Any, legal: list[Any]) -> Any:
    """The listed action ``action`` stands for, or :class:`IllegalActionError`.

    Only an action of one of the game's very action classes whose fields are
    all plain values of their exact types (:attr:`GameType.action_fields`) can
    match: comparing such values runs no code of the caller's, so an object
    that compares equal to anything, a subclass, a ``__class__`` spoof or a
    ``str`` subclass in a field is refused, and ``True`` or ``1.0`` for a
    whole number too. The listed action is what gets recorded, never the
    caller's copy."""
    cls = type(action)
    fields = kind.action_fields.get(cls)
    if fields is not None:
        for name, want in fields:
            if type(getattr(action, name)) is not want:
                break
        else:
            for one in legal:
                if type(one) is cls and one == action:
                    return one
    raise IllegalActionError(kind.refusal(state, rules, action, legal), action)


__all__ = ["run", "loop", "decide", "listed"]

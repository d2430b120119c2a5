"""Replaying an event log: the game it records, every event re-derived from the rules.

:func:`replay` finds the game of a log (the registered game whose
:meth:`~pillars_rules.core.GameType.is_start` claims its first event, or the
one named by ``game=``) and hands the log to that game's
:meth:`~pillars_rules.core.GameType.replay_log`; with ``verify`` (the
default) every action-made event is re-derived from the state before it and
compared, so a tampered log raises :class:`~pillars_rules.errors.SaveError`
naming the offending event's index. :func:`~pillars_rules.load` replays a
save's log the same way. This module names no game: a game that has no
replay of its own hands its log to :func:`replay_by_listing`, which verifies
any game through the core's interface.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any

from ..core import GameType, game_type, game_types
from ..core.session import Game
from ..errors import ConfigError, PillarsError, SaveError, bounded, safe_repr
from ..limits import MAX_EVENTS


def replay(
    events: Iterable[Any],
    cards: object = None,
    *,
    verify: object = True,
    game: str | None = None,
) -> Game:
    """The game that ``events`` record, folded by its game's rules (no random draws).

    ``game`` is the registered name of the game (:func:`pillars_rules.core.game_types`);
    by default the game whose first event the log starts with. ``cards`` are
    what the game's rules are made from (Pillars: the card set the game was
    played with, default the base set; a different set is refused by content
    hash). With ``verify`` (default) every action-made event is also checked to
    follow from the state before it, so a tampered log raises
    :class:`SaveError` naming the event's index.
    """
    return replay_checked(events, cards, verify=check_verify(verify), game=game)


def check_verify(verify: object) -> bool:
    """``verify`` if it is ``True`` or ``False``; :class:`ConfigError` otherwise
    (``verify="no"`` would verify, being true, and the compiled build's typed
    functions would refuse it with a bare ``TypeError``)."""
    if type(verify) is not bool:
        raise ConfigError(f"verify must be True or False, not {type(verify).__name__[:40]} {safe_repr(verify, 40)}")
    return verify


def replay_checked(events: Iterable[Any], cards: object = None, *, verify: object = True, game: object = None) -> Game:
    """Fold ``events``; with ``verify``, re-derive every event from the rules.

    Raises :class:`SaveError` (naming the index of the offending event) and
    nothing else, whatever ``events`` holds (a bad ``game`` or ``cards`` is a
    :class:`ConfigError`)."""
    kind = None if game is None else game_type(game)
    try:
        log = list(itertools.islice(events, MAX_EVENTS + 1))
        if not log:
            raise SaveError("the log is empty; it must start with a game's first event", 0)
        if len(log) > MAX_EVENTS:
            raise SaveError(f"the log has {len(log)} events; the limit is {MAX_EVENTS}")
        if kind is None:
            kind = game_of_log(log[0])
        rules = kind.load_rules(cards)
        return kind.replay_log(log, rules, bool(verify))  # type: ignore[no-any-return]
    except PillarsError:
        raise
    except Exception as exc:  # hostile event objects: an __eq__ that raises, endless nesting...
        raise SaveError(f"the log cannot be replayed: {type(exc).__name__}: {bounded(exc, 150)}") from None


def game_of_log(first: object) -> GameType:
    """The registered game whose first event ``first`` is (:meth:`GameType.is_start`),
    or a :class:`SaveError` at ``$.events[0]``. Only the games imported already are
    asked: an event object was made by its game's module, so a game registered
    to be imported later (:func:`~pillars_rules.core.register_later`) cannot
    claim it (and is not imported for a log of another game)."""
    kinds = game_types(later=False)
    claims = [kind for kind in kinds if kind.is_start(first)]
    if len(claims) == 1:
        return claims[0]
    if claims:
        raise SaveError(
            f"$.events[0]: {type(first).__name__} starts a game of each of {', '.join(k.name for k in claims)}; "
            "say which with game=",
            0,
        )
    starts = ", ".join(kind.name for kind in kinds)
    raise SaveError(
        f"$.events[0]: the log must start with a game's first event (games: {starts}), not {type(first).__name__}",
        0,
    )


def replay_by_listing(kind: GameType, events: list[Any], rules: Any, verify: bool) -> Game:
    """The game ``events`` record, for any game, through the core's interface
    alone: the first event folded and the flow run; then, at each decision,
    the listed action whose events the log holds next (every listed action is
    tried, so a game needs no way to recognise its actions). Without
    ``verify`` the events are only folded. A game's
    :meth:`~pillars_rules.core.GameType.replay_log` may be just this call;
    events are compared with ``==``, so they should be values (attrs records)."""
    first = events[0]
    if not kind.is_start(first):
        raise SaveError(f"$.events[0]: the log must start with the first event of {kind.name!r}", 0)
    if not verify:
        state = None
        for i, e in enumerate(events):
            try:
                state = kind.fold(state, e, rules)
            except PillarsError:
                raise
            except Exception as exc:  # trusted mode: any failure is still a SaveError
                raise SaveError(
                    f"$.events[{i}] ({type(e).__name__}) cannot be applied: {type(exc).__name__}: {bounded(exc, 120)}",
                    i,
                ) from None
        return Game(rules, state, list(events), len(events), None, kind)
    expected, state = kind.run(kind.fold(None, first, rules), rules, [])
    log = [first]
    _compare(events, 1, expected)
    log.extend(expected)
    i = len(log)
    while i < len(events):
        if state.frame.game_over:
            raise SaveError(f"$.events[{i}] ({type(events[i]).__name__}): events after the end of the game", i)
        best, found = 0, None
        for action in kind.legal(state, rules):
            own = kind.events_of(state, rules, action)
            if own and not own[0] == events[i]:
                continue  # its events start otherwise: none of them is the log's (run would only confirm it)
            produced, after = kind.run(state, rules, own)
            k = 0
            while k < len(produced) and i + k < len(events) and events[i + k] == produced[k]:
                k += 1
            if k == len(produced):
                found = (produced, after)
                break
            best = max(best, k)
        if found is None:
            if i + best >= len(events):
                raise SaveError(f"the log ends early at {len(events)} events, within a decision's events", len(events))
            j = i + best
            pending = state.frame.pending
            who = f"seat {pending.seat} ({pending.kind})" if pending is not None else "no seat"
            raise SaveError(
                f"$.events[{j}] ({type(events[j]).__name__}) does not follow from the state before it: "
                f"no legal decision of {who} at $.events[{i}] produces it",
                j,
            )
        produced, state = found
        log.extend(produced)
        i += len(produced)
    return Game(rules, state, log, len(log), None, kind)


def _compare(events: list[Any], start: int, expected: list[Any]) -> None:
    for k, want in enumerate(expected):
        i = start + k
        if i >= len(events):
            raise SaveError(f"the log ends early at {len(events)} events; expected {type(want).__name__} next", i)
        if not events[i] == want:
            raise SaveError(
                f"$.events[{i}] ({type(events[i]).__name__}) does not follow from the state before it: "
                f"the rules give {safe_repr(want, 120)}, the log has {safe_repr(events[i], 120)}",
                i,
            )


__all__ = ["replay", "replay_checked", "check_verify", "game_of_log", "replay_by_listing"]

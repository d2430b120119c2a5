"""Replaying a log of *The Pillars of the Earth*: the game it records, every event re-derived from the rules.

:func:`replay_pillars` folds a log with :func:`~pillars_rules.engine.evolve.evolve`;
with ``verify`` it also re-derives every action-made event from the state
before it (:func:`infer_action` recognises the action that made them) and
compares, so a tampered log raises :class:`~pillars_rules.errors.SaveError`
naming the offending event's index. It is Pillars' part of
:func:`~pillars_rules.replay` and :func:`~pillars_rules.load` (the game's
:meth:`~pillars_rules.core.GameType.replay_log`; the save layer,
:mod:`pillars_rules.saves`, names no game). Until issue #57 it was
``pillars_rules.saves.replay``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from ...cardlang.cardset import CardSet
from ...cardlang.names import lookalike_problem, name_problem
from ...core.gametype import GameType
from ...core.loop import run
from ...core.session import Game
from ...engine import actions as A
from ...engine import events as E
from ...engine.context import Rules, rules_for
from ...engine.evolve import evolve
from ...engine.legal import action_events, legal_actions
from ...engine.rng import MAX_SEED, SEED_BITS
from ...engine.state import GameState
from ...errors import IllegalActionError, PillarsError, SaveError, bounded, safe_repr
from ...limits import MAX_EVENTS, MAX_SEAT_NAME_LENGTH
from ...pillars_json.strict import check_event
from .setup import check_variants, counts_text, set_name

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


def infer_action(events: Sequence[Any], i: int, state: GameState) -> object | None:
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
    if not isinstance(first, E.GameStarted):
        raise SaveError(f"$.events[0]: the log must start with GameStarted, not {type(first).__name__}", 0)
    check_event(first, 0)
    if first.card_hash != cards.content_hash:
        raise SaveError(
            "$.events[0].card_hash: the log was recorded with different card contents (card hash mismatch)", 0
        )
    names = first.names
    allowed = cards.board.spec.players
    if len(names) not in allowed:
        raise SaveError(
            f"$.events[0].names: {len(names)} players; the card set {set_name(cards)} plays {counts_text(allowed)}", 0
        )
    for k, name in enumerate(names):
        why = name_problem(name, MAX_SEAT_NAME_LENGTH)  # the same rule as new_game's
        if why:
            raise SaveError(f"$.events[0].names[{k}]: {why}", 0)
    if len(set(names)) != len(names):
        raise SaveError(f"$.events[0].names: seat names must differ, not {safe_repr(names, 80)}", 0)
    alike = lookalike_problem(names)
    if alike:
        raise SaveError(f"$.events[0].names: seat names must not look alike: {alike}", 0)
    if not 0 <= first.seed <= MAX_SEED:
        raise SaveError(f"$.events[0].seed: the seed must be from 0 to 2**{SEED_BITS}-1", 0)
    try:
        variants = check_variants(first.variants, cards)
    except Exception as exc:  # ConfigError: unknown variant
        raise SaveError(f"$.events[0].variants: {exc}", 0) from None
    if variants != first.variants:
        raise SaveError(f"$.events[0].variants: must be sorted and distinct, not {safe_repr(first.variants, 80)}", 0)
    rules = rules_for(cards, variants)
    want = E.GameStarted(
        names=names,
        seed=first.seed,
        variants=variants,
        card_hash=rules.content_hash,
        starting_craftsmen=rules.starting_craftsmen,
        gold=rules.layout.starting_gold[: len(names)],
        vp=rules.layout.board.spec.starting_vp,
    )
    if first != want:
        raise SaveError(
            f"$.events[0] does not follow from the rules: new_game gives {safe_repr(want, 120)}, "
            f"the log has {safe_repr(first, 120)}",
            0,
        )
    return rules


def replay_pillars(kind: GameType, events: list[Any], cards: CardSet, verify: bool, typed: bool) -> Game:
    """The Pillars game ``events`` record with the card set ``cards``, played by
    ``kind`` (:data:`~pillars_rules.games.pillars.PILLARS`, which calls this).

    ``typed``: the events were made by :func:`event_from_dict`, so their field
    types are already checked. Raises :class:`SaveError` (naming the index of
    the offending event) and nothing else, whatever ``events`` holds."""
    try:
        return _replay(kind, events, cards, verify, typed)
    except PillarsError:
        raise
    except Exception as exc:  # hostile event objects: an __eq__ that raises, endless nesting...
        raise SaveError(f"the log cannot be replayed: {type(exc).__name__}: {bounded(exc, 150)}") from None


def _replay(kind: GameType, events: list[Any], cards: CardSet, verify: bool, typed: bool) -> Game:
    """``typed``: the events were made by :func:`event_from_dict`, so their
    field types are already checked."""
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
            if type(e) is E.BidWon and seat == -1 and e.amount == 0:  # before issue #53: nobody bid
                events[i] = E.BidsPassed(e.card)
                continue
            raise SaveError(f"$.events[{i}].seat: no seat {seat} in a {n_seats}-player game", i)
        if not verify and type(e) is E.ChoicesQueued:  # a job's seats (verified replay re-derives them)
            for k, job in enumerate(e.jobs):
                for field, lowest in (("seat", 0), ("actor", -1)):  # actor -1: no seat acted (issue #53)
                    s = getattr(job, field)
                    if not lowest <= s < n_seats:
                        raise SaveError(f"$.events[{i}].jobs[{k}].{field}: no seat {s} in a {n_seats}-player game", i)
    state = evolve(None, events[0], rules)
    start = 1
    if len(events) > 1 and type(events[1]) is E.PositionSet:
        state = _set_position(state, events[1], rules, typed)
        start = 2
    if not verify:
        for i, e in enumerate(events[start:], start):
            try:
                state = evolve(state, e, rules)
            except Exception as exc:  # trusted mode: any failure is still a SaveError
                raise SaveError(
                    f"$.events[{i}] ({type(e).__name__}) cannot be applied: {type(exc).__name__}: {bounded(exc, 120)}",
                    i,
                ) from None
        return Game(rules, state, list(events), len(events), None, kind)
    # Verified: every event is re-derived by the rules and compared; the game
    # keeps the derived events, so a value that merely compares equal (1.0 for 1)
    # never reaches its log and no per-field type check is needed.
    expected, state = run(kind, state, rules, [])
    _compare(events, start, expected)
    log = events[:start] + expected
    i = start + len(expected)
    while i < len(events):
        if state.frame.game_over:
            raise SaveError(f"$.events[{i}] ({type(events[i]).__name__}): events after the end of the game", i)
        action = _listed(infer_action(events, i, state), legal_actions(state, rules))
        if action is None:
            legal = legal_actions(state, rules)
            j = _divergence(events, i, state, rules, legal)
            pending: Any = state.pending
            raise SaveError(
                f"$.events[{j}] ({type(events[j]).__name__}) does not follow from the state before it: "
                f"no legal decision of seat {pending.seat} ({pending.kind}) "
                f"at $.events[{i}] produces it",
                j,
            )
        try:
            produced, state = run(kind, state, rules, action_events(state, rules, action))
        except IllegalActionError as exc:  # pragma: no cover - legal was checked
            raise SaveError(f"$.events[{i}]: {exc}", i) from None
        _compare(events, i, produced)
        log.extend(produced)
        i += len(produced)
    return Game(rules, state, log, len(log), None, kind)


def _listed(action, legal: list):
    """The listed action equal to ``action`` (compared with the actions of its
    own type only), or ``None``."""
    t = type(action)
    for listed in legal:
        if type(listed) is t and listed == action:
            return listed
    return None


def _set_position(state, event, rules: Rules, typed: bool):
    """The state after a scenario's :class:`PositionSet`, refused with a
    :class:`SaveError` unless it is a possible position (the checks of
    :func:`pillars_rules.scenario`)."""
    from ...engine.position import check_position

    if not typed:
        check_event(event, 1)
    names = tuple(p.name for p in state.players)
    if tuple(p.name for p in event.players) != names:
        raise SaveError(f"$.events[1].players: the position's seats must be {names!r:.80} as the game started", 1)
    try:
        after = evolve(state, event, rules)
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
        if not events[i] == want:  # == alone: one call per event, not __ne__ and __eq__
            raise SaveError(
                f"$.events[{i}] ({type(events[i]).__name__}) does not follow from the state before it: "
                f"{_difference(want, events[i])}",
                i,
            )


def _difference(want: object, got: object) -> str:
    """The rules' event and the log's, cut to what differs (a reason has room
    for little): the differing fields when both are of one event type."""
    cls: Any = type(want)
    if cls is type(got) and attrs.has(cls):
        diff = [
            f"{f.name}: the rules give {safe_repr(getattr(want, f.name), 60)}, the log has "
            f"{safe_repr(getattr(got, f.name), 60)}"
            for f in attrs.fields(cls)
            if getattr(want, f.name) != getattr(got, f.name)
        ]
        if diff:
            return "; ".join(sorted(diff, key=len))  # the shortest first: most of them fit
    return f"the rules give {safe_repr(want, 120)}, the log has {safe_repr(got, 120)}"


__all__ = ["replay_pillars", "infer_action"]

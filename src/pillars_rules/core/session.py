"""The game value applications embed: :class:`Game`, and :func:`playout`.

A :class:`Game` is an immutable value: ``game.apply(action)`` returns a new
game and leaves the old one as it was. Internally games share one append-only
event list, so applying an action never copies the log. Everything a game
means comes from its :class:`~.gametype.GameType`; this module knows none.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .. import limits
from ..errors import IllegalActionError, LimitError, StaleActionError, bounded, safe_repr
from .frame import Frame
from .gametype import GAME_OVER, NO_DECISION, GameType, game_type_of
from .loop import decide


def action_words(kind: GameType, action: object, limit: int = 120) -> str:
    """A short ``repr`` of ``action`` that never raises, whatever its fields hold
    (a 10**5000 count, an object whose ``__repr__`` raises); words a client
    attached are left out."""
    cls = type(action)
    fields = kind.action_fields.get(cls)
    if fields is None:
        return safe_repr(action, limit)
    parts = ", ".join(f"{n}={safe_repr(getattr(action, n, None), 40)}" for n, _ in fields)
    text = f"{cls.__name__}({parts})"
    return text if len(text) <= limit else text[: limit - 3] + "..."


class Game:
    """One game: rules, current state and the event log.

    Create one with the game's own constructor (:func:`pillars_rules.new_game`);
    never mutate it. ``game.apply(action)`` returns the next game.
    """

    __slots__ = ("rules", "state", "game_type", "_log", "_n", "_legal", "_redactions")

    def __init__(
        self,
        rules: Any,
        state: Any,
        log: list[Any],
        n: int,
        redactions: Any = None,
        game_type: GameType | None = None,
    ) -> None:
        self.rules = rules
        self.state = state
        #: the game's :class:`~pillars_rules.core.GameType` (found from its rules when not given)
        self.game_type: GameType = game_type_of(rules) if game_type is None else game_type
        self._log = log
        self._n = n
        self._legal: list[Any] | None = None
        # what views reuse (the game's own cache, e.g. pillars_rules.view.Redactions):
        # shared by the games of one log
        self._redactions = redactions

    # ---------------------------------------------------------------- reading
    @property
    def events(self) -> tuple[Any, ...]:
        """Every event so far, oldest first."""
        return tuple(self._log[: self._n])

    @property
    def n_events(self) -> int:
        return self._n

    def states(self) -> tuple[Any, ...]:
        """The state after each event: ``game.states()[i]`` follows ``game.events[i]``
        (folded again from the log; the last one equals :attr:`state`)."""
        out = []
        state = None
        kind = self.game_type
        for e in self._log[: self._n]:
            state = kind.fold(state, e, self.rules)
            out.append(state)
        return tuple(out)

    def state_at(self, index: object) -> Any:
        """The state right after ``events[index]`` (negative indexes count from the end)."""
        if isinstance(index, bool) or not isinstance(index, int) or not -self._n <= index < self._n:
            raise IndexError(f"no event {index!r} in a log of {self._n} events")
        assert type(index) is int
        index %= self._n
        kind = self.game_type
        state = kind.fold(None, self._log[0], self.rules)
        for e in self._log[1 : index + 1]:
            state = kind.fold(state, e, self.rules)
        return state

    @property
    def current_player(self) -> int | None:
        """The seat that must act, or ``None`` once the game is over."""
        frame: Frame = self.state.frame
        p = frame.pending
        return None if p is None or frame.game_over else p.seat

    @property
    def pending(self) -> Any:
        """What kind of decision is pending and whose (the game's pending record:
        ``seat`` and ``kind``), or ``None``."""
        frame: Frame = self.state.frame
        return None if frame.game_over else frame.pending

    @property
    def is_over(self) -> bool:
        frame: Frame = self.state.frame
        return frame.game_over

    @property
    def unfinishable(self) -> bool:
        """True when the game can never end: it is not over and every legal
        action would take it past :data:`limits.MAX_EVENTS` (each raises
        :class:`LimitError`). No card set within the limits makes one (see
        :func:`pillars_rules.limits.event_bound`); a log replayed without
        verification or a lowered limit can."""
        frame: Frame = self.state.frame
        if frame.game_over:
            return False
        room = limits.MAX_EVENTS - self._n
        kind = self.game_type
        if room >= kind.event_bound(self.state):
            return False  # no action adds more than a whole game's worth of events
        for action in self._listed():
            events, _ = kind.run(self.state, self.rules, kind.events_of(self.state, self.rules, action))
            if len(events) <= room:
                return False
        return True

    @property
    def decision(self) -> int:
        """The number of the pending decision (the move token): each applied
        action moves it on by exactly one. A client sends it back with its
        action (``apply(..., expect=n)``) so a stale or repeated message is refused."""
        frame: Frame = self.state.frame
        return frame.decision

    def legal_actions(self) -> list[Any]:
        """All legal actions of :attr:`current_player` (empty once the game is over)."""
        return list(self._listed())

    def _listed(self) -> list[Any]:
        """The cached listing itself (callers must not change it)."""
        if self._legal is None:
            self._legal = self.game_type.legal(self.state, self.rules)
        return self._legal

    # ---------------------------------------------------------------- acting
    # The arguments come from clients: typed ``object``, so the compiled build
    # lets any value reach the checks below (and their typed refusals).
    def apply(self, action: Any, seat: object = None, expect: object = None) -> Game:
        """The game after ``action``. Raises :class:`IllegalActionError` (this game
        is unchanged). Pass ``seat`` to check that the action comes from the seat
        whose turn it is, and ``expect`` (the :attr:`decision` the sender saw) to
        refuse a stale or repeated message with :class:`StaleActionError` (a
        server receiving actions from clients should pass both)."""
        state = self.state
        frame: Frame = state.frame
        if expect is not None and (type(expect) is not int or expect != frame.decision):
            if type(expect) is not int:
                raise IllegalActionError(
                    f"the decision number must be a whole number, not {type(expect).__name__}", action
                )
            raise StaleActionError(expect, frame.decision, action)
        if frame.game_over:
            raise IllegalActionError(GAME_OVER, action)
        kind = self.game_type
        pend = frame.pending
        if seat is not None and (type(seat) is not int or pend is None or seat != pend.seat):
            if pend is None:  # a log folded without verification may stop between decisions
                raise IllegalActionError(NO_DECISION, action)
            raise IllegalActionError(
                f"it is not seat {safe_repr(seat, 24)}'s turn; seat {pend.seat} "
                f"({kind.seat_name(state, pend.seat)}) must decide '{pend.kind}'",
                action,
            )
        legal = self._listed()
        for one in legal:  # the fast path: the very object the listing made
            if one is action:
                # (a listed action failing would be an engine defect: never hidden)
                events, state = kind.run(state, self.rules, kind.events_of(state, self.rules, action))
                return self._extend(events, state)
        if type(action) in kind.action_fields:
            # a client's words are never echoed in a reason (nor kept: the listed action is)
            action = kind.unlabelled(action)
        try:
            events, state = decide(kind, self.state, self.rules, action, legal)
        except IllegalActionError:  # a ValueError too: keep its own reason
            raise
        except Exception as exc:  # malformed values: huge ints, an __eq__ or __repr__ that raises...
            raise IllegalActionError(
                f"malformed action {action_words(kind, action)}: {type(exc).__name__}: {bounded(exc, 100)}", action
            ) from None
        return self._extend(events, state)

    def state_after(self, action: Any) -> Any:
        """The state :meth:`apply` would give for ``action``, without making the
        next game (its log is not copied): for a search that only weighs the
        position one action ahead. ``action`` is best one of
        :meth:`legal_actions` (the very object); any other is checked, and
        refused, as :meth:`apply` checks it."""
        state = self.state
        frame: Frame = state.frame
        if not frame.game_over:
            kind = self.game_type
            for one in self._listed():
                if one is action:
                    events, after = kind.run(state, self.rules, kind.events_of(state, self.rules, action))
                    if self._n + len(events) > limits.MAX_EVENTS:
                        check_length(self._n + len(events))
                    return after
        return self.apply(action).state

    def _extend(self, events: list[Any], state: Any) -> Game:
        if self._n + len(events) > limits.MAX_EVENTS:
            check_length(self._n + len(events))
        log, red = self._log, self._redactions
        if len(log) != self._n:  # branching from an older game: copy the shared prefix
            log = log[: self._n]
            red = red.branch(self._n) if red is not None else None
        log.extend(events)
        return Game(self.rules, state, log, len(log), red, self.game_type)

    # ---------------------------------------------------------------- results
    def scores(self) -> list[Any]:
        """The game's score of each seat (Pillars: (VP, gold) per seat)."""
        return self.game_type.scores(self.state)

    def ranking(self) -> list[list[int]]:
        """Seats grouped by final place, best first; tied seats share a place
        (Pillars: most VP, then most gold, §2.6)."""
        return self.game_type.ranking(self.state)

    def winners(self) -> list[int]:
        return self.ranking()[0]

    def view(self, seat: object) -> Any:
        """What ``seat`` may know (Pillars: a :class:`~pillars_rules.view.SeatView`);
        ``None``: a spectator."""
        return self.game_type.view(self, seat)

    def export(self, seat: object) -> str:
        """The game as ``seat`` may know it, as JSON text for that seat's client
        (see :func:`pillars_rules.view.export`; ``None``: a spectator's): safe
        to send, unlike a :func:`~pillars_rules.save`, which holds the seed."""
        return self.game_type.export(self, seat)

    def describe(self, event: object) -> str:
        """An English sentence for ``event``."""
        return self.game_type.describe(self, event)

    def narrate(self, include_control: bool = False) -> list[str]:
        """Every event as an English sentence (control events skipped by default)."""
        kind = self.game_type
        return [kind.describe(self, e) for e in self.events if include_control or not kind.is_control(e)]

    # ---------------------------------------------------------------- values
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (
            self.game_type is other.game_type
            and self.state == other.state
            and self._n == other._n
            and self.rules.content_hash == other.rules.content_hash
            and self.events == other.events
        )

    def __hash__(self) -> int:
        frame: Frame = self.state.frame
        return hash((self._n, frame.decision))

    def __repr__(self) -> str:
        return f"<Game {self.game_type.summary(self.state)}, {self._n} events>"


def check_length(n: int) -> None:
    """Refuse an action that would take a game's log past :data:`limits.MAX_EVENTS`."""
    if n > limits.MAX_EVENTS:
        raise LimitError(
            f"this action would take the game to {n} events; "
            f"the limit is {limits.MAX_EVENTS} (pillars_rules.limits.MAX_EVENTS)",
            n,
            limits.MAX_EVENTS,
        )


#: A playout policy: ``policy(state, legal) -> index`` into ``legal`` (the
#: actions the game lists for ``state.pending.seat``).
Policy = Callable[[Any, list[Any]], int]


def uniform_policy(seed: int | None) -> Policy:
    """The default playout policy: a uniformly random legal action (``random.Random(seed)``)."""
    randrange = random.Random(seed).randrange

    def choose(state: Any, legal: list[Any]) -> int:
        return randrange(len(legal))

    return choose


def playout(
    game: Game,
    policy: Policy | None = None,
    *,
    seed: int | None = None,
    max_actions: object = None,
    until: Callable[[Any], bool] | None = None,
) -> Game:
    """``game`` played on to the end, each decision made by ``policy(state,
    legal)``, which returns the index of the chosen action in ``legal``; by
    default a uniformly random one (``random.Random(seed)``). It stops earlier
    after ``max_actions`` decisions, or at the first decision whose state
    satisfies ``until(state)`` (asked before every decision, the first one
    included), e.g. ``until=lambda s: s.round > 3`` stops at round 4's first
    decision.

    This is the fast path for simulations and search: no :class:`Game` is made
    per step and a listed action is not validated again (it comes from the
    rules' own list); the rules, events and log are exactly those of
    :meth:`Game.apply`, so the result equals applying the same actions one by
    one. A policy that returns anything but an index into ``legal`` raises
    :class:`IllegalActionError`; ``game`` itself is never changed.

    >>> import pillars_rules as pr
    >>> end = pr.playout(pr.new_game(players=2, seed=3), seed=1)
    >>> end.is_over and pr.replay(end.events) == end
    True
    """
    # the policy is the caller's: its answer may be anything, and is checked below
    choose: Callable[[Any, list[Any]], object] = uniform_policy(seed) if policy is None else policy
    rules, state, kind = game.rules, game.state, game.game_type
    red = game._redactions
    if len(game._log) == game._n:
        log = game._log
    else:
        log, red = game._log[: game._n], red.branch(game._n) if red is not None else None
    n = 0
    while not state.frame.game_over and (max_actions is None or n < max_actions):  # type: ignore[operator]
        if until is not None and until(state):
            break
        legal = kind.legal(state, rules)
        i = choose(state, legal)
        if type(i) is not int or not 0 <= i < len(legal):
            raise IllegalActionError(
                f"the playout policy must return an index from 0 to {len(legal) - 1}, not {i!r:.60}"
            )
        events, state = kind.run(state, rules, kind.events_of(state, rules, legal[i]))
        check_length(len(log) + len(events))
        log.extend(events)
        n += 1
    return Game(rules, state, log, len(log), red, kind)


__all__ = ["Game", "playout", "Policy", "uniform_policy", "check_length", "action_words"]

"""Player views: what one seat may know.

A view is the state with every secret replaced: the order and identity of
undealt craftsman, event and privilege cards, the undealt resource cards, and
the seed and random-draw counter (from which future draws could be computed).
A seat holding a ``see next event`` modifier (a base privilege, RULES §7) also sees the
event this round will reveal. Events that carry secrets (:class:`DecksShuffled`)
are redacted in the view's log.

A view is what a bot receives (:mod:`pillars_rules.bots`): it is cheap to make
(the redacted log is built only when ``events`` is first read) and nothing it
offers is secret: every public attribute is redacted. To redact lazily it keeps
a private reference to the game's log; Python hides nothing from code that goes
looking through private attributes, so a bot that runs in the same process is
trusted to keep to the public ones, and a client elsewhere gets
:func:`export` (``Game.export(seat)``), which holds no secret at all.

:func:`export` (``Game.export(seat)``) turns a view into JSON text for that
seat's client; ``view.decision`` is the move token the client sends back.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

import attrs

from .engine import events as E
from .engine.copiers import replace, replacer
from .engine.state import COMPILED, Decks, GameState, Pins

HIDDEN = "?"
#: Craftsman cards revealed from a round's deck (2 to Shiring, 2 to the display, §2.1).
REVEALED = 4


class SeatView:
    """What ``seat`` may know now (immutable).

    ``state`` is the game state with secrets hidden (hidden cards read ``"?"``,
    seed and draw counter read 0); ``next_event`` is the coming event card if
    this seat may peek at it (else ``None``); ``events`` is the log with secret
    facts redacted; ``legal_actions`` are this seat's options if it must act;
    ``rules`` is the game's rules context (cards and variants: public).
    """

    seat: int
    state: GameState
    next_event: str | None
    legal_actions: tuple
    rules: Any
    _raw: Sequence[Any]
    _n: int
    _events: tuple | None

    def __init__(self, seat: int, state: GameState, next_event: str | None, events: Iterable[Any],
                 legal_actions: tuple, rules: Any = None) -> None:
        events = tuple(events)
        self._fill(seat, state, next_event, legal_actions, rules, events, len(events))

    def _fill(self, seat: int, state: GameState, next_event: str | None, legal_actions: tuple, rules: Any,
              raw: Sequence[Any], n: int) -> SeatView:
        """Set all attributes at once (views are made at every decision);
        ``raw[:n]`` is the unredacted log, redacted when :attr:`events` is read."""
        if not COMPILED:  # one attribute dict, set in one step
            object.__setattr__(self, "__dict__", {
                "seat": seat, "state": state, "next_event": next_event, "legal_actions": legal_actions,
                "rules": rules, "_raw": raw, "_n": n, "_events": None})
            return self
        # compiled: each a direct store into the native object
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "state", state)
        object.__setattr__(self, "next_event", next_event)
        object.__setattr__(self, "legal_actions", legal_actions)
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "_raw", raw)
        object.__setattr__(self, "_n", n)
        object.__setattr__(self, "_events", None)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"SeatView is immutable; cannot set {name!r}")

    @property
    def events(self) -> tuple:
        """The log as this seat may know it (secret facts redacted)."""
        ev = self._events
        if ev is None:
            ev = tuple(redact_event(e) for e in self._raw[: self._n])
            object.__setattr__(self, "_events", ev)
            object.__setattr__(self, "_raw", ())
        return ev

    @property
    def decision(self) -> int:
        """The number of the pending decision: send it back with an action
        (``Game.apply(..., expect=view.decision)``) so a resent message is refused."""
        return self.state.decision

    @property
    def n_events(self) -> int:
        return self._n

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SeatView):
            return NotImplemented
        return (self.seat, self.state, self.next_event, self.legal_actions, self.events) == (
            other.seat, other.state, other.next_event, other.legal_actions, other.events)

    def __hash__(self) -> int:
        return hash((self.seat, self.n_events))

    def __repr__(self) -> str:
        return f"<SeatView seat {self.seat}, {self.n_events} events, {len(self.legal_actions)} legal actions>"


def _hide(cards: tuple[str, ...]) -> tuple[str, ...]:
    return (HIDDEN,) * len(cards)


# The last redactions, each one tuple swapped in by a single assignment (safe
# across threads): (fixed, redacted fixed) and (decks, round, redacted decks).
_FIXED: list = [(None, None)]
_DECKS: list = [(None, -1, None)]


def redact_state(state: GameState) -> GameState:
    """``state`` with the seed, the draw counter and undealt cards hidden. The
    hidden parts change only at setup and round openings, so the last redaction
    is reused (views are made at every decision)."""
    fixed, decks, rnd = state.fixed, state.decks, state.round
    f = _FIXED[0]
    if f[0] is not fixed:
        f = _FIXED[0] = (fixed, replace(fixed, seed=0))
    d = _DECKS[0]
    if d[0] is not decks or d[1] != rnd:
        d = _DECKS[0] = (decks, rnd, _redact_decks(decks, rnd))
    pins = state.pins
    if pins.builders or pins.tax or pins.displays:
        return replace(state, fixed=f[1], decks=d[2], rng=0, pins=_NO_PINS)
    return _redacted(state, f[1], d[2], 0)


_NO_PINS = Pins()
_redacted = replacer(GameState, "fixed", "decks", "rng")


def _redact_decks(decks: Decks, rnd: int) -> Decks:
    return replace(
        decks,
        craftsman_decks=tuple(
            deck[:REVEALED] + _hide(deck[REVEALED:]) if i < rnd else _hide(deck)
            for i, deck in enumerate(decks.craftsman_decks)
        ),
        event_deck=_hide(decks.event_deck),
        privilege_deck=_hide(decks.privilege_deck),
    )


def redact_event(event: object) -> object:
    if isinstance(event, E.DecksShuffled):
        return E.DecksShuffled(
            tuple(_hide(d) for d in event.craftsmen), _hide(event.events), _hide(event.privileges)
        )
    if isinstance(event, E.PositionSet):  # deck orders and pinned chance are secret
        return attrs.evolve(event, decks=_redact_decks(event.decks, event.round), pins=_NO_PINS)
    if isinstance(event, E.GameStarted):
        return E.GameStarted(event.names, 0, event.variants, event.card_hash,
                             event.starting_craftsmen, event.gold, event.vp)
    return event


#: The ``format`` tag of :func:`export` documents.
EXPORT_FORMAT = "pillars-rules-seat-export"
EXPORT_FORMAT_VERSION = 1


def export(seat_view: SeatView) -> str:
    """``seat_view`` as JSON text for that seat's client: the redacted state,
    the redacted log, the seat's legal actions and the decision number, under
    a ``format`` tag. It holds no seed, no draw counter and no undealt card,
    so the client can neither replay the chance draws nor predict the next."""
    import json

    from .saves.actions_json import encode_action
    from .saves.codec import converter, event_to_dict

    doc = {
        "format": EXPORT_FORMAT,
        "format_version": EXPORT_FORMAT_VERSION,
        "seat": seat_view.seat,
        "decision": seat_view.decision,
        "state": converter.unstructure(seat_view.state),
        "next_event": seat_view.next_event,
        "legal_actions": [encode_action(a) for a in seat_view.legal_actions],
        "events": [event_to_dict(e) for e in seat_view.events],
    }
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


def view(game: Any, seat: object) -> SeatView:
    """The view of ``seat`` (0-based) of ``game``."""
    state = game.state
    if type(seat) is not int or not 0 <= seat < len(state.players):
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.n_players:
            from .errors import IllegalActionError

            raise IllegalActionError(f"no seat {seat!r} in a {state.n_players}-player game")
    peek = None
    if not state.event and state.event_deck and not state.game_over and game.rules.peeks(state, seat):
        peek = state.event_deck[0]
    legal = tuple(game._listed()) if game.current_player == seat else ()
    # The log is read lazily: the game's log only grows, so its first n events
    # never change; the view keeps the list and n, and copies them when read.
    redacted = redact_state(state)
    # an empty view filled in (the compiled class is made by its constructor only)
    blank = SeatView(seat, redacted, peek, (), legal, game.rules) if COMPILED else object.__new__(SeatView)
    return blank._fill(seat, redacted, peek, legal, game.rules, game._log, game._n)

"""Player views: what one seat may know, and what a spectator may know.

A view is the state with every secret replaced: the order and identity of
undealt craftsman, event and privilege cards, the undealt resource cards, and
the seed and random-draw counter (from which future draws could be computed).
A seat holding a ``see next event`` modifier (a base privilege, RULES §7) also sees the
event this round will reveal, and a seat that looked at event cards (``look
at the next N events``, issue #53) sees them in its own event deck, where
they lie (:func:`own_looks`); a spectator (``seat=None``) sees no seat's
peek or looks and has no legal actions. Events that carry secrets
(:class:`DecksShuffled`, :class:`PositionSet`, the seed in
:class:`GameStarted`) are redacted in the view's log.

A view is what a bot receives (:mod:`pillars_rules.bots`), and it holds no
secret, not even privately: its state and its log are redacted copies, and
it keeps no reference to the game. The redacted parts are reused from one
view to the next through a cache that the *game* keeps (a game holds its
own secrets anyway); nothing of a game is kept in this module, so a view of
one table never reaches another table's seed or decks.

A view crosses processes and sockets as data: :func:`export` (``Game.export(seat)``)
is JSON text of the view, :func:`from_export` rebuilds a :class:`SeatView`
from it (with the card set, which is public), and a :class:`SeatView`
pickles as its export, so a bot in a process pool gets only redacted data.
``view.decision`` is the move token the client sends back.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable, Sequence
from typing import Any, Final

import attrs

from .engine import events as E
from .engine.copiers import replace, replacer
from .engine.state import COMPILED, Decks, Fixed, GameState, Pins

HIDDEN: Final = "?"
#: Craftsman cards revealed from a round's deck (2 to Shiring, 2 to the display, §2.1).
REVEALED = 4


class SeatView:
    """What ``seat`` may know now (immutable); ``seat`` is ``None`` for a spectator.

    ``state`` is the game state with secrets hidden (hidden cards read ``"?"``,
    seed and draw counter read 0); ``next_event`` is the coming event card if
    this seat may peek at it (else ``None``); ``events`` is the log with secret
    facts redacted; ``legal_actions`` are this seat's options if it must act;
    ``rules`` is the game's rules context (cards and variants: public).
    """

    seat: int | None
    state: GameState
    next_event: str | None
    legal_actions: tuple
    rules: Any
    _log: Sequence[Any]
    _n: int
    _events: tuple | None
    _decode: bool

    def __init__(
        self,
        seat: int | None,
        state: GameState,
        next_event: str | None,
        events: Iterable[Any],
        legal_actions: tuple,
        rules: Any = None,
    ) -> None:
        events = tuple(events)
        self._fill(seat, state, next_event, legal_actions, rules, events, len(events), False)
        object.__setattr__(self, "_events", events)

    def _fill(
        self,
        seat: int | None,
        state: GameState,
        next_event: str | None,
        legal_actions: tuple,
        rules: Any,
        log: Sequence[Any],
        n: int,
        decode: bool,
    ) -> SeatView:
        """Set all attributes at once (views are made at every decision);
        ``log[:n]`` is the redacted log (it may be longer: the game line's
        later events), still JSON objects when ``decode`` (a view rebuilt from
        an export)."""
        if not COMPILED:  # one attribute dict, set in one step
            object.__setattr__(
                self,
                "__dict__",
                {
                    "seat": seat,
                    "state": state,
                    "next_event": next_event,
                    "legal_actions": legal_actions,
                    "rules": rules,
                    "_log": log,
                    "_n": n,
                    "_events": None,
                    "_decode": decode,
                },
            )
            return self
        # compiled: each a direct store into the native object
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "state", state)
        object.__setattr__(self, "next_event", next_event)
        object.__setattr__(self, "legal_actions", legal_actions)
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "_log", log)
        object.__setattr__(self, "_n", n)
        object.__setattr__(self, "_events", None)
        object.__setattr__(self, "_decode", decode)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"SeatView is immutable; cannot set {name!r}")

    @property
    def events(self) -> tuple:
        """The log as this seat may know it (secret facts redacted)."""
        ev = self._events
        if ev is None:
            ev = tuple(self._log[: self._n])
            if self._decode:  # rebuilt from an export: the events are still JSON objects
                from .pillars_json.strict import event_from_dict

                ev = tuple(event_from_dict(d, i) for i, d in enumerate(ev))
            object.__setattr__(self, "_events", ev)
        return ev

    @property
    def decision(self) -> int:
        """The number of the pending decision: send it back with an action
        (``Game.apply(..., expect=view.decision)``) so a resent message is refused."""
        return self.state.frame.decision

    @property
    def n_events(self) -> int:
        return self._n

    @property
    def is_spectator(self) -> bool:
        return self.seat is None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SeatView):
            return NotImplemented
        return (self.seat, self.state, self.next_event, self.legal_actions, self.events) == (
            other.seat,
            other.state,
            other.next_event,
            other.legal_actions,
            other.events,
        )

    def __hash__(self) -> int:
        return hash((self.seat, self.n_events))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # a view pickles as its export (redacted data only) and a reference to
        # its public card set, so it can go to a bot in another process
        return (_unpickle, (export(self), _CardsRef(self.rules)))

    def __repr__(self) -> str:
        who = "spectator" if self.seat is None else f"seat {self.seat}"
        return f"<SeatView {who}, {self.n_events} events, {len(self.legal_actions)} legal actions>"


def _hide(cards: tuple[str, ...]) -> tuple[str, ...]:
    return (HIDDEN,) * len(cards)


def redact_state(state: GameState) -> GameState:
    """``state`` with the seed, the draw counter and undealt cards hidden."""
    return _redact_state(state, _redact_fixed(state.fixed), _redact_decks(state.decks, state.round))


def _redact_fixed(fixed: Fixed) -> Fixed:
    return replace(fixed, seed=0)


def _redact_state(state: GameState, fixed: Fixed, decks: Decks) -> GameState:
    pins = state.pins
    if pins.builders or pins.tax or pins.displays or state.seen:  # what seats looked at: theirs only
        return replace(state, fixed=fixed, decks=decks, rng=0, pins=_NO_PINS, seen=())
    return _redacted(state, fixed, decks, 0)


def own_looks(red: GameState, state: GameState, seat: int | None) -> GameState:
    """``red`` (``state`` redacted) with the event cards ``seat`` has looked
    at shown in its event deck, where they lie now, and its own looks in
    ``seen`` (issue #53): each zone's visibility is
    :data:`~pillars_rules.cardlang.effects.ZONES`; another seat's looks stay hidden."""
    mine = tuple(x for x in state.seen if x[0] == seat)
    if not mine:
        return red
    known = {c for _, c in mine}
    deck = tuple(c if c in known else HIDDEN for c in state.event_deck)
    return replace(red, decks=replace(red.decks, event_deck=deck), seen=mine)


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
    """``event`` as every seat may know it (the same object if it holds no secret)."""
    if isinstance(event, E.DecksShuffled):
        return E.DecksShuffled(tuple(_hide(d) for d in event.craftsmen), _hide(event.events), _hide(event.privileges))
    if isinstance(event, E.PositionSet):  # deck orders and pinned chance are secret
        return attrs.evolve(event, decks=_redact_decks(event.decks, event.round), pins=_NO_PINS)
    if isinstance(event, E.GameStarted):
        return E.GameStarted(
            event.names, 0, event.variants, event.card_hash, event.starting_craftsmen, event.gold, event.vp
        )
    return event


class Redactions:
    """The redacted parts of one game line's states and log, reused by its views.

    A :class:`~pillars_rules.Game` keeps one (games made from it by
    ``apply`` share it while they share the log), so views made at every
    decision cost little: the hidden parts change only at setup and round
    openings, the four seats of one state share one redacted state, and each
    event of the log is redacted once. It holds the game's secrets (to know
    when a redaction is still valid), so it belongs to the game and is never
    put in a view or in module state.
    """

    __slots__ = ("_fixed", "_decks", "_state", "log", "_lock")

    def __init__(self, log: list | None = None) -> None:
        self._fixed: tuple = (None, None)
        self._decks: tuple = (None, -1, None)
        self._state: tuple = (None, None)
        #: The redacted log (public: it is what every view's ``events`` reads).
        self.log: list = [] if log is None else log
        self._lock = threading.Lock()

    def branch(self, n: int) -> Redactions:
        """The cache for a game that branches off after ``n`` events (its log is a copy)."""
        out = Redactions(self.log[:n])
        out._fixed, out._decks = self._fixed, self._decks
        return out

    def state(self, state: GameState) -> GameState:
        s = self._state  # each cache is one tuple, swapped in by one assignment: safe across threads
        if s[0] is state:
            return s[1]
        fixed, decks, rnd = state.fixed, state.decks, state.round
        f = self._fixed
        if f[0] is not fixed:
            f = self._fixed = (fixed, _redact_fixed(fixed))
        d = self._decks
        if d[0] is not decks or d[1] != rnd:
            d = self._decks = (decks, rnd, _redact_decks(decks, rnd))
        red = _redact_state(state, f[1], d[2])
        self._state = (state, red)
        return red

    def events(self, raw: list, n: int) -> list:
        """The redacted log, holding at least the first ``n`` events of ``raw``."""
        log = self.log
        if len(log) < n:
            with self._lock:
                k = len(log)
                if k < n:
                    log.extend([redact_event(e) for e in raw[k:n]])
        return log


#: The ``format`` tag of :func:`export` documents.
EXPORT_FORMAT = "pillars-rules-seat-export"
EXPORT_FORMAT_VERSION = 1


def export_doc(seat_view: SeatView, events: bool = True) -> dict:
    """``seat_view`` as a JSON-ready dict (see :func:`export`); without its
    ``"events"`` when ``events`` is false (a caller that keeps the log's JSON)."""
    from .pillars_json.actions_json import encode_action
    from .pillars_json.codec import converter, event_to_dict

    doc = {
        "format": EXPORT_FORMAT,
        "format_version": EXPORT_FORMAT_VERSION,
        "seat": seat_view.seat,
        "decision": seat_view.decision,
        "state": converter.unstructure(seat_view.state),
        "next_event": seat_view.next_event,
        "legal_actions": [encode_action(a) for a in seat_view.legal_actions],
    }
    if events:
        doc["events"] = [event_to_dict(e) for e in seat_view.events]
    return doc


def export(seat_view: SeatView) -> str:
    """``seat_view`` as JSON text for that seat's client (or a spectator's):
    the redacted state, the redacted log, the seat's legal actions and the
    decision number, under a ``format`` tag. It holds no seed, no draw
    counter and no undealt card, so the client can neither replay the chance
    draws nor predict the next."""
    return json.dumps(export_doc(seat_view), ensure_ascii=False, separators=(",", ":"))


def from_export(export: str | bytes | dict, cards: Any = None, *, rules: Any = None, events: Any = None) -> SeatView:
    """The :class:`SeatView` an :func:`export` describes, for a client or a
    bot in another process. The cards are public but not in the export: give
    the card set (``cards``: a :class:`~pillars_rules.CardSet` -- the game's
    whole set, or the fan cards added to the base set, e.g.
    ``pr.load_cards(paths)`` -- or ``None`` for the base cards) or a ``rules``
    context; the export's card hash must match it. The log is decoded when
    ``events`` is first read; a client that keeps the log decoded already
    (one event at a time, as updates come) gives it as ``events`` (event
    objects) in place of the export's. :class:`~pillars_rules.errors.SaveError` if the
    export is malformed, :class:`~pillars_rules.errors.ConfigError` if it was
    made with other cards.

    >>> import pillars_rules as pr
    >>> game = pr.new_game(players=2, seed=4)
    >>> rebuilt = from_export(game.export(0))
    >>> rebuilt == game.view(0), rebuilt.state.seed
    (True, 0)
    """
    from .errors import ConfigError, SaveError
    from .pillars_json.actions_json import decode_action
    from .pillars_json.codec import framed_state_doc
    from .pillars_json.strict import _structurer

    doc: Any = export
    if not isinstance(doc, dict):
        try:
            doc = json.loads(doc)
        except (ValueError, TypeError, RecursionError) as exc:
            raise SaveError(f"a seat export must be JSON text: {str(exc)[:80]}") from None
    if type(doc) is not dict or doc.get("format") != EXPORT_FORMAT:
        raise SaveError(f'not a seat export (its "format" must be {EXPORT_FORMAT!r})')
    if doc.get("format_version") != EXPORT_FORMAT_VERSION:
        raise SaveError(
            f"seat export version {doc.get('format_version')!r:.20}; this library reads version {EXPORT_FORMAT_VERSION}"
        )
    missing = {"seat", "state", "next_event", "legal_actions"} - set(doc) | (
        {"events"} - set(doc) if events is None else set()
    )
    if missing:
        raise SaveError(f"the seat export lacks {', '.join(sorted(missing))}")
    state = _structurer(GameState)(framed_state_doc(doc["state"]), "$.state", None)
    decoded = events is not None
    seat, peek, events = doc["seat"], doc["next_event"], (tuple(events) if decoded else doc["events"])
    if seat is not None and (type(seat) is not int or not 0 <= seat < state.n_players):
        raise SaveError(f"$.seat: no seat {seat!r:.20} in a {state.n_players}-player game")
    if peek is not None and type(peek) is not str or type(events) is not (tuple if decoded else list):
        raise SaveError("$.next_event must be a card id or null, and $.events a list")
    if rules is None:
        rules = _rules(cards, state.fixed.variants, state.fixed.card_hash)
    if rules.content_hash != state.fixed.card_hash:
        raise ConfigError(
            "this export was made with another card set than the one given "
            f"(card hash {state.fixed.card_hash[:12]}, not {rules.content_hash[:12]})"
        )
    legal = tuple(decode_action(a) for a in doc["legal_actions"])
    return _new_view(seat, state, peek, legal, rules, events, len(events), not decoded)


def _rules(cards, variants: tuple, card_hash: str):
    """The rules of ``cards`` (``None``: the base set; a CardSet: the game's
    whole set, or its fan cards to add to the base set)."""
    from .cardlang import base_cards
    from .cardlang.cardset import CardSet
    from .engine.context import rules_for
    from .errors import ConfigError

    if cards is None:
        cards = base_cards()
    elif not isinstance(cards, CardSet):
        raise ConfigError("cards must be a CardSet or None (use pillars_rules.load_cards(paths) for files)")
    elif cards.content_hash != card_hash:
        cards = base_cards().merged(cards)
    return rules_for(cards, tuple(variants))


class _CardsRef:
    """A rules context, pickled as its public card set: nothing at all for the
    base cards, else the set's canonical card text (compiled once per process
    on the other side)."""

    def __init__(self, rules) -> None:
        self.rules = rules

    def __reduce__(self):
        rules = self.rules
        if rules is None:
            return (_no_rules, ())
        return (_rules_of, (rules.content_hash, rules.variants, _card_text(rules.base)))


def _no_rules():
    return None


_TEXTS: dict[str, str | None] = {}  # identity -> canonical text (public), or None for the base set
_REBUILT: dict[tuple, object] = {}  # (identity, variants) -> Rules (public)


def _card_text(cards) -> str | None:
    from .cardlang import base_cards, format_cards

    key = cards.identity
    if key not in _TEXTS:
        if len(_TEXTS) >= 32:
            _TEXTS.clear()
        # its places and board card too, in their order: a set's own board (the
        # expansion's sites, say) is part of it, and its cards name those sites
        _TEXTS[key] = None if key == base_cards().identity else format_cards((*cards.places, *cards.cards))
    return _TEXTS[key]


def _rules_of(identity: str, variants: tuple, text: str | None):
    key = (identity, tuple(variants))
    rules = _REBUILT.get(key)
    if rules is None:
        from .cardlang import base_cards, compile_text
        from .engine.context import rules_for
        from .errors import ConfigError

        cards = base_cards() if text is None else compile_text(text, "<cards>")
        if cards.identity != identity:
            raise ConfigError(f"the pickled card set does not compile to identity {identity[:12]}")
        if len(_REBUILT) >= 32:
            _REBUILT.clear()
        rules = _REBUILT[key] = rules_for(cards, tuple(variants))
    return rules


def _unpickle(text: str, rules) -> SeatView:
    return from_export(text, rules=rules)


def view(game: Any, seat: object) -> SeatView:
    """The view of ``seat`` (0-based) of ``game``; ``seat=None`` gives the
    spectator's view (no seat's peek, no legal actions)."""
    state = game.state
    if seat is not None and (type(seat) is not int or not 0 <= seat < len(state.players)):
        # a seat is a plain int: a bool or an int subclass (whose methods may
        # raise) is refused alike in both builds
        from .errors import IllegalActionError, safe_repr

        kind = "" if type(seat) is int else f" (a seat is a plain int, not {type(seat).__name__[:40]})"
        raise IllegalActionError(f"no seat {safe_repr(seat, 40)} in a {state.n_players}-player game{kind}")
    red = game._redactions
    if red is None:
        red = game._redactions = Redactions()
    peek = None
    if (
        seat is not None
        and not state.event
        and state.event_deck
        and not state.frame.game_over
        and game.rules.peeks(state, seat)
    ):
        peek = state.event_deck[0]
    legal = tuple(game._listed()) if seat is not None and game.current_player == seat else ()
    n = game._n
    shown = red.state(state)
    if state.seen:  # a seat that looked at event cards sees them (issue #53)
        shown = own_looks(shown, state, seat)
    return _new_view(seat, shown, peek, legal, game.rules, red.events(game._log, n), n, False)


def _new_view(
    seat: int | None,
    state: GameState,
    next_event: str | None,
    legal_actions: tuple,
    rules: Any,
    log: Sequence[Any],
    n: int,
    decode: bool,
) -> SeatView:
    """A view filled in at once (see :meth:`SeatView._fill`): an empty object
    in the pure build, made by its constructor in the compiled one (a native
    class is made by its constructor only)."""
    blank = SeatView(seat, state, next_event, (), legal_actions, rules) if COMPILED else object.__new__(SeatView)
    return blank._fill(seat, state, next_event, legal_actions, rules, log, n, decode)

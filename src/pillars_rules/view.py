"""Player views: what one seat may know.

A view is the state with every secret replaced: the order and identity of
undealt craftsman, event and privilege cards, the undealt resource cards, and
the seed and random-draw counter (from which future draws could be computed).
A seat holding a ``see next event`` modifier (a base privilege, RULES §7) also sees the
event this round will reveal. Events that carry secrets (:class:`DecksShuffled`)
are redacted in the view's log.
"""

from __future__ import annotations

from attrs import frozen

from .engine import events as E
from .engine.state import GameState, replace

HIDDEN = "?"
#: Craftsman cards revealed from a round's deck (2 to Shiring, 2 to the display, §2.1).
REVEALED = 4


@frozen
class SeatView:
    """What ``seat`` may know now.

    ``state`` is the game state with secrets hidden (hidden cards read ``"?"``,
    seed and draw counter read 0); ``next_event`` is the coming event card if
    this seat may peek at it (else ``None``); ``events`` is the log with secret
    facts redacted; ``legal_actions`` are this seat's options if it must act.
    """

    seat: int
    state: GameState
    next_event: str | None
    events: tuple
    legal_actions: tuple


def _hide(cards: tuple[str, ...]) -> tuple[str, ...]:
    return (HIDDEN,) * len(cards)


def redact_state(state: GameState) -> GameState:
    return replace(
        state,
        seed=0,
        rng=0,
        craftsman_decks=tuple(
            deck[:REVEALED] + _hide(deck[REVEALED:]) if i < state.round else _hide(deck)
            for i, deck in enumerate(state.craftsman_decks)
        ),
        event_deck=_hide(state.event_deck),
        privilege_deck=_hide(state.privilege_deck),
    )


def redact_event(event: object) -> object:
    if isinstance(event, E.DecksShuffled):
        return E.DecksShuffled(
            tuple(_hide(d) for d in event.craftsmen), _hide(event.events), _hide(event.privileges)
        )
    if isinstance(event, E.GameStarted):
        return E.GameStarted(event.names, 0, event.variants, event.card_hash,
                             event.starting_craftsmen, event.gold, event.vp)
    return event


def view(game, seat: int) -> SeatView:
    """The view of ``seat`` (0-based) of ``game``."""
    state = game.state
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.n_players:
        from .errors import IllegalActionError

        raise IllegalActionError(f"no seat {seat!r} in a {state.n_players}-player game")
    peek = None
    if state.event_deck and not state.event and game.rules.peeks(state, seat) and not state.game_over:
        peek = state.event_deck[0]
    legal = tuple(game.legal_actions()) if game.current_player == seat else ()
    return SeatView(
        seat=seat,
        state=redact_state(state),
        next_event=peek,
        events=tuple(redact_event(e) for e in game.events),
        legal_actions=legal,
    )

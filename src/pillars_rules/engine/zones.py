"""Cards as objects (issue #53): what the card effects that move or show
cards do -- a look at the event deck, a new order of it, a craftsman given,
a privilege copied.

Every card is in one zone (:data:`~pillars_rules.cardlang.effects.ZONES`
says who may see each); these functions turn an effect into the events that
move or show cards, never naming a hidden card (a look is kept in
``GameState.seen`` and shown by :func:`pillars_rules.view.own_looks`). They
read the state only: :mod:`.batch` and :mod:`.legal` add the events.
"""

from __future__ import annotations

from itertools import permutations

from ..cardlang.effects import (
    SETUP,
    ChooseCraftsman,
    CopyPrivilege,
    DraftCards,
    GivePrivilege,
    Passive,
    Players,
    ReorderEvents,
)
from . import events as E
from .context import Rules
from .reach import selected, turn_order
from .state import GameState, Job

_OTHERS = Players("other")


def look_events(state: GameState, seat: int, n: int, source: str) -> list[E.EventsLooked]:
    """The look of ``seat`` at the top ``n`` event cards: none if it has
    seen them all already (or the deck is empty) -- it would learn nothing."""
    seen = state.seen
    if all((seat, c) in seen for c in state.event_deck[:n]):
        return []
    return [E.EventsLooked(seat, min(n, len(state.event_deck)), source)]


def reorder_size(state: GameState, effect: ReorderEvents) -> int:
    """How many event cards a reorder takes in hand now."""
    return min(effect.n, len(state.event_deck))


def reorders(k: int) -> list[tuple[int, ...]]:
    """The orders of ``k`` cards, option ``i`` the ``i``-th (0: as they lie)."""
    got = _REORDERS.get(k)
    if got is None:
        got = _REORDERS[k] = list(permutations(range(k)))
    return got


_REORDERS: dict[int, list[tuple[int, ...]]] = {}


def give_target(state: GameState, seat: int, effect: ChooseCraftsman, actor: int = -1) -> int:
    """The seat a craftsman ``seat`` gives goes to (-1: no gift, or nobody --
    nobody gives to themselves, as when ``that player``, ``actor``, is ``seat``)."""
    if effect.to is None:
        return -1
    picked = selected(state, seat, effect.to, actor)
    return picked[0] if picked and picked[0] != seat else -1


def gives_to_chosen(effect: object) -> bool:
    """Is ``effect`` a card given as one decision among the pairs of a card
    and a taker (:func:`give_options`): a privilege given, or a craftsman
    given to a player you choose (a craftsman given to a neighbour is a pick
    of the craftsman alone, as before)?"""
    return isinstance(effect, GivePrivilege) or (
        isinstance(effect, ChooseCraftsman) and effect.to is not None and effect.to.who == "chosen"
    )


def give_options(
    state: GameState, seat: int, effect: ChooseCraftsman | GivePrivilege, actor: int = -1
) -> list[tuple[str, int]]:
    """What ``seat`` may give, option ``i`` the ``i``-th: ``(card, taker)``
    for each of its craftsmen (privileges for a :class:`GivePrivilege`) not
    excluded, card by card in the order held, and each player the selector
    picks (any other player for "a player you choose", in turn order) who
    does not hold that card -- only moves that do something (issue #53).
    ``actor``: who ``that player`` is (the queued choice's)."""
    to = effect.to
    assert to is not None  # a craftsman given names its taker (the compiler's check)
    takers = [s for s in selected(state, seat, _OTHERS if to.who == "chosen" else to, actor) if s != seat]
    privileges = isinstance(effect, GivePrivilege)
    out: list[tuple[str, int]] = []
    held = state.players[seat].privileges if privileges else state.players[seat].craftsmen
    for c in dict.fromkeys(held):
        if c in effect.exclude:
            continue
        for t in takers:
            p = state.players[t]
            if c not in (p.privileges if privileges else p.craftsmen):
                out.append((c, t))
    return out


def give_event(
    seat: int, effect: ChooseCraftsman | GivePrivilege, card: str, taker: int
) -> E.CraftsmanGiven | E.PrivilegeGiven:
    """The event of ``seat`` giving ``card`` to ``taker``."""
    cls = E.PrivilegeGiven if isinstance(effect, GivePrivilege) else E.CraftsmanGiven
    return cls(seat, card, taker)


def lasting_rounds(state: GameState, rules: Rules, duration: str) -> tuple[int, int]:
    """The first and last round of a lasting change made now for ``duration``
    (a first round past the board's last one: it would never hold)."""
    first = state.round + (1 if duration == "next_round" else 0)
    return first, rules.layout.rounds if duration == "rest_of_game" else first


def copy_options(
    state: GameState, rules: Rules, seat: int, effect: CopyPrivilege, actor: int = -1
) -> list[tuple[int, str]]:
    """What ``seat`` may copy, option ``i`` the ``i``-th: ``(owner, privilege)``
    for each privilege of a player the selector picks (any other player for
    "a player you choose"; ``actor`` for ``that player``), in turn order, that
    has a lasting modifier and that ``seat`` does not hold. None when the copy
    would never hold."""
    if lasting_rounds(state, rules, effect.duration)[0] > rules.layout.rounds:
        return []
    who = effect.players
    seats = selected(state, seat, _OTHERS if who.who == "chosen" else who, actor)
    own = state.players[seat].privileges
    out: list[tuple[int, str]] = []
    for s in seats:
        if s == seat:
            continue
        for c in state.players[s].privileges:
            if c not in own and rules.passives[c] and all(c != k for _, k in out):
                out.append((s, c))
    return out


def copy_grants(state: GameState, rules: Rules, seat: int, effect: CopyPrivilege, card: str) -> list[E.ModifierGranted]:
    """The grants that copy ``card``'s lasting modifiers to ``seat``: one for
    each of its :class:`~pillars_rules.cardlang.effects.Passive` abilities."""
    first, last = lasting_rounds(state, rules, effect.duration)
    return [
        E.ModifierGranted(seat, card, i, -1, first, last)
        for i, a in enumerate(rules.card(card).abilities)
        if isinstance(a, Passive)
    ]


def setup_draft(rules: Rules) -> tuple[str, int, DraftCards] | None:
    """The board card's set-up draft (issue #53): its card, ability and
    effect, or ``None`` (the compiler allows one, on the board card only)."""
    for cid in rules.triggered_on.get(SETUP, ()):
        if rules.by_id[cid].kind == "board":
            for i, t in rules.triggers[cid]:
                if isinstance(t.effect, DraftCards):
                    return cid, i, t.effect
    return None


def draft_events(state: GameState, card: str, ability: int, effect: DraftCards) -> list:
    """The deal of a set-up draft and its picks: ``effect.n`` cards per
    player from the top of the deck to the display (as many as it holds),
    then one pick per player in turn order from the start player, round
    after round, ``effect.keep`` rounds (a pick with the display empty asks
    nothing). Nothing when the deck is empty."""
    n = min(effect.n * state.n_players, len(state.privilege_deck))
    if not n:
        return []
    order = turn_order(state)
    jobs = tuple(Job(seat, card, ability) for _ in range(effect.keep) for seat in order)
    return [E.CardsDealt(effect.deck, n, card), E.ChoicesQueued(jobs)]

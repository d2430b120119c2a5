"""Totality of the card language (issue #53): every card set that ``cards
check`` accepts plays, and every game it plays saves, loads and replays.

Two parts, for the test suite, ``python -m bench --cards-soak`` and your own
cards (needs ``hypothesis``):

* :func:`card_sets` -- a Hypothesis strategy of fan card sets drawn from the
  grammar (:func:`pillars_rules.cardlang.strategies.cards`: votes, weighted
  votes, bids, transfers and trades, counters, borrowing, lasting changes,
  selectors of other players, durations, triggers, choices nested in each
  other, quantities -- gains, losses and conversion outputs scaled by
  products of values with bounds -- conditions on counters, choices on a
  turn at the market, reactions to any seat, turn order, and the cards as
  objects: looks at, reorders and burials of the event deck, craftsmen
  given, privileges copied), as card text, and half the time the shipped
  board card with set-up rules (``at setup:`` for each player and a draft
  of privileges). Each card takes the id of a base
  (or expansion) card of its kind, so
  it is dealt like the card it replaces.
* :func:`play_set` -- compiles a set (a set the compiler refuses is an
  :class:`Outcome` of kind ``"refused"``, not a failure, if its message says
  where -- file:line:col -- and what; else ``"unlocated_refusal"``), plays it at the
  given seat count with a random bot, then saves, loads and replays the
  game. The laws: no exception, every decision has a legal answer, the game
  ends within the event bound (:data:`~pillars_rules.limits.EVENT_BOUND`),
  its save loads and its log replays to the same game, and the rules laws
  of :func:`pillars_rules.testing.check_game` hold.

::

    from hypothesis import given, strategies as st
    from pillars_rules import totality

    @given(totality.card_sets(), st.integers(2, 6), st.integers(0, 2**32))
    def test_my_language_is_total(case, players, seed):
        outcome = totality.play_set(case, players, seed)
        assert outcome.ok, outcome
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import Any

import attrs
from attrs import frozen
from hypothesis import strategies as st

from .cardlang import compile_text, format_cards
from .cardlang.card import Card
from .cardlang.cardset import CardSet
from .cardlang.strategies import board_setups
from .cardlang.strategies import cards as drawn_cards
from .errors import CardError
from .game import Game, new_game
from .games.pillars import load_cards
from .limits import EVENT_BOUND
from .saves.replay import replay
from .saves.savefile import load, save
from .testing import InvariantError, check_game

#: Every way a set the compiler accepted can fail, as :attr:`Outcome.kind`.
FAILURES: tuple[str, ...] = (
    "crash",
    "no_legal_answer",
    "event_bound",
    "save_refused",
    "save_differs",
    "replay_refused",
    "replay_differs",
    "law",
    "unlocated_refusal",
)
#: How a compiler message starts: where, then what (``drawn.cards:3:12: error: ...``).
_LOCATED = re.compile(r"drawn\.cards:\d+:\d+: error: \S")
#: The card kinds a set draws (resource cards are plain data: nothing to combine).
KINDS: tuple[str, ...] = ("craftsman", "privilege", "event")


@frozen
class Case:
    """A drawn card set: its ``text`` and the shipped set it replaces cards
    of (``"base"`` plays 2 to 4 seats, ``"expansion"`` 2 to 6)."""

    text: str
    on: str = "base"


@frozen
class Outcome:
    """What :func:`play_set` found: ``kind`` is ``"ok"``, ``"refused"`` (the
    compiler said no, with its message in ``detail``) or one of
    :data:`FAILURES`; ``events`` the game's length."""

    kind: str
    detail: str = ""
    events: int = 0

    @property
    def ok(self) -> bool:
        """Is this no failure (a game that keeps the laws, or a refused set)?"""
        return self.kind not in FAILURES


def shipped(on: str) -> CardSet:
    """The shipped set a :class:`Case` plays on."""
    return load_cards("expansion" if on == "expansion" else None)


def _replaceable(base: CardSet, kind: str) -> list[Card]:
    """The cards of ``kind`` a drawn card may take the place of: not a
    starting craftsman (every seat begins with those)."""
    return [c for c in base.cards if c.kind == kind and not (kind == "craftsman" and c.round == 0)]


@st.composite
def card_sets(draw: st.DrawFn, max_cards: int = 3, loose: bool | None = None) -> Case:
    """1 to ``max_cards`` cards drawn from the grammar, each in the place of a
    shipped card of its kind (its id, and its round or last-round mark, so the
    decks keep their shape). ``loose``: cards of any shape the grammar writes,
    some of which the compiler refuses (``False``: only well-typed ones;
    ``None``: either, drawn)."""
    setups = draw(board_setups) if draw(st.booleans()) else ()
    # a set with a board card plays on the expansion's (2 to 6 seats: the base board's 2 to 4
    # would refuse the seats drawn above 4)
    on = "expansion" if setups else draw(st.sampled_from(("base", "expansion")))
    base = shipped(on)
    if loose is None:
        loose = draw(st.booleans())
    cards = draw(st.lists(drawn_cards(kinds=KINDS, loose=loose), min_size=1, max_size=max_cards))
    out: list[Card] = []
    taken: set[str] = set()
    for card in cards:
        places = [c for c in _replaceable(base, card.kind) if c.id not in taken]
        old = draw(st.sampled_from(places))
        taken.add(old.id)
        fields: dict[str, Any] = {"id": old.id}
        if card.kind == "craftsman":
            fields["round"] = old.round
        elif card.kind == "privilege":
            fields["last_round"] = old.last_round
        out.append(attrs.evolve(card, **fields))
    if setups:  # the shipped board with set-up rules, a draft among them (issue #53)
        board = next(c for c in base.places if c.kind == "board")
        out.append(attrs.evolve(board, abilities=setups))
    return Case(format_cards(out), on)


def compiled(case: Case) -> CardSet:
    """The shipped set with the case's cards in place (raises
    :class:`~pillars_rules.errors.CardError` if the compiler refuses them)."""
    base = shipped(case.on)
    return base.merged(compile_text(case.text, "drawn.cards", known=base))


def play_set(case: Case, players: int, seed: int, *, max_actions: int = EVENT_BOUND) -> Outcome:
    """Compile ``case`` and play it once at ``players`` seats (a base set
    plays at most 4: more seats play on the expansion) with a random bot
    seeded by ``seed``, then check the laws (see the module's docstring)."""
    if case.on == "base" and players > 4:
        case = Case(case.text, "expansion")
    try:
        cards = compiled(case)
    except CardError as exc:  # refused: fine, if it says where (file:line:col) and what
        first = str(exc).splitlines()[0]
        return Outcome("refused" if _LOCATED.match(first) else "unlocated_refusal", first)
    except Exception as exc:  # the compiler itself must never fail on what the grammar writes
        return Outcome("crash", f"compiling: {type(exc).__name__}: {exc}")
    try:
        game = new_game(players, seed, cards=cards)
    except Exception as exc:  # the law under test: no exception escapes the engine
        return Outcome("crash", f"{type(exc).__name__}: {exc}", 0)
    rnd = random.Random(seed)
    game, failed = play_out(game, lambda g, legal: rnd.choice(legal), max_actions)
    return failed or _laws(game, cards)


def play_out(
    game: Game, choose: Callable[[Game, list[Any]], Any], max_actions: int = EVENT_BOUND
) -> tuple[Game, Outcome | None]:
    """Play ``game`` to its end, ``choose(game, legal)`` picking each action: the game reached,
    and ``None`` or the :class:`Outcome` of the law it broke (an exception, a decision with no
    legal answer, not over after ``max_actions``)."""
    try:
        for _ in range(max_actions):
            if game.is_over:
                return game, None
            legal = game.legal_actions()
            if not legal:
                return game, Outcome("no_legal_answer", f"{game.pending!r} at event {game.n_events}", game.n_events)
            game = game.apply(choose(game, legal))
    except Exception as exc:  # the law under test: no exception escapes the engine
        return game, Outcome("crash", f"{type(exc).__name__}: {exc}", game.n_events)
    if game.is_over:
        return game, None
    return game, Outcome("event_bound", f"not over after {max_actions} actions", game.n_events)


def round_trips(game: Game, cards: object) -> Outcome | None:
    """``None`` if ``game`` (of any registered game) saves and loads, and its log replays, to the
    same game with ``cards``; else the :class:`Outcome` that says which failed and how."""
    n = game.n_events
    checks: tuple[tuple[str, Callable[[], Game]], ...] = (
        ("save", lambda: load(save(game), cards=cards)),
        ("replay", lambda: replay(game.events, cards=cards)),
    )
    for kind, check in checks:
        try:
            again = check()
        except Exception as exc:
            return Outcome(f"{kind}_refused", f"{type(exc).__name__}: {exc}", n)
        if again != game:
            return Outcome(f"{kind}_differs", "", n)
    return None


def _laws(game: Game, cards: CardSet) -> Outcome:
    n = game.n_events
    if n > EVENT_BOUND:
        return Outcome("event_bound", f"{n} events, the bound is {EVENT_BOUND}", n)
    failed = round_trips(game, cards)
    if failed is not None:
        return failed
    try:
        check_game(game, roundtrip=False)
    except InvariantError as exc:
        return Outcome("law", str(exc), n)
    return Outcome("ok", "", n)


def tally(outcomes: Sequence[Outcome]) -> dict[str, int]:
    """How many outcomes of each kind, in the order ok, refused, then :data:`FAILURES`."""
    kinds = ("ok", "refused") + FAILURES
    return {k: sum(1 for o in outcomes if o.kind == k) for k in kinds}

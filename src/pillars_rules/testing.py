"""Property-based rules verification: Hypothesis strategies and invariant checks.

Use these against your own cards and variants::

    from hypothesis import given
    from pillars_rules import testing

    @given(testing.played_games(players=4, cards=["my_cards/"]))
    def test_my_cards_keep_the_laws(game):
        testing.check_game(game)

Invariants (each raises :class:`InvariantError` naming the law and the seat):

* cube conservation -- supply + market + King's court + holdings = the starting
  total for each cube type (RULES §1 supply ruling);
* 0 <= gold <= 30 and VP >= 0 (§1, §2.5);
* craftsmen <= the seat's limit, except while discards are being decided (§2.2);
* worker value conserved -- pieces in the mill + pieces on resource cards = the
  round's pieces (§2.2);
* at most 5 cubes per seat once a round has ended (§2.4 step 13);
* a finished game lasted exactly 6 rounds (§2.6);
* the decision number (move token) counts the decisions opened, plus the end;
* ``replay(game.events) == game`` and ``load(save(game)) == game``.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable, Iterable, Sequence

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from .cardlang.effects import CUBES, GAME_END
from .engine import events as E
from .engine.context import Rules, rules_for
from .engine.layout import Layout
from .engine.state import CUBE_TOTALS, GameState
from .errors import ConfigError
from .game import Game, new_game
from .games.pillars import load_cards
from .saves.replay import replay


class InvariantError(AssertionError):
    """A rules law does not hold; the message names the law, seat and values."""


def _fail(law: str, detail: str) -> None:
    raise InvariantError(f"{law}: {detail}")


# ------------------------------------------------------------------ invariants
def check_state(state: GameState, rules: Rules | None = None, *, limits: bool = True) -> None:
    """Check the per-state laws on one state of a game played under ``rules``
    (``game.rules``: its board gives the gold cap, the cube limit and the good
    the tax place holds). ``limits=False`` leaves out the craftsman limit, which
    holds only at a decision: in the middle of a batch of automatic events a
    hire may come before its discard.

    Without ``rules`` (deprecated: the state does not name its board) only a
    state of the base card set can be checked, with ``limits=False``; another
    card set's state raises :class:`~pillars_rules.errors.ConfigError`.
    """
    if rules is None:
        rules, limits = _base_rules_of(state), False
    board = rules.layout
    for i, kind in enumerate(CUBES):
        total = state.cube_total(kind, board.court_good)
        if total != CUBE_TOTALS[i]:
            _fail("cube conservation (§1)", f"{kind}: {total} in play, expected {CUBE_TOTALS[i]}")
    for seat, p in enumerate(state.players):
        if not 0 <= p.gold <= board.gold_cap:
            _fail("gold range (§1)", f"seat {seat} has {p.gold} gold")
        if p.vp < 0:
            _fail("VP floor (§2.5)", f"seat {seat} has {p.vp} VP")
        if any(c < 0 for c in p.cubes):
            _fail("cube holdings", f"seat {seat} holds {p.cubes}")
        if state.stage in ("draft", "builders", "resolution"):
            have = p.pieces.plus(p.placed)
            if have.small != 7 or have.big != 1 or p.pieces.small < 0 or p.pieces.big < 0:
                _fail("worker value conserved (§2.2)", f"seat {seat}: mill {p.pieces}, on cards {p.placed}")
        if limits:
            # over the limit only while discards are being decided (one seat at a time)
            discarding = state.pending is not None and state.pending.kind == "discard"
            limit = rules.craftsman_limit(state, seat)
            if not discarding and len(p.craftsmen) > limit:
                _fail("craftsman limit (§2.2)", f"seat {seat} has {len(p.craftsmen)} craftsmen, limit {limit}")
        if (
            state.stage in ("round_end", "over")
            and sum(p.cubes) > board.cube_limit
            and _limit_last(board, rules)
            and not (state.stage == "over" and _game_end_gains(rules))
        ):
            _fail("5-cube limit (§2.4 step 13)", f"seat {seat} kept {sum(p.cubes)} cubes")


def _base_rules_of(state: GameState) -> Rules:
    """The base card set's rules, for :func:`check_state` called without rules
    (deprecated): refused unless ``state`` is of the base card set, whose board
    is then known to be the base board."""
    warnings.warn(
        "check_state(state) without the game's rules is deprecated: pass them, "
        "check_state(state, game.rules) (limits=False: without the limit checks)",
        DeprecationWarning,
        stacklevel=3,
    )
    base = rules_for(load_cards())
    if state.card_hash != base.identity:
        raise ConfigError(
            f"check_state: the state is of card set {state.card_hash[:12]}..., not the base set: "
            "its board is known only to its rules; pass them: check_state(state, game.rules)"
        )
    return base


#: Step rules that give no cubes: after the cathedral only these leave its cube limit standing at the round's end.
_NO_CUBES = frozenset({"start_player", "wool_mill", "tax", "collector"})


def _game_end_gains(rules) -> bool:
    """May a card give cubes after the last round's limit? Its ``at game_end:``
    abilities happen after the last round's steps (issue #36): what they give
    is kept, and only the final ranking follows (ruling, issue #53)."""
    return rules is not None and bool(rules.triggered_on.get(GAME_END))


def _limit_last(board: Layout, rules: Rules | None = None) -> bool:
    """Whether the cathedral's cube limit still holds when the round ends: no step
    after the cathedral can give cubes, neither by its own rule nor by a card's
    ``at <step>:`` ability. (Ruling: the limit is the cathedral's; cubes a fan
    place or card gives after it are kept into the next round.)"""
    at = board.step_index.get(board.cathedral)
    if at is None:
        return False
    later = board.steps[at + 1 :]
    if rules is not None and any(rules.triggered_on.get(k) for k in later):
        return False
    return all(board.step_rule[k] in _NO_CUBES for k in later)


def check_round_workers(game: Game) -> None:
    """Worker value is conserved in every round: mill + cards = the round's pieces."""
    state = game.state
    if state.stage not in ("draft", "builders", "resolution"):
        return
    start = None
    for e in reversed(game.events):
        if isinstance(e, E.RoundStarted):
            start = e
            break
    if start is None:
        return
    for seat, p in enumerate(state.players):
        have = p.pieces.plus(p.placed)
        if have != start.workers[seat]:
            _fail(
                "worker value conserved (§2.2)",
                f"seat {seat}: mill {p.pieces} + cards {p.placed} != round's pieces {start.workers[seat]}",
            )


def check_game(game: Game, *, roundtrip: bool = True) -> None:
    """All laws on a game: state laws, workers, rounds, replay and save/load."""
    check_state(game.state, game.rules)
    check_round_workers(game)
    pendings = sum(1 for e in game.events if isinstance(e, E.DecisionPending))
    if game.decision != pendings + game.is_over:
        _fail(
            "decision numbers",
            f"decision {game.decision}, but the log opened {pendings} decisions{' and ended' if game.is_over else ''}",
        )
    if game.is_over:
        rounds = sum(1 for e in game.events if isinstance(e, E.RoundStarted))
        if game.n_events > 1 and isinstance(game.events[1], E.PositionSet):
            rounds += game.events[1].round  # a scenario: rounds up to its position count too
        last = game.rules.layout.rounds  # the board's (§2.6: six)
        if rounds != last or game.state.round != last:
            _fail(f"{last} rounds (§2.6)", f"the game ended after {rounds} rounds")
        if game.legal_actions():
            _fail("game over", "a finished game still lists legal actions")
    elif not game.legal_actions():
        _fail("progress", "a running game has no legal action")
    if roundtrip:
        from .saves.savefile import load, save

        extra = _extra_cards(game)
        if replay(game.events, cards=extra) != game:
            _fail("replay", "replay(events) differs from the game")
        if load(save(game), cards=extra) != game:
            _fail("save/load", "load(save(game)) differs from the game")


def _extra_cards(game: Game):
    from .games.pillars import load_cards

    base = load_cards()
    if game.rules.base.content_hash == base.content_hash:
        return None
    return game.rules.base


def play_random(
    game: Game, rnd: random.Random, max_actions: int | None = None, each: Callable[[Game], None] | None = None
) -> Game:
    """Play uniformly random legal actions (calling ``each`` after every one)."""
    n = 0
    while not game.is_over and (max_actions is None or n < max_actions):
        game = game.apply(rnd.choice(game.legal_actions()))
        n += 1
        if each is not None:
            each(game)
    return game


# ------------------------------------------------------------------ strategies
def seeds() -> st.SearchStrategy[int]:
    """Seeds of both kinds: small ones, and 128-bit ones like :func:`new_game` draws."""
    return st.one_of(st.integers(min_value=0, max_value=2**32 - 1), st.integers(min_value=2**64, max_value=2**128 - 1))


def seat_counts(players: int | Sequence[int] | None, cards=None) -> list[int]:
    """The seat counts to draw from: ``players`` as given, or (``None``) every
    count the card set plays -- 2, 3, 4 with the base set, 2 to 6 with the
    expansion (its board card's ``players``)."""
    if players is None:
        from .games.pillars import load_cards

        return list(load_cards(cards).board.spec.players)
    return [players] if isinstance(players, int) else list(players)


def new_games(
    players: int | Sequence[int] | None = None, *, variants: Iterable[str] = (), cards=None
) -> st.SearchStrategy[Game]:
    """Fresh games with a drawn seat count (by default any the card set plays) and seed."""
    counts = seat_counts(players, cards)
    variants = tuple(variants)
    return st.builds(
        lambda n, seed: new_game(n, seed, variants=variants, cards=cards), st.sampled_from(counts), seeds()
    )


@st.composite
def played_games(
    draw,
    players: int | Sequence[int] | None = None,
    *,
    variants: Iterable[str] = (),
    cards=None,
    max_actions: int | None = None,
) -> Game:
    """Games after random legal play: to the end, or ``max_actions`` actions
    (a drawn number up to it, so mid-game states are covered too)."""
    game = draw(new_games(players, variants=variants, cards=cards))
    rnd = draw(st.randoms(use_true_random=False))
    limit = None if max_actions is None else draw(st.integers(0, max_actions))
    return play_random(game, rnd, limit)


@st.composite
def scenarios(
    draw,
    players: int | Sequence[int] | None = None,
    *,
    steps: Sequence[str] | None = None,
    rounds: Sequence[int] = (1, 2, 3, 4, 5, 6),
    variants: Iterable[str] = (),
    cards=None,
) -> Game:
    """Games set up by :func:`pillars_rules.scenario` at drawn, possible positions:
    a step, a round, each seat's gold, VP, cubes and craftsmen (the starting
    ones plus up to two more, no card twice), builders on the spots in Phase
    III, and the seed. Use it to check a card or a law in many positions."""
    from .engine.context import rules_for
    from .games.pillars import load_cards
    from .scenario import scenario, scenario_steps

    n = draw(st.sampled_from(seat_counts(players, cards)))
    cardset = load_cards(cards)
    rules = rules_for(cardset, ())
    step = draw(st.sampled_from(list(steps or scenario_steps(rules))))  # the board's steps
    rnd = draw(st.sampled_from(list(rounds)))
    pool = [c.id for c in cardset.of_kind("craftsman") if c.round > 0]
    extra = draw(st.permutations(pool))
    seats = {}
    # the cube limit holds (§2.4 step 13): the round opening, or the board's steps after its cathedral
    after_cathedral = step == "round_start" or (
        step in rules.steps
        and rules.layout.cathedral in rules.steps
        and rules.steps.index(step) > rules.steps.index(rules.layout.cathedral)
    )
    for seat in range(n):
        more = tuple(extra[2 * seat : 2 * seat + draw(st.integers(0, 2))])
        room = rules.layout.cube_limit if after_cathedral else 14
        cubes = {}
        for kind, most in (("wood", 4), ("stone", 4), ("sand", 4), ("metal", 2)):
            cubes[kind] = draw(st.integers(0, min(most, room)))
            room -= cubes[kind]
        seats[seat] = dict(
            gold=draw(st.integers(0, 30)),
            vp=draw(st.integers(0, 40)),
            cubes=cubes,
            craftsmen=rules.starting_craftsmen + more,
        )
    spots: dict[str, list] = {}
    if step in rules.steps:
        for seat in range(n):
            for _ in range(draw(st.integers(0, 3))):
                free = [
                    loc
                    for loc, size in rules.locations.items()
                    if len(spots.get(loc, ())) < size
                    and not (loc in rules.one_per_player and seat in spots.get(loc, ()))
                ]
                if free:
                    spots.setdefault(draw(st.sampled_from(free)), []).append(seat)
    return scenario(
        players=n,
        round=rnd,
        step=step,
        seats=seats,
        spots=spots,
        seed=draw(seeds()),
        variants=tuple(variants),
        cards=cards,
    )


def actions_of(game: Game) -> st.SearchStrategy:
    """One of ``game``'s legal actions."""
    return st.sampled_from(game.legal_actions())


class PillarsMachine(RuleBasedStateMachine):
    """A stateful test: play one game action by action, checking the state laws
    after every step and replay/save at the end. Subclass to set ``players``,
    ``variants`` or ``cards``; run with ``TestX = MyMachine.TestCase``."""

    players: int | Sequence[int] | None = None  # any count the card set plays
    variants: tuple[str, ...] = ()
    cards = None

    def __init__(self) -> None:
        super().__init__()
        self.game: Game | None = None

    @precondition(lambda self: self.game is None)
    @rule(data=st.data())
    def start(self, data) -> None:
        self.game = data.draw(new_games(self.players, variants=self.variants, cards=self.cards))

    @precondition(lambda self: self.game is not None and not self.game.is_over)
    @rule(data=st.data())
    def act(self, data) -> None:
        before = self.game
        assert before is not None  # the precondition
        state, n, last = before.state, before.n_events, before.events[-1]
        action = data.draw(actions_of(before))
        self.game = after = before.apply(action)
        if before.state is not state or before.n_events != n or before.events[-1] is not last:
            _fail("immutability", "apply changed the game it was applied to")
        if after.n_events <= n:
            _fail("progress", f"applying {action} recorded no event")

    @precondition(lambda self: self.game is not None and not self.game.is_over)
    @rule(seed=st.integers(0, 2**16))
    def play_a_while(self, seed) -> None:
        assert self.game is not None  # the precondition
        self.game = play_random(self.game, random.Random(seed), 40)

    @precondition(lambda self: self.game is not None and self.game.is_over)
    @rule()
    def finish(self) -> None:
        """A finished game keeps every law, replays and round-trips; then start anew."""
        assert self.game is not None  # the precondition
        check_game(self.game)
        self.game = None

    @invariant()
    def laws_hold(self) -> None:
        if self.game is not None:
            check_state(self.game.state, self.game.rules)
            check_round_workers(self.game)

    def teardown(self) -> None:
        if self.game is not None:
            check_game(self.game)


def count_calls(fn: Callable[[], object]) -> int:
    """The Python function calls ``fn()`` makes: a measure of work a test may
    assert on (it does not depend on the machine's load, unlike a clock)."""
    import sys

    calls = 0

    def count(frame, event, arg):
        nonlocal calls
        if event == "call":
            calls += 1

    previous = sys.getprofile()
    sys.setprofile(count)
    try:
        fn()
    finally:
        sys.setprofile(previous)
    return calls


__all__ = [
    "count_calls",
    "InvariantError",
    "check_state",
    "check_round_workers",
    "check_game",
    "play_random",
    "seeds",
    "seat_counts",
    "new_games",
    "played_games",
    "scenarios",
    "actions_of",
    "PillarsMachine",
]

"""Actions from untrusted clients: anything sent to ``game.apply`` is either
legal or raises ``IllegalActionError`` with a reason, and the game it was
applied to is unchanged.

This is the quick slice (a few thousand attempts); ``tools/slow_run.py`` and
``pytest -m slow`` run 10**5. Defects found are pinned,
fixed, in ``test_fixed_engine_bugs.py``.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pillars_rules as pr
from pillars_rules.engine import actions as A

from .fuzzlib import GARBAGE, check_one, fuzz_actions


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_actions_quick_slice(seed):
    counts = fuzz_actions(seed, attempts=1500)
    assert counts["illegal"] > 1000 and counts["legal"] > 20, counts
    assert counts["legal_noncanonical"] == 0, counts  # E1: the listed action is recorded


def _states() -> list[pr.Game]:
    """Reachable states covering every kind of pending decision, plus a finished game."""
    rng = random.Random(99)
    by_kind: dict[str, pr.Game] = {}
    over = None
    while len(by_kind) < 9 or over is None:
        game = pr.new_game(players=rng.choice((2, 3, 4)), seed=rng.randrange(10**6))
        bot = random.Random(rng.randrange(10**6))
        while game.legal_actions():
            by_kind.setdefault(game.pending.kind, game)
            game = game.apply(bot.choice(game.legal_actions()))
        over = over or (game if game.is_over else None)
    return list(by_kind.values()) + [over]


STATES = _states()


def test_states_cover_the_decision_kinds():
    kinds = {g.pending.kind for g in STATES if not g.is_over}
    assert {"draft", "place", "market", "cathedral", "bishop"} <= kinds, kinds


@pytest.mark.parametrize("game", STATES, ids=lambda g: g.pending.kind if g.pending else "over")
def test_every_action_class_with_garbage_fields(game):
    for cls in A.ACTION_TYPES.values():
        names = [f.name for f in attrs.fields(cls) if f.name != "label"]
        for value in GARBAGE:
            check_one(game, cls(**{n: value for n in names}))
            if names:
                check_one(game, cls(**{n: value for n in names}, label=value))


@pytest.mark.parametrize("game", STATES, ids=lambda g: g.pending.kind if g.pending else "over")
def test_not_actions_at_all(game):
    for value in GARBAGE + [A, A.Hire, type, print, Exception("x"), range(3)]:
        if type(value) in A.ACTION_TYPES.values():
            continue
        assert check_one(game, value) == "illegal"


@pytest.mark.parametrize("game", STATES, ids=lambda g: g.pending.kind if g.pending else "over")
def test_other_seats_may_not_act(game):
    if game.is_over:
        return
    me = game.current_player
    for action in game.legal_actions():
        assert check_one(game, action, seat=me) == "legal"
        for seat in range(game.state.n_players):
            if seat != me:
                assert check_one(game, action, seat=seat) == "illegal"
        for seat in (-1, 4, 99, -(2**63), 2**64, "0", None, [], 1.5):
            if seat is not None:
                assert check_one(game, action, seat=seat) == "illegal"


def test_legal_actions_of_other_states():
    for game in STATES:
        for other in STATES:
            for action in other.legal_actions():
                check_one(game, action)


def test_after_the_end_nothing_is_legal():
    over = STATES[-1]
    assert over.is_over
    for game in STATES[:-1]:
        for action in game.legal_actions():
            with pytest.raises(pr.IllegalActionError, match="over"):
                over.apply(action)


def test_rejection_names_the_problem():
    draft = next(g for g in STATES if g.pending and g.pending.kind == "draft")
    with pytest.raises(pr.IllegalActionError, match="unknown card 'no_such'"):
        draft.apply(A.Hire("no_such"))
    with pytest.raises(pr.IllegalActionError, match="does not answer"):
        draft.apply(A.Buy("wood", 1))
    with pytest.raises(pr.IllegalActionError, match="not an action"):
        draft.apply({"type": "Pass"})
    with pytest.raises(pr.IllegalActionError, match="not seat 9"):
        draft.apply(A.Pass(), seat=9)


_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.text(max_size=12),
    st.sampled_from(["wood", "stone", "sand", "metal", "gold", "market", "castle", "mason_r1", "carpenter"]),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


@given(st.sampled_from(range(len(STATES))), st.sampled_from(sorted(A.ACTION_TYPES)), st.data())
def test_hypothesis_actions(state_index, name, data):
    cls = A.ACTION_TYPES[name]
    kwargs = {f.name: data.draw(_values, label=f.name) for f in attrs.fields(cls) if f.name != "label"}
    seat = data.draw(st.none() | st.integers(-2, 5), label="seat")
    check_one(STATES[state_index], cls(**kwargs), seat=seat)


def test_no_unfinished_game_without_a_legal_action():
    """Regression (found by this fuzzer, fixed in 490efcc): 4 players, seed
    826525042, ``RandomBot(1741993634)`` reached a ``place`` decision for a
    parked builder with no spot left and no legal action."""
    game = pr.new_game(players=4, seed=826525042)
    bot = pr.RandomBot(1741993634)
    while not game.is_over:
        legal = game.legal_actions()
        assert legal, f"no legal action in {game!r} (pending {game.pending})"
        game = game.apply(bot.random.choice(legal))

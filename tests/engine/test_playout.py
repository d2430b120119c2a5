"""pr.playout: the fast path for simulations gives exactly the game that
Game.apply gives for the same choices, and refuses a bad policy answer."""

from __future__ import annotations

import random

import pytest

import pillars_rules as pr


def _by_apply(game, seed, max_actions=None):
    """The reference: the same random choices, one Game.apply at a time."""
    rng = random.Random(seed)
    n = 0
    while not game.is_over and (max_actions is None or n < max_actions):
        legal = game.legal_actions()
        game = game.apply(legal[rng.randrange(len(legal))])
        n += 1
    return game


@pytest.mark.parametrize("players, seed", [(2, 5), (3, 6), (4, 7)])
def test_playout_equals_applying_the_same_actions(players, seed):
    start = pr.new_game(players, seed)
    fast = pr.playout(start, seed=seed)
    slow = _by_apply(start, seed)
    assert fast.is_over
    assert fast.events == slow.events and fast.state == slow.state
    assert pr.replay(fast.events) == fast  # verified replay accepts the log


def test_playout_leaves_the_game_and_its_branches_alone():
    start = pr.new_game(4, 11)
    middle = pr.playout(start, seed=1, max_actions=40)
    assert start.n_events < middle.n_events and not middle.is_over
    before = (start.events, start.state)
    end1 = pr.playout(middle, seed=2)
    end2 = pr.playout(middle, seed=3)  # branches from the same game
    assert (start.events, start.state) == before
    assert end1.events[: middle.n_events] == end2.events[: middle.n_events] == middle.events
    assert end1.events != end2.events
    assert pr.replay(end2.events) == end2
    assert start.apply(start.legal_actions()[0]).n_events > start.n_events  # start still usable


def test_max_actions_counts_decisions():
    calls = []

    def first(state, legal):
        calls.append(state.pending.seat)
        return 0

    game = pr.playout(pr.new_game(2, 1), first, max_actions=7)
    assert len(calls) == 7
    ref = pr.new_game(2, 1)
    for _ in range(7):
        ref = ref.apply(ref.legal_actions()[0])
    assert game == ref


@pytest.mark.parametrize("answer", [-1, 10_000, 1.0, True, "0", None])
def test_a_policy_answer_that_is_not_an_index_is_refused(answer):
    start = pr.new_game(2, 1)
    with pytest.raises(pr.IllegalActionError, match="index"):
        pr.playout(start, lambda state, legal: answer)
    assert start == pr.new_game(2, 1)


def test_until_stops_at_the_first_decision_that_satisfies_it():
    start = pr.new_game(3, 4)
    asked = []

    def until(state):
        asked.append(state.decision)
        return state.round > 2

    stopped = pr.playout(start, seed=9, until=until)
    assert stopped.state.round == 3 and not stopped.is_over
    # the same random choices without the stop pass through that very position
    full = pr.playout(start, seed=9)
    assert full.events[: stopped.n_events] == stopped.events
    assert stopped.state == full.state_at(stopped.n_events - 1)
    # asked before every decision, the first included, and it stopped at the first True
    assert asked == list(range(start.decision, stopped.decision + 1))
    assert pr.playout(start, seed=9, until=lambda s: True) == start  # asked before the first decision

"""Full random games for 2, 3 and 4 players over hundreds of seeds, with every law
checked after every event (RULES §1-§8), plus Hypothesis property tests."""

import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pillars_rules as pr
from pillars_rules import testing

SEEDS = int(os.environ.get("PILLARS_GAME_SEEDS", "200"))


def check_every_event(game: pr.Game) -> None:
    """Fold the log and check the state laws after every single event (the craftsman
    limit once a decision is pending: mid-batch a hire may precede its discard)."""
    from pillars_rules.engine.events import DecisionPending

    states = game.states()
    for e, state in zip(game.events[1:], states[1:]):
        testing.check_state(state, game.rules, limits=isinstance(e, DecisionPending))
    assert states[-1] == game.state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hundreds_of_random_games(players):
    for seed in range(SEEDS):
        variants = (["dm"] if seed % 7 == 3 else []) + (["archbishop_one_craftsman"] if seed % 5 == 1 else [])
        game = pr.new_game(players, seed, variants=variants)
        game = testing.play_random(game, random.Random(seed))
        assert game.is_over and game.current_player is None and game.legal_actions() == []
        testing.check_game(game, roundtrip=seed % 10 == 0)
        if seed % 10 == 0:
            check_every_event(game)


@given(testing.played_games())
def test_laws_hold_in_random_play(game):
    testing.check_game(game)
    check_every_event(game)


@given(testing.played_games(players=4, max_actions=300))
def test_laws_hold_mid_game(game):
    testing.check_game(game)


TestStateMachine = testing.PillarsMachine.TestCase
TestStateMachine.settings = settings(
    max_examples=int(os.environ.get("PILLARS_MACHINE_EXAMPLES", "10")), stateful_step_count=30, deadline=None
)


@given(st.integers(0, 2**32 - 1), st.sampled_from([2, 3, 4]))
def test_same_seed_same_game(seed, players):
    a = pr.play(pr.new_game(players, seed), pr.RandomBot(seed))
    b = pr.play(pr.new_game(players, seed), pr.RandomBot(seed))
    assert a == b and pr.save(a) == pr.save(b)

"""The OpenSpiel game ``python_pillars_of_the_earth`` (issue #15)."""

from __future__ import annotations

from requires import need

need("ai", module=True)  # the [ai] extra: without it this module skips, saying what to install

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts

import pillars_rules as pr
from pillars_rules.ai.openspiel_game import PillarsGame, max_game_length, place_values
from pillars_rules.errors import ConfigError

from .support import FAN_CARDS

NAME = "python_pillars_of_the_earth"


@pytest.mark.parametrize("players,sims", [(2, 2), (3, 1), (4, 1)])
def test_random_sim_test_with_serialization(players, sims):
    game = pyspiel.load_game(NAME, {"players": players, "seed": players})
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


@pytest.mark.parametrize("players", [5, 6])
def test_random_sim_test_with_the_expansion(players):
    game = pyspiel.load_game(NAME, {"players": players, "seed": 1, "cards": "expansion"})
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_six_players_need_the_expansion():
    with pytest.raises(pr.PlayerCountError, match="'base'"):
        PillarsGame({"players": 6})


def test_game_type_describes_the_game():
    game = pyspiel.load_game(NAME, {"players": 3})
    t = game.get_type()
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (t.min_num_players, t.max_num_players) == (2, 6)  # 5-6 with the expansion
    assert game.num_players() == 3
    assert game.max_chance_outcomes() == 1 << 16
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    assert game.max_game_length() == max_game_length(3) == 6 * 3 * 400
    assert game.observation_tensor_size() == game.layout.size
    assert game.information_state_tensor_size() == game.layout.size + 2 * game.max_game_length()


def test_the_chance_node_deals_an_engine_seed():
    game = pyspiel.load_game(NAME, {"players": 2, "seed": 40, "deals": 8})
    state = game.new_initial_state()
    assert state.is_chance_node() and state.engine_game is None
    assert state.chance_outcomes() == [(k, 1 / 8) for k in range(8)]
    state.apply_action(3)
    assert state.engine_game == pr.new_game(2, 43)
    assert state.history_str() == "3"


def test_serialized_states_continue_identically():
    game = pyspiel.load_game(NAME, {"players": 2})
    state = game.new_initial_state()
    state.apply_action(9)
    rng = np.random.RandomState(0)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert state2.history() == state.history() and str(state2) == str(state)
    assert state2.engine_game == state.engine_game
    for _ in range(40):
        assert state2.legal_actions() == state.legal_actions()
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        state2.apply_action(action)
    assert state2.information_state_string(1) == state.information_state_string(1)


def test_a_clone_is_independent():
    game = pyspiel.load_game(NAME, {"players": 2})
    state = game.new_initial_state()
    state.apply_action(0)
    clone = state.clone()
    before = state.engine_game
    clone.apply_action(clone.legal_actions()[0])
    assert state.engine_game is before and state.history() == [0]
    assert clone.history() == [0, state.legal_actions()[0]]


def test_action_strings_are_the_actions():
    game = pyspiel.load_game(NAME, {"players": 2})
    state = game.new_initial_state()
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 4) == "deal 4 (engine seed 4)"
    state.apply_action(4)
    strings = [state.action_to_string(0, a) for a in state.legal_actions()]
    assert "pass" in strings and any(s.startswith("take forest") for s in strings)
    assert len(set(strings)) == len(strings)


@pytest.mark.parametrize(
    "ranking,n,expected",
    [
        ([[1], [0]], 2, [-1.0, 1.0]),
        ([[0, 1]], 2, [0.0, 0.0]),
        ([[2], [0, 3], [1]], 4, [0.0, -1.0, 1.0, 0.0]),
        ([[0], [1], [2]], 3, [1.0, 0.0, -1.0]),
    ],
)
def test_place_values(ranking, n, expected):
    assert place_values(ranking, n) == pytest.approx(expected)
    assert sum(place_values(ranking, n)) == pytest.approx(0.0)


def test_evaluate_bots_mcts_against_uniform_random():
    """One of OpenSpiel's own algorithms on the game: MCTS (random rollouts) plays
    a whole two-player game against a uniform random bot; returns follow the ranking."""
    game = pyspiel.load_game(NAME, {"players": 2, "seed": 3})
    rng = np.random.RandomState(7)
    bots = [
        mcts.MCTSBot(game, 2.0, 2, mcts.RandomRolloutEvaluator(1, rng), random_state=rng),
        pyspiel.make_uniform_random_bot(1, 7),
    ]
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, rng)
    assert sorted(returns) == [-1.0, 1.0] or returns == [0.0, 0.0]


def test_terminal_returns_follow_the_final_ranking():
    game = pyspiel.load_game(NAME, {"players": 4})
    state = game.new_initial_state()
    state.apply_action(2)
    rng = np.random.RandomState(2)
    while not state.is_terminal():
        assert state.returns() == [0.0] * 4
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.returns() == place_values(state.engine_game.ranking(), 4)
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert len(state.history()) <= game.max_game_length()


@pytest.mark.parametrize(
    "params,match",
    [
        ({"players": 5}, "players"),
        ({"players": 7}, "players"),
        ({"players": 1}, "players"),
        ({"deals": 0}, "deals"),
        ({"seed": -1}, "seed"),
        ({"variants": "dm,nope"}, "unknown variant"),
    ],
)
def test_bad_parameters_are_config_errors(params, match):
    with pytest.raises(ConfigError, match=match):
        PillarsGame(params)


def test_variants_parameter_reaches_the_engine():
    game = pyspiel.load_game(NAME, {"players": 2, "variants": "dm"})
    state = game.new_initial_state()
    state.apply_action(0)
    assert state.engine_game.rules.variants == ("dm",)


@pytest.mark.parametrize(
    "engine_game", [pr.new_game(3, 1), pr.new_game(2, 1, variants=["dm"]), pr.new_game(2, 1, cards=FAN_CARDS)]
)
def test_a_state_at_an_engine_game_of_another_configuration_is_refused(engine_game):
    game = pyspiel.load_game(NAME, {"players": 2})
    with pytest.raises(ConfigError, match="does not fit"):
        game.new_initial_state(engine_game=engine_game)
    assert game.new_initial_state(engine_game=pr.new_game(2, 1)).current_player() == 0

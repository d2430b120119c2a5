"""The OpenSpiel game ``python_ora_et_labora`` (issue #58)."""

from __future__ import annotations

from requires import need

need("ai", module=True)  # the [ai] extra: without it this module skips, saying what to install

import numpy as np
import pyspiel
import pytest

import pillars_rules as pr
from pillars_rules.ai.openspiel_game import place_values
from pillars_rules.ai.ora_openspiel import MAX_GAME_LENGTH, OraGame
from pillars_rules.errors import ConfigError, IllegalActionError

NAME = "python_ora_et_labora"


@pytest.mark.parametrize("players", [2, 4])
def test_random_sim_test_with_serialization(players):
    game = pyspiel.load_game(NAME, {"players": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_random_sim_test_of_the_solo_game():
    pyspiel.random_sim_test(pyspiel.load_game(NAME, {"players": 1}), num_sims=1, serialize=True, verbose=False)


def test_game_type_describes_the_game():
    game = pyspiel.load_game(NAME, {"players": 3, "variants": "ireland"})
    t = game.get_type()
    assert t.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert t.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (t.min_num_players, t.max_num_players) == (1, 4)
    assert game.num_players() == 3 and game.max_chance_outcomes() == 0
    assert game.num_distinct_actions() == len(game.encoding)
    assert game.observation_tensor_size() == game.layout.size
    assert game.max_game_length() == MAX_GAME_LENGTH
    assert game.new_initial_state().engine_game.rules.variant == "ireland"


@pytest.mark.parametrize("players", [1, 2, 4])
def test_a_whole_random_game_the_mask_is_the_legal_actions(players):
    game = pyspiel.load_game(NAME, {"players": players})
    state = game.new_initial_state()
    rng = np.random.RandomState(players)
    shapes = set()
    while not state.is_terminal():
        engine = state.engine_game
        seat = state.current_player()
        legal = state.legal_actions()
        assert legal == sorted(game.encoding.ids(engine.legal_actions()))
        if len(state.history()) % 10 == 0:  # OpenSpiel's mask (a list of every id) costs more than the step
            assert np.flatnonzero(state.legal_actions_mask(seat)).tolist() == legal
        assert state.legal_actions((seat + 1) % players) == [] or players == 1
        shapes.add(np.asarray(state.observation_tensor(seat)).shape)
        assert state.returns() == [0.0] * players
        state.apply_action(int(rng.choice(legal)))
        assert state.engine_game.n_events > engine.n_events
    assert shapes == {(game.layout.size,)}
    end = state.engine_game
    want = [float(end.scores()[0])] if players == 1 else place_values(end.ranking(), players)
    assert state.returns() == want
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert len(state.history()) <= game.max_game_length()


def test_an_illegal_action_id_is_refused_and_changes_nothing():
    game = pyspiel.load_game(NAME, {"players": 2})
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    before, history = state.engine_game, state.history()
    illegal = next(i for i in range(game.num_distinct_actions()) if i not in state.legal_actions())
    with pytest.raises(IllegalActionError, match="is not legal now"):
        state.apply_action(illegal)
    with pytest.raises(IllegalActionError, match="not in 0"):
        state.apply_action(game.num_distinct_actions())
    assert state.engine_game is before and state.history() == history


def test_action_strings_are_the_labels_and_unique():
    state = pyspiel.load_game(NAME, {"players": 4}).new_initial_state()
    strings = [state.action_to_string(0, a) for a in state.legal_actions()]
    assert len(set(strings)) == len(strings)
    assert any(s.startswith("fell trees at") for s in strings)
    not_now = next(i for i in range(len(state.get_game().encoding)) if i not in state.legal_actions())
    assert state.action_to_string(0, not_now).startswith("Fell ")


def test_states_clone_serialize_and_continue_identically():
    game = pyspiel.load_game(NAME, {"players": 2})
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    for _ in range(30):
        state.apply_action(int(rng.choice(state.legal_actions())))
    clone = state.clone()
    text = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert again.engine_game == state.engine_game == clone.engine_game
    for _ in range(30):
        action = int(rng.choice(state.legal_actions()))
        for s in (state, clone, again):
            s.apply_action(action)
    assert again.information_state_string(1) == state.information_state_string(1) == clone.information_state_string(1)
    assert state.information_state_string(0).startswith("history ")


def test_every_seat_observes_the_same_table_from_its_chair():
    state = pyspiel.load_game(NAME, {"players": 2}).new_initial_state()
    assert state.observation_string(0).startswith("you are seat 0;")
    assert state.observation_string(1).split("\n")[1:] == state.observation_string(0).split("\n")[1:]


@pytest.mark.parametrize(
    "params,match",
    [
        ({"players": 0}, "players"),
        ({"players": 5}, "players"),
        ({"players": 2, "variants": "nope"}, "no variant"),
        ({"players": 2, "variants": "short"}, "short game"),
    ],
)
def test_bad_parameters_are_config_errors(params, match):
    with pytest.raises(ConfigError, match=match):
        OraGame(params)


def test_a_state_at_an_engine_game_of_another_configuration_is_refused():
    game = pyspiel.load_game(NAME, {"players": 2})
    for other in (pr.new_game(game="ora-et-labora", players=3), pr.new_game(players=2, seed=1)):
        with pytest.raises(ConfigError, match="does not fit"):
            game.new_initial_state(engine_game=other)
    later = pr.new_game(game="ora-et-labora", players=2)
    later = later.apply(later.legal_actions()[0])
    assert game.new_initial_state(engine_game=later).engine_game is later

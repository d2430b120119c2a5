"""The PettingZoo AEC environment of Ora et Labora (issue #58)."""

from __future__ import annotations

from requires import need

need("ai", module=True)  # the [ai] extra: without it this module skips, saying what to install

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test

from pillars_rules.ai.ora_pettingzoo import OraEnv
from pillars_rules.ai.pettingzoo_env import PillarsEnv, env
from pillars_rules.ai.places import place_values
from pillars_rules.errors import ConfigError, IllegalActionError

ORA = "ora-et-labora"


@pytest.mark.parametrize("players", [1, 2, 4])
def test_api_test(players):
    with warnings.catch_warnings():
        # dict observations with an action mask are PettingZoo's own convention for masked games
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(env(game=ORA, players=players, render_mode="ansi"), num_cycles=1000)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_a_whole_random_game_the_mask_is_the_legal_actions(players):
    e = env(game=ORA, players=players)
    e.reset(seed=players)
    rng = np.random.default_rng(players)
    finals = {}
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        assert obs["observation"].shape == (e.layout.size,) and obs["action_mask"].shape == (len(e.encoding),)
        if term or trunc:
            finals[agent] = reward
            e.step(None)
            continue
        game = e.game
        assert np.flatnonzero(obs["action_mask"]).tolist() == sorted(e.encoding.ids(game.legal_actions()))
        others = [a for a in e.agents if a != agent]
        assert all(not e.observe(a)["action_mask"].any() for a in others)
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert e.game.n_events > game.n_events
    assert e.game.is_over and e.agents == [] and len(finals) == players
    values = [finals[f"player_{i}"] for i in range(players)]
    if players == 1:
        assert values == [float(e.game.scores()[0])]
    else:
        assert values == place_values(e.game.ranking(), players) and sum(values) == pytest.approx(0.0)


def test_an_illegal_action_is_refused_and_changes_nothing():
    e = env(game=ORA, players=2)
    e.reset()
    before, agent = e.game, e.agent_selection
    mask = e.observe(agent)["action_mask"]
    with pytest.raises(IllegalActionError, match="is not legal now"):
        e.step(int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(IllegalActionError, match="not in 0"):
        e.step(len(e.encoding))
    assert e.game is before and e.agent_selection == agent
    assert np.array_equal(e.observe(agent)["action_mask"], mask)


def test_the_game_argument_chooses_the_environment():
    assert isinstance(env(players=2), PillarsEnv)
    assert isinstance(env(game="pillars", players=2), PillarsEnv)
    assert isinstance(env(game=ORA, players=1), OraEnv)
    with pytest.raises(ConfigError, match="no environment for the game"):
        env(game="chess")


def test_reset_always_starts_the_same_set_up():
    a, b = env(game=ORA, players=3), env(game=ORA, players=3)
    a.reset(seed=1)
    b.reset(seed=2)
    assert a.game == b.game
    assert np.array_equal(a.observe("player_0")["observation"], b.observe("player_0")["observation"])


def test_render_ansi_shows_the_table():
    e = env(game=ORA, players=2, render_mode="ansi")
    e.reset()
    assert e.render().startswith("you are seat 0; 2 players france; round 1")
    assert env(game=ORA, players=2).render() is None


@pytest.mark.parametrize(
    "kwargs", [{"players": 5}, {"players": 2, "variants": ["nope"]}, {"players": 2, "render_mode": "human"}]
)
def test_bad_arguments_are_config_errors(kwargs):
    with pytest.raises(ConfigError):
        env(game=ORA, **kwargs)


def test_observing_before_reset_is_a_clear_error():
    with pytest.raises(ConfigError, match=r"reset\(\) starts one"):
        env(game=ORA, players=2).observe("player_0")

"""The PettingZoo AEC environment (issue #15)."""

from __future__ import annotations

from requires import need

need("ai", module=True)  # the [ai] extra: without it this module skips, saying what to install

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from pillars_rules.ai.pettingzoo_env import PillarsEnv, env
from pillars_rules.errors import ConfigError, IllegalActionError


@pytest.mark.parametrize("players", [2, 4])
def test_api_test(players):
    with warnings.catch_warnings():
        # dict observations with an action mask are PettingZoo's own convention
        # for masked games; api_test still recommends plain Box observations
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(env(players=players, render_mode="ansi"), num_cycles=1000)


def test_api_test_with_six_players_and_the_expansion():
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        e = env(players=6, cards="expansion", render_mode="ansi")
        assert len(e.possible_agents) == 6
        api_test(e, num_cycles=1000)


def test_seed_test():
    seed_test(lambda **kw: env(players=3, **kw), num_cycles=100)


def play_out(e: PillarsEnv, seed: int) -> list:
    """Masked random play to the end; the (agent, reward) pairs seen at the end."""
    rng = np.random.default_rng(seed)
    finals = []
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            finals.append((agent, reward))
            e.step(None)
            continue
        assert obs["action_mask"].sum() >= 1
        assert e.observe(agent)["action_mask"][np.flatnonzero(obs["action_mask"])].all()
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return finals


def test_a_game_plays_to_the_end_with_zero_sum_rewards():
    e = env(players=3)
    e.reset(seed=5)
    finals = play_out(e, 5)
    assert e.game.is_over and e.agents == []
    assert sorted(a for a, _ in finals) == ["player_0", "player_1", "player_2"]
    assert sum(r for _, r in finals) == pytest.approx(0.0)
    winners = e.game.winners()
    assert dict(finals)[f"player_{winners[0]}"] == max(r for _, r in finals)


def test_only_the_agent_to_act_has_a_mask():
    e = env(players=4)
    e.reset(seed=1)
    for agent in e.possible_agents:
        mask = e.observe(agent)["action_mask"]
        assert mask.any() == (agent == e.agent_selection)


def test_reset_seed_decides_the_deal():
    a, b, c = env(players=2), env(players=2), env(players=2)
    a.reset(seed=3)
    b.reset(seed=3)
    c.reset(seed=4)
    first = [x.observe("player_0")["observation"] for x in (a, b, c)]
    assert (first[0] == first[1]).all() and not (first[0] == first[2]).all()
    assert a.game == b.game


def test_render_ansi_shows_the_current_seats_view():
    e = env(players=2, render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    assert text.startswith(f"you are seat {e.game.current_player};")
    assert env(players=2).render() is None


def test_an_illegal_action_is_refused_and_changes_nothing():
    e = env(players=2)
    e.reset(seed=2)
    before = e.game
    illegal = int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        e.step(illegal)
    with pytest.raises(IllegalActionError, match="not in 0"):
        e.step(10**6)
    assert e.game is before


@pytest.mark.parametrize("kwargs", [{"players": 5}, {"variants": ["nope"]}, {"render_mode": "human"}])
def test_bad_arguments_are_config_errors(kwargs):
    with pytest.raises(ConfigError):
        env(**kwargs)


def test_observing_or_stepping_before_reset_is_a_clear_error():
    e = env(players=2)
    with pytest.raises(ConfigError, match=r"reset\(\) starts one"):
        e.observe("player_0")
    e.agent_selection, e.terminations, e.truncations = "player_0", {"player_0": False}, {"player_0": False}
    with pytest.raises(ConfigError, match=r"reset\(\) starts one"):
        e.step(0)

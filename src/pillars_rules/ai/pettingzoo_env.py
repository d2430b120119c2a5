"""A PettingZoo AEC environment of *The Pillars of the Earth*.

Agents are ``player_0`` .. ``player_{n-1}`` (seat ``i``). Each observation is
``{"observation": float32 vector, "action_mask": int8 vector}``: the vector is
the seat's view (:mod:`.observation`), the mask marks the legal action indices
of the :mod:`.encoding` (all zero for an agent whose turn it is not). Actions are
``Discrete(num_actions)``. Rewards come at the end, from the final ranking
(the same zero-sum place values as the OpenSpiel game). ``reset(seed=s)``
decides the deal: the engine seed is drawn from ``random.Random(s)``.

>>> from pillars_rules.ai.pettingzoo_env import env
>>> e = env(players=2)
>>> e.reset(seed=1)
>>> e.agent_selection
'player_0'
"""

from __future__ import annotations

import random

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import pillars_rules as pr

from ..errors import ConfigError
from .encoding import ActionEncoding
from .observation import Layout
from .openspiel_game import place_values


class PillarsEnv(AECEnv):
    """The AEC environment; ``players`` 2-4 (5-6 with the expansion), ``variants``
    and ``cards`` (e.g. ``"expansion"``) as for :func:`pillars_rules.new_game`."""

    metadata = {"name": "pillars_of_the_earth_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, players: int = 4, variants=(), render_mode: str | None = None, cards=None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ConfigError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.cards = None if cards is None else pr.load_cards(cards)
        probe = pr.new_game(players, 0, variants=variants, cards=self.cards)  # ConfigError for bad arguments
        self.n_players = players
        self.variants = probe.rules.variants
        self.render_mode = render_mode
        self.encoding = ActionEncoding.for_rules(probe.rules)
        self.layout = Layout.for_rules(probe.rules, players)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        n = len(self.encoding)
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (self.layout.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(n)
        self._seeds = random.Random()
        self.game: pr.Game | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        self.game = pr.new_game(self.n_players, self._seeds.getrandbits(62), variants=self.variants, cards=self.cards)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, object]] = {a: {} for a in self.agents}
        self.agent_selection = self._to_act(self.game)

    def _playing(self) -> pr.Game:
        if self.game is None:
            raise ConfigError("no game is being played: reset() starts one")
        return self.game

    def _to_act(self, game: pr.Game) -> str:
        seat = game.current_player
        assert seat is not None  # a game not over waits on a seat
        return self.possible_agents[seat]

    def observe(self, agent: str) -> dict:
        seat = self.possible_agents.index(agent)
        view = self._playing().view(seat)
        mask = np.zeros(len(self.encoding), np.int8)
        for i in self.encoding.indices(view.legal_actions):
            mask[i] = 1
        return {"observation": self.layout.tensor(view), "action_mask": mask}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        game = self.game = self._playing().apply(self.encoding.decode(action), seat=seat)
        self._cumulative_rewards[agent] = 0.0
        if game.is_over:
            values = place_values(game.ranking(), self.n_players)
            for a, v in zip(self.possible_agents, values):
                self.rewards[a] = v
                self.terminations[a] = True
        else:
            self.agent_selection = self._to_act(game)
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The current seat's view as text (``render_mode="ansi"``)."""
        if self.render_mode is None or self.game is None:
            return None
        seat = self.game.current_player
        return self.layout.text(self.game.view(0 if seat is None else seat))

    def close(self) -> None:
        pass


def env(**kwargs) -> PillarsEnv:
    """A new :class:`PillarsEnv` (PettingZoo's module-level constructor convention)."""
    return PillarsEnv(**kwargs)


__all__ = ["PillarsEnv", "env"]

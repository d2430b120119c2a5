"""What both games' PettingZoo environments share: agents by seat, spaces, the bookkeeping of
an AEC episode and rewards at the end (:class:`SeatsEnv`)."""

from __future__ import annotations

import abc
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import pillars_rules as pr

from ..errors import ConfigError


class SeatsEnv(AECEnv, abc.ABC):  # type: ignore[misc]
    """An AEC environment whose agents ``player_0`` .. are a game's seats; a subclass makes the
    game (``reset``), observes it (``observe``), says what the final values are (``final_values``)
    and draws a view as text (``text``)."""

    def __init__(self, players: int, render_mode: str | None, observation_size: int, actions: int) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ConfigError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.n_players = players
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (observation_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(actions)
        self.game: pr.Game | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    def _begin(self, game: pr.Game) -> None:
        """A new episode at ``game``."""
        self.game = game
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, object]] = {a: {} for a in self.agents}
        self.agent_selection = self._to_act(game)

    def _playing(self) -> pr.Game:
        if self.game is None:
            raise ConfigError("no game is being played: reset() starts one")
        return self.game

    def _to_act(self, game: pr.Game) -> str:
        seat = game.current_player
        assert seat is not None  # a game not over waits on a seat
        return self.possible_agents[seat]

    def _moved(self, agent: str, game: pr.Game) -> None:
        """``agent`` has moved and the game is now ``game``: the next agent, or the rewards at the end."""
        self.game = game
        self._cumulative_rewards[agent] = 0.0
        if game.is_over:
            for a, v in zip(self.possible_agents, self.final_values(game), strict=True):
                self.rewards[a] = v
                self.terminations[a] = True
        else:
            self.agent_selection = self._to_act(game)
        self._accumulate_rewards()

    @abc.abstractmethod
    def final_values(self, game: pr.Game) -> list[float]:
        """Each seat's reward at the end of ``game``."""

    @abc.abstractmethod
    def text(self, view: Any) -> str:
        """A seat's view as text."""

    def render(self) -> str | None:
        """The current seat's view as text (``render_mode="ansi"``)."""
        if self.render_mode is None or self.game is None:
            return None
        seat = self.game.current_player
        return self.text(self.game.view(0 if seat is None else seat))

    def close(self) -> None:
        pass


__all__ = ["SeatsEnv"]

"""A PettingZoo AEC environment of *Ora et Labora*: ``env(game="ora-et-labora", players=...)``.

Agents are ``player_0`` .. ``player_{n-1}`` (one in the solo game; the neutral
player is no agent). Each observation is ``{"observation": float32 vector,
"action_mask": int8 vector}``: the vector is the table
(:class:`.ora_observation.OraLayout`, seats relative to the observer), the mask
marks the ids of :class:`.ora_encoding.OraActionEncoding` that are legal now
(all zero for an agent whose turn it is not). Actions are
``Discrete(num_actions)``. Rewards come at the end: with 2 to 4 players the
zero-sum place values of the final ranking, as Pillars' environment gives; solo,
the final score in points. Ora has no chance after set-up, so ``reset(seed=...)``
starts the same game whatever the seed.

>>> from pillars_rules.ai.pettingzoo_env import env
>>> e = env(game="ora-et-labora", players=2)
>>> e.reset()
>>> e.agent_selection
'player_0'
"""

from __future__ import annotations

from typing import Any

import numpy as np

import pillars_rules as pr

from .ora_encoding import OraActionEncoding
from .ora_observation import OraLayout
from .places import place_values
from .seats_env import SeatsEnv

GAME = "ora-et-labora"


class OraEnv(SeatsEnv):
    """The AEC environment; ``players`` 1-4 and ``variants`` as :func:`pillars_rules.new_game`
    takes them for Ora (``["ireland"]``, ``["short"]``...)."""

    metadata = {"name": "ora_et_labora_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, players: int = 4, variants: Any = (), render_mode: str | None = None) -> None:
        start = pr.new_game(game=GAME, players=players, variants=variants)  # ConfigError for bad arguments
        encoding = OraActionEncoding.for_rules(start.rules)
        layout = OraLayout.for_rules(start.rules)
        super().__init__(players, render_mode, layout.size, len(encoding))
        self.start = start
        self.encoding = encoding
        self.layout = layout
        self._legal: list[Any] = []
        self._ids: list[int] = []

    def _set(self, game: pr.Game) -> None:
        self._legal = [] if game.is_over else list(game.legal_actions())
        self._ids = self.encoding.ids(self._legal)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: the same set-up whatever ``seed`` (Ora draws nothing)."""
        self._set(self.start)
        self._begin(self.start)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        game = self._playing()
        mask = np.zeros(len(self.encoding), np.int8)
        if seat == game.current_player:
            mask[self._ids] = 1
        return {"observation": self.layout.tensor(game.view(seat)), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        chosen = self.encoding.decode(action, self._legal)  # IllegalActionError: nothing changes
        game = self._playing().apply(chosen, seat=seat)
        self._set(game)
        self._moved(agent, game)

    def final_values(self, game: pr.Game) -> list[float]:
        """The place values of the final ranking; solo, the final score."""
        if self.n_players == 1:
            return [float(game.scores()[0])]
        return place_values(game.ranking(), self.n_players)

    def text(self, view: Any) -> str:
        return self.layout.text(view)


__all__ = ["OraEnv"]

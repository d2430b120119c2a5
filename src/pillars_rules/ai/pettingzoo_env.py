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

import pillars_rules as pr

from ..errors import ConfigError
from ..games.pillars import load_cards
from .encoding import ActionEncoding
from .observation import Layout
from .places import place_values
from .seats_env import SeatsEnv


class PillarsEnv(SeatsEnv):
    """The AEC environment; ``players`` 2-4 (5-6 with the expansion), ``variants``
    and ``cards`` (e.g. ``"expansion"``) as for :func:`pillars_rules.new_game`."""

    metadata = {"name": "pillars_of_the_earth_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, players: int = 4, variants=(), render_mode: str | None = None, cards=None) -> None:
        cards = None if cards is None else load_cards(cards)
        probe = pr.new_game(players, 0, variants=variants, cards=cards)  # ConfigError for bad arguments
        encoding = ActionEncoding.for_rules(probe.rules)
        layout = Layout.for_rules(probe.rules, players)
        super().__init__(players, render_mode, layout.size, len(encoding))
        self.cards = cards
        self.variants = probe.rules.variants
        self.encoding = encoding
        self.layout = layout
        self._seeds = random.Random()

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        self._begin(pr.new_game(self.n_players, self._seeds.getrandbits(62), variants=self.variants, cards=self.cards))

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
        self._moved(agent, self._playing().apply(self.encoding.decode(action), seat=seat))

    def final_values(self, game: pr.Game) -> list[float]:
        return place_values(game.ranking(), self.n_players)

    def text(self, view) -> str:
        return self.layout.text(view)


def env(game: str = "pillars", **kwargs):
    """A new environment (PettingZoo's module-level constructor convention): of *The Pillars of
    the Earth* (:class:`PillarsEnv`, the default) or, with ``game="ora-et-labora"``, of *Ora et
    Labora* (:class:`~.ora_pettingzoo.OraEnv`); the other arguments are the environment's."""
    if game == "pillars":
        return PillarsEnv(**kwargs)
    if game == "ora-et-labora":
        from .ora_pettingzoo import OraEnv

        return OraEnv(**kwargs)
    raise ConfigError(f"no environment for the game {game!r:.40} (games: pillars, ora-et-labora)")


__all__ = ["PillarsEnv", "env"]

"""Ora et Labora's levels: ``easy``, ``medium`` and ``hard`` (``make_bot(level, seed, game="ora-et-labora")``).

``easy``
    the heuristic bot choosing loosely (:class:`OraLooseBot`): each listed action is picked with a
    weight of ``exp(value / T)``, ``T`` = :data:`EASY_TEMPERATURE` points, so it often plays a move
    a little worse than its best and sometimes a poor one;
``medium``
    the heuristic bot (``heuristic``, :class:`~pillars_rules.bots.ora.OraBot`);
``hard``
    the search (:class:`~pillars_rules.bots.ora_search.OraSearchBot`): the heuristic's best few
    moves played forward through the seat's follow-ups (and, with 2 players, the rival's turn),
    within a budget of simulated decisions and of CPU time that keeps a decision inside the
    server's bot budget.

Their ratings and CPU time per decision are in ``docs/bots.rst``.

>>> from pillars_rules.bots import level_names, make_bot
>>> level_names("ora-et-labora")
('easy', 'medium', 'hard')
>>> make_bot("easy", 1, game="ora-et-labora").temperature == EASY_TEMPERATURE
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from ..errors import ConfigError
from .ora import Chain, OraBot, action_values, warm
from .ora_search import OraSearchBot

#: How loosely ``easy`` picks its moves (points; see :class:`OraLooseBot`).
EASY_TEMPERATURE = 1.5


class OraLooseBot:
    """The heuristic bot picking at a ``temperature`` (points): each listed action with a weight of
    ``exp((value - best) / temperature)``, by the bot's own seeded generator."""

    name = "easy"

    def __init__(self, seed: int | None = None, temperature: float = EASY_TEMPERATURE) -> None:
        if isinstance(temperature, bool) or not isinstance(temperature, (int, float)) or not temperature > 0:
            raise ConfigError(f"OraLooseBot: temperature must be points > 0, not {temperature!r:.40}")
        self.random = random.Random(seed)
        self.temperature = float(temperature)
        self.chain = Chain()
        warm()

    def __call__(self, view: Any) -> Any:
        actions: Sequence[Any] = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        skip = self.chain.skip(view)
        if skip is not None:
            return skip
        values = action_values(view.state, view.rules, actions)
        top = max(values)
        weights = [math.exp((v - top) / self.temperature) for v in values]
        return self.random.choices(actions, weights)[0]


def ora_easy(seed: int | None = None) -> OraLooseBot:
    """``make_bot("easy", seed, game="ora-et-labora")``."""
    return OraLooseBot(seed)


def ora_medium(seed: int | None = None) -> OraBot:
    """``make_bot("medium", seed, game="ora-et-labora")``: the heuristic bot."""
    return OraBot(seed)


def ora_hard(seed: int | None = None) -> OraSearchBot:
    """``make_bot("hard", seed, game="ora-et-labora")``: the search at its default budgets."""
    return OraSearchBot(seed)


__all__ = ["EASY_TEMPERATURE", "OraLooseBot", "ora_easy", "ora_hard", "ora_medium"]

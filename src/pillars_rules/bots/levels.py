"""The levels people pick: ``easy``, ``medium`` and ``hard``.

Each is a bot of this package at fixed settings, made by name with
:func:`~pillars_rules.bots.make_bot` like every other bot (the terminal game,
the balance lab and the game server offer every name). Their strength is
measured against each other in the rating table of ``docs/bots.rst``; their
time per decision is given there too.

``easy``
    the improved heuristic bot choosing at a temperature of
    :data:`EASY_TEMPERATURE` VP (:class:`~pillars_rules.bots.heuristic.HeuristicBot`):
    it often plays a move a little worse than its best and sometimes a poor
    one -- a few milliseconds per decision;
``medium``
    the improved heuristic bot (``heuristic``) -- a few milliseconds;
``hard``
    the ISMCTS bot at its default budget (``mcts``,
    :class:`~pillars_rules.bots.mcts.MCTSBot`) -- a fixed number of playouts
    per decision (400), so its games are reproducible; about 0.09 s of CPU
    per decision with 2 players and 0.13 s with 4 on one core.

>>> from pillars_rules.bots import LEVELS, make_bot
>>> list(LEVELS)
['easy', 'medium', 'hard']
>>> make_bot("easy", 1).temperature == EASY_TEMPERATURE
True
"""

from __future__ import annotations

from .heuristic import HeuristicBot

#: How loosely ``easy`` picks its moves (VP; see :class:`~pillars_rules.bots.heuristic.HeuristicBot`).
EASY_TEMPERATURE = 0.75


def easy(seed: int | None = None) -> HeuristicBot:
    """The ``easy`` level: the heuristic bot at :data:`EASY_TEMPERATURE`."""
    return HeuristicBot(seed, temperature=EASY_TEMPERATURE)


__all__ = ["easy", "EASY_TEMPERATURE"]

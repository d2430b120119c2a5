"""The heuristic bot: one-ply greedy search with a position evaluation.

At each decision the bot deals one determinization of what it cannot see
(:func:`pillars_rules.determinize`), applies every legal action to it (the
engine runs the automatic events up to the next decision) and keeps the action
whose resulting position :class:`~pillars_rules.bots.evaluate.Evaluator` values
most for its seat. Its weights are :class:`~pillars_rules.bots.cardvalue.Weights`.

>>> import pillars_rules as pr
>>> from pillars_rules.bots import make_bot
>>> game = pr.play(pr.new_game(players=2, seed=4), [make_bot("heuristic", 1), make_bot("random", 2)])
>>> game.winners()
[0]
"""

from __future__ import annotations

import random

from .. import actions as A
from ..determinize import determinize
from ..view import SeatView
from .cardvalue import Weights
from .evaluate import Evaluator


class HeuristicBot:
    """Greedy one-ply bot (see the module docs). ``weights`` default to :class:`Weights`."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, weights: Weights | None = None) -> None:
        self.random = random.Random(seed)
        self.weights = weights or Weights()
        self._evaluators: dict = {}

    def evaluator(self, rules) -> Evaluator:
        ev = self._evaluators.get(id(rules))
        if ev is None or ev.rules is not rules:
            ev = self._evaluators[id(rules)] = Evaluator(rules, self.weights)
        return ev

    def __call__(self, view: SeatView):
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], (A.KeepBuilder, A.ReturnBuilder)):
            return self._redraw(view)
        game = determinize(view, self.random)
        return self.best(game, view.seat, legal, self.evaluator(view.rules))[0]

    @staticmethod
    def best(game, seat: int, legal, ev: Evaluator):
        """(best action, its value) among ``legal`` one ply ahead in ``game``."""
        ref = game.state.round
        best, best_v = legal[0], float("-inf")
        for action in legal:
            v = ev.value(game.apply(action).state, seat, ref)
            if v > best_v:
                best, best_v = action, v
        return best, best_v

    def _redraw(self, view: SeatView):
        """Start player's redraw (§2.3): put back an expensive own builder or a
        cheap one of another seat."""
        s = view.state
        mine = s.builders.drawn == view.seat
        if (mine and s.builders.price >= 5) or (not mine and s.builders.price <= 2):
            return next(a for a in view.legal_actions if isinstance(a, A.ReturnBuilder))
        return next(a for a in view.legal_actions if isinstance(a, A.KeepBuilder))


__all__ = ["HeuristicBot"]

"""The ISMCTS bot: information-set Monte Carlo search over determinizations.

At each decision the bot takes the heuristic bot's best :attr:`MCTSBot.width`
actions as candidates (their one-ply values are its prior) and then, within
its budget (iterations or seconds), repeats:

1. deal a determinization of what it cannot see (:func:`pillars_rules.determinize`:
   unseen cards from the cards not yet seen, a fresh seed for every chance draw);
2. play each candidate still in the race in that same world, the rest of the
   current round (at most :attr:`MCTSBot.depth` decisions) with a cheap policy
   for every seat (:func:`lite_policy`) drawing the same playout numbers for
   every candidate (common random numbers: results differ by the action, not
   by the luck of the deal);
3. score each cut-off position with the heuristic evaluation
   (:class:`~pillars_rules.bots.evaluate.Evaluator`): the seat's value minus the
   best other seat's value, squashed to (-1, 1);
4. every few worlds (:attr:`MCTSBot.halve_every`; by default as many as
   spread the budget over the eliminations), drop the candidate with the
   lowest mean (the heuristic's value counts as :attr:`MCTSBot.prior` virtual
   results).

It plays the surviving candidate with the best mean (the survivors are the
most visited). ``paired=False`` instead picks one candidate per world by UCB1
and plays the most visited. The search tree is one level deep (the
information set of the decision itself): every world is sampled anew from the
view, so the statistics are over the seat's information set, never over one
guessed deal, and the bot's choices depend only on its view and its own seed.

>>> import pillars_rules as pr
>>> from pillars_rules.bots import make_bot
>>> bot = make_bot("mcts", 1)
>>> game = pr.new_game(players=2, seed=4)
>>> bot(game.view(0)) in game.legal_actions()
True
"""

from __future__ import annotations

import math
import random
import time

from .. import actions as A
from ..determinize import determinize
from ..view import SeatView
from .evaluate import Evaluator, Weights
from .heuristic import HeuristicBot

#: VP margin that maps to a reward of tanh(1) ~ 0.76.
SCALE = 10.0


def lite_policy(game, rnd: random.Random):
    """A fast playout policy: converts greedily at the cathedral, skips the
    market, otherwise plays a random legal action (passing the draft rarely)."""
    legal = game.legal_actions()
    first = legal[0]
    t = type(first)
    if t is A.Build:
        return first
    if t is A.Buy or t is A.Sell or t is A.EndTrading:
        return legal[-1]  # EndTrading is listed last
    if t is A.TakeResourceCard or t is A.Hire:
        if len(legal) > 1 and rnd.random() < 0.85:
            return rnd.choice(legal[:-1])  # Pass is listed last
    return rnd.choice(legal)


class MCTSBot:
    """Information-set MCTS (see the module docs).

    Budget: ``iterations`` per decision, or ``seconds`` per decision when given
    (wall clock; then the choices depend on the machine's speed)."""

    name = "mcts"

    def __init__(self, seed: int | None = None, iterations: int = 200, seconds: float | None = None,
                 width: int = 6, depth: int = 80, explore: float = 1.0, prior: float = 3.0,
                 paired: bool = True, halve_every: int | None = None, weights: Weights | None = None) -> None:
        self.random = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.width = width
        self.depth = depth
        self.explore = explore
        self.prior = prior
        self.paired = paired
        self.halve_every = halve_every
        self.heuristic = HeuristicBot(seed, weights)
        #: Iterations run at the last decision (for the benchmark).
        self.last_iterations = 0

    def __call__(self, view: SeatView):
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], (A.KeepBuilder, A.ReturnBuilder)):
            return self.heuristic._redraw(view)
        ev = self.heuristic.evaluator(view.rules)
        seat = view.seat
        ref = view.state.round
        # candidates and a prior from the heuristic's one-ply values
        game = determinize(view, self.random)
        valued = sorted(((self._margin(ev, game.apply(a).state, seat, ref), i) for i, a in enumerate(legal)),
                        reverse=True)[: self.width]
        if len(valued) == 1:
            return legal[valued[0][1]]
        cands = [legal[i] for _, i in valued]
        top = valued[0][0]
        priors = [(v - top) / SCALE for v, _ in valued]  # <= 0: how far below the best
        if self.paired:
            best = self._paired(view, cands, priors, seat, ref, ev)
        else:
            best = self._ucb(view, cands, priors, seat, ref, ev)
        return cands[best]

    def _budget(self):
        """A function telling whether ``it`` iterations may run one more."""
        if self.seconds is None:
            return lambda it, least: it < self.iterations
        deadline = time.perf_counter() + self.seconds
        return lambda it, least: it < least or time.perf_counter() < deadline

    def _ucb(self, view, cands, priors, seat, ref, ev) -> int:
        """UCB1 over the candidates, one sampled world per iteration."""
        n = [0] * len(cands)
        total = [0.0] * len(cands)
        more = self._budget()
        it = 0
        while more(it, len(cands)):
            it += 1
            k = self._select(n, total, priors, it)
            world = determinize(view, self.random)
            reward = self._rollout(world.apply(cands[k]), seat, ref, ev, self.random)
            n[k] += 1
            total[k] += reward
        self.last_iterations = it
        return max(range(len(cands)), key=lambda k: (n[k], total[k] / n[k] if n[k] else 0.0, -k))

    def _paired(self, view, cands, priors, seat, ref, ev) -> int:
        """Every candidate is played out in the same sampled worlds with the same
        playout numbers (common random numbers), so their results differ by the
        action and not by the luck of the deal; the weakest candidate is dropped
        every few worlds (the survivor has the most visits). The heuristic's
        values count as :attr:`prior` virtual results."""
        alive = list(range(len(cands)))
        total = [self.prior * p for p in priors]
        n = [self.prior] * len(cands)
        more = self._budget()
        every = self.halve_every
        it = since = 0
        start = time.perf_counter()
        while len(alive) > 1 and more(it, len(cands)):
            world = determinize(view, self.random)
            seed = self.random.getrandbits(32)
            for k in alive:
                if self.seconds is None and it >= self.iterations and it >= len(cands):
                    break  # an iteration budget is exact
                total[k] += self._rollout(world.apply(cands[k]), seat, ref, ev, random.Random(seed))
                n[k] += 1
                it += 1
            if every is None:  # spread the budget over the eliminations
                budget = self.iterations if self.seconds is None else \
                    it * self.seconds / max(1e-9, time.perf_counter() - start)
                k = len(cands)
                every = max(1, int(budget // (k * (k + 1) // 2 - 1)))
            since += 1
            if since >= every:
                since = 0
                alive.remove(min(alive, key=lambda k: total[k] / n[k]))
        self.last_iterations = it
        return max(alive, key=lambda k: total[k] / n[k])

    def _select(self, n, total, priors, it: int) -> int:
        log_t = math.log(it)
        best, best_s = 0, float("-inf")
        for k in range(len(n)):
            if n[k] == 0:
                s = 1e9 + priors[k]
            else:
                s = (total[k] / n[k] + self.explore * math.sqrt(log_t / n[k])
                     + self.prior * priors[k] / (n[k] + 1))
            if s > best_s:
                best, best_s = k, s
        return best

    @staticmethod
    def _margin(ev: Evaluator, state, seat: int, ref: int) -> float:
        own = ev.value(state, seat, ref)
        other = max(ev.value(state, s, ref) for s in range(state.n_players) if s != seat)
        return own - other

    def _rollout(self, game, seat: int, ref: int, ev: Evaluator, rnd: random.Random) -> float:
        """Play to the end of the round with :func:`lite_policy`; the margin, squashed."""
        for _ in range(self.depth):
            if game.is_over or game.state.round != ref:
                break
            game = game.apply(lite_policy(game, rnd))
        return math.tanh(self._margin(ev, game.state, seat, ref) / SCALE)


__all__ = ["MCTSBot", "lite_policy"]

"""The ISMCTS bot: information-set Monte Carlo search over determinizations.

At each decision the bot takes the heuristic bot's best :attr:`MCTSBot.width`
actions as candidates (their one-ply values are its prior) and then, within
its budget (iterations or seconds), repeats:

1. deal a determinization of what it cannot see (:func:`pillars_rules.determinize`:
   unseen cards from the cards not yet seen, a fresh seed for every chance draw);
2. play each candidate still in the race in that same world with a cheap
   policy for every seat (:func:`lite_policy`, on the fast path
   :func:`pillars_rules.playout`), drawing the same playout numbers for every
   candidate (common random numbers: results differ by the action, not by the
   luck of the deal), up to the round's market or cathedral step after the
   decision (:data:`CUT_STEPS`, :meth:`MCTSBot.stop_step`; the evaluation
   foresees the cathedral), else to the end of the round, at most
   :attr:`MCTSBot.depth` decisions;
3. score each cut-off position with the heuristic evaluation
   (:class:`~pillars_rules.bots.evaluate.Evaluator`): by default the seat's
   value minus the best other seat's value, squashed to (-1, 1)
   (:meth:`MCTSBot.reward`);
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
from functools import partial
from typing import Protocol

from .. import actions as A
from ..determinize import determinize
from ..errors import ConfigError
from ..game import playout
from ..view import SeatView
from .cardvalue import BoardReading, Weights, board_reading
from .evaluate import Evaluator
from .heuristic import Bound, HeuristicBot

#: VP margin that maps to a reward of tanh(1) ~ 0.76.
SCALE = 10.0
#: Resolution steps a playout stops at (when the decision came before them):
#: the evaluation foresees them (the cathedral plan may buy at a market spot).
CUT_STEPS = ("market", "cathedral")
#: How a playout's end is scored (see :meth:`MCTSBot.reward`).
SCORES = ("margin", "win")
#: How a playout's end is valued (see :attr:`MCTSBot.value`).
VALUES = ("heuristic", "learned")


#: Playout weights of builder spots by the rule of their place (per free spot;
#: ``(rule, 0)`` for a first spot worth more), read off what the heuristic
#: bots choose: the Priory (VP at its spots), Kingsbridge, the Bishop and
#: Shiring go first, the court's first spot next, a parked builder rarely
#: (RULES §2.3, §3). A place whose spots give VP weighs ``"vp spots"``, one whose
#: spots give grey workers ``"grey spots"``; others 1.
RULE_WEIGHTS = {
    "bishop": 3.0,
    "privileges": 3.0,
    "vp spots": 3.0,
    ("vp spots", 0): 4.0,
    "craftsmen": 3.0,
    "tax": 1.0,
    ("tax", 0): 2.0,
    "grey spots": 1.5,
    "market": 1.0,
    "start_player": 0.7,
}
PARK_WEIGHT = 0.5
#: A free placement (a once-per-game privilege) is kept for later in playouts.
FREE_WEIGHT = 0.1


def place_weights(board: BoardReading) -> dict:
    """:data:`RULE_WEIGHTS` for the places of one board: place key (or
    ``(key, 0)`` for its first spot) -> weight."""
    out: dict = {}
    for key, rule in board.rule_of.items():
        if rule == "spots":
            effects = [e for _, e in board.spot_effects.get(key, ())]
            if any(type(e).__name__ == "GreyWorkers" for e in effects):
                rule = "grey spots"
            elif any(getattr(a, "kind", "") == "vp" for e in effects for a in getattr(e, "amounts", ())):
                rule = "vp spots"
        if rule in RULE_WEIGHTS:
            out[key] = RULE_WEIGHTS[rule]
        if (rule, 0) in RULE_WEIGHTS:
            out[key, 0] = RULE_WEIGHTS[rule, 0]
    return out


_BASE_WEIGHTS: list = []


def _base_weights() -> dict:
    """The base board's :func:`place_weights` (for a policy given none)."""
    if not _BASE_WEIGHTS:
        import pillars_rules as pr

        _BASE_WEIGHTS.append(place_weights(board_reading(pr.new_game(2, seed=0).rules)))
    return _BASE_WEIGHTS[0]


def _place_weight(action, weights: dict) -> float:
    if type(action) is not A.Place:
        return PARK_WEIGHT
    w = weights.get((action.location, action.spot)) or weights.get(action.location, 1.0)
    return w * FREE_WEIGHT if action.free else w


class _Draws(Protocol):
    """What :func:`lite_policy` draws with: a :class:`random.Random`, or the
    :mod:`random` module itself (its shared generator)."""

    def random(self) -> float: ...

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int: ...


def lite_policy(state, legal, rnd: _Draws = random, weighted: bool = True, places: dict | None = None) -> int:
    """A fast playout policy for :func:`pillars_rules.playout` (``rnd`` bound,
    e.g. with :func:`functools.partial`): the index in ``legal`` of a cheap
    choice. It converts greedily at the cathedral, skips the market, places
    builders at random with ``places`` (:func:`place_weights` of the game's
    board; the base board's if not given; uniformly if not ``weighted``), otherwise plays a random legal action (passing the draft
    rarely)."""
    t = type(legal[0])
    if t is A.Build:
        return 0
    if t is A.Buy or t is A.Sell or t is A.EndTrading:
        return len(legal) - 1  # EndTrading is listed last
    if t is A.TakeResourceCard or t is A.Hire:
        if len(legal) > 1 and rnd.random() < 0.85:
            return rnd.randrange(len(legal) - 1)  # Pass is listed last
    if weighted and (t is A.Place or t is A.Park) and len(legal) > 1:
        table = places if places is not None else _base_weights()
        weights = [_place_weight(a, table) for a in legal]
        x = rnd.random() * sum(weights)
        for i, w in enumerate(weights):
            x -= w
            if x < 0:
                return i
        return len(legal) - 1
    return rnd.randrange(len(legal))


class MCTSBot:
    """Information-set MCTS (see the module docs).

    Budget: ``iterations`` per decision, or ``seconds`` per decision when given
    (wall clock; then the choices depend on the machine's speed)."""

    name = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int = 400,
        seconds: float | None = None,
        width: int = 6,
        depth: int = 80,
        explore: float = 1.0,
        prior: float = 3.0,
        paired: bool = True,
        halve_every: int | None = None,
        weights: Weights | None = None,
        cut: bool = True,
        score: str = "margin",
        weighted: bool = True,
        value: str = "heuristic",
    ) -> None:
        self.random = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.width = width
        self.depth = depth
        self.explore = explore
        self.prior = prior
        self.paired = paired
        self.halve_every = halve_every
        self.cut = cut
        self.weighted = weighted
        if score not in SCORES:
            raise ConfigError(f"MCTSBot score must be one of {', '.join(SCORES)}, not {score!r:.40}")
        self.score = score
        if value not in VALUES:
            raise ConfigError(f"MCTSBot value must be one of {', '.join(VALUES)}, not {value!r:.40}")
        #: How playouts' ends are valued: the heuristic evaluation or the learned one.
        self.value = value
        self.heuristic = HeuristicBot(seed, weights)
        self._learned: dict = {}
        #: Iterations run at the last decision (for the benchmark).
        self.last_iterations = 0

    def __call__(self, view: SeatView):
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], (A.KeepBuilder, A.ReturnBuilder)):
            return self.heuristic._redraw(view)
        ev = self.heuristic.scorer(view)
        pev = self._playout_value(view) if self.value == "learned" else ev
        seat = view.seat
        assert seat is not None  # a spectator's view has no legal actions
        ref = view.state.round
        # candidates and a prior from the heuristic's one-ply values
        game = determinize(view, self.random)
        # "win" ranks by its reward (already in (-1, 1)); "margin" by the VP margin
        rank, scale = (self.reward, 1.0) if self.score == "win" else (self._margin, SCALE)
        valued = sorted(((rank(ev, game.state_after(a), seat, ref), i) for i, a in enumerate(legal)), reverse=True)[
            : self.width
        ]
        if len(valued) == 1:
            return legal[valued[0][1]]
        cands = [legal[i] for _, i in valued]
        top = valued[0][0]
        priors = [(v - top) / scale for v, _ in valued]  # <= 0: how far below the best
        stop = self.stop_step(view.state, view.rules)
        if self.paired:
            best = self._paired(view, cands, priors, seat, ref, pev, stop)
        else:
            best = self._ucb(view, cands, priors, seat, ref, pev, stop)
        return cands[best]

    def _playout_value(self, view: SeatView):
        """The learned evaluation (:mod:`pillars_rules.bots.learned`) bound to ``view``."""
        from .learned import LearnedEvaluator

        ev = self._learned.get(id(view.rules))
        if ev is None or ev.rules is not view.rules:
            ev = self._learned[id(view.rules)] = LearnedEvaluator(view.rules, self.heuristic.weights)
        return Bound(ev, view)

    def stop_step(self, state, rules=None) -> int | None:
        """The index in :data:`~pillars_rules.cardlang.effects.STEPS` of the resolution
        step where playouts from a decision in ``state`` stop: the first of
        :data:`CUT_STEPS` after the decision; None (the end of the round) for
        a decision at the cathedral or with ``cut=False``."""
        if not self.cut:
            return None
        board = self._board(rules)
        cuts = [board.index(board.market), board.index(board.cathedral)]  # CUT_STEPS, on this board
        here = board.index(state.step) if state.stage == "resolution" else -1
        return next((i for i in cuts if i > here), None)

    @staticmethod
    def _board(rules) -> BoardReading:
        if rules is None:
            import pillars_rules as pr

            rules = pr.new_game(2, seed=0).rules  # the base board
        return board_reading(rules)

    _WEIGHTS: dict = {}

    @classmethod
    def _weights(cls, board: BoardReading) -> dict:
        weights = cls._WEIGHTS.get(id(board))
        if weights is None:
            if len(cls._WEIGHTS) > 16:
                cls._WEIGHTS.clear()
            weights = cls._WEIGHTS[id(board)] = (board, place_weights(board))
        return weights[1]

    def _budget(self):
        """A function telling whether ``it`` iterations may run one more."""
        if self.seconds is None:
            return lambda it, least: it < self.iterations
        deadline = time.perf_counter() + self.seconds
        return lambda it, least: it < least or time.perf_counter() < deadline

    def _ucb(self, view, cands, priors, seat, ref, ev, stop) -> int:
        """UCB1 over the candidates, one sampled world per iteration."""
        n = [0] * len(cands)
        total = [0.0] * len(cands)
        more = self._budget()
        it = 0
        while more(it, len(cands)):
            it += 1
            k = self._select(n, total, priors, it)
            world = determinize(view, self.random)
            result = self._rollout(world.apply(cands[k]), seat, ref, ev, self.random, stop)
            n[k] += 1
            total[k] += result
        self.last_iterations = it
        return max(range(len(cands)), key=lambda k: (n[k], total[k] / n[k] if n[k] else 0.0, -k))

    def _paired(self, view, cands, priors, seat, ref, ev, stop) -> int:
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
                total[k] += self._rollout(world.apply(cands[k]), seat, ref, ev, random.Random(seed), stop)
                n[k] += 1
                it += 1
            if every is None:  # spread the budget over the eliminations
                budget = (
                    self.iterations
                    if self.seconds is None
                    else it * self.seconds / max(1e-9, time.perf_counter() - start)
                )
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
                s = total[k] / n[k] + self.explore * math.sqrt(log_t / n[k]) + self.prior * priors[k] / (n[k] + 1)
            if s > best_s:
                best, best_s = k, s
        return best

    @staticmethod
    def _margin(ev: Evaluator, state, seat: int, ref: int) -> float:
        own = ev.value(state, seat, ref)
        other = max(ev.value(state, s, ref) for s in range(state.n_players) if s != seat)
        return own - other

    def _rollout(self, game, seat: int, ref: int, ev: Evaluator, rnd: random.Random, stop: int | None = None) -> float:
        """The result of one playout (:meth:`playout`) for ``seat``."""
        return self.reward(ev, self.playout(game, ref, rnd, stop).state, seat, ref)

    def playout(self, game, ref: int, rnd: random.Random, stop: int | None = None):
        """``game`` played on with :func:`lite_policy` to the end of round
        ``ref``, or to the first resolution step at index ``stop`` or later
        (see :meth:`stop_step`), at most :attr:`depth` decisions."""
        board = self._board(game.rules)
        policy = partial(lite_policy, rnd=rnd, weighted=self.weighted, places=self._weights(board))

        def until(s) -> bool:
            return s.round != ref or (stop is not None and s.stage == "resolution" and board.index(s.step) >= stop)

        return playout(game, policy, max_actions=self.depth, until=until)

    def reward(self, ev: Evaluator, state, seat: int, ref: int) -> float:
        """The playout's result in (-1, 1): ``tanh(margin / SCALE)`` for the
        ``"margin"`` score; for ``"win"``, 2 P - 1 where P is the chance that the
        seat beats every other seat, each independently with probability
        ``sigmoid(2 * (own - other) / SCALE)`` (the same as the margin with 2 seats)."""
        if self.score == "margin":
            return math.tanh(self._margin(ev, state, seat, ref) / SCALE)
        own = ev.value(state, seat, ref)
        p = 1.0
        for s in range(state.n_players):
            if s != seat:
                d = 2.0 * (ev.value(state, s, ref) - own) / SCALE
                p /= 1.0 + math.exp(min(d, 50.0))
        return 2.0 * p - 1.0


__all__ = ["MCTSBot", "lite_policy"]

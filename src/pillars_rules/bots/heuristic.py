"""The heuristic bots: one-ply greedy search with a position evaluation.

At each decision the bot deals one determinization of what it cannot see
(:func:`pillars_rules.determinize`), applies every legal action to it (the
engine runs the automatic events up to the next decision) and keeps the action
whose resulting position its evaluation values most for its seat.

* :class:`HeuristicBot` (``heuristic``) uses the improved evaluation,
  :class:`~pillars_rules.bots.evaluate.Evaluator`, with the coming event
  weighed over the events its view has not seen;
* :class:`HeuristicBotV1` (``heuristic-v1``) is the first heuristic bot,
  unchanged: :class:`~pillars_rules.bots.evaluate_v1.EvaluatorV1` with
  :data:`~pillars_rules.bots.cardvalue.V1_WEIGHTS`; it plays the same games
  as before, so comparisons with it stay reproducible.

Their weights are :class:`~pillars_rules.bots.cardvalue.Weights`.

>>> import pillars_rules as pr
>>> from pillars_rules.bots import make_bot
>>> game = pr.play(pr.new_game(players=2, seed=4), [make_bot("heuristic", 1), make_bot("random", 2)])
>>> game.winners()
[0]
"""

from __future__ import annotations

import copy
import math
import random
from typing import ClassVar, Final

from .. import actions as A
from ..determinize import determinize, revealed_events
from ..errors import ConfigError
from ..game import Game
from ..view import SeatView
from .cardvalue import V1_WEIGHTS, Weights
from .evaluate import Evaluator
from .evaluate_v1 import EvaluatorV1
from .shared import shared_action


def seen_events(view: SeatView) -> tuple[str, ...]:
    """The event cards revealed so far, as the view's log tells (public;
    read once per game line, :func:`pillars_rules.determinize.revealed_events`)."""
    return revealed_events(view)


#: Evaluations shared by bots, by (evaluation, weights, id(rules)); the oldest go first.
_SHARED: Final[dict] = {}
_SHARED_KEPT: Final = 32


def shared_evaluator(evaluation, rules, weights: Weights):
    """The ``evaluation(rules, weights)`` every bot with these weights uses. An
    evaluator only remembers values it computed from its rules and weights,
    so a shared one answers as a fresh one would; sharing it lets the bots of
    a new game (the balance lab makes new ones for every game and gold arm)
    start with what earlier games computed."""
    key = (evaluation, weights, id(rules))
    ev = _SHARED.get(key)
    if ev is None or ev.rules is not rules:
        if len(_SHARED) >= _SHARED_KEPT:
            _SHARED.pop(next(iter(_SHARED), None), None)  # (another thread may have taken it)
        ev = _SHARED[key] = evaluation(rules, weights)
    return ev


class Bound:
    """An :class:`~pillars_rules.bots.evaluate.Evaluator` with the events as
    ``view`` knows them: those its log revealed, and the coming event if the
    seat may peek at it (§7) or has looked at it (issue #53), for positions of
    that round. A position whose event deck has another card on top (an
    effect buried or reordered the coming events, issue #53) has that card as
    the coming event if the seat knows it, else an event it has not seen; a
    position whose order of play a card changed within the round gains
    :meth:`~pillars_rules.bots.evaluate.Evaluator.order_change`."""

    __slots__ = ("ev", "seen", "peek", "round", "known", "root")

    def __init__(self, ev: Evaluator, view: SeatView) -> None:
        self.ev = ev
        #: the decision's position, whose order of play a result's is weighed against
        self.root = view.state
        self.round = view.state.round
        self.seen = seen_events(view)
        deck = view.state.event_deck
        looked = deck[0] if deck and deck[0] != "?" else None  # a card the seat looked at (issue #53)
        open_ = not view.state.event
        self.peek = (view.next_event or looked) if open_ else None
        #: the event cards in the deck the seat knows (none once this round's event is out)
        self.known: frozenset[str] = (
            frozenset(c for c in (*deck, view.next_event) if c and c != "?") if open_ else frozenset()
        )

    def value(self, state, seat: int, ref_round: int | None = None) -> float:
        peek = None
        if state.round == self.round:
            peek = self.peek
            deck = state.event_deck
            if self.known and deck and deck[0] != peek:  # the deck's top moved (buried, reordered)
                peek = deck[0] if deck[0] in self.known else None
        v = self.ev.value(state, seat, ref_round, self.seen, peek)
        if state.round == self.round and state.start_player != self.root.start_player or state.reversed_rounds:
            v += self.ev.order_change(self.root, state, seat)  # a card changed the order of play (issue #53)
        return v


class HeuristicBot:
    """Greedy one-ply bot (see the module docs). ``weights`` default to :class:`Weights`.

    With a ``temperature`` (in VP) above 0 it plays less well on purpose (the
    ``easy`` level): it picks each action with a probability proportional to
    ``exp(value / temperature)``, so an action a little worse than the best
    is often chosen and a much worse one rarely."""

    name: ClassVar[str] = "heuristic"
    #: The evaluation this bot plays with, and its default weights.
    evaluation: ClassVar[type[EvaluatorV1]] = Evaluator
    default_weights: ClassVar[Weights] = Weights()

    def __init__(self, seed: int | None = None, weights: Weights | None = None, temperature: float = 0.0) -> None:
        self.random = random.Random(seed)
        self.weights = weights or self.default_weights
        if not (isinstance(temperature, (int, float)) and temperature >= 0):
            raise ConfigError(f"HeuristicBot temperature must be a number >= 0, not {temperature!r:.40}")
        self.temperature = float(temperature)
        self._evaluators: dict = {}

    def __deepcopy__(self, memo: dict) -> HeuristicBot:
        """A copy that plays on as this bot would (the balance lab forks bots
        at a moment): its random generator in the same state (through
        ``memo``), its weights and temperature; the evaluators are shared, as
        they only remember values they computed (a copy would get the same)."""
        twin = type(self)(None, self.weights, self.temperature)
        rng = memo.get(id(self.random))
        if rng is None and type(self.random) is random.Random:
            # the generator's state as deepcopy gives it, without copying its 625 numbers one by one
            rng = memo[id(self.random)] = random.Random()
            rng.setstate(self.random.getstate())
        twin.random = rng if rng is not None else copy.deepcopy(self.random, memo)
        twin._evaluators = self._evaluators
        memo[id(self)] = twin
        return twin

    def evaluator(self, rules):
        """The evaluation of ``rules`` with this bot's weights: one shared by
        every bot of the same evaluation and weights (see :func:`shared_evaluator`)."""
        ev = self._evaluators.get(id(rules))
        if ev is None or ev.rules is not rules:
            ev = self._evaluators[id(rules)] = shared_evaluator(self.evaluation, rules, self.weights)
        return ev

    def scorer(self, view: SeatView):
        """The evaluation this bot weighs positions with at ``view``'s decision:
        an object whose ``value(state, seat, ref_round)`` is the seat's value."""
        return Bound(self.evaluator(view.rules), view)

    def __call__(self, view: SeatView):
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], (A.KeepBuilder, A.ReturnBuilder)):
            return self._redraw(view)
        seat = view.seat
        assert seat is not None  # a spectator's view has no legal actions
        shared = shared_action(view, self.weights)  # a vote or a bid (issue #36)
        if shared is not None:
            return shared
        game = determinize(view, self.random)
        if self.temperature:
            return self._sample(game, seat, legal, self.scorer(view))
        return self.best(game, seat, legal, self.scorer(view))[0]

    def _sample(self, game: Game, seat: int, legal, ev):
        ref = game.state.round
        values = [ev.value(game.state_after(a), seat, ref) for a in legal]
        top = max(values)
        weights = [math.exp((v - top) / self.temperature) for v in values]
        return self.random.choices(legal, weights)[0]

    @staticmethod
    def best(game: Game, seat: int, legal, ev):
        """(best action, its value) among ``legal`` one ply ahead in ``game``;
        ``ev.value(state, seat, ref_round)`` values a position."""
        ref = game.state.round
        best, best_v = legal[0], float("-inf")
        for action in legal:
            v = ev.value(game.state_after(action), seat, ref)
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


class HeuristicBotV1(HeuristicBot):
    """The first heuristic bot, kept as it was (``heuristic-v1``)."""

    name: ClassVar[str] = "heuristic-v1"
    evaluation: ClassVar[type[EvaluatorV1]] = EvaluatorV1
    default_weights: ClassVar[Weights] = V1_WEIGHTS

    def scorer(self, view: SeatView):
        return self.evaluator(view.rules)


__all__ = ["HeuristicBot", "HeuristicBotV1", "Bound", "seen_events", "shared_evaluator"]

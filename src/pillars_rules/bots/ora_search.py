"""Ora et Labora's searching bot, the ``hard`` level (``make_bot("hard", seed, game="ora-et-labora")``).

Ora hides nothing and, once set up, draws nothing, so a bot can fold the game forward from its view
exactly (:func:`pillars_rules.core.decide` on ``view.state`` and ``view.rules``): no deal is sampled.
The heuristic bot (:mod:`pillars_rules.bots.ora`) values each listed action one action ahead; this
bot plays the few it rates best forward and keeps the one whose line is worth the most:

1. every listed action is valued by the heuristic (:func:`~pillars_rules.bots.ora.action_values`);
   the candidates are the best :attr:`~OraSearchBot.width` within :attr:`~OraSearchBot.margin` points
   of the best (one alone: it is played at once);
2. each candidate, best first, is played forward on its own *line*: the seat's own follow-up
   decisions, then with 2 players the rival's turn, each decision taken as the heuristic takes it,
   until the seat's own next action or another seat's action after the turns played
   (:attr:`~OraSearchBot.replies`; by default :data:`REPLIES`: one with 2 players, none with more,
   where the next seat's turn did not tell the better move apart), at most
   :attr:`~OraSearchBot.depth` decisions;
3. a line is worth the candidate's value, plus the seat's values of its own later decisions in the
   line, less another seat's values of its decisions (all of them with 2 players, a third of them
   with 4: what a rival gains counts against the seat as the heuristic counts a fee paid to one).
   The outcome of a building's function (the ``use`` decision after a placement, a contract or a
   follow-up use) is taken in the line but not counted again: the building action's value is that
   of its best outcome.

So the search sees what the heuristic's one-action look cannot: the follow-up a building's use
brings as it is, and the goods, land and buildings a rival takes next because of the seat's move.

Counted budgets bound a decision: :attr:`~OraSearchBot.steps`, the decisions simulated over all
lines, and :attr:`~OraSearchBot.work`, the listed actions valued (the root's listing included), which
its CPU time follows; being counts, they give the same choices for the same seed and game on any
machine. The CPU clock is the safety net: before each simulated decision the search stops if the
process's CPU time since the decision began, plus the longest simulated decision so far, would reach
:attr:`~OraSearchBot.cpu` seconds. A line cut short is not compared; when the first line is cut short
the heuristic's choice is played. The defaults keep a decision within the game server's bot budget
(50 ms of CPU, :data:`pillars_rules.web.server.BOT_BUDGET`) but for a garbage collection of the whole
process landing in it; :attr:`~OraSearchBot.cut` counts the decisions the clock stopped.

>>> import pillars_rules as pr
>>> from pillars_rules.bots.ora_search import OraSearchBot
>>> game = pr.new_game(players=1, seed=8, game="ora-et-labora")
>>> bot = OraSearchBot(2, steps=4, cpu=None)
>>> game = pr.play(game, [bot], max_actions=40)
>>> 0 < bot.total_steps <= 4 * 40
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from ..core import decide
from ..errors import ConfigError
from ..games.ora import ORA
from ..games.ora import records as R
from .ora import Chain, action_values, warm

#: CPU seconds a decision may search (the server's bot budget is 0.05 s; one simulated decision
#: past the check is at most a few milliseconds).
CPU = 0.030
#: Decisions simulated per decision, over all lines (a count: the same on any machine).
STEPS = 30
#: Listed actions valued per decision, the root's listing included: the work of a decision, which its
#: CPU time follows (about 6 microseconds an action, listing and valuing; a count: the same on any
#: machine). The search starts no simulated decision once it is spent.
WORK = 2000
#: Candidates played forward at most.
WIDTH = 10
#: How far below the best heuristic value (points) a candidate may be.
MARGIN = 8.0
#: Decisions in one line at most.
DEPTH = 10
#: Other seats' action turns a line plays (it stops at the next one, or at the seat's own), by the
#: number of players: the rival's reply with two; none with more, where the next seat's turn told
#: nothing of the move's worth at 4 players (bench/results/ora_ratings_4p.*) and its steps are
#: better spent on more candidates.
REPLIES = {2: 1}


def _best(values: Sequence[float]) -> int:
    """The index of the first highest value (a simulated seat breaks ties by the listing's order)."""
    top, at = float("-inf"), 0
    for i, v in enumerate(values):
        if v > top + 1e-9:
            top, at = v, i
    return at


class OraSearchBot:
    """The ``hard`` level for Ora et Labora (see the module's docstring). ``steps``, ``width``,
    ``margin``, ``depth``, ``replies`` (``None``: :data:`REPLIES` by the number of players) and ``cpu``
    (seconds, or ``None`` for no clock) are the search's budgets; the defaults are the level's."""

    name = "hard"

    def __init__(
        self,
        seed: int | None = None,
        *,
        steps: int = STEPS,
        width: int = WIDTH,
        margin: float = MARGIN,
        depth: int = DEPTH,
        replies: int | None = None,
        work: int = WORK,
        cpu: float | None = CPU,
    ) -> None:
        counts = (
            ("steps", steps),
            ("width", width),
            ("depth", depth),
            ("replies", 0 if replies is None else replies),
            ("work", work),
        )
        for what, n in counts:
            if type(n) is not int or n < (1 if what in ("width", "depth") else 0):
                raise ConfigError(
                    f"OraSearchBot: {what} must be a whole number >= 0 (width, depth: >= 1), not {n!r:.40}"
                )
        if isinstance(margin, bool) or not (isinstance(margin, (int, float)) and margin >= 0):
            raise ConfigError(f"OraSearchBot: margin must be points >= 0, not {margin!r:.40}")
        if cpu is not None and (isinstance(cpu, bool) or not (isinstance(cpu, (int, float)) and cpu > 0)):
            raise ConfigError(f"OraSearchBot: cpu must be seconds > 0 or None, not {cpu!r:.40}")
        self.random = random.Random(seed)
        self.steps, self.width, self.margin = steps, width, float(margin)
        self.depth, self.replies, self.work, self.cpu = depth, replies, work, cpu
        #: decisions simulated and listed actions valued in the bot's last decision, and in all of them
        self.last_steps = self.last_work = 0
        self.total_steps = self.total_work = 0
        #: decisions whose search the CPU clock stopped before its counted budgets did
        self.cut = 0
        self._left = self._work = self._replies = 0
        self._deadline: float | None = None
        self._longest = 0.0
        self.chain = Chain()
        warm()

    def __call__(self, view: Any) -> Any:
        started = time.process_time()
        actions: Sequence[Any] = view.legal_actions
        self.last_steps = self.last_work = 0
        if len(actions) == 1:
            return actions[0]
        skip = self.chain.skip(view)
        if skip is not None:
            return skip
        state: R.State = view.state
        rules = view.rules
        values = action_values(state, rules, actions)
        order = sorted(range(len(actions)), key=lambda i: -values[i])
        top = values[order[0]]
        candidates = [i for i in order[: self.width] if values[i] >= top - self.margin]
        if len(candidates) == 1:
            return self._pick(actions, values, top)
        pending = state.pending
        assert pending is not None  # a view with actions has a pending decision
        seat = pending.seat
        others = state.players - 1
        rival = 1.0 / others if others > 0 else 0.0
        self._left, self._work = self.steps, self.work - len(actions)
        self._replies = self.replies if self.replies is not None else REPLIES.get(state.players, 0)
        self._deadline = None if self.cpu is None else started + self.cpu
        self._longest = 0.0
        worth: dict[int, float] = {}
        for i in candidates:
            got = self._line(state, rules, list(actions), actions[i], seat, rival)
            if got is None:  # cut short: not compared
                break
            worth[i] = values[i] + got
        self.last_steps, self.last_work = self.steps - self._left, self.work - self._work
        self.total_steps += self.last_steps
        self.total_work += self.last_work
        if len(worth) < 2:  # the first line alone (or none) was played: the heuristic's choice
            return self._pick(actions, values, top)
        best = max(worth.values())
        tied = [i for i in candidates if i in worth and worth[i] > best - 1e-9]
        return actions[tied[0]] if len(tied) == 1 else actions[self.random.choice(tied)]

    def _pick(self, actions: Sequence[Any], values: Sequence[float], top: float) -> Any:
        """The heuristic's choice: the best value, ties by the bot's generator."""
        best = [a for a, v in zip(actions, values, strict=True) if v > top - 1e-9]
        return best[0] if len(best) == 1 else self.random.choice(best)

    def _line(
        self,
        state: R.State,
        rules: Any,
        legal: list[Any],
        action: Any,
        seat: int,
        rival: float,
    ) -> float | None:
        """Play ``action`` and the line after it: its worth to ``seat`` beyond the action's own value,
        or ``None`` when a budget cut it short."""
        _, state = decide(ORA, state, rules, action, legal)
        total = 0.0
        turns = 0
        for _ in range(self.depth):
            pending = state.pending
            if state.game_over or pending is None:
                return total
            if pending.kind == "action":
                if pending.seat == seat or turns >= self._replies:
                    return total
                turns += 1
            if self._left <= 0 or self._work <= 0:
                return None
            now = time.process_time()
            if self._deadline is not None and now + self._longest >= self._deadline:
                self.cut += 1  # the clock stops it: the next step might take it past the budget
                return None
            self._left -= 1
            listed = ORA.legal(state, rules)
            self._work -= len(listed)
            values = action_values(state, rules, listed)
            at = _best(values)
            if pending.kind != "use":  # a building action's value holds its best outcome already
                total += values[at] if pending.seat == seat else -rival * values[at]
            _, state = decide(ORA, state, rules, listed[at], listed)
            self._longest = max(self._longest, time.process_time() - now)
        return total


__all__ = ["CPU", "DEPTH", "MARGIN", "REPLIES", "STEPS", "WIDTH", "WORK", "OraSearchBot"]

"""The flow: the automatic events from one decision to the next (``advance(batch, rules)``).

A round (§3; the 2-player game's turn, §8.2): it begins with its action turns
queued; clergy come home (§3.2; 2 players after the rotation, §8.3, R20); the
wheel turns and the board's arm moves (§3.3); a phase the arm reaches runs its
steps (§6; the bonus round, §4.12); then each queued seat takes its action
turn. Between, the owner's choice in a work contract, the outcome of the building
just occupied or chosen (the ``use`` decision), the prior after a build and the
follow-ups of a use (``Outcome.then``) are asked in that order. The
end: after phase E (3--4 players, the short game, §7.1), or the 2-player ends
(§8.6, §8.7).
"""

from __future__ import annotations

from typing import Any

from ...mechanisms import contract as C
from ...mechanisms import phases as P
from ...mechanisms import workers as K
from . import records as R
from .legal import neutral_builds, neutral_priors
from .rules import OraRules
from .score import final


class Batch:
    """Automatic events, each folded as it is added."""

    __slots__ = ("kind", "state", "rules", "events")

    def __init__(self, kind: Any, state: R.State, rules: OraRules) -> None:
        self.kind, self.state, self.rules = kind, state, rules
        self.events: list[Any] = []

    def add(self, event: Any) -> None:
        self.state = self.kind.fold(self.state, event, self.rules)
        self.events.append(event)


def queue_of(rules: OraRules, round_: int, seats: int, final: bool) -> tuple[int, tuple[int, ...]]:
    """The start seat of a round and its action turns (§3.5, §8.2, §8.7)."""
    start = (round_ - 1) % seats
    if rules.solo:  # 2-player turns: two actions after each rotation (§9.2)
        return 0, (0, 0)
    if rules.mode == "2 players":
        return start, (start,) if final else (start, start)
    if rules.mode == "long 2 players":
        return start, (start, start, 1 - start)
    return start, tuple((start + i) % seats for i in range(seats)) + (start,)


def _recall(b: Batch, moment: str) -> None:
    """The clergy's recall rules of ``moment`` (the mode card's ``recall`` lines): a seat whose clergy are all
    placed takes them home (§3.2; after the rotation in the 2-player games, §8.3, R20)."""
    s = b.state
    if not any(r.moment == moment for r in b.rules.clergy.recalls):
        return
    for seat in range(s.n):
        if K.all_placed(s.workers, seat):
            b.add(R.Returned(seat))


def _begin_round(b: Batch, rules: OraRules) -> None:
    s = b.state
    r = s.round + 1
    start, queue = queue_of(rules, r, s.players, s.final)
    b.add(R.RoundBegan(r, start, queue))
    _recall(b, "round start")
    b.add(R.Rotated(r))
    _recall(b, "after rotation")
    if r in rules.income:  # the mode card's round income (the short game's, §10.6; R28)
        b.add(R.Income(rules.income[r]))


def _displayed_end(s: R.State, rules: OraRules) -> bool:
    end = rules.phases.end
    return end is not None and P.ended(rules.phases, s.phases, {end.count: len(s.display)})


def _round_over(b: Batch, rules: OraRules) -> None:
    s = b.state
    if s.todo:  # solo, phase E: its steps after the round's actions (§9.6)
        b.add(R.Resumed(s.phase))
        return
    if s.bonus:
        b.add(R.Moment("bonus round over"))
        if b.state.stage == "over":  # no phase waits for it
            b.add(R.GameEnded(final(b.state)))
        return
    if rules.last_round is not None and s.round >= rules.last_round:  # R35
        b.add(R.GameEnded(final(s)))
        return
    if rules.mode == "2 players":
        if s.final:
            b.add(R.GameEnded(final(s)))
            return
        if _displayed_end(s, rules):
            b.add(R.EndTriggered(1))
    elif rules.mode == "long 2 players" and _displayed_end(s, rules):
        b.add(R.GameEnded(final(s)))
        return
    _begin_round(b, rules)


def _contract(b: Batch, rules: OraRules, ask: R.Asked) -> None:
    kinds = C.kinds(b.state.workers, ask.owner)
    if len(kinds) == 1:
        b.add(R.Placed(ask.owner, kinds[0], ask.key))
    else:
        b.add(R.Turn(C.chooser(rules.contracts, ask.seat, ask.owner), "clergy"))


def advance(b: Batch, rules: OraRules) -> None:
    s = b.state
    if s.contract is not None:
        _contract(b, rules, s.contract)
        return
    if s.using is not None:
        b.add(R.Turn(s.using.seat, "use"))
        return
    if s.built is not None:
        b.add(R.Turn(s.built[0], "prior"))
        return
    if s.step is not None:
        b.add(R.Turn(s.step.seat, "then " + s.step.step))
        return
    if s.follow:
        f = s.follow[0]
        b.add(R.Followed(f.seat, f.step, f.arg, f.key))
        if f.step == "recall":
            kinds = () if f.arg in ("", "all") else (f.arg,)
            b.add(R.Returned(f.seat, kinds))
        return
    stage = s.stage
    if stage == "start":
        _begin_round(b, rules)
    elif stage == "phase":
        if s.todo and s.todo[0] == "neutral recall":
            b.add(R.PhaseStep(s.todo[0]))
            if K.all_placed(b.state.workers, s.n - 1):
                b.add(R.Returned(s.n - 1))
        elif s.todo:
            b.add(R.PhaseStep(s.todo[0]))
        elif s.phase == "E":
            b.add(R.GameEnded(final(s)))
        else:
            b.add(R.PhaseEnded(s.phase))
    elif stage == "neutral":
        if neutral_builds(s, rules):
            b.add(R.Turn(0, "neutral build"))
        else:
            b.add(R.NeutralDone("neutral builds"))
    elif stage == "neutral prior":
        if neutral_priors(s, rules):
            b.add(R.Turn(0, "neutral prior"))
        else:
            b.add(R.NeutralDone("neutral prior"))
    elif stage in ("buy", "settle"):
        b.add(R.Turn(s.order[0], stage))
    elif stage == "actions":
        if s.queue:
            b.add(R.Turn(s.queue[0], "bonus" if s.bonus else "action"))
        else:
            _round_over(b, rules)
    elif stage == "after":
        b.add(R.Turn(s.queue[0], "after"))
    elif stage == "round over":
        _round_over(b, rules)
    else:  # "over" without an end event: the phases are spent
        b.add(R.GameEnded(final(s)))

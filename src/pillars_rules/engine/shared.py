"""Shared decisions (issue #36): a vote or a bid of every player an event
reaches, in turn order from the start player, with one outcome.

Each player's vote or bid is a normal choice of the engine: the event queues
one :class:`~.state.Job` per player (:func:`queue_events`); the legal options
of a job are :func:`options`; an answer is a :class:`~.events.ChoiceMade` and
a :class:`~.events.BallotCast` (kept in ``GameState.ballots``), and the last
answer also counts them (:func:`ballot_events`):

* a vote: the option with the most votes wins (ties: of the tied options, the
  one voted for first in turn order -- the start player's, if it is among
  them) and happens to every voter, as the card's effect on each; a weighted
  vote (``vote per gold:``, issue #53) counts each vote as the voter's
  quantity when the votes are counted (the bound applies; a total of 0 ties
  every option voted for);
* a bid: each player passes (0) or bids more than the highest bid so far, up
  to what they have; the highest bidder pays the bid and gets the prize;
  nobody bids: nothing happens (:class:`~.events.BidsPassed`).
"""

from __future__ import annotations

from typing import Any

from ..cardlang.effects import Amount, Bid, Vote
from . import events as E
from .batch import _instant, fits, instant_events
from .context import Rules
from .evolve import evolve
from .reach import count, quantity
from .state import GameState, Job


def queue_events(state: GameState, card: str, ability: int, seats: tuple[int, ...]) -> list:
    """The jobs of a vote or bid of ``card``'s ability ``ability``: one for each
    of ``seats`` (in turn order), each a card effect of its seat; nothing if
    any of them has no room left for one."""
    if not seats:
        return []
    events = [E.ChoicesQueued(tuple(Job(s, card, ability, -1) for s in seats))]
    return events if fits(list(state.effects), events) else []


def options(state: GameState, effect: Any, seat: int) -> tuple[int, ...]:
    """The values ``seat`` may cast: a vote's option indexes; a bid's 0 (a
    pass) and every bid above the highest so far up to what ``seat`` has."""
    if isinstance(effect, Vote):
        return tuple(range(len(effect.options)))
    top = max([v for _, v in state.ballots] + [0])
    return (0,) + tuple(range(top + 1, count(state, seat, effect.kind) + 1))


def ballot_events(state: GameState, rules: Rules, seat: int, job: Job, effect: Any, value: int) -> list:
    """The events of ``seat`` casting ``value`` for ``job``; after the last
    voter's, the count and the outcome."""
    made = E.ChoiceMade(seat, job.source, option=value)
    cast = E.BallotCast(seat, job.source, value)
    after = evolve(evolve(state, made, rules), cast, rules)
    jobs = after.jobs
    if jobs and (jobs[0].source, jobs[0].ability) == (job.source, job.ability):
        return [made, cast]
    return [made, cast] + _outcome(after, rules, job, effect)


def _outcome(state: GameState, rules: Rules, job: Job, effect: Any) -> list:
    ballots = state.ballots
    out: list = []
    if isinstance(effect, Vote):
        votes = [0] * len(effect.options)
        for s, v in ballots:  # a weighted vote (issue #53): the voter's quantity, read now
            votes[v] += 1 if effect.weight is None else quantity(state, s, effect.weight, job.source)
        top = max(votes)
        won = next(v for _, v in ballots if votes[v] == top)  # ties: the first voted for
        out.append(E.VoteDecided(job.source, won))
        state = evolve(state, out[0], rules)
        for seat, _ in ballots:
            for e in instant_events(state, rules, seat, effect.options[won], job.source, job.ability, won):
                state = evolve(state, e, rules)
                out.append(e)
        return out
    assert isinstance(effect, Bid)
    bids = [(v, s) for s, v in ballots if v > 0]
    if not bids:  # everybody passed: nobody wins, nobody pays (issue #53)
        return [E.BidsPassed(job.source)]
    amount, winner = max(bids)  # bids only rise: the highest is unique
    out.append(E.BidWon(winner, job.source, amount))
    state = evolve(state, out[0], rules)
    paid = E.Lost(winner, (Amount(effect.kind, amount),), job.source)
    events = [paid] + _instant(evolve(state, paid, rules), rules, winner, effect.prize, job.source, job.ability, 0)
    # the payment and the prize are the winner's card effects: both or neither
    return out + events if fits(list(state.effects), events) else out

"""Words for the shared decisions of issue #36 (a vote, a bid): what each
player's option says, and the sentences of the events that count them."""

from __future__ import annotations

from typing import Any

from ..cardlang import effects as fx
from ..cardlang.render import instant
from ..engine import events as E
from .cardtext import amounts


def option_text(state: Any, effect: Any, index: int) -> str:
    """What option ``index`` of a vote or bid gives, and to whom."""
    if isinstance(effect, fx.Vote):
        votes = sum(1 for _, v in state.ballots if v == index)
        so_far = f"; {votes} {'vote' if votes == 1 else 'votes'} so far" if state.ballots else ""
        return f"vote for: {instant(effect.options[index])} (every voter, if it wins{so_far})"
    if index == 0:
        return "pass (bid nothing)"
    return f"bid {amounts((fx.Amount(effect.kind, index),))}: the highest bidder pays it, then {instant(effect.prize)}"


def vote_decided(e: E.VoteDecided, n: Any) -> str:
    return f"The vote on {n.card(e.card)} chose option {e.option + 1}."


def ballot_cast(e: E.BallotCast, n: Any) -> str:
    return f"{n.seat(e.seat)} cast ballot {e.value} on {n.card(e.card)} (a vote's option from 0, or a bid)."


def bid_won(e: E.BidWon, n: Any) -> str:
    return f"{n.seat(e.seat)} won the bid on {n.card(e.card)} with {e.amount}."


def bids_passed(e: E.BidsPassed, n: Any) -> str:
    return f"Nobody bid on {n.card(e.card)}."

"""Catching a game up with the events another process stored, without replaying it all.

A server process that holds a game in memory while another process answers
its decisions (several processes on one PostgreSQL store) must move its game
on by the stored events. Replaying the whole log (:func:`pillars_rules.load`)
costs a game's length for every decision; :func:`follow` costs only the new
decisions, and checks them as a verified load does: for each stored
decision it recognises the action that made the events
(:func:`~pillars_rules.games.pillars.replay.infer_action`), applies it with the
rules, and compares the events the rules make with the stored ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pillars_rules as pr

from ..errors import PillarsError
from ..games.pillars import infer_action
from ..saves.strict import event_from_dict


def follow(game: pr.Game, tail: Sequence[dict[str, Any]]) -> pr.Game | None:
    """``game`` moved on by ``tail``, the stored events that come after its own
    (as JSON objects, log index ``game.n_events`` on); ``None`` if they do not
    follow from it by the rules (a damaged store, or another card set): then
    reload the whole game with :meth:`Table.open <pillars_rules.table.Table.open>`,
    whose verified replay says what is wrong."""
    if game.game_type.name != "pillars":  # another game's log: the caller reloads it whole (verified)
        return None
    n = game.n_events
    try:
        events = [event_from_dict(d, n + k) for k, d in enumerate(tail)]
    except PillarsError:
        return None
    at = 0
    while at < len(events):
        seat = game.current_player
        if seat is None:
            return None
        action = infer_action(events, at, game.state)
        if action is None:
            return None
        try:
            after = game.apply(action, seat=seat)
        except PillarsError:
            return None
        made = after.events[game.n_events :]
        if tuple(events[at : at + len(made)]) != made:
            return None
        at += len(made)
        game = after
    return game


__all__ = ["follow"]

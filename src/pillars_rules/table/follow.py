"""Catching a game up with the events another process stored, without replaying it all.

A server process that holds a game in memory while another process answers
its decisions (several processes on one PostgreSQL store) must move its game
on by the stored events. Replaying the whole log (:func:`pillars_rules.load`)
costs a game's length for every decision; :func:`follow` costs only the new
decisions, and checks them as a verified load does: for each stored
decision it recognises the action that made the events
(:func:`~pillars_rules.games.pillars.replay.infer_action`), applies it with the
rules, and compares the events the rules make with the stored ones. Another
game (Ora et Labora) is followed through the core's interface alone
(:func:`follow_listed`): at each decision, the listed action whose events the
log holds next.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pillars_rules as pr

from ..errors import PillarsError
from ..games.pillars import infer_action
from ..pillars_json.strict import event_from_dict


def follow(game: pr.Game, tail: Sequence[dict[str, Any]]) -> pr.Game | None:
    """``game`` moved on by ``tail``, the stored events that come after its own
    (as JSON objects, log index ``game.n_events`` on); ``None`` if they do not
    follow from it by the rules (a damaged store, or another card set): then
    reload the whole game with :meth:`Table.open <pillars_rules.table.Table.open>`,
    whose verified replay says what is wrong."""
    if game.game_type.name != "pillars":  # another game's log: by the listed actions
        return follow_listed(game, tail)
    return _walk(game, tail, event_from_dict, _inferred)


def follow_listed(game: pr.Game, tail: Sequence[dict[str, Any]]) -> pr.Game | None:
    """:func:`follow` for any game, through its game type: the stored events decoded by its own codec,
    and at each decision the listed action whose events they are (``None`` if none is)."""
    return _walk(game, tail, game.game_type.decode_event, _listed)


def _walk(
    game: pr.Game,
    tail: Sequence[dict[str, Any]],
    decode: Callable[[Any, int], Any],
    step: Callable[[pr.Game, list[Any], int], pr.Game | None],
) -> pr.Game | None:
    n = game.n_events
    try:
        events = [decode(d, n + k) for k, d in enumerate(tail)]
    except PillarsError:
        return None
    at = 0
    while at < len(events):
        if game.current_player is None:
            return None
        after = step(game, events, at)
        if after is None:
            return None
        at += after.n_events - game.n_events
        game = after
    return game


def _inferred(game: pr.Game, events: list[Any], at: int) -> pr.Game | None:
    """The game after the stored decision at ``at``, its action recognised from its events (Pillars')."""
    action = infer_action(events, at, game.state)
    return None if action is None else _matching(game, action, events, at)


def _listed(game: pr.Game, events: list[Any], at: int) -> pr.Game | None:
    """The game after the stored decision at ``at``: the listed action whose events the log holds next."""
    kind = game.game_type
    for action in game.legal_actions():
        own = kind.events_of(game.state, game.rules, action)
        if own and not own[0] == events[at]:
            continue  # its events start otherwise
        after = _matching(game, action, events, at)
        if after is not None:
            return after
    return None


def _matching(game: pr.Game, action: Any, events: list[Any], at: int) -> pr.Game | None:
    """The game after ``action`` if the rules make exactly the stored events from ``at`` on."""
    try:
        after = game.apply(action, seat=game.current_player)
    except PillarsError:
        return None
    made = after.events[game.n_events :]
    return after if tuple(events[at : at + len(made)]) == made else None


__all__ = ["follow", "follow_listed"]

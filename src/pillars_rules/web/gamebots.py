"""Server bots for the seats of a game other than Pillars (Ora et Labora), through the core interface.

Pillars' bots get the seat's :class:`~pillars_rules.SeatView`, shipped to a worker as its
export (:mod:`.bots`). Another game's seat goes as a :class:`GameSeat`: the game's
state (pickled), the seat, and the game's opening as a short save (its header and the
events up to the first decision, the same for every decision of the game), from which a
worker makes the game's rules once and keeps them (:data:`KEPT_RULES` games). The worker
rebuilds the position as a :class:`~pillars_rules.core.Game` of that state, asks
``make_bot(name, seed, game=<its name>)`` with the seat's view, and sends the action
back as :mod:`pillars_rules.table.actionjson` JSON, which the pool reads with the game's
fields (:func:`decoded`). The bot sees what the seat may know: such a game hides nothing.
"""

from __future__ import annotations

import collections
from typing import Any

import pillars_rules as pr

from ..core import Game, GameType, game_type
from ..games.pillars import PILLARS
from ..table import actionjson

#: Games whose rules a worker keeps (made from their opening once).
KEPT_RULES = 64
_RULES: collections.OrderedDict[str, Any] = collections.OrderedDict()
#: The server's openings, by the game's rules (so a room's bot does not save its game each decision).
_OPENINGS: collections.OrderedDict[tuple[str, object], str] = collections.OrderedDict()


def opening(game: pr.Game) -> str:
    """``game``'s header and its events up to its first decision, as a save's JSON text."""
    kind = game.game_type
    key = (kind.name, game.rules.content_hash)
    text = _OPENINGS.get(key)
    if text is None:
        events = game.events
        k = next((i + 1 for i, e in enumerate(events) if isinstance(e, kind.decision_event)), len(events))
        first = Game(game.rules, game.state_at(k - 1), list(events[:k]), k, None, kind)
        text = _OPENINGS[key] = pr.save(first)
        while len(_OPENINGS) > KEPT_RULES:
            _OPENINGS.popitem(last=False)
    return text


class GameSeat:
    """A seat of another game on its way to a bot worker (it unpickles there as the seat's view);
    ``kind`` and ``legal_actions`` stay in the server (for :func:`decoded` and the pool's fallback)."""

    __slots__ = ("kind", "seat", "state", "start", "legal_actions")

    def __init__(self, game: pr.Game, seat: int) -> None:
        self.kind: GameType = game.game_type
        self.seat = seat
        self.state = game.state
        self.start = opening(game)
        self.legal_actions = tuple(game.legal_actions()) if game.current_player == seat else ()

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (_arrived, (self.kind.name, self.start, self.state, self.seat))


def _arrived(name: str, start: str, state: Any, seat: int) -> Any:
    """In a worker: the view of ``seat`` in the position ``state`` of the game whose opening is ``start``."""
    rules = _RULES.get(start)
    if rules is None:
        rules = _RULES[start] = pr.load(start).rules
        while len(_RULES) > KEPT_RULES:
            _RULES.popitem(last=False)
    else:
        _RULES.move_to_end(start)
    kind = game_type(name)
    return Game(rules, state, [], 0, None, kind).view(seat)


def bot_view(game: pr.Game, seat: int) -> Any:
    """What a server bot of ``seat`` is given: Pillars' seat view, or another game's :class:`GameSeat`."""
    return game.view(seat) if game.game_type is PILLARS else GameSeat(game, seat)


def shipped(view: Any, ship: Any) -> Any:
    """What is pickled for a worker: a Pillars view as ``ship`` makes it (:meth:`.bots.LogText.ship`), a seat as itself."""
    return view if isinstance(view, GameSeat) else ship(view)


def decide(name: str, seed: int, view: Any) -> dict[str, Any]:
    """In a worker: the action the bot ``name`` of the view's game chooses, as JSON."""
    from pillars_rules.bots import make_bot

    kind = view_kind(view)
    action = make_bot(name, seed, game=kind.name)(view)
    return pr.encode_action(action) if kind is PILLARS else actionjson.encode(kind, action)


def view_kind(view: Any) -> GameType:
    """The game type of a seat's view (from its rules)."""
    from ..core import game_type_of

    return game_type_of(view.rules)


def decoded(view: Any, doc: object) -> object:
    """The action a worker sent back for ``view`` (a :class:`GameSeat` or a Pillars view)."""
    return actionjson.decode(view.kind, doc) if isinstance(view, GameSeat) else pr.decode_action(doc)


__all__ = ["GameSeat", "bot_view", "decide", "decoded", "opening", "shipped", "KEPT_RULES"]

"""The framework's part of a game's state: :class:`Frame`.

Every game's state holds one :class:`Frame` in its field ``frame``, beside the
game's own fields, and the core reads a state only through it: the number of
the pending decision (the move token a client sends back), who must decide and
what kind of decision, how many random draws the game has recorded, and
whether the game is over. The game's fold makes new frames with the methods
below (a frame is immutable), so the core never needs to know what else a
state holds.

A frame changes at a decision (:meth:`Frame.asking`, :meth:`Frame.ending`), at
an answer (:meth:`Frame.answered`) and at a random draw (:meth:`Frame.drawn`),
so the game's own fields and the frame are rebuilt apart: a move that changes
only the game's fields shares the old frame.
"""

from __future__ import annotations

import operator
from typing import Any

import attr


# The form of the engine's records (see pillars_rules.engine.state): ``attr.s``,
# which mypyc compiles natively, with its own ``__init__`` of one store per field.
@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class Frame:
    """The framework's part of a state.

    ``decision`` -- the number of the pending decision: 1 when the first
    decision is pending, one more for each later one and for the end of the
    game, so every applied action moves it on by exactly one
    (:attr:`pillars_rules.Game.decision`);
    ``pending`` -- ``None``, or the game's record of who must decide and what:
    an object with ``seat`` and ``kind``;
    ``rng`` -- how many random draws the game has recorded (chance is decided
    once, recorded as an event, and counted here, so the next draw of a seeded
    stream is known from the state alone; 0 for a game without chance);
    ``game_over`` -- whether the game has ended.
    """

    decision: int = 0
    pending: Any = None
    rng: int = 0
    game_over: bool = False

    def __init__(self, decision: int = 0, pending: Any = None, rng: int = 0, game_over: bool = False) -> None:
        object.__setattr__(self, "decision", decision)
        object.__setattr__(self, "pending", pending)
        object.__setattr__(self, "rng", rng)
        object.__setattr__(self, "game_over", game_over)

    def asking(self, pending: Any) -> Frame:
        """The frame once ``pending`` (who must decide, and what) is asked: the next decision."""
        return Frame(self.decision + 1, pending, self.rng, self.game_over)

    def answered(self) -> Frame:
        """The frame once the pending decision is answered: no seat must decide."""
        return Frame(self.decision, None, self.rng, self.game_over)

    def ending(self) -> Frame:
        """The frame of the game's end: no decision is pending, and the last answer
        moved the decision on (a table counts one decision per answer)."""
        return Frame(self.decision + 1, None, self.rng, True)

    def drawn(self, draws: int = 1) -> Frame:
        """The frame once ``draws`` more random draws are recorded."""
        return Frame(self.decision, self.pending, self.rng + draws, self.game_over)


#: The frame of a state before its first decision.
START = Frame()


def read_through(name: str) -> Any:
    """A property of a game's state that reads ``state.frame.<name>``: the old
    name of a field the frame now holds, for the clients that read it
    (``pending = read_through("pending")`` in the state's class)."""
    if name not in FIELDS:
        raise AttributeError(f"a Frame has no field {name!r} (its fields: {', '.join(FIELDS)})")
    return property(operator.attrgetter(f"frame.{name}"), doc=f"``frame.{name}`` (:class:`Frame`)")


#: The frame's fields, in order.
FIELDS: tuple[str, ...] = ("decision", "pending", "rng", "game_over")

__all__ = ["Frame", "START", "FIELDS", "read_through"]

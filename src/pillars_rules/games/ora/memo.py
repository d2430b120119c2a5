"""Answers kept by the identity of the immutable values they were worked out from (issue #58's speed).

A state's parts are immutable and the fold keeps a part that an event did not change: a seat's
landscape, its goods, the wheel, the display are the same objects from decision to decision
until they change. So an answer worked out from some of them (and the rules) holds while they
are the same objects: :class:`IdMemo` keeps each answer with the parts it read (kept, so that
their ids stay theirs while the answer is kept) and gives it again when the very same parts and
the same small values (``extra``) are asked about. It never changes an answer: a game plays the
same events with it as without it.

Each memo holds at most ``size`` answers, and is emptied when full: a server's process, playing
game after game, keeps no more than that (the answers of one game are of no use to the next).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")


class IdMemo(Generic[T]):
    """At most ``size`` answers, each by the ids of the parts read and ``extra``."""

    __slots__ = ("_table", "_size")

    def __init__(self, size: int) -> None:
        self._table: dict[tuple[tuple[int, ...], Hashable], tuple[tuple[object, ...], T]] = {}
        self._size = size

    def get(self, parts: tuple[object, ...], extra: Hashable, make: Callable[[], T]) -> T:
        """The answer for ``parts`` (the very objects) and ``extra``: kept, or ``make()`` kept."""
        key = (tuple([id(p) for p in parts]), extra)
        hit = self._table.get(key)
        if hit is not None:
            kept, value = hit
            same = True
            for a, b in zip(kept, parts):
                if a is not b:
                    same = False
                    break
            if same:
                return value
        value = make()
        if len(self._table) >= self._size:
            self._table.clear()
        self._table[key] = (parts, value)
        return value

    def clear(self) -> None:
        self._table.clear()

    def __len__(self) -> int:
        return len(self._table)


__all__ = ["IdMemo"]

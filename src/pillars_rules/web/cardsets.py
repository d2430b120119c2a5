"""The card sets a lobby may offer: the base cards and the folders the operator allowed.

A client chooses a set by name, never by path; the listing gives each set's
name, its identity (the SHA-256 of its compiled cards, as saves record it)
and its number of cards.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

from attrs import frozen

from ..errors import ConfigError
from ..games.pillars import NAMED_SETS, load_cards, named_set_path


@frozen
class CardChoice:
    """One card set: ``paths`` is ``None`` for the base cards, else the folder."""

    name: str
    identity: str
    cards: int
    paths: tuple[str, ...] | None
    #: the player counts the set plays (its board's ``players`` line)
    players: tuple[int, ...] = (2, 3, 4)

    def public(self) -> dict[str, Any]:
        return {"name": self.name, "identity": self.identity, "cards": self.cards}


class Catalogue:
    """The base set (named ``base``), the library's named sets (``expansion``)
    and one set per folder of ``dirs``, named
    by the folder (``name-2`` and so on if two folders share a name). Each
    folder is compiled now, so a folder that does not compile stops the server
    at start with the card error."""

    def __init__(self, dirs: tuple[str, ...] = ()) -> None:
        base = load_cards()
        self._sets: dict[str, CardChoice] = {
            "base": CardChoice("base", base.identity, len(base), None, base.board.spec.players)
        }
        # the named sets shipped with the library (the expansion: 2-6 players)
        for named in NAMED_SETS:
            cards = load_cards(named)
            path = named_set_path(named)
            self._sets[named] = CardChoice(named, cards.identity, len(cards), (path,), cards.board.spec.players)
        for d in dirs:
            path = os.path.abspath(d)
            if not os.path.isdir(path):
                raise ConfigError(f"--cards {d!r}: not a folder")
            cards = load_cards([path])
            stem = os.path.basename(path.rstrip(os.sep)) or "cards"
            name, k = stem, 2
            while name in self._sets:
                name, k = f"{stem}-{k}", k + 1
            self._sets[name] = CardChoice(name, cards.identity, len(cards), (path,), cards.board.spec.players)

    def get(self, name: object) -> CardChoice | None:
        return self._sets.get(name) if isinstance(name, str) else None

    def listing(self) -> list[dict[str, Any]]:
        """The lobby's list: each set's public fields and the player counts it plays."""
        return [{**c.public(), "players": list(c.players)} for c in self._sets.values()]

    def __iter__(self) -> Iterator[CardChoice]:
        return iter(self._sets.values())


__all__ = ["Catalogue", "CardChoice"]

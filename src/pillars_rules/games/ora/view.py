"""What a seat of Ora et Labora sees: :class:`OraView`.

Nothing is hidden in Ora (§4.10.1: landscapes are open; the settlement hands are the same cards
for every seat, §1.3, §6.4), so every seat and a spectator see the same table. A view is still
made for a seat, because a bot or a client is handed its own view: it carries that seat's
``legal_actions`` (empty unless the seat must act), the full ``state`` and the ``rules``, as
Pillars' :class:`~pillars_rules.view.SeatView` does, so one bot protocol (``bot(view) -> action``)
serves both games. As a mapping it is the table as JSON-able data (:func:`.game.public`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any


class OraView(Mapping[str, Any]):
    """A seat's view (``seat`` ``None``: a spectator's). Read it as a mapping for the JSON-able
    table (``view["seats"]``, ``view["wheel"]``...); ``state``, ``rules``, ``events`` and
    ``legal_actions`` are for bots. Views compare equal when they show the same table."""

    __slots__ = ("seat", "state", "rules", "legal_actions", "_events", "_public", "_data")

    seat: int | None
    state: Any
    rules: Any
    legal_actions: tuple[Any, ...]
    #: the log, or what gives it (a game's ``events``, read only when a bot asks: the copy of a long log
    #: at every decision was a few percent of a random game)
    _events: tuple[Any, ...] | Callable[[], tuple[Any, ...]]
    _public: Callable[[Any, Any], dict[str, Any]]
    _data: dict[str, Any] | None

    def __init__(
        self,
        seat: int | None,
        state: Any,
        rules: Any,
        legal_actions: tuple[Any, ...],
        events: tuple[Any, ...] | Callable[[], tuple[Any, ...]],
        public: Callable[[Any, Any], dict[str, Any]],
    ) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "state", state)
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "legal_actions", legal_actions)
        object.__setattr__(self, "_events", events)
        object.__setattr__(self, "_public", public)
        object.__setattr__(self, "_data", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a view is read-only ({name!r})")

    @property
    def events(self) -> tuple[Any, ...]:
        """The whole log (nothing in it is secret)."""
        got = self._events
        if isinstance(got, tuple):
            return got
        events = got()
        object.__setattr__(self, "_events", events)
        return events

    @property
    def data(self) -> dict[str, Any]:
        """The table as JSON-able data (made once, on first use)."""
        data: dict[str, Any] | None = self._data
        if data is None:
            data = self._public(self.state, self.rules)
            object.__setattr__(self, "_data", data)
        return data

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.data)

    def __len__(self) -> int:
        return len(self.data)

    def __repr__(self) -> str:
        who = "a spectator" if self.seat is None else f"seat {self.seat}"
        return f"<OraView of {who}: round {self.state.round}, {len(self.legal_actions)} legal actions>"


__all__ = ["OraView"]

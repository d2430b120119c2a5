"""Actions: a player's decisions, as small frozen values.

The engine lists plain actions: ``str(action)`` is a short description made
from the action's fields alone (``"hire mason_r1"``, ``"place a builder at the
King's court, spot 1"``; a place as the base board calls it, another board's
place by its key). The words a person reads -- card names, what an
action gives and costs, the price -- need the game's cards and state and are
written outside the engine, by :func:`pillars_rules.words.choices`.

``label`` is an optional note a caller may attach (the engine leaves it
empty); equality ignores it, so ``Hire("mason_r1", label="mine")`` equals the
listed ``Hire("mason_r1")``, and a label is never kept in a game's log.

Which actions answer which pending decision kind is :data:`ACTIONS_FOR`.
"""

from __future__ import annotations

import attrs
from attrs import field, frozen

from .layout import base_layout


class _Base:
    __slots__ = ()

    label: str

    def __str__(self) -> str:
        return self.label or self._text()

    def _text(self) -> str:
        return type(self).__name__


@frozen
class TakeResourceCard(_Base):
    """Phase I: take a resource card from the display, placing its workers (§2.2).

    ``big=True`` puts the big worker (value 5) on the card plus one-value
    pieces for the rest of its requirement; ``big=False`` puts one-value pieces
    only (small, grey and black pieces are interchangeable).
    """

    card: str
    big: bool = False
    label: str = field(default="", eq=False, repr=False, kw_only=True)

    def _text(self) -> str:
        return f"take {self.card}" + (" with the big worker" if self.big else "")


@frozen
class Hire(_Base):
    """Phase I: hire a craftsman from the display, paying its cost (§2.2)."""

    card: str
    label: str = field(default="", eq=False, repr=False, kw_only=True)

    def _text(self) -> str:
        return f"hire {self.card}"


@frozen
class Pass(_Base):
    """Phase I: pass; final for this phase (§2.2)."""

    label: str = field(default="", eq=False, repr=False, kw_only=True)

    def _text(self) -> str:
        return "pass"


@frozen
class Discard(_Base):
    """Over the craftsman limit: discard one craftsman, possibly the new one (§2.2)."""

    card: str
    label: str = field(default="", eq=False, repr=False, kw_only=True)

    def _text(self) -> str:
        return f"discard {self.card}"


@frozen
class ReturnBuilder(_Base):
    """Phase II, start player: put the drawn builder back and draw again (once per round, §2.3)."""

    label: str = field(default="", eq=False, repr=False, kw_only=True)

    def _text(self) -> str:
        return "put the builder back and draw again"


@frozen
class KeepBuilder(_Base):
    """Phase II, start player: keep the drawn builder."""

    label: str = field(default="", eq=False, repr=False, kw_only=True)

    def _text(self) -> str:
        return "keep the drawn builder"


@frozen
class Place(_Base):
    """Phase II: place the builder on ``spot`` (0-based) of ``location``.

    ``free=True`` uses a once-per-game free placement privilege (§7).
    """

    location: str
    spot: int = 0
    free: bool = False
    label: str = field(default="", eq=False, repr=False, kw_only=True)

    def _text(self) -> str:
        board = base_layout()
        spot = f", spot {self.spot + 1}" if board.locations.get(self.location, 1) > 1 else ""
        how = " with a free placement" if self.free else ""
        return f"place a builder at {board.words(self.location)}{spot}{how}"


@frozen
class Park(_Base):
    """Phase II: do not pay; the builder waits on the cost track (§2.3)."""

    label: str = field(default="", eq=False, repr=False, kw_only=True)

    def _text(self) -> str:
        return "pass (the builder waits on the cost track)"


@frozen
class Protect(_Base):
    """Bishop: take protection from this round's harmful event (§2.4 step 2)."""

    label: str = field(default="", eq=False, repr=False, kw_only=True)

    def _text(self) -> str:
        return "take the Bishop's protection"


@frozen
class TakeCube(_Base):
    """Bishop: take one wood, stone or sand from the market (§2.4 step 2)."""

    resource: str
    label: str = field(default="", eq=False, repr=False, kw_only=True)

    def _text(self) -> str:
        return f"take 1 {self.resource} from the market"


@frozen
class UseOnce(_Base):
    """Use a once-per-game privilege now (§7)."""

    card: str
    label: str = field(default="", eq=False, repr=False, kw_only=True)

    def _text(self) -> str:
        return f"use {self.card} (once per game)"


@frozen
class Decline(_Base):
    """Do not use a once-per-game privilege now."""

    label: str = field(default="", eq=False, repr=False, kw_only=True)

    def _text(self) -> str:
        return "decline"


@frozen
class PickCraftsman(_Base):
    """An event's choice: name one of your craftsmen (§8)."""

    card: str
    label: str = field(default="", eq=False, repr=False, kw_only=True)

    def _text(self) -> str:
        return f"pick {self.card}"


@frozen
class ChooseOption(_Base):
    """A card's choice between options (0-based index)."""

    index: int
    label: str = field(default="", eq=False, repr=False, kw_only=True)

    def _text(self) -> str:
        return f"choose option {self.index + 1}"


@frozen
class Buy(_Base):
    """Market: buy ``n`` cubes of one type (§4)."""

    resource: str
    n: int
    label: str = field(default="", eq=False, repr=False, kw_only=True)

    def _text(self) -> str:
        return f"buy {self.n} {self.resource}"


@frozen
class Sell(_Base):
    """Market: sell ``n`` cubes of one type (§4)."""

    resource: str
    n: int
    label: str = field(default="", eq=False, repr=False, kw_only=True)

    def _text(self) -> str:
        return f"sell {self.n} {self.resource}"


@frozen
class EndTrading(_Base):
    """Market: stop trading this round (final)."""

    label: str = field(default="", eq=False, repr=False, kw_only=True)

    def _text(self) -> str:
        return "stop trading"


@frozen
class Build(_Base):
    """Cathedral: use a craftsman's conversion once (§2.4 step 13, §6).

    ``ability`` numbers the card's conversions (0, the default, is the first).
    """

    card: str
    ability: int = 0
    label: str = field(default="", eq=False, repr=False, kw_only=True)

    def _text(self) -> str:
        return f"use {self.card}" + (f" (conversion {self.ability + 1})" if self.ability else "")


@frozen
class EndBuilding(_Base):
    """Cathedral: finish using craftsmen this round."""

    label: str = field(default="", eq=False, repr=False, kw_only=True)

    def _text(self) -> str:
        return "finish building"


@frozen
class ReturnCubes(_Base):
    """5-cube limit: return ``n`` cubes of one type to the supply (§2.4 step 13)."""

    resource: str
    n: int
    label: str = field(default="", eq=False, repr=False, kw_only=True)

    def _text(self) -> str:
        return f"return {self.n} {self.resource} to the supply"


#: Every action class by name (the ``type`` of an action in JSON).
ACTION_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        TakeResourceCard,
        Hire,
        Pass,
        Discard,
        ReturnBuilder,
        KeepBuilder,
        Place,
        Park,
        Protect,
        TakeCube,
        UseOnce,
        Decline,
        PickCraftsman,
        ChooseOption,
        Buy,
        Sell,
        EndTrading,
        Build,
        EndBuilding,
        ReturnCubes,
    )
}

_PLAIN: dict[str, type] = {"str": str, "int": int, "bool": bool}
#: Each action class's compared fields, with the exact type each value must
#: have: an action is taken only when it is of one of these very classes and
#: every field holds a plain ``str``, ``int`` or ``bool`` (no subclass, no
#: ``True`` for an ``int``, no ``1.0``), so that comparing it with the listed
#: actions runs no code of the caller's (issue #34).
FIELD_TYPES: dict[type, tuple[tuple[str, type], ...]] = {
    cls: tuple((f.name, _PLAIN[str(f.type)]) for f in attrs.fields(cls) if f.eq) for cls in ACTION_TYPES.values()
}

#: Which action types answer which pending decision kind.
ACTIONS_FOR: dict[str, tuple[type, ...]] = {
    "draft": (TakeResourceCard, Hire, Pass, UseOnce),
    "discard": (Discard,),
    "redraw": (ReturnBuilder, KeepBuilder),
    "place": (Place, Park),
    "bishop": (Protect, TakeCube),
    "once_event": (UseOnce, Decline),
    "once_tax": (UseOnce, Decline),
    "choice": (PickCraftsman, ChooseOption),
    "market": (Buy, Sell, EndTrading, UseOnce),
    "cathedral": (Build, EndBuilding, UseOnce),
    "return_cubes": (ReturnCubes,),
}

Action = (
    TakeResourceCard
    | Hire
    | Pass
    | Discard
    | ReturnBuilder
    | KeepBuilder
    | Place
    | Park
    | Protect
    | TakeCube
    | UseOnce
    | Decline
    | PickCraftsman
    | ChooseOption
    | Buy
    | Sell
    | EndTrading
    | Build
    | EndBuilding
    | ReturnCubes
)

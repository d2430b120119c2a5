"""Ora et Labora's state: where a game stands, a frozen value that only :mod:`.fold` makes.

Its own module, apart from the events and actions of :mod:`.records` (which names it too), because the
compiled build compiles it (a native class, read at every step) and not those (the saves read their
annotations as written, which mypyc does not keep).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attr
import attrs

from ...core.frame import START, Frame, read_through
from ...mechanisms.grid import Grid, Stacks
from ...mechanisms.phases import Phases
from ...mechanisms.wheel import Wheel
from ...mechanisms.workers import Workers

Goods = tuple[tuple[str, int], ...]

_NO_VALUES: Any = {}  # State.values' default for attrs (State's __init__ makes a new dict)


@attrs.frozen
class Step:
    """A follow-up step under way: ``seat`` decides ``step`` (with ``arg``) for the building ``key``."""

    seat: int
    step: str
    arg: str
    key: str


@attrs.frozen
class Using:
    """A building whose function ``seat`` uses next (the ``use`` decision): ``key``, and ``why``:
    ``place`` (a clergyman of one's own, or the prior), ``contract``, ``neutral prior`` (solo, §9.5)
    or ``follow`` (a follow-up use, which has no "without using it")."""

    seat: int
    key: str
    why: str


# The state's form is the engine's records' (pillars_rules.engine.state says why): ``attr.s``, which mypyc
# compiles as a native class; ``slots=False``, so that the pure build keeps the fields in an attribute dict,
# which the fold copies in one step (fold._evolve; the compiled build's native class has no dict, and the
# fold copies it through its constructor); ``init=False`` and an ``__init__`` of its own, since attrs'
# frozen ``__init__`` writes the attribute dict, which a native class lacks. Equality, hashing and the repr
# are attrs'.
@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class State:
    """Where an Ora game stands. ``stocks``: each seat's goods (sorted pairs; money is held as
    coins, §4.9); ``grids``: each seat's landscape; ``hands``: settlement cards in hand;
    ``display``: buildings that may be built; ``queue``: the action turns left this round (the
    acting seat first); ``stage``: what the flow does next; ``todo``: the phase's steps left;
    ``order``: the seats still to answer in a phase's sub-phase."""

    names: tuple[str, ...]
    stocks: tuple[Goods, ...]
    grids: tuple[Grid, ...]
    hands: tuple[tuple[str, ...], ...]
    workers: Workers
    wheel: Wheel
    phases: Phases
    display: tuple[str, ...]
    revealed: tuple[str, ...]
    stacks: Stacks
    level: int = 0
    wonders: int = 0
    round: int = 0
    start: int = 0
    queue: tuple[int, ...] = ()
    stage: str = "start"
    todo: tuple[str, ...] = ()
    phase: str = ""
    order: tuple[int, ...] = ()
    bought: tuple[bool, ...] = ()
    settled: int = 0
    bonus: bool = False
    final: bool = False
    follow: tuple[Step, ...] = ()
    step: Step | None = None
    #: the buildings (keys) used so far in the action under way: a follow-up use never uses one again (R40)
    chain: tuple[str, ...] = ()
    #: the work contract under way (a :class:`~.records.Asked`; typed loosely: the records import this module)
    contract: Any = None
    #: the building whose outcome is the next decision (Place, Contract, Activate and the priors)
    using: Using | None = None
    built: tuple[int, str] | None = None
    #: the framework's part (the core's): the decision, who is pending (a Turn), whether the game is over
    frame: Frame = START
    #: the seats that decide (solo: 1; the neutral player is the last seat, §9.3)
    players: int = 0
    #: solo: the buildings the neutral player built in this phase (§9.5)
    fresh: tuple[str, ...] = ()
    #: card id -> (economic value, dwelling value): the catalogue's, so that a state scores alone
    values: Mapping[str, tuple[int, int]] = attr.ib(default=_NO_VALUES, eq=False, repr=False)

    def __init__(
        self,
        names: tuple[str, ...],
        stocks: tuple[Goods, ...],
        grids: tuple[Grid, ...],
        hands: tuple[tuple[str, ...], ...],
        workers: Workers,
        wheel: Wheel,
        phases: Phases,
        display: tuple[str, ...],
        revealed: tuple[str, ...],
        stacks: Stacks,
        level: int = 0,
        wonders: int = 0,
        round: int = 0,
        start: int = 0,
        queue: tuple[int, ...] = (),
        stage: str = "start",
        todo: tuple[str, ...] = (),
        phase: str = "",
        order: tuple[int, ...] = (),
        bought: tuple[bool, ...] = (),
        settled: int = 0,
        bonus: bool = False,
        final: bool = False,
        follow: tuple[Step, ...] = (),
        step: Step | None = None,
        chain: tuple[str, ...] = (),
        contract: Any = None,
        using: Using | None = None,
        built: tuple[int, str] | None = None,
        frame: Frame = START,
        players: int = 0,
        fresh: tuple[str, ...] = (),
        values: Mapping[str, tuple[int, int]] | None = None,
    ) -> None:
        object.__setattr__(self, "names", names)
        object.__setattr__(self, "stocks", stocks)
        object.__setattr__(self, "grids", grids)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "workers", workers)
        object.__setattr__(self, "wheel", wheel)
        object.__setattr__(self, "phases", phases)
        object.__setattr__(self, "display", display)
        object.__setattr__(self, "revealed", revealed)
        object.__setattr__(self, "stacks", stacks)
        object.__setattr__(self, "level", level)
        object.__setattr__(self, "wonders", wonders)
        object.__setattr__(self, "round", round)
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "queue", queue)
        object.__setattr__(self, "stage", stage)
        object.__setattr__(self, "todo", todo)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "bought", bought)
        object.__setattr__(self, "settled", settled)
        object.__setattr__(self, "bonus", bonus)
        object.__setattr__(self, "final", final)
        object.__setattr__(self, "follow", follow)
        object.__setattr__(self, "step", step)
        object.__setattr__(self, "chain", chain)
        object.__setattr__(self, "contract", contract)
        object.__setattr__(self, "using", using)
        object.__setattr__(self, "built", built)
        object.__setattr__(self, "frame", frame)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "fresh", fresh)
        object.__setattr__(self, "values", {} if values is None else values)

    @property
    def n(self) -> int:
        return len(self.names)

    # the framework's fields by their old names, for the clients that read them (state.pending...)
    @property
    def pending(self) -> Any:
        """``frame.pending`` (:class:`~pillars_rules.core.frame.Frame`)."""
        return self.frame.pending

    @property
    def game_over(self) -> bool:
        """``frame.game_over`` (:class:`~pillars_rules.core.frame.Frame`)."""
        return self.frame.game_over

    @property
    def decision(self) -> int:
        """``frame.decision`` (:class:`~pillars_rules.core.frame.Frame`)."""
        return self.frame.decision

    def stock(self, seat: int) -> dict[str, int]:
        return dict(self.stocks[seat])


if State.__dictoffset__:  # the pure build (a native class has no dict, and takes no new attribute)
    # the same properties, read in C: ``state.pending`` is read at every step of a game
    for _name in ("pending", "game_over", "decision"):
        setattr(State, _name, read_through(_name))

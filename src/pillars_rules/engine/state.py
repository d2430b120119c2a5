"""Frozen game state.

Everything here is an immutable attrs class with slots; collections are tuples
(or frozensets). :func:`pillars_rules.engine.evolve.evolve` is the only code
that makes new states, and it shares every unchanged part with the old state.

State holds card *ids* only; what a card does is looked up in the game's
:class:`~pillars_rules.engine.context.Rules`.
"""

from __future__ import annotations

import operator
from typing import Any

import attrs
from attrs import frozen

from ..cardlang.effects import CUBES

CUBE_INDEX = {c: i for i, c in enumerate(CUBES)}
#: Starting cube totals, wood/stone/sand/metal (RULES §1).
CUBE_TOTALS = (23, 23, 23, 13)
MARKET_REFILL = (4, 4, 4, 0)
GOLD_CAP = 30
ROUNDS = 6


def replace(obj: Any, **changes: Any) -> Any:
    """A copy of a frozen attrs instance with ``changes`` (a fast ``attrs.evolve``:
    the copy is made by a function generated once per class and set of changed
    names; unchanged parts are shared, never copied).

    For a :class:`GameState`, grouped fields may be named directly
    (``replace(state, market=...)``): they are routed to their group.
    """
    key = (obj.__class__, tuple(changes))
    make = _REPLACERS.get(key)
    if make is None:
        make = _REPLACERS[key] = _replacer(*key)
    return make(obj, *changes.values())


_REPLACERS: dict[tuple[type, tuple[str, ...]], Any] = {}


def replacer(cls: type, *names: str):
    """``f(obj, *values)``: the copier :func:`replace` uses for ``cls`` and
    ``names``, to be bound once where a handler always changes the same
    fields (``replace``'s keyword call costs more than the copy itself):
    ``replacer(GameState, "pending", "decision")(s, p, 3)`` is
    ``replace(s, pending=p, decision=3)``."""
    key = (cls, names)
    make = _REPLACERS.get(key)
    if make is None:
        make = _REPLACERS[key] = _replacer(*key)
    return make


def _replacer(cls: type, names: tuple[str, ...]):
    """``f(obj, *values)``: ``cls`` built from ``obj`` with ``names`` set to ``values``
    (grouped :class:`GameState` fields go to their group). Generated source,
    no loops (see :func:`_build`)."""
    given = {name: f"v{i}" for i, name in enumerate(names)}
    routed: dict[str, dict[str, str]] = {}
    if cls is GameState:
        for name in names:
            group = GROUP_OF.get(name)
            if group is not None:
                if group in given:
                    raise TypeError(f"replace() got both {group!r} and its field {name!r}")
                routed.setdefault(group, {})[name] = given[name]
    unknown = [n for n in names if n not in cls.__field_index__ and not (cls is GameState and n in GROUP_OF)]
    if unknown:
        raise TypeError(f"{cls.__name__} has no field(s) {', '.join(unknown)}")
    env: dict[str, Any] = {"new": object.__new__, "set_dict": object.__setattr__}
    lines = [f"def make(obj, {', '.join(given.values())}):"]
    for k, (group, values) in enumerate(routed.items()):
        lines += _build(env, f"r{k}", _GROUPS[group], f"obj.{group}", values)
    lines += _build(env, "out", cls, "obj", {**{n: v for n, v in given.items() if n in cls.__field_index__},
                                              **{group: f"r{k}" for k, group in enumerate(routed)}})
    lines.append("    return out")
    exec("\n".join(lines) + "\n", env)
    return env["make"]


def _build(env: dict, target: str, cls: type, source: str, values: dict[str, str]) -> list[str]:
    """Source lines setting ``target`` to ``cls`` made from ``source`` with ``values``.

    The records that events replace all the time (:class:`GameState`, its
    groups :class:`Board`, :class:`RoundState`, :class:`Builders`, and
    :class:`PlayerState`) keep their fields in an attribute dict
    (``slots=False``): a changed record is one C-level copy of the old
    record's dict with the changed names set -- about 0.35 µs for the 14-field
    root, where the attrs ``__init__`` of a slotted record takes about 1.2 µs.
    Small records that are rarely replaced (:class:`Pieces`, :class:`Pending`,
    :class:`Job`, :class:`Fixed`, :class:`Decks`) keep slots, which are faster
    to read, and are built by one positional call."""
    name = f"C_{target}"
    env[name] = cls
    if "__slots__" in cls.__dict__:
        args = ", ".join(values.get(f, f"{source}.{f}") for f in cls.__field_names__)
        return [f"    {target} = {name}({args})"]
    return ([f"    d_{target} = {source}.__dict__.copy()"]
            + [f"    d_{target}[{field!r}] = {v}" for field, v in values.items()]
            + [f"    {target} = new({name})", f"    set_dict({target}, '__dict__', d_{target})"])


def _register(cls: type) -> type:
    names = tuple(a.name for a in attrs.fields(cls))
    cls.__field_names__ = names
    cls.__field_index__ = {n: i for i, n in enumerate(names)}
    cls.__get_all__ = staticmethod(operator.attrgetter(*names)) if len(names) > 1 else \
        staticmethod(lambda obj, _n=names[0]: (getattr(obj, _n),))
    return cls


@_register
@frozen
class Pieces:
    """Worker pieces by kind: small (1), big (5), grey (1), black (1) (§2.2)."""

    small: int = 0
    big: int = 0
    grey: int = 0
    black: int = 0

    @property
    def value(self) -> int:
        return self.small + 5 * self.big + self.grey + self.black

    def plus(self, other: "Pieces") -> "Pieces":
        return Pieces(self.small + other.small, self.big + other.big,
                      self.grey + other.grey, self.black + other.black)

    def minus(self, other: "Pieces") -> "Pieces":
        return Pieces(self.small - other.small, self.big - other.big,
                      self.grey - other.grey, self.black - other.black)

    def __str__(self) -> str:
        parts = []
        for name, n in (("small", self.small), ("big", self.big), ("grey", self.grey), ("black", self.black)):
            if n:
                parts.append(f"{n} {name}")
        return ", ".join(parts) or "none"


@_register
@frozen(slots=False)
class PlayerState:
    """One seat's holdings.

    ``cubes`` is wood/stone/sand/metal. ``pieces`` are this round's worker pieces
    not placed on resource cards (they go to the wool mill), ``placed`` those on
    resource cards; ``resource_cards``
    are the resource cards taken this round. ``grey_next`` is the grey workers
    won at Shiring castle for next round. ``uses`` counts step-13 conversions
    this round per ``(card id, ability index)``; ``boosts`` is extra capacity
    this round per card id.
    """

    name: str
    gold: int
    vp: int
    cubes: tuple[int, int, int, int] = (0, 0, 0, 0)
    craftsmen: tuple[str, ...] = ()
    privileges: tuple[str, ...] = ()
    pieces: Pieces = Pieces()
    placed: Pieces = Pieces()
    resource_cards: tuple[str, ...] = ()
    grey_next: int = 0
    uses: tuple[tuple[str, int, int], ...] = ()
    boosts: tuple[tuple[str, int], ...] = ()

    @property
    def resources(self) -> dict[str, int]:
        """Cubes by name, e.g. ``{"wood": 2, "stone": 0, "sand": 1, "metal": 0}``."""
        return dict(zip(CUBES, self.cubes))

    def cube(self, kind: str) -> int:
        return self.cubes[CUBE_INDEX[kind]]

    def amount(self, kind: str) -> int:
        if kind == "gold":
            return self.gold
        if kind == "vp":
            return self.vp
        return self.cubes[CUBE_INDEX[kind]]

    def uses_of(self, card: str, ability: int) -> int:
        for c, a, n in self.uses:
            if c == card and a == ability:
                return n
        return 0

    def boost_of(self, card: str) -> int:
        for c, n in self.boosts:
            if c == card:
                return n
        return 0


@_register
@frozen
class Pending:
    """Who must decide, and what kind of decision (see :mod:`.actions`)."""

    kind: str
    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat}: {self.kind}"


@_register
@frozen
class Job:
    """A choice still to be made: the instant effect at
    ``rules.card(source).abilities[ability]`` (``.options[option]`` when
    ``option`` >= 0), for ``seat``."""

    seat: int
    source: str
    ability: int
    option: int = -1


@_register
@frozen
class Fixed:
    """What never changes during a game."""

    seed: int
    variants: tuple[str, ...]
    card_hash: str


@_register
@frozen(slots=False)
class Board:
    """Cubes and builders on the board."""

    supply: tuple[int, int, int, int] = CUBE_TOTALS
    market: tuple[int, int, int, int] = (0, 0, 0, 0)
    court_metal: int = 0
    spots: tuple[tuple[str, tuple[int | None, ...]], ...] = ()


@_register
@frozen
class Decks:
    """Undealt cards, in their (secret) order."""

    craftsman_decks: tuple[tuple[str, ...], ...] = ()
    event_deck: tuple[str, ...] = ()
    privilege_deck: tuple[str, ...] = ()


@_register
@frozen(slots=False)
class RoundState:
    """This round's display, event, choices and bookkeeping (reset each round)."""

    display: tuple[str, ...] = ()
    shiring: tuple[str, ...] = ()
    kingsbridge: tuple[str, ...] = ()
    passed: frozenset[int] = frozenset()
    event: str = ""
    event_applied: bool = False
    protected: frozenset[int] = frozenset()
    prev_event: str = ""
    prev_protected: frozenset[int] = frozenset()
    tax: int = 0
    exempt: frozenset[int] = frozenset()
    jobs: tuple[Job, ...] = ()
    decided: frozenset[tuple[int, str]] = frozenset()
    traded: tuple[tuple[int, str, str], ...] = ()
    done: frozenset[int] = frozenset()


@_register
@frozen(slots=False)
class Builders:
    """Phase II: the bag, the cost marker, the drawn and parked builders."""

    bag: tuple[int, ...] = ()
    marker: int = 7
    drawn: int | None = None
    price: int = 0
    parked: tuple[int, ...] = ()
    thirds: tuple[int, ...] = ()
    first_placed: tuple[int, ...] = ()
    redraw_used: bool = False


@_register
@frozen
class Pins:
    """Chance fixed in advance by a scenario (:func:`pillars_rules.scenario`), for
    tests: each tuple is used up from the front, before the seed is asked.

    ``builders`` -- the seats whose builders are drawn next (a pinned seat with
    no builder in the bag is skipped and the draw is random); ``tax`` -- the next
    tax rolls; ``displays`` -- the resource cards dealt at the next round openings.
    """

    builders: tuple[int, ...] = ()
    tax: tuple[int, ...] = ()
    displays: tuple[tuple[str, ...], ...] = ()


_GROUPS: dict[str, type] = {
    "fixed": Fixed, "board": Board, "decks": Decks, "table": RoundState, "builders": Builders,
}


@_register
@frozen(slots=False)
class GameState:
    """The whole game at one moment.

    Fields are grouped (:class:`Fixed`, :class:`Board`, :class:`Decks`,
    :class:`RoundState`, :class:`Builders`) so that a change rebuilds only a small
    record; every grouped field can also be read directly, e.g. ``state.market``
    is ``state.board.market``. Secret parts (deck orders, the seed) are hidden
    from players by :meth:`pillars_rules.Game.view`.

    ``decision`` numbers the decision points (the move token): 1 when the
    first decision is pending, one more for each later one and for the end of
    the game, so every applied action moves it on by exactly one. It is
    counted by evolve, so replay and load rebuild it.

    ``effects`` counts, per seat, the card effects it got this round (each
    gain, loss or choice a card's ability gave it), against the budget
    :data:`~pillars_rules.limits.MAX_CARD_EFFECTS`; evolve counts it too.
    """

    fixed: Fixed
    round: int = 0
    stage: str = "setup"
    step: str = ""
    start_player: int = 0
    pending: Pending | None = None
    rng: int = 0
    players: tuple[PlayerState, ...] = ()
    board: Board = Board()
    decks: Decks = Decks()
    table: RoundState = RoundState()
    builders: Builders = Builders()
    cathedral: int = 0
    game_over: bool = False
    pins: Pins = Pins()
    decision: int = 0
    effects: tuple[int, ...] = ()

    @property
    def n_players(self) -> int:
        return len(self.players)

    def spot_list(self, location: str) -> tuple[int | None, ...]:
        for loc, seats in self.spots:
            if loc == location:
                return seats
        return ()

    def builders_at(self, seat: int, location: str) -> int:
        return sum(1 for s in self.spot_list(location) if s == seat)

    def traded_kinds(self, seat: int) -> set[tuple[str, str]]:
        return {(t, r) for s, t, r in self.traded if s == seat}

    def cube_total(self, kind: str) -> int:
        """Where every cube of ``kind`` is: supply + market + court + players."""
        i = CUBE_INDEX[kind]
        total = self.supply[i] + self.market[i] + sum(p.cubes[i] for p in self.players)
        if kind == "metal":
            total += self.court_metal
        return total


#: Which group each grouped field lives in.
GROUP_OF: dict[str, str] = {
    name: group for group, cls in _GROUPS.items() for name in cls.__field_names__
}




def _read_through(group: str, name: str) -> property:
    getter = operator.attrgetter(f"{group}.{name}")
    return property(getter, doc=f"``{group}.{name}``")


for _name, _group in GROUP_OF.items():
    setattr(GameState, _name, _read_through(_group, _name))

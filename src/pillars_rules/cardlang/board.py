"""The board as data: the places of Phase II and Phase III, and the board's constants.

A place is a card of kind ``place`` (``place priory "The Priory" { spots 2 ... }``);
the board's own numbers are one card of kind ``board``. The compiler turns
their text into :class:`Place` and :class:`BoardSpec` (held by the card's
``place`` / ``board`` field) and a card set keeps them apart from its other
cards (:attr:`~pillars_rules.cardlang.cardset.CardSet.places`).
:func:`assemble` lays them out as a :class:`Board`: the Phase III order (the
order of the places in the text; ``after X`` moves a place right after ``X``,
``replaces X`` puts it where ``X`` stood and removes ``X``) and the tables the
engine reads. What makes a board unplayable is checked by the compiler
(:func:`~pillars_rules.cardlang.placecomp.board_problems`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from attrs import field, frozen

from . import effects as fx
from .card import Card


@frozen
class Place:
    """What a place's text says (unused fields keep their defaults).

    ``called`` -- its name in the middle of a sentence ("the King's court";
    empty: its name); ``spots`` -- builder spots filled in Phase II (0: none); ``rule`` -- the
    machine rule its Phase III step runs (:data:`~.effects.STEP_RULES`);
    ``site`` -- for a worker site (filled in Phase I), the cube its resource
    cards yield; ``one_per_player`` -- a player may have only one builder here;
    ``in_order`` -- builders take the first free spot; ``after`` / ``replaces``
    -- where it goes in a board it is added to; ``spot_effects`` -- (spot
    number, effect) pairs; ``die`` -- the faces of the tax die; ``cube_limit``
    -- cubes each player keeps after the cathedral step; ``stock`` -- what the
    round opening refills the place to; ``buying`` / ``selling`` -- market
    prices in gold per cube.
    """

    called: str = ""
    spots: int = 0
    rule: str = "spots"
    site: str = ""
    one_per_player: bool = False
    in_order: bool = False
    after: str = ""
    replaces: str = ""
    spot_effects: tuple[tuple[int, Any], ...] = ()
    die: tuple[int, ...] = ()
    cube_limit: int = 0
    stock: tuple[fx.Amount, ...] = ()
    buying: tuple[tuple[str, int], ...] = ()
    selling: tuple[tuple[str, int], ...] = ()


def default_free_builders(players: tuple[int, ...]) -> tuple[int, ...]:
    """The base game's free last builder (§2.3: with 2 players the last
    builder drawn from the bag costs nothing), as a table for ``players``:
    a board without a 'free last builders' line plays it."""
    return tuple(1 if n == 2 else 0 for n in players)


#: What a wheel's indicator on the last value does at a rotation: stays there, or leaves.
WHEEL_ENDS = ("cap", "remove")
#: A board's wheel lines, in their canonical order (the fields of :class:`WheelSpec`).
WHEEL_FIELDS: tuple[str, ...] = (
    "wheel_values",
    "wheel_indicators",
    "wheel_enters",
    "wheel_wild",
    "wheel_end",
    "wheel_idle_resets",
)


@frozen
class WheelSpec:
    """A rotating track of values, as a board card's ``wheel`` lines set it
    (docs/ora/mechanisms.rst; :class:`pillars_rules.mechanisms.wheel.WheelConfig`
    is made of these fields): ``values`` after 0, 1, ... steps, the
    ``indicators`` on it from the start, those ``entering`` later with their
    round, ``at_end`` (one of :data:`WHEEL_ENDS`), the ``wild`` indicator
    (``""``: none) and whether a taking with nothing to act on resets
    (``idle_resets``)."""

    values: tuple[int, ...]
    indicators: tuple[str, ...]
    entering: tuple[tuple[str, int], ...] = ()
    at_end: str = "cap"
    wild: str = ""
    idle_resets: bool = False


@frozen
class BoardSpec:
    """The board's own numbers: the gold cap (§1) and the builder prices of
    Phase II's cost track, from the first builder drawn (§2.3); and the
    set-up tables (§1, §2.1): the player counts the set plays (``players``),
    the gold of each seat from the start player (``starting_gold``), the
    builders of each player (``starting_builders``), and per player count
    the craftsmen dealt each round (Shiring's first, the rest to the draft
    display), the resource cards dealt to the display, and the builders
    drawn last from the bag that cost nothing (``free_builders``: with 2
    players the base game's last one, §2.3). A table holds one
    number (every count) or one per count of ``players``, in order.
    ``rounds`` is how many rounds a game lasts (§2.6), ``starting_vp`` the
    victory points each player starts with (§1).
    The defaults are the base game's (2-4 players)."""

    gold_cap: int = 30
    builder_prices: tuple[int, ...] = (7, 6, 5, 4, 3, 2, 1, 0)
    players: tuple[int, ...] = (2, 3, 4)
    starting_gold: tuple[int, ...] = (20, 21, 22, 23)
    starting_builders: int = 3
    dealt_craftsmen: tuple[int, ...] = (4,)
    dealt_resources: tuple[int, ...] = (7,)
    free_builders: tuple[int, ...] = (1, 0, 0)
    #: rounds in a game (§2.6): the last one's end is the game's
    rounds: int = 6
    #: each player's victory points at set-up (§1)
    starting_vp: int = 2
    #: a rotating track of values (the ``wheel`` lines), or ``None``: the set has none
    wheel: WheelSpec | None = None

    def for_players(self, table: tuple[int, ...], players: int) -> int:
        """The entry of ``table`` (one of the set-up tables) for ``players`` seats."""
        if len(table) == 1:
            return table[0]
        return table[self.players.index(players)] if players in self.players else table[-1]


@frozen
class Board:
    """A board laid out for play: places in Phase III order and look-ups.

    ``steps`` are the place keys in Phase III order and ``rules`` the rule
    each runs; ``locations`` maps each place with builder spots to its number
    of spots; ``sites`` maps each worker site to its cube.
    """

    places: tuple[Card, ...]
    spec: BoardSpec = field(factory=BoardSpec)
    steps: tuple[str, ...] = field(init=False)
    rules: tuple[str, ...] = field(init=False)
    locations: Mapping[str, int] = field(init=False)
    sites: Mapping[str, str] = field(init=False)
    by_key: Mapping[str, Place] = field(init=False)

    def __attrs_post_init__(self) -> None:
        places = [c.place for c in self.places]
        object.__setattr__(self, "steps", tuple(c.id for c in self.places))
        object.__setattr__(self, "rules", tuple(p.rule for p in places))
        object.__setattr__(self, "locations", {c.id: c.place.spots for c in self.places if c.place.spots})
        object.__setattr__(self, "sites", {c.id: c.place.site for c in self.places if c.place.site})
        object.__setattr__(self, "by_key", {c.id: c.place for c in self.places})

    def place_of(self, rule: str) -> str:
        """The key of the place that runs ``rule`` (a single rule), or ``""``."""
        for key, r in zip(self.steps, self.rules):
            if r == rule:
                return key
        return ""

    def name_of(self, key: str) -> str:
        """The English name of a place, as a title ("King's court")."""
        for c in self.places:
            if c.id == key:
                return c.name
        return key.replace("_", " ")

    def called(self, key: str) -> str:
        """A place in the middle of a sentence: its ``called`` text, else its
        name ("the King's court", "Fan place")."""
        for c in self.places:
            if c.id == key:
                return c.place.called or c.name
        return key.replace("_", " ")

    def total_spots(self) -> int:
        return sum(self.locations.values())


def merge_parts(old: Iterable[Card], new: Iterable[Card]) -> tuple[Card, ...]:
    """Board parts ``old`` with ``new`` on top: a place with a known key
    replaces that place where it stands, a board card replaces the board
    card, other new places follow in their order."""
    out = list(old)
    for c in new:
        at = [i for i, o in enumerate(out) if o.id == c.id or (c.kind == o.kind == "board")]
        if at:
            out[at[0]] = c
        else:
            out.append(c)
    return tuple(out)


def _moved(order: list[Card], card: Card) -> None:
    """Put ``card`` where its ``replaces``/``after`` says (or last)."""
    keys = [c.id for c in order]
    p = card.place
    if p.replaces and p.replaces in keys:
        order[keys.index(p.replaces)] = card
    elif p.after and p.after in keys:
        order.insert(keys.index(p.after) + 1, card)
    else:
        order.append(card)


def layout(parts: Iterable[Card]) -> tuple[tuple[Card, ...], BoardSpec]:
    """The places of ``parts`` (place and board cards, in set order) in
    Phase III order, and the board's numbers (the last board card's)."""
    order: list[Card] = []
    spec = BoardSpec()
    for c in parts:
        if c.kind == "board":
            spec = c.board
            continue
        if c.place.replaces or c.place.after:
            continue
        order.append(c)
    # a place goes after (or instead of) one that may itself move later in
    # the text: place each once its target stands; a cycle or an unknown
    # target (reported by board_problems) goes last, in text order
    waiting = [c for c in parts if c.kind == "place" and (c.place.replaces or c.place.after)]
    while waiting:
        keys = {c.id for c in order}
        ready = [c for c in waiting if (c.place.replaces or c.place.after) in keys]
        for c in ready or waiting:
            _moved(order, c)
        waiting = [c for c in waiting if c not in ready] if ready else []
    return tuple(order), spec


def assemble(parts: Iterable[Card]) -> Board:
    """The :class:`Board` of ``parts``; see :func:`board_problems` for checks."""
    places, spec = layout(tuple(parts))
    return Board(places, spec)

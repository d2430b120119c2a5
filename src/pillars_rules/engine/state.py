"""Frozen game state.

Every record here is an immutable attrs class (``attr.s``: the form mypyc
compiles natively, see :mod:`pillars_rules._build`) with its own ``__init__``;
collections are tuples (or frozensets). :func:`pillars_rules.engine.evolve.evolve`
is the only code that makes new states, and it shares every unchanged part with
the old state.

State holds card *ids* only; what a card does is looked up in the game's
:class:`~pillars_rules.engine.context.Rules`.
"""

from __future__ import annotations

import operator
from typing import Final

import attr
import attrs

from .._build import is_compiled_file
from ..cardlang.effects import CUBES
from ..core.frame import START, Frame

CUBE_INDEX: Final = {c: i for i, c in enumerate(CUBES)}
#: the four cube kinds, in the order of PlayerState.cubes
_CUBE0: Final = CUBES[0]
_CUBE1: Final = CUBES[1]
_CUBE2: Final = CUBES[2]
_CUBE3: Final = CUBES[3]
#: Starting cube totals, wood/stone/sand/metal (RULES §1).
CUBE_TOTALS = (23, 23, 23, 13)
#: Is this module the mypyc-compiled build? (Its records are then native
#: classes, without an attribute dict, and copies are made by constructors.)
COMPILED = is_compiled_file(__file__)

# The records' form. ``attr.s`` (not ``attrs.frozen``) because mypyc compiles
# it natively; ``slots=False`` because mypyc's native classes have their own
# layout (attrs' slotted copy of a class would lose the native one), while the
# pure build keeps each record's fields in an attribute dict (copied in one step
# by ``replace``); ``init=False`` because each record writes its own
# ``__init__``: attrs would generate one that mypyc leaves interpreted, and
# records are made at every event. Each field is set with
# ``object.__setattr__`` (the records are frozen), which mypyc turns into a
# direct store. Equality, hashing and the repr are attrs'.


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class Pieces:
    """Worker pieces by kind: small (1), big (5), grey (1), black (1) (§2.2)."""

    small: int = 0
    big: int = 0
    grey: int = 0
    black: int = 0

    def __init__(self, small: int = 0, big: int = 0, grey: int = 0, black: int = 0) -> None:
        object.__setattr__(self, "small", small)
        object.__setattr__(self, "big", big)
        object.__setattr__(self, "grey", grey)
        object.__setattr__(self, "black", black)

    @property
    def value(self) -> int:
        return self.small + 5 * self.big + self.grey + self.black

    def plus(self, other: Pieces) -> Pieces:
        return Pieces(self.small + other.small, self.big + other.big, self.grey + other.grey, self.black + other.black)

    def minus(self, other: Pieces) -> Pieces:
        return Pieces(self.small - other.small, self.big - other.big, self.grey - other.grey, self.black - other.black)

    def __str__(self) -> str:
        parts = []
        for name, n in (("small", self.small), ("big", self.big), ("grey", self.grey), ("black", self.black)):
            if n:
                parts.append(f"{n} {name}")
        return ", ".join(parts) or "none"


_NO_PIECES = Pieces()


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
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

    def __init__(
        self,
        name: str,
        gold: int,
        vp: int,
        cubes: tuple[int, int, int, int] = (0, 0, 0, 0),
        craftsmen: tuple[str, ...] = (),
        privileges: tuple[str, ...] = (),
        pieces: Pieces = _NO_PIECES,
        placed: Pieces = _NO_PIECES,
        resource_cards: tuple[str, ...] = (),
        grey_next: int = 0,
        uses: tuple[tuple[str, int, int], ...] = (),
        boosts: tuple[tuple[str, int], ...] = (),
    ) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "gold", gold)
        object.__setattr__(self, "vp", vp)
        object.__setattr__(self, "cubes", cubes)
        object.__setattr__(self, "craftsmen", craftsmen)
        object.__setattr__(self, "privileges", privileges)
        object.__setattr__(self, "pieces", pieces)
        object.__setattr__(self, "placed", placed)
        object.__setattr__(self, "resource_cards", resource_cards)
        object.__setattr__(self, "grey_next", grey_next)
        object.__setattr__(self, "uses", uses)
        object.__setattr__(self, "boosts", boosts)

    @property
    def resources(self) -> dict[str, int]:
        """Cubes by name, e.g. ``{"wood": 2, "stone": 0, "sand": 1, "metal": 0}``."""
        return dict(zip(CUBES, self.cubes))

    def holdings(self) -> dict[str, int]:
        """How much the player has of each amount kind a cost may name: the
        cubes (:data:`~pillars_rules.cardlang.effects.CUBES`), gold and VP."""
        c0, c1, c2, c3 = self.cubes  # a display, not zip(): this is on the playouts' hot path
        return {_CUBE0: c0, _CUBE1: c1, _CUBE2: c2, _CUBE3: c3, "gold": self.gold, "vp": self.vp}

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


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class Pending:
    """Who must decide, and what kind of decision (see :mod:`.actions`)."""

    kind: str
    seat: int

    def __init__(self, kind: str, seat: int) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "seat", seat)

    def __str__(self) -> str:
        return f"seat {self.seat}: {self.kind}"


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class Job:
    """A choice still to be made: the instant effect at
    ``rules.card(source).abilities[ability]`` (``.options[option]`` when
    ``option`` >= 0), for ``seat``. ``actor``: the seat whose action the
    reaction that asked it answers, when the effect names ``that player``
    (issue #53) -- fixed when the reaction fires, so the answer, made later,
    still reaches that seat; -1 otherwise (save format 4)."""

    seat: int
    source: str
    ability: int
    option: int = -1
    actor: int = -1

    def __init__(self, seat: int, source: str, ability: int, option: int = -1, actor: int = -1) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "ability", ability)
        object.__setattr__(self, "option", option)
        object.__setattr__(self, "actor", actor)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class Fixed:
    """What never changes during a game."""

    seed: int
    variants: tuple[str, ...]
    card_hash: str

    def __init__(self, seed: int, variants: tuple[str, ...], card_hash: str) -> None:
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "variants", variants)
        object.__setattr__(self, "card_hash", card_hash)


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class Board:
    """Cubes and builders on the board."""

    supply: tuple[int, int, int, int] = CUBE_TOTALS
    market: tuple[int, int, int, int] = (0, 0, 0, 0)
    court_metal: int = 0
    spots: tuple[tuple[str, tuple[int | None, ...]], ...] = ()
    #: the stock of every further place with ``step market`` (the expansion's
    #: Harbour), in the board's order (:attr:`~.layout.Layout.other_markets`);
    #: ``market`` is the first such place's. Empty on the base board.
    stocks: tuple[tuple[int, int, int, int], ...] = ()

    def __init__(
        self,
        supply: tuple[int, int, int, int] = CUBE_TOTALS,
        market: tuple[int, int, int, int] = (0, 0, 0, 0),
        court_metal: int = 0,
        spots: tuple[tuple[str, tuple[int | None, ...]], ...] = (),
        stocks: tuple[tuple[int, int, int, int], ...] = (),
    ) -> None:
        object.__setattr__(self, "supply", supply)
        object.__setattr__(self, "market", market)
        object.__setattr__(self, "court_metal", court_metal)
        object.__setattr__(self, "spots", spots)
        object.__setattr__(self, "stocks", stocks)


_EMPTY_BOARD = Board()


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class Decks:
    """Undealt cards, in their (secret) order."""

    craftsman_decks: tuple[tuple[str, ...], ...] = ()
    event_deck: tuple[str, ...] = ()
    privilege_deck: tuple[str, ...] = ()

    def __init__(
        self,
        craftsman_decks: tuple[tuple[str, ...], ...] = (),
        event_deck: tuple[str, ...] = (),
        privilege_deck: tuple[str, ...] = (),
    ) -> None:
        object.__setattr__(self, "craftsman_decks", craftsman_decks)
        object.__setattr__(self, "event_deck", event_deck)
        object.__setattr__(self, "privilege_deck", privilege_deck)


_NO_DECKS = Decks()


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
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

    def __init__(
        self,
        display: tuple[str, ...] = (),
        shiring: tuple[str, ...] = (),
        kingsbridge: tuple[str, ...] = (),
        passed: frozenset[int] = frozenset(),
        event: str = "",
        event_applied: bool = False,
        protected: frozenset[int] = frozenset(),
        prev_event: str = "",
        prev_protected: frozenset[int] = frozenset(),
        tax: int = 0,
        exempt: frozenset[int] = frozenset(),
        jobs: tuple[Job, ...] = (),
        decided: frozenset[tuple[int, str]] = frozenset(),
        traded: tuple[tuple[int, str, str], ...] = (),
        done: frozenset[int] = frozenset(),
    ) -> None:
        object.__setattr__(self, "display", display)
        object.__setattr__(self, "shiring", shiring)
        object.__setattr__(self, "kingsbridge", kingsbridge)
        object.__setattr__(self, "passed", passed)
        object.__setattr__(self, "event", event)
        object.__setattr__(self, "event_applied", event_applied)
        object.__setattr__(self, "protected", protected)
        object.__setattr__(self, "prev_event", prev_event)
        object.__setattr__(self, "prev_protected", prev_protected)
        object.__setattr__(self, "tax", tax)
        object.__setattr__(self, "exempt", exempt)
        object.__setattr__(self, "jobs", jobs)
        object.__setattr__(self, "decided", decided)
        object.__setattr__(self, "traded", traded)
        object.__setattr__(self, "done", done)


_NEW_ROUND = RoundState()


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
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

    def __init__(
        self,
        bag: tuple[int, ...] = (),
        marker: int = 7,
        drawn: int | None = None,
        price: int = 0,
        parked: tuple[int, ...] = (),
        thirds: tuple[int, ...] = (),
        first_placed: tuple[int, ...] = (),
        redraw_used: bool = False,
    ) -> None:
        object.__setattr__(self, "bag", bag)
        object.__setattr__(self, "marker", marker)
        object.__setattr__(self, "drawn", drawn)
        object.__setattr__(self, "price", price)
        object.__setattr__(self, "parked", parked)
        object.__setattr__(self, "thirds", thirds)
        object.__setattr__(self, "first_placed", first_placed)
        object.__setattr__(self, "redraw_used", redraw_used)


_NO_BUILDERS = Builders()


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
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

    def __init__(
        self, builders: tuple[int, ...] = (), tax: tuple[int, ...] = (), displays: tuple[tuple[str, ...], ...] = ()
    ) -> None:
        object.__setattr__(self, "builders", builders)
        object.__setattr__(self, "tax", tax)
        object.__setattr__(self, "displays", displays)


_NO_PINS = Pins()


@attr.s(auto_attribs=True, frozen=True, slots=False, init=False)
class GameState:
    """The whole game at one moment.

    Fields are grouped (:class:`Fixed`, :class:`Board`, :class:`Decks`,
    :class:`RoundState`, :class:`Builders`) so that a change rebuilds only a small
    record; every grouped field can also be read directly, e.g. ``state.market``
    is ``state.board.market``. Secret parts (deck orders, the seed) are hidden
    from players by :meth:`pillars_rules.Game.view`.

    ``frame`` is the framework's part (:class:`~pillars_rules.core.Frame`,
    issue #57), what the core reads of every game's state: ``decision``
    numbers the decision points (the move token: 1 when the first decision is
    pending, one more for each later one and for the end of the game, so every
    applied action moves it on by exactly one), ``pending`` is who must decide
    and what (a :class:`Pending`), ``rng`` counts the random draws recorded,
    ``game_over`` says the game has ended. Each reads through too
    (``state.pending`` is ``state.frame.pending``). Evolve makes them, so
    replay and load rebuild them.

    ``effects`` counts, per seat, the card effects it got this round (each
    gain, loss or choice a card's ability gave it), against the budget
    :data:`~pillars_rules.limits.MAX_CARD_EFFECTS`; evolve counts it too.

    ``granted`` holds the lasting modifiers cards granted single seats (issue
    #36): ``(seat, card, ability, option, first round, last round)``, the
    modifier being the card's ability ``ability`` (its option ``option`` of a
    choice, or -1); a round past its last one drops it. ``counters`` holds
    the counters on cards, ``(seat, card, n)`` (``add 1 counter``).

    ``ballots`` holds the votes or bids cast so far in the shared decision
    being made (issue #36), ``(seat, value)`` in turn order: an option's
    index, or a bid (0: a pass); public, and empty once it is counted.

    ``turn`` is the seat whose draft turn was under way when a question of
    another kind was asked within it (-1: none this round): the draft goes on
    from that seat even when another seat's reaction asked the question
    (issue #53). ``reversed_rounds`` holds the
    rounds whose order of play a card reversed (issue #53): in them every
    turn order goes counter-clockwise from the start player.

    ``seen`` holds the event cards each seat has looked at while they were
    still in the deck (issue #53), ``(seat, card)``: secret, so a seat's view
    keeps only its own and shows those cards in its event deck.
    """

    fixed: Fixed
    round: int = 0
    stage: str = "setup"
    step: str = ""
    start_player: int = 0
    frame: Frame = Frame()
    players: tuple[PlayerState, ...] = ()
    board: Board = Board()
    decks: Decks = Decks()
    table: RoundState = RoundState()
    builders: Builders = Builders()
    cathedral: int = 0
    pins: Pins = Pins()
    effects: tuple[int, ...] = ()
    granted: tuple[tuple[int, str, int, int, int, int], ...] = ()
    counters: tuple[tuple[int, str, int], ...] = ()
    ballots: tuple[tuple[int, int], ...] = ()
    turn: int = -1
    reversed_rounds: tuple[int, ...] = ()
    seen: tuple[tuple[int, str], ...] = ()

    def __init__(
        self,
        fixed: Fixed,
        round: int = 0,
        stage: str = "setup",
        step: str = "",
        start_player: int = 0,
        frame: Frame = START,
        players: tuple[PlayerState, ...] = (),
        board: Board = _EMPTY_BOARD,
        decks: Decks = _NO_DECKS,
        table: RoundState = _NEW_ROUND,
        builders: Builders = _NO_BUILDERS,
        cathedral: int = 0,
        pins: Pins = _NO_PINS,
        effects: tuple[int, ...] = (),
        granted: tuple[tuple[int, str, int, int, int, int], ...] = (),
        counters: tuple[tuple[int, str, int], ...] = (),
        ballots: tuple[tuple[int, int], ...] = (),
        turn: int = -1,
        reversed_rounds: tuple[int, ...] = (),
        seen: tuple[tuple[int, str], ...] = (),
    ) -> None:
        object.__setattr__(self, "fixed", fixed)
        object.__setattr__(self, "round", round)
        object.__setattr__(self, "stage", stage)
        object.__setattr__(self, "step", step)
        object.__setattr__(self, "start_player", start_player)
        object.__setattr__(self, "frame", frame)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "board", board)
        object.__setattr__(self, "decks", decks)
        object.__setattr__(self, "table", table)
        object.__setattr__(self, "builders", builders)
        object.__setattr__(self, "cathedral", cathedral)
        object.__setattr__(self, "pins", pins)
        object.__setattr__(self, "effects", effects)
        object.__setattr__(self, "granted", granted)
        object.__setattr__(self, "counters", counters)
        object.__setattr__(self, "ballots", ballots)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "reversed_rounds", reversed_rounds)
        object.__setattr__(self, "seen", seen)

    # ---- the grouped fields, read through (``state.market`` is ``state.board.market``)
    @property
    def pending(self) -> Pending | None:
        pending: Pending | None = self.frame.pending
        return pending

    @property
    def rng(self) -> int:
        return self.frame.rng

    @property
    def game_over(self) -> bool:
        return self.frame.game_over

    @property
    def decision(self) -> int:
        return self.frame.decision

    @property
    def seed(self) -> int:
        return self.fixed.seed

    @property
    def variants(self) -> tuple[str, ...]:
        return self.fixed.variants

    @property
    def card_hash(self) -> str:
        return self.fixed.card_hash

    @property
    def supply(self) -> tuple[int, int, int, int]:
        return self.board.supply

    @property
    def market(self) -> tuple[int, int, int, int]:
        return self.board.market

    @property
    def court_metal(self) -> int:
        return self.board.court_metal

    @property
    def stocks(self) -> tuple[tuple[int, int, int, int], ...]:
        return self.board.stocks

    @property
    def spots(self) -> tuple[tuple[str, tuple[int | None, ...]], ...]:
        return self.board.spots

    @property
    def craftsman_decks(self) -> tuple[tuple[str, ...], ...]:
        return self.decks.craftsman_decks

    @property
    def event_deck(self) -> tuple[str, ...]:
        return self.decks.event_deck

    @property
    def privilege_deck(self) -> tuple[str, ...]:
        return self.decks.privilege_deck

    @property
    def display(self) -> tuple[str, ...]:
        return self.table.display

    @property
    def shiring(self) -> tuple[str, ...]:
        return self.table.shiring

    @property
    def kingsbridge(self) -> tuple[str, ...]:
        return self.table.kingsbridge

    @property
    def passed(self) -> frozenset[int]:
        return self.table.passed

    @property
    def event(self) -> str:
        return self.table.event

    @property
    def event_applied(self) -> bool:
        return self.table.event_applied

    @property
    def protected(self) -> frozenset[int]:
        return self.table.protected

    @property
    def prev_event(self) -> str:
        return self.table.prev_event

    @property
    def prev_protected(self) -> frozenset[int]:
        return self.table.prev_protected

    @property
    def tax(self) -> int:
        return self.table.tax

    @property
    def exempt(self) -> frozenset[int]:
        return self.table.exempt

    @property
    def jobs(self) -> tuple[Job, ...]:
        return self.table.jobs

    @property
    def decided(self) -> frozenset[tuple[int, str]]:
        return self.table.decided

    @property
    def traded(self) -> tuple[tuple[int, str, str], ...]:
        return self.table.traded

    @property
    def done(self) -> frozenset[int]:
        return self.table.done

    @property
    def bag(self) -> tuple[int, ...]:
        return self.builders.bag

    @property
    def marker(self) -> int:
        return self.builders.marker

    @property
    def drawn(self) -> int | None:
        return self.builders.drawn

    @property
    def price(self) -> int:
        return self.builders.price

    @property
    def parked(self) -> tuple[int, ...]:
        return self.builders.parked

    @property
    def thirds(self) -> tuple[int, ...]:
        return self.builders.thirds

    @property
    def first_placed(self) -> tuple[int, ...]:
        return self.builders.first_placed

    @property
    def redraw_used(self) -> bool:
        return self.builders.redraw_used

    @property
    def n_players(self) -> int:
        return len(self.players)

    def spot_list(self, location: str) -> tuple[int | None, ...]:
        for loc, seats in self.spots:
            if loc == location:
                return seats
        return ()

    def count(self, seat: int, what: str, card: str = "") -> int:
        """A value of the game a player may know (issue #36,
        :data:`~pillars_rules.cardlang.effects.COUNTS`): ``seat``'s for a
        player count, the game's for ``round``, ``players`` and ``pieces``.
        Every one is public, so a seat's view gives the same number."""
        p = self.players[seat]
        if what == "gold":
            return p.gold
        if what == "vp":
            return p.vp
        if what in CUBES:
            return p.cube(what)
        if what == "cubes":
            return sum(p.cubes)
        if what == "craftsmen":
            return len(p.craftsmen)
        if what == "privileges":
            return len(p.privileges)
        if what == "workers":
            return p.pieces.value + p.placed.value
        if what == "builders":
            return sum(1 for _, seats in self.spots for s in seats if s == seat)
        if what == "round":
            return self.round
        if what == "players":
            return len(self.players)
        if what == "pieces":
            return self.cathedral
        if what == "tax":
            return self.table.tax
        if what == "counters":  # on ``card``, the card whose ability counts
            return sum(n for s, c, n in self.counters if s == seat and c == card)
        raise ValueError(f"unknown count {what!r}")  # pragma: no cover - the compiler checks

    def builders_at(self, seat: int, location: str) -> int:
        return sum(1 for s in self.spot_list(location) if s == seat)

    def traded_kinds(self, seat: int) -> set[tuple[str, str]]:
        return {(t, r) for s, t, r in self.traded if s == seat}

    def cube_total(self, kind: str, court: str) -> int:
        """Where every cube of ``kind`` is: supply + markets + players, and the
        tax place's stock when ``kind`` is its good ``court`` (the board's
        :attr:`~.layout.Layout.court_good`)."""
        i = CUBE_INDEX[kind]
        total = self.supply[i] + self.market[i] + sum(p.cubes[i] for p in self.players)
        total += sum(stock[i] for stock in self.stocks)
        if kind == court:
            total += self.court_metal
        return total


#: The groups of :class:`GameState`: field name -> record class.
GROUPS: dict[str, type] = {
    "frame": Frame,
    "fixed": Fixed,
    "board": Board,
    "decks": Decks,
    "table": RoundState,
    "builders": Builders,
}
#: Which group each grouped field lives in (``"market"`` -> ``"board"``, ``"decision"`` -> ``"frame"``).
GROUP_OF: dict[str, str] = {a.name: group for group, cls in GROUPS.items() for a in attrs.fields(cls)}
#: The state's fields as its JSON writes them (a seat's export, the server's
#: updates): the frame's fields by name, in the places they held before the
#: state held a :class:`~pillars_rules.core.Frame` (issue #57), so the JSON is
#: the same as before.
WIRE_FIELDS: tuple[str, ...] = tuple(
    name
    for a in attrs.fields(GameState)
    for name in {"frame": ("pending", "rng"), "pins": ("game_over", "pins", "decision")}.get(a.name, (a.name,))
)
#: Every record class of the state.
RECORDS: tuple[type, ...] = (
    Frame,
    Pieces,
    PlayerState,
    Pending,
    Job,
    Fixed,
    Board,
    Decks,
    RoundState,
    Builders,
    Pins,
    GameState,
)

if not COMPILED:
    # The pure build reads a grouped field through a C-level getter (the
    # properties above are what mypy and mypyc see; under the interpreter a
    # getter made by operator.attrgetter runs fewer instructions).
    for _name, _group in GROUP_OF.items():
        setattr(GameState, _name, property(operator.attrgetter(f"{_group}.{_name}"), doc=f"``{_group}.{_name}``"))

"""Ora et Labora's records: its state, its events and its actions, all frozen values.

The state holds the framework's fields the core reads (``pending``,
``game_over``, ``decision``) beside the game's own. Only :mod:`.fold` makes
states; events are what happened, actions what a seat may choose (each with
``label``, the words a client reads, never compared).
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from ...core.frame import START, Frame, read_through
from ...mechanisms.grid import Grid, Stacks
from ...mechanisms.phases import Phases
from ...mechanisms.wheel import Wheel
from ...mechanisms.workers import Workers

Goods = tuple[tuple[str, int], ...]


# ---------------------------------------------------------------- events
@attrs.frozen
class Turn:
    """A decision is pending: ``seat`` must decide ``kind`` (the framework's pending record, and an event)."""

    seat: int
    kind: str


@attrs.frozen
class Began:
    """The game begins with these seats, in the rules' ``mode`` and ``variant`` with their set-up
    ``options`` (sorted): what a log needs to be replayed alone; every other fact of the set-up is
    the rules' (the card set's)."""

    names: tuple[str, ...]
    mode: str
    variant: str
    options: tuple[str, ...]


@attrs.frozen
class RoundBegan:
    """Round (2 players: turn) ``round`` begins; ``queue``: the seats' action turns in order."""

    round: int
    start: int
    queue: tuple[int, ...]


@attrs.frozen
class Returned:
    """``seat``'s placed clergy of ``kinds`` (empty: all) come home."""

    seat: int
    kinds: tuple[str, ...] = ()


@attrs.frozen
class Rotated:
    """The wheel turns one step for round ``round`` (indicators due enter; the board's arm moves)."""

    round: int


@attrs.frozen
class Income:
    """Every seat takes ``goods`` from the supply (the short game's round income, §10.6)."""

    goods: Goods


@attrs.frozen
class PhaseStep:
    """One step of the phase under way (``move marker``, ``buy landscape``, ``settle``, ``reveal A``...)."""

    step: str


@attrs.frozen
class PhaseEnded:
    name: str


@attrs.frozen
class Moment:
    """The flow announces a moment (``bonus round over``): the phase waiting for it fires."""

    name: str


@attrs.frozen
class Felled:
    """``seat`` removed its ``cover`` at ``at`` (``None``: it had none) and took ``amount`` of ``good``;
    ``reset``: the indicator put back on 0 (``""``: none); ``bonus``: what every seat takes besides
    (the short game's bonus production, §10.6; R25)."""

    seat: int
    cover: str
    at: tuple[int, int] | None
    good: str
    amount: int
    reset: str
    bonus: Goods = ()


@attrs.frozen
class Placed:
    """``seat``'s clergyman of ``kind`` goes on the building ``key`` (``owner/card``)."""

    seat: int
    kind: str
    key: str


@attrs.frozen
class Paid:
    """``seat`` gives ``goods`` to ``payee`` (-1: the supply) for ``why``."""

    seat: int
    payee: int
    goods: Goods
    why: str


@attrs.frozen
class Asked:
    """``seat`` made a work contract: ``owner`` places a clergyman on ``key``, then ``seat`` decides its
    outcome. ``use`` is always ``None`` now (a save written before the ``use`` decision held the
    outcome here; :mod:`.upcast` moves it after the placement)."""

    seat: int
    owner: int
    key: str
    use: Used | None


@attrs.frozen
class Used:
    """``seat`` used the building ``key``: gave and took goods, reset indicators, and queued follow-ups;
    ``bonus``: the goods every seat takes besides (the short game's bonus production, §10.6)."""

    seat: int
    key: str
    give: Goods
    take: Goods
    reset: tuple[str, ...]
    then: tuple[tuple[str, str], ...]
    words: str
    bonus: Goods = ()


@attrs.frozen
class Picked:
    """A follow-up ``use`` step: ``seat`` chose the building ``key`` to use (its outcome is the next decision)."""

    seat: int
    key: str


@attrs.frozen
class Followed:
    """The next follow-up step of a use begins for ``seat``."""

    seat: int
    step: str
    arg: str
    key: str


@attrs.frozen
class Built:
    """``seat`` built ``card`` at ``at`` (the display loses it)."""

    seat: int
    card: str
    at: tuple[int, int]


@attrs.frozen
class NeutralBuilt:
    """Solo: the player built ``card`` from the display on the neutral player's heartland at ``at`` (§9.5)."""

    card: str
    at: tuple[int, int]


@attrs.frozen
class NeutralDone:
    """Solo: the neutral player's step of the phase is over."""

    step: str


@attrs.frozen
class Resumed:
    """Solo, phase E: the round's actions done, the phase's steps go on (§9.6)."""

    phase: str


@attrs.frozen
class Bought:
    """``seat`` bought a ``board`` (its ``side``) and laid it at ``at``, paying ``price``."""

    seat: int
    board: str
    side: str
    at: tuple[int, int]
    price: int


@attrs.frozen
class Settled:
    """``seat`` built its settlement ``card`` at ``at``."""

    seat: int
    card: str
    at: tuple[int, int]


@attrs.frozen
class Flipped:
    """``seat`` turned ``n`` ``good`` to its back (grain to straw, §4.8)."""

    seat: int
    good: str
    n: int


@attrs.frozen
class Traded:
    """``seat`` made an exchange of §4.9: gave ``give``, took ``take``."""

    seat: int
    give: Goods
    take: Goods


@attrs.frozen
class Passed:
    """``seat`` declined ``what`` (a use, a purchase, a settlement, the bonus action) or ended its turn."""

    seat: int
    what: str


@attrs.frozen
class TurnEnded:
    seat: int


@attrs.frozen
class EndTriggered:
    """The 2-player end (§8.6): deck D is out and few buildings are displayed; one more turn of ``actions``."""

    actions: int


@attrs.frozen
class GameEnded:
    scores: tuple[int, ...]


# ---------------------------------------------------------------- actions
def _label() -> str:
    # by keyword only: an action written with a field too many (Place(key, kind, outcome), as before the
    # ``use`` decision) is a TypeError, not a label
    label: str = attrs.field(default="", eq=False, kw_only=True)
    return label


@attrs.frozen
class Fell:
    """Fell trees (``cover="forest"``) or cut peat (``"moor"``) at (x, y); ``joker``: take the joker's
    worth; ``none``: the seat has no such card left (nothing taken, nothing reset, §4.5)."""

    cover: str
    x: int = 0
    y: int = 0
    joker: bool = False
    none: bool = False
    label: str = _label()


@attrs.frozen
class Place:
    """Place a clergyman of ``kind`` on the building ``key`` (§4.2); the outcome of its function,
    or none, is the same seat's next decision (``use``, answered by :class:`Use` or :class:`Pass`)."""

    key: str
    kind: str
    label: str = _label()


@attrs.frozen
class Contract:
    """A work contract (§4.3): ``owner``'s building ``key``, paying fee ``fee`` of the current level;
    once the owner's clergyman stands on it, the outcome (or none) is the seat's ``use`` decision."""

    owner: int
    key: str
    fee: int
    label: str = _label()


@attrs.frozen
class Choose:
    """The owner of a contracted building picks the kind of clergyman that goes on it (§4.3.1)."""

    kind: str
    label: str = _label()


@attrs.frozen
class Build:
    """Build ``card`` from the display at (x, y), paying its cost (§4.6)."""

    card: str
    x: int
    y: int
    label: str = _label()


@attrs.frozen
class Buy:
    """Buy the next ``board`` (``district`` or a plot kind) and lay its ``side`` at (x, y) (§4.10)."""

    board: str
    side: str
    x: int
    y: int
    label: str = _label()


@attrs.frozen
class Settle:
    """Build the settlement ``card`` from hand at (x, y), giving ``payment`` (§6.3)."""

    card: str
    x: int
    y: int
    payment: tuple[tuple[str, int], ...]
    label: str = _label()


@attrs.frozen
class Clear:
    """Remove the cover at (x, y) of one's landscape, taking nothing (a building's ``clear`` step)."""

    x: int
    y: int
    label: str = _label()


@attrs.frozen
class Activate:
    """Use the function of the building ``key`` (``owner/card``, or ``display/card``) through a
    building's ``use`` step; its outcome is the seat's next decision (``use``)."""

    key: str
    label: str = _label()


@attrs.frozen
class Use:
    """The ``use`` decision: take outcome ``outcome`` of the function of the building just occupied
    (or contracted, or chosen by a follow-up use); :class:`Pass` there uses it not at all."""

    outcome: int
    label: str = _label()


@attrs.frozen
class Flip:
    """Turn ``n`` grain to straw (§4.8)."""

    good: str
    n: int
    label: str = _label()


@attrs.frozen
class Trade:
    """One exchange of §4.9 (1 wine for 1 coin, 1 whiskey for 2 coins)."""

    good: str
    label: str = _label()


@attrs.frozen
class Pass:
    """Decline what is offered, or end one's turn."""

    label: str = _label()


ACTION_FIELDS: dict[type, tuple[tuple[str, type], ...]] = {
    Fell: (("cover", str), ("x", int), ("y", int), ("joker", bool), ("none", bool)),
    Place: (("key", str), ("kind", str)),
    Contract: (("owner", int), ("key", str), ("fee", int)),
    Choose: (("kind", str),),
    Build: (("card", str), ("x", int), ("y", int)),
    Buy: (("board", str), ("side", str), ("x", int), ("y", int)),
    Settle: (("card", str), ("x", int), ("y", int), ("payment", tuple)),
    Clear: (("x", int), ("y", int)),
    Activate: (("key", str),),
    Use: (("outcome", int),),
    Flip: (("good", str), ("n", int)),
    Trade: (("good", str),),
    Pass: (),
}


# ---------------------------------------------------------------- the state
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


@attrs.frozen(slots=False)  # fields in a dict: the fold copies a state as one dict copy (fold._evolve)
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
    contract: Asked | None = None
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
    values: Mapping[str, tuple[int, int]] = attrs.field(factory=dict, eq=False, repr=False)

    @property
    def n(self) -> int:
        return len(self.names)

    # the framework's fields by their old names, for the clients that read them (state.pending...)
    pending = read_through("pending")
    game_over = read_through("game_over")
    decision = read_through("decision")

    def stock(self, seat: int) -> dict[str, int]:
        return dict(self.stocks[seat])

"""Ora et Labora's heuristic bot (``make_bot("heuristic", seed, game="ora-et-labora")``).

A client of the game like any other: it reads its seat's view
(:class:`~pillars_rules.games.ora.OraView`: nothing is hidden in Ora, so the
view holds the whole ``state`` and the ``rules``) and returns one of
``view.legal_actions``.

It looks one action ahead, without folding: every listed action is valued by
what it changes for the seat, read from the action and the state -- the goods
it gives and takes (each good worth its points plus, while the game has far to
go, what it is good for), the points of the building or settlement it puts on
the landscape (economic value, and dwelling value with the neighbours a
settlement scores, §7.3, §7.4), the future uses of a new building (its best
outcome with the goods the seat would hold), the land it frees or buys, the
clergyman it places and the fee a work contract hands another seat. The
weights change with how far the game has gone (:func:`progress`): goods turn
into their points only near the end. Ties are broken by the bot's own seeded
generator, so a seed and a game give the same choices.
A follow-up use past :data:`CHAIN_LIMIT` in a row is skipped (:class:`Chain`): some buildings'
follow-ups can call each other without end, each use worth something to take.

It names no building: what a building does is its function's outcomes, listed
by the game.

>>> import pillars_rules as pr
>>> from pillars_rules.bots import make_bot
>>> game = pr.new_game(players=2, seed=3, game="ora-et-labora")
>>> bot = make_bot("heuristic", 1, game="ora-et-labora")
>>> view = game.view(game.current_player)
>>> bot(view) in view.legal_actions
True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from ..games.ora import records as R
from ..games.ora import setup
from ..games.ora.cards import shipped
from ..games.ora.legal import after_fee, owner_card
from ..games.ora.rules import piece
from ..games.ora.score import totals
from ..games.ora.uses import outcomes
from ..mechanisms import grid as G
from ..mechanisms.use import Outcome

#: What a good is good for while the game has far to go, in points (a hand-tuned table, by the goods'
#: names on the game's goods card, ``setup.GOODS``; a good not listed is worth a share of its food,
#: energy and money values, :func:`use_value`).
USE: Mapping[str, float] = {
    "wood": 1.0,
    "clay": 1.0,
    "stone": 1.8,
    "peat": 1.0,
    "peat_coal": 1.7,
    "sheep": 1.0,
    "meat": 2.2,
    "grain": 0.7,
    "straw": 0.4,
    "flour": 0.8,
    "bread": 1.6,
    "grapes": 0.9,
    "wine": 1.5,
    "malt": 0.8,
    "beer": 2.2,
    "whiskey": 2.0,
    "coin": 0.9,
    "five_coins": 4.5,
    "book": 2.2,
}
#: The game's length in rounds by mode (the 2-player games' turns), to tell how far it has gone.
ROUNDS: Mapping[str, int] = {
    "4 players": 25,
    "3 players": 25,
    "short": 13,
    "solo": 32,
    "2 players": 34,
    "long 2 players": 34,
}
#: What a building occupied and left unused is worth (below nothing: the placement was spent on it).
UNUSED = 0.5

#: What a follow-up step of an outcome is worth before it is taken (then valued as its own decision).
FOLLOW: Mapping[str, float] = {"build": 2.0, "fell": 1.5, "cut": 1.5, "settle": 2.0, "land": 2.0, "use": 2.0}
COIN_POINTS = Fraction(2, 5)  # five coins make a 5-coin tile, 2 points (§7.2; R19)
EMPTY_WATER = dict(setup.SCORING.empty)


@functools.cache
def _table() -> Mapping[str, Mapping[str, Fraction]]:
    """Each good's values by kind (food, energy, money, points), as the shipped goods card gives them."""
    return {g: dict(kinds) for g, kinds in setup.GOODS.values}


def _kinds(good: str) -> Mapping[str, Fraction]:
    return _table().get(good, {})


def points(good: str) -> float:
    """A good's points at the end (coins through 5-coin tiles; other goods, a 5-coin included, as the
    goods card gives them)."""
    if good == "coin":
        return float(COIN_POINTS)
    return float(_kinds(good).get("points", 0))


def use_value(good: str) -> float:
    """What ``good`` is good for while the game goes on, in points."""
    if good in USE:
        return USE[good]
    k = _kinds(good)
    return max(float(k.get("points", 0)), 0.4 * float(k.get("food", 0)) + 0.5 * float(k.get("energy", 0)))


def progress(state: R.State, mode: str) -> float:
    """How far the game has gone, 0 to 1 (by rounds; the bonus round and phase E count as the end)."""
    if state.bonus or state.phase == "E":
        return 1.0
    return min(1.0, state.round / ROUNDS.get(mode, 25))


#: The stock a building's potential is worked out with: one of each raw good, three coins.
PROBE: Mapping[str, int] = {g: 1 for g, u in USE.items() if u <= 1.2 and g != "coin"} | {"coin": 3}


class _Probe:
    """A middling situation for a building's potential (:func:`potential`): :data:`PROBE` in stock,
    each wheel value 4, three of each cover and card kind."""

    def stock(self) -> Mapping[str, int]:
        return PROBE

    def track(self, name: str) -> int | None:
        return 4

    def count(self, what: str) -> int:
        return 3


#: Buildings' potentials by the card object (held, so that an id is never reused while it is here).
_POTENTIAL: dict[int, tuple[Any, float]] = {}
_POTENTIAL_KEPT = 4096


def mid_value(good: str) -> float:
    """A good's worth in the middle of a game: its points or what it is good for, the more."""
    return max(points(good), use_value(good))


def potential(card: Any) -> float:
    """The best worth one use of ``card`` gives a seat in a middling situation (:class:`_Probe`),
    goods valued by :func:`mid_value` (0 for none). It depends on the card alone, so it is worked
    out once per card in a process (:func:`warm` does it for the shipped cards)."""
    hit = _POTENTIAL.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    best = 0.0
    if card.function is not None:
        for o in card.function.outcomes(_Probe()):
            if all(PROBE.get(g, 0) >= n for g, n in o.give):
                worth = sum(mid_value(g) * n for g, n in o.take) - sum(mid_value(g) * n for g, n in o.give)
                best = max(best, worth + sum(FOLLOW.get(f.step, 0.0) for f in o.then))
    if len(_POTENTIAL) >= _POTENTIAL_KEPT:
        del _POTENTIAL[next(iter(_POTENTIAL))]
    _POTENTIAL[id(card)] = (card, best)
    return best


def warm() -> None:
    """Work out the shipped buildings' potentials (once per process: a bot is made before its first
    decision, so its decisions do not wait for them)."""
    for card in shipped():
        potential(card)


class Valuer:
    """The values of one decision: goods, land and clergy at this point of the game, for ``seat``."""

    def __init__(self, state: R.State, rules: Any, seat: int) -> None:
        self.state, self.rules, self.seat = state, rules, seat
        p = progress(state, rules.mode)
        self.p = p
        #: the share of a good's use value still counted (1 until half-way, then down to 0.25)
        self.w = 1.0 - 0.75 * max(0.0, (p - 0.5) / 0.5)
        self.good: dict[str, float] = {}
        self.stock = state.stock(seat)
        grid = state.grids[seat]
        self.free_cells = sum(1 for c in grid.cells if c.empty and c.terrain in ("plains", "hillside", "coast"))
        #: what a cell freed or bought for building is worth
        self.land = (1.2 if self.free_cells <= 2 else 0.5 if self.free_cells <= 4 else 0.2) * self.w
        self.worker = 0.7 * (1.0 - p)
        others = state.players - 1
        #: how much another seat's gain counts against ours
        self.rival = 1.0 / others if others > 0 else 0.0
        self._uses: dict[tuple[str, int], list[float]] = {}
        self._near: dict[tuple[int, int, int], tuple[G.Cell, ...]] = {}
        self._cards: dict[str, str] = {}
        #: terrains the displayed buildings need that the seat has no free cell of (a landscape giving one helps)
        have = {c.terrain for c in grid.cells if c.occupant is None}
        self.lacking = {t for cid in state.display for t in rules.cards[cid].terrain} - have
        if all(rules.cards[cid].terrain & have for cid in state.display):
            self.lacking = set()
        #: goods the displayed buildings cost that the seat is short of (a building it could then build)
        self.short: dict[str, int] = {}
        for cid in state.display:
            for g, n in rules.cards[cid].cost:
                if self.stock.get(g, 0) < n:
                    self.short[g] = max(self.short.get(g, 0), n - self.stock.get(g, 0))
        for front, back in rules.backs.items():  # straw is grain turned (§4.8): grain is wanted for it
            if back in self.short:
                self.short[front] = max(self.short.get(front, 0), self.short[back])
        #: the seat's cells next to a cloister: a building that is no cloister keeps off them (§4.6.2)
        self.cloister_side = {
            (c.x + dx, c.y + dy)
            for c in grid.cells
            if c.occupant is not None and "cloister" in c.occupant.tags
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        }
        #: a displayed cloister building has no cell next to a cloister: land next to one is wanted
        self.cloister_room = 0.0
        for cid in state.display:
            c = rules.cards[cid]
            if c.cloister and not G.place_spots(grid, piece(c), rules.rule(cid)):
                self.cloister_room = 2.0 * self.w
                break
        #: the 2-player games end once the last deck is out and the display nearly empty (§8.6, §8.7):
        #: then a seat builds from the display to bring the end (the more when ahead), gets the goods
        #: the buildings cost, and buys land to build on
        self.closing = 0.0
        if state.players == 2 and rules.mode in ("2 players", "long 2 players") and len(state.revealed) >= 4:
            mine, theirs = totals(state)[seat], totals(state)[1 - seat]
            self.closing = 4.0 if mine >= theirs else 2.0  # behind, a building's points still count
        if self.cloister_room:
            self.cloister_room += self.closing

    def v(self, good: str) -> float:
        got = self.good.get(good)
        if got is None:
            pts = points(good)
            got = pts + max(0.0, use_value(good) - pts) * self.w
            self.good[good] = got
        return got

    def goods(self, pairs: Sequence[tuple[str, int]]) -> float:
        return sum(self.v(g) * n for g, n in pairs)

    def outcome(self, o: Outcome) -> float:
        """An outcome's worth: what it takes less what it gives, and its follow-ups."""
        v = self.v
        total = 0.0
        for g, n in o.take:
            total += v(g) * n
        for g, n in o.give:
            total -= v(g) * n
        for f in o.then:
            total += self.land * 4 if f.step == "land" else FOLLOW.get(f.step, 0.0) * self.w
        return total + self.wanted(o.take) if self.short else total

    def wanted(self, take: Sequence[tuple[str, int]]) -> float:
        """What goods taken are worth besides when a displayed building costs them and the seat is short."""
        if not self.short:
            return 0.0
        per = 3.0 if self.closing else 0.3
        return per * sum(min(n, self.short.get(g, 0)) for g, n in take)

    def use(self, card: str, fee: int) -> list[float]:
        """The worth of each outcome ``card``'s function offers the seat (``fee``: after paying the
        work contract's fee of that index; -1: none), in the game's order."""
        key = (card, fee)
        got = self._uses.get(key)
        if got is None:
            stock = self.stock
            if fee >= 0:
                stock = after_fee(stock, self.rules.contracts.fees[self.state.level][fee].goods)
            got = [self.outcome(o) for o in outcomes(self.state, self.rules, self.seat, card, stock)]
            self._uses[key] = got
        return got

    # ---------------------------------------------------------------- buildings and land
    def function(self, card: str) -> float:
        """A building's future uses: its :func:`potential`, and some worth for having it, less as the
        game ends."""
        return (0.6 * min(potential(self.rules.cards[card]), 8.0) + 1.0) * (1.0 - self.p)

    def neighbours(self, seat: int, x: int, y: int) -> tuple[G.Cell, ...]:
        key = (seat, x, y)
        got = self._near.get(key)
        if got is None:
            got = self._near[key] = G.neighbours(self.state.grids[seat], (x, y))
        return got

    def card_of(self, key: str) -> str:
        """The card of a building's key (``owner/card``)."""
        got = self._cards.get(key)
        if got is None:
            got = self._cards[key] = owner_card(key)[1]
        return got

    def _dwell(self, cell: G.Cell) -> int:
        if cell.occupant is not None:
            return int(self.state.values.get(cell.occupant.card, (0, 0))[1])
        if cell.cover is None:
            return EMPTY_WATER.get(cell.terrain, 0)
        return 0

    def build(self, card: str, x: int, y: int) -> float:
        """Building ``card`` at (x, y): its points, its future uses, less its cost."""
        c = self.rules.cards[card]
        near = self.neighbours(self.seat, x, y)
        towns = sum(1 for n in near if n.occupant is not None and "settlement" in n.occupant.tags)
        crowd = 1.0 * self.w if not c.cloister and (x, y) in self.cloister_side else 0.0
        econ, dwell = int(c.econ), int(c.dwell)
        return econ + dwell * towns + self.function(card) - self.goods(c.cost) + self.closing - crowd

    def settle(self, card: str, x: int, y: int, payment: Sequence[tuple[str, int]]) -> float:
        """A settlement at (x, y): its points with its neighbours' (§7.4), less the payment."""
        c = self.rules.cards[card]
        near = self.neighbours(self.seat, x, y)
        towns = sum(1 for n in near if n.occupant is not None and "settlement" in n.occupant.tags)
        econ, dwell = int(c.econ), int(c.dwell)
        return econ + dwell * (1 + towns) + sum(self._dwell(n) for n in near) - self.goods(payment)

    def buy(self, board: str, side: str, x: int, y: int) -> float:
        """A landscape's new cells laid at (x, y) (its price is valued by the payment)."""
        kind = self.rules.grid.board(board)
        face = kind.side(side) if kind is not None else None
        if face is None:
            return 0.0
        total = 0.0
        for c in face.cells:
            if c.cover is not None:
                total += 0.8 * self.w + self.land * 0.5
            elif c.terrain in ("plains", "hillside", "coast"):
                total += self.land
            else:  # water for settlements' neighbours, a mountain for a quarry
                total += 0.3 * self.w
        if {c.terrain for c in face.cells} & self.lacking:  # a displayed building could stand there
            total += 2.0 * self.w + self.closing
        if self.cloister_room and any((x + c.dx, y + c.dy) in self.cloister_side for c in face.cells):
            total += self.cloister_room
        return total

    def price(self, board: str) -> float:
        pile = "district" if board == "district" else "plot"
        return self.v("coin") * (self.state.stacks.top(pile) or 0)


#: Follow-up uses in a row (``then use`` decisions of one seat in one round) after which a bot skips
#: the next: some buildings' follow-ups can call each other without end, each use worth something.
CHAIN_LIMIT = 8


class Chain:
    """A bot's count of the follow-up uses it has just made in a row (:data:`CHAIN_LIMIT`)."""

    def __init__(self) -> None:
        self.at: tuple[int, int] | None = None
        self.n = 0

    def skip(self, view: Any) -> Any:
        """The listed ``Pass`` when this decision would take the seat's follow-up uses past
        :data:`CHAIN_LIMIT`, else ``None`` (the bot decides as it would)."""
        state = view.state
        pending = state.pending
        if pending is None or pending.kind != "then use":
            self.at, self.n = None, 0
            return None
        at = (state.round, pending.seat)
        self.n = self.n + 1 if at == self.at else 1
        self.at = at
        if self.n <= CHAIN_LIMIT:
            return None
        return next((a for a in view.legal_actions if type(a) is R.Pass), None)


class OraBot:
    """The heuristic bot for Ora et Labora (see the module's docstring)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.random = random.Random(seed)
        self.chain = Chain()
        warm()

    def __call__(self, view: Any) -> Any:
        actions: Sequence[Any] = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        skip = self.chain.skip(view)
        if skip is not None:
            return skip
        state: R.State = view.state
        pending = state.pending
        assert pending is not None  # a view with actions has a pending decision
        val = Valuer(state, view.rules, pending.seat)
        kind = pending.kind
        best: list[Any] = []
        top = float("-inf")
        cache: dict[tuple[Any, ...], float] = {}
        for a in actions:
            score = self.value(val, kind, a, cache)
            if score > top + 1e-9:
                top, best = score, [a]
            elif score > top - 1e-9:
                best.append(a)
        return best[0] if len(best) == 1 else self.random.choice(best)

    def value(self, val: Valuer, kind: str, a: Any, cache: dict[tuple[Any, ...], float]) -> float:
        """What action ``a`` of a ``kind`` decision is worth to the seat, in points (:func:`value`)."""
        return value(val, kind, a, cache)


def action_values(state: R.State, rules: Any, actions: Sequence[Any]) -> list[float]:
    """What each of ``actions`` (the pending decision's listed actions) is worth to the deciding seat,
    in points, as the heuristic bot values them (:func:`value`)."""
    pending = state.pending
    assert pending is not None  # listed actions answer a pending decision
    val = Valuer(state, rules, pending.seat)
    cache: dict[tuple[Any, ...], float] = {}
    return [value(val, pending.kind, a, cache) for a in actions]


def value(val: Valuer, kind: str, a: Any, cache: dict[tuple[Any, ...], float]) -> float:
    """What action ``a`` of a ``kind`` decision is worth to ``val``'s seat, in points (``cache``: the
    spots already valued in this decision)."""
    t = type(a)
    state, rules = val.state, val.rules
    if t is R.Pass:  # a building left unused is worth a little less than nothing (the clergyman spent)
        return -UNUSED if kind == "use" else 0.0
    if t is R.Fell:
        if a.none:
            return -0.1
        good = rules.cover_good[a.cover]
        name = "joker" if a.joker else good
        step = state.wheel.step(name)
        amount = rules.wheel.values[step] if step is not None else 0
        joker = 0.5 * val.w if a.joker else 0.0  # the joker is spent: it was worth keeping
        room = val.cloister_room if (a.x, a.y) in val.cloister_side else 0.0
        return amount * val.v(good) + val.land - joker + val.wanted(((good, amount),)) + room
    if t is R.Clear:
        return val.land
    if t is R.Place:  # the building's best outcome (or none), taken at the ``use`` decision that follows
        cost = 0.0 if kind in ("bonus", "prior") else val.worker * (1.3 if a.kind == "prior" else 1.0)
        if kind == "prior":
            cost = 0.3 * val.worker
        return max((-UNUSED, *val.use(val.card_of(a.key), -1))) - cost
    if t is R.Contract:
        fee = rules.contracts.fees[state.level][a.fee]
        paid = val.goods(fee.goods)
        if fee.to == "owner" and a.owner < state.players:
            paid += val.rival * sum(val.v(g) * n for g, n in fee.goods)
        return max((-UNUSED, *val.use(val.card_of(a.key), a.fee))) - paid
    if t is R.Activate:
        return max(val.use(val.card_of(a.key), -1), default=0.0)
    if t is R.Use:  # the fee, if any, is paid: the outcome is reckoned on the goods held now
        assert state.using is not None
        index: int = a.outcome
        return val.use(val.card_of(state.using.key), -1)[index]
    if t is R.Build:
        if kind == "neutral build":  # solo: the neutral player's building, for the player's use
            return val.function(a.card)
        key = ("build", a.card, a.x, a.y)
        got = cache.get(key)
        if got is None:
            got = cache[key] = val.build(a.card, a.x, a.y)
        return got
    if t is R.Settle:
        key = ("settle", a.card, a.x, a.y)
        spot = cache.get(key)
        if spot is None:
            spot = cache[key] = val.settle(a.card, a.x, a.y, ())
        return spot - val.goods(a.payment)
    if t is R.Buy:
        free = state.step is not None and state.step.step == "land"
        return val.buy(a.board, a.side, a.x, a.y) - (0.0 if free else val.price(a.board))
    if t is R.Flip:
        back = val.rules.backs[a.good]
        need = 1.0 + val.closing if 0 < val.short.get(back, 0) <= a.n else 0.0  # a building costs it
        flips: int = a.n
        return flips * (val.v(back) - val.v(a.good)) + need
    if t is R.Trade:
        coins: int = val.rules.trades[a.good]
        return coins * val.v("coin") - val.v(a.good)
    if t is R.Choose:  # the owner's clergyman on a contracted building: keep the prior home
        return 1.0 if a.kind != "prior" else 0.0
    return 0.0


def ora_heuristic(seed: int | None = None) -> OraBot:
    """``make_bot("heuristic", seed, game="ora-et-labora")``."""
    return OraBot(seed)


__all__ = [
    "CHAIN_LIMIT",
    "Chain",
    "OraBot",
    "Valuer",
    "action_values",
    "ora_heuristic",
    "points",
    "progress",
    "use_value",
    "value",
]

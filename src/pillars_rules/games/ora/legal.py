"""The decisions: what the pending seat may do (``legal``), the events of a listed action
(``events_of``) and why another is refused (``refusal``).

A placement (:class:`~.records.Place`), a work contract (:class:`~.records.Contract`),
a follow-up use (:class:`~.records.Activate`) and the priors name the building only:
the outcome of its function -- each :class:`~pillars_rules.mechanisms.use.Outcome`
one :class:`~.records.Use`, labelled with its words -- or none (:class:`~.records.Pass`)
is the same seat's next decision, ``use`` (:func:`uses_of`), which lists only that
building's outcomes. A build names the card and the cell; a settlement names its payment. Payments by value (a settlement's food and energy,
§6.3; R33) are offered as every minimal set of goods, up to :data:`MAX_PAYMENTS`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from ...mechanisms import contract as C
from ...mechanisms import grid as G
from ...mechanisms import wheel as W
from ...mechanisms import workers as K
from ...mechanisms.grid import Stacks
from ...mechanisms.use import Outcome
from . import records as R
from .memo import IdMemo
from .rules import OraRules, flow_step, piece
from .uses import attach_spots, kept_outcomes, outcomes, spots

#: The most payments by value offered for one settlement (each a minimal set of goods).
MAX_PAYMENTS = 16
_ZERO = Fraction(0)


def __getattr__(name: str) -> Mapping[str, Any]:
    """``BACKS`` (the free turns, §4.8) and ``TRADES`` (§4.9's one-way exchanges, in coins) of the shipped
    goods card; a game reads its rules' own (``rules.backs``, ``rules.trades``: its set's goods card)."""
    if name in ("BACKS", "TRADES"):
        from .cards import shipped_goods
        from .rules import trades

        goods = shipped_goods()
        return {f: b for f, b in goods.backs.items() if f in goods.free} if name == "BACKS" else trades(goods)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def key_of(seat: int, card: str) -> str:
    return f"{seat}/{card}"


def owner_card(key: str) -> tuple[int, str]:
    """The owner and the card of a building's key (``display/card``: owner -1)."""
    seat, _, card = key.partition("/")
    return (-1 if seat == "display" else int(seat)), card


def _targets(state: R.State, rules: OraRules, step: R.Step) -> list[tuple[str, str]]:
    """(key, card) of the buildings a ``use`` step may use (R26, R27), none used already in the action (R40)
    and none its card leaves out (``use ... except CARD``: the Priory's ``except priory``)."""
    chain = state.chain
    left_out = rules.excepts.get((owner_card(step.key)[1], step.arg), frozenset())  # its "except CARD"
    return [t for t in _reachable(state, rules, step) if t[0] not in chain and t[1] not in left_out]


def _reachable(state: R.State, rules: OraRules, step: R.Step) -> list[tuple[str, str]]:
    owner, card = owner_card(step.key)
    if step.arg == "display":
        return [(f"display/{c}", c) for c in state.display]
    if step.arg == "adjacent":
        if owner < 0:  # used from the display (Hospice, Guesthouse): it stands nowhere, so it has no neighbour
            return []
        grid = state.grids[owner]
        here = next(c for c in grid.cells if c.occupant is not None and c.occupant.card == card)
        return [
            (key_of(owner, c.occupant.card), c.occupant.card)
            for c in G.neighbours(grid, (here.x, here.y))
            if c.occupant is not None
            and "settlement" not in c.occupant.tags
            and not K.on_card(state.workers, key_of(owner, c.occupant.card))
        ]
    out = []
    for w in state.workers.all:
        if w.at is None or w.at == step.key or (step.arg == "prior" and w.kind != "prior"):
            continue
        o, c = owner_card(w.at)
        if (w.at, c) not in out:
            out.append((w.at, c))
    return out


def used(state: R.State, rules: OraRules, seat: int, key: str, o: Outcome) -> R.Used:
    """The event of ``seat`` taking outcome ``o`` of the building ``key``."""
    bonus: tuple[tuple[str, int], ...] = ()
    if rules.wheel_bonus and o.reset:  # §10.6: one more of a good taken from the wheel, for everyone (R25)
        wheel_goods = set(rules.wheel.names) - {"joker"}
        bonus = tuple((g, rules.wheel_bonus) for g, _ in o.take if g in wheel_goods or "joker" in o.reset)
    return R.Used(seat, key, o.give, o.take, o.reset, tuple(flow_step(f.step, f.arg) for f in o.then), o.words, bonus)


#: The memos of the listings below (:class:`.memo.IdMemo`): each by the state's parts it reads.
MEMO_SIZE = 4096
_BUYS: IdMemo[tuple[Any, ...]] = IdMemo(MEMO_SIZE)
_BUILDS: IdMemo[tuple[Any, ...]] = IdMemo(MEMO_SIZE)
_PLACES: IdMemo[tuple[Any, ...]] = IdMemo(MEMO_SIZE)
_BUILDINGS: IdMemo[tuple[tuple[str, str], ...]] = IdMemo(MEMO_SIZE)
_CONTRACTS: IdMemo[tuple[Any, ...]] = IdMemo(MEMO_SIZE)
_USES: IdMemo[tuple[Any, ...]] = IdMemo(MEMO_SIZE)
_COVERED: IdMemo[tuple[tuple[tuple[int, int], ...], ...]] = IdMemo(MEMO_SIZE)


def forget() -> None:
    """Empty the listings' memos (a test compares a listing from them with one worked out afresh)."""
    for memo in (_BUYS, _BUILDS, _PLACES, _BUILDINGS, _CONTRACTS, _USES, _COVERED, _ORDERS):
        memo.clear()
    _FELLINGS.clear()
    _SETTLINGS.clear()


def _fell(state: R.State, rules: OraRules, seat: int) -> list[Any]:
    """Felling and cutting (§4.5)."""
    return _fells(state.grids[seat], state.wheel, rules)


def _fells(grid: G.Grid, wheel: W.Wheel, rules: OraRules) -> list[Any]:
    out: list[Any] = []
    joker = wheel.step("joker") is not None
    j = W.worth(rules.wheel, wheel, "joker") if joker else 0  # the same for every cell
    covered = _COVERED.get((grid, rules), None, lambda: _covered(grid, rules))
    for (cover, good), cells in zip(rules.cover_good.items(), covered, strict=True):
        if not cells:
            out.append(_felling(cover, good, None, False, 0))
            continue
        worth = rules.wheel.values[s] if (s := wheel.step(good)) is not None else None
        for at in cells:
            # an indicator gone from the wheel (solo, §9.2) still lets the card go, for nothing (R41)
            out.append(_felling(cover, good, at, False, worth))
            if joker:
                out.append(_felling(cover, good, at, True, j))
    return out


def _covered(grid: G.Grid, rules: OraRules) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The squares of each cover (in the rules' order) on ``grid``."""
    return tuple(tuple((c.x, c.y) for c in grid.cells if c.cover == cover) for cover in rules.cover_good)


#: The felling actions made so far, by what they are (the same action for the same cell, worth and good):
#: at most :data:`MEMO_SIZE`, emptied when full.
_FELLINGS: dict[tuple[str, str, tuple[int, int] | None, bool, int | None], R.Fell] = {}


def _felling(cover: str, good: str, at: tuple[int, int] | None, joker: bool, amount: int | None) -> R.Fell:
    """The action of felling (or cutting) ``cover`` at ``at`` for ``amount`` of ``good`` (``at`` ``None``: there
    is no such cover left; ``amount`` ``None``: ``good``'s indicator is not on the wheel, R41)."""
    key = (cover, good, at, joker, amount)
    got = _FELLINGS.get(key)
    if got is None:
        verb = "fell trees" if cover == "forest" else "cut peat"
        if at is None:
            got = R.Fell(cover, none=True, label=f"{verb}: no {cover} left (nothing)")
        else:
            x, y = at
            what = (
                f"joker, {amount} {good}" if joker else f"{amount} {good}" if amount is not None else "nothing (gone)"
            )
            got = R.Fell(cover, x, y, joker=joker, label=f"{verb} at ({x}, {y}): {what}")
        if len(_FELLINGS) >= MEMO_SIZE:
            _FELLINGS.clear()
        _FELLINGS[key] = got
    return got


def _free_buildings(state: R.State, seat: int, *, occupied: bool = False) -> list[tuple[str, str]]:
    """(key, card) of ``seat``'s buildings (printed ones too) with nobody on them (``occupied``: any)."""
    mine = _buildings(state.grids[seat], seat)
    if occupied:
        return list(mine)
    taken = _occupied(state)
    return [kc for kc in mine if kc[0] not in taken]


def _buildings(grid: G.Grid, seat: int) -> tuple[tuple[str, str], ...]:
    """(key, card) of the buildings on ``seat``'s landscape ``grid`` (no settlement), kept by the grid's identity."""
    return _BUILDINGS.get((grid,), seat, lambda: _buildings_on(grid, seat))


def _buildings_on(grid: G.Grid, seat: int) -> tuple[tuple[str, str], ...]:
    out = []
    for c in grid.cells:
        p = c.occupant
        if p is not None and "settlement" not in p.tags:
            out.append((key_of(seat, p.card), p.card))
    return tuple(out)


def _occupied(state: R.State) -> frozenset[str]:
    """The buildings (keys) somebody stands on (those where ``K.on_card`` finds a worker)."""
    return frozenset(w.at for w in state.workers.all if w.at is not None)


def _placements(
    state: R.State, rules: OraRules, seat: int, kinds: Sequence[str], pairs: list[tuple[str, str]]
) -> list[Any]:
    """Each clergyman of ``kinds`` on each building of ``pairs`` (key, card), kept by them (and the rules)."""
    return list(_PLACES.get((rules,), (tuple(kinds), tuple(pairs)), lambda: _places(rules, kinds, pairs)))


def _places(rules: OraRules, kinds: Sequence[str], pairs: list[tuple[str, str]]) -> tuple[Any, ...]:
    name = rules.cards
    return tuple([R.Place(key, kind, label=f"{kind} on {name[card].name}") for key, card in pairs for kind in kinds])


def _contracts(state: R.State, rules: OraRules, seat: int) -> list[Any]:
    """Every work contract ``seat`` may make: each free building of each other seat with a clergyman
    home, at each fee the seat can pay. Whether a fee may be paid to an owner does not depend on
    which of its free buildings is contracted (each is unoccupied), so it is asked once per owner;
    and :func:`~pillars_rules.mechanisms.contract.can_contract` checks the owner's clergy before
    the fee, so it is asked for the first fee the seat's goods pay: the others it pays are
    refused or allowed with it (those it does not pay are refused whatever the clergy).

    An owner's contracts are kept (:data:`_CONTRACTS`) by what they are made of: the owner, its
    clergy at home, its free buildings, the price level and the fees the seat pays. The check reads
    no more than these of the workers and the goods (the building asked about is free, the owner
    has a clergyman home, the first fee is paid) and the seats' count, so it answers the same."""
    out: list[Any] = []
    stock = state.stock(seat)
    level = rules.contracts.fees[state.level]
    payable = tuple([f for f in range(len(level)) if _affords(stock, level[f].goods)])
    if not payable:
        return out
    workers = state.workers
    taken = _occupied(state)
    seats = workers.seats
    home: dict[int, list[str]] = {}  # each seat's clergy at home (K.free of every seat, in one pass)
    for w in workers.all:
        if w.at is None:
            home.setdefault(w.seat, []).append(w.kind)
    for owner in range(state.n):
        if owner == seat or owner not in home:  # one's own, or all placed
            continue
        kinds = tuple(home[owner])
        free = tuple([kc for kc in _buildings(state.grids[owner], owner) if kc[0] not in taken])
        if not free:
            continue

        def make(owner: int = owner, kinds: tuple[str, ...] = kinds, free: tuple[tuple[str, str], ...] = free) -> Any:
            offer = C.Offer(seat, owner, free[0][0], payable[0], kinds[0], stock)
            if C.can_contract(rules.contracts, rules.clergy, workers, state.level, offer) is not None:
                return ()
            paid = [", ".join(f"{n} {g}" for g, n in fee.goods) for fee in level]
            name = state.names[owner]
            made: list[Any] = []
            for key, card in free:
                what = f"contract {name}'s {rules.cards[card].name} for "
                made.extend(R.Contract(owner, key, f, label=what + paid[f]) for f in payable)
            return tuple(made)

        out.extend(_CONTRACTS.get((rules, state.names), (owner, kinds, free, state.level, payable, seats), make))
    return out


def after_fee(stock: Mapping[str, int], goods: Sequence[tuple[str, int]]) -> dict[str, int]:
    """``stock`` once the fee ``goods`` is paid (before the use, §4.3.2)."""
    after = dict(stock)
    for g, n in goods:
        after[g] -= n
    return after


def _offer(state: R.State, rules: OraRules, owner: int, key: str, f: int, what: str) -> R.Contract:
    """A contract with fee ``f`` for the building ``key`` (its outcome is the next decision)."""
    paid = ", ".join(f"{n} {g}" for g, n in rules.contracts.fees[state.level][f].goods)
    return R.Contract(owner, key, f, label=f"{what} for {paid}")


def uses_of(state: R.State, rules: OraRules) -> list[Any]:
    """The ``use`` decision: each outcome of the building ``state.using`` names, for its user
    (after any fee: it is paid already), and -- unless a follow-up use chose it -- none (kept by the
    outcomes' identity: the memo of :mod:`.uses` gives the same tuple again)."""
    u = state.using
    assert u is not None
    card = rules.cards[owner_card(u.key)[1]]
    found = kept_outcomes(state, rules, u.seat, card.id, state.stock(u.seat))
    follow = u.why == "follow"
    return list(_USES.get((found, rules), (card.id, follow), lambda: _uses(card.id, card.name, follow, found)))


def _uses(cid: str, name: str, follow: bool, found: tuple[Outcome, ...]) -> tuple[Any, ...]:
    out: list[Any] = [] if follow else [R.Pass(label=f"leave {name} unused")]
    for i, o in enumerate(found):
        out.append(R.Use(i, label=f"{name}: {o.words or i}"))
    return tuple(out)


def _affords(stock: Mapping[str, int], cost: Sequence[tuple[str, int]]) -> bool:
    for g, n in cost:  # a loop, not all() over a generator: asked for every displayed building at every decision
        if stock.get(g, 0) < n:
            return False
    return True


def _builds(state: R.State, rules: OraRules, seat: int) -> list[Any]:
    """Building (§4.6): each displayed building the seat's goods pay for, on each square it may stand on
    (kept by the seat's landscape's identity and the buildings paid for)."""
    stock = state.stock(seat)
    cards = rules.cards
    paid = tuple([cid for cid in state.display if _affords(stock, cards[cid].cost)])
    grid = state.grids[seat]
    return list(_BUILDS.get((grid, rules), paid, lambda: _builds_of(paid, grid, rules)))


def _builds_of(paid: tuple[str, ...], grid: G.Grid, rules: OraRules) -> tuple[Any, ...]:
    out: list[Any] = []
    for cid in paid:
        card = rules.cards[cid]
        for x, y in spots(grid, rules, cid):
            out.append(R.Build(cid, x, y, label=f"build {card.name} at ({x}, {y})"))
    return tuple(out)


def _buys(state: R.State, rules: OraRules, seat: int, *, free: str | None = None) -> list[Any]:
    """Landscapes ``seat`` may buy now (``free``: a building's step, ``""`` any pile, else that pile):
    read from the seat's landscape, the piles and whether its coins pay each pile's price only."""
    coins = state.stock(seat).get("coin", 0)
    grid, stacks = state.grids[seat], state.stacks
    paid = tuple(bool(p) and p[0] <= coins for _, p in stacks.piles)  # which piles' next price it pays
    return list(
        _BUYS.get((grid, stacks, rules), (free, paid), lambda: tuple(_buys_of(grid, stacks, rules, free, coins)))
    )


def _buys_of(grid: G.Grid, stacks: Stacks, rules: OraRules, free: str | None, coins: int) -> list[Any]:
    out: list[Any] = []
    for board in rules.grid.boards:
        if board.attach is None:
            continue
        pile = rules.piles[board.name]
        if free not in (None, "", pile):
            continue
        price = stacks.top(pile)
        if price is None or (free is None and price > coins):
            continue
        for side in board.sides:
            for x, y in attach_spots(grid, rules, board.name, side.name):
                what = f"for {price} coins" if free is None else "free"
                out.append(
                    R.Buy(board.name, side.name, x, y, label=f"buy a {board.name} ({side.name}) at ({x}, {y}) {what}")
                )
    return out


def _secondary(state: R.State, rules: OraRules, seat: int) -> list[Any]:
    out: list[Any] = []
    stock = state.stock(seat)
    if not state.bought[seat]:
        out.extend(_buys(state, rules, seat))
    for front, back in rules.backs.items():
        n = stock.get(front, 0)
        if n:
            out.append(R.Flip(front, 1, label=f"turn 1 {front} to {back}"))
            if n > 1:
                out.append(R.Flip(front, n, label=f"turn {n} {front} to {back}"))
    for good, coins in rules.trades.items():
        if stock.get(good, 0):
            out.append(R.Trade(good, label=f"exchange 1 {good} for {coins} coins"))
    return out


def payments(
    stock: Mapping[str, int],
    need: Mapping[str, int],
    limit: int = MAX_PAYMENTS,
    values: Mapping[str, Mapping[str, Fraction]] | None = None,
) -> list[tuple[tuple[str, int], ...]]:
    """Every minimal way to pay ``need`` (kind -> value) from ``stock`` (R33: no good given that the
    payment did not need), cheapest goods first, at most ``limit``. ``values``: each good's values by
    kind (a game's ``rules.values``, its goods card; default the shipped goods card's)."""
    if values is None:
        from .cards import shipped_goods

        values = {g: dict(kinds) for g, kinds in shipped_goods().values}
    table = values
    orders = _ORDERS.get((table,), None, lambda: _orders(table))
    per_kind: list[list[dict[str, int]]] = []
    for kind, amount in sorted(need.items()):
        if amount <= 0:
            per_kind.append([{}])
            continue
        scale, order = orders.get(kind, (1, ()))
        goods = [(g, w) for g, w in order if stock.get(g, 0) > 0]
        counts = [stock[g] for g, _ in goods]
        # what the goods from i on are worth at most: a branch that cannot reach the amount is cut
        rest = [0] * (len(goods) + 1)
        for j in range(len(goods) - 1, -1, -1):
            rest[j] = rest[j + 1] + goods[j][1] * counts[j]
        found: list[dict[str, int]] = []
        _pay(0, 0, {}, _NO_LEAST, amount * scale, goods, counts, rest, found, limit)
        if not found:
            return []
        per_kind.append(found)
    out: list[tuple[tuple[str, int], ...]] = [()]
    for options in per_kind:
        out = [tuple(sorted(dict(a).items() | o.items())) for a in out for o in options][:limit]
    return out


#: Each goods' values (by the table's identity): per value kind, a whole number that scales its values to
#: whole numbers (the least common denominator), and the goods that carry it in the order payments try
#: them -- cheapest in points first, then least of the kind, then by name -- each with its scaled worth.
_ORDERS: IdMemo[dict[str, tuple[int, tuple[tuple[str, int], ...]]]] = IdMemo(64)
#: A worth above any: the least worth among no goods chosen.
_NO_LEAST = 1 << 62


def _orders(values: Mapping[str, Mapping[str, Fraction]]) -> dict[str, tuple[int, tuple[tuple[str, int], ...]]]:
    def _value(good: str, kind: str) -> Fraction:
        got = values.get(good)
        return _ZERO if got is None else got.get(kind, _ZERO)

    out: dict[str, tuple[int, tuple[tuple[str, int], ...]]] = {}
    for kind in sorted({k for kinds in values.values() for k in kinds}):
        goods = sorted(
            (g for g in values if _value(g, kind) > 0), key=lambda g: (_value(g, "points"), _value(g, kind), g)
        )
        # a scale for every carrier of the kind: a multiple of the held goods' own, so the same comparisons
        scale = math.lcm(*(_value(g, kind).denominator for g in goods)) if goods else 1
        out[kind] = (scale, tuple((g, int(_value(g, kind) * scale)) for g in goods))
    return out


def _pay(
    i: int,
    paid: int,
    chosen: dict[str, int],
    least: int,
    amount: int,
    goods: list[tuple[str, int]],
    counts: list[int],
    rest: list[int],
    found: list[dict[str, int]],
    limit: int,
) -> None:
    """:func:`payments`' walk over the goods from ``i`` on: the most of each first; a payment is kept
    when it reaches ``amount`` and its least worth good (``least``) was needed."""
    if len(found) >= limit:
        return
    if paid >= amount:
        if paid - least < amount:
            found.append(dict(chosen))
        return
    if i == len(goods) or paid + rest[i] < amount:
        return
    g, v = goods[i]
    most = min(counts[i], (amount - paid) // v + 1)
    for k in range(most, 0, -1):
        chosen[g] = k
        _pay(i + 1, paid + v * k, chosen, min(least, v), amount, goods, counts, rest, found, limit)
        del chosen[g]
    _pay(i + 1, paid, chosen, least, amount, goods, counts, rest, found, limit)


def _settles(state: R.State, rules: OraRules, seat: int) -> list[Any]:
    out: list[Any] = []
    stock = state.stock(seat)
    ways: dict[tuple[tuple[str, int], ...], list[tuple[tuple[str, int], ...]]] = {}  # by cost: settlements share them
    for cid in dict.fromkeys(state.hands[seat]):
        card = rules.cards[cid]
        where = spots(state.grids[seat], rules, cid)
        if not where:
            continue
        cost = tuple(card.cost)
        if cost not in ways:
            ways[cost] = payments(stock, dict(cost), values=rules.values)
        for pay in ways[cost]:
            out.extend(_settlings(cid, card.name, where, pay))
    return out


#: The settling actions made so far, by what they are (card, its name, squares, payment): at most
#: :data:`MEMO_SIZE`, emptied when full.
_SETTLINGS: dict[tuple[str, str, tuple[tuple[int, int], ...], tuple[tuple[str, int], ...]], tuple[R.Settle, ...]] = {}


def _settlings(
    cid: str, name: str, where: tuple[tuple[int, int], ...], pay: tuple[tuple[str, int], ...]
) -> tuple[R.Settle, ...]:
    """The settlement ``cid`` (called ``name``) built on each square of ``where``, paying ``pay``."""
    key = (cid, name, where, pay)
    got = _SETTLINGS.get(key)
    if got is None:
        paid = ", ".join(f"{n} {g}" for g, n in pay) or "nothing"
        got = tuple(R.Settle(cid, x, y, pay, label=f"build {name} at ({x}, {y}), paying {paid}") for x, y in where)
        if len(_SETTLINGS) >= MEMO_SIZE:
            _SETTLINGS.clear()
        _SETTLINGS[key] = got
    return got


def _bonus(state: R.State, rules: OraRules, seat: int) -> list[Any]:
    """§4.12: build, or the prior on any seat's building, free, occupied or not; or nothing (R17)."""
    out: list[Any] = [R.Pass(label="take no action")]
    out.extend(_builds(state, rules, seat))
    if "prior" in K.free(state.workers, seat):
        for owner in range(state.n):
            out.extend(_placements(state, rules, seat, ("prior",), _free_buildings(state, owner, occupied=True)))
    out.extend(_secondary(state, rules, seat))
    return out


def neutral_builds(state: R.State, rules: OraRules) -> list[Any]:
    """Solo (§9.5): each displayed building on each space of the neutral player's heartland it may go
    on -- any terrain, over a building nobody stands on (cloister over cloister, other over other), a
    cloister next to a cloister. A building that fits nowhere stays displayed (R39)."""
    seat = state.n - 1
    grid = state.grids[seat]
    out: list[Any] = []
    for cid in state.display:
        card = rules.cards[cid]
        p, rule = piece(card), rules.neutral_rule(cid)
        for c in grid.cells:
            if c.occupant is not None and K.on_card(state.workers, key_of(seat, c.occupant.card)):
                continue
            if G.can_place(grid, (c.x, c.y), p, rule) is None:
                over = f" over {rules.cards[c.occupant.card].name}" if c.occupant is not None else ""
                out.append(
                    R.Build(cid, c.x, c.y, label=f"the neutral player builds {card.name} at ({c.x}, {c.y}){over}")
                )
    return out


def neutral_priors(state: R.State, rules: OraRules) -> list[Any]:
    """Solo (§9.5): the neutral player's prior on one of its new buildings, the player paying the fee
    (to the supply) and using the function; or not."""
    seat, user = state.n - 1, 0
    if "prior" not in K.free(state.workers, seat):
        return []
    out: list[Any] = []
    stock = state.stock(user)
    for cid in state.fresh:
        key = key_of(seat, cid)
        for f, fee in enumerate(rules.contracts.fees[state.level]):
            if _affords(stock, fee.goods):
                out.append(_offer(state, rules, seat, key, f, f"the neutral prior on {rules.cards[cid].name}"))
    return out


def legal(state: R.State, rules: OraRules) -> list[Any]:
    p = state.pending
    if p is None or state.game_over:
        return []
    seat, kind = p.seat, p.kind
    if kind == "action":
        out: list[Any] = _fell(state, rules, seat)
        kinds = tuple(dict.fromkeys(K.free(state.workers, seat)))
        out.extend(_placements(state, rules, seat, kinds, _free_buildings(state, seat)))
        out.extend(_contracts(state, rules, seat))
        out.extend(_builds(state, rules, seat))
        out.extend(_secondary(state, rules, seat))
        return out
    if kind == "bonus":
        return _bonus(state, rules, seat)
    if kind == "after":
        return [R.Pass(label="end the turn"), *_secondary(state, rules, seat)]
    if kind == "use":
        return uses_of(state, rules)
    if kind == "clergy":
        ask = state.contract
        assert ask is not None
        return [R.Choose(k, label=f"place the {k}") for k in C.kinds(state.workers, ask.owner)]
    if kind == "prior":
        assert state.built is not None
        owner, card = state.built
        return [
            R.Pass(label="leave the prior home"),
            *_placements(state, rules, seat, ("prior",), [(key_of(owner, card), card)]),
        ]
    if kind == "buy":
        return [R.Pass(label="buy no landscape"), *_buys(state, rules, seat)]
    if kind == "neutral build":
        return neutral_builds(state, rules)
    if kind == "neutral prior":
        return [R.Pass(label="leave the neutral prior home"), *neutral_priors(state, rules)]
    if kind == "settle":
        return [R.Pass(label="build no settlement"), *_settles(state, rules, seat)]
    # a follow-up step
    step = state.step
    assert step is not None
    out = [R.Pass(label=f"skip the {step.step}")]
    kind = step.step
    if kind == "build":
        out.extend(_builds(state, rules, seat))
    elif kind in ("fell", "cut"):
        cover = "forest" if kind == "fell" else "moor"
        out.extend(a for a in _fell(state, rules, seat) if a.cover == cover)
    elif kind == "settle":
        out.extend(_settles(state, rules, seat))
    elif kind == "land":
        out.extend(_buys(state, rules, seat, free=step.arg))
    elif kind == "clear":
        cells = [c for c in state.grids[seat].cells if c.cover == step.arg]
        if cells:  # the step is the price of what the use gave: no skipping it
            out = [R.Clear(c.x, c.y, label=f"remove the {step.arg} at ({c.x}, {c.y})") for c in cells]
    elif kind == "use":
        stock = state.stock(seat)
        for key, card in _targets(state, rules, step):
            if outcomes(state, rules, seat, card, stock):  # one to take: a follow-up use is never empty
                out.append(R.Activate(key, label=f"use {rules.cards[card].name}"))
    return out

"""The fold: the only code that makes Ora states (``fold(state, event, rules)``).

Pure and total over the events the flow and the listed actions make: each event
says what changed, and the fold applies it through the mechanisms' pure
functions (wheel, grid, workers, phases). Money is held as coins: the 5-coin
tile is the both-ways exchange of §4.9, so a "5 coins" taken is 5 coins, and
the score makes 5-coins at the end (R19).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from ...mechanisms import grid as G
from ...mechanisms import phases as P
from ...mechanisms import wheel as W
from ...mechanisms import workers as K
from . import records as R
from .rules import OraRules, piece

FIVE = "five_coins"  # the goods card's 5-coin, held as 5 coins (R36)


def moved(stock: R.Goods, give: Iterable[tuple[str, int]] = (), take: Iterable[tuple[str, int]] = ()) -> R.Goods:
    """``stock`` after giving and taking (a "five_coins" is 5 coins)."""
    out = dict(stock)
    for g, n in give:
        g, n = ("coin", 5 * n) if g == FIVE else (g, n)
        out[g] = out.get(g, 0) - n
    for g, n in take:
        g, n = ("coin", 5 * n) if g == FIVE else (g, n)
        out[g] = out.get(g, 0) + n
    return tuple(sorted((g, n) for g, n in out.items() if n))


def _evolve(s: R.State, **changes: Any) -> R.State:
    """``attrs.evolve(s, **changes)``, made faster: every event makes a new state, and building one
    through ``State.__init__`` was about a sixth of a random game's time. A state keeps its fields in
    its dict (:class:`~.records.State`), has no validators nor converters, so the copy is the old dict
    with the changes set; unchanged fields are the same objects, as with ``attrs.evolve``."""
    if not changes.keys() <= _FIELDS:
        raise TypeError(f"a state has no field {sorted(changes.keys() - _FIELDS)}")
    out = _new(R.State)
    d = out.__dict__
    d.update(s.__dict__)
    d.update(changes)
    return out


_new = object.__new__
_FIELDS = frozenset(a.name for a in attrs.fields(R.State))


def _seat(values: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    return values[:seat] + (value,) + values[seat + 1 :]


def _reset(rules: OraRules, wheel: W.Wheel, names: Iterable[str]) -> W.Wheel:
    for name in names:
        if wheel.step(name) is not None:
            wheel = W.take(rules.wheel, wheel, name).wheel
    return wheel


def initial(event: R.Began, rules: OraRules) -> R.State:
    players = len(event.names)
    home = G.start(rules.grid, *rules.home)  # the first board of the set's landscape cards
    goods: R.Goods = rules.start_goods  # the mode card's (solo: none, §9.1)
    names, stocks, grids, hands = event.names, (tuple(sorted(goods)),) * players, (home,) * players, None
    hands = (rules.settlements["start"],) * players
    if rules.solo:  # the neutral player: the last seat, which never decides (§9.3)
        names += (rules.neutral,)
        stocks += ((),)
        grids += (G.start(rules.grid, "neutral " + rules.home[0], rules.home[1]),)
        hands += ((),)
    n = len(names)
    return R.State(
        names=names,
        players=players,
        stocks=stocks,
        grids=grids,
        hands=hands,
        workers=K.start(rules.clergy, n),
        wheel=W.start(rules.wheel),
        phases=P.start(rules.phases),
        display=rules.start,
        revealed=(),
        stacks=rules.stacks,
        bought=(False,) * n,
        values={cid: (c.econ, c.dwell) for cid, c in rules.cards.items()},
    )


def fold(state: R.State | None, event: Any, rules: OraRules) -> R.State:
    if state is None:
        return initial(event, rules)
    t = type(event)
    if t is R.Turn:
        return _evolve(state, frame=state.frame.asking(event))
    s = _evolve(state, frame=state.frame.answered()) if state.frame.pending is not None else state
    after: R.State = _FOLD[t](s, event, rules)
    return after


def _round(s: R.State, e: R.RoundBegan, rules: OraRules) -> R.State:
    return _evolve(s, round=e.round, start=e.start, queue=e.queue, bought=(False,) * s.n, bonus=False, stage="rotate")


def _returned(s: R.State, e: R.Returned, rules: OraRules) -> R.State:
    return _evolve(s, workers=K.recall(s.workers, e.seat, e.kinds))


def _rotated(s: R.State, e: R.Rotated, rules: OraRules) -> R.State:
    wheel = W.new_round(rules.wheel, s.wheel, e.round)
    got = P.rotate(rules.phases, s.phases)
    s = _evolve(s, wheel=wheel, phases=got.phases, stage="actions")
    if got.fired is not None:
        s = _fire(s, got.fired, rules)
    return s


def _fire(s: R.State, name: str, rules: OraRules) -> R.State:
    ph = next(p for p in rules.phases.phases if p.name == name)
    return _evolve(s, stage="phase", phase=name, todo=ph.steps)


def _income(s: R.State, e: R.Income, rules: OraRules) -> R.State:
    return _evolve(s, stocks=tuple(moved(st, take=e.goods) for st in s.stocks))


def _order(s: R.State) -> tuple[int, ...]:
    """The deciding seats in turn order from the start player (R29)."""
    return tuple((s.start + i) % s.players for i in range(s.players))


def _phase_step(s: R.State, e: R.PhaseStep, rules: OraRules) -> R.State:
    s = _evolve(s, todo=s.todo[1:])
    step = e.step
    if step == "buy landscape":
        return _evolve(s, stage="buy", order=_order(s))
    if step == "settle":
        return _evolve(s, stage="settle", order=_order(s))
    if step == "return priors":
        w = s.workers
        for seat in range(s.n):
            w = K.recall(w, seat, ("prior",))
        return _evolve(s, workers=w)
    if step == "one action each":
        return _evolve(s, queue=_order(s), bonus=True)
    if step == "neutral builds":
        return _evolve(s, stage="neutral", fresh=())
    if step == "neutral prior":
        return _evolve(s, stage="neutral prior")
    if step == "two actions":
        return _evolve(s, stage="actions")
    if step.startswith("reveal "):
        deck = step[len("reveal ") :]
        towns = rules.settlements.get(deck, ())
        return _evolve(
            s,
            display=s.display + rules.decks.get(deck, ()),
            revealed=s.revealed + (deck,),
            hands=tuple(h + towns for h in s.hands),
        )
    return s  # "move marker": the phases' state moved with the rotation


def _phase_ended(s: R.State, e: R.PhaseEnded, rules: OraRules) -> R.State:
    return _evolve(s, stage="actions", phase="", order=())


def _moment(s: R.State, e: R.Moment, rules: OraRules) -> R.State:
    got = P.moment(rules.phases, s.phases, e.name)
    s = _evolve(s, phases=got.phases, stage="over")
    return _fire(s, got.fired, rules) if got.fired is not None else s


def _acted(s: R.State) -> R.State:
    return _evolve(s, stage="after") if s.stage == "actions" else s


def _felled(s: R.State, e: R.Felled, rules: OraRules) -> R.State:
    grids = s.grids
    if e.at is not None:
        _, g = G.uncover(grids[e.seat], e.at)
        grids = _seat(grids, e.seat, g)
    stocks = _seat(s.stocks, e.seat, moved(s.stocks[e.seat], take=((e.good, e.amount),)))
    if e.bonus:
        stocks = tuple(moved(st, take=e.bonus) for st in stocks)
    wheel = _reset(rules, s.wheel, (e.reset,) if e.reset else ())
    return _acted(_evolve(s, grids=grids, stocks=stocks, wheel=wheel, step=None))


def _placed(s: R.State, e: R.Placed, rules: OraRules) -> R.State:
    shared = s.bonus  # the bonus round's prior may join clergy already there (§4.12)
    w = K.place(rules.clergy, s.workers, e.seat, e.kind, e.key, shared=shared)
    done = s.contract is not None and s.contract.key == e.key
    # whoever placed, the building's user decides its outcome next (the ``use`` decision)
    if done:
        assert s.contract is not None
        using = R.Using(s.contract.seat, e.key, "contract")
    elif s.stage == "neutral prior":  # solo: the player uses the neutral prior's building (§9.5)
        using = R.Using(0, e.key, "neutral prior")
    else:
        using = R.Using(e.seat, e.key, "place")
    return _acted(_evolve(s, workers=w, built=None, contract=None if done else s.contract, using=using))


def _picked(s: R.State, e: R.Picked, rules: OraRules) -> R.State:
    return _evolve(s, using=R.Using(e.seat, e.key, "follow"))


def _paid(s: R.State, e: R.Paid, rules: OraRules) -> R.State:
    stocks = _seat(s.stocks, e.seat, moved(s.stocks[e.seat], give=e.goods))
    if e.payee >= 0:
        stocks = _seat(stocks, e.payee, moved(stocks[e.payee], take=e.goods))
    return _evolve(s, stocks=stocks)


def _asked(s: R.State, e: R.Asked, rules: OraRules) -> R.State:
    return _acted(_evolve(s, contract=e))


def _used(s: R.State, e: R.Used, rules: OraRules) -> R.State:
    stocks = _seat(s.stocks, e.seat, moved(s.stocks[e.seat], e.give, e.take))
    if e.bonus:
        stocks = tuple(moved(st, take=e.bonus) for st in stocks)
    wonders = s.wonders + sum(n for g, n in e.take if g == "wonder") - sum(n for g, n in e.give if g == "wonder")
    follow = tuple(R.Step(e.seat, step, arg, e.key) for step, arg in e.then) + s.follow
    used_by_use = s.step is not None and s.step.step == "use"  # a follow-up use: the action's chain goes on (R40)
    return _evolve(
        s,
        step=None if used_by_use else s.step,
        chain=(*s.chain, e.key) if used_by_use else (e.key,),
        stocks=stocks,
        wheel=_reset(rules, s.wheel, e.reset),
        wonders=wonders,
        follow=follow,
        using=None,
    )


def _followed(s: R.State, e: R.Followed, rules: OraRules) -> R.State:
    step = R.Step(e.seat, e.step, e.arg, e.key) if e.step != "recall" else None
    return _evolve(s, follow=s.follow[1:], step=step)


def _built(s: R.State, e: R.Built, rules: OraRules) -> R.State:
    g = G.place(s.grids[e.seat], e.at, piece(rules.cards[e.card]), rules.rule(e.card))
    card = rules.cards[e.card]
    level = max(s.level, 1) if card.id in rules.raises_fee else s.level
    prior_free = "prior" in K.free(s.workers, e.seat)
    return _acted(
        _evolve(
            s,
            grids=_seat(s.grids, e.seat, g),
            display=tuple(c for c in s.display if c != e.card),
            level=level,
            step=None,
            built=(e.seat, e.card) if prior_free else None,
        )
    )


def _neutral_built(s: R.State, e: R.NeutralBuilt, rules: OraRules) -> R.State:
    seat = s.n - 1
    grid = s.grids[seat]
    gone = grid.at(e.at)
    g = G.place(grid, e.at, piece(rules.cards[e.card]), rules.neutral_rule(e.card))
    card = rules.cards[e.card]
    level = max(s.level, 1) if card.id in rules.raises_fee else s.level
    fresh = tuple(c for c in s.fresh if gone is None or gone.occupant is None or gone.occupant.card != c)
    return _evolve(
        s,
        grids=_seat(s.grids, seat, g),
        display=tuple(c for c in s.display if c != e.card),
        level=level,
        fresh=fresh + (e.card,),
    )


def _neutral_done(s: R.State, e: R.NeutralDone, rules: OraRules) -> R.State:
    return _evolve(s, stage="phase", fresh=() if e.step == "neutral prior" else s.fresh, using=None)


def _resumed(s: R.State, e: R.Resumed, rules: OraRules) -> R.State:
    return _evolve(s, stage="phase")


def _bought(s: R.State, e: R.Bought, rules: OraRules) -> R.State:
    g = G.attach(rules.grid, s.grids[e.seat], e.board, e.side, e.at)
    pile = rules.piles[e.board]
    by_step = s.step is not None and s.step.step == "land"
    s = _evolve(s, grids=_seat(s.grids, e.seat, g), stacks=s.stacks.draw(pile)[1])
    if by_step:  # a building's free landscape: "" gives a district and a plot, one after the other
        assert s.step is not None
        rest = {"": rules.other_pile[pile]}.get(s.step.arg)
        return _evolve(s, step=attrs.evolve(s.step, arg=rest) if rest else None)
    if s.stage == "buy":
        return _answered(s)
    return _evolve(s, bought=_seat(s.bought, e.seat, True))


def _answered(s: R.State) -> R.State:
    order = s.order[1:]
    return _evolve(s, order=order, stage=s.stage if order else "phase")


def _settled(s: R.State, e: R.Settled, rules: OraRules) -> R.State:
    card = rules.cards[e.card]
    g = G.place(s.grids[e.seat], e.at, piece(card), rules.rule(e.card))
    hand = list(s.hands[e.seat])
    hand.remove(e.card)
    s = _evolve(s, grids=_seat(s.grids, e.seat, g), hands=_seat(s.hands, e.seat, tuple(hand)), step=None)
    return _answered(s) if s.stage == "settle" else s


def _flipped(s: R.State, e: R.Flipped, rules: OraRules) -> R.State:
    back = rules.goods.backs[e.good]
    return _evolve(s, stocks=_seat(s.stocks, e.seat, moved(s.stocks[e.seat], ((e.good, e.n),), ((back, e.n),))))


def _traded(s: R.State, e: R.Traded, rules: OraRules) -> R.State:
    return _evolve(s, stocks=_seat(s.stocks, e.seat, moved(s.stocks[e.seat], e.give, e.take)))


def _passed(s: R.State, e: R.Passed, rules: OraRules) -> R.State:
    if e.what in ("buy", "settle") and s.stage == e.what:
        return _answered(s)
    if e.what == "prior":
        return _evolve(s, built=None)
    if e.what == "bonus":
        return _acted(s)
    if e.what == "use":
        return _evolve(s, using=None)
    return _evolve(s, step=None)


def _turn_ended(s: R.State, e: R.TurnEnded, rules: OraRules) -> R.State:
    queue = s.queue[1:]
    return _evolve(s, queue=queue, stage="actions" if queue else "round over")


def _end_triggered(s: R.State, e: R.EndTriggered, rules: OraRules) -> R.State:
    return _evolve(s, final=True)


def _ended(s: R.State, e: R.GameEnded, rules: OraRules) -> R.State:
    # the last answer moves the decision on too, as every answer does (the core's contract:
    # a table's store counts one decision per answer; Pillars' game end does the same)
    return _evolve(s, stage="over", frame=s.frame.ending())


_FOLD: dict[type, Any] = {
    R.RoundBegan: _round,
    R.Returned: _returned,
    R.Rotated: _rotated,
    R.Income: _income,
    R.PhaseStep: _phase_step,
    R.PhaseEnded: _phase_ended,
    R.Moment: _moment,
    R.Felled: _felled,
    R.Placed: _placed,
    R.Paid: _paid,
    R.Asked: _asked,
    R.Used: _used,
    R.Picked: _picked,
    R.Followed: _followed,
    R.Built: _built,
    R.Bought: _bought,
    R.NeutralBuilt: _neutral_built,
    R.NeutralDone: _neutral_done,
    R.Resumed: _resumed,
    R.Settled: _settled,
    R.Flipped: _flipped,
    R.Traded: _traded,
    R.Passed: _passed,
    R.TurnEnded: _turn_ended,
    R.EndTriggered: _end_triggered,
    R.GameEnded: _ended,
}

"""Ora et Labora's laws (issue #58), for property tests of the game and of fan cards.

:func:`check_game` folds a game's log again, event by event, and after each one checks:

* **goods are conserved**: every seat's stock equals what the events that move goods (taken from
  the wheel or the supply, paid, used, exchanged, turned, fell or cut) say, counted here apart from
  the state, and no stock is ever negative;
* **the wheel**: every indicator within the wheel's values; an indicator due in a round has
  entered by it, and none before (§3.3, §5.3; R6);
* **the landscape**: every building and settlement stands on a terrain its card allows, and every
  cloister building has a cloister neighbour (§4.6.2, §4.7, §6.3);
* **the clergy**: each seat keeps its prior and lay brothers (§1.4, §10.4); outside the bonus round
  no building holds two (§4.2);

and at the end that the final score is the one the last event announced and the game's
:meth:`scores`. A law that fails raises :class:`OraLawError`, naming the law, the event's index
and what differs::

    import pillars_rules as pr
    from pillars_rules.games.ora import laws

    game = pr.play(pr.new_game(game="ora-et-labora", players=2, seed=1), pr.RandomBot(1))
    laws.check_game(game)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from . import records as R
from .fold import moved
from .game import ORA
from .rules import OraRules

__all__ = ["OraLawError", "check_game", "check_state", "dwelling", "recount"]


class OraLawError(AssertionError):
    """An Ora et Labora law does not hold; the message names the law, the event and the values."""


def _fail(law: str, where: str, detail: str) -> None:
    raise OraLawError(f"{law} {where}: {detail}")


def _ledger(rules: OraRules, e: Any, stocks: list[R.Goods]) -> None:
    """``stocks`` after ``e``, by the goods ``e`` moves (the state is not read)."""
    t = type(e)
    if t is R.Began:
        start = rules.start_goods  # the mode card's (set-up: §1.4; solo none, §9.1)
        stocks.extend([start] * len(e.names))
        if rules.solo:  # the solo game's neutral player holds nothing (§9.1, §9.3)
            stocks.append(())
    elif t is R.Felled:
        stocks[e.seat] = moved(stocks[e.seat], take=((e.good, e.amount),))
        stocks[:] = [moved(s, take=e.bonus) for s in stocks]
    elif t is R.Paid:
        stocks[e.seat] = moved(stocks[e.seat], give=e.goods)
        if e.payee >= 0:
            stocks[e.payee] = moved(stocks[e.payee], take=e.goods)
    elif t is R.Used:
        stocks[e.seat] = moved(stocks[e.seat], e.give, e.take)
        stocks[:] = [moved(s, take=e.bonus) for s in stocks]
    elif t is R.Income:
        stocks[:] = [moved(s, take=e.goods) for s in stocks]
    elif t is R.Flipped:
        back = rules.backs.get(e.good)  # the goods card's free turn (grain to straw)
        if back is not None:
            stocks[e.seat] = moved(stocks[e.seat], give=((e.good, e.n),), take=((back, e.n),))
    elif t is R.Traded:
        stocks[e.seat] = moved(stocks[e.seat], e.give, e.take)


def dwelling(state: R.State, seat: int) -> int:
    """§7.4 counted here: each settlement, its own and its orthogonal neighbours' dwelling values,
    3 for each empty water space beside it."""
    cells = state.grids[seat].cells
    total = 0
    for c in cells:
        if c.occupant is None or "settlement" not in c.occupant.tags:
            continue
        total += state.values[c.occupant.card][1]
        for n in cells:
            if n is c or not c.touches(n):
                continue
            if n.occupant is not None:
                total += state.values[n.occupant.card][1]
            elif n.cover is None and n.terrain == "water":
                total += 3
    return total


def recount(rules: OraRules, state: R.State, seat: int) -> int:
    """``seat``'s score counted from ``state`` here (§7): its goods' points after the goods card's
    exchanges, its buildings' and settlements' economic values, and its settlements' dwelling values."""
    from .score import goods_points

    economic = sum(state.values[c.occupant.card][0] for c in state.grids[seat].cells if c.occupant is not None)
    return goods_points(state.stock(seat), rules.goods) + economic + dwelling(state, seat)


def check_state(rules: OraRules, state: R.State, *, rotated: int = 0, where: str = "in the state") -> None:
    """The laws one state keeps on its own (the wheel, the landscape, the clergy, no negative stock);
    ``rotated``: the round whose rotation came last (0: none yet)."""
    for seat in range(state.n):
        negative = {g: n for g, n in state.stock(seat).items() if n < 0}
        if negative:
            _fail("goods never negative", where, f"seat {seat} holds {negative}")
    cfg = rules.wheel
    for name, step in state.wheel.steps:
        if not 0 <= step < len(cfg.values):
            _fail("the wheel", where, f"{name} stands at {step}, off a wheel of {len(cfg.values)}")
    present = set(state.wheel.present())
    capped = cfg.at_end == "cap"  # solo: an indicator pushed beyond the end leaves (§9.2; R23)
    if capped and not set(cfg.indicators) <= present:
        _fail("the wheel", where, f"{sorted(set(cfg.indicators) - present)} left the wheel")
    for name, due in cfg.entering:
        if (name in present) != (rotated >= due) and not (not capped and name not in present):
            _fail("the wheel", where, f"{name} is due in round {due}, present {name in present} after {rotated}")
    for seat in range(state.n):
        grid = state.grids[seat]
        for c in grid.cells:
            p = c.occupant
            if p is None:
                continue
            card = rules.cards[p.card]
            if c.cover is not None:
                _fail("the landscape", where, f"{card.name} stands under a {c.cover} (seat {seat})")
            if c.terrain not in card.terrain and seat != state.players:  # the neutral player's (§9.5)
                _fail("the landscape", where, f"{card.name} stands on {c.terrain} (seat {seat})")
            if card.cloister and card.kind != "heartland":
                if not any(
                    n.occupant is not None and "cloister" in n.occupant.tags for n in grid.cells if n.touches(c)
                ):
                    _fail("the landscape", where, f"cloister {card.name} has no cloister neighbour (seat {seat})")
    kinds = Counter(dict(rules.clergy.kinds))
    for seat in range(state.n):
        held = Counter(w.kind for w in state.workers.of(seat))
        if held != kinds:
            _fail("the clergy", where, f"seat {seat} has {dict(held)}, not {dict(kinds)}")
    if not state.bonus:
        placed = Counter(w.at for w in state.workers.all if w.at is not None)
        crowded = {at: n for at, n in placed.items() if n > 1}
        if crowded:
            _fail("the clergy", where, f"more than one clergyman on {crowded}")


def check_game(game: Any) -> None:
    """Fold ``game``'s log again and check every law after every event (see the module's docstring)."""
    rules: OraRules = game.rules
    stocks: list[R.Goods] = []
    state = None
    rotated = 0
    events: Sequence[Any] = game.events
    for i, e in enumerate(events):
        state = ORA.fold(state, e, rules)
        if type(e) is R.Rotated:
            rotated = e.round
        _ledger(rules, e, stocks)
        where = f"after event {i} ({type(e).__name__})"
        for seat in range(state.n):
            held = state.stock(seat)
            if held != dict(stocks[seat]):
                _fail("goods conserved", where, f"seat {seat} holds {held}; the events moved {dict(stocks[seat])}")
        check_state(rules, state, rotated=rotated, where=where)
    if state is None:
        return
    if state != game.state:
        _fail("the log folds to the game", "at the end", "the state folded from the events differs")
    if game.is_over:
        announced = list(getattr(events[-1], "scores", ()))
        counted = [recount(rules, state, s) for s in range(state.players)]
        if not announced == counted == list(game.scores()):
            _fail("the score", "at the end", f"announced {announced}, counted {counted}, the game's {game.scores()}")

"""The events of a listed action (``events_of``), and why an action is refused (``refusal``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...mechanisms import grid as G
from ...mechanisms import twosided as T
from ...mechanisms import wheel as W
from ...mechanisms import workers as K
from . import records as R
from .legal import key_of, owner_card, used
from .rules import MONEY, OraRules, piece
from .uses import Context, outcomes


def _fell(state: R.State, rules: OraRules, seat: int, a: R.Fell) -> list[Any]:
    good = rules.cover_good[a.cover]
    if a.none:
        return [R.Felled(seat, a.cover, None, good, 0, "")]
    if not a.joker and state.wheel.step(good) is None:  # its indicator is gone (solo, §9.2): the card, no good (R41)
        return [R.Felled(seat, a.cover, (a.x, a.y), good, 0, "")]
    got = W.take_wild(rules.wheel, state.wheel, good) if a.joker else W.take(rules.wheel, state.wheel, good)
    bonus = ((good, rules.wheel_bonus),) if rules.wheel_bonus else ()  # §10.6; R25: the wheel was used
    return [R.Felled(seat, a.cover, (a.x, a.y), good, got.amount, got.reset or "", bonus)]


def _use(state: R.State, rules: OraRules, a: R.Use) -> list[Any]:
    u = state.using
    assert u is not None
    card = owner_card(u.key)[1]
    got = [used(state, rules, u.seat, u.key, outcomes(state, rules, u.seat, card, state.stock(u.seat))[a.outcome])]
    return [*got, R.NeutralDone("neutral prior")] if u.why == "neutral prior" else got


def events_of(state: R.State, rules: OraRules, a: Any) -> list[Any]:
    p = state.pending
    assert p is not None
    seat, t = p.seat, type(a)
    if t is R.Fell:
        return _fell(state, rules, seat, a)
    if t is R.Place:
        return [R.Placed(seat, a.kind, a.key)]
    if t is R.Use:
        return _use(state, rules, a)
    if t is R.Contract and p.kind == "neutral prior":  # the NeutralDone follows the use decision
        fee = rules.contracts.fees[state.level][a.fee]
        return [R.Paid(seat, -1, fee.goods, "the neutral prior"), R.Placed(a.owner, "prior", a.key)]
    if t is R.Build and p.kind == "neutral build":
        return [R.NeutralBuilt(a.card, (a.x, a.y))]
    if t is R.Contract:
        fee = rules.contracts.fees[state.level][a.fee]
        payee = a.owner if fee.to == "owner" else -1
        return [R.Paid(seat, payee, fee.goods, "work contract"), R.Asked(seat, a.owner, a.key, None)]
    if t is R.Choose:
        ask = state.contract
        assert ask is not None
        return [R.Placed(ask.owner, a.kind, ask.key)]
    if t is R.Build:
        cost = rules.cards[a.card].cost
        return [*([R.Paid(seat, -1, cost, "building")] if cost else []), R.Built(seat, a.card, (a.x, a.y))]
    if t is R.Buy:
        pile = rules.piles[a.board]
        free = state.step is not None and state.step.step == "land"
        price = state.stacks.top(pile) or 0
        paid = [] if free or not price else [R.Paid(seat, -1, (("coin", price),), "landscape")]
        return [*paid, R.Bought(seat, a.board, a.side, (a.x, a.y), 0 if free else price)]
    if t is R.Settle:
        paid = [R.Paid(seat, -1, a.payment, "settlement")] if a.payment else []
        return [*paid, R.Settled(seat, a.card, (a.x, a.y))]
    if t is R.Clear:
        assert state.step is not None
        return [R.Felled(seat, state.step.arg, (a.x, a.y), rules.cover_good[state.step.arg], 0, "")]
    if t is R.Activate:
        return [R.Picked(seat, a.key)]
    if t is R.Flip:
        return [R.Flipped(seat, a.good, a.n)]
    if t is R.Trade:
        return [R.Traded(seat, ((a.good, 1),), ((MONEY, rules.trades[a.good]),))]
    # Pass
    kind = p.kind
    if kind == "use":
        assert state.using is not None
        return [R.NeutralDone("neutral prior")] if state.using.why == "neutral prior" else [R.Passed(seat, "use")]
    if kind == "after":
        return [R.TurnEnded(seat)]
    if kind in ("buy", "settle", "prior", "bonus"):
        return [R.Passed(seat, kind)]
    if kind == "neutral prior":
        return [R.NeutralDone(kind)]
    return [R.Passed(seat, "step")]


#: The action kinds each decision takes.
_TAKES: dict[str, tuple[type, ...]] = {
    "action": (R.Fell, R.Place, R.Contract, R.Build, R.Buy, R.Flip, R.Trade),
    "bonus": (R.Pass, R.Build, R.Place, R.Buy, R.Flip, R.Trade),
    "after": (R.Pass, R.Buy, R.Flip, R.Trade),
    "clergy": (R.Choose,),
    "use": (R.Pass, R.Use),
    "neutral build": (R.Build,),
    "neutral prior": (R.Pass, R.Contract),
    "prior": (R.Pass, R.Place),
    "buy": (R.Pass, R.Buy),
    "settle": (R.Pass, R.Settle),
    "then build": (R.Pass, R.Build),
    "then fell": (R.Pass, R.Fell),
    "then cut": (R.Pass, R.Fell),
    "then settle": (R.Pass, R.Settle),
    "then land": (R.Pass, R.Buy),
    "then clear": (R.Pass, R.Clear),
    "then use": (R.Pass, R.Activate),
}


def _why_build(state: R.State, rules: OraRules, seat: int, a: R.Build) -> str | None:
    card = rules.cards.get(a.card)
    if card is None or card.kind != "building":
        return f"{a.card!r:.40} is not a building of this game"
    if a.card not in state.display:
        return f"{card.name} is not in the display (built already, or its deck is not out yet)"
    stock = state.stock(seat)
    for g, n in card.cost:
        if stock.get(g, 0) < n:
            return f"{card.name} costs {n} {g} and {state.names[seat]} holds {stock.get(g, 0)} (§4.6.1, §4.6.3)"
    why = G.can_place(state.grids[seat], (a.x, a.y), piece(card), rules.rule(a.card), _namer(rules))
    return None if why is None else f"{card.name} cannot stand there: {why} (§4.6, §4.7)"


def _namer(rules: OraRules) -> Callable[[str], str]:
    """A card's name by its id, for the reasons a placement is refused."""

    def name(key: str) -> str:
        card = rules.cards.get(key)
        return key if card is None else str(card.name)

    return name


def _why_place(state: R.State, rules: OraRules, seat: int, a: R.Place) -> str | None:
    try:
        owner, card = owner_card(a.key)
    except ValueError:
        return f"{a.key!r:.40} names no building (owner/card)"
    if card not in rules.cards:
        return f"{a.key!r:.40} names no building"
    if a.kind not in K.free(state.workers, seat):
        return f"{state.names[seat]} has no {a.kind} at home to place"
    if owner != seat and not state.bonus:
        return "a clergyman goes on one's own building; another seat's is used by a work contract (§4.2, §4.3)"
    if K.on_card(state.workers, a.key) and not state.bonus:
        return f"{rules.cards[card].name} is occupied: no second clergyman goes on it (§4.2)"
    return None


def _why_use(state: R.State, rules: OraRules, seat: int, a: R.Use) -> str | None:
    u = state.using
    assert u is not None
    card = rules.cards[owner_card(u.key)[1]]
    n = len(outcomes(state, rules, u.seat, card.id, state.stock(u.seat)))
    if type(a.outcome) is not int or not 0 <= a.outcome < n:
        offers = f"outcomes 0 to {n - 1}" if n else "no outcome"
        return f"{card.name}'s function offers {state.names[u.seat]} {offers} now, not {a.outcome!r:.20} (§4.2)"
    return None


def _why_contract(state: R.State, rules: OraRules, seat: int, a: R.Contract) -> str | None:
    if a.owner == seat or not 0 <= a.owner < state.n:
        return "a work contract is made with another seat (§4.3.1)"
    if K.all_placed(state.workers, a.owner):
        return f"{state.names[a.owner]} has every clergyman placed: no work contract with them this round (§4.3.2)"
    if K.on_card(state.workers, a.key):
        return "that building is occupied (§4.2)"
    fees = rules.contracts.fees[state.level]
    if not 0 <= a.fee < len(fees):
        return f"the fees now are 0 to {len(fees) - 1}, not {a.fee}"
    stock = state.stock(seat)
    for g, n in fees[a.fee].goods:
        if stock.get(g, 0) < n:
            return f"the fee is {n} {g}, paid before the use, and {state.names[seat]} holds {stock.get(g, 0)} (§4.3.2)"
    return None


def _why_settle(state: R.State, rules: OraRules, seat: int, a: R.Settle) -> str | None:
    card = rules.cards.get(a.card)
    if card is None or card.kind != "settlement" or a.card not in state.hands[seat]:
        return f"{a.card!r:.40} is not a settlement in {state.names[seat]}'s hand (§6.3, §6.4)"
    try:
        given = {g: n for g, n in a.payment}
    except (TypeError, ValueError):
        return "a payment is pairs of a good and a whole number"
    need = dict(card.cost)
    by_kind = (
        {k: {g: n for g, n in given.items() if T.value(rules.goods, g, k) > 0} for k in need}
        if all(type(g) is str and g in rules.goods.goods for g in given)
        else None
    )
    if by_kind is None:
        return "the payment names a good the game does not have"
    why = T.can_pay(rules.goods, state.stock(seat), by_kind, need)
    if why is None and sum(sum(v.values()) for v in by_kind.values()) != sum(given.values()):
        why = "a good given is worth neither food nor energy"
    if why is not None:
        return f"{card.name}'s cost is not paid so: {why} (§6.3; R33)"
    where = G.can_place(state.grids[seat], (a.x, a.y), piece(card), rules.rule(a.card), _namer(rules))
    return None if where is None else f"{card.name} cannot stand there: {where} (§6.3)"


def refusal(state: R.State, rules: OraRules, a: Any, listed: list[Any]) -> str:
    p = state.pending
    if p is None:
        return "no seat must decide now"
    takes = _TAKES.get(p.kind, (R.Pass,))
    if type(a) not in takes:
        names = ", ".join(t.__name__ for t in takes)
        return f"{state.names[p.seat]} must decide '{p.kind}', which takes {names}, not {type(a).__name__}"
    why: str | None = None
    if type(a) is R.Build and p.kind == "neutral build":
        why = "the neutral player builds a displayed building on its heartland, over no occupied building (§9.5)"
    elif type(a) is R.Build:
        why = _why_build(state, rules, p.seat, a)
    elif type(a) is R.Place:
        if p.kind == "action" or (p.kind == "bonus" and a.kind == "prior"):
            why = _why_place(state, rules, p.seat, a)
        elif p.kind == "bonus":
            why = "in the bonus round only the prior is placed (§4.12)"
    elif type(a) is R.Contract:
        why = _why_contract(state, rules, p.seat, a)
    elif type(a) is R.Use:
        why = _why_use(state, rules, p.seat, a)
    elif type(a) is R.Buy and state.bought[p.seat] and p.kind in ("action", "after", "bonus"):
        why = "one landscape per round, and one in each settlement phase (§4.10.1; R14)"
    elif type(a) is R.Fell:
        cells = [c for c in state.grids[p.seat].cells if c.cover == a.cover]
        if a.none and cells:
            why = f"{state.names[p.seat]} still has a {a.cover} card: felling nothing is only for a landscape without one (§4.5)"
        elif not a.none and state.grids[p.seat].at((a.x, a.y)) not in cells:
            why = f"there is no {a.cover} card of {state.names[p.seat]}'s at ({a.x}, {a.y}) (§4.5)"
    elif type(a) is R.Settle:
        why = _why_settle(state, rules, p.seat, a)
    if why is None:
        why = f"it is not one of the {len(listed)} actions listed for {state.names[p.seat]}'s '{p.kind}' decision"
    return why


__all__ = ["events_of", "refusal", "Context", "key_of"]

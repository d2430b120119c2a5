"""Why an action is refused: one sentence that names the broken rule.

:func:`explain` walks the rules that govern the action's kind in the order a
player meets them and reports the first one the action breaks, e.g. "use
market spot 1 first" or "buying wood needs Carpenter or Master carpenter".
Every reason is a template in :data:`REASONS`, keyed by a code
(``"buy.permit"``); :func:`refusal` gives both, so tests can prove that every
reason is reachable and specific. Words about cards (who allows a trade, which
craftsman a Mason needs) come from the card set, never from names in the engine.
"""

from __future__ import annotations

from ..cardlang.effects import CUBES, GENERAL_WINDOWS, Bid, ChooseCraftsman, Convert, is_shared
from ..errors import safe_repr
from ..limits import MAX_BUILDS, MAX_CUBES, MAX_TRADES
from . import actions as A
from .batch import BIG_VALUE, job_effect, once_events, option_count, pieces_for
from .context import Rules
from .queries import builds_of, trades_of
from .reach import count
from .shared import options
from .state import CUBE_INDEX, GameState
from .zones import give_target

#: Longest reason :func:`explain` returns, in characters.
MAX_REASON = 300

#: Every specific reason, by code; ``{who}`` is the deciding seat's name.
REASONS: dict[str, str] = {
    "game_over": "the game is over; no action is legal",
    "no_decision": "no seat must decide now: the log stops between two decisions",
    "not_an_action": "{action} is not an action (expected one of the pillars_rules.actions classes)",
    "not_plain": "{name}.{field} must be {want}, not {kind} {value}",
    "wrong_kind": "{who} must decide '{kind}' now; {name} does not answer it (use {allowed})",
    "unknown_card": "unknown card {card}",
    "unknown_resource": "unknown resource {resource} (resources: {cubes})",
    "bad_count": "the number of cubes must be a positive whole number, not {n}",
    # §2.2 draft
    "take.not_resource": "{name} is a {kind}, not a resource card (hire craftsmen with Hire)",
    "take.not_in_display": "{name} is not in the display",
    "take.bad_big": "big must be True or False, not {big}",
    "take.big_placed": "{who}'s big worker is already placed this round; {name} ({yields}) needs "
    "{need} one-value pieces without it, and {who} has {ones}",
    "take.big_short": "with the big worker {name} ({yields}) also needs {need} one-value pieces; {who} has {ones}",
    "take.ones_short": "without the big worker {name} ({yields}) needs {need} one-value pieces; {who} has {ones}{hint}",
    "hire.not_craftsman": "{name} is a {kind}, not a craftsman (take resource cards with TakeResourceCard)",
    "hire.not_in_display": "{name} is not in the display",
    "hire.cannot_pay": "{who} cannot pay {cost} for {name} (has {has})",
    "discard.not_owned": "{who} has no craftsman {name} to discard",
    # §2.3 builders
    "place.unknown_location": "unknown location {location} (locations: {locations})",
    "place.bad_spot": "{place} has no spot {spot} (spots are numbered from 0 to {last})",
    "place.bad_free": "free must be True or False, not {free}",
    "place.taken": "{place} spot {n} is taken",
    "place.one_per_player": "{who} already has a builder at {place}; a player may have only one there",
    "place.in_order": "spots at {place} fill in order: use spot {first} first",
    "place.free_at_zero": "this builder costs nothing; place it with free=False",
    "place.no_free_placement": "{who} has no unused privilege for a free placement",
    "place.cannot_pay": "{who} cannot pay {price} gold for this builder (has {gold}); pass (Park) instead",
    "park.free": "at price 0 the builder must be placed; it cannot wait on the cost track",
    # §2.4 step 2 Bishop
    "protect.not_harmful": "{event} is not harmful, so there is nothing to be protected from; take a cube instead",
    "take_cube.metal": "{resource} is never in {market}, which holds {cubes}",
    "take_cube.empty": "{market} has no {resource} left",
    # §7 once-per-game privileges
    "once.not_owned": "{who} has no unused privilege {name}",
    "once.no_use": "{name} has no once-per-game use",
    "once.wrong_window": "{name} is used {when}, not now",
    "once.does_nothing": "{name} would do nothing now (nobody it can reach has what it asks); it is kept for later",
    # §8 choices
    "pick.not_craftsman_choice": "this choice is between options; answer with ChooseOption(0 to {last})",
    "pick.not_owned": "{who} has no craftsman {name}",
    "pick.excluded": "{source} excludes {name}",
    "pick.no_capacity": "{name} has no capacity to raise",
    "pick.taker_has": "{taker} has {name} already: give another craftsman",
    "option.not_option_choice": "this choice names one of {who}'s craftsmen; answer with PickCraftsman",
    "option.bad_index": "the option must be a whole number from 0 to {last}, not {index}",
    "bid.bad_amount": "a bid is 0 (a pass) or more than the highest bid so far ({top}), up to the "
    "{kind} {who} has ({have}); not {index}",
    # §4 market
    "buy.metal": "{resource} is never sold to players: it cannot be bought, only sold",
    "buy.permit": "buying {resource} needs {cards}",
    "buy.sold_same": "{who} sold {resource} this round; a player may not buy and sell the same type in one round",
    "buy.stock": "{place} holds only {held} {resource} (it is not refilled during the round)",
    "buy.not_here": "{place} sells no {resource} to players",
    "sell.not_here": "{place} buys no {resource} from players",
    "buy.gold": "{n} {resource} cost {cost} gold; {who} has {gold}",
    "buy.full": "{who} has {held} {resource}; a player holds at most {most} of a kind",
    "trade.budget": "{who} has made {most} trades this round, the most a player may; only 'stop trading' is left",
    "sell.permit": "selling {resource} needs {cards}",
    "sell.bought_same": "{who} bought {resource} this round; a player may not buy and sell the same type in one round",
    "sell.holding": "{who} has only {held} {resource}",
    # §6 cathedral
    "build.no_conversion": "{name} has no conversion",
    "build.not_owned": "{who} has no craftsman {name}",
    "build.bad_ability": "{name} has {count} conversion(s); ability must be from 0 to {last}, not {ability}",
    "build.capacity": "{name} has been used {used} of {capacity} time(s) this round (its capacity)",
    "build.budget": "{who} has made {most} conversions this round, the most a player may; only "
    "'finish building' is left",
    "build.needs": "the {name} needs a {cards}",
    "build.condition": "{name} works only while {who} owns {amount}",
    "build.inputs": "{name} needs {inputs}; {who} has {has}",
    # §2.4 step 13 5-cube limit
    "return.holding": "{who} has only {held} {resource}",
    "return.too_many": "{who} keeps {limit} cubes: only {excess} more must be returned",
}


class _Refused(Exception):
    def __init__(self, code: str, **fields) -> None:
        super().__init__(code)
        self.code = code
        self.fields = fields


def explain(state: GameState, rules: Rules, action, legal: list) -> str:
    """Why ``action`` is not legal, in one sentence (at most :data:`MAX_REASON` characters)."""
    return refusal(state, rules, action, legal)[1]


def refusal(state: GameState, rules: Rules, action, legal: list) -> tuple[str, str]:
    """``(code, reason)``; ``code`` is a key of :data:`REASONS`, or ``"other"`` for an
    action that breaks no rule this module knows (the generic reason)."""
    try:
        _check(state, rules, action)
    except _Refused as r:
        text = REASONS[r.code].format(**r.fields)
        return r.code, text if len(text) <= MAX_REASON else text[: MAX_REASON - 3] + "..."
    pend = state.pending
    assert pend is not None  # _check refused a state without a decision
    who = state.players[pend.seat].name[:40]
    return "other", (
        f"'{str(action)[:80]}' is not legal now for {who} ({pend.kind}); {len(legal)} legal action(s) available"
    )


def _check(state: GameState, rules: Rules, action) -> None:
    if state.game_over:
        raise _Refused("game_over")
    if state.pending is None:  # a log folded without verification may stop mid-step
        raise _Refused("no_decision")
    pend = state.pending
    who = state.players[pend.seat].name[:40]
    if type(action) not in A.ACTION_TYPES.values():
        raise _Refused("not_an_action", action=_short(action))
    allowed = A.ACTIONS_FOR[pend.kind]
    if type(action) not in allowed:
        raise _Refused(
            "wrong_kind",
            who=who,
            kind=pend.kind,
            name=type(action).__name__,
            allowed=", ".join(t.__name__ for t in allowed),
        )
    check = _CHECKS.get(type(action))
    if check is not None:
        check(state, rules, pend.seat, who, action)
    _plain(action)


#: How a refusal names each plain type a field must have.
_TYPE_WORDS = {str: "a plain str", int: "a whole number (int, not bool)", bool: "True or False"}


def _plain(action) -> None:
    """Refuse a field whose value is not of its exact type (an ``int``, ``str`` or
    ``bool`` subclass, ``1.0``, ``True`` for a number): the checks above may let one
    pass, as it can compare equal to anything."""
    for name, want in A.FIELD_TYPES[type(action)]:
        value = getattr(action, name)
        if type(value) is not want:
            raise _Refused(
                "not_plain",
                name=type(action).__name__,
                field=name,
                want=_TYPE_WORDS[want],
                kind=type(value).__name__[:40],
                value=safe_repr(value, 40),
            )


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _card(rules: Rules, card) -> str:
    if not isinstance(card, str) or card not in rules.by_id:
        raise _Refused("unknown_card", card=_short(card))
    return rules.name(card)


def _resource(action, cubes=CUBES) -> str:
    r = action.resource
    if not isinstance(r, str) or r not in CUBES:
        raise _Refused("unknown_resource", resource=_short(r), cubes=", ".join(cubes))
    n = getattr(action, "n", 1)
    if type(n) is not int or n < 1:
        raise _Refused("bad_count", n=_short(n))
    return r


def _amounts(amounts) -> str:
    return ", ".join(str(a) for a in amounts) or "nothing"


def _holdings(player, amounts) -> str:
    """What ``player`` holds of each kind in ``amounts`` ("3 gold, 0 wood")."""
    return ", ".join(f"{player.amount(x.kind)} {x.kind}" for x in amounts)


# ------------------------------------------------------------------ §2.2 draft
def _on_display(state, rules, a, kind: str, wrong_kind: str, absent: str):
    """``(name, card)`` of the display card ``a.card`` (§2.2); refused with the code
    ``wrong_kind`` if it is not a ``kind`` card, ``absent`` if it is not on display."""
    name = _card(rules, a.card)
    card = rules.card(a.card)
    if card.kind != kind:
        raise _Refused(wrong_kind, name=name, kind=card.kind)
    if a.card not in state.display:
        raise _Refused(absent, name=name)
    return name, card


def _take(state, rules, seat, who, a) -> None:
    name, card = _on_display(state, rules, a, "resource", "take.not_resource", "take.not_in_display")
    if type(a.big) is not bool:
        raise _Refused("take.bad_big", big=_short(a.big))
    p = state.players[seat].pieces
    ones = p.small + p.grey + p.black
    fields = dict(who=who, name=name, yields=card.yields, ones=ones)
    if pieces_for(p, card.workers, a.big) is not None:
        return
    if a.big and not p.big:
        raise _Refused("take.big_placed", need=card.workers, **fields)
    if a.big:
        raise _Refused("take.big_short", need=max(0, card.workers - BIG_VALUE), **fields)
    hint = " -- use big=True" if pieces_for(p, card.workers, True) is not None else ""
    raise _Refused("take.ones_short", need=card.workers, hint=hint, **fields)


def _hire(state, rules, seat, who, a) -> None:
    name, card = _on_display(state, rules, a, "craftsman", "hire.not_craftsman", "hire.not_in_display")
    p = state.players[seat]
    if all(p.amount(c.kind) >= c.n for c in card.cost):
        return
    raise _Refused("hire.cannot_pay", who=who, cost=_amounts(card.cost), name=name, has=_holdings(p, card.cost))


def _discard(state, rules, seat, who, a) -> None:
    name = _card(rules, a.card)
    if a.card not in state.players[seat].craftsmen:
        raise _Refused("discard.not_owned", who=who, name=name)


# ------------------------------------------------------------------ §2.3 builders
def _price(state: GameState) -> int:
    return state.price if state.drawn is not None else 0


def _place(state, rules, seat, who, a) -> None:
    loc = a.location
    locations = rules.locations
    if not isinstance(loc, str) or loc not in locations:
        raise _Refused("place.unknown_location", location=_short(loc), locations=", ".join(locations))
    where = rules.layout.words(loc)
    if type(a.spot) is not int or not 0 <= a.spot < locations[loc]:
        raise _Refused("place.bad_spot", place=where, spot=_short(a.spot), last=locations[loc] - 1)
    if type(a.free) is not bool:
        raise _Refused("place.bad_free", free=_short(a.free))
    seats = state.spot_list(loc)
    if seats[a.spot] is not None:
        raise _Refused("place.taken", place=where, n=a.spot + 1)
    if loc in rules.one_per_player and seat in seats:
        raise _Refused("place.one_per_player", who=who, place=where)
    if loc in rules.in_order and a.spot != seats.index(None):
        raise _Refused("place.in_order", place=where, first=seats.index(None) + 1)
    price = _price(state)
    if a.free and price == 0:
        raise _Refused("place.free_at_zero")
    if a.free and rules.once_card(state, seat, "placement") is None:
        raise _Refused("place.no_free_placement", who=who)
    if not a.free and state.players[seat].gold < price:
        raise _Refused("place.cannot_pay", who=who, price=price, gold=state.players[seat].gold)


def _park(state, rules, seat, who, a) -> None:
    if _price(state) == 0:
        raise _Refused("park.free")


# ------------------------------------------------------------------ §2.4 step 2 Bishop
def _protect(state, rules, seat, who, a) -> None:
    if not rules.card(state.event).harmful:
        raise _Refused("protect.not_harmful", event=rules.name(state.event))


def _take_cube(state, rules, seat, who, a) -> None:
    r = _resource(a)
    layout = rules.layout
    market = layout.words(layout.market)
    if r not in layout.market_cubes:
        raise _Refused("take_cube.metal", resource=r, market=market, cubes=_either(layout.market_cubes))
    if not state.market[CUBE_INDEX[r]]:
        raise _Refused("take_cube.empty", resource=r, market=market)


def _either(words: tuple[str, ...]) -> str:
    """``("wood", "stone", "sand")`` as "wood, stone or sand"."""
    return " or ".join(filter(None, (", ".join(words[:-1]), words[-1]))) if words else "nothing"


# ------------------------------------------------------------------ §7 once-per-game
#: Windows that are no step of a board; a step's window is "on a turn at" its place.
_WHEN = {
    "placement": "when a builder is placed",
    "event": "after a harmful event is revealed",
    "tax": "after the tax roll",
    "draft": "on a turn in the draft",
}


def _when(rules: Rules, window: str) -> str:
    """A window in words: a step rule's by the board's place that runs it (the market's
    "on a turn at the market")."""
    if window in _WHEN:
        return _WHEN[window]
    place = rules.layout.board.place_of(window)
    return f"on a turn at {rules.layout.words(place)}" if place else window


def _use_once(state, rules, seat, who, a) -> None:
    name = _card(rules, a.card)
    if a.card not in state.players[seat].privileges:
        raise _Refused("once.not_owned", who=who, name=name)
    windows = [o.window for _, o in rules.onces[a.card]]
    if not windows:
        raise _Refused("once.no_use", name=name)
    if state.pending.kind.removeprefix("once_") not in windows:
        raise _Refused("once.wrong_window", name=name, when=" or ".join(_when(rules, w) for w in windows))
    window = state.pending.kind
    if window in GENERAL_WINDOWS and len(once_events(state, rules, seat, a.card, window)) < 2:
        raise _Refused("once.does_nothing", name=name)


# ------------------------------------------------------------------ §8 choices
def _pick(state, rules, seat, who, a) -> None:
    effect = job_effect(rules, state.jobs[0])
    if not isinstance(effect, ChooseCraftsman):
        n = _options_of(state, rules, seat, effect)
        raise _Refused("pick.not_craftsman_choice", last=n - 1)
    name = _card(rules, a.card)
    if a.card not in state.players[seat].craftsmen:
        raise _Refused("pick.not_owned", who=who, name=name)
    if a.card in effect.exclude:
        raise _Refused("pick.excluded", source=rules.name(state.jobs[0].source), name=name)
    if effect.action == "boost" and not any(cv.capacity is not None for _, cv in rules.converts[a.card]):
        raise _Refused("pick.no_capacity", name=name)
    taker = give_target(state, seat, effect, state.jobs[0].actor)
    if taker >= 0 and a.card in state.players[taker].craftsmen:
        raise _Refused("pick.taker_has", taker=state.players[taker].name[:40], name=name)


def _option(state, rules, seat, who, a) -> None:
    effect = job_effect(rules, state.jobs[0])
    if isinstance(effect, ChooseCraftsman):
        raise _Refused("option.not_option_choice", who=who)
    if isinstance(effect, Bid):  # a bid's value is the amount (issue #36)
        if type(a.index) is not int or a.index not in options(state, effect, seat):
            top = max([v for _, v in state.ballots] + [0])
            raise _Refused(
                "bid.bad_amount",
                top=top,
                kind=effect.kind,
                who=who,
                have=count(state, seat, effect.kind),
                index=_short(a.index),
            )
        return
    n = _options_of(state, rules, seat, effect)
    if type(a.index) is not int or not 0 <= a.index < n:
        raise _Refused("option.bad_index", last=n - 1, index=_short(a.index))


def _options_of(state, rules, seat, effect) -> int:
    """How many options a choice between options has (a bid: its highest + 1)."""
    if is_shared(effect):
        return max(options(state, effect, seat)) + 1
    return option_count(state, rules, seat, effect)


# ------------------------------------------------------------------ §4 market
def _trade_budget(state, seat, who) -> None:
    if trades_of(state, seat) >= MAX_TRADES:
        raise _Refused("trade.budget", who=who, most=MAX_TRADES)


def _buy(state, rules, seat, who, a) -> None:
    r = _resource(a)
    layout, place = rules.layout, state.step  # the market place trading now
    if r not in layout.cubes_at.get(place, layout.market_cubes) or rules.price(state, seat, "buy", r, place) is None:
        if not any(r in cubes for cubes in layout.cubes_at.values()):  # no market holds it (§4: metal)
            raise _Refused("buy.metal", resource=r)
        raise _Refused("buy.not_here", place=layout.words(place), resource=r)
    _trade_budget(state, seat, who)
    if not rules.permitted(state, seat, "buy", r):
        raise _Refused("buy.permit", resource=r, cards=rules.permit_names("buy", r))
    if ("sell", r) in state.traded_kinds(seat):
        raise _Refused("buy.sold_same", who=who, resource=r)
    held = layout.stock(state.market, state.stocks, place)[CUBE_INDEX[r]]
    if a.n > held:
        raise _Refused("buy.stock", place=layout.words(place), held=held, resource=r)
    cost = a.n * rules.price(state, seat, "buy", r, place)
    if cost > state.players[seat].gold:
        raise _Refused("buy.gold", n=a.n, resource=r, cost=cost, who=who, gold=state.players[seat].gold)
    held = state.players[seat].cube(r)
    if held + a.n > MAX_CUBES:
        raise _Refused("buy.full", who=who, held=held, resource=r, most=MAX_CUBES)


def _sell(state, rules, seat, who, a) -> None:
    r = _resource(a)
    if rules.price(state, seat, "sell", r, state.step) is None:
        raise _Refused("sell.not_here", place=rules.layout.words(state.step), resource=r)
    if not rules.permitted(state, seat, "sell", r):
        raise _Refused("sell.permit", resource=r, cards=rules.permit_names("sell", r))
    if ("buy", r) in state.traded_kinds(seat):
        raise _Refused("sell.bought_same", who=who, resource=r)
    _trade_budget(state, seat, who)
    if a.n > state.players[seat].cube(r):
        raise _Refused("sell.holding", who=who, held=state.players[seat].cube(r), resource=r)


# ------------------------------------------------------------------ §6 cathedral
def _build(state, rules, seat, who, a) -> None:
    name = _card(rules, a.card)
    convs = rules.converts[a.card]
    if not convs:
        raise _Refused("build.no_conversion", name=name)
    p = state.players[seat]
    if a.card not in p.craftsmen:
        raise _Refused("build.not_owned", who=who, name=name)
    if type(a.ability) is not int or not 0 <= a.ability < len(convs):
        raise _Refused("build.bad_ability", name=name, count=len(convs), last=len(convs) - 1, ability=_short(a.ability))
    conv: Convert = convs[a.ability][1]
    if builds_of(p) >= MAX_BUILDS:
        raise _Refused("build.budget", who=who, most=MAX_BUILDS)
    used, cap = rules.uses(p, a.card, a.ability), rules.capacity(state, seat, a.card, conv)
    if used >= cap:
        raise _Refused("build.capacity", name=name, used=used, capacity=cap)
    for tag in conv.tags_needed:
        if not rules.has_tag(state, seat, tag):
            raise _Refused("build.needs", name=name, cards=rules.tag_names(tag))
    if conv.condition and p.amount(conv.condition.kind) < conv.condition.n:
        raise _Refused("build.condition", name=name, who=who, amount=f"{conv.condition.n} {conv.condition.kind}")
    if all(p.amount(x.kind) >= x.n for x in conv.inputs):
        return
    raise _Refused("build.inputs", name=name, inputs=_amounts(conv.inputs), who=who, has=_holdings(p, conv.inputs))


# ------------------------------------------------------------------ §2.4 step 13
def _return(state, rules, seat, who, a) -> None:
    r = _resource(a)
    p = state.players[seat]
    if a.n > p.cube(r):
        raise _Refused("return.holding", who=who, held=p.cube(r), resource=r)
    limit = rules.layout.cube_limit
    if a.n > sum(p.cubes) - limit:
        raise _Refused("return.too_many", who=who, limit=limit, excess=sum(p.cubes) - limit)


_CHECKS = {
    A.TakeResourceCard: _take,
    A.Hire: _hire,
    A.Discard: _discard,
    A.Place: _place,
    A.Park: _park,
    A.Protect: _protect,
    A.TakeCube: _take_cube,
    A.UseOnce: _use_once,
    A.PickCraftsman: _pick,
    A.ChooseOption: _option,
    A.Buy: _buy,
    A.Sell: _sell,
    A.Build: _build,
    A.ReturnCubes: _return,
}

"""The words of each kind of legal action: one function per action class.

Each function reads the decision's context (:class:`Context`: the seat view's
state and rules) and one action, and returns the parts of a
:class:`~pillars_rules.words.choices.Choice`: the label, what the action
gives and costs, the card and place it is about, and the text to show beside
it. :mod:`.choices` assembles, caches and checks them; this module only
writes. Cards are read from the compiled set (names, costs, conversions,
abilities through :mod:`.cardtext`), never known by name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import attrs

from ..cardlang import effects as fx
from ..cardlang.effects import ChooseCraftsman, ChooseOne
from ..cardlang.render import instant, render
from ..engine import actions as A
from ..engine.batch import BIG_VALUE, chosen_seats, is_chosen, job_effect
from ..engine.borrow import borrow_uses
from ..engine.reach import scaled
from ..engine.zones import copy_options, give_options, give_target, gives_to_chosen, reorders
from .cardtext import amounts, conversion, once_effect, summary
from .grammar import count, ordinal
from .help import BY_ID, topic_for
from .names import card_names
from .shared import option_text


class Parts(NamedTuple):
    label: str
    gives: tuple[str, ...] = ()
    costs: tuple[str, ...] = ()
    card: str | None = None
    place: str | None = None
    spot: int | None = None
    text: str = ""


class Context:
    """One decision, read once: the view's state and rules, the deciding seat,
    the decision kind, the distinct card names and the listed actions."""

    __slots__ = ("state", "rules", "seat", "player", "kind", "names", "legal")

    def __init__(self, view) -> None:
        self.state = view.state
        self.rules = view.rules
        self.legal = view.legal_actions
        pend = self.state.pending
        self.seat = view.seat if pend is None else pend.seat
        self.kind = "" if pend is None else pend.kind
        self.player = self.state.players[self.seat]
        self.names = card_names(self.rules)

    def name(self, cid: str) -> str:
        return self.names.get(cid) or self.rules.name(cid)  # a board's set-up rules: the board's name

    def text(self, cid: str | None) -> str:
        if not cid or cid not in self.rules.by_id:
            return ""
        return render(self.rules.card(cid))

    def at(self, rule: str) -> tuple[str, str]:
        """The key of the place running ``rule`` on this board and its help text."""
        key = self.rules.layout.board.place_of(rule)
        topic = topic_for(self.rules, key)
        return key, topic.text if topic is not None else ""

    def trading_at(self) -> tuple[str, str]:
        """The market place trading now (a board may have more than one, the
        expansion's Harbour) and its help text."""
        layout = self.rules.layout
        key = self.state.step if layout.is_market(self.state.step) else layout.market
        topic = topic_for(self.rules, key)
        return key, topic.text if topic is not None else ""

    def seat_name(self, seat: int) -> str:
        return "your" if seat == self.seat else f"{self.state.players[seat].name}'s"

    def price(self) -> int:
        """The price of the builder to place (§2.3): parked and third builders are free."""
        return self.state.price if self.state.drawn is not None else 0


def step_of(ctx: Context, place: str) -> str:
    """A place's step of Phase III on this board ("step 6")."""
    layout = ctx.rules.layout
    i = layout.step_index.get(place)
    return f"step {i + 1}" if i is not None else layout.words(place)


def qualified(ctx: Context, cid: str) -> str:
    """The card's distinct name with its round, for a craftsman ("Potter (round 2)")."""
    name = ctx.name(cid)
    card = ctx.rules.by_id.get(cid)
    if card is not None and card.kind == "craftsman" and name == card.name:
        when = "starting card" if card.round == 0 else f"round {card.round}"
        return f"{name[:-1]}, {when})" if name.endswith(")") else f"{name} ({when})"
    return name


# ------------------------------------------------------------------ Phase I
def _take(ctx: Context, a: A.TakeResourceCard) -> Parts:
    card = ctx.rules.card(a.card)
    n = card.workers
    if a.big:
        ones = max(0, n - BIG_VALUE)
        pieces = "the big worker" + (f" and {count(ones, 'one-value worker')}" if ones else "")
        waste = BIG_VALUE - n if n < BIG_VALUE else 0
        if waste:
            pieces += f" ({count(waste, 'worker value')} wasted)"
    else:
        pieces = count(n, "one-value worker")
    got = (
        f"{card.yields} at {ctx.rules.layout.words(card.site)} ({step_of(ctx, card.site)})"
        if card.yields
        else "nothing"
    )
    return Parts(
        f"take {card.name} ({card.yields}, {count(n, 'worker')}) with {pieces}",
        (got,),
        (pieces,),
        a.card,
        card.site or None,
        None,
        render(card),
    )


def _hire(ctx: Context, a: A.Hire) -> Parts:
    card = ctx.rules.card(a.card)
    cost = amounts(card.cost) if card.cost else "nothing"
    what = summary(card)
    converts = "; ".join(conversion(c) for c in card.conversions) or what
    return Parts(
        f"hire {qualified(ctx, a.card)} for {cost}: {converts}",
        (f"{ctx.name(a.card)}: {what}",),
        tuple(str(x) for x in card.cost),
        a.card,
        None,
        None,
        render(card),
    )


def _pass(ctx: Context, a) -> Parts:
    return Parts("pass (final for this phase)", text=BY_ID["draft"].text)


def _discard(ctx: Context, a: A.Discard) -> Parts:
    return Parts(f"discard {ctx.name(a.card)}", (), (ctx.name(a.card),), a.card, text=ctx.text(a.card))


# ------------------------------------------------------------------ Phase II
def _keep(ctx: Context, a) -> Parts:
    whose = ctx.seat_name(ctx.state.drawn) if ctx.state.drawn is not None else "the"
    price = f"price {ctx.state.price} gold" if ctx.state.price else "free"
    return Parts(f"keep {whose} drawn builder ({price})", text=BY_ID["builders"].text)


def _return(ctx: Context, a) -> Parts:
    whose = ctx.seat_name(ctx.state.drawn) if ctx.state.drawn is not None else "the"
    return Parts(f"put {whose} builder back and draw again (once per round)", text=BY_ID["builders"].text)


def _spot(ctx: Context, loc: str, spot: int) -> tuple[tuple[str, ...], str | None]:
    """What a builder at ``loc``/``spot`` gets, and the card lying there."""
    s = ctx.state
    layout = ctx.rules.layout
    rule = layout.step_rule.get(loc, "")
    if rule in ("privileges", "craftsmen"):
        privileges = rule == "privileges"
        row = s.kingsbridge if privileges else s.shiring
        cid = row[spot] if spot < len(row) else ""
        if not cid:
            return (f"no {'privilege' if privileges else 'craftsman'} is left here",), None
        card = ctx.rules.by_id.get(cid)
        what = (
            ""
            if card is None
            else summary(card)
            if privileges
            else ("; ".join(conversion(c) for c in card.conversions) or summary(card))
        )
        name = ctx.name(cid) if privileges else qualified(ctx, cid)
        free = "" if privileges else ", free"
        return (f"{name}{free}: {what}",), cid
    if rule == "spots":
        effects = [e for n, e in layout.spot_effects.get(loc, ()) if n == spot]
        return tuple(spot_gives(e) for e in effects) or (layout.words(loc),), None
    if rule == "tax":
        gives = ("no tax this round",)
        return (gives + ("the court's metal",) if spot == 0 and s.court_metal else gives), None
    if rule == "bishop":
        return ("protection from a harmful event, or 1 wood, stone or sand from the market",), None
    if rule == "market":
        return (f"trade {ordinal(spot + 1)}",) + other_market(layout, loc), None
    if rule == "collector":
        return ("no tax this round", "the tax roll in gold"), None
    if rule == "start_player":
        return ("start player next round",), None
    return (layout.words(loc),), None


def other_market(layout, loc: str) -> tuple[str, ...]:
    """What a market other than the main one (the expansion's Harbour) trades
    at, beside the main market's prices: ``("buys sand 3, wood 4, stone 5 gold:
    the market's price + 1",)``; nothing for the main market."""
    if loc == layout.market:
        return ()
    out = []
    for verb, mine, main in (
        ("buys", layout.selling[loc], layout.sell_prices),
        ("sells", layout.buying[loc], layout.buy_prices),
    ):
        if not mine:
            continue
        prices = ", ".join(f"{cube} for {price}" for cube, price in mine.items())
        steps = {price - main.get(cube, price + 1000) for cube, price in mine.items()}
        beside = ""
        if len(steps) == 1:  # every price the main market's plus or minus one amount
            step = steps.pop()
            beside = (
                ": the market's prices"
                if step == 0
                else f": the market's price + {step}"
                if step > 0
                else f": the market's price - {-step}"
            )
        out.append(f"{verb} {prices} gold{beside}")
    return tuple(out)


def spot_gives(effect) -> str:
    """What one spot's effect gives, short ("+2 VP", "2 grey workers next round")."""
    if isinstance(effect, fx.GreyWorkers):
        return f"{count(effect.n, 'grey worker')} next round"
    if isinstance(effect, fx.Gain) and effect.per is None:
        return ", ".join(f"+{a.n} {'VP' if a.kind == 'vp' else a.kind}" for a in effect.amounts)
    return instant(effect)


def _place(ctx: Context, a: A.Place) -> Parts:
    loc, spot = a.location, a.spot
    layout = ctx.rules.layout
    where = layout.words(loc) + (f" spot {spot + 1}" if layout.locations.get(loc, 1) > 1 else "")
    gives, cid = _spot(ctx, loc, spot)
    price = ctx.price()
    costs: tuple[str, ...]
    if a.free:
        once = ctx.rules.once_card(ctx.state, ctx.seat, "placement")
        name = ctx.name(once) if once else "a free placement"
        costs, tail = (f"{name} (once per game)",), f"free with {name}"
    elif price:
        costs, tail = (f"{price} gold",), f"for {price} gold"
    else:
        costs, tail = (), "free"
    topic = topic_for(ctx.rules, loc)
    help_text = topic.text if topic is not None else ""
    text = ctx.text(cid) if cid else help_text
    return Parts(f"place at {where} ({'; '.join(gives)}) {tail}", gives, costs, cid, loc, spot, text)


def _park(ctx: Context, a) -> Parts:
    space = ctx.state.price
    return Parts(
        f"pass: the builder waits on cost space {space}, placed free after the bag is empty",
        ("a free placement later",),
        (),
        text=BY_ID["builders"].text,
    )


# ------------------------------------------------------------------ Phase III
def _event_name(ctx: Context) -> str:
    return ctx.name(ctx.state.event) if ctx.state.event else "this round's event"


def _protect(ctx: Context, a) -> Parts:
    event = _event_name(ctx)
    return Parts(
        f"take the Bishop's protection from {event}",
        (f"{event} does not touch you",),
        (),
        ctx.state.event or None,
        ctx.at("bishop")[0],
        0,
        ctx.text(ctx.state.event),
    )


def _take_cube(ctx: Context, a: A.TakeCube) -> Parts:
    bishop, text = ctx.at("bishop")
    return Parts(f"take 1 {a.resource} from the market", (f"1 {a.resource}",), (), None, bishop, 0, text)


def _window(kind: str) -> str:
    return {"once_event": "event", "once_tax": "tax"}.get(kind, kind)


def _tax(ctx: Context) -> int:
    return ctx.rules.tax_for(ctx.state, ctx.seat, ctx.state.tax)


def _use_once(ctx: Context, a: A.UseOnce) -> Parts:
    card = ctx.rules.card(a.card)
    name = ctx.name(a.card)
    if ctx.kind == "once_event":
        event = _event_name(ctx)
        return Parts(
            f"use {name}: ignore {event}",
            (f"{event} does not touch you",),
            (f"{name} (once per game)",),
            a.card,
            None,
            None,
            render(card),
        )
    if ctx.kind == "once_tax":
        tax = _tax(ctx)
        return Parts(
            f"use {name}: pay no tax this round (instead of {tax} gold)",
            (f"{tax} gold kept",),
            (f"{name} (once per game)",),
            a.card,
            None,
            None,
            render(card),
        )
    what = once_effect(card, _window(ctx.kind))
    return Parts(
        f"use {name} (once per game): {what}", (what,), (f"{name} (once per game)",), a.card, None, None, render(card)
    )


def _decline(ctx: Context, a) -> Parts:
    once = next((x.card for x in ctx.legal if type(x) is A.UseOnce), None)
    name = ctx.name(once) if once else "the privilege"
    if ctx.kind == "once_tax":
        return Parts(
            f"keep {name} for later and pay the tax ({_tax(ctx)} gold)",
            (),
            (f"{_tax(ctx)} gold",),
            once,
            None,
            None,
            ctx.text(once),
        )
    return Parts(f"keep {name} for later ({_event_name(ctx)} applies to you)", (), (), once, None, None, ctx.text(once))


def _job(ctx: Context):
    job = ctx.state.jobs[0]
    return job, job_effect(ctx.rules, job)


def _pick(ctx: Context, a: A.PickCraftsman) -> Parts:
    job, effect = _job(ctx)
    source = ctx.name(job.source)
    name = ctx.name(a.card)
    if isinstance(effect, ChooseCraftsman) and effect.action == "boost":
        return Parts(
            f"+{effect.n} capacity this round for {name} ({source})",
            (f"{name}: {count(effect.n, 'more use')} this round",),
            (),
            a.card,
            None,
            None,
            ctx.text(a.card),
        )
    if isinstance(effect, ChooseCraftsman) and effect.action == "give":
        taker = give_target(ctx.state, ctx.seat, effect, job.actor)
        who = ctx.state.players[taker].name if taker >= 0 else "nobody"
        return Parts(f"give {name} to {who} ({source})", (), (name,), a.card, None, None, ctx.text(a.card))
    return Parts(f"discard {name} ({source})", (), (name,), a.card, None, None, ctx.text(a.card))


def _reorder(ctx: Context, effect: fx.ReorderEvents, index: int) -> str:
    """An order of the top event cards, named as the seat's view shows them
    (it has looked at them: issue #53)."""
    deck = ctx.state.event_deck
    order = reorders(min(effect.n, len(deck)))[index]
    names = [ctx.name(deck[i]) if deck[i] in ctx.rules.by_id else "an unseen card" for i in order]
    return ("keep the order: " if index == 0 else "put on top: ") + ", then ".join(names)


def _borrow(ctx: Context, effect: fx.Borrow, index: int) -> str:
    """An option of "use a craftsman of another player": whose craftsman, which,
    and what its conversion costs and gives; the last option uses none."""
    uses = borrow_uses(ctx.state, ctx.rules, ctx.seat, effect)
    if index >= len(uses):
        return "use no craftsman"
    owner, cid, i = uses[index]
    whose = "your own" if owner == ctx.seat else f"{ctx.state.players[owner].name}'s"
    conv = ctx.rules.card(cid).conversions[i]
    return f"use {whose} {ctx.name(cid)} once: {conversion(conv, capacity=False)}"


def _choose(ctx: Context, a: A.ChooseOption) -> Parts:
    job, effect = _job(ctx)
    if isinstance(effect, fx.DraftCards):  # a card of the display, drafted at set-up (issue #53)
        card = ctx.state.display[a.index]
        name = ctx.name(card)
        source = ctx.name(job.source)
        return Parts(f"draft {name} ({source})", (name,), (), card, None, None, ctx.text(card))
    if isinstance(effect, fx.Borrow):
        what = _borrow(ctx, effect, a.index)
    elif isinstance(effect, fx.ReorderEvents):
        what = _reorder(ctx, effect, a.index)
    elif isinstance(effect, fx.CopyPrivilege):  # whose privilege, and which
        owner, card = copy_options(ctx.state, ctx.rules, ctx.seat, effect, job.actor)[a.index]
        what = f"copy {ctx.name(card)} of {ctx.state.players[owner].name}"
    elif gives_to_chosen(effect):  # which card, to whom (issue #53)
        card, taker = give_options(ctx.state, ctx.seat, effect, job.actor)[a.index]
        what = f"give {ctx.name(card)} to {ctx.state.players[taker].name}"
    elif is_chosen(effect):  # "a player you choose": the option names the player and what they get
        seats = chosen_seats(ctx.state, ctx.rules, ctx.seat, effect, job.source, job.ability)
        who = ctx.state.players[seats[a.index]].name
        if isinstance(effect, fx.Transfer):
            what = (
                f"{effect.direction} {amounts(effect.amounts)} {'from' if effect.direction == 'take' else 'to'} {who}"
            )
        elif isinstance(effect, fx.Swap):
            what = f"trade {amounts(effect.gives)} for {amounts(effect.gets)} with {who}"
        else:
            what = f"{who}: {instant(effect.effect)}"
    elif fx.is_shared(effect):  # a vote or a bid (issue #36)
        what = option_text(ctx.state, effect, a.index)
        return Parts(f"{what} ({ctx.name(job.source)})", (what,), (), job.source, None, None, ctx.text(job.source))
    else:
        what = instant(effect.options[a.index]) if isinstance(effect, ChooseOne) else f"option {a.index + 1}"
        if job.actor >= 0 and isinstance(effect, ChooseOne) and fx.names_actor(effect.options[a.index]):
            what += f" ({ctx.state.players[job.actor].name} is the player who did it)"  # issue #53
    source = ctx.rules.layout.names.get(job.source) or ctx.name(job.source)  # a card, or a place (France)
    return Parts(f"option {a.index + 1}: {what} ({source})", (what,), (), job.source, None, None, ctx.text(job.source))


def _trade_price(ctx: Context, trade: str, resource: str) -> int:
    step = ctx.state.step  # the market trading now, else the main market's prices
    return ctx.rules.price(ctx.state, ctx.seat, trade, resource, step if ctx.rules.layout.is_market(step) else "") or 0


def _here(ctx: Context) -> tuple[str, None, str]:
    """Parts' place, craftsman and text for a trade at the market trading now."""
    place, text = ctx.trading_at()
    return place, None, text


def _buy(ctx: Context, a: A.Buy) -> Parts:
    total = a.n * _trade_price(ctx, "buy", a.resource)
    return Parts(
        f"buy {a.n} {a.resource} for {total} gold", (f"{a.n} {a.resource}",), (f"{total} gold",), None, *_here(ctx)
    )


def _sell(ctx: Context, a: A.Sell) -> Parts:
    total = a.n * _trade_price(ctx, "sell", a.resource)
    cap = ctx.rules.layout.gold_cap
    lost = max(0, ctx.player.gold + total - cap)
    note = f" ({lost} of it lost: gold stops at {cap})" if lost else ""
    return Parts(
        f"sell {a.n} {a.resource} for {total} gold{note}",
        (f"{total - lost} gold",),
        (f"{a.n} {a.resource}",),
        None,
        *_here(ctx),
    )


def _end_trading(ctx: Context, a) -> Parts:
    place, text = ctx.trading_at()
    return Parts("stop trading (final for this round)", place=place, text=text)


def _build(ctx: Context, a: A.Build) -> Parts:
    conv = ctx.rules.card(a.card).conversions[a.ability]
    left = ctx.rules.capacity(ctx.state, ctx.seat, a.card, conv) - ctx.rules.uses(ctx.player, a.card, a.ability)
    if conv.outputs_per is not None:  # a scaled output (issue #53): what this use gives now
        conv = attrs.evolve(
            conv, outputs=scaled(ctx.state, ctx.seat, conv.outputs, conv.outputs_per, a.card), outputs_per=None
        )
    return Parts(
        f"use {ctx.name(a.card)}: {conversion(conv, capacity=False)} ({count(left, 'use')} left)",
        (amounts(conv.outputs),),
        tuple(str(x) for x in conv.inputs),
        a.card,
        ctx.at("cathedral")[0],
        None,
        ctx.text(a.card),
    )


def _end_building(ctx: Context, a) -> Parts:
    return Parts("finish building for this round", place=ctx.at("cathedral")[0], text=ctx.at("cathedral")[1])


def _return_cubes(ctx: Context, a: A.ReturnCubes) -> Parts:
    limit = ctx.rules.layout.cube_limit
    return Parts(
        f"return {a.n} {a.resource} to the supply ({limit}-cube limit)",
        (),
        (f"{a.n} {a.resource}",),
        None,
        ctx.at("cathedral")[0],
        None,
        ctx.at("cathedral")[1],
    )


#: The words of each action class.
WRITERS: dict[type, Callable[[Context, Any], Parts]] = {  # each takes its own action class
    A.TakeResourceCard: _take,
    A.Hire: _hire,
    A.Pass: _pass,
    A.Discard: _discard,
    A.ReturnBuilder: _return,
    A.KeepBuilder: _keep,
    A.Place: _place,
    A.Park: _park,
    A.Protect: _protect,
    A.TakeCube: _take_cube,
    A.UseOnce: _use_once,
    A.Decline: _decline,
    A.PickCraftsman: _pick,
    A.ChooseOption: _choose,
    A.Buy: _buy,
    A.Sell: _sell,
    A.EndTrading: _end_trading,
    A.Build: _build,
    A.EndBuilding: _end_building,
    A.ReturnCubes: _return_cubes,
}
assert set(WRITERS) == set(A.ACTION_TYPES.values()), "an action class without words"


def _place_key(ctx: Context, a: A.Place):
    loc, layout = a.location, ctx.rules.layout
    row = ctx.state.kingsbridge if loc == layout.privileges else ctx.state.shiring if loc == layout.craftsmen else ()
    here = row[a.spot] if a.spot < len(row) else None
    once = ctx.rules.once_card(ctx.state, ctx.seat, "placement") if a.free else None
    return (ctx.price(), here, bool(ctx.state.court_metal) if loc == layout.tax else None, once)


def _build_key(ctx: Context, a: A.Build):
    conv = ctx.rules.card(a.card).conversions[a.ability]
    return ctx.rules.capacity(ctx.state, ctx.seat, a.card, conv) - ctx.rules.uses(ctx.player, a.card, a.ability)


def _option_key(ctx: Context):
    """An option's label: the job's, and the players or craftsmen it names
    (which seats are chosen from, which uses of a craftsman are open)."""
    job, effect = _job(ctx)
    if isinstance(effect, fx.Borrow):
        return job, borrow_uses(ctx.state, ctx.rules, ctx.seat, effect)
    if isinstance(effect, fx.ReorderEvents):  # the cards the seat sees on top
        return job, ctx.state.event_deck[: effect.n]
    if isinstance(effect, fx.DraftCards):  # the cards on the display (issue #53)
        return job, ctx.state.display
    if isinstance(effect, fx.CopyPrivilege):
        return job, tuple(copy_options(ctx.state, ctx.rules, ctx.seat, effect, job.actor))
    if gives_to_chosen(effect):
        return job, tuple(give_options(ctx.state, ctx.seat, effect, job.actor))
    return job, chosen_seats(ctx.state, ctx.rules, ctx.seat, effect, job.source, job.ability) if is_chosen(
        effect
    ) else ()


#: What else a label depends on besides the action and the cards (the
#: choices cache keys on it): ``None`` for labels that depend on nothing more.
DEPENDS: dict[type, Callable[[Context, Any], object]] = {
    A.Place: _place_key,
    A.Park: lambda ctx, a: ctx.state.price,
    A.KeepBuilder: lambda ctx, a: (ctx.state.drawn == ctx.seat, ctx.state.drawn, ctx.state.price),
    A.ReturnBuilder: lambda ctx, a: (ctx.state.drawn == ctx.seat, ctx.state.drawn),
    A.Protect: lambda ctx, a: ctx.state.event,
    A.UseOnce: lambda ctx, a: (ctx.kind, ctx.state.event, _tax(ctx) if ctx.kind == "once_tax" else 0),
    A.Decline: lambda ctx, a: (
        ctx.kind,
        ctx.state.event,
        _tax(ctx) if ctx.kind == "once_tax" else 0,
        next((x.card for x in ctx.legal if type(x) is A.UseOnce), None),
    ),
    A.PickCraftsman: lambda ctx, a: ctx.state.jobs[0],
    A.ChooseOption: lambda ctx, a: _option_key(ctx),
    A.Buy: lambda ctx, a: _trade_price(ctx, "buy", a.resource),
    A.Sell: lambda ctx, a: (
        p := _trade_price(ctx, "sell", a.resource),
        max(0, ctx.player.gold + a.n * p - ctx.rules.layout.gold_cap),
    ),
    A.Build: _build_key,
}

"""What things are worth to the heuristic bots, in VP: the tunable
:class:`Weights`, the game's fixed numbers the bots plan with, and each
card's value (:class:`CardValues`), derived once per card set from its
abilities in the effect registry -- never from a card's name: in closed form
for the plain forms (gains, losses, trades, the market, lasting changes), by
what it does through the model for any other (:mod:`.probe`).

:mod:`pillars_rules.bots.evaluate` values whole positions with these.
"""

from __future__ import annotations

from typing import Final

from attrs import frozen

from ..cardlang.effects import (
    CUBES,
    GAME_END,
    CapacityDelta,
    ChooseOne,
    CraftsmanLimit,
    ExtraWorker,
    ForPlayers,
    FreePlacement,
    Gain,
    GreyWorkers,
    If,
    IgnoreEvent,
    Lasting,
    Lose,
    Market,
    OnAction,
    Once,
    OnGain,
    PeekEvent,
    PerBuilder,
    PerCount,
    PerMillWorker,
    Permit,
    PriceDelta,
    Scaled,
    Swap,
    TaxDelta,
    TaxExempt,
    TaxFixed,
    Transfer,
    Trigger,
    YieldDelta,
)
from .probe import EffectProbe

# Imported names read in hot code, as Final aliases: the compiled build reads a Final
# from a C static, any other module global from the module's dict at every read.
_CUBES: Final = CUBES
_CapacityDelta: Final = CapacityDelta
_ChooseOne: Final = ChooseOne
_CraftsmanLimit: Final = CraftsmanLimit
_ExtraWorker: Final = ExtraWorker
_ForPlayers: Final = ForPlayers
_FreePlacement: Final = FreePlacement
_Gain: Final = Gain
_GreyWorkers: Final = GreyWorkers
_If: Final = If
_IgnoreEvent: Final = IgnoreEvent
_Lasting: Final = Lasting
_Lose: Final = Lose
_Market: Final = Market
_OnAction: Final = OnAction
_OnGain: Final = OnGain
_Once: Final = Once
_PeekEvent: Final = PeekEvent
_PerBuilder: Final = PerBuilder
_PerCount: Final = PerCount
_PerMillWorker: Final = PerMillWorker
_Scaled: Final = Scaled
_Permit: Final = Permit
_PriceDelta: Final = PriceDelta
_Swap: Final = Swap
_TaxDelta: Final = TaxDelta
_TaxExempt: Final = TaxExempt
_TaxFixed: Final = TaxFixed
_Transfer: Final = Transfer
_Trigger: Final = Trigger
_YieldDelta: Final = YieldDelta
#: The forms :meth:`CardValues.effect_value` values in closed form (with If, ForPlayers and ChooseOne over them).
_PLAIN: Final = (Gain, Lose, Swap, Transfer, Market, Lasting)

ROUNDS: Final = 6
CUBE_LIMIT: Final = 5
#: The tax die's mean (RULES §1: faces 2, 3, 3, 4, 4, 5).
MEAN_TAX: Final = 3.5
#: Worker value per seat and round: 7 small + 1 big (§1).
WORKERS: Final = 12
BUY: Final = {"sand": 2, "wood": 3, "stone": 4}
#: A typical value of each count of the game over a game (issue #36), for
#: valuing ``per COUNT`` without a position; with one, the bots read the
#: count itself (:func:`gain_factor`).
TYPICAL_COUNT: Final = {
    "gold": 10.0,
    "vp": 20.0,
    "wood": 1.0,
    "stone": 1.0,
    "sand": 1.0,
    "metal": 0.5,
    "cubes": 3.0,
    "craftsmen": 4.0,
    "privileges": 2.0,
    "workers": 12.0,
    "builders": 3.0,
    "round": 3.5,
    "players": 3.0,
    "pieces": 3.0,
    "tax": 3.5,
    "counters": 3.0,
}
#: How often one seat makes each action a reaction answers, per round, typically
#: (issue #53: reactions to other players' actions).
TYPICAL_ACTIONS: Final = {"hire": 0.8, "buy": 0.5, "sell": 0.5, "place": 3.0, "take": 1.5}
#: How many players a selector reaches besides its owner, typically.
TYPICAL_REACH: Final = {
    "each": 2.0,
    "other": 2.0,
    "left": 1.0,
    "right": 1.0,
    "most": 1.0,
    "fewest": 1.0,
    "chosen": 1.0,
    "actor": 1.0,
}


def gain_factor(state, seat: int, per, card: str = "") -> int:
    """What a gain with ``per`` is multiplied by for ``seat`` in ``state``
    (the seat's view will do: every count is public); a quantity's product
    of factors (issue #53; its bound is left to the valuation)."""
    if per is None:
        return 1
    if isinstance(per, _Scaled):
        k = 1
        for f in per.factors:
            k *= gain_factor(state, seat, f, card)
        return min(k, per.up_to) if per.up_to else k
    if isinstance(per, _PerBuilder):
        return state.builders_at(seat, per.location)
    if isinstance(per, _PerMillWorker):
        return state.players[seat].pieces.value
    return state.count(seat, per.what, card) // per.per


SELL: Final = {"sand": 2, "wood": 3, "stone": 4, "metal": 5}
#: What going first instead of last in one round's placement is worth, in VP
#: (the default of :attr:`Weights.first_in_order`; see there).
FIRST_IN_ORDER: Final = 0.7


def next_order_place(state) -> tuple[int, int, int]:
    """(round, start player, step) of the next placement a seat faces in
    ``state``: this round's while its draft is ahead or under way, else next
    round's as it stands now (the start player may still change at step 14);
    ``step`` is 1 clockwise, -1 in a reversed round. Round 0 past the last."""
    rnd = state.round if state.stage in ("setup", "draft") else state.round + 1
    if rnd > ROUNDS or state.game_over:
        return 0, state.start_player, 1
    return rnd, state.start_player, -1 if rnd in state.reversed_rounds else 1


def order_worth(state, seat: int, first: float) -> float:
    """``seat``'s place in the order of the next placement
    (:func:`next_order_place`), in VP: ``first`` for the first place, nothing
    for the last, linear in between (issue #53)."""
    rnd, start, step = next_order_place(state)
    n = len(state.players)
    if not rnd or n < 2:
        return 0.0
    place = ((seat - start) * step) % n
    return first * (n - 1 - place) / (n - 1)


@frozen
class Weights:
    """Every tunable number of the heuristic bots, in VP.

    The defaults are the improved heuristic's (``heuristic``, tuned by play
    against ``heuristic-v1``, see ``docs/bots.rst``); :data:`V1_WEIGHTS` are the
    first heuristic's. The fields after :attr:`conditional` are read by the
    improved evaluation only (:class:`~pillars_rules.bots.evaluate.Evaluator`)."""

    #: Value of one gold while it can still be spent.
    gold: float = 0.2
    #: Value of one gold once the last market is over (a tie-break only, §2.6).
    end_gold: float = 0.01
    #: Share of next round's conversion value that a carried cube keeps.
    carry: float = 0.75
    #: Floor for a carried cube: this share of its sale price in gold value.
    sell_floor: float = 0.6
    #: Share of a craftsman's future net production (conversions with inputs).
    potential: float = 0.45
    #: Share for conversions without inputs (certain income).
    sure: float = 0.9
    #: Share kept by a conversion whose required craftsman tag is missing.
    unmet_need: float = 0.25
    #: Workers (mill gold) given up per cube when a resource card is taken:
    #: the cost of a cube from the forest, quarry or sand pit is
    #: ``worker_cost * gold * workers / cubes`` (the cheapest card of its site).
    worker_cost: float = 1.0
    #: A builder parked on the cost track, to be placed free at the end (§2.3).
    parked: float = 0.9
    #: A builder on the Bishop's seat (a cube or protection, §2.4 step 2).
    bishop: float = 0.7
    #: A grey worker won at Shiring castle (used next round, §2.4 step 11).
    grey_worker: float = 0.25
    #: The start player's spot (§2.4 step 14).
    start_player: float = 0.3
    #: A market spot beyond what the greedy plan can buy with it (§4).
    market_spot: float = 0.1
    #: A once-per-game privilege still held: free placement, ignore an event.
    once_free: float = 0.9
    once_ignore: float = 0.6
    #: A permanent permit, price change or peek, per remaining round.
    per_round_minor: float = 0.15
    #: One more allowed craftsman.
    craftsman_slot: float = 0.8
    #: Expected builders at the location for "per builder" gains.
    per_builder: float = 0.4
    #: Expected worker value in the wool mill for "per worker in the mill" gains.
    per_mill_worker: float = 6.0
    #: Share of an instant effect's value when it needs a condition ("if you own").
    conditional: float = 0.6
    #: VP per unit of probability that the seat cannot pay a tax or an event in
    #: full this round (on top of the VP the debt rule takes, §2.5).
    debt_risk: float = 2.5
    #: Share of the expected free spot a parked builder is valued at (§2.3).
    parked_share: float = 1.0
    #: Cubes one seat gathers in a round, all seats together (divided by the
    #: number of players): the inputs a craftsman competes for in later rounds.
    cubes_per_round: float = 20.0
    #: Being first instead of last in the order of the next placement (issue
    #: #53: a card that changes the order of play), linear in between
    #: (:func:`order_worth`); measured by ``python -m bench.bots_order``
    #: (``docs/bots.rst``). The board's start-player spot keeps
    #: :attr:`start_player`, so base games play as before.
    first_in_order: float = FIRST_IN_ORDER


#: The first heuristic bot's weights (``heuristic-v1``), kept as they were.
V1_WEIGHTS = Weights(
    gold=0.2,
    end_gold=0.01,
    carry=0.75,
    sell_floor=0.6,
    potential=0.45,
    sure=0.9,
    unmet_need=0.25,
    worker_cost=1.0,
    parked=0.9,
    bishop=0.7,
    grey_worker=0.25,
    start_player=0.3,
    market_spot=0.1,
    once_free=0.9,
    once_ignore=0.6,
    per_round_minor=0.15,
    craftsman_slot=0.8,
    per_builder=0.4,
    per_mill_worker=6.0,
    conditional=0.6,
)


def amount_value(amounts, w: Weights, cube_value) -> float:
    v = 0.0
    for a in amounts:
        if a.kind == "vp":
            v += a.n
        elif a.kind == "gold":
            v += a.n * w.gold
        elif a.kind != "counters":  # counters on a card: see counter_worth
            v += a.n * cube_value[a.kind]
    return v


def counters_worth(rules, state, seat: int, craftsmen, w: Weights, cube_value, rounds: int) -> float:
    """What the counters on ``seat``'s ``craftsmen`` are worth over ``rounds``
    rounds to come (:func:`counter_worth` each; most games have none)."""
    if not state.counters:
        return 0.0
    return sum(
        (
            n * counter_worth(rules, card, w, cube_value, rounds)
            for s, card, n in state.counters
            if s == seat and card in craftsmen
        ),
        0.0,
    )


def counter_worth(rules, card: str, w: Weights, cube_value, rounds_left: int) -> float:
    """What one more counter on ``card`` is worth (issue #36: an upgrade):
    for each of its conversions whose capacity grows per counter, that
    share of one more use at its net value, in each round still to come."""
    v = 0.0
    for _, conv in rules.converts[card]:
        per = conv.capacity_per
        if per is not None and per.what == "counters":
            net = amount_value(conv.outputs, w, cube_value) - amount_value(conv.inputs, w, cube_value)
            v += max(0.0, net) * conv.capacity_plus / per.per * rounds_left
    return v


class BoardReading:
    """What the bots read of a game's board (the card set's places, never a
    place by name): where each step falls in a round (``index``: the Phase III
    steps in order from 0, the round opening ``round_start`` at -1, a step the
    board does not have at -2), the rule each place runs, the places of the
    tax, the market, the wool mill and the cathedral, and each spot's effect."""

    def __init__(self, rules) -> None:
        layout = rules.layout
        # typed, so the compiled build reads them as dicts of machine ints and strings
        self.step_at: dict[str, int] = {"round_start": -1, **layout.step_index}
        self.rule_of: dict[str, str] = dict(layout.step_rule)
        self.court = layout.tax
        self.market = layout.market
        self.mill = layout.board.place_of("wool_mill")
        self.cathedral = layout.cathedral
        self.spot_effects = layout.spot_effects
        #: places whose spots grant a lasting change (the expansion's event field)
        self.grants = frozenset(
            k for k, spots in layout.spot_effects.items() if any(isinstance(e, _Lasting) for _, e in spots)
        )
        #: steps past the last: a rule the board lacks is never ahead
        self.end = len(layout.steps)

    def index(self, step: str) -> int:
        return self.step_at.get(step, -2)

    def spot_gain(self, loc: str, spot: int, later: int, w: Weights, acquire, values=None, held: tuple = ()) -> float:
        """The value of what a builder gets on ``spot`` of a place whose step
        gives its spots' effects (the Priory's VP, the castle's grey workers,
        with ``values``, a :class:`CardValues`, a lasting modifier, worth
        nothing if it is among ``held``, the seat's modifiers now)."""
        v = 0.0
        for i, effect in self.spot_effects.get(loc, ()):
            if i != spot:
                continue
            if isinstance(effect, _GreyWorkers):
                v += effect.n * w.grey_worker if later else 0.0
            elif isinstance(effect, _Lasting) and values is not None and effect.modifier not in held:
                rounds = later + 1 if effect.duration == "rest_of_game" else 1
                v += values.modifier_value(effect.modifier, rounds, False)
            elif isinstance(effect, (_Gain, _Lose)):
                sign = 1 if isinstance(effect, _Gain) else -1
                for a in effect.amounts:
                    unit = 1.0 if a.kind == "vp" else w.gold if a.kind == "gold" else acquire.get(a.kind, 0.0)
                    v += sign * a.n * unit
        return v


class CardValues:
    """Per-card values derived once from a game's rules (cached by card set)."""

    def __init__(self, rules, w: Weights) -> None:
        self.rules = rules
        self.w = w
        cards = rules.cards
        # cost of getting one cube: the cheapest resource card of its site, or the market
        acq = {}
        for kind in _CUBES:
            ways = [
                c.workers / c.yields.n * w.worker_cost * w.gold
                for c in cards.of_kind("resource")
                if c.yields and c.yields.kind == kind and c.yields.n
            ]
            if kind in BUY:
                ways.append(BUY[kind] * w.gold)
            # a cube that can be neither produced nor bought (metal) costs its sale price
            acq[kind] = min(ways) if ways else SELL.get(kind, 5) * w.gold
        self.acquire = acq
        self.converts = {cid: tuple(cv for _, cv in rules.converts[cid]) for cid in rules.by_id}
        self.potential = {}
        #: what one more use of each craftsman's conversions with a capacity yields in a
        #: round (a boost of its capacity, issue #53), at the sure and potential shares
        self.boost: dict[str, float] = {}
        for c in cards.of_kind("craftsman"):
            sure = risky = boost = 0.0
            for cv in self.converts[c.id]:
                cap = 1 if cv.capacity is None else cv.capacity
                net = self.typical_scale(cv.outputs_per, 3.0) * amount_value(cv.outputs, w, acq) - amount_value(
                    cv.inputs, w, acq
                )
                if net <= 0:
                    continue
                if cv.condition is not None:
                    net *= 0.5
                cubes_in = any(a.kind in _CUBES for a in cv.inputs)
                if cubes_in:
                    risky += cap * net
                else:
                    sure += cap * net
                if cv.capacity is not None:
                    boost += (w.potential if cubes_in else w.sure) * net
            self.potential[c.id] = (sure, risky)
            self.boost[c.id] = boost
        self.triggers = {
            cid: tuple(a for a in card.abilities if isinstance(a, _Trigger)) for cid, card in rules.by_id.items()
        }
        self.on_gain = {
            cid: tuple(a.effect for a in card.abilities if isinstance(a, _OnGain)) for cid, card in rules.by_id.items()
        }
        self.onces = {
            cid: tuple(a.effect for a in card.abilities if isinstance(a, _Once)) for cid, card in rules.by_id.items()
        }
        #: reactions to other players' actions (issue #53), by card; and the cards with any
        self.reactions = {
            cid: tuple(a for a in card.abilities if isinstance(a, _OnAction) and a.who != "you")
            for cid, card in rules.by_id.items()
        }
        self.reacting = frozenset(cid for cid, r in self.reactions.items() if r)
        self._probe: EffectProbe | None = None
        #: id(effect) -> (effect, is it plain): the effect kept, so its id is never reused
        self._plain: dict[int, tuple[object, bool]] = {}

    def reaction_rate(self, reaction, players: int) -> float:
        """How often a reaction to other players' actions fires per round, typically."""
        seats = players - 1 if reaction.who == "other" else players if reaction.who == "any" else 1
        return seats * TYPICAL_ACTIONS.get(reaction.action, 1.0)

    def typical_scale(self, per, builders: float) -> float:
        """What a scale typically multiplies by (issue #53: one form of
        "how much" for gains, losses and conversions): each factor's typical
        value, multiplied, at most the bound."""
        if per is None:
            return 1.0
        if isinstance(per, _Scaled):
            k = 1.0
            for f in per.factors:
                k *= self.typical_scale(f, builders)
            return min(k, float(per.up_to)) if per.up_to else k
        if isinstance(per, _PerBuilder):
            return builders
        if isinstance(per, _PerMillWorker):
            return self.w.per_mill_worker
        return TYPICAL_COUNT.get(per.what, 1.0) / per.per

    def place_worth(self, state, seat: int) -> float:
        """:func:`order_worth` of ``seat`` in ``state`` with these weights."""
        return order_worth(state, seat, self.w.first_in_order)

    @property
    def probe(self) -> EffectProbe:
        """The :class:`~pillars_rules.bots.probe.EffectProbe` of these rules (made when first asked)."""
        if self._probe is None:
            self._probe = EffectProbe(self)
        return self._probe

    def plain(self, effect) -> bool:
        """Is ``effect`` made only of the forms :meth:`effect_value` values in
        closed form (gains, losses, trades, the market, lasting changes, and
        conditions, choices and other players over them)? Remembered."""
        known = self._plain.get(id(effect))
        if known is not None and known[0] is effect:
            return known[1]
        if isinstance(effect, (_If, _ForPlayers)):
            got = self.plain(effect.effect)
        elif isinstance(effect, _ChooseOne):
            got = all(self.plain(o) for o in effect.options)
        else:
            got = isinstance(effect, _PLAIN)
        self._plain[id(effect)] = (effect, got)
        return got

    def effect_value(self, effect, cube_value, builders: float) -> float:
        """Value of an instant effect for its owner (a choice: the best
        option): in closed form for the :meth:`plain` forms, by what it does
        through the model for any other (:class:`~pillars_rules.bots.probe.EffectProbe`)."""
        w = self.w
        if not self.plain(effect):
            return self.probe.effect_value(effect)
        if isinstance(effect, _Gain):
            return self.typical_scale(effect.per, builders) * amount_value(effect.amounts, w, cube_value)
        if isinstance(effect, _ForPlayers):
            # the owner's share ("each player"), less half of what the others
            # get: what they gain is what the owner falls behind by
            inner = self.effect_value(effect.effect, cube_value, builders)
            own = inner if effect.players.who == "each" else 0.0
            return own - 0.5 * TYPICAL_REACH[effect.players.who] * inner
        if isinstance(effect, _Swap):  # the owner's side; the partner's is the reverse
            net = amount_value(effect.gets, w, cube_value) - amount_value(effect.gives, w, cube_value)
            return 2.0 * net * TYPICAL_REACH[effect.players.who]
        if isinstance(effect, _Transfer):
            moved = amount_value(effect.amounts, w, cube_value) * TYPICAL_REACH[effect.players.who]
            return 1.5 * moved if effect.direction == "take" else -1.5 * moved
        if isinstance(effect, _Market):  # the market's own stock helps every buyer alike
            if effect.action not in ("take", "give"):
                return 0.0
            moved = amount_value(effect.amounts, w, cube_value)
            return moved if effect.action == "take" else -moved
        if isinstance(effect, _Lasting):  # a granted modifier: the rest of the game taken as 3 rounds
            return self.modifier_value(effect.modifier, 3 if effect.duration == "rest_of_game" else 1, False)
        if isinstance(effect, _If):
            return w.conditional * self.effect_value(effect.effect, cube_value, builders)
        if isinstance(effect, _Lose):
            return -self.typical_scale(effect.per, builders) * amount_value(effect.amounts, w, cube_value)
        if isinstance(effect, _ChooseOne):
            return max((self.effect_value(o, cube_value, builders) for o in effect.options), default=0.0)
        return 0.0

    def privilege_worth(self, cid: str, rounds: int, players: int = 3) -> float:
        """What holding privilege ``cid`` is worth over ``rounds`` rounds, at
        typical cube values: its lasting modifiers, once-per-game uses,
        triggers and reactions to other players (its gain's effect is not
        counted: it is had once, when gained)."""
        w = self.w
        v = self.passive_value(cid, rounds, False) + self.once_value(cid) + self.once_use_value(cid)
        for t in self.triggers[cid]:
            v += (1 if t.step == GAME_END else rounds) * self.effect_value(t.effect, self.acquire, w.per_builder)
        return v + rounds * self.reactions_value(cid, self.acquire, players)

    def reactions_value(self, cid: str, cube_value, players: int) -> float:
        """A round's worth of ``cid``'s reactions to other players' actions, typically."""
        return sum(
            (
                self.reaction_rate(r, players) * self.effect_value(r.effect, cube_value, self.w.per_builder)
                for r in self.reactions[cid]
            ),
            0.0,
        )

    def counter(self, card: str, rounds: int) -> float:
        """:func:`counter_worth` of one counter on ``card``, at typical cube values."""
        return counter_worth(self.rules, card, self.w, self.acquire, rounds)

    def passive_value(self, cid: str, rounds: int, held: bool) -> float:
        """Modifiers of a card, over ``rounds`` rounds (one at most for a
        privilege held for one round). ``held``: tax and worker modifiers are
        already in the baseline of the seat that owns the card."""
        v = 0.0
        if cid in self.rules.held_one_round:  # it leaves the game at the round's end
            rounds = min(rounds, 1)
        for m in self.rules.passives[cid]:
            v += self.modifier_value(m, rounds, held)
        return v

    def modifier_value(self, m, rounds: int, held: bool) -> float:
        """One modifier, over ``rounds`` rounds (``held``: see :meth:`passive_value`)."""
        w = self.w
        if isinstance(m, _TaxFixed) and not held:
            return max(0.0, MEAN_TAX - m.n) * w.gold * rounds
        if isinstance(m, _TaxDelta) and not held:
            return -m.n * w.gold * rounds
        if isinstance(m, _ExtraWorker) and not held:
            return m.n * w.gold * max(0, rounds - 1)
        if isinstance(m, _YieldDelta):
            return m.n * 1.5 * w.gold * 2 * rounds
        if isinstance(m, _CapacityDelta):
            return m.n * w.per_round_minor * 3 * rounds
        if isinstance(m, _CraftsmanLimit):
            return w.craftsman_slot if rounds > 1 else 0.0
        if isinstance(m, _PriceDelta):
            return -m.n * w.per_round_minor * rounds
        if isinstance(m, (_Permit, _PeekEvent)):
            return w.per_round_minor * rounds
        return 0.0

    def once_value(self, cid: str) -> float:
        v = 0.0
        for e in self.onces[cid]:
            if isinstance(e, _FreePlacement):
                v += self.w.once_free
            elif isinstance(e, _IgnoreEvent):
                v += self.w.once_ignore
            elif isinstance(e, _TaxExempt):
                v += MEAN_TAX * self.w.gold
        return v

    def once_use_value(self, cid: str) -> float:
        """What ``cid``'s once-per-game instant effects (those of a general
        window, issue #53) do, at typical cube values, at the
        :attr:`~Weights.conditional` share (it needs its window, and the turn
        it takes there): counted for a privilege on offer, not while it is
        held, so the bot uses one whenever it helps; an effect the probe
        values, where it helps only (the owner picks the moment)."""
        return self.w.conditional * sum(
            (
                self.effect_value(e, self.acquire, self.w.per_builder)
                if self.plain(e)
                else self.probe.effect_value(e, when_it_helps=True)
                for e in self.onces[cid]
                if not isinstance(e, (_FreePlacement, _IgnoreEvent, _TaxExempt))
            ),
            0.0,
        )


_CACHE: dict = {}


def card_values(rules, w: Weights) -> CardValues:
    key = (rules.content_hash, rules.variants, w)
    cv = _CACHE.get(key)
    if cv is None:
        if len(_CACHE) > 16:
            _CACHE.clear()
        cv = _CACHE[key] = CardValues(rules, w)
    return cv


_READINGS: dict = {}


def board_reading(rules) -> BoardReading:
    """The :class:`BoardReading` of ``rules`` (cached by card set)."""
    key = rules.content_hash
    reading = _READINGS.get(key)
    if reading is None:
        if len(_READINGS) > 16:
            _READINGS.clear()
        reading = _READINGS[key] = BoardReading(rules)
    return reading


__all__ = [
    "Weights",
    "V1_WEIGHTS",
    "BoardReading",
    "CardValues",
    "FIRST_IN_ORDER",
    "board_reading",
    "card_values",
    "amount_value",
    "next_order_place",
    "order_worth",
]

"""A seat's position, valued in expected final VP: the heuristic bots' evaluation.

Everything here is read from the public rules context (``view.rules``: the
compiled cards and their abilities from the effect registry,
:mod:`pillars_rules.cardlang.effects`) and a game state; no card is known by
name or id, so fan cards are valued by what they do. What is secret in a
determinized state (the decks) is never read: the coming event is weighed over
the events not yet seen.

:class:`Evaluator` builds on the first heuristic's evaluation
(:class:`~pillars_rules.bots.evaluate_v1.EvaluatorV1`, kept for ``heuristic-v1``)
and mends its leaks (issue #27):

* **debt** is priced against the tax die's faces (:data:`pillars_rules.TAX_DIE`)
  and the coming event's gold (every event not yet seen, each as likely, or
  the revealed one), in the order they come (the event at step 1, the mill's
  gold at step 3, the tax at step 9): the VP the debt rule takes (§2.5) plus
  :attr:`~pillars_rules.bots.cardvalue.Weights.debt_risk` per unit of
  probability of falling short at all;
* **a parked builder** is worth the free spot it can expect when it is placed
  (the spots left after every builder still in the bag and every builder
  parked before it, §2.3), not a flat amount, so paying 7 gold is weighed
  against what waiting gets;
* **a craftsman's future** is what it adds to the seat's production over the
  rounds left, with the cubes a seat can gather in a round as the inputs all
  its craftsmen compete for, so a fourth stone converter adds little;
* **the order of play** (issue #53): a decision that moves the seat's place
  in the order of the next placement within the round is worth the change
  (:meth:`Evaluator.order_change`: first place
  :attr:`~pillars_rules.bots.cardvalue.Weights.first_in_order`, last
  nothing, linear in between), so a card that changes the order is played
  when it moves the seat earlier;
* **carried cubes** are valued against next round's free capacity (after the
  cubes the seat gathers anyway), so a cube is converted now rather than kept
  for a craftsman that has no room for it, and cubes over the limit (§2.4
  step 13) that a market spot can sell are worth their price.
"""

from __future__ import annotations

from typing import Final, cast

from .. import TAX_DIE, GameState
from ..cardlang.effects import CUBES, GAME_END, Gain
from ..games.pillars import Rules  # the rules context's type (Game.rules, SeatView.rules)
from .cardvalue import (
    BUY,
    CUBE_LIMIT,
    ROUNDS,
    SELL,
    WORKERS,
    Weights,
    amount_value,
    counters_worth,
    gain_factor,
    next_order_place,
    order_worth,
)
from .evaluate_v1 import EvaluatorV1, mypyc_attr
from .outlook import EventOutlook, remember

# Imported names read in hot code, as Final aliases: the compiled build reads a Final
# from a C static, any other module global from the module's dict at every read.
_CUBES: Final = CUBES
_Gain: Final = Gain


#: The players a privilege's reactions are counted for before the position is known.
TYPICAL_PLAYERS: Final = 3
#: The parts of a seat's value (:meth:`Evaluator.parts`), in order.
PARTS: Final = ("vp", "round", "gold", "build", "cubes", "future", "later", "parked")
_MEAN_DIE: Final = sum(TAX_DIE) / len(TAX_DIE)


@mypyc_attr(allow_interpreted_subclasses=True)  # LearnedEvaluator builds on it
class Evaluator(EvaluatorV1):
    """Values a seat's position (see the module docs)."""

    def __init__(self, rules: Rules, weights: Weights | None = None) -> None:
        super().__init__(rules, weights or Weights())
        #: the coming events and the gold kept through them (:mod:`.outlook`)
        self.outlook = EventOutlook(rules, self.w)
        self._made: dict = {}
        self._free: dict = {}
        self._rates: dict = {}
        self._carried_worth: dict = {}
        self._worths: dict[tuple[int, int], tuple[object, dict, float]] = {}
        self.cheapest = min(
            (c.workers / c.yields.n for c in rules.cards.of_kind("resource") if c.yields and c.yields.n), default=1.0
        )

    # ------------------------------------------------------------ the event (see .outlook)
    def event_odds(self, state: GameState, seen=(), peek: str | None = None) -> tuple[tuple[str, float], ...]:
        """:meth:`.outlook.EventOutlook.event_odds`: the coming event's (card, probability) pairs."""
        return self.outlook.event_odds(state, seen, peek)

    def next_odds(self, state: GameState, seen=()) -> tuple[tuple[str, float], ...]:
        """:meth:`.outlook.EventOutlook.next_odds`: next round's event's (card, probability) pairs."""
        return self.outlook.next_odds(state, seen)

    def gold_outlook(
        self,
        state: GameState,
        seat: int,
        gold: float,
        before_tax: float,
        mill_value: int,
        taxed: bool,
        odds,
        protected: bool,
    ) -> tuple[float, float]:
        """:meth:`.outlook.EventOutlook.gold_outlook`: (expected gold after the
        tax, expected VP lost to events and debt)."""
        return self.outlook.gold_outlook(state, seat, gold, before_tax, mill_value, taxed, odds, protected)

    def next_round_loss(self, gold: float, odds) -> float:
        """:meth:`.outlook.EventOutlook.next_round_loss`: the VP next round's event may cost."""
        return self.outlook.next_round_loss(gold, odds)

    # ------------------------------------------------------------ production
    def production(self, craftsmen, budget: float) -> tuple[float, float]:
        """A round's net production of ``craftsmen`` (VP): (from conversions
        without cube inputs, from conversions sharing ``budget`` cubes, best
        value per cube first)."""
        key = (tuple(craftsmen), budget)
        got = self._made.get(key)
        if got is None:
            got = self._production(craftsmen, budget)
            remember(self._made, key, got)
        return got

    def _production(self, craftsmen, budget: float) -> tuple[float, float]:
        cv, w, rules = self.cards, self.w, self.rules
        tags: set[str] = set()
        for c in craftsmen:
            tags |= rules.tags[c]
        sure = 0.0
        options = []
        for c in craftsmen:
            for conv in cv.converts[c]:
                cap = 1 if conv.capacity is None else conv.capacity
                out = amount_value(conv.outputs, w, cv.acquire)
                if conv.outputs_per is not None:  # scaled outputs (issue #53): their typical size
                    out *= cv.typical_scale(conv.outputs_per, 3.0)
                net = out - amount_value(conv.inputs, w, cv.acquire)
                if net <= 0:
                    continue
                if conv.condition is not None:
                    net *= 0.5
                if any(t not in tags for t in conv.tags_needed):
                    net *= w.unmet_need
                n = sum(a.n for a in conv.inputs if a.kind in _CUBES)
                if n:
                    options.append((net / n, n, cap))
                else:
                    sure += cap * net
        options.sort(reverse=True)
        risky = 0.0
        left = budget
        for per, n, cap in options:
            if left <= 0:
                break
            used = min(cap * n, left)
            risky += used * per
            left -= used
        return sure, risky

    def _carry(self, craftsmen, cubes, budget: float) -> list[tuple[float, str]]:
        """(value, kind) of each cube left after this round, for next round's
        conversions: the ``budget`` cubes the seat gathers anyway fill the best
        capacity first, the carried cubes of each kind the capacity left for
        that kind; a cube without room keeps a share of its sale price."""
        key = (tuple(craftsmen), budget)
        free: dict[str, list[tuple[float, float]]] | None = self._free.get(key)
        if free is None:
            free = self._free_room(craftsmen, budget)
            remember(self._free, key, free)
        w = self.w
        out = []
        for k, have in zip(_CUBES, cubes):
            floor = SELL.get(k, 0) * w.gold * w.sell_floor
            for per, room in free[k]:
                if have <= 0 or per <= floor:
                    break
                take = min(have, int(room + 0.999))
                out += [(w.carry * per, k)] * take
                have -= take
            out += [(floor, k)] * max(0, have)
        return out

    def _worth(self, effect, rates: dict, cube_value: dict) -> float:
        """:meth:`~pillars_rules.bots.cardvalue.CardValues.effect_value` of a
        triggered ``effect`` with the cube values of ``rates`` (the cached
        rates of the seat's craftsmen): remembered by the two objects' identity
        (both kept in the entry, so neither id can be reused)."""
        key = (id(effect), id(rates))
        got = self._worths.get(key)
        if got is not None and got[0] is effect and got[1] is rates:
            return got[2]
        worth = self.cards.effect_value(effect, cube_value, self.w.per_builder)
        remember(self._worths, key, (effect, rates, worth))
        return worth

    def _carried(self, craftsmen, cubes, budget: float, sell: dict) -> float:
        """The worth of the cubes carried into next round: the best
        :data:`~pillars_rules.bots.cardvalue.CUBE_LIMIT` kept (each at least
        its ``sell`` price, in VP, if a market spot is ahead), the rest sold
        (cached: many positions of a decision carry the same cubes)."""
        key = (tuple(craftsmen), tuple(cubes), budget, tuple(sell.items()))
        got = self._carried_worth.get(key)
        if got is None:
            kept = sorted(
                ((max(x, sell.get(k, 0.0)), sell.get(k, 0.0)) for x, k in self._carry(craftsmen, cubes, budget)),
                reverse=True,
            )
            got = sum((x for x, _ in kept[:CUBE_LIMIT]), 0.0) + sum((y for _, y in kept[CUBE_LIMIT:]), 0.0)
            remember(self._carried_worth, key, got)
        return got

    def _free_room(self, craftsmen, budget: float) -> dict[str, list[tuple[float, float]]]:
        """Next round's conversion room per cube kind, (value per cube, cubes)
        best first, left after ``budget`` cubes fill the best room."""
        slots = []
        for conv, _, per in self.conversions(craftsmen):
            cap = 1 if conv.capacity is None else conv.capacity
            slots += [(per, cap * a.n, a.kind) for a in conv.inputs if a.kind in _CUBES]
        slots.sort(reverse=True)
        free: dict[str, list[tuple[float, float]]] = {k: [] for k in _CUBES}
        left = budget
        for per, room, kind in slots:
            used = min(room, left)
            left -= used
            if room > used:
                free[kind].append((per, room - used))
        return free

    def rates(self, craftsmen) -> dict:
        """Best VP per cube each kind earns with these craftsmen (one use; cached)."""
        key = tuple(craftsmen)
        got = self._rates.get(key)
        if got is None:
            got = super().rates(craftsmen)
            remember(self._rates, key, got)
        return got

    # ------------------------------------------------------------ spots
    def _spot_values(self, state: GameState, seat: int, craftsmen, later: int, taxed_value: float) -> list[float]:
        """Values of the free builder spots for ``seat`` this round (§3), for a
        builder placed later (parked)."""
        w, board = self.w, self.board
        out = []
        court = state.builders_at(seat, board.court) > 0
        market = state.builders_at(seat, board.market) > 0
        for loc, seats in state.spots:
            rule = board.rule_of.get(loc, "")
            for i, s in enumerate(seats):
                if s is not None:
                    continue
                if rule == "bishop":
                    out.append(w.bishop)
                elif rule == "spots" and board.spot_effects.get(loc):
                    held = self.rules.modifiers(state, seat) if loc in board.grants else ()
                    out.append(board.spot_gain(loc, i, later, w, self.cards.acquire, self.cards, held))
                elif rule == "privileges":
                    card = state.kingsbridge[i] if i < len(state.kingsbridge) else None
                    out.append(self.privilege(card, later + 1, held=False, craftsmen=craftsmen) if card else 0.0)
                elif rule == "tax" and not court:
                    metal = state.court_metal * self.cards.acquire["metal"] * 2 if i == 0 else 0.0
                    out.append(taxed_value + metal)
                elif rule == "craftsmen":
                    card = state.shiring[i] if i < len(state.shiring) else None
                    out.append(self.craftsman_worth(card, craftsmen, later + 1, state.n_players) if card else 0.0)
                elif rule == "market" and not market:
                    out.append(w.market_spot)
                elif rule == "start_player":
                    out.append(w.start_player)
        return out

    def craftsman_worth(self, card: str, craftsmen, rounds: int, players: int) -> float:
        """What ``card`` adds to a seat with ``craftsmen`` over ``rounds`` rounds."""
        budget = self.w.cubes_per_round / players
        before = self._potential(list(craftsmen), budget)
        after = self._potential(self._kept(list(craftsmen) + [card]), budget)
        return rounds * (after - before)

    def _kept(self, craftsmen, limit: int = 5):
        if len(craftsmen) <= limit:
            return craftsmen
        cv = self.cards
        return sorted(craftsmen, key=lambda c: -sum(cv.potential.get(c, (0, 0))))[:limit]

    def _potential(self, craftsmen, budget: float) -> float:
        sure, risky = self.production(craftsmen, budget)
        return self.w.sure * sure + self.w.potential * risky

    def privilege(self, cid: str, rounds: int, held: bool, craftsmen) -> float:
        """:meth:`EvaluatorV1.privilege <pillars_rules.bots.evaluate_v1.EvaluatorV1.privilege>`,
        the card's reactions to other players' actions over ``rounds`` rounds
        (as :meth:`parts` counts them once it is held) and what its
        once-per-game instant effects do (issue #53)."""
        cv = self.cards
        v = super().privilege(cid, rounds, held, craftsmen) + cv.once_use_value(cid)
        if cid in cv.reacting:
            cube_value = {k: self.w.carry * r for k, r in self.rates(craftsmen).items()}
            v += rounds * cv.reactions_value(cid, cube_value, TYPICAL_PLAYERS)
        return v

    # ------------------------------------------------------------ the order of play
    def order_change(self, before: GameState, after: GameState, seat: int) -> float:
        """What ``seat`` gains by its place in the order of the next placement
        moving from ``before`` (a decision's position) to ``after`` (one of its
        results) within one round, in VP
        (:func:`~pillars_rules.bots.cardvalue.order_worth`): nothing when the
        order is the same, or when ``after`` is in another round (the board's
        start-player step names the next start player between rounds; its
        spot is valued on its own, :attr:`~pillars_rules.bots.cardvalue.Weights.start_player`)."""
        if after.round != before.round or after.stage in ("round_end", "over"):
            return 0.0
        if next_order_place(after) == next_order_place(before):
            return 0.0
        first = self.w.first_in_order
        return order_worth(after, seat, first) - order_worth(before, seat, first)

    # ------------------------------------------------------------ the value
    def value(
        self, state: GameState, seat: int, ref_round: int | None = None, seen=(), peek: str | None = None
    ) -> float:
        """Expected final VP of ``seat`` from ``state``: the sum of :meth:`parts`.
        ``ref_round`` is the round of the decision being weighed (production
        potential counts the rounds after it); ``seen`` the events revealed
        so far and ``peek`` the coming event if the seat may see it (the
        state alone knows only this round's and last round's)."""
        return sum(self.parts(state, seat, ref_round, seen, peek), 0.0)

    def parts(
        self, state: GameState, seat: int, ref_round: int | None = None, seen=(), peek: str | None = None
    ) -> list[float]:
        """The value of ``seat`` in :data:`PARTS` (VP each): what it has, what
        this round still brings, its gold, this round's cathedral, its carried
        cubes, its craftsmen's later production, its later rounds' income and
        its parked builders."""
        p = state.players[seat]
        w, rules, cv = self.w, self.rules, self.cards
        if state.game_over:
            return [p.vp + w.end_gold * p.gold, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
        rnd = state.round
        if ref_round is None:
            ref_round = rnd
        stage = state.stage
        board, outlook = self.board, self.outlook
        step_at = board.step_at  # BoardReading.index without a call per step (it runs per playout)
        market_at = step_at.get(board.market, -2)
        market_ahead = (stage in ("draft", "builders", "setup") and market_at > -2) or (
            stage == "resolution" and step_at.get(state.step, -2) < market_at
        )
        last_spend = rnd >= ROUNDS and not market_ahead and not (state.step == board.market and seat not in state.done)
        gold_w = w.end_gold if last_spend else w.gold
        later = ROUNDS - rnd
        v = 0.0  # this round's gains still to come
        v_later = 0.0
        gold = float(p.gold)
        before_tax = after_tax = 0.0
        cubes = list(p.cubes)
        coming = [0, 0, 0, 0]
        craftsmen = list(p.craftsmen)
        here = step_at.get(state.step, -2) if stage == "resolution" else -1
        open_round = stage in ("draft", "builders", "resolution", "setup")

        def ahead(step: str) -> bool:
            return open_round and step_at.get(step, -2) > here

        mill_value = p.pieces.value if ahead(board.mill) else 0
        before_tax += mill_value
        delta = rules.yield_delta(state, seat)
        for cid in p.resource_cards:
            card = rules.by_id[cid]
            if card.yields is not None and card.yields.kind in _CUBES and ahead(card.site):
                n = max(0, card.yields.n + delta)
                cubes[_CUBES.index(card.yields.kind)] += n
                coming[_CUBES.index(card.yields.kind)] += n
        v, market_spot, at_court, bishop = self._spots_ahead(state, seat, ahead, later, v, cubes, craftsmen)
        taxed = ahead(board.court) and not at_court and seat not in state.exempt

        limit = rules.craftsman_limit(state, seat)
        if len(craftsmen) > limit:
            craftsmen = self._kept(craftsmen, limit)

        # triggered gains: this round (if still ahead) and later rounds
        rates = self.rates(craftsmen)
        cube_value = {k: w.carry * rates[k] for k in _CUBES}
        for cid in tuple(craftsmen) + p.privileges:
            for t in cv.triggers[cid]:
                if t.step == GAME_END:  # once, after the last round (issue #36)
                    v_later += 0.0 if state.game_over else self._worth(t.effect, rates, cube_value)
                    continue
                if ahead(t.step) and isinstance(t.effect, _Gain):
                    k = gain_factor(state, seat, t.effect.per, cid)
                    for a in t.effect.amounts:
                        if a.kind == "vp":
                            v += a.n * k
                        elif a.kind == "gold":
                            if board.index(t.step) < board.index(board.court):
                                before_tax += a.n * k
                            else:
                                after_tax += a.n * k
                        else:
                            cubes[_CUBES.index(a.kind)] += a.n * k
                            coming[_CUBES.index(a.kind)] += a.n * k
                elif ahead(t.step):
                    v += self._worth(t.effect, rates, cube_value)
                v_later += later * self._worth(t.effect, rates, cube_value)
        for cid in p.privileges:
            v_later += cv.passive_value(cid, later, held=True) + cv.once_value(cid)
        if cv.reacting and later:  # reactions to other players' actions, in the rounds to come (issue #53)
            for cid in tuple(craftsmen) + p.privileges:
                if cid in cv.reacting:
                    for reaction in cv.reactions[cid]:
                        v_later += (
                            later
                            * cv.reaction_rate(reaction, state.n_players)
                            * self._worth(reaction.effect, rates, cube_value)
                        )

        # the coming event and the tax, with the debt rule
        event_pending = open_round and not state.event_applied
        if event_pending or ahead(board.court):
            odds = outlook.event_odds(state, seen, peek) if event_pending else ()
            # the Bishop protects from a harmful event unless it chose a cube (§2.4 step 2)
            protected = seat in state.protected or (bishop and (seat, "bishop") not in state.decided)
            gold, lost = outlook.gold_outlook(state, seat, gold, before_tax, mill_value, taxed, odds, protected)
            v -= lost
        else:
            gold += before_tax
        gold += after_tax

        # parked builders will be placed free, on the spots left then
        budget = w.cubes_per_round / state.n_players
        v_parked = 0.0
        if stage == "builders" and seat in state.parked:
            taxed_value = (_MEAN_DIE * gold_w) if taxed else 0.0
            spots = sorted(self._spot_values(state, seat, craftsmen, later, taxed_value), reverse=True)
            ahead_of = len(state.builders.bag)
            for j, s in enumerate(state.parked):
                if s == seat:
                    k = ahead_of + j
                    v_parked += w.parked_share * (spots[k] if k < len(spots) else 0.0)

        # cubes: this round's cathedral, then carried (at most 5, the rest sold if a market spot is ahead)
        building = ahead(board.cathedral) or (state.step == board.cathedral and seat not in state.done)
        v_build = v_cubes = v_future = 0.0
        if building:
            buy = None
            if market_spot:
                buy = {k: rules.price(state, seat, "buy", k) for k in BUY if rules.permitted(state, seat, "buy", k)}
            gained, cubes, gold = self.plan(craftsmen, state, seat, cubes, max(gold, 0.0), gold_w, buy, state.market)
            v_build = gained
        if market_spot:
            v += w.market_spot
        if later:
            sell = {}
            if market_spot and ahead(board.market):
                sell = {
                    k: cast(int, rules.price(state, seat, "sell", k)) * gold_w
                    for k in SELL
                    if rules.permitted(state, seat, "sell", k)
                }
            v_cubes = self._carried(craftsmen, cubes, budget, sell)

        # production over the rounds after the decision's round
        future = ROUNDS - ref_round
        if future > 0:
            v_future = future * self._potential(craftsmen, budget)
            v_future += counters_worth(rules, state, seat, craftsmen, w, cv.acquire, future)
        # later rounds' baseline: mill gold for the workers, minus the expected tax
        if later:
            workers = WORKERS + rules.extra_workers(state, seat)
            v_later += w.gold * (later * (workers - rules.tax_for(state, seat, _MEAN_DIE)) + p.grey_next)
            # next round's event comes before its mill gold: the gold kept must meet it
            v_later -= outlook.next_round_loss(max(gold, 0.0), outlook.next_odds(state, seen))
        return [float(p.vp), v, max(gold, 0.0) * gold_w, v_build, v_cubes, v_future, v_later, v_parked]


__all__ = ["Evaluator", "PARTS"]

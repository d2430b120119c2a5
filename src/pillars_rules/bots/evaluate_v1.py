"""Today's evaluation (issue #13), frozen: the ``heuristic-v1`` bot plays with it.

Kept unchanged so that comparisons with the first heuristic bot stay
reproducible (``tests/bots/test_levels.py`` replays its games);
:mod:`pillars_rules.bots.evaluate` builds the improved evaluation on it.

Everything here is read from the public rules context (``view.rules``: the
compiled cards and their abilities from the effect registry,
:mod:`pillars_rules.cardlang.effects`) and a game state; no card is known by name or
id, so fan cards are valued by what they do.

The value of a seat (:meth:`Evaluator.value`) is

* its VP, plus gold at :attr:`Weights.gold` VP each (near nothing once gold
  can no longer be spent, after the last market, RULES §2.6);
* this round's income still to come: wool-mill gold for unplaced workers,
  resource-card yields, triggered gains, builders waiting on their spots
  (Priory VP, a privilege, a craftsman, grey workers, the court's metal, tax
  exemption), minus the expected tax (§2.4);
* the cubes it holds (and will receive) as its craftsmen can convert them in
  this round's cathedral step (a greedy plan; with a market spot still ahead
  the plan may buy missing inputs, §4); what is left over is carried (at most
  5, §2.4 step 13) at :attr:`Weights.carry` of what the craftsmen make of it
  next round;
* each craftsman's production potential over the rounds after the current one
  (capacity x net value per use, inputs priced at what they cost to get), at
  :attr:`Weights.potential` (:attr:`Weights.sure` for conversions without
  inputs);
* the later rounds' baseline: wool-mill gold for the seat's workers minus the
  expected tax, so that crossing into a new round neither gains nor loses value.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .. import GameState
from ..cardlang.effects import CUBES, GAME_END, Convert, Gain
from ..games.pillars import Rules  # the rules context's type (Game.rules, SeatView.rules)
from .cardvalue import (
    BUY,
    CUBE_LIMIT,
    MEAN_TAX,
    ROUNDS,
    SELL,
    V1_WEIGHTS,
    WORKERS,
    BoardReading,
    Weights,
    amount_value,
    board_reading,
    card_values,
    counter_worth,
    counters_worth,
    gain_factor,
)

# Imported names read in hot code, as Final aliases: the compiled build reads a Final
# from a C static, any other module global from the module's dict at every read.
_CUBES: Final = CUBES
_Gain: Final = Gain

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # a pure install without mypy's extensions: the decorator does nothing

    def mypyc_attr(*attrs: str, **kwattrs: object):  # type: ignore[no-redef,misc]
        return lambda cls: cls


def _ahead(board: BoardReading, state, step: str) -> bool:
    """Is ``step`` of this round's Phase III still to come?"""
    stage = state.stage
    if stage in ("draft", "builders", "setup"):
        return step in board.step_at
    if stage == "resolution":
        at = board.step_at
        return at.get(step, -2) > at.get(state.step, -2)
    return False


#: What an amount's ``idx`` holds besides a cube's index (:data:`CUBES`).
_GOLD: Final = -1
_VP: Final = -2
_COUNTERS: Final = -3
_OTHER: Final = -4
_KIND_INDEX: Final = {"gold": _GOLD, "vp": _VP, "counters": _COUNTERS}


class _Amount:
    """An :class:`~pillars_rules.cardlang.effects.Amount` as the plan reads it:
    its kind's index (a cube's in :data:`CUBES`, or ``_GOLD``, ...) and, for a
    cube, what one costs to get."""

    __slots__ = ("kind", "n", "idx", "acquire")

    def __init__(self, kind: str, n: int, acquire: dict) -> None:
        self.kind, self.n = kind, n
        self.idx: int = _CUBES.index(kind) if kind in _CUBES else _KIND_INDEX.get(kind, _OTHER)
        self.acquire: float = acquire[kind] if kind in _CUBES else 0.0


class _Digest:
    """One conversion of a card, its parts read once (the plan runs at every
    position a bot weighs, so it reads none of the card's objects there)."""

    __slots__ = ("i", "conv", "needs", "also", "inputs", "outputs", "condition", "cond_idx", "cond_n")

    def __init__(self, i: int, conv: Convert, acquire: dict) -> None:
        self.i, self.conv = i, conv
        self.needs: str | None = conv.needs
        self.also: tuple[str, ...] = conv.also_needs
        self.inputs = tuple(_Amount(a.kind, a.n, acquire) for a in conv.inputs)
        self.outputs = tuple(_Amount(a.kind, a.n, acquire) for a in conv.outputs)
        cond = conv.condition
        self.condition: bool = cond is not None
        self.cond_idx: int = (
            _OTHER
            if cond is None
            else (_GOLD if cond.kind == "gold" else (_CUBES.index(cond.kind) if cond.kind in _CUBES else _OTHER))
        )
        self.cond_n: int = 0 if cond is None else cond.n


class _Option:
    """One conversion the cathedral plan may still use: its uses left and its output's value."""

    __slots__ = ("conv", "cap", "out")

    def __init__(self, conv: _Digest, cap: int, out: float) -> None:
        self.conv, self.cap, self.out = conv, cap, out


@mypyc_attr(allow_interpreted_subclasses=True)  # Evaluator builds on it, and LearnedEvaluator on that
class EvaluatorV1:
    """Values a seat's position as the first heuristic bot did (see the module docs)."""

    def __init__(self, rules: Rules, weights: Weights | None = None) -> None:
        self.rules = rules
        self.w = weights or V1_WEIGHTS
        self.cards = card_values(rules, self.w)
        self.board = board_reading(rules)
        self._digests: dict[str, tuple[_Digest, ...]] = {}

    def __deepcopy__(self, memo: dict) -> EvaluatorV1:
        """The evaluator itself: it holds the rules, its weights and values it
        computed once, none of which a copied bot may change (the balance lab
        deep-copies bots when it forks a game)."""
        return self

    # -------------------------------------------------------------- the plan
    def plan(
        self,
        craftsmen,
        state: GameState,
        seat: int,
        cubes: Sequence[int],
        gold: float,
        gold_w: float,
        buy: dict[str, int | None] | None,
        stock: Sequence[int],
    ) -> tuple[float, list[int], float]:
        """Greedy plan for this round's cathedral step: (value gained, cubes left, gold left)."""
        rules = self.rules
        p = state.players[seat]
        tags: set[str] = set()
        for c in craftsmen:
            tags |= rules.tags[c]
        options: list[_Option] = []
        seen = set()
        for c in craftsmen:
            if c in seen:
                continue
            seen.add(c)
            for d in self._digest(c):
                needs, also = d.needs, d.also
                if (needs and needs not in tags) or (also and any(t not in tags for t in also)):
                    continue
                # uses shared by alternatives of one capacity, when the set has any (rules.uses)
                cap = rules.capacity(state, seat, c, d.conv) - (
                    rules.uses(p, c, d.i) if rules.shared else p.uses_of(c, d.i)
                )
                if cap <= 0:
                    continue
                out = 0.0
                for a in d.outputs:
                    if a.idx == _COUNTERS:  # an upgrade of the card (issue #36): its later rounds' uses
                        out += a.n * counter_worth(rules, c, self.w, self.cards.acquire, ROUNDS - state.round)
                        continue
                    out += a.n if a.idx == _VP else (a.n * gold_w if a.idx == _GOLD else a.n * a.acquire * 0.5)
                options.append(_Option(d, cap, out))
        value = 0.0
        have: list[int] = list(cubes)  # typed: the compiled build counts in machine ints
        left: list[int] = list(stock)
        while options:
            best = None
            best_score = 0.0
            for opt in options:
                d = opt.conv
                if opt.cap <= 0:
                    continue
                if (
                    d.condition
                    and (gold if d.cond_idx == _GOLD else (have[d.cond_idx] if d.cond_idx >= 0 else 0)) < d.cond_n
                ):
                    continue
                cost = 0.0
                used = 0
                ok = True
                for a in d.inputs:
                    if a.idx == _GOLD:
                        if gold < a.n:
                            ok = False
                            break
                        cost += a.n * gold_w
                    elif a.idx == _VP:
                        cost += a.n
                    else:
                        i = a.idx
                        missing = a.n - have[i]
                        used += a.n
                        if missing > 0:
                            price = buy.get(a.kind) if buy else None
                            if price is None or left[i] < missing or gold < missing * price:
                                ok = False
                                break
                            cost += missing * price * gold_w
                if not ok:
                    continue
                net = opt.out - cost
                score = net / (1 + used)
                if net > 0 and score > best_score:
                    best, best_score = opt, score
            if best is None:
                break
            d = best.conv
            best.cap -= 1
            value += best.out
            for a in d.inputs:
                if a.idx == _GOLD:
                    gold -= a.n
                elif a.idx == _VP:
                    value -= a.n
                else:
                    i = a.idx
                    if have[i] < a.n:
                        missing = a.n - have[i]
                        price = buy[a.kind] if buy is not None else None
                        assert price is not None  # the plan bought the missing cubes above
                        left[i] -= missing
                        gold -= missing * price
                        have[i] = 0
                    else:
                        have[i] -= a.n
            for a in d.outputs:
                if a.idx == _GOLD:
                    gold += a.n
                    value -= a.n * gold_w  # counted through ``gold``
                elif a.idx >= 0:
                    have[a.idx] += a.n
                    value -= a.n * a.acquire * 0.5
        return value, have, gold

    def _digest(self, card: str) -> tuple[_Digest, ...]:
        """``card``'s conversions as the plan reads them (made once per card)."""
        got = self._digests.get(card)
        if got is None:
            got = self._digests[card] = tuple(
                _Digest(i, conv, self.cards.acquire) for i, conv in self.rules.converts[card]
            )
        return got

    def conversions(self, craftsmen):
        """Every conversion ``craftsmen`` can use that takes cubes, as
        (conversion, cubes in, net VP per cube in)."""
        w, rules, cv = self.w, self.rules, self.cards
        tags = set()
        for c in craftsmen:
            tags |= rules.tags[c]
        for c in craftsmen:
            for conv in cv.converts[c]:
                if any(t not in tags for t in conv.tags_needed):
                    continue
                n_cubes = sum(a.n for a in conv.inputs if a.kind in _CUBES)
                if not n_cubes:
                    continue
                out = amount_value(conv.outputs, w, cv.acquire)
                gold_in = sum(a.n for a in conv.inputs if a.kind == "gold") * w.gold
                yield conv, n_cubes, (out - gold_in) / n_cubes

    def rates(self, craftsmen) -> dict:
        """Best VP per cube each kind earns with these craftsmen (one use)."""
        w = self.w
        best = {k: SELL.get(k, 0) * w.gold * w.sell_floor for k in _CUBES}
        for conv, _, per in self.conversions(craftsmen):
            for a in conv.inputs:
                if a.kind in _CUBES and per > best[a.kind]:
                    best[a.kind] = per
        return best

    # -------------------------------------------------------------- the value
    def value(self, state: GameState, seat: int, ref_round: int | None = None) -> float:
        """Expected final VP of ``seat`` from ``state``. ``ref_round`` is the round
        of the decision being weighed (production potential counts the rounds after it)."""
        p = state.players[seat]
        w, rules, cv = self.w, self.rules, self.cards
        if state.game_over:
            return p.vp + w.end_gold * p.gold
        rnd = state.round
        if ref_round is None:
            ref_round = rnd
        board = self.board
        market_ahead = _ahead(board, state, board.market)
        last_spend = rnd >= ROUNDS and not market_ahead and not (state.step == board.market and seat not in state.done)
        gold_w = w.end_gold if last_spend else w.gold
        later = ROUNDS - rnd  # rounds not yet started
        v = float(p.vp)
        gold = float(p.gold)
        cubes = list(p.cubes)
        craftsmen = list(p.craftsmen)
        stage_res = state.stage == "resolution"
        steps = self.rules.steps
        if stage_res:  # the steps after the one resolving now (a rule the board lacks: never)
            at = board.step_at
            here = at.get(state.step, -2)
            ahead = {s: at.get(s, -2) > here for s in steps}
        else:
            ahead = dict.fromkeys(steps, state.stage in ("draft", "builders", "setup"))

        # this round's income still to come
        if ahead.get(board.mill, False):
            gold += p.pieces.value
        for cid in p.resource_cards:
            card = rules.by_id[cid]
            if card.yields is not None and card.yields.kind in _CUBES and ahead.get(card.site, False):
                cubes[_CUBES.index(card.yields.kind)] += max(0, card.yields.n + rules.yield_delta(state, seat))
        v, market_spot, at_court, _ = self._spots_ahead(
            state, seat, lambda loc: ahead.get(loc, False), later, v, cubes, craftsmen
        )
        if ahead.get(board.court, False) and not at_court and seat not in state.exempt:
            gold -= rules.tax_for(state, seat, MEAN_TAX)
        # parked builders will be placed free
        if state.stage == "builders":
            v += w.parked * sum(1 for s in state.parked if s == seat)

        # craftsman limit: the weakest go
        limit = rules.craftsman_limit(state, seat)
        if len(craftsmen) > limit:
            craftsmen.sort(key=lambda c: -sum(cv.potential.get(c, (0, 0))))
            craftsmen = craftsmen[:limit]

        # triggered gains: this round (if still ahead) and later rounds
        rates = self.rates(craftsmen)
        cube_value = {k: w.carry * rates[k] for k in _CUBES}
        for cid in tuple(craftsmen) + p.privileges:
            for t in cv.triggers[cid]:
                if t.step == GAME_END:  # once, after the last round (issue #36)
                    v += 0.0 if state.game_over else cv.effect_value(t.effect, cube_value, w.per_builder)
                    continue
                if ahead.get(t.step, False) and isinstance(t.effect, _Gain):
                    k = gain_factor(state, seat, t.effect.per, cid)
                    for a in t.effect.amounts:
                        if a.kind == "vp":
                            v += a.n * k
                        elif a.kind == "gold":
                            gold += a.n * k
                        else:
                            cubes[_CUBES.index(a.kind)] += a.n * k
                elif ahead.get(t.step, False):
                    v += cv.effect_value(t.effect, cube_value, w.per_builder)
                v += later * cv.effect_value(t.effect, cube_value, w.per_builder)
        for cid in p.privileges:
            v += cv.passive_value(cid, later, held=True) + cv.once_value(cid)

        # cubes: this round's cathedral, then carried
        building = ahead.get(board.cathedral, False) or (state.step == board.cathedral and seat not in state.done)
        if building:
            buy = None
            stock = state.market
            if market_spot:
                buy = {k: rules.price(state, seat, "buy", k) for k in BUY if rules.permitted(state, seat, "buy", k)}
            gained, cubes, gold = self.plan(craftsmen, state, seat, cubes, max(gold, 0.0), gold_w, buy, stock)
            v += gained
        if market_spot:
            v += w.market_spot
        if later:
            kept = sorted((cube_value[k] for k, n in zip(_CUBES, cubes) for _ in range(max(0, n))), reverse=True)
            v += sum(kept[:CUBE_LIMIT], 0.0)

        # gold (debt costs 1 VP per 2 gold missing, §2.5)
        v += gold * gold_w if gold >= 0 else 0.5 * gold

        # production potential over the rounds after the decision's round
        future = ROUNDS - ref_round
        if future > 0:
            for c in craftsmen:
                sure, risky = cv.potential.get(c, (0.0, 0.0))
                v += future * (w.sure * sure + w.potential * risky * self._needs(c, craftsmen))
            v += counters_worth(rules, state, seat, craftsmen, w, cv.acquire, future)
        # later rounds' baseline: mill gold for the workers, minus the expected tax
        if later:
            workers = WORKERS + rules.extra_workers(state, seat)
            v += w.gold * (later * (workers - rules.tax_for(state, seat, MEAN_TAX)) + p.grey_next)
        return v

    def _needs(self, c: str, craftsmen) -> float:
        convs = self.cards.converts[c]
        if not any(cv.tags_needed for cv in convs):
            return 1.0
        tags: set[str] = set()
        for o in craftsmen:
            tags |= self.rules.tags[o]
        return 1.0 if all(t in tags for cv in convs for t in cv.tags_needed) else self.w.unmet_need

    def privilege(self, cid: str, rounds: int, held: bool, craftsmen) -> float:
        """A privilege card's value to its (future) owner over ``rounds`` rounds."""
        cv = self.cards
        cube_value = {k: self.w.carry * r for k, r in self.rates(craftsmen).items()}
        v = sum((cv.effect_value(e, cube_value, self.w.per_builder) for e in cv.on_gain[cid]), 0.0)
        v += sum(
            (
                (1 if t.step == GAME_END else rounds) * cv.effect_value(t.effect, cube_value, self.w.per_builder)
                for t in cv.triggers[cid]
            ),
            0.0,
        )
        return v + cv.passive_value(cid, rounds, held) + cv.once_value(cid)

    def _spots_ahead(self, state: GameState, seat: int, ahead, later: int, v: float, cubes: list, craftsmen: list):
        """``v`` plus what ``seat``'s builders bring on the spots whose step
        is still ``ahead(location)`` this round (the Bishop, the Priory's VP, a
        Kingsbridge privilege, the castle, the start player); the court's metal
        is added to ``cubes`` and a Shiring craftsman to ``craftsmen`` in place.
        Returns (v, has a market spot, stands at the court, has the Bishop)."""
        w, board = self.w, self.board
        market_spot = at_court = bishop = False
        for loc, seats in state.spots:
            rule = board.rule_of.get(loc, "")
            for i, s in enumerate(seats):
                if s != seat:
                    continue
                at_court |= rule == "tax"
                if not ahead(loc):
                    continue
                if rule == "bishop":
                    bishop = True
                    v += w.bishop
                elif rule == "spots":
                    v += board.spot_gain(loc, i, later, w, self.cards.acquire)
                elif rule == "privileges":
                    if i < len(state.kingsbridge) and state.kingsbridge[i]:
                        v += self.privilege(state.kingsbridge[i], later + 1, held=False, craftsmen=craftsmen)
                elif rule == "tax":
                    if i == 0:
                        cubes[3] += state.court_metal
                elif rule == "craftsmen":
                    if i < len(state.shiring) and state.shiring[i]:
                        craftsmen.append(state.shiring[i])
                elif rule == "market":
                    market_spot = True
                elif rule == "start_player":
                    v += w.start_player
        return v, market_spot, at_court, bishop


__all__ = ["EvaluatorV1"]

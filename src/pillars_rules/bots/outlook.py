"""The coming events and the gold a seat keeps through them: one part of the
heuristic bots' evaluation (:class:`~pillars_rules.bots.evaluate.Evaluator`).

An :class:`EventOutlook` knows each event card of a rules context by what it
does to an affected seat's gold, VP and tax (:class:`EventEffect`), weighs the
coming event over the events a seat has not seen, and prices a seat's gold
against that event and the tax die in the order they come (§2.4 steps 1-9):
the VP the debt rule takes (§2.5) plus the weights'
:attr:`~pillars_rules.bots.cardvalue.Weights.debt_risk` per unit of
probability of falling short at all. Events are known by what they do, never
by name, so fan events are weighed like the base game's.

What it computes is remembered (:func:`remember`): many positions of one
decision ask the same questions.

>>> import pillars_rules as pr
>>> from pillars_rules.bots.cardvalue import Weights
>>> game = pr.new_game(players=2, seed=3)
>>> outlook = EventOutlook(game.rules, Weights())
>>> odds = outlook.event_odds(game.state)
>>> round(sum(p for _, p in odds), 9)
1.0
"""

from __future__ import annotations

from typing import Final

from .. import TAX_DIE, GameState
from ..cardlang.effects import Gain, Lose, MillBonus, Now, TaxDelta, ThisRound
from ..games.pillars import Rules  # the rules context's type (Game.rules, SeatView.rules)
from .cardvalue import Weights

# Imported names read in hot code, as Final aliases: the compiled build reads a Final
# from a C static, any other module global from the module's dict at every read.
_Gain: Final = Gain
_Lose: Final = Lose
_MillBonus: Final = MillBonus
_Now: Final = Now
_TAX_DIE: Final = TAX_DIE
_TaxDelta: Final = TaxDelta
_ThisRound: Final = ThisRound

#: How many entries a memo keeps before it starts again (:func:`remember`).
KEPT: Final = 4096
#: The tax outcomes of a seat the tax passes by: nothing, for sure.
UNTAXED: Final[tuple[tuple[int, float], ...]] = ((0, 1.0),)


def remember(memo: dict, key: object, value: object, kept: int = KEPT) -> None:
    """Keep ``value`` under ``key`` in ``memo``, emptied first once it holds
    more than ``kept`` entries (a bot's memos live as long as its rules:
    bounded, they never grow with the number of games)."""
    if len(memo) > kept:
        memo.clear()
    memo[key] = value


class EventEffect:
    """What an event does to one affected seat, as far as gold and VP go."""

    __slots__ = ("harmful", "gold", "vp", "tax", "mill", "key")

    def __init__(self, card) -> None:
        self.harmful: bool = card.harmful
        self.gold: int = 0
        self.vp: int = 0
        self.tax: int = 0
        self.mill: tuple[int, int] | None = None
        for a in card.abilities:
            if isinstance(a, _Now) and (type(a.effect) is _Lose or type(a.effect) is _Gain) and a.effect.per is None:
                sign = 1 if type(a.effect) is _Gain else -1
                for x in a.effect.amounts:
                    if x.kind == "gold":
                        self.gold += sign * x.n
                    elif x.kind == "vp":
                        self.vp += sign * x.n
            elif isinstance(a, _ThisRound) and isinstance(a.modifier, _TaxDelta):
                self.tax += a.modifier.n
            elif isinstance(a, _ThisRound) and isinstance(a.modifier, _MillBonus):
                self.mill = (a.modifier.per, a.modifier.up_to)
        #: events with one key do the same to a seat's gold and VP
        self.key = (
            self.harmful and (self.gold < 0 or self.vp < 0 or self.tax > 0),
            self.gold,
            self.vp,
            self.tax,
            self.mill,
        )


#: The key of an event that changes no gold, VP or tax.
_NO_EFFECT: Final = (False, 0, 0, 0, None)

#: Grouped outcomes: (what the event does, or None for nothing that counts; probability).
Outcomes = list[tuple[EventEffect | None, float]]


class EventOutlook:
    """The coming event's odds and a seat's gold through it (see the module docs)."""

    def __init__(self, rules: Rules, weights: Weights) -> None:
        self.rules = rules
        self.debt_risk: float = weights.debt_risk
        self.events = {c.id: EventEffect(c) for c in rules.cards.of_kind("event")}
        self._pools: dict = {}
        self._grouped: dict = {}
        self._losses: dict = {}
        #: the last odds grouped, (odds, groups): one tuple, so threads sharing the outlook
        #: never read one call's odds with another's groups
        self._last: tuple[object, Outcomes] = (None, [])

    def event_odds(self, state: GameState, seen=(), peek: str | None = None) -> tuple[tuple[str, float], ...]:
        """The coming event of this round as (card, probability) pairs: the
        revealed one, the one the seat may peek at (§7), or else every event
        not in ``seen`` (revealed earlier) nor last round's, equally likely;
        () once it took effect."""
        if state.event:
            return () if state.event_applied else ((state.event, 1.0),)
        if peek:
            return ((peek, 1.0),)
        return self._pool(tuple(seen), "", state.prev_event)

    def next_odds(self, state: GameState, seen=()) -> tuple[tuple[str, float], ...]:
        """Next round's event, as (card, probability) pairs: any event not
        revealed yet (not in ``seen``, nor this round's or last round's)."""
        return self._pool(tuple(seen), state.event, state.prev_event)

    def _pool(self, seen: tuple, now: str, prev: str) -> tuple[tuple[str, float], ...]:
        key = (seen, now, prev)
        got = self._pools.get(key)
        if got is None:
            skip = set(seen)
            skip.update((now, prev))
            pool = [c for c in self.events if c not in skip]
            got = tuple((c, 1.0 / len(pool)) for c in pool) if pool else ()
            remember(self._pools, key, got, 256)
        return got

    def outcomes(self, odds) -> Outcomes:
        """``odds`` grouped by what the events do to gold and VP: [(effect or None, p)]."""
        last = self._last
        if odds is last[0]:  # the pools are remembered: the same odds come as the same tuple
            return last[1]
        got = self._grouped.get(odds)
        if got is None:
            groups: dict = {}
            for card, p in odds or ((None, 1.0),):
                eff = self.events.get(card) if card else None
                k = eff.key if eff is not None and eff.key != _NO_EFFECT else None
                rec = groups.setdefault(k, [eff if k is not None else None, 0.0])
                rec[1] += p
            total = sum((p for _, p in groups.values()), 0.0)
            got = [(eff, p / total) for eff, p in groups.values()]
            remember(self._grouped, odds, got, 256)
        self._last = (odds, got)
        return got

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
        """(expected gold after the tax, expected VP lost to events and debt,
        risk of debt priced in): the coming event, then the mill's and other
        gold before the court, then the tax die (§2.4 steps 1-9, §2.5)."""
        taxes: tuple[tuple[int, float], ...] = UNTAXED
        if taxed:
            faces: dict[int, int] = {}
            for t in self.rules.tax_faces(state, seat, _TAX_DIE):
                faces[t] = faces.get(t, 0) + 1
            taxes = tuple([(t, n / len(_TAX_DIE)) for t, n in faces.items()])
        return self.through(self.outcomes(odds), gold, before_tax, mill_value, taxed, taxes, protected)

    def next_round_loss(self, gold: float, odds) -> float:
        """The VP that next round's event (``odds``) may cost a seat keeping
        ``gold`` into it (:meth:`gold_outlook` without income or tax): one
        value for many positions (every candidate of a decision that leaves
        the seat's gold alone), so remembered by the gold and the grouped
        outcomes (by identity, kept in the entry so the id cannot be reused)."""
        outcomes: Outcomes = self.outcomes(odds)
        key = (id(outcomes), gold)
        got = self._losses.get(key)
        if got is not None and got[0] is outcomes:
            return got[1]
        lost = self.through(outcomes, gold, 0.0, 0, False, UNTAXED, False)[1]
        remember(self._losses, key, (outcomes, lost))
        return lost

    def through(
        self,
        outcomes: Outcomes,
        gold: float,
        before_tax: float,
        mill_value: int,
        taxed: bool,
        taxes: tuple[tuple[int, float], ...],
        protected: bool,
    ) -> tuple[float, float]:
        """(expected gold left, expected VP lost with the risk priced in) of a
        seat holding ``gold`` through the grouped ``outcomes`` of the event,
        then ``before_tax`` income (the mill's worth ``mill_value``), then the
        tax ``taxes`` (face, probability)."""
        gold_sum = vp_loss = short = 0.0
        for eff, p in outcomes:
            g, lost, fell_short = gold, 0.0, False
            income = before_tax
            tax_delta = 0
            if eff is not None and not (eff.harmful and protected):
                lost -= eff.vp
                g += eff.gold
                if g < 0:
                    lost += (-g) // 2
                    fell_short, g = True, 0.0
                if eff.mill is not None:
                    income += eff.mill[0] * min(mill_value, eff.mill[1])
                tax_delta = eff.tax if taxed else 0
            g = min(30.0, g + income)
            for tax, q in taxes:
                q *= p
                left = g - max(0, tax + tax_delta)
                if left < 0:
                    vp_loss += q * (lost + (-left) // 2)
                    short += q
                else:
                    vp_loss += q * lost
                    gold_sum += q * left
                    short += q * fell_short
        return gold_sum, vp_loss + self.debt_risk * short


__all__ = ["EventEffect", "EventOutlook", "KEPT", "Outcomes", "UNTAXED", "remember"]

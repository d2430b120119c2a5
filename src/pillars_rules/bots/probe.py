"""What an effect does, valued through the model (issue #53): the heuristic
bots' value of any effect their closed-form values do not cover.

:class:`EffectProbe` plays an ability's effect through the engine itself for
seat 0 of a few typical positions (3 seats, round 3, the draft; seat 0 behind
in one, ahead in the other), answers every decision it asks with the answer
best for the deciding seat, and values what changed, part of the model by part
of the model -- never the effect's form:

* each seat's VP, gold, cubes (at what a cube costs to get), workers,
  craftsmen (their production over the rounds left), privileges (their
  lasting modifiers, once-per-game uses and triggers), counters on cards;
* the lasting changes granted to a seat, over the rounds they hold;
* the event cards a seat has looked at;
* each seat's place in the order of play, this round and the next.

A seat's gain is its own change less half of what each other seat gained (as
the closed forms count a gift to another player). A new kind of effect that
moves these things gets a value without new code here; one that changes
something no part reads is worth nothing until a part reads it.

>>> import pillars_rules as pr
>>> from pillars_rules.bots.cardvalue import Weights, card_values
>>> from pillars_rules.cardlang.effects import BecomeStartPlayer
>>> values = card_values(pr.new_game(players=3, seed=1).rules, Weights())
>>> values.probe.effect_value(BecomeStartPlayer()) > 0
True
"""

from __future__ import annotations

from typing import Any, Final

from ..cardlang.effects import CUBES, OnAction, Passive, is_shared
from ..effectplay import answers, effect_result, settled
from ..errors import PillarsError

#: The round the probe positions are in, and the rounds left after it.
PROBE_ROUND: Final = 3
LEFT: Final = 3
#: The most decisions one probe answers in a row, and answers it weighs per decision.
DEPTH: Final = 4
ANSWERS: Final = 24
#: Share of another seat's gain that counts against the owner.
OTHERS: Final = 0.5


class EffectProbe:
    """Values effects of one rules context by playing them (see the module docs)."""

    def __init__(self, values: Any) -> None:
        #: the :class:`~pillars_rules.bots.cardvalue.CardValues` whose parts it reads
        self.values = values
        self.rules = values.rules
        self._positions: list | None = None
        #: (id(effect), addressed) -> (effect, value): the effect kept, so its id is never reused
        self._got: dict[tuple, tuple[Any, float]] = {}
        self._busy: set = set()
        #: id(top-level effect of an ability) -> (card, ability index, the ability)
        self.address: dict[int, tuple[str, int, Any]] = {}
        for cid, card in self.rules.by_id.items():
            for i, ability in enumerate(card.abilities):
                effect = getattr(ability, "effect", None)
                if effect is not None:
                    self.address.setdefault(id(effect), (cid, i, ability))

    # ------------------------------------------------------------ positions
    def positions(self) -> list:
        """The probe positions (made once): two 3-seat games in round 3's
        draft, seat 0 behind and last in the order in the first, ahead and
        first in the second."""
        if self._positions is None:
            from ..scenario import scenario  # the probe needs it only when an effect is probed

            rules = self.rules
            privileges = sorted(
                c.id
                for c in rules.cards.of_kind("privilege")
                if any(isinstance(a, Passive) for a in c.abilities) and c.id not in rules.held_one_round
            )
            own = privileges[0:1]
            theirs = (tuple(privileges[1:2]), tuple(privileges[2:3]))
            cubes = dict(wood=1, stone=1, sand=1)
            behind = {
                0: dict(gold=6, vp=8, cubes=cubes, privileges=tuple(own)),
                1: dict(gold=10, vp=14, cubes=cubes, privileges=theirs[0]),
                2: dict(gold=8, vp=11, cubes=cubes, privileges=theirs[1]),
            }
            ahead = {
                0: dict(gold=10, vp=15, cubes=cubes),
                1: dict(gold=6, vp=9, cubes=cubes, privileges=theirs[0]),
                2: dict(gold=8, vp=12, cubes=cubes, privileges=theirs[1]),
            }
            made: list = []
            for seats, start in ((behind, 1), (ahead, 0)):
                try:
                    game = scenario(
                        3,
                        round=PROBE_ROUND,
                        step="draft",
                        seats=seats,
                        start_player=start,
                        seed=0,
                        cards=rules.base,
                        variants=rules.variants,
                    )
                except PillarsError:  # a card set without such a position (no 3-player game): nothing probed
                    continue
                made.append((game.rules, game.state))
            self._positions = made
        return self._positions

    # ------------------------------------------------------------ the value
    def effect_value(self, effect: Any) -> float:
        """The mean gain of seat 0 over the probe positions when it gets
        ``effect`` (remembered). An ability's own effect is played from its
        card, so the decisions it asks are answered; a reaction's ``that
        player`` is seat 1. Nothing for a vote or a bid (their options are
        valued one by one) or an effect being probed already (a privilege
        whose value depends on itself)."""
        if is_shared(effect):
            return 0.0
        where = self.address.get(id(effect))
        key = (id(effect), where is not None)
        known = self._got.get(key)
        if known is not None and known[0] is effect:
            return known[1]
        if key in self._busy:
            return 0.0
        self._busy.add(key)
        try:
            source, index, ability = where if where is not None else ("", -1, None)
            actor = 1 if isinstance(ability, OnAction) and ability.who != "you" else -1
            total = 0.0
            positions = self.positions()
            for rules, base in positions:
                after = effect_result(base, rules, 0, effect, source, index, actor)
                if where is not None:
                    after = self._settled(rules, after, 0)
                total += self.gain(base, after, 0)
            got = total / len(positions) if positions else 0.0
        finally:
            self._busy.discard(key)
        self._got[key] = (effect, got)
        return got

    def _settled(self, rules, state, depth: int):
        """``state`` with its queued decisions answered, each by its seat's best answer."""
        while state.table.jobs and depth < DEPTH:
            state = settled(state, rules)
            pend = state.pending
            if pend is None or pend.kind != "choice":
                continue
            best, best_v = None, float("-inf")
            for _action, after in answers(state, rules, ANSWERS):
                after = self._settled(rules, after, depth + 1)
                v = self.gain(state, after, pend.seat)
                if v > best_v:
                    best, best_v = after, v
            return state if best is None else best
        return state

    def gain(self, before, after, seat: int) -> float:
        """What ``seat`` gains from ``before`` to ``after``: its own change
        less :data:`OTHERS` of each other seat's."""
        own = 0.0
        others = 0.0
        for s in range(len(after.players)):
            d = self.worth(after, s) - self.worth(before, s)
            if s == seat:
                own = d
            else:
                others += d
        return own - OTHERS * others

    def worth(self, state, seat: int) -> float:
        """The parts of ``seat`` an effect may change, in VP (see the module docs)."""
        cv = self.values
        w, rules = cv.w, self.rules
        p = state.players[seat]
        v = p.vp + w.gold * (p.gold + p.pieces.value + p.grey_next)
        for k, n in zip(CUBES, p.cubes):
            v += n * cv.acquire[k]
        for c in p.craftsmen:
            sure, risky = cv.potential.get(c, (0.0, 0.0))
            v += LEFT * (w.sure * sure + w.potential * risky)
        for c in p.privileges:
            v += cv.privilege_worth(c, LEFT)
        for s, card, n in state.counters:
            if s == seat:
                v += n * cv.counter(card, LEFT)
        for s, source, ability, option, first, last in state.granted:
            if s == seat:
                rounds = min(last, PROBE_ROUND + LEFT) - max(first, state.round) + 1
                if rounds > 0:
                    v += cv.modifier_value(rules.granted_modifier(source, ability, option), rounds, False)
        v += w.per_round_minor * sum(1 for s, _ in state.seen if s == seat)
        # the order of play: first is worth the start player's spot, last nothing
        n = len(state.players)
        for rnd in (state.round, state.round + 1):
            step = -1 if rnd in state.reversed_rounds else 1
            place = ((seat - state.start_player) * step) % n
            v += 0.5 * w.start_player * (n - 1 - place) / (n - 1)
        return v


__all__ = ["EffectProbe", "PROBE_ROUND", "LEFT"]

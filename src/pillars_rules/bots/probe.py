"""What an effect does, valued through the model (issue #53): the heuristic
bots' value of any effect their closed-form values do not cover.

:class:`EffectProbe` plays an ability's effect through the engine itself for
seat 0 of a few typical positions (3 seats, round 3, the draft; seat 0
behind, ahead and between the others, each time at another place in the
order of play), answers every decision it asks with the answer
best for the deciding seat, and values what changed, part of the model by part
of the model -- never the effect's form:

* each seat's VP, gold, cubes (at what a cube costs to get), workers,
  craftsmen (their production over the rounds left), privileges (their
  lasting modifiers, once-per-game uses and triggers), counters on cards;
* capacity boosts of a seat's craftsmen (they hold this round): what one more
  use of the boosted craftsman's conversions yields, while this round's
  cathedral step is ahead;
* the lasting changes granted to a seat, over the rounds they hold;
* the event cards a seat has looked at, and the coming event as the seat
  knew it before the effect: an event it had looked at that is still on top
  is worth what it does to the seat (:meth:`EffectProbe.event_worth`) less
  what an unseen one does on average, so burying or reordering a known harmful event gains and
  one the seat does not know changes nothing (its expected event is the same);
* each seat's place in the order of the next placement
  (:func:`~pillars_rules.bots.cardvalue.order_worth`, the same value the
  position evaluation gives it).

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

from ..cardlang.effects import CUBES, Now, OnAction, Passive, ThisRound, is_shared
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

    #: The probe positions, by seat 0's place in VP, with their start player: seat 2
    #: (the order 2, 0, 1), seat 0 (0, 1, 2), seat 1 (1, 2, 0).
    PLAN: tuple[tuple[str, int], ...] = (("behind", 2), ("ahead", 0), ("between", 1))

    def __init__(self, values: Any) -> None:
        #: the :class:`~pillars_rules.bots.cardvalue.CardValues` whose parts it reads
        self.values = values
        self.rules = values.rules
        self._positions: list | None = None
        #: event card -> what it does to a seat (:meth:`event_worth`)
        self._events: dict[str, float] = {}
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
        """The probe positions (made once): three 3-seat games in round 3's
        draft, seat 0 behind in VP and second in the order of play, ahead and
        first, between the others and last: each place in VP once and each
        place in the order once, so a condition on the one is not read as
        the other (a card that makes the player with the fewest VP the start
        player is worth what it gives about a third of the time)."""
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
            between = {
                0: dict(gold=8, vp=11, cubes=cubes, privileges=tuple(own)),
                1: dict(gold=10, vp=14, cubes=cubes, privileges=theirs[0]),
                2: dict(gold=6, vp=8, cubes=cubes, privileges=theirs[1]),
            }
            made: list = []
            named = {"behind": behind, "ahead": ahead, "between": between}
            for name, start in self.PLAN:
                try:
                    game = scenario(
                        3,
                        round=PROBE_ROUND,
                        step="draft",
                        seats=named[name],
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
    def effect_value(self, effect: Any, when_it_helps: bool = False) -> float:
        """The mean gain of seat 0 over the probe positions when it gets
        ``effect`` (remembered); ``when_it_helps``: a loss counts as nothing
        (an effect its owner uses once, when it likes: reversing the order
        of play helps a seat late in the order, not one early). An ability's
        own effect is played from its card, so the decisions it asks are
        answered; a reaction's ``that player`` is seat 1. Nothing for a vote
        or a bid (their options are valued one by one) or an effect being
        probed already (a privilege whose value depends on itself)."""
        if is_shared(effect):
            return 0.0
        where = self.address.get(id(effect))
        key = (id(effect), where is not None, when_it_helps)
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
                g = self.gain(base, after, 0)
                total += max(0.0, g) if when_it_helps else g
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
        less :data:`OTHERS` of each other seat's (the coming event valued as
        each seat knew it in ``before``)."""
        own = 0.0
        others = 0.0
        for s in range(len(after.players)):
            d = self.worth(after, s, before) - self.worth(before, s, before)
            if s == seat:
                own = d
            else:
                others += d
        return own - OTHERS * others

    def worth(self, state, seat: int, knew=None) -> float:
        """The parts of ``seat`` an effect may change, in VP (see the module
        docs); the coming event as the seat knew it in ``knew`` (default: ``state``)."""
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
        v += self.boosted(state, seat)
        v += self.coming_event(state, seat, state if knew is None else knew)
        return self.ordered(v, state, seat)

    def ordered(self, v: float, state, seat: int) -> float:
        """``v`` and ``seat``'s place in the order of the next placement
        (:func:`~pillars_rules.bots.cardvalue.order_worth`)."""
        return v + self.values.place_worth(state, seat)

    def boosted(self, state, seat: int) -> float:
        """What the capacity boosts of ``seat``'s craftsmen yield this round
        (one more use of each conversion with a capacity per boost), while its
        cathedral step is ahead."""
        p = state.players[seat]
        if not p.boosts or not self._building_ahead(state):
            return 0.0
        boost = self.values.boost
        return sum((n * boost.get(c, 0.0) for c, n in p.boosts if c in p.craftsmen), 0.0)

    def _building_ahead(self, state) -> bool:
        """Is this round's cathedral step (where craftsmen convert) still ahead?"""
        if state.stage in ("setup", "draft", "builders"):
            return True
        layout = self.rules.layout
        return state.stage == "resolution" and layout.step_index.get(state.step, -1) <= layout.step_index.get(
            layout.cathedral, -2
        )

    def coming_event(self, state, seat: int, knew) -> float:
        """The top event card of ``state``'s deck, for ``seat``, if it had looked
        at it in ``knew``: what it does to the seat less what an event it has
        not looked at does on average; nothing for an event it does not know."""
        deck = state.event_deck
        if not deck:
            return 0.0
        known = {c for s, c in knew.seen if s == seat}
        if deck[0] not in known:
            return 0.0
        unseen = [c for c in deck if c not in known]
        mean = sum(self.event_worth(c) for c in unseen) / len(unseen) if unseen else 0.0
        return self.event_worth(deck[0]) - mean

    def event_worth(self, card: str) -> float:
        """What event ``card`` does to a seat it affects, in VP (remembered):
        its effects played on seat 0 of the probe positions, their decisions
        answered, by the seat's own change, and its lasting changes for this
        round at their values."""
        got = self._events.get(card)
        if got is None:
            got = self._events[card] = 0.0  # while it is valued (an event that looks at itself)
            event = self.rules.by_id.get(card)
            positions = self.positions()
            for index, ability in enumerate(event.abilities if event is not None else ()):
                if isinstance(ability, ThisRound):
                    got += self.values.modifier_value(ability.modifier, 1, False)
                elif isinstance(ability, Now) and positions and not is_shared(ability.effect):  # a vote: valued apart
                    change = 0.0
                    for rules, base in positions:
                        after = self._settled(rules, effect_result(base, rules, 0, ability.effect, card, index), 0)
                        change += self.worth(after, 0, base) - self.worth(base, 0, base)
                    got += change / len(positions)
            self._events[card] = got
        return got


__all__ = ["EffectProbe", "PROBE_ROUND", "LEFT"]

"""Effects and abilities of a card -> registry objects (:mod:`.effects`).

The part of the card compiler (:mod:`.compiler`) shared by every kind that has
abilities: instant effects, player selectors, modifiers, once-per-game
effects, and the abilities that give them (conversions, triggers, ``now:``...).
Single values are checked by :class:`.values.ValueChecker`.
"""

from __future__ import annotations

from typing import Any

import attrs

from . import ast
from . import effects as fx
from ..limits import MAX_ABILITIES_PER_CARD
from .sharedcomp import SHARED, refuse_nested, shared_effect
from .values import ValueChecker

#: Amount kinds a conversion may consume, and what it may produce.
INPUT_KINDS: tuple[str, ...] = fx.CUBES + ("gold", "vp")
OUTPUT_KINDS: tuple[str, ...] = fx.AMOUNT_KINDS

#: How each registry ability is introduced in card text (for messages).
ABILITY_WORDS: dict[str, str] = {
    "Convert": "'convert'", "Passive": "a lasting modifier (e.g. 'tax 2')",
    "Trigger": "'at <step>:'", "OnGain": "an effect when gained (e.g. 'gain 8 gold')",
    "Once": "'on <window>:'", "Now": "'now:'", "ThisRound": "'this round:'",
    "NextRound": "'next round:'", "OnAction": "'when you <action>:'", "RestOfGame": "'rest of game:'",
}
ONCE_WORDS: dict[type, str] = {
    fx.FreePlacement: "free placement", fx.IgnoreEvent: "ignore event", fx.TaxExempt: "pay no tax",
}
#: Windows and actions after which the market's turn order must not be
#: interrupted by a choice (see :func:`_has_choice`).
NO_CHOICE_AFTER = ("market", "buy", "sell")


def article(kind: str) -> str:
    return ("an " if kind[:1] in "aeiou" else "a ") + kind


def _has_choice(effect: Any) -> bool:
    """Does an instant effect ask its player to choose?"""
    if isinstance(effect, (fx.ChooseOne, fx.ChooseCraftsman, fx.ReorderEvents, fx.CopyPrivilege)):
        return True
    if isinstance(effect, (fx.ForPlayers, fx.Transfer, fx.Swap)) and effect.players.who == "chosen":
        return True
    return isinstance(effect, (fx.If, fx.ForPlayers)) and _has_choice(effect.effect)


def _reaches(effect: Any) -> bool:
    """Does an instant effect reach other players (a selector or a transfer)?"""
    if isinstance(effect, (fx.ForPlayers, fx.Transfer, fx.Swap)):
        return True
    if isinstance(effect, fx.ChooseOne):
        return any(_reaches(o) for o in effect.options)
    return isinstance(effect, fx.If) and _reaches(effect.effect)


class AbilityFields(ValueChecker):
    """Compiles the effects and abilities of one card; ``locations`` and
    ``hooks`` are the board's vocabulary they are checked against."""

    locations: tuple[str, ...] = tuple(fx.LOCATIONS)
    hooks: tuple[str, ...] = fx.HOOK_POINTS

    # ---- effects -----------------------------------------------------------
    def instant(self, e: ast.Effect) -> Any:
        r = e.registry
        if r == "Gain":
            amounts = self.amounts(e.arg("amounts"), fx.AMOUNT_KINDS, "a gain")
            per = e.arg("per")
            per_obj: fx.PerMillWorker | fx.PerCount | fx.PerBuilder | None = None
            if per is not None and per.registry == "PerMillWorker":
                per_obj = fx.PerMillWorker()
            elif per is not None and per.registry == "PerCount":
                what = self.count(per.arg("what"), fx.COUNTS)
                k = 1 if per.arg("per") is None else self.number(per.arg("per"), "a count's step")
                if what is None or k is None:
                    return None
                per_obj = fx.PerCount(what, k)
            elif per is not None:
                loc = self.choice(per.arg("location"), self.locations, "location")
                if loc is None:
                    return None
                per_obj = fx.PerBuilder(loc)
            return None if amounts is None else fx.Gain(amounts, per_obj)
        if r == "If":
            c = e.arg("condition")
            cond: Any
            if c.registry == "HasMost":
                what = self.count(c.arg("what"), fx.PLAYER_COUNTS)
                cond = None if what is None else fx.HasMost(what, c.arg("most"))
            else:
                cond = self.owns(c, counts=True)
            inner = self.instant(e.arg("effect"))
            return None if cond is None or inner is None else fx.If(cond, inner)
        if r == "ForPlayers":
            players = self.players(e.arg("players"))
            inner = self.instant(e.arg("effect"))
            if players is None or inner is None:
                return None
            if _reaches(inner):
                self.rep.at(e.arg("effect"), "an effect for other players cannot reach further "
                                             "players (one selector per effect)")
                return None
            if players.who == "chosen" and _has_choice(inner):
                self.rep.at(e.arg("effect"), "the effect for a player you choose cannot ask for "
                                             "another choice", "give a fixed effect, e.g. 'lose 2 gold'")
                return None
            return fx.ForPlayers(players, inner)
        if r == "Transfer":
            amounts = self.amounts(e.arg("amounts"), fx.AMOUNT_KINDS,
                                   "what is taken" if e.arg("direction") == "take" else "what is given")
            players = self.players(e.arg("players"))
            return None if amounts is None or players is None else fx.Transfer(
                e.arg("direction"), amounts, players)
        if r == "Swap":
            gives = self.amounts(e.arg("gives"), fx.AMOUNT_KINDS, "what is given")
            gets = self.amounts(e.arg("gets"), fx.AMOUNT_KINDS, "what is got")
            players = self.players(e.arg("players"))
            if gives is None or gets is None or players is None:
                return None
            both = {a.kind for a in gives} & {a.kind for a in gets}
            if both:
                self.rep.at(e.arg("gets")[0], f"a trade gives and gets {', '.join(sorted(both))}: "
                                              "give less instead")
                return None
            return fx.Swap(gives, gets, players)
        if r == "Market":
            action = e.arg("action")
            role = {"take": "what is taken from the market", "give": "what is given to the market",
                    "gains": "what the market gains", "loses": "what the market loses"}[action]
            amounts = self.amounts(e.arg("amounts"), fx.CUBES, role)
            return None if amounts is None else fx.Market(action, amounts)
        if r == "Lose":
            amounts = self.amounts(e.arg("amounts"), fx.AMOUNT_KINDS, "a loss")
            return None if amounts is None else fx.Lose(amounts)
        if r == "ChooseCraftsman":
            exclude = self.exclude(e.arg("exclude"))
            if e.arg("action") == "boost":
                n = self.number(e.arg("n"), "a capacity boost")
                if n is None or exclude is None:
                    return None
                return fx.ChooseCraftsman("boost", n, exclude)
            if e.arg("action") == "give":
                to = self.players(e.arg("to"))
                if to is not None and to.who not in fx.GIVE_TO:
                    # a card is one object: it goes to exactly one player
                    self.rep.at(e.arg("to"), "a craftsman is given to one player: your left or right "
                                             "neighbour", "write e.g. 'choose craftsman: give to your "
                                                          "left neighbour'")
                    return None
                return None if exclude is None or to is None else fx.ChooseCraftsman(
                    "give", 0, exclude, to)
            return None if exclude is None else fx.ChooseCraftsman("discard", 0, exclude)
        if r in ("LookEvents", "ReorderEvents"):
            look = r == "LookEvents"
            n = self.number(e.arg("n"), "the events looked at" if look else "the events reordered",
                            lo=1 if look else 2, hi=fx.MAX_LOOK if look else fx.MAX_REORDER)
            word = self.choice(e.arg("word"), ("event", "events"), "what is looked at")
            if n is None or word is None:
                return None
            return fx.LookEvents(n) if look else fx.ReorderEvents(n)
        if r == "BuryEvent":
            return fx.BuryEvent()
        if r == "CopyPrivilege":
            players = self.players(e.arg("players"))
            return None if players is None else fx.CopyPrivilege(players, e.arg("duration"))
        if r == "ChooseOne":
            options = [self.instant(o) for o in e.arg("options")]
            for node, o in zip(e.arg("options"), options):
                if not isinstance(o, fx.Lasting) and _offers_lasting(o):
                    self.rep.at(node, "a lasting change is an option of the outer choice only",
                                "write it as an option of the first 'choose one'")
                    return None
            return None if None in options else fx.ChooseOne(tuple(options))
        if r == "Borrow":
            return fx.Borrow(e.arg("who"))
        if r == "AddCounters":
            n = self.number(e.arg("n"), "the counters added")
            word = self.choice(e.arg("word"), ("counter", "counters"), "what is added")
            return None if n is None or word is None else fx.AddCounters(n)
        if r == "Lasting":
            mod = self.modifier(e.arg("modifier"))
            return None if mod is None else fx.Lasting(e.arg("duration"), mod)
        if r in SHARED:
            refuse_nested(self, e)
            return None
        raise AssertionError(r)  # pragma: no cover - the grammar makes no other

    def players(self, e: ast.Effect) -> fx.Players | None:
        who = e.arg("who")
        if who in ("most", "fewest"):
            what = self.count(e.arg("what"), fx.PLAYER_COUNTS)
            return None if what is None else fx.Players(who, what)
        return fx.Players(who)

    def modifier(self, e: ast.Effect) -> Any:
        r = e.registry
        if r == "YieldDelta":
            n = self.delta(e.arg("n"), "a yield change")
            return None if n is None else fx.YieldDelta(n)
        if r == "TaxFixed":
            n = self.number(e.arg("n"), "a fixed tax", lo=0)
            return None if n is None else fx.TaxFixed(n)
        if r == "TaxDelta":
            n = self.delta(e.arg("n"), "a tax change")
            return None if n is None else fx.TaxDelta(n)
        if r == "CraftsmanLimit":
            n = self.number(e.arg("n"), "a craftsman limit")
            return None if n is None else fx.CraftsmanLimit(n)
        if r == "BuilderLimit":
            # at most MAX_BUILDERS: 4 players x 4 builders fill 16 of the 17 spots
            n = self.number(e.arg("n"), "a builder limit (the board's 17 spots hold 4 per player)",
                            lo=0, hi=fx.MAX_BUILDERS)
            return None if n is None else fx.BuilderLimit(n)
        if r == "CapacityDelta":
            exclude = self.exclude(e.arg("exclude"))
            n = self.delta(e.arg("n"), "a capacity change")
            return None if n is None or exclude is None else fx.CapacityDelta(n, exclude)
        if r == "ExtraWorker":
            n = self.number(e.arg("n"), "the number of extra workers")
            return None if n is None else fx.ExtraWorker(n)
        if r == "PeekEvent":
            return fx.PeekEvent()
        if r == "MillBonus":
            per = self.number(e.arg("per"), "the mill bonus per worker")
            up_to = self.number(e.arg("up_to"), "the mill bonus limit")
            return None if per is None or up_to is None else fx.MillBonus(per, up_to)
        if r == "PriceDelta":
            res = self.choice(e.arg("resource"), fx.CUBES, "resource")
            n = self.delta(e.arg("n"), "a price change")
            return None if res is None or n is None else fx.PriceDelta(res, n, e.arg("trade"))
        if r == "Permit":
            trade = self.choice(e.arg("trade"), fx.TRADES, "trade")
            res = self.choice(e.arg("resource"), fx.CUBES, "resource")
            return None if trade is None or res is None else fx.Permit(trade, res)
        raise AssertionError(r)  # pragma: no cover

    def once_effect(self, e: ast.Effect) -> Any:
        return {"FreePlacement": fx.FreePlacement, "IgnoreEvent": fx.IgnoreEvent,
                "TaxExempt": fx.TaxExempt}[e.registry]()

    def no_choice(self, e: ast.Effect, effect: Any, where: str) -> bool:
        if _has_choice(effect):
            self.rep.at(e, f"{where} cannot ask for a choice (it would break the market's "
                           "turn order)", "give a fixed effect, e.g. 'gain 1 stone'")
            return False
        return True

    def ability(self, e: ast.Effect) -> Any:
        r = e.registry
        if r == "Convert":
            inputs = self.amounts(e.arg("inputs"), INPUT_KINDS, "a conversion input")
            outputs = self.outputs(e.arg("outputs"))
            ok = inputs is not None and outputs is not None
            cap = e.arg("capacity")
            capacity = None
            grows: tuple[int, Any] = (0, None)  # capacity_plus, capacity_per: no growth
            if cap is not None:
                capacity = self.number(cap, "capacity")
                ok = ok and capacity is not None
                if e.arg("capacity_plus") is not None:
                    growth = self.capacity_growth(e.arg("capacity_plus"), e.arg("capacity_per"))
                    ok = ok and growth is not None
                    grows = growth or grows
            needs = e.arg("needs")
            tag = None
            if needs is not None:
                tag = self.ident(needs, "tag")
                if tag is not None:
                    self.refs.append(("tag", needs))
                ok = ok and tag is not None
            also = []
            for more in e.arg("also_needs", ()):
                t = self.ident(more, "tag")
                if t is not None:
                    self.refs.append(("tag", more))
                    also.append(t)
                ok = ok and t is not None
            cond = e.arg("condition")
            condition = None
            if cond is not None:
                condition = self.owns(cond)
                ok = ok and condition is not None
            if not ok or inputs is None or outputs is None:  # ok says they are not None; mypy cannot see it
                return None
            return fx.Convert(inputs, outputs, capacity, tag, condition, tuple(also),
                              capacity_plus=grows[0], capacity_per=grows[1])
        if r in ("Passive", "ThisRound", "NextRound", "RestOfGame"):
            mod = self.modifier(e.arg("modifier"))
            return None if mod is None else getattr(fx, r)(mod)
        if r == "Now" and e.arg("effect").registry in SHARED:  # a vote or a bid (issue #36)
            shared = shared_effect(self, e.arg("effect"), _has_choice, _reaches)
            return None if shared is None else fx.Now(shared)
        if r in ("OnGain", "Now"):
            eff = self.instant(e.arg("effect"))
            if r == "Now" and eff is not None and _reaches(eff):
                self.rep.at(e.arg("effect"), "an event's effect already reaches every player: it "
                                             "cannot name other players",
                            "write a condition instead, e.g. 'now: if you have fewest vp: gain 2 gold'")
                return None
            return None if eff is None else getattr(fx, r)(eff)
        if r == "Trigger":
            step = self.choice(e.arg("step"), self.hooks + (fx.GAME_END,), "step")
            eff = self.instant(e.arg("effect"))
            if step is None or eff is None:
                return None
            if step == fx.GAME_END and _has_choice(eff):
                self.rep.at(e, "'at game_end:' cannot ask for a choice (the game is over)",
                            "give a fixed effect, e.g. 'gain 2 vp'")
                return None
            return fx.Trigger(step, eff)
        if r == "OnAction":
            action = self.choice(e.arg("action"), fx.PLAYER_ACTIONS, "action")
            where = e.arg("location")
            location = None
            if where is not None:
                location = self.choice(where, self.locations, "location")
                if action is not None and action != "place":
                    self.rep.at(where, f"'at <location>' only narrows 'when you place', not "
                                       f"'when you {action}'")
                    return None
                if location is None:
                    return None
            eff = self.instant(e.arg("effect"))
            if action is None or eff is None:
                return None
            if action in NO_CHOICE_AFTER and not self.no_choice(e, eff, f"'when you {action}'"):
                return None
            return fx.OnAction(action, eff, location)
        if r == "Once" and e.arg("effect").registry not in ("FreePlacement", "IgnoreEvent",
                                                            "TaxExempt"):
            window = self.choice(e.arg("window"), fx.WINDOWS, "window")
            eff = self.instant(e.arg("effect"))
            if window is None or eff is None:
                return None
            if window not in fx.GENERAL_WINDOWS:
                self.rep.at(e.arg("window"), f"'on {window}:' takes only its own effect, not "
                                             "a general one",
                            f"general effects may be used on {', '.join(fx.GENERAL_WINDOWS)}")
                return None
            if window in NO_CHOICE_AFTER and not self.no_choice(e, eff, f"'on {window}:'"):
                return None
            return fx.Once(window, eff)
        if r == "Once":
            window = self.choice(e.arg("window"), fx.WINDOWS, "window")
            eff = self.once_effect(e.arg("effect"))
            if window is None:
                return None
            if fx.ONCE_WINDOW[type(eff)] != window:
                right = fx.ONCE_WINDOW[type(eff)]
                self.rep.at(e.arg("window"), f"'{ONCE_WORDS[type(eff)]}' can only be used on "
                                             f"{right}, not on {window}",
                            f"write 'on {right}: {ONCE_WORDS[type(eff)]}'")
                return None
            return fx.Once(window, eff)
        raise AssertionError(r)  # pragma: no cover

    def abilities(self, effects: tuple[ast.Effect, ...], kind: str) -> tuple[Any, ...] | None:
        allowed = fx.ABILITIES_BY_KIND[kind]
        if len(effects) > MAX_ABILITIES_PER_CARD:
            self.rep.at(effects[MAX_ABILITIES_PER_CARD],
                        f"too many abilities ({len(effects)}; limit {MAX_ABILITIES_PER_CARD} "
                        "per card and per variant)")
            return None
        out, ok = [], True
        for e in effects:
            cls = fx.EFFECTS[e.registry]
            if cls not in allowed:
                names = ", ".join(ABILITY_WORDS[c.__name__] for c in allowed) or "none"
                self.rep.at(e, f"{ABILITY_WORDS[e.registry]} is not allowed on {article(kind)} card",
                            f"{article(kind)} card may have: {names}")
                ok = False
                continue
            a = self.ability(e)
            if a is None:
                ok = False
            out.append(a)
            if a is not None and e.registry == "Convert" and e.arg("alternatives", ()):
                alts = self.alternatives(e, a, sum(1 for x in out if isinstance(x, fx.Convert)) - 1)
                if alts is None:
                    ok = False
                else:
                    out.extend(alts)
        if ok and len(out) > MAX_ABILITIES_PER_CARD:
            self.rep.at(effects[-1], f"too many abilities ({len(out)}, each alternative of a conversion "
                                     f"counted; limit {MAX_ABILITIES_PER_CARD} per card and per variant)")
            return None
        return tuple(out) if ok else None

    def outputs(self, items: tuple[Any, ...]) -> tuple[Any, ...] | None:
        """A conversion's outputs: amounts, and counters on the card itself
        (``-> 1 counter``, issue #36: a card's upgrade level), in the order written."""
        if not any(a.kind.text in ("counter", "counters") for a in items):
            return self.amounts(items, OUTPUT_KINDS, "a conversion output")
        out: list[Any] = []
        for a in items:
            if a.kind.text in ("counter", "counters"):
                n = self.number(a.n, "the counters added")
                amount = None if n is None else fx.Amount("counters", n)
            else:
                amount = self.amount(a, OUTPUT_KINDS, "a conversion output")
            if amount is None:
                return None
            if amount.kind in (b.kind for b in out):
                self.rep.at(a, f"'{a.kind.text}' appears twice in one list; write it once with the total")
                return None
            out.append(amount)
        return tuple(out)

    def capacity_growth(self, plus: Any, per: Any) -> tuple[int, Any] | None:
        """``+ M per [K] COUNT`` after a capacity (issue #36): the capacity
        grows by M for every K of the count (the owner's, or the card's
        counters), read when the conversion is used."""
        m = self.number(plus, "a capacity's growth")
        if per.registry != "PerCount":
            self.rep.at(per, "a capacity grows per a count of the game, not per builder or worker "
                             "placed at a place", "e.g. 'capacity 1 + 1 per counter' or '+ 1 per 2 craftsmen'")
            return None
        what = self.count(per.arg("what"), fx.COUNTS)
        k = 1 if per.arg("per") is None else self.number(per.arg("per"), "a count's step")
        if m is None or what is None or k is None:
            return None
        return m, fx.PerCount(what, k)

    def alternatives(self, e: ast.Effect, first: Any, index: int) -> list[fx.Convert] | None:
        """The conversions of ``convert A | B ... -> OUT``'s alternatives after
        the first: each shares the first's capacity (``shares`` = ``index``,
        the first's place among the card's conversions)."""
        if not first.inputs:
            self.rep.at(e, "a conversion without inputs cannot have alternatives")
            return None
        out: list[fx.Convert] = []
        for alt in e.arg("alternatives"):
            inputs = self.amounts(alt, INPUT_KINDS, "a conversion input")
            if inputs is None:
                return None
            if inputs in [first.inputs] + [c.inputs for c in out]:
                self.rep.at(alt[0], "an alternative is given twice in one conversion")
                return None
            out.append(attrs.evolve(first, inputs=inputs, shares=index))
        return out


def _offers_lasting(effect: Any) -> bool:
    """:func:`~.effects.offers_lasting` of an effect :meth:`AbilityFields.instant`
    built, in time linear in its depth: a choice it built holds a lasting
    change only as a direct option (a deeper one was refused), so a nested
    chain is not searched again at every level. The same walk as the engine's
    (:func:`~.effects.peel`)."""
    node = fx.peel(effect, True)
    return isinstance(node, fx.Lasting) or any(isinstance(o, fx.Lasting) for o in fx.options_of(node))

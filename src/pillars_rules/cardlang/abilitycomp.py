"""Effects and abilities of a card -> registry objects (:mod:`.effects`).

The part of the card compiler (:mod:`.compiler`) shared by every kind that has
abilities: instant effects, player selectors, modifiers, once-per-game
effects, and the abilities that give them (conversions, triggers, ``now:``...).
Single values are checked by :class:`.values.ValueChecker`.
"""

from __future__ import annotations

from typing import Any

import attrs

from ..limits import MAX_ABILITIES_PER_CARD
from . import ast
from . import effects as fx
from .sharedcomp import SHARED, refuse_nested, shared_effect
from .values import ValueChecker

#: Amount kinds a conversion may consume, and what it may produce.
INPUT_KINDS: tuple[str, ...] = fx.CUBES + ("gold", "vp")
OUTPUT_KINDS: tuple[str, ...] = fx.AMOUNT_KINDS

#: How each registry ability is introduced in card text (for messages).
ABILITY_WORDS: dict[str, str] = {
    "Convert": "'convert'",
    "Passive": "a lasting modifier (e.g. 'tax 2')",
    "Trigger": "'at <step>:'",
    "OnGain": "an effect when gained (e.g. 'gain 8 gold')",
    "Once": "'on <window>:'",
    "Now": "'now:'",
    "ThisRound": "'this round:'",
    "NextRound": "'next round:'",
    "OnAction": "'when you <action>:'",
    "RestOfGame": "'rest of game:'",
}
ONCE_WORDS: dict[type, str] = {
    fx.FreePlacement: "free placement",
    fx.IgnoreEvent: "ignore event",
    fx.TaxExempt: "pay no tax",
}
#: Windows and actions on a turn at the market: a choice there is asked of
#: the card's owner at once, on that turn, and the turn then passes on as
#: after any action (issue #53); a choice of another player is refused
#: (:func:`_others_choose`).
NO_CHOICE_AFTER = ("market", "buy", "sell")


def article(kind: str) -> str:
    return ("an " if kind[:1] in "aeiou" else "a ") + kind


def _has_choice(effect: Any) -> bool:
    """Does an instant effect ask its player to choose?"""
    if isinstance(effect, (fx.ChooseOne, fx.ChooseCraftsman, fx.ReorderEvents, fx.CopyPrivilege, fx.GivePrivilege)):
        return True
    if isinstance(effect, (fx.ForPlayers, fx.Transfer, fx.Swap)) and effect.players.who == "chosen":
        return True
    return isinstance(effect, (fx.If, fx.ForPlayers)) and _has_choice(effect.effect)


def _asks(effect: Any) -> bool:
    """Does an instant effect ask its player anything: a choice, or which
    craftsman of another player to use?"""
    if _has_choice(effect) or isinstance(effect, fx.Borrow):
        return True
    return isinstance(effect, (fx.If, fx.ForPlayers)) and _asks(effect.effect)


def _others_choose(effect: Any) -> bool:
    """Does an instant effect ask a player other than its owner to decide
    (a choice inside ``each other player:`` and the like: what a selector
    gives is that player's)? Choosing "a player you choose" is the owner's
    own decision."""
    if isinstance(effect, fx.ForPlayers):
        return _asks(effect.effect)
    if isinstance(effect, fx.ChooseOne):
        return any(_others_choose(o) for o in effect.options)
    return isinstance(effect, fx.If) and _others_choose(effect.effect)


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
    #: Where ``that player`` has a meaning (issue #53): anywhere in the
    #: effect of a reaction -- a decision it asks is queued with the seat that
    #: acted, so an answer made later still reaches that seat.
    actor_ok: bool = False

    # ---- effects -----------------------------------------------------------
    def instant(self, e: ast.Effect) -> Any:
        r = e.registry
        if r == "Gain":
            amounts = self.amounts(e.arg("amounts"), fx.AMOUNT_KINDS, "a gain")
            ok, per_obj = self.scale(e.arg("per"))
            return None if amounts is None or not ok else fx.Gain(amounts, per_obj)
        if r == "If":
            c = e.arg("condition")
            cond: Any
            if c.registry == "HasMost":
                what = self.count(c.arg("what"), fx.PLAYER_COUNTS)
                cond = None if what is None else fx.HasMost(what, c.arg("most"))
            elif c.registry == "IsStartPlayer":  # turn order as state (issue #53)
                cond = fx.IsStartPlayer()
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
                self.rep.at(
                    e.arg("effect"),
                    "an effect for other players cannot reach further players (one selector per effect)",
                )
                return None
            if players.who == "chosen" and _has_choice(inner):
                self.rep.at(
                    e.arg("effect"),
                    "the effect for a player you choose cannot ask for another choice",
                    "give a fixed effect, e.g. 'lose 2 gold'",
                )
                return None
            return fx.ForPlayers(players, inner)
        if r == "Transfer":
            amounts = self.amounts(
                e.arg("amounts"), fx.AMOUNT_KINDS, "what is taken" if e.arg("direction") == "take" else "what is given"
            )
            players = self.players(e.arg("players"))
            return None if amounts is None or players is None else fx.Transfer(e.arg("direction"), amounts, players)
        if r == "Swap":
            gives = self.amounts(e.arg("gives"), fx.AMOUNT_KINDS, "what is given")
            gets = self.amounts(e.arg("gets"), fx.AMOUNT_KINDS, "what is got")
            players = self.players(e.arg("players"))
            if gives is None or gets is None or players is None:
                return None
            both = {a.kind for a in gives} & {a.kind for a in gets}
            if both:
                self.rep.at(e.arg("gets")[0], f"a trade gives and gets {', '.join(sorted(both))}: give less instead")
                return None
            return fx.Swap(gives, gets, players)
        if r == "Market":
            action = e.arg("action")
            role = {
                "take": "what is taken from the market",
                "give": "what is given to the market",
                "gains": "what the market gains",
                "loses": "what the market loses",
            }[action]
            amounts = self.amounts(e.arg("amounts"), fx.CUBES, role)
            return None if amounts is None else fx.Market(action, amounts)
        if r == "Lose":
            amounts = self.amounts(e.arg("amounts"), fx.AMOUNT_KINDS, "a loss")
            ok, per_obj = self.scale(e.arg("per"))
            return None if amounts is None or not ok else fx.Lose(amounts, per_obj)
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
                    self.one_taker(e.arg("to"), "craftsman")
                    return None
                return None if exclude is None or to is None else fx.ChooseCraftsman("give", 0, exclude, to)
            return None if exclude is None else fx.ChooseCraftsman("discard", 0, exclude)
        if r in ("LookEvents", "ReorderEvents"):
            look = r == "LookEvents"
            n = self.number(
                e.arg("n"),
                "the events looked at" if look else "the events reordered",
                lo=1 if look else 2,
                hi=fx.MAX_LOOK if look else fx.MAX_REORDER,
            )
            word = self.choice(e.arg("word"), ("event", "events"), "what is looked at")
            if n is None or word is None:
                return None
            return fx.LookEvents(n) if look else fx.ReorderEvents(n)
        if r == "BuryEvent":
            return fx.BuryEvent()
        if r == "GivePrivilege":  # a privilege moves to another tableau (issue #53)
            exclude = self.exclude(e.arg("exclude"), "privilege")
            to = self.players(e.arg("to"))
            if to is not None and to.who not in fx.GIVE_TO:
                self.one_taker(e.arg("to"), "privilege")
                return None
            return None if exclude is None or to is None else fx.GivePrivilege(to, exclude)
        if r == "CopyPrivilege":
            players = self.players(e.arg("players"))
            return None if players is None else fx.CopyPrivilege(players, e.arg("duration"))
        if r == "ChooseOne":
            options = [self.instant(o) for o in e.arg("options")]
            for node, o in zip(e.arg("options"), options):
                if not isinstance(o, fx.Lasting) and _offers_lasting(o):
                    self.rep.at(
                        node,
                        "a lasting change is an option of the outer choice only",
                        "write it as an option of the first 'choose one'",
                    )
                    return None
            return None if None in options else fx.ChooseOne(tuple(options))
        if r == "Borrow":
            return fx.Borrow(e.arg("who"))
        if r == "BecomeStartPlayer":
            return fx.BecomeStartPlayer()
        if r == "ReverseOrder":
            return fx.ReverseOrder(e.arg("when"))
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
        if r == "DraftCards":  # the table's, once: never inside another effect (issue #53)
            self.rep.at(
                e,
                "a draft of cards is a set-up rule of the whole table: it stands alone after 'at setup:' "
                "on the board card",
                "write 'board ... { at setup: draft 1 of 3 privileges per player }'",
            )
            return None
        raise AssertionError(r)  # pragma: no cover - the grammar makes no other

    def draft(self, e: ast.Effect) -> fx.DraftCards | None:
        """``draft K of N privileges per player``: at most
        :data:`~pillars_rules.cardlang.effects.MAX_DRAFT_DEAL` dealt per
        player, and no more kept than dealt (issue #53)."""
        n = self.number(e.arg("n"), "the cards dealt per player", hi=fx.MAX_DRAFT_DEAL)
        word = self.choice(e.arg("word"), tuple(fx.DRAFT_DECKS), "kind of card drafted")
        keep = self.number(e.arg("keep"), "the cards each player drafts", hi=fx.MAX_DRAFT_DEAL)
        if n is None or word is None or keep is None:
            return None
        if keep > n:
            self.rep.at(
                e.arg("keep"),
                f"each player drafts {keep} of {n} cards dealt per player: more than are dealt",
                f"keep at most as many as are dealt: 'draft {n} of {n} ...'",
            )
            return None
        return fx.DraftCards(keep, n, fx.DRAFT_DECKS[word][0], e.arg("rest"))

    def one_taker(self, node: ast.Effect, kind: str) -> None:
        """Refuse a card given to several players: a card is one object."""
        self.rep.at(
            node,
            f"a {kind} is given to one player: your left or right neighbour, a player you choose, "
            "or in a reaction that player",
            f"write e.g. 'choose {kind}: give to a player you choose'",
        )

    def factor(self, per: ast.Effect) -> Any:
        """One factor of a quantity (``per 2 craftsmen``, ``per worker in
        mill``, ``per builder at LOCATION``), or None (reported)."""
        if per.registry == "PerMillWorker":
            return fx.PerMillWorker()
        if per.registry == "PerCount":
            what = self.count(per.arg("what"), fx.COUNTS)
            k = 1 if per.arg("per") is None else self.number(per.arg("per"), "a count's step")
            return None if what is None or k is None else fx.PerCount(what, k)
        loc = self.choice(per.arg("location"), self.locations, "location")
        return None if loc is None else fx.PerBuilder(loc)

    def scale(self, per: ast.Effect | None) -> tuple[bool, Any]:
        """A quantity's scale (issue #53): ``(True, None)`` if none is
        written, ``(True, factor or Scaled)``, or ``(False, None)`` (reported).
        The one form of "how much" wherever an amount may be scaled."""
        if per is None:
            return True, None
        if per.registry != "Scaled":
            f = self.factor(per)
            return f is not None, f
        factors = [self.factor(x) for x in per.arg("factors")]
        bound = per.arg("up_to")
        up_to = 0 if bound is None else self.number(bound, "a quantity's bound ('up to')")
        if None in factors or up_to is None:
            return False, None
        return True, fx.Scaled(tuple(factors), up_to)

    def players(self, e: ast.Effect) -> fx.Players | None:
        """A selector (``that player`` only in a reaction's effect)."""
        who = e.arg("who")
        if who == "actor" and not self.actor_ok:
            self.rep.at(
                e,
                "'that player' is the player whose action a reaction answers: it is "
                "written only in a reaction's effect",
                "e.g. 'when another player hires: take 1 gold from that player'",
            )
            return None
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
            n = self.number(
                e.arg("n"), "a builder limit (the board's 17 spots hold 4 per player)", lo=0, hi=fx.MAX_BUILDERS
            )
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
        return {"FreePlacement": fx.FreePlacement, "IgnoreEvent": fx.IgnoreEvent, "TaxExempt": fx.TaxExempt}[
            e.registry
        ]()

    def no_choice(self, e: ast.Effect, effect: Any, where: str) -> bool:
        """On a turn at the market only the owner may be asked (issue #53)."""
        if _others_choose(effect):
            self.rep.at(
                e,
                f"{where} cannot ask another player to choose (it happens on the "
                "owner's turn at the market, where only the owner decides)",
                "let the owner choose, e.g. 'choose one: gain 1 stone | gain 1 wood', "
                "or give the others a fixed effect",
            )
            return False
        return True

    def ability(self, e: ast.Effect) -> Any:
        r = e.registry
        if r == "Convert":
            inputs = self.amounts(e.arg("inputs"), INPUT_KINDS, "a conversion input")
            outputs = self.outputs(e.arg("outputs"))
            scaled, outputs_per = self.scale(e.arg("outputs_per"))
            ok = inputs is not None and outputs is not None and scaled
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
            return fx.Convert(
                inputs,
                outputs,
                capacity,
                tag,
                condition,
                tuple(also),
                capacity_plus=grows[0],
                capacity_per=grows[1],
                outputs_per=outputs_per,
            )
        if r in ("Passive", "ThisRound", "NextRound", "RestOfGame"):
            mod = self.modifier(e.arg("modifier"))
            return None if mod is None else getattr(fx, r)(mod)
        if r == "Now" and e.arg("effect").registry in SHARED:  # a vote or a bid (issue #36)
            shared = shared_effect(self, e.arg("effect"), _has_choice, _reaches)
            return None if shared is None else fx.Now(shared)
        if r in ("OnGain", "Now"):
            eff = self.instant(e.arg("effect"))
            if r == "Now" and eff is not None and _reaches(eff):
                self.rep.at(
                    e.arg("effect"),
                    "an event's effect already reaches every player: it cannot name other players",
                    "write a condition instead, e.g. 'now: if you have fewest vp: gain 2 gold'",
                )
                return None
            return None if eff is None else getattr(fx, r)(eff)
        if r == "Trigger":
            step = self.choice(e.arg("step"), self.hooks + (fx.GAME_END, fx.SETUP), "step")
            if step == fx.SETUP and e.arg("effect").registry == "DraftCards":  # issue #53
                draft = self.draft(e.arg("effect"))
                return None if draft is None else fx.Trigger(step, draft)
            eff = self.instant(e.arg("effect"))
            if step is None or eff is None:
                return None
            if step == fx.GAME_END and _has_choice(eff):
                self.rep.at(
                    e,
                    "'at game_end:' cannot ask for a choice (the game is over)",
                    "give a fixed effect, e.g. 'gain 2 vp'",
                )
                return None
            return fx.Trigger(step, eff)
        if r == "OnAction":
            action = self.reaction(e)
            where = e.arg("location")
            location = None
            if where is not None:
                location = self.choice(where, self.locations, "location")
                if action is not None and action != "place":
                    self.rep.at(where, f"'at <location>' only narrows 'when you place', not 'when you {action}'")
                    return None
                if location is None:
                    return None
            self.actor_ok = True  # 'that player': the seat that acted (issue #53)
            try:
                eff = self.instant(e.arg("effect"))
            finally:
                self.actor_ok = False
            if action is None or eff is None:
                return None
            who = e.arg("who") or "you"
            said = f"'when {fx.REACTORS[who]} {action if who == 'you' else fx.ACTION_THIRD[action]}'"
            if action in NO_CHOICE_AFTER and who != "you" and _asks(eff):
                self.rep.at(
                    e,
                    f"{said} cannot ask for a choice (it happens on another player's turn at "
                    "the market, where only the trader decides)",
                    "give a fixed effect, e.g. 'gain 1 gold'",
                )
                return None
            if action in NO_CHOICE_AFTER and not self.no_choice(e, eff, said):
                return None
            return fx.OnAction(action, eff, location, who)
        if r == "Once" and e.arg("effect").registry not in ("FreePlacement", "IgnoreEvent", "TaxExempt"):
            window = self.choice(e.arg("window"), fx.WINDOWS, "window")
            eff = self.instant(e.arg("effect"))
            if window is None or eff is None:
                return None
            if window not in fx.GENERAL_WINDOWS:
                self.rep.at(
                    e.arg("window"),
                    f"'on {window}:' takes only its own effect, not a general one",
                    f"general effects may be used on {', '.join(fx.GENERAL_WINDOWS)}",
                )
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
                self.rep.at(
                    e.arg("window"),
                    f"'{ONCE_WORDS[type(eff)]}' can only be used on {right}, not on {window}",
                    f"write 'on {right}: {ONCE_WORDS[type(eff)]}'",
                )
                return None
            return fx.Once(window, eff)
        raise AssertionError(r)  # pragma: no cover

    def reaction(self, e: ast.Effect) -> str | None:
        """The action a ``when ...`` reaction answers (issue #53): written
        ``hire`` after ``you``, ``hires`` after another player."""
        who = e.arg("who") or "you"
        word = e.arg("action")
        if who == "you":
            if word.text in fx.ACTION_THIRD.values():
                base = next(a for a, third in fx.ACTION_THIRD.items() if third == word.text)
                self.rep.at(
                    word, f"after 'you' the action is written '{base}', not '{word.text}'", f"write 'when you {base}:'"
                )
                return None
            return self.choice(word, fx.PLAYER_ACTIONS, "action")
        if word.text in fx.ACTION_THIRD:
            self.rep.at(
                word,
                f"after '{fx.REACTORS[who]}' the action is written '{fx.ACTION_THIRD[word.text]}', not '{word.text}'",
                f"write 'when {fx.REACTORS[who]} {fx.ACTION_THIRD[word.text]}:'",
            )
            return None
        third = self.choice(word, tuple(fx.ACTION_THIRD.values()), "action")
        if third is None:
            return None
        return next(a for a, t in fx.ACTION_THIRD.items() if t == third)

    def abilities(self, effects: tuple[ast.Effect, ...], kind: str) -> tuple[Any, ...] | None:
        allowed = fx.ABILITIES_BY_KIND[kind]
        if len(effects) > MAX_ABILITIES_PER_CARD:
            self.rep.at(
                effects[MAX_ABILITIES_PER_CARD],
                f"too many abilities ({len(effects)}; limit {MAX_ABILITIES_PER_CARD} per card and per variant)",
            )
            return None
        out, ok = [], True
        for e in effects:
            cls = fx.EFFECTS[e.registry]
            if cls not in allowed:
                names = (
                    "'at setup:' (its set-up rules)"
                    if kind == "board"
                    else ", ".join(ABILITY_WORDS[c.__name__] for c in allowed) or "none"
                )
                self.rep.at(
                    e,
                    f"{ABILITY_WORDS[e.registry]} is not allowed on {article(kind)} card",
                    f"{article(kind)} card may have: {names}",
                )
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
            self.rep.at(
                effects[-1],
                f"too many abilities ({len(out)}, each alternative of a conversion "
                f"counted; limit {MAX_ABILITIES_PER_CARD} per card and per variant)",
            )
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
            self.rep.at(
                per,
                "a capacity grows per a count of the game, not per builder or worker placed at a place",
                "e.g. 'capacity 1 + 1 per counter' or '+ 1 per 2 craftsmen'",
            )
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

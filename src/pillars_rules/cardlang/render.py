"""Card rules in plain English.

>>> from pillars_rules.cardlang import base_cards, render
>>> print(render(base_cards()["mason_r1"]))
Mason (Maurer), round 1 craftsman, costs 5 gold. Converts 1 stone into 1 VP, up to 2 times per round; needs a mortar mixer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from . import effects as fx
from .board import WheelSpec
from .card import Card


def _words(ident: str) -> str:
    return ident.replace("_", " ")


def _article(noun: str) -> str:
    return ("an " if noun[:1] in "aeiou" else "a ") + noun


def _and(parts: Iterable[str], word: str = "and") -> str:
    parts = list(parts)
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" {word} " + parts[-1]


def _amounts(amounts: Iterable[fx.Amount]) -> str:
    return _and(f"{a} on this card" if a.kind == "counters" else str(a) for a in amounts)


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _except(ids: tuple[str, ...]) -> str:
    return f" (not {_and((_words(i) for i in ids), 'or')})" if ids else ""


WINDOW_WORDS = {
    "placement": "when you place a builder",
    "event": "after a harmful event is revealed, before it applies",
    "tax": "after the tax roll, before paying",
    "draft": "on your turn in the draft (as your turn's action)",
    "market": "on your turn at the market (as your turn's action)",
    "cathedral": "on your turn in the cathedral step",
}
ACTION_WORDS = {
    "hire": "When you hire a craftsman",
    "buy": "When you buy at the market",
    "sell": "When you sell at the market",
    "place": "When you place a builder",
    "take": "When you take a resource card",
}
#: Another player's actions (issue #53), after its subject: "When another player hires a craftsman".
ACTION_THIRD_WORDS = {
    "hire": "hires a craftsman",
    "buy": "buys at the market",
    "sell": "sells at the market",
    "place": "places a builder",
    "take": "takes a resource card",
}


def reaction(a: Any) -> str:
    """When a reaction (``OnAction``) happens: "When your left neighbour hires a craftsman"."""
    where = f" at the {_words(a.location)}" if a.location else ""
    if a.who == "you":
        return f"{ACTION_WORDS[a.action]}{where}"
    return f"When {fx.REACTORS[a.who]} {ACTION_THIRD_WORDS[a.action]}{where}"


def _kind(kind: str) -> str:
    return "VP" if kind == "vp" else kind


#: The counts of the game in words, as nouns (:data:`~.effects.COUNTS`).
_COUNT_NOUNS: dict[str, tuple[str, str]] = {
    "cubes": ("cube", "cubes"),
    "craftsmen": ("craftsman", "craftsmen"),
    "privileges": ("privilege", "privileges"),
    "workers": ("worker value", "worker value"),
    "builders": ("builder placed this round", "builders placed this round"),
    "round": ("round number", "round number"),
    "players": ("player in the game", "players in the game"),
    "pieces": ("cathedral piece built", "cathedral pieces built"),
    "tax": ("gold of this round's tax roll", "gold of this round's tax roll"),
    "counters": ("counter on this card", "counters on this card"),
}


def _count_noun(what: str, n: int = 2) -> str:
    one, many = _COUNT_NOUNS.get(what, (_kind(what), _kind(what)))
    return one if n == 1 else many


def count(what: str, per: int = 1) -> str:
    """A count after "per": "craftsman you have", "5 gold you have", "round number"."""
    yours = " you have" if what in fx.PLAYER_COUNTS and what not in ("builders", "workers") else ""
    if what in ("builders", "workers"):
        yours = " of yours" if what == "workers" else ""
    return (_count_noun(what, 1) if per == 1 else f"{per} {_count_noun(what)}") + yours


def scale(per: Any) -> str:
    """What scales an amount, after it: " per craftsman you have", several
    factors in turn, then the bound (issue #53); "" for none."""
    if per is None:
        return ""
    if isinstance(per, fx.Scaled):
        bound = f" (at most {per.up_to} of each)" if per.up_to else ""
        return "".join(scale(f) for f in per.factors) + bound
    if isinstance(per, fx.PerMillWorker):
        return " per worker value of yours in the wool mill"
    if isinstance(per, fx.PerCount):
        return f" per {count(per.what, per.per)}"
    return f" per builder of yours at the {_words(per.location)}"


def players(p: Any) -> str:
    """Who a selector picks, in words."""
    if p.who in ("most", "fewest"):
        return f"each player with the {p.who} {_count_noun(p.what)} (ties included)"
    return {
        "each": "each player (you too)",
        "other": "each other player",
        "left": "your left neighbour",
        "right": "your right neighbour",
        "chosen": "another player of your choice",
        "actor": "the player who did it",
    }[p.who]


def instant(e: Any) -> str:
    """An instant effect as an imperative phrase (``gain 8 gold``)."""
    if isinstance(e, fx.Gain):
        return f"gain {_amounts(e.amounts)}{scale(e.per)}"
    if isinstance(e, fx.If):
        c = e.condition
        if isinstance(c, fx.HasMost):
            return (
                f"if you have the {'most' if c.most else 'fewest'} {_count_noun(c.what)} "
                f"(ties included), {instant(e.effect)}"
            )
        if isinstance(c, fx.IsStartPlayer):
            return f"if you are the start player, {instant(e.effect)}"
        return (
            f"if you own at least {c.n} {_kind(c.kind) if c.kind in fx.AMOUNT_KINDS else _count_noun(c.kind, c.n)}, "
            f"{instant(e.effect)}"
        )
    if isinstance(e, fx.ForPlayers):
        return f"{players(e.players)}: {instant(e.effect)}"
    if isinstance(e, fx.Swap):
        return (
            f"trade {_amounts(e.gives)} for {_amounts(e.gets)} with {players(e.players)} (with each "
            "who has it, while you have yours)"
        )
    if isinstance(e, fx.Transfer):
        if e.direction == "take":
            return f"take {_amounts(e.amounts)} from {players(e.players)} (each gives what they have, up to that)"
        return f"give {_amounts(e.amounts)} to {players(e.players)} (as far as you have it)"
    if isinstance(e, fx.Market):
        what = _amounts(e.amounts)
        return {
            "take": f"take {what} from the market (as far as it has them)",
            "give": f"give {what} to the market (as far as you have them)",
            "gains": f"the market gains {what} from the supply (as far as there are any)",
            "loses": f"the market loses {what} to the supply (as far as it has them)",
        }[e.action]
    if isinstance(e, fx.Borrow):
        whose = "another player's craftsmen" if e.who == "other" else "the craftsmen in play (yours too)"
        return f"use one of {whose} once: one of its conversions, paid by you and given to you, beyond its capacity"
    if isinstance(e, fx.BecomeStartPlayer):
        return "become the start player"
    if isinstance(e, fx.ReverseOrder):
        return f"reverse the order of play {fx.REVERSE_WHEN[e.when]} (turns go counter-clockwise from the start player)"
    if isinstance(e, fx.AddCounters):
        return f"add {e.n} {'counter' if e.n == 1 else 'counters'} to this card"
    if isinstance(e, fx.LookEvents):
        return (
            f"look at the next {_plural(e.n, 'event card', 'event cards')} (as many as the deck has; only you see them)"
        )
    if isinstance(e, fx.ReorderEvents):
        return (
            f"look at the next {e.n} event cards (as many as the deck has; only you see them) "
            "and put them back in any order"
        )
    if isinstance(e, fx.DraftCards):
        kind = fx.DRAFT_DECKS_KIND[e.deck]
        rest = "go to the box" if e.rest == "box" else "go under the deck"
        return (
            f"deal {_plural(e.n, kind, kind + 's')} per player face up (as many as the deck has); "
            f"each player in turn order from the start player takes one, round after round, until each has "
            f"{e.keep}; the rest {rest}"
        )
    if isinstance(e, fx.BuryEvent):
        return "put the next event card, unseen, at the bottom of the event deck"
    if isinstance(e, fx.GivePrivilege):
        return (
            f"give one of your privileges{_except(e.exclude)} of your choice to {players(e.to)} "
            "(one they do not hold; it is theirs from then on, with its abilities and counters)"
        )
    if isinstance(e, fx.CopyPrivilege):
        when = {"this_round": "this round", "next_round": "next round", "rest_of_game": "for the rest of the game"}[
            e.duration
        ]
        return (
            f"choose a privilege of {players(e.players)} (not yours) with a lasting modifier; "
            f"{when}, its lasting modifiers hold for you too"
        )
    if isinstance(e, fx.Lasting):
        when = {"this_round": "this round", "next_round": "next round", "rest_of_game": "for the rest of the game"}[
            e.duration
        ]
        return f"{when}, {modifier(e.modifier)}"
    if isinstance(e, fx.Lose):
        return f"lose {_amounts(e.amounts)}{scale(e.per)}"
    if isinstance(e, fx.ChooseCraftsman):
        if e.action == "boost":
            return (
                f"choose one of your craftsmen{_except(e.exclude)} with a capacity; it gets +{e.n} capacity this round"
            )
        if e.action == "give" and e.to is not None:
            return (
                f"give one of your craftsmen{_except(e.exclude)} of your choice to {players(e.to)} "
                "(one they do not have; its uses this round and its counters go with it)"
            )
        return f"discard one of your craftsmen{_except(e.exclude)} of your choice"
    if isinstance(e, fx.ChooseOne):
        return "choose one: " + _and((instant(o) for o in e.options), "or")
    if isinstance(e, fx.Vote):
        # the voter's values: "you" in a factor's words is the voter
        per = scale(e.weight).replace(" you have", " its voter has").replace(" of yours", " of its voter's")
        weight = "" if e.weight is None else f" (each vote counts 1{per}, when counted)"
        return (
            "every player it reaches votes, in turn order from the start player, for one of: "
            + _and((instant(o) for o in e.options), "or")
            + weight
            + "; the option with the most votes happens to each of them (a tie: the tied "
            "option voted for first)"
        )
    if isinstance(e, fx.Bid):
        return (
            f"every player it reaches, in turn order from the start player, passes or bids more "
            f"{_kind(e.kind)} than the highest bid so far (up to their {_kind(e.kind)}); the "
            f"highest bidder pays the bid, then: {instant(e.prize)} (nobody bids: nothing happens)"
        )
    raise TypeError(f"not an instant effect: {e!r}")


def modifier(m: Any, everyone: bool = False) -> str:
    """A modifier as a sentence body, for the owner or (``everyone``) each player."""
    you, your = ("each player", "each player's") if everyone else ("you", "your")
    if isinstance(m, fx.YieldDelta):
        more = "more" if m.n > 0 else "fewer"
        whose = "each resource card" if everyone else "each of your resource cards"
        return f"{whose} yields {_plural(abs(m.n), 'cube', 'cubes')} {more}"
    if isinstance(m, fx.TaxFixed):
        return f"{your} tax is always {m.n} gold"
    if isinstance(m, fx.TaxDelta):
        return f"{your} tax is {_plural(abs(m.n), 'gold', 'gold')} {'higher' if m.n > 0 else 'lower'}"
    if isinstance(m, fx.CraftsmanLimit):
        return f"{you} may keep {_plural(m.n, 'craftsman', 'craftsmen')}"
    if isinstance(m, fx.BuilderLimit):
        verb = "places" if everyone else "place"
        return f"{you} {verb} at most {_plural(m.n, 'builder', 'builders')}"
    if isinstance(m, fx.CapacityDelta):
        whose = "every craftsman of each player" if everyone else "each of your craftsmen"
        return f"{whose} with a capacity{_except(m.exclude)} has capacity {m.n:+d}, including craftsmen gained later"
    if isinstance(m, fx.ExtraWorker):
        verb = "has" if everyone else "have"
        return f"{you} {verb} {_plural(m.n, 'extra worker', 'extra workers')} every round"
    if isinstance(m, fx.PeekEvent):
        return f"{you} may look at the next event card at the start of each round"
    if isinstance(m, fx.MillBonus):
        return (
            f"the wool mill pays {'each player' if everyone else 'you'} {m.per} extra gold "
            f"per worker value, "
            f"for up to {m.up_to} worker value"
        )
    if isinstance(m, fx.PriceDelta):
        how = "higher" if m.n > 0 else "lower"
        when = {"buy": " when buying", "sell": " when selling", "both": ""}.get(m.trade, "")
        return f"{your} market price of {m.resource} is {abs(m.n)} gold {how}{when}"
    if isinstance(m, fx.Permit):
        return f"{you} may {m.trade} {m.resource} at the market"
    raise TypeError(f"not a modifier: {m!r}")


ONCE_WORDS = {
    fx.FreePlacement: "place that builder without paying",
    fx.IgnoreEvent: "ignore the event",
    fx.TaxExempt: "pay no tax this round",
}


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def ability(a: Any) -> str:
    """One ability as an English sentence."""
    if isinstance(a, fx.Convert):
        outs = _amounts(a.outputs) + scale(a.outputs_per)
        text = f"Converts {_amounts(a.inputs)} into {outs}" if a.inputs else f"Gains {outs}"
        if a.shares >= 0:  # an alternative: its uses count for the conversion it shares with
            text = f"Or c{text[1:]}, the uses shared with the conversion above"
        elif a.capacity is None:
            text += ", once per round"
        elif a.capacity == 1:
            text += ", up to once per round"
        else:
            text += f", up to {a.capacity} times per round"
        if a.capacity_per is not None:  # issue #36
            text += f", {'once' if a.capacity_plus == 1 else f'{a.capacity_plus} times'} more per {count(a.capacity_per.what, a.capacity_per.per)}"
        if a.condition is not None:
            text += f", if you own at least {a.condition.n} {a.condition.kind.replace('vp', 'VP')} (kept)"
        if a.needs:
            text += f"; needs {_and(_article(_words(t)) for t in a.tags_needed)}"
        return text + "."
    if isinstance(a, fx.Passive):
        return _cap(modifier(a.modifier)) + "."
    if isinstance(a, fx.Trigger):
        if a.step == "round_start":
            return f"At the start of each round: {instant(a.effect)}."
        if a.step == fx.GAME_END:
            return f"At the end of the game, before the ranking: {instant(a.effect)}."
        if a.step == fx.SETUP:
            return f"At set-up, before the first round, each player who holds it: {instant(a.effect)}."
        return f"Each round, at the {_words(a.step)} step: {instant(a.effect)}."
    if isinstance(a, fx.OnGain):
        return f"When you gain this card: {instant(a.effect)}."
    if isinstance(a, fx.Once):
        what = ONCE_WORDS.get(type(a.effect)) or instant(a.effect)
        return f"Once per game, {WINDOW_WORDS.get(a.window, a.window)}: {what}; then the card leaves the game."
    if isinstance(a, fx.OnAction):
        return f"{reaction(a)}: {instant(a.effect)}."
    if isinstance(a, fx.Now):
        if fx.is_table_effect(a.effect) or fx.is_shared(a.effect):
            return f"When revealed, once: {instant(a.effect)}."
        return f"When revealed, each player: {instant(a.effect)}."
    if isinstance(a, fx.ThisRound):
        return f"This round, {modifier(a.modifier, everyone=True)}."
    if isinstance(a, fx.NextRound):
        return f"Next round, {modifier(a.modifier, everyone=True)}."
    if isinstance(a, fx.RestOfGame):
        return f"For the rest of the game, {modifier(a.modifier, everyone=True)}."
    raise TypeError(f"not an ability: {a!r}")


def _title(card: Card) -> str:
    if card.name_de and card.name_de != card.name:
        return f"{card.name} ({card.name_de})"
    return card.name


RULE_WORDS = {
    "event": "reveals the top event card, which applies to every player",
    "bishop": ("the builder here chooses protection from a harmful event or one wood, stone or sand from the market"),
    "wool_mill": "pays each player 1 gold per worker value in the wool mill",
    "privileges": "each builder here takes the privilege beside their spot",
    "site": "the resource cards on this site yield their cubes",
    "tax": "the start player rolls the tax die; every player without a builder here pays that tax",
    "craftsmen": "each builder here takes the craftsman beside their spot, free",
    "market": "the builders here trade, in the order they were placed, until all pass",
    "cathedral": "each player in turn uses their craftsmen",
    "start_player": ("the builder here makes its owner start player (else the start player's left neighbour is)"),
    "collector": "each builder here pays no tax this round and collects gold equal to the tax roll",
}


def _spot_effect(e: Any) -> str:
    if isinstance(e, fx.GreyWorkers):
        return f"win {_plural(e.n, 'grey worker', 'grey workers')} for the next round"
    return instant(e)


def _prices(prices: tuple[tuple[str, int], ...]) -> str:
    return _and(f"{cube} {gold} gold" for cube, gold in prices)


def _where(key: str, places: Mapping[str, str] | None) -> str:
    """A place in a sentence: "the King's court" by its name when ``places``
    (key -> name) knows it, else by its key's words."""
    name = (places or {}).get(key)
    if name is None:
        return f"the {_words(key)}"
    return "the " + name[4:] if name.startswith("The ") else f"the {name}"


def _place(card: Card, places: Mapping[str, str] | None = None) -> str:
    p = card.place
    if p.site:
        head = f"{_title(card)}, worker site of Phase I: resource cards placed here yield {p.site}"
    else:
        head = f"{_title(card)}, place"
        if p.spots:
            head += f" with {_plural(p.spots, 'builder spot', 'builder spots')}"
            if p.one_per_player:
                head += " (one builder per player)"
            if p.in_order:
                head += ", filled in order"
    parts = [head + "."]
    if p.replaces:
        parts.append(f"Replaces {_where(p.replaces, places)}.")
    elif p.after:
        parts.append(f"Resolves right after {_where(p.after, places)}.")
    steps: list[str] = []
    if p.rule in RULE_WORDS and not p.site:
        steps.append(RULE_WORDS[p.rule])
    steps += [f"the builder on spot {n} gets: {_spot_effect(e)}" for n, e in p.spot_effects]
    if steps:
        parts.append("Its step of Phase III: " + "; ".join(steps) + ".")
    if p.die:
        parts.append(f"The tax die shows {', '.join(str(x) for x in p.die)}.")
    if p.stock:
        kept = "the first spot's builder takes it" if p.rule == "tax" else "traded here"
        parts.append(f"Each round opens with {_amounts(p.stock)} here ({kept}).")
    if p.buying:
        parts.append(f"Buying: {_prices(p.buying)}.")
    if p.selling:
        parts.append(f"Selling: {_prices(p.selling)}.")
    if p.cube_limit:
        parts.append(f"Then each player keeps at most {_plural(p.cube_limit, 'cube', 'cubes')}.")
    return " ".join(parts)


def _counts(counts: list[int]) -> str:
    """Player counts in words: "2", "2 or 3", "2 to 4"."""
    if len(counts) == 1:
        return str(counts[0])
    return f"{counts[0]} or {counts[1]}" if len(counts) == 2 else f"{counts[0]} to {counts[-1]}"


def _table(b: Any, table: tuple[int, ...]) -> str:
    """A set-up table by player count: "4 with 2 to 4 players, 5 with 5 or 6"."""
    runs: list[tuple[int, list[int]]] = []
    for n in b.players:
        value = b.for_players(table, n)
        if runs and runs[-1][0] == value and runs[-1][1][-1] == n - 1:
            runs[-1][1].append(n)
        else:
            runs.append((value, [n]))
    if len(runs) == 1:
        return str(runs[0][0])
    return ", ".join(
        f"{value} with {_counts(ns)}" + (" players" if i == 0 else "") for i, (value, ns) in enumerate(runs)
    )


def _wheel(w: WheelSpec) -> str:
    """A board's wheel, in a sentence or few."""
    later = [f"{name} in round {r}" for name, r in w.entering]
    return " ".join(
        [
            f"A wheel of values {', '.join(str(v) for v in w.values)}, with the indicators "
            f"{_and(list(w.indicators))} on 0 at the start; a rotation moves each one step on, and one "
            + ("on the last value stays there." if w.at_end == "cap" else "on the last value leaves the wheel."),
            *([f"Entering later, on 0: {_and(later)}."] if later else []),
            *([f"The wild indicator {w.wild} may be taken instead of any other."] if w.wild else []),
            *(["A taking with nothing to act on still resets its indicator."] if w.idle_resets else []),
        ]
    )


def _board(card: Card) -> str:
    b = card.board
    free = [
        f"the last {_plural(b.for_players(b.free_builders, n), 'builder', 'builders')} drawn with {n} players"
        for n in b.players
        if b.for_players(b.free_builders, n)
    ]
    head = (
        f"{_title(card)}, the board for {_counts(list(b.players))} players: gold is capped at "
        f"{b.gold_cap}; builders cost "
        f"{', '.join(str(x) for x in b.builder_prices)} gold in the order drawn, then "
        f"{b.builder_prices[-1] if b.builder_prices else 0}" + (f"; free: {_and(free)}." if free else ".")
    )
    gold = ", ".join(str(g) for g in b.starting_gold)
    return " ".join(
        [
            head,
            f"Each player starts with {_plural(b.starting_builders, 'builder', 'builders')}; "
            f"starting gold by seat from the start player: {gold}.",
            f"Craftsmen dealt each round: {_table(b, b.dealt_craftsmen)}.",
            f"Resource cards dealt each round: {_table(b, b.dealt_resources)}.",
            *([f"The game lasts {_plural(b.rounds, 'round', 'rounds')}."] if b.rounds != type(b)().rounds else []),
            *([f"Each player starts with {b.starting_vp} VP."] if b.starting_vp != type(b)().starting_vp else []),
            *([_wheel(b.wheel)] if b.wheel is not None else []),
            *(
                f"At set-up, before the first round, after the other set-up rules: {instant(a.effect)}."
                if isinstance(a.effect, fx.DraftCards)  # the table's, once (issue #53)
                else f"At set-up, before the first round, each player: {instant(a.effect)}."
                for a in card.abilities
                if isinstance(a, fx.Trigger)  # a board card's abilities are its set-up rules
            ),
        ]
    )


def render(card: Card, places: Mapping[str, str] | None = None) -> str:
    """The card's rules in plain English, one paragraph (plus one per variant).
    ``places`` (a place's key -> its name, e.g. from ``CardSet.places``) names the
    places the card refers to; without it they are named by their keys."""
    if card.kind == "place":
        return _place(card, places)
    if card.kind == "board":
        return _board(card)
    head = _title(card)
    if card.kind == "craftsman":
        when = "starting craftsman" if card.round == 0 else f"round {card.round} craftsman"
        head += f", {when}"
        if card.cost:
            head += f", costs {_amounts(card.cost)}"
    elif card.kind == "privilege":
        head += (
            ", privilege for one round (it leaves the game at the round's end)"
            if card.mode == "one_round"
            else f", {card.mode} privilege"
        )
        if card.last_round:
            head += " (dealt in the last round)"
    elif card.kind == "event":
        head += ", harmful event" if card.harmful else ", event"
    elif card.kind == "resource":
        head += (
            f", resource card: place {_plural(card.workers, 'worker', 'workers')} "
            f"on {_where(card.site, places)} to get {card.yields}"
        )
        if card.every_round:
            head += "; dealt to the display every round, beside the shuffled resource cards"
    parts = [head + "."]
    parts += [ability(a) for a in card.abilities]
    if card.tags:
        parts.append(f"Counts as {_and(_article(_words(t)) for t in card.tags)}.")
    text = " ".join(parts)
    for name, abilities in card.variants:
        text += f"\nVariant {name}: " + " ".join(ability(a) for a in abilities)
    return text

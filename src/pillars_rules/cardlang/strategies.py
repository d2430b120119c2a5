"""Hypothesis strategies for well-typed cards (test helper; needs ``hypothesis``).

``cards()`` draws any :class:`~pillars_rules.cardlang.card.Card` the compiler could
produce, referring only to the base set's ids and tags (pass the base set as
``known`` when compiling). Used by the round-trip property
``compile_text(format_cards([card]), known=base_cards()).cards == (card,)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
from hypothesis import strategies as st

from ..limits import MAX_NUMBER
from . import effects as fx
from .abilitycomp import INPUT_KINDS, OUTPUT_KINDS
from .board import assemble
from .card import Card
from .cardset import base_places
from .compiler import COST_KINDS
from .names import text_problem

#: Base-set names that generated cards may refer to.
BASE_TAGS = ("carpenter", "stonemason", "mortar_mixer")
BASE_CRAFTSMEN = ("bell_founder", "organ_builder", "carpenter", "mason_r1", "toolmaker")

#: The base board's places with builder spots and its hook points, read from
#: its text (``cards/base/board.cards``), as card text names them.
_BOARD = assemble(base_places())
LOCATIONS: tuple[str, ...] = tuple(_BOARD.locations)
HOOK_POINTS: tuple[str, ...] = ("round_start",) + _BOARD.steps

idents = st.from_regex(r"[a-z][a-z0-9_]{0,15}", fullmatch=True)
titles = st.text(
    alphabet=st.characters(whitelist_categories=("L", "N", "P", "Zs", "S"), blacklist_characters='"'),
    min_size=1,
    max_size=30,
).filter(lambda s: s.strip() != "" and text_problem(s) is None)  # the titles a card may hold (values.title)
counts = st.integers(1, MAX_NUMBER)
deltas = st.integers(-MAX_NUMBER, MAX_NUMBER).filter(lambda n: n != 0)


def amounts(kinds: Sequence[str], min_size: int = 1, max_size: int = 3) -> st.SearchStrategy[tuple[fx.Amount, ...]]:
    return st.lists(st.sampled_from(kinds), min_size=min_size, max_size=max_size, unique=True).flatmap(
        lambda ks: st.tuples(*[st.builds(fx.Amount, st.just(k), counts) for k in ks])
    )


excludes = st.lists(st.sampled_from(BASE_CRAFTSMEN), max_size=2, unique=True).map(tuple)

owns = st.builds(fx.OwnsAtLeast, st.sampled_from(fx.AMOUNT_KINDS), counts)
#: Conditions of an ``if``: any player count (issue #36), most and fewest.
conditions = (
    st.builds(fx.OwnsAtLeast, st.sampled_from(fx.PLAYER_COUNTS), counts)
    | st.builds(fx.HasMost, st.sampled_from(fx.PLAYER_COUNTS), st.booleans())
    | st.just(fx.IsStartPlayer())
)
players = st.sampled_from(("each", "other", "left", "right", "chosen")).map(fx.Players) | st.builds(
    fx.Players, st.sampled_from(("most", "fewest")), st.sampled_from(fx.PLAYER_COUNTS)
)
#: One factor of a quantity: ``per builder at LOCATION``, ``per worker in
#: mill``, ``per [N] COUNT``.
factors = (
    st.builds(fx.PerBuilder, st.sampled_from(LOCATIONS))
    | st.just(fx.PerMillWorker())
    | st.builds(fx.PerCount, st.sampled_from(fx.COUNTS), counts)
)
#: What scales an amount (issue #53): a factor, or a quantity -- factors in
#: turn and a bound (one factor without a bound is written as the factor).
scales = factors | st.builds(
    fx.Scaled, st.lists(factors, min_size=1, max_size=3).map(tuple), st.integers(0, MAX_NUMBER)
).filter(lambda q: len(q.factors) > 1 or q.up_to > 0)
#: Conditions also read the counters on the card (issue #53).
conditions = conditions | st.builds(fx.OwnsAtLeast, st.just("counters"), counts)
#: Who may get a card outside a reaction (``that player`` is a reaction's, issue #53).
_GIVE_TO = tuple(w for w in fx.GIVE_TO if w != "actor")
simple_instants = st.one_of(
    st.builds(fx.Gain, amounts(fx.AMOUNT_KINDS), st.none() | scales),
    st.builds(fx.Lose, amounts(fx.AMOUNT_KINDS), st.none() | scales),
    st.builds(fx.ChooseCraftsman, st.just("boost"), counts, excludes),
    st.builds(fx.ChooseCraftsman, st.just("discard"), st.just(0), excludes),
    st.builds(fx.Market, st.sampled_from(fx.MARKET_ACTIONS), amounts(fx.CUBES)),
    st.builds(fx.AddCounters, counts),
    st.builds(fx.Borrow, st.sampled_from(tuple(fx.BORROW_WHO))),
    # turn order as state (issue #53)
    st.just(fx.BecomeStartPlayer()),
    st.builds(fx.ReverseOrder, st.sampled_from(tuple(fx.REVERSE_WHEN))),
    # cards as objects (issue #53): the event deck, a craftsman given
    st.builds(fx.LookEvents, st.integers(1, fx.MAX_LOOK)),
    st.builds(fx.ReorderEvents, st.integers(2, fx.MAX_REORDER)),
    st.just(fx.BuryEvent()),
    st.builds(fx.ChooseCraftsman, st.just("give"), st.just(0), excludes, st.sampled_from(_GIVE_TO).map(fx.Players)),
    st.builds(fx.CopyPrivilege, players, st.sampled_from(tuple(fx.DURATIONS))),
    st.builds(fx.GivePrivilege, st.sampled_from(_GIVE_TO).map(fx.Players)),
)
#: A lasting modifier, an option of a choice only (``this round: tax 0``).
lastings = st.builds(fx.Lasting, st.sampled_from(tuple(fx.DURATIONS)), st.deferred(lambda: modifiers))


def _outer_only(option: object) -> bool:
    """May ``option`` stand in a choice? A nested choice may not offer a lasting change."""
    return not fx.offers_lasting(option)


def _nested(leaves: st.SearchStrategy[object]) -> st.SearchStrategy[object]:
    return st.recursive(
        leaves,
        lambda inner: (
            st.lists(inner.filter(_outer_only) | lastings, min_size=2, max_size=3).map(
                lambda opts: fx.ChooseOne(tuple(opts))
            )
            | st.builds(fx.If, conditions, inner)
        ),
        max_leaves=4,
    )


#: Instant effects for the player they happen to (events' effects, and what a
#: selector gives each player it picks).
instants = _nested(simple_instants)
#: Instant effects of a card's owner: these may reach other players too.
#: A selector gives each player it picks an instant effect or a lasting change
#: (``your right neighbour: rest of game: yield -1``, issue #53).
owner_instants = _nested(
    simple_instants
    | st.builds(fx.ForPlayers, players, instants | lastings).filter(
        lambda f: f.players.who != "chosen" or _no_choice(f.effect)
    )
    | st.builds(fx.Transfer, st.sampled_from(("take", "give")), amounts(fx.AMOUNT_KINDS), players)
    | st.builds(fx.Swap, amounts(fx.AMOUNT_KINDS, 1, 2), amounts(fx.AMOUNT_KINDS, 1, 2), players).filter(
        lambda s: not {a.kind for a in s.gives} & {a.kind for a in s.gets}
    )
)


def _no_choice(effect: object) -> bool:
    if isinstance(effect, (fx.ChooseOne, fx.ChooseCraftsman, fx.ReorderEvents, fx.CopyPrivilege, fx.GivePrivilege)):
        return False
    if isinstance(effect, (fx.ForPlayers, fx.Transfer, fx.Swap)) and effect.players.who == "chosen":
        return False
    return not isinstance(effect, (fx.If, fx.ForPlayers)) or _no_choice(effect.effect)


def _asks_nothing(effect: object) -> bool:
    """Does ``effect`` ask its player nothing (no choice, no craftsman to use)?"""
    if isinstance(effect, fx.Borrow):
        return False
    return _no_choice(effect) and (not isinstance(effect, (fx.If, fx.ForPlayers)) or _asks_nothing(effect.effect))


def _owners_choices(effect: object) -> bool:
    """Does ``effect`` ask only its owner to choose, if anyone (issue #53:
    what a turn at the market may ask)?"""
    if isinstance(effect, fx.ForPlayers):
        return _asks_nothing(effect.effect)
    if isinstance(effect, fx.ChooseOne):
        return all(_owners_choices(o) for o in effect.options)
    return not isinstance(effect, fx.If) or _owners_choices(effect.effect)


#: Instant effects without a choice (at the end of the game).
plain_instants = owner_instants.filter(_no_choice)
#: Instant effects on a turn at the market (after buying or selling, ``on
#: market:``): choices of the owner's only (issue #53).
market_instants = owner_instants.filter(_owners_choices)
#: Instant effects that ask nothing: a reaction to another player's trade (on that trader's turn).
silent_instants = owner_instants.filter(_asks_nothing)
modifiers: st.SearchStrategy[fx.Modifier] = st.one_of(
    st.builds(fx.YieldDelta, deltas),
    st.builds(fx.TaxFixed, st.integers(0, MAX_NUMBER)),
    st.builds(fx.TaxDelta, deltas),
    st.builds(fx.CraftsmanLimit, counts),
    st.builds(fx.BuilderLimit, st.integers(0, fx.MAX_BUILDERS)),
    st.builds(fx.CapacityDelta, deltas, excludes),
    st.builds(fx.ExtraWorker, counts),
    st.just(fx.PeekEvent()),
    st.builds(fx.MillBonus, counts, counts),
    st.builds(fx.PriceDelta, st.sampled_from(fx.CUBES), deltas, st.sampled_from(fx.TRADES + ("both",))),
    st.builds(fx.Permit, st.sampled_from(fx.TRADES), st.sampled_from(fx.CUBES)),
)
onces = (
    st.sampled_from([fx.Once(w, cls()) for cls, w in fx.ONCE_WINDOW.items()])
    | st.builds(fx.Once, st.sampled_from(("draft", "cathedral")), owner_instants)
    | st.builds(fx.Once, st.just("market"), market_instants)
)
#: Whose actions a reaction answers (issue #53): the owner's or any other seat's.
reactors = st.sampled_from(tuple(fx.REACTORS))
#: After a trade only the trader may be asked: a reaction of the trader's own may choose, another seat's may not.
#: What a reaction may do to the seat that acted (``that player``, issue #53):
#: resolved at once, so it asks nothing of the owner.
_THAT = st.just(fx.Players("actor"))
actor_instants = st.one_of(
    st.builds(fx.ForPlayers, _THAT, instants.filter(_asks_nothing)),
    st.builds(fx.Transfer, st.sampled_from(("take", "give")), amounts(fx.AMOUNT_KINDS), _THAT),
    st.builds(fx.Swap, amounts(fx.AMOUNT_KINDS, 1, 2), amounts(fx.AMOUNT_KINDS, 1, 2), _THAT).filter(
        lambda s: not {a.kind for a in s.gives} & {a.kind for a in s.gets}
    ),
)


def _choice(options: list[Any]) -> fx.ChooseOne:
    """A choice among drawn options (the strategies' draws are typed by what they build)."""
    return fx.ChooseOne(tuple(options))


#: Decisions of the owner's that name the seat that acted: queued with that
#: seat, so answered later they still reach it (issue #53).
actor_choices = st.one_of(
    st.lists(actor_instants | silent_instants, min_size=2, max_size=3).map(_choice),
    st.builds(fx.ChooseCraftsman, st.just("give"), st.just(0), excludes, _THAT),
    st.builds(fx.GivePrivilege, _THAT),
    st.builds(fx.CopyPrivilege, _THAT, st.sampled_from(tuple(fx.DURATIONS))),
)
on_actions = st.one_of(
    st.builds(fx.OnAction, st.sampled_from(fx.PLAYER_ACTIONS), actor_instants, st.none(), reactors),
    st.builds(fx.OnAction, st.sampled_from(("hire", "place", "take")), actor_choices, st.none(), reactors),
    st.builds(fx.OnAction, st.sampled_from(("hire", "place", "take")), owner_instants, st.none(), reactors),
    st.builds(fx.OnAction, st.just("place"), owner_instants, st.sampled_from(LOCATIONS), reactors),
    st.builds(fx.OnAction, st.sampled_from(("buy", "sell")), market_instants, st.none(), st.just("you")),
    st.builds(
        fx.OnAction,
        st.sampled_from(("buy", "sell")),
        silent_instants,
        st.none(),
        reactors.filter(lambda who: who != "you"),
    ),
)
plain_converts = st.builds(
    fx.Convert,
    amounts(INPUT_KINDS, 0, 2),
    amounts(OUTPUT_KINDS, 1, 2),
    st.none() | counts,
    st.none() | st.sampled_from(BASE_TAGS),
    st.none() | st.builds(fx.OwnsAtLeast, st.sampled_from(fx.AMOUNT_KINDS), counts),
    outputs_per=st.none() | scales,
)


def _grown(conv: fx.Convert, plus: int, per: fx.PerCount, counters: int) -> fx.Convert:
    """A conversion whose capacity grows per a count (issue #36), with
    ``counters`` put on its card as an output too (0: none)."""
    out = conv.outputs + ((fx.Amount("counters", counters),) if counters else ())
    return attrs.evolve(conv, outputs=out, capacity=conv.capacity or 1, capacity_plus=plus, capacity_per=per)


converts = plain_converts | st.builds(
    _grown, plain_converts, counts, st.builds(fx.PerCount, st.sampled_from(fx.COUNTS), counts), st.just(0) | counts
)
triggers = st.builds(fx.Trigger, st.sampled_from(HOOK_POINTS), owner_instants) | st.builds(
    fx.Trigger, st.just(fx.GAME_END), plain_instants
)
on_gains = st.builds(fx.OnGain, owner_instants)


def _setup_meaning(effect: Any) -> bool:
    """Has ``effect`` a meaning at set-up (issue #53): no privilege copied or
    given (nobody holds one), no change for "this round" nor a boost (none
    is under way)?"""
    if isinstance(effect, (fx.CopyPrivilege, fx.GivePrivilege)):
        return False
    if "this_round" in (getattr(effect, "when", None), getattr(effect, "duration", None)):
        return False
    if isinstance(effect, fx.ChooseCraftsman) and effect.action == "boost":
        return False
    return all(_setup_meaning(x) for x in fx.children(effect))


#: ``at setup:`` abilities, as a starting craftsman or the board card has them.
setup_triggers = st.builds(fx.Trigger, st.just(fx.SETUP), owner_instants.filter(_setup_meaning))
#: A draft of cards at set-up (issue #53): K of N per player, K at most N.
drafts = st.integers(1, fx.MAX_DRAFT_DEAL).flatmap(
    lambda n: st.builds(
        fx.DraftCards,
        st.integers(1, n),
        st.just(n),
        st.sampled_from(tuple(fx.DRAFT_DECKS_KIND)),
        st.sampled_from(tuple(fx.DRAFT_REST)),
    )
)
#: A board card's set-up rules: up to two for each player, then at most one draft.
board_setups = st.tuples(st.lists(setup_triggers, max_size=2), st.lists(drafts, max_size=1)).map(
    lambda t: tuple(t[0]) + tuple(fx.Trigger(fx.SETUP, d) for d in t[1])
)
passives = st.builds(fx.Passive, modifiers)
#: What a vote's option or a bid's prize may be (issue #36): a fixed effect
#: for one player (no choice, not the market's own stock), or a lasting change.
outcomes = instants.filter(lambda e: _no_choice(e) and _outer_only(e) and not fx.is_table_effect(e)) | lastings
#: A vote's weight (issue #53): any scale but the counters (an event has none).
weights = scales.filter(lambda q: not any(isinstance(f, fx.PerCount) and f.what == "counters" for f in fx.factors(q)))
shared = st.builds(fx.Vote, st.lists(outcomes, min_size=2, max_size=3).map(tuple), st.none() | weights) | st.builds(
    fx.Bid, st.sampled_from(fx.BID_KINDS), outcomes
)
event_abilities = st.one_of(
    st.builds(fx.Now, instants),
    st.builds(fx.ThisRound, modifiers),
    st.builds(fx.NextRound, modifiers),
    st.builds(fx.RestOfGame, modifiers),
    st.builds(fx.Now, shared),
)


#: Any tree of instant effects the grammar can write, whether or not the
#: compiler gives it a meaning (issue #53): a choice, a condition, a selector,
#: a vote or a bid around anything, lasting changes and transfers anywhere.
#: Cards of these either check and play, or are refused with a located message.
loose_instants = st.recursive(
    simple_instants
    | lastings
    | st.builds(fx.Transfer, st.sampled_from(("take", "give")), amounts(fx.AMOUNT_KINDS), players | _THAT)
    | st.builds(fx.ChooseCraftsman, st.just("give"), st.just(0), excludes, players)
    | st.builds(fx.DraftCards, st.integers(1, fx.MAX_DRAFT_DEAL + 1), st.integers(1, fx.MAX_DRAFT_DEAL)),
    lambda inner: st.one_of(
        st.lists(inner, min_size=2, max_size=3).map(lambda opts: fx.ChooseOne(tuple(opts))),
        st.builds(fx.If, conditions, inner),
        st.builds(fx.ForPlayers, players | _THAT, inner),
        st.builds(fx.Vote, st.lists(inner, min_size=2, max_size=3).map(tuple), st.none() | scales),
        st.builds(fx.Bid, st.sampled_from(fx.BID_KINDS), inner),
    ),
    max_leaves=5,
)
_LOOSE_LASTING = st.one_of(
    passives,
    st.builds(fx.Trigger, st.sampled_from(HOOK_POINTS + (fx.GAME_END, fx.SETUP)), loose_instants),
    st.builds(fx.OnGain, loose_instants),
    st.builds(fx.OnAction, st.sampled_from(fx.PLAYER_ACTIONS), loose_instants, st.none(), reactors),
)
_LOOSE_ABILITIES = {
    "craftsman": converts | _LOOSE_LASTING,
    "privilege": _LOOSE_LASTING,
    "event": st.one_of(
        st.builds(fx.Now, loose_instants), st.builds(fx.ThisRound, modifiers), st.builds(fx.RestOfGame, modifiers)
    ),
}


def _ability_lists(kind: str, mode: str, loose: bool = False) -> st.SearchStrategy[Sequence[fx.Ability]]:
    if loose:  # a privilege's abilities are a craftsman's, or a once-use of any window
        if kind == "privilege" and mode == "once":
            first = st.builds(fx.Once, st.sampled_from(fx.GENERAL_WINDOWS), loose_instants) | onces
            return st.tuples(first, st.lists(_LOOSE_LASTING, max_size=1)).map(lambda t: [t[0]] + t[1])
        return st.lists(_LOOSE_ABILITIES[kind], min_size=1, max_size=2)
    if kind == "craftsman":
        return st.lists(st.one_of(converts, passives, triggers, on_gains, on_actions), min_size=1, max_size=3)
    if kind == "event":
        return st.lists(event_abilities, min_size=1, max_size=3)
    if mode == "immediate":
        return st.lists(on_gains, min_size=1, max_size=2)
    lasting = st.one_of(passives, triggers, on_gains, on_actions)
    if mode == "once":
        return st.tuples(onces, st.lists(lasting, max_size=2)).map(lambda t: [t[0]] + t[1])
    return st.lists(lasting, min_size=1, max_size=2)


def _variants(
    kind: str, mode: str, loose: bool = False
) -> st.SearchStrategy[tuple[tuple[str, tuple[fx.Ability, ...]], ...]]:
    return st.lists(
        st.tuples(idents, _ability_lists(kind, mode, loose).map(tuple)), max_size=2, unique_by=lambda v: v[0]
    ).map(tuple)


@st.composite
def cards(
    draw: st.DrawFn, kinds: Sequence[str] = ("craftsman", "privilege", "event", "resource"), loose: bool = False
) -> Card:
    """Any compilable card; its id starts with ``fan_`` so it never clashes with the base set.
    ``loose``: any card the grammar can write (:data:`loose_instants`), which
    the compiler may refuse."""
    kind = draw(st.sampled_from(kinds))
    cid, name, name_de = "fan_" + draw(idents), draw(titles), draw(st.just("") | titles)
    if kind == "resource":
        site = draw(st.sampled_from(tuple(_BOARD.sites)))
        yields = fx.Amount(_BOARD.sites[site], draw(counts))
        return Card(cid, kind, name, name_de, site=site, yields=yields, workers=draw(counts))
    mode = draw(st.sampled_from(("permanent", "once", "immediate", "one_round"))) if kind == "privilege" else ""
    abilities = tuple(draw(_ability_lists(kind, mode, loose)))
    variants = draw(_variants(kind, mode, loose))
    if kind == "craftsman":
        rnd = draw(st.integers(0, 6))
        if rnd == 0 and not loose:  # a starting craftsman may have set-up rules (issue #53)
            abilities += tuple(draw(st.lists(setup_triggers, max_size=1)))
        return Card(
            cid,
            kind,
            name,
            name_de,
            abilities=abilities,
            variants=variants,
            round=rnd,
            cost=draw(amounts(COST_KINDS, 0, 2)),
            tags=tuple(draw(st.lists(idents, max_size=2, unique=True))),
        )
    if kind == "privilege":
        return Card(
            cid, kind, name, name_de, abilities=abilities, variants=variants, mode=mode, last_round=draw(st.booleans())
        )
    return Card(cid, kind, name, name_de, abilities=abilities, variants=variants, harmful=draw(st.booleans()))

"""Refusal reasons name the broken rule, for every action kind (issue #9, item 6).

:data:`CASES` lists every refusal path -- each action type with each reason in
:data:`pillars_rules.engine.refusals.REASONS` -- as a real position and an action
that breaks exactly that rule. The test checks the reason is that one (never the
generic "... N legal action(s) available"), that ``Game.apply`` raises it, and
that it stays short. A new reason without a case here fails the coverage test.
"""

from __future__ import annotations

import pytest

import pillars_rules as pr
from pillars_rules.actions import (
    Build,
    Buy,
    ChooseOption,
    Discard,
    Hire,
    Park,
    PickCraftsman,
    Place,
    Protect,
    ReturnCubes,
    Sell,
    TakeCube,
    TakeResourceCard,
    UseOnce,
)
from pillars_rules.cardlang import base_cards, compile_text
from pillars_rules.engine.refusals import MAX_REASON, REASONS, refusal
from pillars_rules.engine.state import Pieces

from .support import BLUE, RED, cubes, position


# ------------------------------------------------------------------ positions
def draft(**red):
    g = position("draft", players=2, display=("forest_3", "mason_r1"), seats={RED: red} if red else None)
    assert (g.pending.kind, g.current_player) == ("draft", RED)
    return g


def discard():
    five = ("carpenter", "stonemason", "mortar_mixer", "mason_r1", "architect")
    g = position("draft", players=2, round=2, display=("potter_r2",), seats={RED: {"craftsmen": five}})
    return g.apply(Hire("potter_r2"))


def placing(red=None, spots=None, **builders):
    g = position(
        "builders", players=3, builders=dict(drawn=RED, **builders), spots=spots, seats={RED: red} if red else None
    )
    assert (g.pending.kind, g.current_player) == ("place", RED)
    return g


def bishop(**kw):
    return position("event", players=2, event="king_celebrates", spots={"bishop": (RED,)}, **kw)


def once_event():
    return position(
        "event",
        players=2,
        event="conflict_philip_waleran",
        seats={RED: {"privileges": ("archbishop_thomas", "jack", "brother_remigius")}},
    )


def pick():
    return position(
        "event",
        players=2,
        variants=["archbishop_one_craftsman"],
        event="archbishops_statue",
        seats={RED: {"craftsmen": ("carpenter", "bell_founder", "architect")}},
    )


def option():
    cards = compile_text('event t_choice "Choice" { now: choose one: gain 3 gold | gain 1 metal }', known=base_cards())
    return position("event", players=2, cards=cards, event="t_choice")


def bid():
    cards = compile_text('event t_bid "Bid" { now: bid gold: gain 3 vp }', known=base_cards())
    return position("event", players=2, cards=cards, event="t_bid").apply(ChooseOption(4))


def market(**red):
    who = {"gold": 20, "cubes": cubes(stone=1, metal=1), **red}
    return position("market", players=2, spots={"market": (RED,)}, seats={RED: who})


def cathedral(**red):
    red = {"craftsmen": ("carpenter", "mason_r1", "toolmaker", "stonemason"), "cubes": cubes(wood=1, stone=3), **red}
    return position("cathedral", players=2, seats={RED: red, BLUE: {"craftsmen": ()}})


def returning():
    return position(
        "cathedral", players=2, seats={RED: {"craftsmen": (), "cubes": cubes(wood=5, stone=2)}, BLUE: {"craftsmen": ()}}
    )


def finished():
    g = position("start_player", players=2, round=6)
    assert g.is_over
    return g


def between_decisions():
    """A log folded without verification that stops before its first decision."""
    g = pr.replay(pr.new_game(players=2, seed=1).events[:2], verify=False)
    assert g.state.pending is None and not g.is_over
    return g


def fan_market(ability):
    """The market with Red holding a fan craftsman with ``ability`` (30 sand or
    endless metal: more than the game's cubes, so no position can hold them)."""
    cards = compile_text(f'craftsman t_fan "Fan" {{ round 1 cost 1 gold {ability} }}', known=base_cards())
    who = {"gold": 20, "cubes": cubes(metal=1), "craftsmen": ("carpenter", "stonemason", "t_fan")}
    return position("market", players=2, cards=cards, spots={"market": (RED,)}, seats={RED: who})


def fan_draft_once(ability):
    """The draft with Red holding a fan once-per-game privilege with ``ability``."""
    cards = compile_text(f'privilege t_once "Once" {{ once\n {ability} }}', known=base_cards())
    return position("draft", players=2, cards=cards, seats={RED: {"privileges": ("t_once",)}})


def give():
    """Red gives a craftsman to its left neighbour (issue #53): Blue has the starting ones."""
    cards = compile_text(
        'event t_give "Give" { now: choose craftsman: give to your left neighbour }', known=base_cards()
    )
    return position(
        "event", players=2, cards=cards, event="t_give", seats={RED: {"craftsmen": ("carpenter", "toolmaker")}}
    )


def spent_cathedral():
    """Red in the cathedral step with 60 conversions made (a once-per-game
    cathedral use keeps the decision open: without one, the turn ends at once)."""
    cards = compile_text('privilege t_once "Once" { once\n on cathedral: gain 1 vp }', known=base_cards())
    red = {
        "craftsmen": ("carpenter", "stonemason"),
        "cubes": cubes(stone=3),
        "privileges": ("t_once",),
        "uses": (("carpenter", 0, 60),),
    }
    return position("cathedral", players=2, cards=cards, seats={RED: red, BLUE: {"craftsmen": ()}})


def fair():
    """Red alone at a fan board's second market, which sells only wood and buys only metal."""
    cards = compile_text(
        'place t_fair "Fair" { called "the fair"\n after priory\n spots 1\n step market\n'
        " stock 2 wood\n buying wood 1\n selling metal 9 }",
        known=base_cards(),
    )
    who = {"gold": 20, "cubes": cubes(stone=1, metal=1), "craftsmen": ("carpenter", "stonemason")}
    return position("t_fair", players=2, cards=cards, spots={"t_fair": (RED,)}, seats={RED: who})


def _traded(game, n):
    """``game`` after ``n`` sales of one metal (the seat trades alone at the market)."""
    for _ in range(n):
        game = game.apply(Sell("metal", 1))
    return game


class _StrSub(str):
    """A str subclass: equal to the plain string, but not a plain value."""


#: code -> (position, action, words the reason must contain)
CASES = {
    "game_over": (finished, pr.actions.Pass(), "game is over"),
    "no_decision": (between_decisions, pr.actions.Pass(), "no seat must decide now"),
    "not_an_action": (draft, "take forest", "not an action"),
    "wrong_kind": (draft, Buy("wood", 1), "must decide 'draft'"),
    "not_plain": (placing, Place(_StrSub("bishop"), 0), "Place.location must be a plain str, not _StrSub 'bishop'"),
    "unknown_card": (draft, Hire("no_such_card"), "unknown card"),
    "unknown_resource": (bishop, TakeCube("gold"), "unknown resource"),
    "bad_count": (market, Buy("sand", 0), "positive whole number"),
    "take.not_resource": (draft, TakeResourceCard("mason_r1"), "Mason is a craftsman"),
    "take.not_in_display": (draft, TakeResourceCard("quarry_4"), "Quarry is not in the display"),
    "take.bad_big": (draft, TakeResourceCard("forest_3", big="yes"), "big must be True or False"),
    "take.big_placed": (
        lambda: draft(pieces=Pieces(3, 0, 0, 0)),
        TakeResourceCard("forest_3", big=True),
        "big worker is already placed",
    ),
    "take.big_short": (
        lambda: draft(pieces=Pieces(0, 1, 0, 0)),
        TakeResourceCard("forest_3", big=True),
        "with the big worker Forest (3 wood) also needs 1 one-value pieces; Red has 0",
    ),
    "take.ones_short": (
        lambda: draft(pieces=Pieces(4, 1, 0, 0)),
        TakeResourceCard("forest_3"),
        "without the big worker Forest (3 wood) needs 6 one-value pieces; Red has 4 -- use big=True",
    ),
    "hire.not_craftsman": (draft, Hire("forest_3"), "Forest is a resource"),
    "hire.not_in_display": (draft, Hire("toolmaker"), "Toolmaker is not in the display"),
    "hire.cannot_pay": (lambda: draft(gold=4), Hire("mason_r1"), "cannot pay 5 gold for Mason (has 4 gold)"),
    "discard.not_owned": (discard, Discard("toolmaker"), "no craftsman Toolmaker"),
    "place.unknown_location": (placing, Place("moon"), "unknown location 'moon'"),
    "place.bad_spot": (placing, Place("bishop", 1), "has no spot 1"),
    "place.bad_free": (placing, Place("bishop", 0, free="x"), "free must be True or False"),
    "place.taken": (lambda: placing(spots={"bishop": (BLUE,)}), Place("bishop", 0), "spot 1 is taken"),
    "place.one_per_player": (
        lambda: placing(spots={"kings_court": (RED,)}),
        Place("kings_court", 1),
        "already has a builder at the King's court",
    ),
    "place.in_order": (placing, Place("market", 2), "spots at the market fill in order: use spot 1 first"),
    "place.free_at_zero": (lambda: placing(price=0), Place("bishop", 0, free=True), "costs nothing"),
    "place.no_free_placement": (placing, Place("bishop", 0, free=True), "no unused privilege for a free placement"),
    "place.cannot_pay": (
        lambda: placing(red={"gold": 3}),
        Place("bishop", 0),
        "cannot pay 7 gold for this builder (has 3)",
    ),
    "park.free": (lambda: placing(price=0), Park(), "at price 0 the builder must be placed"),
    "protect.not_harmful": (bishop, Protect(), "The King celebrates is not harmful"),
    "take_cube.metal": (bishop, TakeCube("metal"), "metal is never in the market"),
    "take_cube.empty": (lambda: bishop(market=(0, 4, 4, 0)), TakeCube("wood"), "the market has no wood left"),
    "once.not_owned": (once_event, UseOnce("fall_of_the_usurper"), "no unused privilege Fall of the usurper"),
    "once.no_use": (once_event, UseOnce("jack"), "Jack has no once-per-game use"),
    "once.wrong_window": (
        once_event,
        UseOnce("brother_remigius"),
        "Brother Remigius is used when a builder is placed, not now",
    ),
    "once.does_nothing": (
        lambda: fan_draft_once("on draft: take 1 metal from a player you choose"),
        UseOnce("t_once"),
        "Once would do nothing now",
    ),
    "pick.not_craftsman_choice": (option, PickCraftsman("carpenter"), "answer with ChooseOption(0 to 1)"),
    "pick.not_owned": (pick, PickCraftsman("toolmaker"), "Red has no craftsman Toolmaker"),
    "pick.excluded": (pick, PickCraftsman("bell_founder"), "The Archbishop's statue excludes Bell founder"),
    "pick.no_capacity": (pick, PickCraftsman("architect"), "Architect has no capacity to raise"),
    "pick.taker_has": (give, PickCraftsman("carpenter"), "Blue has Carpenter already"),
    "option.not_option_choice": (pick, ChooseOption(0), "answer with PickCraftsman"),
    "option.bad_index": (option, ChooseOption(5), "from 0 to 1, not 5"),
    "bid.bad_amount": (bid, ChooseOption(3), "more than the highest bid so far (4), up to the gold"),
    "buy.metal": (market, Buy("metal", 1), "metal is never sold to players"),
    "buy.permit": (
        lambda: market(craftsmen=("stonemason",)),
        Buy("wood", 1),
        "buying wood needs Carpenter or Master carpenter",
    ),
    "buy.sold_same": (
        lambda: market().apply(Sell("stone", 1)),
        Buy("stone", 1),
        "may not buy and sell the same type in one round",
    ),
    "buy.stock": (lambda: market(), Buy("sand", 5), "the market holds only 4 sand"),
    "buy.not_here": (fair, Buy("sand", 1), "the fair sells no sand to players"),
    "sell.not_here": (fair, Sell("stone", 1), "the fair buys no stone from players"),
    "buy.gold": (lambda: market(gold=3), Buy("stone", 1), "1 stone cost 4 gold; Red has 3"),
    "buy.full": (lambda: fan_market("at market: gain 30 sand"), Buy("sand", 1), "holds at most 30 of a kind"),
    "trade.budget": (
        lambda: _traded(fan_market("when you sell: gain 1 metal"), 30),
        Sell("metal", 1),
        "has made 30 trades this round",
    ),
    "sell.permit": (lambda: market(craftsmen=("carpenter",)), Sell("stone", 1), "selling stone needs Stonemason"),
    "sell.bought_same": (lambda: market().apply(Buy("sand", 1)), Sell("sand", 1), "may not buy and sell the same type"),
    "sell.holding": (market, Sell("metal", 2), "Red has only 1 metal"),
    "build.no_conversion": (cathedral, Build("forest_3"), "Forest has no conversion"),
    "build.not_owned": (cathedral, Build("joiner_r2"), "Red has no craftsman Joiner"),
    "build.bad_ability": (cathedral, Build("carpenter", 1), "ability must be from 0 to 0, not 1"),
    "build.capacity": (
        lambda: cathedral(
            uses=(("stonemason", 0, 4),), craftsmen=("carpenter", "mason_r1", "toolmaker", "stonemason", "architect")
        ),
        Build("stonemason"),
        "used 4 of 4 time(s)",
    ),
    "build.budget": (spent_cathedral, Build("stonemason"), "has made 60 conversions this round"),
    "build.needs": (cathedral, Build("mason_r1"), "the Mason needs a Mortar mixer or Mortar mixer (improved)"),
    "build.condition": (cathedral, Build("toolmaker"), "Toolmaker works only while Red owns 1 metal"),
    "build.inputs": (cathedral, Build("carpenter"), "Carpenter needs 2 wood; Red has 1 wood"),
    "return.holding": (returning, ReturnCubes("sand", 1), "Red has only 0 sand"),
    "return.too_many": (returning, ReturnCubes("wood", 3), "only 2 more must be returned"),
}


def test_s2_to_s8_every_refusal_reason_has_a_case():
    assert set(CASES) == set(REASONS)


@pytest.mark.parametrize("code", sorted(CASES))
def test_s2_to_s8_refusal_names_the_rule(code):
    position, action, words = CASES[code]
    g = position()
    got, text = refusal(g.state, g.rules, action, g.legal_actions())
    # a field that is not a plain value is refused though it compares equal to a listed one's
    assert (got, action in g.legal_actions()) == (code, code == "not_plain"), text
    assert words in text and len(text) < MAX_REASON
    assert "legal action(s) available" not in text
    with pytest.raises(pr.IllegalActionError) as exc:
        g.apply(action)
    assert str(exc.value) == text
    assert g.state == position().state  # the game is unchanged


def test_s2_to_s8_reasons_stay_short_with_long_names():
    names = ("R" * 100, "B" * 100)
    g = pr.new_game(2, seed=1, names=names)
    for action in (Buy("wood", 1), Hire("no_such_card_" + "x" * 200), Place("m" * 900)):
        with pytest.raises(pr.IllegalActionError) as exc:
            g.apply(action)
        assert len(str(exc.value)) <= MAX_REASON


def test_s2_to_s8_generic_reason_only_for_unknown_paths():
    """An action that breaks no rule this module knows keeps the generic sentence."""
    g = draft()
    code, text = refusal(g.state, g.rules, pr.actions.Pass(), g.legal_actions())
    assert code == "other" and "legal action(s) available" in text


def test_a_seat_check_between_decisions_is_refused_with_the_reason():
    g = between_decisions()
    with pytest.raises(pr.IllegalActionError) as exc:
        g.apply(pr.actions.Pass(), seat=0)
    assert str(exc.value) == REASONS["no_decision"]

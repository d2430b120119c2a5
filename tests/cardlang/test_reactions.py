"""Reactions to other players' actions and the turn order as state (issue #53):
each form compiles to its registry object, formats back to itself, reads in
English, and what has no meaning is refused where it is written."""

from __future__ import annotations

import pytest

from pillars_rules.cardlang import base_cards, compile_text, format_cards, render
from pillars_rules.cardlang import effects as fx
from pillars_rules.errors import CardError

A = fx.Amount
GOLD = fx.Gain((A("gold", 1),))


def one(body: str, kind: str = "privilege"):
    head = {
        "privilege": 'privilege x "X" {{ permanent {} }}',
        "craftsman": 'craftsman x "X" {{ round 1 {} }}',
        "event": 'event x "X" {{ {} }}',
    }[kind]
    (card,) = compile_text(head.format(body), "x.cards", known=base_cards()).cards
    return card


@pytest.mark.parametrize(
    "body, want",
    [
        ("when you hire: gain 1 gold", fx.OnAction("hire", GOLD)),
        ("when another player hires: gain 1 gold", fx.OnAction("hire", GOLD, None, "other")),
        ("when any player buys: gain 1 gold", fx.OnAction("buy", GOLD, None, "any")),
        ("when your left neighbour sells: gain 1 gold", fx.OnAction("sell", GOLD, None, "left")),
        ("when your right neighbour places at market: gain 1 gold", fx.OnAction("place", GOLD, "market", "right")),
        ("when another player takes: gain 1 gold", fx.OnAction("take", GOLD, None, "other")),
        ("when you take: gain 1 gold", fx.OnAction("take", GOLD)),
        ("at castle: become the start player", fx.Trigger("castle", fx.BecomeStartPlayer())),
        ("at castle: reverse the order of play this round", fx.Trigger("castle", fx.ReverseOrder("this_round"))),
        ("at castle: reverse the order of play next round", fx.Trigger("castle", fx.ReverseOrder("next_round"))),
        ("at castle: if you are the start player: gain 1 gold", fx.Trigger("castle", fx.If(fx.IsStartPlayer(), GOLD))),
        (
            "when another player hires: choose one: become the start player | gain 1 gold",
            fx.OnAction("hire", fx.ChooseOne((fx.BecomeStartPlayer(), GOLD)), None, "other"),
        ),
        (
            "at castle: a player you choose: become the start player",
            fx.Trigger("castle", fx.ForPlayers(fx.Players("chosen"), fx.BecomeStartPlayer())),
        ),
    ],
)
def test_each_form_compiles_formats_back_and_reads(body, want):
    card = one(body)
    assert card.abilities == (want,)
    again = compile_text(format_cards([card]), "y.cards", known=base_cards()).cards
    assert again == (card,)
    assert "X" in render(card)  # reads in English, without a TypeError for the new forms


def test_the_english_names_the_player_who_acts():
    assert "When another player hires a craftsman: gain 1 gold." in render(
        one("when another player hires: gain 1 gold")
    )
    assert "When your left neighbour takes a resource card" in render(
        one("when your left neighbour takes: gain 1 gold")
    )
    assert "if you are the start player, gain 1 gold" in render(
        one("at castle: if you are the start player: gain 1 gold")
    )


@pytest.mark.parametrize(
    "body, words",
    [
        ("when another player hire: gain 1 gold", "after 'another player' the action is written 'hires'"),
        ("when you hires: gain 1 gold", "after 'you' the action is written 'hire'"),
        ("when any player smiles: gain 1 gold", "unknown action 'smiles'"),
        ("when your left neighbour buys: choose one: gain 1 gold | gain 1 vp", "cannot ask for a choice"),
        ("when another player sells at market: gain 1 gold", "only narrows 'when you place'"),
    ],
)
def test_what_has_no_meaning_is_refused_where_it_is_written(body, words):
    with pytest.raises(CardError) as info:
        one(body)
    first = str(info.value).splitlines()[0]
    assert first.startswith("x.cards:1:") and words in first, first


def test_a_reaction_is_refused_on_an_event():
    with pytest.raises(CardError, match="not allowed on an event card"):
        one("when another player hires: gain 1 gold", "event")

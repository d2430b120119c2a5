"""The card forms of cards as objects (issue #53): the event deck (look at,
reorder, bury) and a craftsman given to a neighbour -- compiled, written back
canonically, said in English, and refused with a located message where the
model gives them no meaning."""

from __future__ import annotations

import pytest

from pillars_rules.cardlang import base_cards, compile_text, format_cards, render
from pillars_rules.cardlang import effects as fx
from pillars_rules.errors import CardError


def compiled(text: str):
    (card,) = compile_text(text, "w.cards", known=base_cards()).cards
    return card


@pytest.mark.parametrize(
    "body, want",
    [
        ("at castle: look at the next 1 event", fx.Trigger("castle", fx.LookEvents(1))),
        ("at castle: look at the next 3 events", fx.Trigger("castle", fx.LookEvents(3))),
        ("at round_start: reorder the next 2 events", fx.Trigger("round_start", fx.ReorderEvents(2))),
        ("at market: bury the next event", fx.Trigger("market", fx.BuryEvent())),
        (
            "at castle: choose craftsman except toolmaker: give to your left neighbour",
            fx.Trigger("castle", fx.ChooseCraftsman("give", 0, ("toolmaker",), fx.Players("left"))),
        ),
        (
            "at castle: copy a privilege of a player you choose for rest of game",
            fx.Trigger("castle", fx.CopyPrivilege(fx.Players("chosen"), "rest_of_game")),
        ),
        (
            "at castle: copy a privilege of the player with most vp for next round",
            fx.Trigger("castle", fx.CopyPrivilege(fx.Players("most", "vp"), "next_round")),
        ),
        # given to a player you choose, a privilege given (issue #53)
        (
            "at castle: choose craftsman: give to a player you choose",
            fx.Trigger("castle", fx.ChooseCraftsman("give", 0, (), fx.Players("chosen"))),
        ),
        (
            "at castle: choose privilege: give to your left neighbour",
            fx.Trigger("castle", fx.GivePrivilege(fx.Players("left"))),
        ),
        (
            "at castle: choose privilege except jack, ellen: give to a player you choose",
            fx.Trigger("castle", fx.GivePrivilege(fx.Players("chosen"), ("jack", "ellen"))),
        ),
        (
            "at castle: each other player: choose craftsman: give to your right neighbour",
            fx.Trigger(
                "castle", fx.ForPlayers(fx.Players("other"), fx.ChooseCraftsman("give", 0, (), fx.Players("right")))
            ),
        ),
    ],
)
def test_the_forms_compile_and_write_back_canonically(body, want):
    card = compiled(f'privilege p "P" {{ permanent {body} }}')
    assert card.abilities == (want,)
    text = format_cards([card])
    assert body.replace("next 1 events", "next 1 event") in text
    assert compile_text(text, known=base_cards()).cards == (card,)


def test_the_forms_in_english():
    card = compiled(
        'privilege p "P" { permanent at castle: look at the next 2 events '
        "at market: bury the next event at round_start: reorder the next 3 events "
        "at cathedral: choose craftsman: give to your left neighbour }"
    )
    text = render(card)
    assert "look at the next 2 event cards" in text and "only you see them" in text
    assert "bottom of the event deck" in text
    assert "put them back in any order" in text
    assert "give one of your craftsmen of your choice to your left neighbour" in text
    text = render(compiled('privilege p "P" { permanent at castle: choose privilege: give to a player you choose }'))
    assert "give one of your privileges of your choice to another player of your choice" in text
    assert "with its abilities and counters" in text


@pytest.mark.parametrize(
    "text, words",
    [
        # a card is one object: it goes to one player
        ('privilege p "P" { permanent at castle: choose craftsman: give to each other player }', "one player"),
        ('privilege p "P" { permanent at castle: choose privilege: give to each player }', "one player"),
        ('privilege p "P" { permanent at castle: choose privilege: give to the player with most vp }', "one player"),
        (
            'privilege p "P" { permanent at castle: choose privilege except mason_r1: give to your left neighbour }',
            "'mason_r1' is a craftsman, not a privilege",
        ),
        (
            'privilege p "P" { permanent at castle: choose craftsman except jack: give to your left neighbour }',
            "'jack' is a privilege, not a craftsman",
        ),
        ('privilege p "P" { permanent at game_end: choose privilege: give to your left neighbour }', "choice"),
        (
            'privilege p "P" { permanent when another player sells: choose privilege: give to a player you choose }',
            "choice",
        ),
        ('privilege p "P" { permanent at castle: choose craftsman: give to the player with most gold }', "one player"),
        ('privilege p "P" { permanent at castle: reorder the next 4 events }', "from 2 to 3"),
        ('privilege p "P" { permanent at castle: reorder the next 1 event }', "from 2 to 3"),
        ('privilege p "P" { permanent at castle: look at the next 7 events }', "from 1 to 6"),
        ('privilege p "P" { permanent at castle: look at the next 2 smiles }', "what is looked at"),
        # a reorder is a decision: not where a choice would break the turn order, nor at the game's end
        ('privilege p "P" { permanent at game_end: reorder the next 2 events }', "choice"),
        ('privilege p "P" { permanent when another player buys: reorder the next 2 events }', "choice"),
        ('privilege p "P" { permanent at game_end: copy a privilege of each player for this round }', "choice"),
        # a vote's outcome happens to every voter: the deck's order is changed once
        ('event e "E" { now: vote: gain 1 gold | bury the next event }', "event deck's order"),
    ],
)
def test_forms_without_a_meaning_are_refused_where_they_stand(text, words):
    with pytest.raises(CardError) as err:
        compile_text(text, "w.cards", known=base_cards())
    message = str(err.value)
    assert words in message and "w.cards:1:" in message, message

"""``that player`` (issue #53): the seat whose action a reaction answers, a
selector of the one "who" model -- each form compiles to its registry object,
formats back to itself, reads in English, and where it has no meaning it is
refused at the word."""

from __future__ import annotations

import pytest

from pillars_rules.cardlang import base_cards, compile_text, format_cards, render
from pillars_rules.cardlang import effects as fx
from pillars_rules.cardlang.grammar import lark_parser
from pillars_rules.errors import CardError

A = fx.Amount
THAT = fx.Players("actor")
GOLD = (A("gold", 1),)


def one(body: str):
    (card,) = compile_text(f'privilege x "X" {{ permanent {body} }}', "x.cards", known=base_cards()).cards
    return card


@pytest.mark.parametrize(
    "body, want",
    [
        (
            "when another player hires: take 1 gold from that player",
            fx.OnAction("hire", fx.Transfer("take", GOLD, THAT), None, "other"),
        ),
        (
            "when any player buys: give 1 gold to that player",
            fx.OnAction("buy", fx.Transfer("give", GOLD, THAT), None, "any"),
        ),
        (
            "when your left neighbour sells: that player: lose 1 vp",
            fx.OnAction("sell", fx.ForPlayers(THAT, fx.Lose((A("vp", 1),))), None, "left"),
        ),
        (
            "when your right neighbour places at market: trade 1 gold for 1 wood with that player",
            fx.OnAction("place", fx.Swap(GOLD, (A("wood", 1),), THAT), "market", "right"),
        ),
        (
            "when another player takes: if you own 3 gold: take 1 wood from that player",
            fx.OnAction(
                "take", fx.If(fx.OwnsAtLeast("gold", 3), fx.Transfer("take", (A("wood", 1),), THAT)), None, "other"
            ),
        ),
        (
            "when another player hires: that player: (choose one: lose 1 gold | lose 1 vp)",
            fx.OnAction(
                "hire", fx.ForPlayers(THAT, fx.ChooseOne((fx.Lose(GOLD), fx.Lose((A("vp", 1),))))), None, "other"
            ),
        ),
        ("when you hire: that player: gain 1 gold", fx.OnAction("hire", fx.ForPlayers(THAT, fx.Gain(GOLD)))),
        # in the decisions a reaction asks: queued with the seat that acted (save format 4)
        (
            "when another player hires: choose one: take 1 gold from that player | gain 1 vp",
            fx.OnAction("hire", fx.ChooseOne((fx.Transfer("take", GOLD, THAT), fx.Gain((A("vp", 1),)))), None, "other"),
        ),
        (
            "when another player takes: choose one: that player: lose 1 vp | gain 1 wood",
            fx.OnAction(
                "take",
                fx.ChooseOne((fx.ForPlayers(THAT, fx.Lose((A("vp", 1),))), fx.Gain((A("wood", 1),)))),
                None,
                "other",
            ),
        ),
        (
            "when another player hires: choose craftsman: give to that player",
            fx.OnAction("hire", fx.ChooseCraftsman("give", 0, (), THAT), None, "other"),
        ),
        (
            "when your left neighbour hires: choose privilege: give to that player",
            fx.OnAction("hire", fx.GivePrivilege(THAT), None, "left"),
        ),
        (
            "when another player hires: copy a privilege of that player for this round",
            fx.OnAction("hire", fx.CopyPrivilege(THAT, "this_round"), None, "other"),
        ),
    ],
)
def test_that_player_compiles_formats_back_and_reads(body, want):
    card = one(body)
    assert card.abilities == (want,)
    text = format_cards([card])
    assert compile_text(text, "y.cards", known=base_cards()).cards == (card,)
    lark_parser().parse(text)  # the grammar writes it too, not only the fast parser
    assert "the player who did it" in render(card)


@pytest.mark.parametrize(
    "body, words",
    [
        ("at castle: that player: lose 1 gold", "written only in a reaction's effect"),
        ("take 1 gold from that player", "written only in a reaction's effect"),
        ("at castle: choose one: take 1 gold from that player | gain 1 vp", "written only in a reaction's effect"),
        ("at round_start: choose craftsman: give to that player", "written only in a reaction's effect"),
        ("at cathedral: copy a privilege of that player for this round", "written only in a reaction's effect"),
    ],
)
def test_that_player_without_a_meaning_is_refused_at_the_word(body, words):
    text = f'privilege x "X" {{ permanent {body} }}'
    with pytest.raises(CardError) as info:
        compile_text(text, "x.cards", known=base_cards())
    where, message = str(info.value).splitlines()[0].split(": error: ")
    assert words in message
    assert text[int(where.split(":")[2]) - 1 :].startswith("that player"), where


def test_a_reaction_to_another_players_trade_asks_that_player_nothing():
    with pytest.raises(CardError, match="cannot ask for a choice"):
        one("when another player buys: that player: (choose one: lose 1 gold | lose 1 vp)")


def test_that_player_is_refused_on_an_event():
    with pytest.raises(CardError, match="written only in a reaction"):
        compile_text('event x "X" { now: take 1 gold from that player }', "x.cards", known=base_cards())

"""Located errors for every malformed form of issue #36 (selectors, transfers,
counts, most/fewest, game end, several ``needs``), and the English of each."""

from __future__ import annotations

import pytest

from pillars_rules.cardlang import base_cards, compile_text, render
from pillars_rules.errors import CardError


def _priv(line: str) -> str:
    return f'privilege p "P" {{\n    permanent\n    {line}\n}}\n'


@pytest.mark.parametrize(
    "text, where, words",
    [
        (_priv("at market: gain 1 vp per craftsmn"), "3:30", "unknown count 'craftsmn' — did you mean 'craftsmen'"),
        (_priv("at market: gain 1 vp per 0 gold"), "3:30", "a count's step must be a whole number from 1"),
        (_priv("at market: if you own 2 crafts: gain 1 vp"), "3:29", "unknown resource or count 'crafts'"),
        (_priv("at market: if you have most round: gain 1 vp"), "3:33", "unknown count 'round'"),
        (_priv("at market: the player with most tax: lose 1 gold"), "3:37", "unknown count 'tax'"),
        (_priv("at market: each player: each other player: lose 1 gold"), "3:29", "cannot reach further players"),
        (_priv("at market: take 1 gold from your left neighbor"), "3:43", "expected 'neighbour'"),
        (_priv("at market: give 1 golt to each player"), "3:23", "unknown resource 'golt'"),
        (_priv("at game_end: choose one: gain 1 vp | gain 2 gold"), "3:5", "'at game_end:' cannot ask for a choice"),
        (_priv("at game_nd: gain 1 vp"), "3:8", "unknown step 'game_nd'"),
        (
            'event e "E" {\n    now: each other player: lose 1 gold\n}\n',
            "2:10",
            "an event's effect already reaches every player",
        ),
        (
            'event e "E" {\n    now: take 1 gold from each other player\n}\n',
            "2:10",
            "an event's effect already reaches every player",
        ),
        (
            'craftsman c "C" {\n    round 1\n    convert 1 wood -> 1 vp, needs carpenter, needs carpenter\n}\n',
            "3:46",
            "'needs carpenter' given twice",
        ),
        (
            'craftsman c "C" {\n    round 1\n    convert 1 wood -> 1 vp, needs carpenter, needs carpentr\n}\n',
            "3:52",
            "unknown tag 'carpentr'",
        ),
    ],
)
def test_malformed_forms_are_located(text, where, words):
    with pytest.raises(CardError) as err:
        compile_text(text, "t.cards", known=base_cards())
    message = str(err.value)
    assert f"t.cards:{where}:" in message and words in message, message


def test_the_english_of_the_new_forms():
    cs = compile_text(
        'privilege p "P" {\n    permanent\n'
        "    at round_start: take 1 gold from each other player\n"
        "    at castle: your left neighbour: gain 1 vp\n"
        "    at market: if you have fewest gold: gain 2 gold per player\n"
        "    at game_end: gain 1 vp per 5 gold\n}\n",
        "t.cards",
        known=base_cards(),
    )
    text = render(cs["p"])
    assert "take 1 gold from each other player (each gives what they have, up to that)" in text
    assert "your left neighbour: gain 1 VP" in text
    assert "if you have the fewest gold (ties included), gain 2 gold per player in the game" in text
    assert "At the end of the game, before the ranking: gain 1 VP per 5 gold you have." in text

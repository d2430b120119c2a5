"""A fan board's place reads as its text says everywhere a person reads it
(issue #35): refusals, choice labels, the log's sentences, ``help PLACE``, the
terminal's board -- and the steps are numbered in the board's order."""

from __future__ import annotations

import random

import pytest

import pillars_rules as pr
from pillars_rules.cardlang import base_cards, compile_text
from pillars_rules.engine.actions import Place
from pillars_rules.terminal.screen import board, compact_board, header
from pillars_rules.words.choices import choices
from pillars_rules.words.help import find_topic, topic_list

BASE = base_cards()
WELL = """place well "Village well" de "Dorfbrunnen" {
    called "the village well"
    after priory
    spots 2
    fill in order
    spot 1: gain 2 gold
}
"""


@pytest.fixture(scope="module")
def placing():
    """A two-player game on the fan board, at its first builder to place (§2.3)."""
    cards = BASE.merged(compile_text(WELL, "fan.cards", known=BASE))
    game = pr.new_game(players=2, seed=3, cards=cards)
    rng = random.Random(1)
    while not any(isinstance(a, Place) for a in game.legal_actions()):
        game = game.apply(rng.choice(game.legal_actions()), seat=game.current_player)
    return game


def test_refusals_call_the_place_as_its_text_does(placing):
    with pytest.raises(pr.IllegalActionError, match="^the village well has no spot 5 "):
        placing.apply(Place("well", 5), seat=placing.current_player)
    with pytest.raises(pr.IllegalActionError, match="spots at the village well fill in order: use spot 1"):
        placing.apply(Place("well", 1), seat=placing.current_player)


def test_labels_and_the_log_call_the_place_as_its_text_does(placing):
    labels = [c.label for c in choices(placing.view(placing.current_player)) if c.place == "well"]
    assert labels == ["place at the village well spot 1 (+2 gold) for 7 gold"]
    after = placing.apply(Place("well", 0), seat=placing.current_player)
    assert any("placed a builder at the village well (spot 1)" in after.describe(e) for e in after.events[-3:])


def test_help_finds_the_place_and_numbers_the_steps_on_this_board(placing):
    rules = placing.rules
    topic, hint = find_topic("village well", rules)
    assert hint == "" and topic.id == "well" and topic.spots == 2
    assert str(topic).startswith("Village well (step 6 of this board), 2 spots: ")
    assert "the builder on spot 1 gets: gain 2 gold" in topic.text  # the renderer reads its text
    assert find_topic("step 6", rules)[0].id == "well" and find_topic("step 7", rules)[0].id == "forest"
    assert find_topic("step 6")[0].id == "forest"  # the base board's order without rules
    assert find_topic("well")[0] is None  # not a place of the base board
    assert "priory, well, forest" in topic_list(rules)
    assert "15 steps: " in find_topic("phase 3", rules)[0].text
    assert "6 the village well, 7 the forest" in find_topic("phase 3", rules)[0].text
    assert find_topic("priory", rules)[0].text == find_topic("priory")[0].text  # a base place: its help


def test_the_terminal_draws_the_place_in_board_order(placing):
    view = placing.view(placing.current_player)
    text = " ".join(" ".join(compact_board(view)).split())
    assert "Priory [..] Village well [..] King's court [....] (metal)" in text
    rows = [str(r) for r in board(view).columns[0]._cells]
    assert rows.index("Village well") == rows.index("Priory") + 1
    assert "Phase II" in header(view, "Red").plain


# ---- issue #54: what the expansion's Tax collector and Harbour give, said where a player chooses


@pytest.fixture(scope="module")
def expansion_placing():
    g = pr.new_game(4, seed=1, cards="expansion")
    while g.pending.kind != "place":
        g = g.apply(g.legal_actions()[-1])
    return g


def test_the_tax_collectors_choice_says_what_it_gives(expansion_placing):
    g = expansion_placing
    labels = [c.label for c in choices(g.view(g.current_player)) if "Tax collector" in c.label]
    assert labels and all("(no tax this round; the tax roll in gold)" in x for x in labels), labels


def test_the_harbours_spots_say_they_buy_at_the_market_price_plus_one(expansion_placing):
    g = expansion_placing
    labels = [c.label for c in choices(g.view(g.current_player)) if "Harbour" in c.label]
    assert labels and all(
        "buys sand for 3, wood for 4, stone for 5 gold: the market's price + 1" in x for x in labels
    ), labels
    main = [c.label for c in choices(g.view(g.current_player)) if "the market spot" in c.label]
    assert main and all("(trade " in x and "price" not in x for x in main)  # the main market: its order only
    from pillars_rules.web.cardinfo import board_catalogue

    gives = {p["id"]: p["gives"] for p in board_catalogue(g.rules)["places"]}
    assert gives["harbour"][0] == "trades 1st; buys sand for 3, wood for 4, stone for 5 gold: the market's price + 1"
    assert gives["tax_collector"] == ["no tax + the tax roll in gold"]

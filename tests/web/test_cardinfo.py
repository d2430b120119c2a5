"""The welcome's card catalogue (docs/protocol.rst): every card of the set, in words, fan cards included."""

from __future__ import annotations

import doctest

import pillars_rules as pr
from pillars_rules.cardlang import render
from pillars_rules.web import cardinfo
from pillars_rules.web.cardinfo import card_catalogue
from pillars_rules.words import card_names


def test_every_card_of_the_set_has_its_distinct_name_and_rules():
    rules = pr.new_game(3, seed=1, cards=["examples/fan_cards"]).rules
    cat = card_catalogue(rules)
    assert set(cat) == set(rules.by_id)
    names = card_names(rules)
    assert len({e["name"] for e in cat.values()}) == len(cat)
    for cid, entry in cat.items():
        card = rules.card(cid)
        assert entry["name"] == names[cid] and entry["kind"] == card.kind
        assert entry["text"] == render(card) and entry["gist"]
    assert cat["tiler"]["cost"] == "6 gold" and cat["tiler"]["round"] == 3
    assert cat["market_day"]["harmful"] is False and cat["jack"]["mode"] == "permanent"


def test_the_catalogue_is_computed_once_per_card_set():
    a = pr.new_game(2, seed=1).rules
    b = pr.new_game(3, seed=2).rules
    assert card_catalogue(a) is card_catalogue(b)
    assert card_catalogue(pr.new_game(2, seed=1, cards=["examples/fan_cards"]).rules) is not card_catalogue(a)


def test_the_module_examples_run():
    assert doctest.testmod(cardinfo).failed == 0


WELL = """place well "Village well" de "Dorfbrunnen" {
    called "the village well"
    after priory
    spots 2
    spot 1: gain 2 gold
}
"""


def test_the_board_is_the_games_board_in_phase_iii_order():
    # issue #35: the browser draws the places the game has, not a list of its own
    from pillars_rules.cardlang import base_cards, compile_text
    from pillars_rules.web.cardinfo import board_catalogue

    base = base_cards()
    rules = pr.new_game(2, seed=1, cards=base.merged(compile_text(WELL, "fan.cards", known=base))).rules
    board = board_catalogue(rules)
    ids = [p["id"] for p in board["places"]]
    assert ids == list(rules.layout.steps) and ids[4:7] == ["priory", "well", "forest"]
    well = board["places"][5]
    assert well == {
        "id": "well",
        "step": 6,
        "name": "Village well",
        "called": "the village well",
        "rule": "spots",
        "spots": 2,
        "site": "",
        "gives": ["+2 gold", ""],
        "does": "The builder on spot 1 gets +2 gold.",
        "text": render(rules.layout.board.places[5]),
    }
    court = board["places"][9]
    assert court["id"] == "kings_court" and court["step"] == 10 and court["gives"][0] == "no tax + the metal"
    assert board["sell"]["metal"] == 5 and "metal" not in board["buy"] and board["tax_die"] == [2, 3, 3, 4, 4, 5]
    assert board_catalogue(pr.new_game(2, seed=1).rules)["places"][5]["id"] == "forest"


def test_a_fan_tax_place_says_the_good_its_stock_holds():
    """A board whose tax place puts out sand, not metal: the welcome's board says
    so (``court_good``, and what its first spot gives), as the board's text does."""
    from pillars_rules.cardlang import base_cards, compile_text
    from pillars_rules.web.cardinfo import board_catalogue

    base = base_cards()
    exchequer = compile_text(
        """
        place exchequer "Exchequer" de "Schatzkammer" {
            called "the Exchequer"
            replaces kings_court
            spots 4
            one per player
            fill in order
            step tax
            die 2, 3, 3, 4, 4, 5
            stock 1 sand
        }""",
        "fan.cards",
        known=base,
    )
    board = board_catalogue(pr.new_game(2, seed=1, cards=base.merged(exchequer)).rules)
    court = next(p for p in board["places"] if p["id"] == "exchequer")
    assert board["court_good"] == "sand" and court["gives"][0] == "no tax + the sand"
    assert board_catalogue(pr.new_game(2, seed=1).rules)["court_good"] == "metal"

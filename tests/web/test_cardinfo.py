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

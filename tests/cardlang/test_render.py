"""English rules text (RULES §5-§8)."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings

from pillars_rules.cardlang import base_cards, render
from pillars_rules.cardlang.strategies import cards


@pytest.fixture(scope="module")
def base():
    return base_cards()


def test_mason(base):
    text = render(base["mason_r1"])
    assert text == (
        "Mason (Maurer), round 1 craftsman, costs 5 gold. Converts 1 stone into "
        "1 VP, up to 2 times per round; needs a mortar mixer."
    )


@pytest.mark.parametrize(
    "cid,phrases",
    [
        ("carpenter", ["Carpenter (Schreiner)", "starting craftsman", "2 wood into 1 VP", "4 times", "buy wood"]),
        ("stonemason", ["sell stone", "2 stone into 1 VP"]),
        ("toolmaker", ["2 gold", "once per round", "at least 1 metal", "kept"]),
        ("architect", ["Gains 1 VP", "once per round"]),
        ("master_carpenter", ["1 wood into 4 gold", "Counts as a carpenter", "buy wood"]),
        ("glassblower_r4", ["1 sand and 1 metal into 3 VP", "costs 8 gold"]),
        ("goldsmith_r6", ["3 gold into 1 VP", "8 times"]),
        ("richard", ["permanent privilege", "sand pit", "gain 1 sand"]),
        ("prior_philip", ["gain 1 VP per builder", "priory"]),
        ("brother_francis", ["tax is always 2 gold"]),
        ("jack", ["6 craftsmen"]),
        ("otto_blackface", ["1 extra worker"]),
        ("ellen", ["look at the next event card"]),
        ("brother_remigius", ["once privilege", "without paying"]),
        ("archbishop_thomas", ["ignore the event"]),
        ("fall_of_the_usurper", ["pay no tax"]),
        ("wool_fair", ["immediate privilege", "gain 8 gold"]),
        ("cathedral_nearly_done", ["last round", "1 stone and 1 wood"]),
        ("king_celebrates", ["each player", "gain 5 gold"]),
        ("prior_philip_opens_stores", ["wool mill", "1 extra gold", "up to 5"]),
        (
            "archbishops_statue",
            [
                "capacity +1",
                "bell founder or organ builder",
                "This round",
                "including craftsmen gained later",
                "Variant archbishop_one_craftsman",
                "choose one of your craftsmen",
            ],
        ),
        ("volunteers", ["1 cube more"]),
        ("fresh_wall_collapses", ["harmful event", "discard one of your craftsmen"]),
        ("conflict_philip_waleran", ["lose 2 VP"]),
        ("cold_winter", ["1 cube fewer"]),
        ("city_wall", ["Next round", "at most 2 builders"]),
        ("william_hamleigh", ["lose 4 gold"]),
        ("quarry_4", ["Quarry (Steinbruch)", "10 workers", "4 stone"]),
        ("sand_pit_2", ["2 workers", "2 sand"]),
    ],
)
def test_base_card_phrases(base, cid, phrases):
    text = render(base[cid])
    for p in phrases:
        assert p in text, (p, text)


def test_every_base_card_renders(base):
    for c in base:
        text = render(c)
        assert text.startswith(c.name) and text.endswith(".")


@settings(max_examples=100, deadline=None)
@given(cards())
def test_every_registry_class_renders(card):
    text = render(attrs.evolve(card, name="N", name_de=""))
    assert text.startswith("N, ")
    assert "<" not in text and "object at" not in text and "None" not in text


@pytest.mark.parametrize(
    "cid,phrases",
    [
        ("bridge_warden", ["Your tax is 1 gold lower."]),
        ("tithe", ["This round, each player's tax is 2 gold higher."]),
        (
            "fuller",
            [
                "gain 1 gold per worker value of yours in the wool mill",
                "at the castle step: if you own at least 1 metal, gain 2 gold",
            ],
        ),
        ("relic_seller", ["Converts 2 VP into 5 gold, up to once per round."]),
        (
            "broker",
            [
                "When you hire a craftsman: gain 1 VP.",
                "When you sell at the market: gain 1 gold.",
                "When you place a builder at the market: gain 1 sand.",
            ],
        ),
        (
            "quarry_favour",
            [
                "Once per game, on your turn at the market (as your turn's action): "
                "gain 2 stone; then the card leaves the game."
            ],
        ),
        ("masons_oath", ["on your turn in the draft", "choose one: gain 3 gold or gain 1 metal"]),
        ("patron", ["At the start of each round: if you own at least 10 gold, gain 1 VP."]),
        ("guild_steward", ["When you buy at the market: gain 1 VP."]),
        ("windfall", ["When revealed, each player: if you own at least 1 metal, gain 3 gold."]),
    ],
)
def test_new_constructs_in_english(cid, phrases):
    from pathlib import Path

    from pillars_rules.cardlang import load_paths

    fan = load_paths([Path(__file__).resolve().parents[2] / "examples" / "fan_cards"], known=base_cards())
    text = render(fan[cid])
    for p in phrases:
        assert p in text, (p, text)

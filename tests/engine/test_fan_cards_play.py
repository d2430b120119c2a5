"""Fan cards (examples/fan_cards) loaded with new_game(cards=...) and played in real games:
every mechanism they use happens, and every law still holds."""

import random
from pathlib import Path

import pytest

import pillars_rules as pr
from pillars_rules import testing
from pillars_rules.actions import Build, Buy, ChooseOption, Hire, PickCraftsman, Sell, UseOnce
from pillars_rules.cardlang.effects import Amount
from pillars_rules.engine import events as E

from .support import BLUE, RED, after_step, cubes, new_events, position

FAN = str(Path(__file__).resolve().parents[2] / "examples" / "fan_cards")


def fan_game(players=2, seed=1, **kw):
    return pr.new_game(players, seed, cards=[FAN], **kw)


def fan_at(step, players=2, **kw):
    return position(step, players=players, cards=[FAN], **kw)


def test_fan_cards_join_the_decks():
    game = fan_game(4, seed=3)
    ids = {c.id for c in game.rules.cards}
    assert {"tiler", "weaver", "market_day", "merchant_guild", "royal_pardon"} <= ids
    assert game.rules.content_hash != pr.new_game(4, seed=3).rules.content_hash


def test_random_games_with_fan_cards_keep_the_laws_and_use_them():
    seen = set()
    fan_ids = {c.id for c in pr.load_cards([FAN]) if c.pos.file and "fan_cards" in c.pos.file}
    assert len(fan_ids) >= 6
    for seed in range(40):
        game = fan_game(players=2 + seed % 3, seed=seed)
        game = testing.play_random(game, random.Random(seed))
        testing.check_game(game, roundtrip=seed % 8 == 0)
        for e in game.events:
            for attr in ("card", "source", "reason"):
                value = getattr(e, attr, None)
                if value in fan_ids:
                    seen.add(value)
    assert len(seen) >= 6, seen


def test_two_input_craftsman_tiler():
    g = fan_at(
        "cathedral",
        seats={RED: {"craftsmen": ("tiler",), "cubes": cubes(wood=2, stone=1), "vp": 0}, BLUE: {"craftsmen": ()}},
    )
    g = g.apply(Build("tiler"))
    assert g.state.players[RED].vp == 3 and g.state.players[RED].cubes == cubes(wood=1)


def test_cost_in_vp_master_mason():
    g = fan_at("draft", display=("master_mason",), seats={RED: {"vp": 2}})
    g2 = g.apply(Hire("master_mason"))
    assert (g2.state.players[RED].gold, g2.state.players[RED].vp) == (17, 1)
    poor = fan_at("draft", display=("master_mason",), seats={RED: {"vp": 0}})
    assert Hire("master_mason") not in poor.legal_actions()


def test_trigger_at_named_step_weaver():
    g = fan_at("wool_mill", seats={RED: {"craftsmen": ("weaver",), "gold": 0}})
    assert E.Gained(RED, (Amount("gold", 2),), "weaver") in g.events
    red = after_step(g, "wool_mill").players[RED]
    assert red.gold == 2 + red.pieces.value


def test_price_modifier_and_permit_stone_merchant():
    g = fan_at(
        "market",
        spots={"market": (RED,)},
        seats={RED: {"craftsmen": ("stone_merchant",), "cubes": cubes(stone=2), "gold": 0}},
    )
    assert Sell("stone", 2) in g.legal_actions()
    g = g.apply(Sell("stone", 2))
    assert g.state.players[RED].gold == 10


def test_event_with_a_choice_market_day():
    g = fan_at("event", event="market_day")
    assert g.pending.kind == "choice"
    assert g.legal_actions() == [ChooseOption(0), ChooseOption(1)]
    g = g.apply(ChooseOption(1))
    assert g.current_player == BLUE and g.pending.kind == "choice"
    g2 = g.apply(ChooseOption(0))
    evs = new_events(g, g2)
    assert E.Gained(BLUE, (Amount("gold", 3),), "market_day") in evs
    assert E.Gained(RED, (Amount("metal", 1),), "market_day") in g.events


def test_harmful_event_with_exclusions_scaffold_fire():
    g = fan_at(
        "event",
        event="scaffold_fire",
        seats={RED: {"craftsmen": ("carpenter", "mason_r1")}, BLUE: {"craftsmen": ("carpenter",)}},
    )
    assert g.legal_actions() == [PickCraftsman("mason_r1")]
    g2 = g.apply(PickCraftsman("mason_r1"))
    assert g2.state.players[RED].craftsmen == ("carpenter",)
    assert E.ChoiceMade(BLUE, "scaffold_fire") in new_events(g, g2)


def test_privilege_paying_per_builder_merchant_guild():
    g = fan_at(
        "market", players=3, spots={"market": (RED, BLUE)}, seats={RED: {"privileges": ("merchant_guild",), "gold": 0}}
    )
    assert E.Gained(RED, (Amount("gold", 1),), "merchant_guild") in g.events


def test_cheaper_wood_timber_rights():
    g = fan_at("market", spots={"market": (RED,)}, seats={RED: {"privileges": ("timber_rights",), "gold": 4}})
    assert Buy("wood", 2) in g.legal_actions()
    words = {c.action: c.label for c in pr.words.choices(g.view(RED))}
    assert words[Buy("wood", 2)] == "buy 2 wood for 4 gold"


def test_once_tax_royal_pardon():
    g = fan_at("kings_court", seats={RED: {"privileges": ("royal_pardon",)}})
    assert g.pending.kind == "once_tax"
    g2 = g.apply(UseOnce("royal_pardon"))
    assert [e.seat for e in new_events(g, g2) if isinstance(e, E.Lost) and e.reason == "tax"] == [BLUE]


def test_immediate_choice_bishops_blessing():
    g = fan_at("kingsbridge", kingsbridge=("bishops_blessing", "jack"), spots={"kingsbridge": (RED,)})
    assert g.pending.kind == "choice" and g.current_player == RED
    g = g.apply(ChooseOption(0))
    assert g.state.players[RED].vp == 4


def test_fan_variant_is_known():
    game = fan_game(variants=["stone_shortage_mild"])
    assert game.rules.variants == ("stone_shortage_mild",)
    with pytest.raises(pr.ConfigError):
        pr.new_game(2, variants=["stone_shortage_mild"])


def test_save_load_with_fan_cards_needs_the_same_cards():
    game = pr.play(fan_game(seed=5), pr.RandomBot(5), max_actions=80)
    text = pr.save(game)
    assert pr.load(text, cards=[FAN]) == game
    with pytest.raises(pr.SaveError, match="different card"):
        pr.load(text)

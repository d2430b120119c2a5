"""The label layer (issue #21): every legal action in words, per action kind,
with base and fan cards, and labels never shared within a decision."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pillars_rules as pr
from pillars_rules import actions as A
from pillars_rules.words import Choice, card_names, choice_dict, choices

ROOT = Path(__file__).resolve().parents[2]
FAN = str(ROOT / "examples" / "fan_cards")
RED, BLUE = 0, 1


def by_key(game) -> dict[str, Choice]:
    return {c.key: c for c in choices(game.view(game.current_player))}


def labels(game) -> list[str]:
    return [c.label for c in choices(game.view(game.current_player))]


def check_decision(game) -> list[Choice]:
    """The laws of one decision's choices."""
    view = game.view(game.current_player)
    cs = choices(view)
    assert len(cs) == len(view.legal_actions)
    assert all(c.action is a for c, a in zip(cs, view.legal_actions))  # the listed objects, in order
    assert len({c.label for c in cs}) == len(cs), [c.label for c in cs]
    assert len({c.key for c in cs}) == len(cs)
    for c in cs:
        assert c.label and "\n" not in c.label and c.label == c.label.strip()
        assert c.kind == type(c.action).__name__
        assert all(isinstance(x, str) and x for x in c.gives + c.costs)
        d = json.loads(json.dumps(choice_dict(c)))
        assert pr.decode_action(d["action"]) == c.action and d["label"] == c.label and d["key"] == c.key
    return cs


# ------------------------------------------------------------------ the property
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    fan=st.booleans(),
    dm=st.booleans(),
    steps=st.integers(0, 400),
)
def test_two_actions_of_one_decision_never_share_a_label(players, seed, fan, dm, steps):
    """Random positions (a random game cut after ``steps`` decisions), base or
    fan cards, with or without the dm variant: the laws of every choice."""
    game = pr.new_game(players, seed, cards=FAN if fan else None, variants=("dm",) if dm else ())
    game = pr.playout(game, seed=seed, max_actions=steps)
    if not game.is_over:
        check_decision(game)
        # the same decision asked again gives the same choices (the cache is faithful)
        assert choices(game.view(game.current_player)) == choices(game.view(game.current_player))


def test_every_decision_of_whole_games_with_fan_cards():
    """Every decision of two whole fan-card games, so every action kind they
    reach is checked, not only the ones random cuts hit."""
    seen = set()
    for seed in (3, 4):
        game, bot = pr.new_game(3, seed, cards=FAN), pr.RandomBot(seed)
        while not game.is_over:
            seen |= {c.kind for c in check_decision(game)}
            game = game.apply(bot(game.view(game.current_player)))
    assert seen >= {
        "Hire",
        "TakeResourceCard",
        "Pass",
        "Place",
        "Park",
        "KeepBuilder",
        "Buy",
        "Sell",
        "EndTrading",
        "Build",
        "EndBuilding",
    }


def _clashing_cards(tmp_path) -> str:
    """Fan cards written to clash: a second round-1 Mason, and a craftsman
    *called* what the distinct name of another would be."""
    path = tmp_path / "clash.cards"
    path.write_text(
        """
craftsman mason_bis "Mason" { round 1 cost 5 gold convert 1 stone -> 1 vp, capacity 2 }
craftsman fake "Mason (round 2)" { round 2 cost 4 gold convert 1 stone -> 1 vp, capacity 2 }
""",
        encoding="utf-8",
    )
    return str(path)


def test_cards_named_alike_still_get_distinct_names(tmp_path):
    rules = pr.new_game(2, 1, cards=_clashing_cards(tmp_path)).rules
    names = card_names(rules)
    assert len(set(names.values())) == len(names)
    assert names["mason_r1"] != names["mason_bis"] and "Mason" in names["mason_bis"]
    assert names["mason_r4"] == "Mason (round 4)"
    # the distinct names hold in a decision that offers both round-1 Masons
    game = pr.scenario(
        2,
        step="cathedral",
        seats={RED: dict(craftsmen=("mason_r1", "mason_bis", "fake", "mason_r2", "mortar_mixer"), cubes=(0, 5, 0, 0))},
        cards=_clashing_cards(tmp_path),
    )
    builds = [c.label for c in check_decision(game) if c.kind == "Build"]
    assert len(builds) == 4


# ------------------------------------------------------------------ per action kind
def test_place_names_what_the_spot_gives_and_the_price():
    game = pr.scenario(
        2,
        step="builders",
        builders=dict(drawn=RED, price=6),
        kingsbridge=("jack", "ellen"),
        shiring=("potter_r2", "mason_r2"),
    )
    c = by_key(game)
    assert c["Place/kingsbridge/0"].label == "place at Kingsbridge spot 1 (Jack: you may keep 6 craftsmen) for 6 gold"
    assert c["Place/kingsbridge/0"].card == "jack" and "Jack" in c["Place/kingsbridge/0"].text
    assert c["Place/shiring/1"].label.startswith("place at Shiring spot 2 (Mason (round 2), free: 1 stone -> 1 VP")
    assert c["Place/priory/0"].gives == ("+2 VP",) and "Place/priory/1" not in c  # spots fill in order
    assert c["Place/kings_court/0"].gives == ("no tax this round", "the court's metal")
    later = by_key(
        pr.scenario(
            2, step="builders", builders=dict(drawn=RED, price=6), spots={"priory": [BLUE], "kings_court": [BLUE]}
        )
    )
    assert later["Place/priory/1"].gives == ("+1 VP",)
    assert later["Place/kings_court/1"].gives == ("no tax this round",)
    # one-spot places have no spot number ("the start player's spot spot 1" was a slip)
    assert c["Place/start_player/0"].label == "place at the start player's spot (start player next round) for 6 gold"
    assert c["Place/castle/0"].label == "place at Shiring castle (2 grey workers next round) for 6 gold"
    assert c["Place/market/0"].costs == ("6 gold",) and c["Place/market/0"].place == "market"
    assert c["Place/market/0"].spot == 0 and "§" not in c["Place/market/0"].label
    assert c["Park"].label == "pass: the builder waits on cost space 6, placed free after the bag is empty"


def test_place_without_court_metal_and_free_with_a_privilege():
    game = pr.scenario(
        2,
        step="builders",
        builders=dict(drawn=RED, price=7),
        court_metal=0,
        seats={RED: dict(privileges=("brother_remigius",))},
    )
    c = by_key(game)
    assert c["Place/kings_court/0"].gives == ("no tax this round",)
    free = c["Place/priory/0/free"]
    assert free.label == "place at the Priory spot 1 (+2 VP) free with Brother Remigius"
    assert free.costs == ("Brother Remigius (once per game)",)
    assert c["Place/priory/0"].label.endswith("for 7 gold")


def test_a_free_builder_reads_free():
    game = pr.scenario(2, step="builders", builders=dict(drawn=RED, price=0))
    assert by_key(game)["Place/bishop/0"].label.endswith(") free") and by_key(game)["Place/bishop/0"].costs == ()


def test_hire_names_the_craftsman_its_round_what_it_converts_and_the_price():
    game = pr.scenario(2, display=("mason_r1", "tiler", "forest_2"), cards=FAN)
    c = by_key(game)
    assert c["Hire/mason_r1"].label == (
        "hire Mason (round 1) for 5 gold: 1 stone -> 1 VP, twice a round, needs a mortar mixer"
    )
    assert c["Hire/tiler"].label == "hire Tiler (round 3) for 6 gold: 1 wood, 1 stone -> 3 VP, twice a round"
    assert c["Hire/tiler"].costs == ("6 gold",) and c["Hire/tiler"].text.startswith("Tiler (Dachdecker)")
    assert c["Pass"].label == "pass (final for this phase)"


def test_fan_craftsman_without_conversion_and_a_cost_in_vp():
    game = pr.scenario(2, display=("fuller", "master_mason"), cards=FAN, seats={RED: dict(vp=5)})
    c = by_key(game)
    assert c["Hire/fuller"].label.startswith("hire Fuller (round 2) for 4 gold: each round at the wool mill")
    assert c["Hire/master_mason"].costs == ("3 gold", "1 VP")


def test_take_resource_card_counts_workers_in_good_grammar():
    game = pr.scenario(2, display=("forest_3", "quarry_2", "sand_pit_2"))
    c = by_key(game)
    assert (
        c["TakeResourceCard/forest_3/big"].label
        == "take Forest (3 wood, 6 workers) with the big worker and 1 one-value worker"
    )
    assert c["TakeResourceCard/forest_3/small"].label == "take Forest (3 wood, 6 workers) with 6 one-value workers"
    assert c["TakeResourceCard/sand_pit_2/big"].label.endswith("with the big worker (3 worker values wasted)")
    assert c["TakeResourceCard/quarry_2/big"].gives == ("2 stone at the quarry (step 7)",)


def test_discard_and_use_name_which_card_when_two_share_a_name():
    """Issue #21: "use Mason" x2 and "discard Mason" x3 were different cards."""
    masons = ("mason_r1", "mason_r2", "mason_r3", "mortar_mixer", "carpenter")
    game = pr.scenario(2, step="cathedral", seats={RED: dict(craftsmen=masons, cubes=(0, 4, 0, 0))})
    uses = [c.label for c in check_decision(game) if c.kind == "Build"]
    assert "use Mason (round 1): 1 stone -> 1 VP, needs a mortar mixer (2 uses left)" in uses
    assert "use Mason (round 2): 1 stone -> 1 VP, needs a mortar mixer (3 uses left)" in uses
    game = pr.scenario(2, display=("mason_r4",), seats={RED: dict(craftsmen=masons, gold=10)})
    game = game.apply(A.Hire("mason_r4"))
    assert game.pending.kind == "discard"
    discards = [c.label for c in check_decision(game)]
    assert {
        "discard Mason (round 1)",
        "discard Mason (round 3)",
        "discard Mason (round 4)",
        "discard Carpenter",
    } <= set(discards)


def test_build_counts_the_uses_left():
    game = pr.scenario(2, step="cathedral", seats={RED: dict(cubes=(4, 0, 0, 0))})
    assert by_key(game)["Build/carpenter/0"].label == "use Carpenter: 2 wood -> 1 VP (4 uses left)"
    game = game.apply(A.Build("carpenter")).apply(A.Build("carpenter"))
    if game.current_player == RED and game.pending.kind == "cathedral":
        assert "Build/carpenter/0" not in by_key(game) or "(2 uses left)" in by_key(game)["Build/carpenter/0"].label
    assert (
        by_key(pr.scenario(2, step="cathedral", seats={RED: dict(cubes=(2, 0, 0, 0))}))["EndBuilding"].label
        == "finish building for this round"
    )


def test_market_prices_totals_and_the_gold_cap():
    game = pr.scenario(2, step="market", spots={"market": (RED,)}, seats={RED: dict(gold=28, cubes=(0, 2, 0, 1))})
    c = by_key(game)
    assert c["Buy/sand/2"].label == "buy 2 sand for 4 gold" and c["Buy/sand/2"].costs == ("4 gold",)
    assert c["Sell/metal/1"].label == "sell 1 metal for 5 gold (3 of it lost: gold stops at 30)"
    assert c["Sell/metal/1"].gives == ("2 gold",)
    assert c["EndTrading"].label == "stop trading (final for this round)"


def test_a_fan_price_modifier_shows_in_the_price():
    game = pr.scenario(
        2, step="market", spots={"market": (RED,)}, cards=FAN, seats={RED: dict(gold=20, privileges=("timber_rights",))}
    )
    assert by_key(game)["Buy/wood/2"].label == "buy 2 wood for 4 gold"


def test_fan_once_per_game_abilities_in_the_draft_and_at_the_market():
    game = pr.scenario(2, cards=FAN, seats={RED: dict(privileges=("masons_oath",))})
    oath = by_key(game)["UseOnce/masons_oath"]
    assert oath.label == "use The masons' oath (once per game): choose one: gain 3 gold or gain 1 metal"
    game = game.apply(oath.action)
    c = by_key(game)
    assert c["ChooseOption/0"].label == "option 1: gain 3 gold (The masons' oath)"
    assert c["ChooseOption/1"].label == "option 2: gain 1 metal (The masons' oath)"
    game = pr.scenario(
        2, step="market", spots={"market": (RED,)}, cards=FAN, seats={RED: dict(privileges=("quarry_favour",))}
    )
    assert by_key(game)["UseOnce/quarry_favour"].label == "use Quarry favour (once per game): gain 2 stone"


def test_once_per_game_tax_and_event_privileges_and_declining():
    game = pr.scenario(
        2, step="kings_court", pins=dict(tax=(4,)), seats={RED: dict(privileges=("fall_of_the_usurper",))}
    )
    c = by_key(game)
    assert (
        c["UseOnce/fall_of_the_usurper"].label == "use Fall of the usurper: pay no tax this round (instead of 4 gold)"
    )
    assert c["Decline"].label == "keep Fall of the usurper for later and pay the tax (4 gold)"
    game = pr.scenario(2, step="event", event="cold_winter", seats={RED: dict(privileges=("archbishop_thomas",))})
    c = by_key(game)
    assert c["UseOnce/archbishop_thomas"].label == "use Archbishop Thomas: ignore Cold winter"
    assert c["Decline"].label == "keep Archbishop Thomas for later (Cold winter applies to you)"


def test_bishop_choices():
    game = pr.scenario(2, step="event", event="cold_winter", spots={"bishop": (RED,)})
    c = by_key(game)
    assert c["Protect"].label == "take the Bishop's protection from Cold winter" and c["Protect"].card == "cold_winter"
    assert c["TakeCube/stone"].label == "take 1 stone from the market" and c["TakeCube/stone"].gives == ("1 stone",)


def test_event_choices_name_the_card_and_the_event():
    game = pr.scenario(
        2,
        step="event",
        event="fresh_wall_collapses",
        seats={RED: dict(craftsmen=("mason_r1", "mason_r2", "carpenter"))},
    )
    picks = [c.label for c in check_decision(game)]
    assert "discard Mason (round 1) (A fresh wall collapses)" in picks
    assert "discard Mason (round 2) (A fresh wall collapses)" in picks
    game = pr.scenario(2, step="event", event="archbishops_statue", variants=("archbishop_one_craftsman",))
    boost = [c.label for c in check_decision(game)]
    assert any(x.startswith("+1 capacity this round for Carpenter") for x in boost)
    game = pr.scenario(2, step="event", event="market_day", cards=FAN)
    assert by_key(game)["ChooseOption/1"].label == "option 2: gain 1 metal (Market day)"


def test_keep_or_redraw_and_return_cubes():
    game = pr.scenario(2, step="builders", builders=dict(drawn=BLUE, price=7))
    if game.pending.kind == "redraw":
        c = by_key(game)
        assert c["KeepBuilder"].label == "keep Blue's drawn builder (price 7 gold)"
        assert c["ReturnBuilder"].label == "put Blue's builder back and draw again (once per round)"
    game = pr.scenario(2, step="cathedral", seats={RED: dict(cubes=(8, 0, 0, 0), craftsmen=("stonemason",))})
    while game.pending.kind != "return_cubes":
        game = game.apply(next(a for a in game.legal_actions() if type(a).__name__ in ("EndBuilding", "Build")))
    c = by_key(game)
    assert c["ReturnCubes/wood/3"].label == "return 3 wood to the supply (5-cube limit)"
    assert c["ReturnCubes/wood/1"].costs == ("1 wood",)


def test_redraw_decision_is_offered_to_the_start_player():
    game = pr.new_game(2, 11)
    bot = pr.RandomBot(1)
    while game.pending.kind != "redraw":
        game = game.apply(bot(game.view(game.current_player)))
    c = by_key(game)
    assert set(c) == {"KeepBuilder", "ReturnBuilder"}
    assert c["KeepBuilder"].label.startswith("keep ") and "drawn builder" in c["KeepBuilder"].label


def test_keys_are_the_same_whenever_the_same_action_is_offered():
    a = by_key(pr.scenario(2, step="builders", builders=dict(drawn=RED, price=6)))
    b = by_key(pr.scenario(2, step="builders", builders=dict(drawn=RED, price=3), spots={"shiring": (BLUE, None)}))
    assert "Place/shiring/0" in a and "Place/shiring/0" not in b and "Place/shiring/1" in b
    assert a["Place/shiring/1"].action == b["Place/shiring/1"].action
    assert a["Place/shiring/1"].label != b["Place/shiring/1"].label  # the price differs


def test_choices_of_a_finished_game_or_another_seat_are_empty():
    game = pr.playout(pr.new_game(2, 5), seed=5)
    assert choices(game.view(0)) == []
    game = pr.new_game(2, 5)
    assert choices(game.view(1)) == []


@pytest.mark.parametrize("module", ["choices", "names", "grammar", "help", "cardtext", "search"])
def test_words_module_doctests(module):
    import doctest
    import importlib

    mod = importlib.import_module(f"pillars_rules.words.{module}")
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0

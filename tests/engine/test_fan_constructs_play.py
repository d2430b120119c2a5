"""The card-language constructs of issue #11, played through fan cards
(examples/fan_cards) in set-up positions and in full games: relative tax,
income per mill worker, conditions on instant effects, VP as a conversion
input, ``when you ...`` abilities and general once-per-game abilities."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import pillars_rules as pr
from pillars_rules import actions as A
from pillars_rules import testing
from pillars_rules.cardlang.effects import Amount
from pillars_rules.engine import events as E

FAN = [str(Path(__file__).resolve().parents[2] / "examples" / "fan_cards")]
RED, BLUE = 0, 1


def fan(**kw) -> pr.Game:
    kw.setdefault("players", 2)
    return pr.scenario(cards=FAN, **kw)


def gained(game, seat, reason) -> list:
    return [e.amounts for e in game.events if isinstance(e, E.Gained) and e.seat == seat and e.reason == reason]


def taxes(game) -> dict:
    return {e.seat: e.amounts[0].n for e in game.events if isinstance(e, E.Lost) and e.reason == "tax"}


def roundtrips(game) -> bool:
    return pr.load(pr.save(game), cards=FAN) == game and pr.replay(game.events, cards=FAN) == game


# ------------------------------------------------------------------ relative tax (§2.4 step 9)
@pytest.mark.parametrize("roll", [2, 3, 4, 5])
def test_bridge_warden_pays_one_gold_less_than_the_roll(roll):
    game = fan(step="kings_court", pins=dict(tax=(roll,)), seats={RED: dict(privileges=("bridge_warden",))})
    assert taxes(game) == {RED: roll - 1, BLUE: roll}


def test_relative_tax_applies_after_a_fixed_tax():
    # Brother Francis fixes the tax at 2 (§7); the warden takes 1 off that
    game = fan(
        step="kings_court", pins=dict(tax=(5,)), seats={RED: dict(privileges=("bridge_warden", "brother_francis"))}
    )
    assert taxes(game)[RED] == 1


def test_tithe_event_raises_everyones_tax_this_round():
    game = fan(step="kings_court", event="tithe", pins=dict(tax=(3,)), seats={RED: dict(privileges=("bridge_warden",))})
    assert taxes(game) == {RED: 4, BLUE: 5}


# ------------------------------------------------------------------ income per mill worker (§2.4 step 3)
@pytest.mark.parametrize("cards_taken", [(), ("forest_2",), ("forest_2", "quarry_3")])
def test_fuller_earns_a_gold_per_worker_in_the_mill(cards_taken):
    game = fan(step="wool_mill", seats={RED: dict(craftsmen=("fuller",), gold=0, resource_cards=cards_taken)})
    mill = game.state_at(1).players[RED].pieces.value
    assert gained(game, RED, "fuller") == [(Amount("gold", mill),)]
    assert mill == 12 - sum(game.rules.card(c).workers for c in cards_taken)


# ------------------------------------------------------------------ conditions on instant effects
@pytest.mark.parametrize("metal, paid", [(0, False), (1, True), (3, True)])
def test_fuller_at_the_castle_pays_only_metal_owners(metal, paid):
    game = fan(step="castle", seats={RED: dict(craftsmen=("fuller",), cubes=dict(metal=metal))})
    assert gained(game, RED, "fuller") == ([(Amount("gold", 2),)] if paid else [])


@pytest.mark.parametrize("gold, vp_gain", [(9, 0), (10, 1), (25, 1)])
def test_patron_rewards_the_rich_at_the_round_opening(gold, vp_gain):
    game = fan(step="round_start", round=2, seats={RED: dict(privileges=("patron",), gold=gold, vp=5)})
    assert game.state.players[RED].vp == 5 + vp_gain


def test_windfall_checks_each_player_when_revealed():
    game = fan(step="event", event="windfall", seats={BLUE: dict(cubes=dict(metal=1))})
    assert gained(game, BLUE, "windfall") == [(Amount("gold", 3),)]
    assert gained(game, RED, "windfall") == []


# ------------------------------------------------------------------ VP as a conversion input (§6)
def test_relic_seller_turns_vp_into_gold():
    game = fan(step="cathedral", seats={RED: dict(craftsmen=("relic_seller",), vp=3, gold=1)})
    assert A.Build("relic_seller") in game.legal_actions()
    game = game.apply(A.Build("relic_seller"))
    red = game.state.players[RED]
    assert (red.vp, red.gold) == (1, 6)
    assert roundtrips(game)


def test_relic_seller_needs_the_vp():
    game = fan(step="cathedral", seats={RED: dict(craftsmen=("relic_seller", "architect"), vp=1)})
    assert A.Build("relic_seller") not in game.legal_actions()


# ------------------------------------------------------------------ when you hire / sell / place
def test_broker_reacts_to_hiring_but_not_to_its_own_hire():
    game = fan(step="draft", display=("broker", "mason_r1"), seats={RED: dict(vp=0)})
    game = game.apply(A.Hire("broker"))
    assert game.state.players[RED].vp == 0  # its own hiring does not count
    game = game.apply(A.Pass())  # Blue
    game = game.apply(A.Hire("mason_r1"))
    assert game.state.players[RED].vp == 1
    assert gained(game, RED, "broker") == [(Amount("vp", 1),)]
    assert roundtrips(game)


def test_broker_reacts_to_hiring_at_shiring():
    game = fan(
        step="shiring",
        shiring=("mason_r1", "toolmaker"),
        spots={"shiring": (RED,)},
        seats={RED: dict(craftsmen=("broker",), vp=0)},
    )
    assert game.state_at(-1).players[RED].vp >= 1
    assert gained(game, RED, "broker") == [(Amount("vp", 1),)]


def test_broker_reacts_to_selling_not_buying():
    game = fan(
        step="market", spots={"market": (RED,)}, seats={RED: dict(craftsmen=("broker",), cubes=dict(metal=1), gold=10)}
    )
    bought = game.apply(A.Buy("sand", 1))
    assert gained(bought, RED, "broker") == []
    sold = bought.apply(A.Sell("metal", 1))
    assert gained(sold, RED, "broker") == [(Amount("gold", 1),)]
    assert sold.state.players[RED].gold == 10 - 2 + 5 + 1
    assert roundtrips(sold)


def test_guild_steward_reacts_to_each_purchase():
    game = fan(
        step="market",
        spots={"market": (RED, BLUE)},
        seats={RED: dict(privileges=("guild_steward",), gold=20, vp=0, cubes=dict(wood=1))},
    )
    game = game.apply(A.Buy("sand", 2)).apply(A.EndTrading()).apply(A.Buy("stone", 1))
    game = game.apply(A.Sell("wood", 1))
    assert gained(game, RED, "guild_steward") == [(Amount("vp", 1),), (Amount("vp", 1),)]
    assert roundtrips(game)


@pytest.mark.parametrize("location, sand", [("market", 1), ("priory", 0)])
def test_broker_reacts_to_placing_at_the_market_only(location, sand):
    game = fan(step="builders", builders=dict(drawn=RED, price=2), seats={RED: dict(craftsmen=("broker",))})
    game = game.apply(A.Place(location, 0))
    assert game.state_at(-1).players[RED].cube("sand") >= sand
    assert len(gained(game, RED, "broker")) == sand
    assert roundtrips(game)


# ------------------------------------------------------------------ general once-per-game abilities (§7)
def test_quarry_favour_is_one_free_market_trade():
    game = fan(
        players=3, step="market", spots={"market": (RED, BLUE)}, seats={RED: dict(privileges=("quarry_favour",))}
    )
    assert A.UseOnce("quarry_favour") in game.legal_actions()
    used = game.apply(A.UseOnce("quarry_favour"))
    red = used.state.players[RED]
    assert red.cube("stone") == 2 and "quarry_favour" not in red.privileges
    assert used.current_player == BLUE  # the turn passed on
    back = used.apply(A.EndTrading())
    assert back.current_player == RED and A.UseOnce("quarry_favour") not in back.legal_actions()
    assert roundtrips(back)


def test_masons_oath_is_a_draft_turn_with_a_choice():
    game = fan(step="draft", display=("mason_r1", "forest_2"), seats={RED: dict(privileges=("masons_oath",))})
    game = game.apply(A.UseOnce("masons_oath"))
    assert (game.pending.kind, game.current_player) == ("choice", RED)
    game = game.apply(A.ChooseOption(1))
    assert game.state.players[RED].cube("metal") == 1
    assert (game.pending.kind, game.current_player) == ("draft", BLUE)
    assert roundtrips(game)


def test_a_once_ability_cannot_be_used_twice_even_in_a_tampered_log():
    game = fan(step="draft", seats={RED: dict(privileges=("masons_oath",))})
    game = game.apply(A.UseOnce("masons_oath")).apply(A.ChooseOption(0))
    with pytest.raises(pr.IllegalActionError):
        game.apply(A.Pass()).apply(A.UseOnce("masons_oath"))


# ------------------------------------------------------------------ full games
NEW = (
    "fuller",
    "relic_seller",
    "broker",
    "bridge_warden",
    "quarry_favour",
    "masons_oath",
    "patron",
    "tithe",
    "windfall",
)


@pytest.mark.parametrize("seed", range(6))
def test_full_games_with_the_new_constructs_keep_the_laws(seed):
    """Whole games from round 1, each seat holding some of the new cards; the
    cards act, and every law, replay and save hold (§1-§8)."""
    rng = random.Random(seed)
    game = fan(
        players=2 + seed % 3,
        round=1,
        step="draft",
        seed=seed,
        decks=dict(events=("tithe", "windfall", "city_wall", "king_celebrates", "volunteers", "cold_winter")),
        seats={
            0: dict(craftsmen=("fuller", "broker"), privileges=("bridge_warden", "patron")),
            1: dict(craftsmen=("relic_seller", "carpenter"), privileges=("quarry_favour", "masons_oath")),
        },
    )
    game = testing.play_random(game, rng)
    testing.check_game(game)
    acted = {getattr(e, attr, None) for e in game.events for attr in ("card", "reason", "source")}
    assert {"fuller", "tithe", "windfall"} <= acted
    assert game.is_over and game.state.round == 6


def test_a_once_ability_is_refused_outside_its_window_naming_it():
    game = fan(step="draft", seats={RED: dict(privileges=("quarry_favour",))})
    assert A.UseOnce("quarry_favour") not in game.legal_actions()
    with pytest.raises(pr.IllegalActionError, match="Quarry favour is used on a turn at the market, not now"):
        game.apply(A.UseOnce("quarry_favour"))

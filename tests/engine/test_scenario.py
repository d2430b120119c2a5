"""pr.scenario: set-up positions (checked, recorded as an event), pinned chance,
and game.states()/state_at()."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pillars_rules as pr
from pillars_rules import actions as A
from pillars_rules import events as E
from pillars_rules import testing
from pillars_rules.scenario import SCENARIO_STEPS
from pillars_rules.testing import check_game, check_state

RED, BLUE, GREEN = 0, 1, 2


def of_type(game, cls):
    return [e for e in game.events if isinstance(e, cls)]


# ------------------------------------------------------------------ positions
@pytest.mark.parametrize("step", SCENARIO_STEPS)
def test_every_step_starts_a_playable_checked_game(step):
    game = pr.scenario(players=3, round=2, step=step, seed=4)
    assert isinstance(game.events[1], E.PositionSet)
    check_game(game)
    assert pr.load(pr.save(game)) == game


def test_position_is_the_one_described():
    game = pr.scenario(
        players=2,
        round=4,
        step="cathedral",
        seats={
            RED: dict(gold=3, vp=11, cubes=dict(stone=2, metal=1), craftsmen=("mason_r1",), privileges=("wool_fair",))
        },
    )
    position = game.state_at(1)  # right after the PositionSet; the flow ran on from there
    red = position.players[RED]
    assert (red.gold, red.vp, red.cubes) == (3, 11, (0, 2, 0, 1))
    assert red.craftsmen == ("mason_r1",) and red.privileges == ("wool_fair",)
    assert (position.round, position.stage, position.step) == (4, "enter", "cathedral")
    # the supply absorbed the cubes handed out (§1)
    assert position.supply[1] == 23 - 2 - position.market[1]
    check_state(position, game.rules)


def test_start_at_the_draft_with_a_given_display():
    game = pr.scenario(players=2, step="draft", display=("mason_r1", "forest_2"), start_player=BLUE)
    assert (game.pending.kind, game.current_player) == ("draft", BLUE)
    assert {str(a).split(" ")[0] for a in game.legal_actions()} == {"hire", "take", "pass"}


def test_start_at_a_placement_with_builders():
    game = pr.scenario(players=2, step="builders", builders=dict(drawn=BLUE, price=4))
    assert (game.pending.kind, game.current_player) == ("place", BLUE)
    assert game.state.bag == (RED, RED, RED, BLUE, BLUE)
    placed = game.apply(A.Place("priory", 0))
    assert placed.state.players[BLUE].gold == 21 - 4


def test_start_at_phase_two_bags_every_builder():
    game = pr.scenario(players=2, step="builders", pins=dict(builders=(BLUE,)))
    bagged = of_type(game, E.BuildersBagged)[0]
    assert sorted(bagged.bag) == [0, 0, 0, 1, 1, 1]
    assert of_type(game, E.BuilderDrawn)[0].seat == BLUE


def test_start_at_the_market_with_a_trader():
    game = pr.scenario(players=3, round=2, step="market", spots={"market": (GREEN, RED)}, seats={GREEN: dict(gold=2)})
    assert (game.pending.kind, game.current_player) == ("market", GREEN)
    assert [c.label for c in pr.words.choices(game.view(GREEN))] == [
        "buy 1 sand for 2 gold",
        "stop trading (final for this round)",
    ]


def test_event_given_before_the_event_step_is_revealed_there():
    game = pr.scenario(players=2, step="event", event="cold_winter")
    assert of_type(game, E.EventRevealed)[0].card == "cold_winter"


def test_event_given_after_the_event_step_is_already_applied():
    game = pr.scenario(players=2, step="market", event="cold_winter", protected=(RED,))
    position = game.state_at(1)
    assert position.event == "cold_winter" and position.table.event_applied
    assert position.protected == {RED}
    assert not of_type(game, E.EventApplied)  # not applied a second time


def test_round_start_runs_the_round_opening():
    game = pr.scenario(players=2, round=3, step="round_start", market=dict(wood=1), court_metal=0)
    assert of_type(game, E.RoundStarted)[0].round == 3
    assert game.state.market == (4, 4, 4, 0) and game.state.court_metal == 1  # §2.1 refill


def test_resource_cards_given_to_a_seat_carry_its_workers():
    game = pr.scenario(players=2, step="builders", seats={RED: dict(resource_cards=("forest_2",))})
    red = game.state.players[RED]
    need = game.rules.card("forest_2").workers
    assert red.placed.value == need and red.pieces.value == 12 - need  # 7 small + 1 big (5)


# ------------------------------------------------------------------ impossible positions
@pytest.mark.parametrize(
    "kw, message",
    [
        (dict(seats={0: dict(gold=31)}), "seats[0].gold: 31 gold"),
        (dict(seats={0: dict(gold=-1)}), "seats[0].gold"),
        (dict(seats={1: dict(vp=-2)}), "seats[1].vp: -2 VP"),
        (dict(seats={0: dict(cubes=dict(metal=13))}), "14 metal cubes"),
        (dict(seats={0: dict(cubes=dict(wood=20)), 1: dict(cubes=dict(wood=5))}), "29 wood cubes"),
        (dict(seats={0: dict(cubes=dict(wood=-1))}), "seats[0].cubes: -1 wood"),
        (dict(seats={0: dict(craftsmen=("mason_r9",))}), "unknown card 'mason_r9' -- did you mean"),
        (dict(seats={0: dict(craftsmen=("wool_fair",))}), "'wool_fair' is a privilege card"),
        (dict(seats={0: dict(privileges=("jack",)), 1: dict(privileges=("jack",))}), "also in seats[0]"),
        (dict(seats={0: dict(resource_cards=("forest_9",))}), "unknown card 'forest_9'"),
        (dict(display=("mason_r1",), seats={0: dict(craftsmen=("mason_r1",))}), "a card is in one place"),
        (
            dict(
                seats={
                    0: dict(craftsmen=("mason_r1", "mason_r2", "sculptor_r3", "potter_r3", "toolmaker", "bell_founder"))
                }
            ),
            "may keep 5",
        ),
        (dict(seats={0: dict(colour="red")}), "unknown key 'colour'"),
        (dict(seats={5: dict(gold=1)}), "no seat 5"),
        (dict(round=7), "round 7 does not exist"),
        (dict(step="markt"), "did you mean 'market'"),
        (dict(spots={"castle": (0, 1)}), "castle has 1 spot"),
        (dict(spots={"market": (0, 0)}), "only one builder here"),
        (dict(spots={"priory": (0, 0), "castle": (0,), "bishop": (0,)}), "at most 3"),
        (dict(pins=dict(tax=(6,))), "pins.tax"),
        (dict(pins=dict(tossed=(1,))), "unknown key 'tossed'"),
        (dict(market=dict(metal=1)), "never holds metal"),
        (dict(event="mason_r1"), "is a craftsman card; expected event"),
        (dict(step="draft", tax=3), "tax is rolled"),
        (dict(step="market", builders=dict(drawn=0)), "only at step 'builders'"),
        (dict(seats={0: dict(pieces=dict(small=9))}), "7 small and 1 big"),
        (dict(step="round_start", kingsbridge=("jack",)), "the round opening deals these cards"),
        (dict(step="market", display=("mason_r1",)), "only during the draft"),
        (dict(step="draft", protected=(0,)), "protection needs a revealed event"),
    ],
)
def test_impossible_positions_are_refused_naming_the_fault(kw, message):
    with pytest.raises(pr.ScenarioError) as info:
        pr.scenario(players=2, **kw)
    assert message in str(info.value)
    assert isinstance(info.value, pr.ConfigError)


@pytest.mark.parametrize(
    "kw, message",
    [
        (dict(seats=5), "seats: expected a dict"),
        (dict(seats={0: 3}), "seats[0]: expected a dict"),
        (dict(pins={"tax": 5}), "pins.tax: expected a list of whole numbers"),
        (dict(seats={0: dict(uses=[("x",)])}), "seats[0].uses: expected (card, conversion index, times used)"),
        (dict(decks=dict(craftsmen=7)), "decks.craftsmen: expected a list"),
        (dict(spots={"market": 3}), "spots.market: expected a list of seats"),
        (dict(seats={0: dict(gold="9")}), "seats[0].gold: expected a whole number"),
        (dict(seats={0: dict(cubes=dict(wood=1.5))}), "seats[0].cubes.wood: expected a whole number"),
    ],
)
def test_malformed_arguments_are_scenario_errors(kw, message):
    with pytest.raises(pr.ScenarioError) as info:
        pr.scenario(players=2, **kw)
    assert message in str(info.value)


def test_bad_game_arguments_are_config_errors():
    with pytest.raises(pr.ConfigError, match="players must be"):
        pr.scenario(players=5)
    with pytest.raises(pr.ConfigError, match="unknown variant"):
        pr.scenario(variants=["dmm"])


# ------------------------------------------------------------------ saves and replay
def _forged(game, change) -> str:
    doc = json.loads(pr.save(game))
    change(doc["events"][1])
    return json.dumps(doc)


def test_a_scenario_survives_save_load_and_replay():
    game = pr.scenario(
        players=3,
        round=5,
        step="kings_court",
        spots={"kings_court": (BLUE,)},
        seats={RED: dict(gold=1, privileges=("wool_fair",))},
        pins=dict(tax=(4,)),
    )
    assert pr.load(pr.save(game)) == game
    assert pr.replay(game.events) == game
    assert pr.replay(game.events, verify=False) == game
    assert pr.save(pr.load(pr.save(game))) == pr.save(game)


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda e: e["players"][0].update(gold=99), "seats[0].gold: 99 gold"),
        (lambda e: e["players"][1].update(cubes=[0, 0, 0, 5]), "metal cubes"),
        (lambda e: e.update(stage="market"), "unknown stage"),
        (lambda e: e["table"].update(event="nope"), "unknown card 'nope'"),
        (lambda e: e["pins"].update(tax=[9]), "pins.tax"),
        (lambda e: e["players"].append(dict(e["players"][0])), "the position's seats must be"),
        (lambda e: e["players"][1].update(name="Mallory"), "the position's seats must be"),
    ],
)
def test_a_forged_position_in_a_save_is_refused(change, message):
    game = pr.scenario(players=2, step="cathedral")
    with pytest.raises(pr.SaveError) as info:
        pr.load(_forged(game, change))
    assert message in str(info.value) and info.value.index == 1


def test_a_malformed_position_in_a_save_is_a_save_error():
    game = pr.scenario(players=2, step="cathedral")
    with pytest.raises(pr.SaveError, match=r"\$\.events\[1\]\.board\.spots"):
        pr.load(_forged(game, lambda e: e["board"].update(spots=7)))


def test_sets_are_saved_sorted():
    game = pr.scenario(players=3, step="market", event="cold_winter", protected=(GREEN, RED))
    doc = json.loads(pr.save(game))
    assert doc["events"][1]["table"]["protected"] == [RED, GREEN]


def test_views_hide_decks_and_pins_of_the_position():
    game = pr.scenario(players=2, step="builders", pins=dict(builders=(RED, BLUE), tax=(5,)))
    position = game.view(BLUE).events[1]
    assert position.pins == pr.GameState.__attrs_attrs__.pins.default
    assert set(position.decks.event_deck) == {"?"}
    assert game.view(BLUE).state.pins.tax == ()
    assert game.state.pins.tax == (5,)


# ------------------------------------------------------------------ pinned chance
def test_pinned_builders_are_drawn_in_order():
    game = pr.scenario(players=2, step="builders", pins=dict(builders=(BLUE, BLUE, RED)))
    game = game.apply(A.KeepBuilder())
    game = game.apply(A.Place("priory", 0))
    assert [e.seat for e in of_type(game, E.BuilderDrawn)] == [BLUE, BLUE]
    assert game.state.pins.builders == (RED,)


def test_a_pinned_seat_without_builders_in_the_bag_draws_at_random():
    game = pr.scenario(
        players=2, step="builders", builders=dict(bag=(RED,), redraw_used=True), pins=dict(builders=(BLUE,))
    )
    assert of_type(game, E.BuilderDrawn)[0].seat == RED
    assert game.state.pins.builders == ()


@pytest.mark.parametrize("roll", [2, 3, 4, 5])
def test_pinned_tax_roll(roll):
    game = pr.scenario(players=2, step="kings_court", pins=dict(tax=(roll,)))
    assert of_type(game, E.TaxRolled)[0].value == roll
    assert [e.amounts[0].n for e in of_type(game, E.Lost) if e.reason == "tax"] == [roll, roll]


def test_pinned_display_and_event_deck():
    shown = ("forest_2", "quarry_2", "sand_pit_2")
    game = pr.scenario(
        players=2,
        round=2,
        step="round_start",
        pins=dict(displays=(shown,)),
        decks=dict(events=("cold_winter", "city_wall")),
    )
    assert of_type(game, E.ResourceCardsDealt)[0].cards == shown
    assert game.state.event_deck[0] == "cold_winter"
    assert pr.load(pr.save(game)) == game


# ------------------------------------------------------------------ states
def test_states_follow_the_log():
    game = pr.new_game(players=2, seed=3)
    for _ in range(20):
        game = game.apply(game.legal_actions()[-1])
    states = game.states()
    assert len(states) == game.n_events
    assert states[-1] == game.state
    assert game.state_at(0) == states[0] and states[0].stage == "setup"
    assert game.state_at(-1) == game.state
    i = next(k for k, e in enumerate(game.events) if isinstance(e, E.RoundStarted))
    assert game.state_at(i).round == 1 and game.state_at(i - 1).round == 0
    with pytest.raises(IndexError):
        game.state_at(game.n_events)


# ------------------------------------------------------------------ every decision kind
@pytest.mark.parametrize(
    "kind, kw",
    [
        ("draft", dict(step="draft")),
        ("redraw", dict(step="builders")),
        ("place", dict(step="builders", builders=dict(drawn=BLUE))),
        ("bishop", dict(step="event", event="cold_winter", spots={"bishop": (BLUE,)})),
        ("once_event", dict(step="event", event="cold_winter", seats={BLUE: dict(privileges=("archbishop_thomas",))})),
        ("choice", dict(step="event", event="fresh_wall_collapses")),
        ("once_tax", dict(step="kings_court", seats={BLUE: dict(privileges=("fall_of_the_usurper",))})),
        (
            "discard",
            dict(
                step="shiring",
                spots={"shiring": (BLUE,)},
                seats={BLUE: dict(craftsmen=("carpenter", "stonemason", "mortar_mixer", "toolmaker", "architect"))},
            ),
        ),
        ("market", dict(step="market", spots={"market": (BLUE,)})),
        ("cathedral", dict(step="cathedral", seats={BLUE: dict(cubes=dict(wood=2))})),
        ("return_cubes", dict(step="cathedral", seats={BLUE: dict(craftsmen=(), cubes=dict(sand=7))})),
    ],
)
def test_a_scenario_can_start_at_every_decision_kind(kind, kw):
    game = pr.scenario(players=2, **kw)
    assert game.pending.kind == kind
    assert game.current_player == (RED if kind in ("draft", "redraw", "choice") else BLUE)
    assert pr.load(pr.save(game)) == game


def test_phase_two_under_way_bags_only_the_builders_not_placed():
    game = pr.scenario(
        players=2, step="builders", spots={"priory": (RED, BLUE), "castle": (RED,)}, pins=dict(builders=(BLUE,))
    )
    position = game.state_at(1)
    assert sorted(position.bag) == [RED, BLUE, BLUE]
    assert (game.pending.kind, game.state.drawn) == ("redraw", BLUE)


# ------------------------------------------------------------------ drawn positions
@settings(deadline=None)
@given(testing.scenarios(), st.randoms(use_true_random=False))
def test_any_drawn_position_plays_to_the_end_keeping_every_law(game, rnd):
    testing.check_game(game)
    assert game.state_at(1) == pr.replay(game.events[:2], verify=False).state
    end = testing.play_random(game, rnd)
    testing.check_game(end, roundtrip=True)
    assert end.is_over and end.state.round == 6


def test_more_than_five_cubes_after_the_cathedral_is_refused():
    with pytest.raises(pr.ScenarioError, match=r"seats\[1\].cubes: 6 cubes after the cathedral step"):
        pr.scenario(players=2, round=3, step="round_start", seats={1: dict(cubes=dict(wood=6))})
    with pytest.raises(pr.ScenarioError, match="5-cube limit"):
        pr.scenario(players=2, round=3, step="start_player", seats={1: dict(cubes=dict(wood=3, sand=3))})


def test_the_export_of_a_scenario_holds_no_pins_and_no_deck_order():
    game = pr.scenario(
        players=2,
        step="builders",
        pins=dict(builders=(RED, BLUE), tax=(5,)),
        decks=dict(events=("cold_winter", "city_wall")),
    )
    doc = json.loads(game.export(BLUE))
    assert doc["state"]["pins"] == {"builders": [], "tax": [], "displays": []}
    position = doc["events"][1]
    assert position["type"] == "PositionSet"
    assert set(position["decks"]["event_deck"]) == {"?"} and position["pins"]["tax"] == []


WELL = """place well "Village well" {
    called "the village well"
    after priory
    spots 2
    spot 1: gain 2 gold
}
"""


def test_a_scenario_starts_at_a_step_of_its_own_board():
    # issue #35: the steps and spots a scenario takes are its board's
    from pillars_rules.cardlang import base_cards, compile_text
    from pillars_rules.scenario import scenario_steps

    base = base_cards()
    cards = base.merged(compile_text(WELL, "fan.cards", known=base))
    game = pr.scenario(players=2, step="well", spots={"well": [1, 0]}, cards=cards)
    said = [game.describe(e) for e in game.events[:4]]
    assert said[1:] == [
        "The game was set up at round 1, step the village well.",
        "Step: the village well.",
        "Blue gained 2 gold (the village well).",
    ]  # seat 1 on its spot 1 (§2.4)
    assert scenario_steps(game.rules)[7:9] == ("priory", "well")
    with pytest.raises(pr.ScenarioError, match="unknown step 'wel' -- did you mean 'well'"):
        pr.scenario(players=2, step="wel", cards=cards)
    with pytest.raises(pr.ScenarioError, match="unknown step 'well'"):
        pr.scenario(players=2, step="well")  # not a step of the base board
    with pytest.raises(pr.ScenarioError, match="spots.well: 3 builders; well has 2 spot"):
        pr.scenario(players=2, step="well", spots={"well": [0, 1, 0]}, cards=cards)
    with pytest.raises(pr.ScenarioError, match="the tax is rolled at the step of the King's court"):
        pr.scenario(players=2, step="well", tax=3, cards=cards)


@settings(max_examples=8, deadline=None)
@given(st.data())
def test_drawn_scenarios_start_at_the_steps_of_a_fan_board(data):
    from pillars_rules.cardlang import base_cards, compile_text

    base = base_cards()
    cards = base.merged(compile_text(WELL, "fan.cards", known=base))
    game = data.draw(testing.scenarios(players=2, steps=["well", "start_player", "round_start"], cards=cards))
    check_state(game.state, game.rules)

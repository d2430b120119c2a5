"""§8 Events: all ten, harmful and favourable, with Bishop protection."""

import pytest

from pillars_rules.actions import PickCraftsman, Protect
from pillars_rules.cardlang.effects import Amount
from pillars_rules.engine import events as E
from pillars_rules.engine.state import Pieces

from .support import BLUE, RED, after_step, cubes, new_events, of_type, position, to_builders


def _event(card, seats=2, players=None, **kw):
    return position("event", players=seats, event=card, seats=players or {}, **kw)


def test_king_celebrates_and_richard_takes_castle_s8():
    assert [p.gold for p in after_step(_event("king_celebrates"), "event").players] == [25, 26]
    assert [p.cube("metal") for p in after_step(_event("richard_takes_castle"), "event").players] == [1, 1]


def test_prior_philip_opens_stores_doubles_mill_up_to_5_s8():
    g = _event(
        "prior_philip_opens_stores",
        players={RED: {"pieces": Pieces(3, 0, 0, 0), "gold": 0}, BLUE: {"pieces": Pieces(7, 1, 0, 0), "gold": 0}},
    )
    state = after_step(g, "wool_mill")
    assert state.players[RED].gold == 6 and state.players[BLUE].gold == 17


def test_s8_archbishop_variant_one_craftsman_of_choice():
    """§8 variant archbishop_one_craftsman (PC version): each player boosts one craftsman."""
    g = _event(
        "archbishops_statue",
        variants=["archbishop_one_craftsman"],
        players={
            RED: {"craftsmen": ("carpenter", "bell_founder", "architect"), "cubes": cubes(wood=10)},
            BLUE: {"craftsmen": ()},
        },
    )
    assert g.pending.kind == "choice" and g.current_player == RED
    assert {a.card for a in g.legal_actions()} == {"carpenter"}  # not Bell founder; Architect has no capacity
    g2 = g.apply(PickCraftsman("carpenter"))
    assert E.CapacityBoosted(RED, "carpenter", 1) in new_events(g, g2)
    assert g2.state.step == "cathedral" and g2.current_player == RED
    from pillars_rules.actions import Build

    vp = g2.state.players[RED].vp
    for _ in range(5):
        g2 = g2.apply(Build("carpenter"))
    assert g2.state.players[RED].vp == vp + 5


def test_s8_archbishop_boosts_every_craftsman_including_later_hires():
    """§8 Archbishop ruling (revised): this round every craftsman except the Organ builder
    and the Bell founder has capacity +1, including one hired at Shiring after the event."""

    crafts = ("carpenter", "stonemason", "organ_builder", "toolmaker")
    g = _event("archbishops_statue", players={RED: {"craftsmen": crafts}, BLUE: {"craftsmen": ()}})
    assert not of_type(g.events, E.CapacityBoosted) and after_step(g, "event").event == "archbishops_statue"
    # later the same round: Red hires a Joiner at Shiring after the statue was revealed
    g = position(
        "shiring",
        players=2,
        event="archbishops_statue",
        shiring=("joiner_r2", "potter_r2"),
        spots={"shiring": (RED,)},
        seats={RED: dict(craftsmen=crafts, cubes=cubes(wood=13), gold=20), BLUE: dict(craftsmen=())},
    )
    assert g.state.step == "cathedral" and g.current_player == RED
    assert g.state.players[RED].craftsmen[-1] == "joiner_r2"
    rules, state = g.rules, g.state
    caps = {c: rules.capacity(state, RED, c, rules.card(c).conversions[0]) for c in crafts + ("joiner_r2",)}
    assert caps == {"carpenter": 5, "stonemason": 5, "organ_builder": 1, "toolmaker": 1, "joiner_r2": 3}
    vp = g.state.players[RED].vp
    g = _use(g, ["carpenter"] * 5 + ["joiner_r2"] * 3)
    assert g.state.players[RED].vp == vp + 8 and g.state.players[RED].cube("wood") == 0
    # next round the statue no longer holds
    nxt = position(
        "cathedral", players=2, round=2, seats={RED: dict(craftsmen=crafts + ("joiner_r2",), cubes=cubes(wood=2))}
    )
    assert nxt.rules.capacity(nxt.state, RED, "joiner_r2", nxt.rules.card("joiner_r2").conversions[0]) == 2


def _use(g, cards):
    from pillars_rules.actions import Build

    for c in cards:
        g = g.apply(Build(c))
    return g


def test_volunteers_and_cold_winter_yields_s8():
    g = _event("volunteers", players={RED: {"resource_cards": ("forest_2",)}})
    assert after_step(g, "forest").players[RED].cube("wood") == 3
    g = _event("cold_winter", players={RED: {"resource_cards": ("forest_2",)}})
    assert after_step(g, "forest").players[RED].cube("wood") == 1


def test_cold_winter_bishop_protected_yields_normally_s8():
    g = _event(
        "cold_winter",
        spots={"bishop": (RED,)},
        players={RED: {"resource_cards": ("forest_2",)}, BLUE: {"resource_cards": ("forest_3",)}},
    )
    g = g.apply(Protect())
    assert [e for e in of_type(g.events, E.Gained) if e.reason.startswith("forest")] == [
        E.Gained(RED, (Amount("wood", 2),), "forest_2"),
        E.Gained(BLUE, (Amount("wood", 2),), "forest_3"),
    ]


def test_fresh_wall_collapses_each_discards_one_s8():
    g = _event("fresh_wall_collapses", players={BLUE: {"craftsmen": ()}})
    assert g.pending.kind == "choice" and g.current_player == RED
    g2 = g.apply(PickCraftsman("stonemason"))
    assert "stonemason" not in g2.state.players[RED].craftsmen
    made = of_type(new_events(g, g2), E.ChoiceMade)
    assert made[-1] == E.ChoiceMade(BLUE, "fresh_wall_collapses")  # Blue had nothing to discard


def test_conflict_minus_two_vp_floor_zero_s8():
    g = _event("conflict_philip_waleran", players={RED: {"vp": 1}, BLUE: {"vp": 5}})
    assert [p.vp for p in after_step(g, "event").players] == [0, 3]


def test_william_hamleigh_tribute_with_debt_s8_s2_5():
    g = _event("william_hamleigh", players={RED: {"gold": 1, "vp": 4}, BLUE: {"gold": 10}})
    state = after_step(g, "event")
    assert (state.players[RED].gold, state.players[RED].vp) == (0, 3)  # 3 missing -> 1 VP
    assert state.players[BLUE].gold == 6


def test_city_wall_two_builders_next_round_s8():
    g = _event("city_wall", spots={"bishop": (BLUE,)})
    g = g.apply(Protect())  # Blue is protected, Red is not
    assert g.state.round == 2 and g.state.prev_event == "city_wall"
    g = to_builders(g)
    bag = of_type(g.events, E.BuildersBagged)[-1].bag
    assert sorted(bag) == [RED, RED, BLUE, BLUE, BLUE]


@pytest.mark.parametrize(
    "tax, gold, vp, after",
    [
        (5, 2, 1, (0, 0)),  # 3 missing: 1 VP
        (4, 2, 1, (0, 0)),  # 2 missing: 1 VP
        (2, 2, 1, (0, 1)),  # paid in full
        (5, 0, 0, (0, 0)),  # VP never below 0
    ],
)
def test_debt_rule_s2_5(tax, gold, vp, after):
    """§2.5: pay all gold, 1 VP per 2 missing rounded down, VP never below 0."""
    g = position("kings_court", players=2, pins=dict(tax=(tax,)), seats={RED: dict(gold=gold, vp=vp)})
    red = after_step(g, "kings_court").players[RED]
    assert (red.gold, red.vp) == after

"""§8 Events: all ten, harmful and favourable, with Bishop protection."""

from pillars_rules.actions import PickCraftsman, Protect
from pillars_rules.effects import Amount
from pillars_rules.engine import events as E
from pillars_rules.engine.state import Pieces

from .support import BLUE, RED, at_step, cubes, game_for, new_events, of_type, resume, spots, to_builders


def _event(card, seats=2, **kw):
    return at_step(game_for(players=seats), "event", event_deck=(card,), **kw)


def test_king_celebrates_and_richard_takes_castle_s8():
    assert [p.gold for p in _event("king_celebrates").state.players] == [25, 26]
    assert [p.cube("metal") for p in _event("richard_takes_castle").state.players] == [1, 1]


def test_prior_philip_opens_stores_doubles_mill_up_to_5_s8():
    g = _event("prior_philip_opens_stores", players={RED: {"pieces": Pieces(3, 0, 0, 0), "gold": 0},
                                                     BLUE: {"pieces": Pieces(7, 1, 0, 0), "gold": 0}})
    g = at_step(g, "wool_mill")
    assert g.state.players[RED].gold == 6 and g.state.players[BLUE].gold == 17


def test_s8_archbishop_variant_one_craftsman_of_choice():
    """§8 variant archbishop_one_craftsman (PC version): each player boosts one craftsman."""
    g = at_step(game_for(players=2, variants=["archbishop_one_craftsman"]), "event",
                event_deck=("archbishops_statue",),
                players={RED: {"craftsmen": ("carpenter", "bell_founder", "architect"), "cubes": cubes(wood=10)},
                         BLUE: {"craftsmen": ()}})
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
    from pillars_rules.actions import Build

    crafts = ("carpenter", "stonemason", "organ_builder", "toolmaker")
    g = _event("archbishops_statue", players={RED: {"craftsmen": crafts}, BLUE: {"craftsmen": ()}})
    assert not of_type(g.events, E.CapacityBoosted) and g.state.event == "archbishops_statue"
    g = resume(g, step="kings_court", shiring=("joiner_r2", "potter_r2"), spots=spots(shiring=(RED,)),
               players={RED: {"cubes": cubes(wood=13), "gold": 20}})
    assert g.state.step == "cathedral" and g.current_player == RED
    assert g.state.players[RED].craftsmen[-1] == "joiner_r2"
    rules, state = g.rules, g.state
    caps = {c: rules.capacity(state, RED, c, rules.card(c).conversions[0]) for c in crafts + ("joiner_r2",)}
    assert caps == {"carpenter": 5, "stonemason": 5, "organ_builder": 1, "toolmaker": 1, "joiner_r2": 3}
    vp = g.state.players[RED].vp
    g = _use(g, ["carpenter"] * 5 + ["joiner_r2"] * 3)
    assert g.state.players[RED].vp == vp + 8 and g.state.players[RED].cube("wood") == 0
    # next round the statue no longer holds
    nxt = resume(g, event="", protected=frozenset())
    assert nxt.rules.capacity(nxt.state, RED, "joiner_r2", nxt.rules.card("joiner_r2").conversions[0]) == 2


def _use(g, cards):
    from pillars_rules.actions import Build

    for c in cards:
        g = g.apply(Build(c))
    return g


def test_volunteers_and_cold_winter_yields_s8():
    g = _event("volunteers", players={RED: {"resource_cards": ("forest_2",)}})
    assert at_step(g, "forest").state.players[RED].cube("wood") == 3
    g = _event("cold_winter", players={RED: {"resource_cards": ("forest_2",)}})
    assert at_step(g, "forest").state.players[RED].cube("wood") == 1


def test_cold_winter_bishop_protected_yields_normally_s8():
    g = _event("cold_winter", spots=spots(bishop=(RED,)),
               players={RED: {"resource_cards": ("forest_2",)}, BLUE: {"resource_cards": ("forest_2",)}})
    g = g.apply(Protect())
    assert of_type(g.events, E.Gained)[-2:] == [
        E.Gained(RED, (Amount("wood", 2),), "forest_2"), E.Gained(BLUE, (Amount("wood", 1),), "forest_2")]


def test_fresh_wall_collapses_each_discards_one_s8():
    g = _event("fresh_wall_collapses", players={BLUE: {"craftsmen": ()}})
    assert g.pending.kind == "choice" and g.current_player == RED
    g2 = g.apply(PickCraftsman("stonemason"))
    assert "stonemason" not in g2.state.players[RED].craftsmen
    made = of_type(new_events(g, g2), E.ChoiceMade)
    assert made[-1] == E.ChoiceMade(BLUE, "fresh_wall_collapses")  # Blue had nothing to discard


def test_conflict_minus_two_vp_floor_zero_s8():
    g = _event("conflict_philip_waleran", players={RED: {"vp": 1}, BLUE: {"vp": 5}})
    assert [p.vp for p in g.state.players] == [0, 3]


def test_william_hamleigh_tribute_with_debt_s8_s2_5():
    g = _event("william_hamleigh", players={RED: {"gold": 1, "vp": 4}, BLUE: {"gold": 10}})
    assert (g.state.players[RED].gold, g.state.players[RED].vp) == (0, 3)  # 3 missing -> 1 VP
    assert g.state.players[BLUE].gold == 6


def test_city_wall_two_builders_next_round_s8():
    g = _event("city_wall", spots=spots(bishop=(BLUE,)))
    g = g.apply(Protect())  # Blue is protected, Red is not
    assert g.state.round == 2 and g.state.prev_event == "city_wall"
    g = to_builders(g)
    bag = of_type(g.events, E.BuildersBagged)[-1].bag
    assert sorted(bag) == [RED, RED, BLUE, BLUE, BLUE]


def test_debt_rule_s2_5():
    """§2.5: pay all gold, 1 VP per 2 missing rounded down, VP never below 0."""
    from pillars_rules.engine.evolve import apply_amounts

    s = game_for(players=2).state
    from pillars_rules.engine.state import replace

    ps = list(s.players)
    ps[0] = replace(ps[0], gold=2, vp=1)
    s = replace(s, players=tuple(ps))
    s2 = apply_amounts(s, 0, (Amount("gold", 5),), -1)
    assert (s2.players[0].gold, s2.players[0].vp) == (0, 0)
    s3 = apply_amounts(s, 0, (Amount("gold", 4),), -1)
    assert (s3.players[0].gold, s3.players[0].vp) == (0, 0)
    s4 = apply_amounts(s, 0, (Amount("gold", 2),), -1)
    assert (s4.players[0].gold, s4.players[0].vp) == (0, 1)

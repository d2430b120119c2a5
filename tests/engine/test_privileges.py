"""§7 Privileges: permanent, once-per-game (with their timing windows) and immediate."""

from pillars_rules.actions import Decline, Park, Place, UseOnce
from pillars_rules.engine import events as E
from pillars_rules.engine.state import Pieces

from .support import (
    BLUE, GREEN, RED, at_step, force_draw, game_for, new_events, of_type, resume, spots, surgery, to_builders,
)


def _take(privilege, seats=2, **kw):
    return at_step(game_for(players=seats), "kingsbridge", kingsbridge=(privilege, "jack"),
                   spots=spots(kingsbridge=(RED,)), **kw)


def test_immediate_privileges_s7():
    assert _take("wool_fair").state.players[RED].gold == 28
    assert _take("mathematical_studies").state.players[RED].cube("metal") == 2
    assert _take("weeping_madonna").state.players[RED].vp == 5
    assert _take("cathedral_nearly_done").state.players[RED].cubes == (1, 1, 0, 0)
    assert _take("king_attends").state.players[RED].cube("metal") == 1


def test_prior_philip_bonus_per_builder_in_priory_s7():
    g = at_step(game_for(players=2), "priory", spots=spots(priory=(RED, RED)),
                players={RED: {"privileges": ("prior_philip",)}})
    assert g.state.players[RED].vp == 2 + 2 + 1 + 2


def test_brother_francis_tax_always_two_s7():
    for seed in range(10):
        g = at_step(game_for(players=2, seed=seed), "kings_court",
                    players={RED: {"privileges": ("brother_francis",)}})
        assert g.state.players[RED].gold == 18


def test_jack_six_craftsmen_s7():
    six = ("carpenter", "stonemason", "mortar_mixer", "toolmaker", "master_carpenter")
    g = at_step(game_for(players=2), "shiring", shiring=("sculptor_r3", "potter_r3"),
                spots=spots(shiring=(RED,)), players={RED: {"craftsmen": six, "privileges": ("jack",)}})
    assert len(g.state.players[RED].craftsmen) == 6
    assert g.pending is None or g.pending.kind != "discard"


def test_otto_black_worker_each_round_s7():
    g = resume(game_for(players=2), stage="round_end", players={BLUE: {"privileges": ("otto_blackface",)}})
    assert g.state.players[BLUE].pieces == Pieces(7, 1, 0, 1)
    assert g.state.players[RED].pieces == Pieces(7, 1, 0, 0)


def test_ellen_sees_next_event_s7():
    g = resume(game_for(players=3), stage="round_end", players={GREEN: {"privileges": ("ellen",)}})
    assert g.view(GREEN).next_event == g.state.event_deck[0]
    assert g.view(RED).next_event is None
    assert set(g.view(RED).state.event_deck) == {"?"}


def test_remigius_free_placement_when_builder_placed_s7():
    g = force_draw(to_builders(game_for(players=2)), RED)
    g = surgery(g, players={RED: {"privileges": ("brother_remigius",)}})
    free = [a for a in g.legal_actions() if isinstance(a, Place) and a.free]
    assert free and Park() in g.legal_actions()
    g2 = g.apply(Place("priory", 0, free=True))
    assert g2.state.players[RED].gold == 20
    assert "brother_remigius" not in g2.state.players[RED].privileges
    evs = new_events(g, g2)
    assert E.OnceUsed(RED, "brother_remigius") in evs
    assert of_type(evs, E.BuilderPlaced)[0].price == 0
    assert g2.state.marker == 6


def test_archbishop_thomas_after_harmful_event_s7():
    g = at_step(game_for(players=2), "event", event_deck=("conflict_philip_waleran",),
                players={BLUE: {"privileges": ("archbishop_thomas",)}})
    assert g.pending.kind == "once_event" and g.current_player == BLUE
    assert g.state.event == "conflict_philip_waleran"  # decided after the reveal
    g2 = g.apply(UseOnce("archbishop_thomas"))
    lost = [e for e in new_events(g, g2) if isinstance(e, E.Lost) and e.reason == "conflict_philip_waleran"]
    assert [e.seat for e in lost] == [RED]
    assert "archbishop_thomas" not in g2.state.players[BLUE].privileges
    g3 = g.apply(Decline())
    lost = [e for e in new_events(g, g3) if isinstance(e, E.Lost) and e.reason == "conflict_philip_waleran"]
    assert {e.seat for e in lost} == {RED, BLUE}
    assert "archbishop_thomas" in g3.state.players[BLUE].privileges


def test_archbishop_thomas_not_offered_for_favourable_event_s7():
    g = at_step(game_for(players=2), "event", event_deck=("king_celebrates",),
                players={BLUE: {"privileges": ("archbishop_thomas",)}})
    assert g.pending is None or g.pending.kind != "once_event"


def test_fall_of_the_usurper_after_tax_roll_s7():
    g = at_step(game_for(players=2), "kings_court", players={RED: {"privileges": ("fall_of_the_usurper",)}})
    assert g.pending.kind == "once_tax" and g.state.tax > 0
    g2 = g.apply(UseOnce("fall_of_the_usurper"))
    taxes = [e for e in new_events(g, g2) if isinstance(e, E.Lost) and e.reason == "tax"]
    assert [e.seat for e in taxes] == [BLUE]
    g3 = g.apply(Decline())
    taxes = [e for e in new_events(g, g3) if isinstance(e, E.Lost) and e.reason == "tax"]
    assert {e.seat for e in taxes} == {RED, BLUE}


def test_usurper_not_offered_when_at_court_s7():
    g = at_step(game_for(players=2), "kings_court", spots=spots(kings_court=(RED,)),
                players={RED: {"privileges": ("fall_of_the_usurper",)}})
    assert g.pending is None or g.pending.kind != "once_tax"


def test_last_round_privileges_show_in_round_6_s1():
    g = game_for(players=2)
    for _ in range(5):
        g = resume(g, stage="round_end")
    assert g.state.round == 6
    assert all(g.rules.card(c).last_round for c in g.state.kingsbridge)


def test_s7_resource_privileges_pay_at_their_site_step_and_can_be_sold_at_market():
    """§7 (revised): Richard +1 sand at the sand pit (step 8), Aliena +1 wood at the forest
    (step 6), Tom Builder +1 stone at the quarry (step 7), each round, without a card of
    that site -- so the cube can be sold at the market (step 12) the same round."""
    from pillars_rules.actions import Sell
    from pillars_rules.effects import Amount

    g = resume(game_for(players=2), stage="resolution", step="priory", spots=spots(market=(RED,)),
               players={RED: {"privileges": ("richard", "aliena", "tom_builder"), "resource_cards": (),
                              "cubes": (0, 0, 0, 0), "gold": 10}})
    assert (g.pending.kind, g.current_player) == ("market", RED)
    evs = list(g.events)
    for cid, cube, step in (("aliena", "wood", "forest"), ("tom_builder", "stone", "quarry"),
                            ("richard", "sand", "sand_pit")):
        gained = evs.index(E.Gained(RED, (Amount(cube, 1),), cid))
        started = evs.index(E.StepStarted(step))
        assert started < gained and not any(isinstance(e, E.StepStarted) for e in evs[started + 1:gained])
    assert g.state.players[RED].cubes == (1, 1, 1, 0)
    g = g.apply(Sell("sand", 1))
    assert g.state.players[RED].cube("sand") == 0 and g.state.players[RED].gold == 10 - g.state.tax + 2

"""§7 Privileges: permanent, once-per-game (with their timing windows) and immediate."""

from pillars_rules.actions import Decline, Park, Place, UseOnce
from pillars_rules.engine import events as E
from pillars_rules.engine.state import Pieces

from .support import BLUE, GREEN, RED, after_step, new_events, of_type, position


def _take(privilege, seats=2, **kw):
    g = position("kingsbridge", players=seats, kingsbridge=(privilege, "jack"), spots={"kingsbridge": (RED,)}, **kw)
    return after_step(g, "kingsbridge")


def test_immediate_privileges_s7():
    assert _take("wool_fair").players[RED].gold == 28
    assert _take("mathematical_studies").players[RED].cube("metal") == 2
    assert _take("weeping_madonna").players[RED].vp == 5
    assert _take("cathedral_nearly_done").players[RED].cubes == (1, 1, 0, 0)
    assert _take("king_attends").players[RED].cube("metal") == 1


IMMEDIATE = ("wool_fair", "mathematical_studies", "weeping_madonna", "cathedral_nearly_done", "king_attends")


def test_s7_immediate_privileges_leave_play_when_used():
    """Seed 000: an immediate card is used at once, then "nyomban rakjátok vissza a dobozba"
    (put back in the box at once): its gains, then ``OnceUsed``, and its holder keeps
    the other privilege only (rules version 4)."""
    for card in IMMEDIATE:
        g = position("kingsbridge", players=2, kingsbridge=(card, "jack"), spots={"kingsbridge": (RED, BLUE)})
        after = after_step(g, "kingsbridge")
        assert after.players[RED].privileges == () and after.players[BLUE].privileges == ("jack",)
        taken = [i for i, e in enumerate(g.events) if isinstance(e, E.PrivilegeTaken) and e.card == card][0]
        gained, used = g.events[taken + 1], g.events[taken + 2]
        assert isinstance(gained, E.Gained) and gained.reason == card
        assert used == E.OnceUsed(RED, card)
        assert g.describe(used) == f"Red used {g.rules.name(card)}; it leaves the game."
        assert card not in g.view(BLUE).state.players[RED].privileges


def test_s7_rules_v3_variant_keeps_immediate_privileges():
    g = position(
        "kingsbridge",
        players=2,
        kingsbridge=("wool_fair", "jack"),
        spots={"kingsbridge": (RED,)},
        variants=("rules_v3",),
    )
    after = after_step(g, "kingsbridge")
    assert after.players[RED].privileges == ("wool_fair",) and after.players[RED].gold == 28
    assert not of_type(g.events, E.OnceUsed)


def test_prior_philip_bonus_per_builder_in_priory_s7():
    g = position("priory", players=2, spots={"priory": (RED, RED)}, seats={RED: dict(privileges=("prior_philip",))})
    assert after_step(g, "priory").players[RED].vp == 2 + 2 + 1 + 2


def test_brother_francis_tax_always_two_s7():
    for seed in range(10):
        g = position("kings_court", players=2, seed=seed, seats={RED: dict(privileges=("brother_francis",))})
        assert after_step(g, "kings_court").players[RED].gold == 18


def test_jack_six_craftsmen_s7():
    six = ("carpenter", "stonemason", "mortar_mixer", "toolmaker", "master_carpenter")
    g = position(
        "shiring",
        players=2,
        shiring=("sculptor_r3", "potter_r3"),
        spots={"shiring": (RED,)},
        seats={RED: dict(craftsmen=six, privileges=("jack",))},
    )
    assert len(after_step(g, "shiring").players[RED].craftsmen) == 6
    assert not [e for e in g.events if isinstance(e, E.DecisionPending) and e.kind == "discard"]


def test_otto_black_worker_each_round_s7():
    g = position("round_start", players=2, round=2, seats={BLUE: dict(privileges=("otto_blackface",))})
    assert g.state.players[BLUE].pieces == Pieces(7, 1, 0, 1)
    assert g.state.players[RED].pieces == Pieces(7, 1, 0, 0)


def test_ellen_sees_next_event_s7():
    g = position("round_start", players=3, round=2, seats={GREEN: dict(privileges=("ellen",))})
    assert g.view(GREEN).next_event == g.state.event_deck[0]
    assert g.view(RED).next_event is None
    assert set(g.view(RED).state.event_deck) == {"?"}


def test_remigius_free_placement_when_builder_placed_s7():
    g = position(
        "builders", players=2, builders=dict(drawn=RED, price=7), seats={RED: dict(privileges=("brother_remigius",))}
    )
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
    g = position(
        "event", players=2, event="conflict_philip_waleran", seats={BLUE: dict(privileges=("archbishop_thomas",))}
    )
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
    g = position("event", players=2, event="king_celebrates", seats={BLUE: dict(privileges=("archbishop_thomas",))})
    assert E.EventApplied("king_celebrates") in g.events
    assert not [e for e in g.events if isinstance(e, E.DecisionPending) and e.kind == "once_event"]


def test_fall_of_the_usurper_after_tax_roll_s7():
    g = position("kings_court", players=2, seats={RED: dict(privileges=("fall_of_the_usurper",))})
    assert g.pending.kind == "once_tax" and g.state.tax > 0
    g2 = g.apply(UseOnce("fall_of_the_usurper"))
    taxes = [e for e in new_events(g, g2) if isinstance(e, E.Lost) and e.reason == "tax"]
    assert [e.seat for e in taxes] == [BLUE]
    g3 = g.apply(Decline())
    taxes = [e for e in new_events(g, g3) if isinstance(e, E.Lost) and e.reason == "tax"]
    assert {e.seat for e in taxes} == {RED, BLUE}


def test_usurper_not_offered_when_at_court_s7():
    g = position(
        "kings_court", players=2, spots={"kings_court": (RED,)}, seats={RED: dict(privileges=("fall_of_the_usurper",))}
    )
    assert of_type(g.events, E.TaxRolled)
    assert not [e for e in g.events if isinstance(e, E.DecisionPending) and e.kind == "once_tax"]


def test_last_round_privileges_show_in_round_6_s1():
    g = position("round_start", players=2, round=6)
    assert g.state.round == 6
    assert all(g.rules.card(c).last_round for c in g.state.kingsbridge)


def test_s7_resource_privileges_pay_at_their_site_step_and_can_be_sold_at_market():
    """§7 (revised): Richard +1 sand at the sand pit (step 8), Aliena +1 wood at the forest
    (step 6), Tom Builder +1 stone at the quarry (step 7), each round, without a card of
    that site -- so the cube can be sold at the market (step 12) the same round."""
    from pillars_rules.actions import Sell
    from pillars_rules.cardlang.effects import Amount

    g = position(
        "priory",
        players=2,
        spots={"market": (RED,)},
        seats={RED: dict(privileges=("richard", "aliena", "tom_builder"), cubes=(0, 0, 0, 0), gold=10)},
    )
    assert (g.pending.kind, g.current_player) == ("market", RED)
    evs = list(g.events)
    for cid, cube, step in (
        ("aliena", "wood", "forest"),
        ("tom_builder", "stone", "quarry"),
        ("richard", "sand", "sand_pit"),
    ):
        gained = evs.index(E.Gained(RED, (Amount(cube, 1),), cid))
        started = evs.index(E.StepStarted(step))
        assert started < gained and not any(isinstance(e, E.StepStarted) for e in evs[started + 1 : gained])
    assert g.state.players[RED].cubes == (1, 1, 1, 0)
    g = g.apply(Sell("sand", 1))
    assert g.state.players[RED].cube("sand") == 0 and g.state.players[RED].gold == 10 - g.state.tax + 2

"""§2.4 Phase III -- steps 1-14 (market and cathedral have their own files)."""

from pillars_rules.actions import Protect, TakeCube
from pillars_rules.cardlang.effects import Amount
from pillars_rules.engine import events as E
from pillars_rules.engine.state import Pieces

from .support import BLUE, GREEN, RED, YELLOW, after_step, new_events, of_type, position


def _event_step(event, **kw):
    return position("event", event=event, **kw)


def test_event_revealed_and_applied_s2_4_1():
    g = _event_step("king_celebrates")
    state = after_step(g, "event")
    assert state.event == "king_celebrates"
    assert [p.gold for p in state.players] == [25, 26, 27, 28]


def test_bishop_protects_from_harmful_event_s2_4_2():
    g = _event_step("conflict_philip_waleran", spots={"bishop": (BLUE,)})
    assert g.pending.kind == "bishop" and g.current_player == BLUE
    assert Protect() in g.legal_actions()
    g2 = g.apply(Protect())
    lost = [e for e in of_type(new_events(g, g2), E.Lost) if e.reason == "conflict_philip_waleran"]
    assert {e.seat for e in lost} == {RED, GREEN, YELLOW}
    assert all(e.amounts == (Amount("vp", 2),) for e in lost)


def test_bishop_takes_cube_instead_not_both_s2_4_2():
    g = _event_step("conflict_philip_waleran", spots={"bishop": (BLUE,)})
    g2 = g.apply(TakeCube("stone"))
    evs = new_events(g, g2)
    assert of_type(evs, E.CubeTaken) == [E.CubeTaken(BLUE, "stone", "market")]
    assert {e.seat for e in of_type(evs, E.Lost) if e.reason != "tax"} == {RED, BLUE, GREEN, YELLOW}
    assert not of_type(evs, E.Protected)


def test_bishop_only_cube_when_event_not_harmful_s2_4_2():
    g = _event_step("king_celebrates", spots={"bishop": (GREEN,)})
    assert g.pending.kind == "bishop"
    assert Protect() not in g.legal_actions()
    assert {a.resource for a in g.legal_actions()} == {"wood", "stone", "sand"}


def test_wool_mill_pays_worker_value_and_caps_at_30_s2_4_3():
    g = position(
        "wool_mill",
        players=2,
        seats={RED: dict(pieces=Pieces(2, 1, 0, 0), gold=10), BLUE: dict(pieces=Pieces(7, 1, 0, 0), gold=25)},
    )
    state = after_step(g, "wool_mill")
    assert state.players[RED].gold == 17
    assert state.players[BLUE].gold == 30


def test_kingsbridge_privileges_and_unclaimed_leave_s2_4_4():
    g = position("kingsbridge", players=2, kingsbridge=("wool_fair", "jack"), spots={"kingsbridge": (None, BLUE)})
    state = after_step(g, "kingsbridge")
    assert state.players[BLUE].privileges == ("jack",)
    assert state.players[RED].privileges == ()
    assert "wool_fair" not in g.state.kingsbridge and not g.state.players[RED].privileges


def test_priory_two_and_one_vp_s2_4_5():
    g = position("priory", players=2, spots={"priory": (BLUE, RED)})
    assert [p.vp for p in after_step(g, "priory").players] == [3, 4]


def test_resource_cards_yield_s2_4_6():
    g = position(
        "forest",
        players=2,
        seats={RED: dict(resource_cards=("forest_3", "quarry_2")), BLUE: dict(resource_cards=("sand_pit_4",))},
    )
    assert after_step(g, "forest").players[RED].cubes == (3, 0, 0, 0)
    assert after_step(g, "sand_pit").players[RED].cubes == (3, 2, 0, 0)
    assert after_step(g, "sand_pit").players[BLUE].cubes == (0, 0, 4, 0)


def test_tax_roll_court_exemption_and_metal_s2_4_9():
    g = position(
        "kings_court",
        players=3,
        spots={"kings_court": (GREEN,)},
        seats={RED: dict(gold=20), BLUE: dict(gold=1, vp=4)},
        pins=dict(tax=(3,)),
    )
    assert of_type(g.events, E.TaxRolled) == [E.TaxRolled(3)]
    state = after_step(g, "kings_court")
    assert state.players[RED].gold == 17
    assert state.players[GREEN].gold == 22 and state.players[GREEN].cube("metal") == 1
    assert (state.players[BLUE].gold, state.players[BLUE].vp) == (0, 3)  # §2.5: 2 missing gold, 1 VP
    assert state.court_metal == 0


def test_tax_die_faces_s1():
    """§1: faces 2, 3, 3, 4, 4, 5 -- over many seeds every face shows up and nothing else."""
    seen = set()
    for seed in range(60):
        g = position("kings_court", players=2, seed=seed)
        seen.add(of_type(g.events, E.TaxRolled)[-1].value)
    assert seen == {2, 3, 4, 5}


def test_shiring_craftsmen_free_and_unclaimed_leave_s2_4_10():
    g = position("shiring", players=2, shiring=("sculptor_r3", "potter_r3"), spots={"shiring": (None, RED)})
    state = after_step(g, "shiring")
    assert state.players[RED].craftsmen[-1] == "potter_r3"
    assert state.players[RED].gold == 20
    assert "sculptor_r3" not in state.players[BLUE].craftsmen


def test_castle_grey_workers_next_round_s2_4_11():
    g = position("castle", players=2, round=2, spots={"castle": (BLUE,)})
    assert after_step(g, "castle").players[BLUE].grey_next == 2
    # the flow ran on into round 3: the grey workers are Blue's this round only
    assert g.state.round == 3
    assert g.state.players[BLUE].pieces == Pieces(7, 1, 2, 0)
    assert g.state.players[BLUE].grey_next == 0
    g3 = position("round_start", players=2, round=4, seats={BLUE: dict(grey_next=0)})
    assert g3.state.players[BLUE].pieces == Pieces(7, 1, 0, 0)  # returned after one round


def test_new_start_player_and_fallback_s2_4_14():
    g = position("start_player", spots={"start_player": (YELLOW,)})
    assert g.state.start_player == YELLOW
    g = position("start_player", start_player=BLUE)
    assert g.state.start_player == GREEN  # left neighbour of the current start player
    g = position("start_player", start_player=YELLOW)
    assert g.state.start_player == RED


def test_round_end_starts_next_round_s2_4():
    g = position("round_start", players=2, round=2)
    assert g.state.round == 2 and g.state.stage == "draft"
    assert of_type(g.events, E.RoundStarted)[-1].round == 2


def test_steps_run_in_order_s2_4():
    from pillars_rules import RandomBot, new_game, play
    from pillars_rules.cardlang.effects import STEPS

    game = play(new_game(3, seed=21), RandomBot(21))
    per_round = []
    for e in game.events:
        if isinstance(e, E.RoundStarted):
            per_round.append([])
        elif isinstance(e, E.StepStarted):
            per_round[-1].append(e.step)
    assert len(per_round) == 6
    assert all(steps == list(STEPS) for steps in per_round)

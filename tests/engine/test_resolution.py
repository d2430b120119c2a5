"""§2.4 Phase III -- steps 1-14 (market and cathedral have their own files)."""

from pillars_rules.actions import Protect, TakeCube
from pillars_rules.effects import Amount
from pillars_rules.engine import events as E
from pillars_rules.engine.state import Pieces

from .support import BLUE, GREEN, RED, YELLOW, at_step, game_for, new_events, of_type, spots


def _event_step(event, **kw):
    game = game_for(players=4)
    return at_step(game, "event", event_deck=(event,), **kw)


def test_event_revealed_and_applied_s2_4_1():
    g = _event_step("king_celebrates")
    assert g.state.event == "king_celebrates"
    assert [p.gold for p in g.state.players] == [25, 26, 27, 28]


def test_bishop_protects_from_harmful_event_s2_4_2():
    g = _event_step("conflict_philip_waleran", spots=spots(bishop=(BLUE,)))
    assert g.pending.kind == "bishop" and g.current_player == BLUE
    assert Protect() in g.legal_actions()
    g2 = g.apply(Protect())
    lost = [e for e in of_type(new_events(g, g2), E.Lost) if e.reason == "conflict_philip_waleran"]
    assert {e.seat for e in lost} == {RED, GREEN, YELLOW}
    assert all(e.amounts == (Amount("vp", 2),) for e in lost)


def test_bishop_takes_cube_instead_not_both_s2_4_2():
    g = _event_step("conflict_philip_waleran", spots=spots(bishop=(BLUE,)))
    g2 = g.apply(TakeCube("stone"))
    evs = new_events(g, g2)
    assert of_type(evs, E.CubeTaken) == [E.CubeTaken(BLUE, "stone", "market")]
    assert {e.seat for e in of_type(evs, E.Lost) if e.reason != "tax"} == {RED, BLUE, GREEN, YELLOW}
    assert not of_type(evs, E.Protected)


def test_bishop_only_cube_when_event_not_harmful_s2_4_2():
    g = _event_step("king_celebrates", spots=spots(bishop=(GREEN,)))
    assert g.pending.kind == "bishop"
    assert Protect() not in g.legal_actions()
    assert {a.resource for a in g.legal_actions()} == {"wood", "stone", "sand"}


def test_wool_mill_pays_worker_value_and_caps_at_30_s2_4_3():
    g = at_step(game_for(players=2), "wool_mill",
                players={RED: {"pieces": Pieces(2, 1, 0, 0), "gold": 10},
                         BLUE: {"pieces": Pieces(7, 1, 0, 0), "gold": 25}})
    assert g.state.players[RED].gold == 17
    assert g.state.players[BLUE].gold == 30


def test_kingsbridge_privileges_and_unclaimed_leave_s2_4_4():
    g = at_step(game_for(players=2), "kingsbridge", kingsbridge=("wool_fair", "jack"),
                spots=spots(kingsbridge=(None, BLUE)))
    assert g.state.players[BLUE].privileges == ("jack",)
    assert g.state.players[RED].privileges == ()


def test_priory_two_and_one_vp_s2_4_5():
    g = at_step(game_for(players=2), "priory", spots=spots(priory=(BLUE, RED)))
    assert [p.vp for p in g.state.players] == [3, 4]


def test_resource_cards_yield_s2_4_6():
    g = at_step(game_for(players=2), "forest",
                players={RED: {"resource_cards": ("forest_4", "quarry_2", "sand_pit_3")}})
    g = at_step(g, "quarry")
    g = at_step(g, "sand_pit")
    assert g.state.players[RED].cubes == (4, 2, 3, 0)


def test_tax_roll_court_exemption_and_metal_s2_4_9():
    g = at_step(game_for(players=3), "kings_court", spots=spots(kings_court=(GREEN,)),
                players={RED: {"gold": 20}, BLUE: {"gold": 1}})
    tax = of_type(g.events, E.TaxRolled)[-1].value
    assert tax in (2, 3, 4, 5)
    assert g.state.players[RED].gold == 20 - tax
    assert g.state.players[GREEN].gold == 22 and g.state.players[GREEN].cube("metal") == 1
    assert g.state.players[BLUE].gold == 0
    assert g.state.court_metal == 0


def test_tax_die_faces_s1():
    """§1: faces 2, 3, 3, 4, 4, 5 -- over many seeds every face shows up and nothing else."""
    seen = set()
    for seed in range(60):
        g = at_step(game_for(players=2, seed=seed), "kings_court")
        seen.add(of_type(g.events, E.TaxRolled)[-1].value)
    assert seen == {2, 3, 4, 5}


def test_shiring_craftsmen_free_and_unclaimed_leave_s2_4_10():
    g = at_step(game_for(players=2), "shiring", shiring=("sculptor_r3", "potter_r3"),
                spots=spots(shiring=(None, RED)))
    assert g.state.players[RED].craftsmen[-1] == "potter_r3"
    assert g.state.players[RED].gold == 20
    assert "sculptor_r3" not in g.state.players[BLUE].craftsmen


def test_castle_grey_workers_next_round_s2_4_11():
    g = at_step(game_for(players=2), "castle", spots=spots(castle=(BLUE,)))
    assert g.state.players[BLUE].grey_next == 2
    from .support import resume

    g2 = resume(g, stage="round_end")
    assert g2.state.players[BLUE].pieces == Pieces(7, 1, 2, 0)
    g3 = resume(g2, stage="round_end")
    assert g3.state.players[BLUE].pieces == Pieces(7, 1, 0, 0)  # returned after one round


def test_new_start_player_and_fallback_s2_4_14():
    g = at_step(game_for(players=4), "start_player", spots=spots(start_player=(YELLOW,)))
    assert g.state.start_player == YELLOW
    g = at_step(game_for(players=4), "start_player", start_player=BLUE)
    assert g.state.start_player == GREEN  # left neighbour of the current start player
    g = at_step(game_for(players=4), "start_player", start_player=YELLOW)
    assert g.state.start_player == RED


def test_round_end_starts_next_round_s2_4():
    from .support import resume

    g = resume(game_for(players=2), stage="round_end")
    assert g.state.round == 2 and g.state.stage == "draft"
    assert of_type(g.events, E.RoundStarted)[-1].round == 2


def test_steps_run_in_order_s2_4():
    from pillars_rules import play, RandomBot, new_game
    from pillars_rules.effects import STEPS

    game = play(new_game(3, seed=21), RandomBot(21))
    per_round = []
    for e in game.events:
        if isinstance(e, E.RoundStarted):
            per_round.append([])
        elif isinstance(e, E.StepStarted):
            per_round[-1].append(e.step)
    assert len(per_round) == 6
    assert all(steps == list(STEPS) for steps in per_round)

"""§2.2 Phase I -- the draft, workers and craftsmen."""

import pytest

from pillars_rules import IllegalActionError
from pillars_rules.actions import Discard, Hire, Pass, TakeResourceCard
from pillars_rules.engine import events as E
from pillars_rules.engine.flow import pieces_for
from pillars_rules.engine.state import Pieces

from .support import game_for, new_events, of_type, position


def test_worker_ruling_least_excess_s2_2():
    """§2.2 worker ruling: least excess; keep the big worker back if smalls suffice exactly."""
    full = Pieces(7, 1, 0, 0)
    assert pieces_for(full, 5) == Pieces(5, 0, 0, 0)
    assert pieces_for(full, 7) == Pieces(7, 0, 0, 0)
    assert pieces_for(full, 8) == Pieces(3, 1, 0, 0)
    assert pieces_for(full, 12) == Pieces(7, 1, 0, 0)
    assert pieces_for(full, 13) is None
    assert pieces_for(Pieces(2, 1, 0, 0), 3) == Pieces(0, 1, 0, 0)  # excess 2 is wasted
    assert pieces_for(Pieces(1, 0, 2, 1), 4) == Pieces(1, 0, 2, 1)  # grey/black are pieces too


def _display(*cards, **kw):
    return position("draft", display=cards, **kw)


def test_take_resource_card_places_workers_s2_2():
    game = _display("quarry_4", "forest_2")
    after = game.apply(TakeResourceCard("quarry_4"))
    p = after.state.players[0]
    assert p.resource_cards == ("quarry_4",)
    assert p.placed == Pieces(5, 1, 0, 0) and p.pieces == Pieces(2, 0, 0, 0)
    assert "quarry_4" not in after.state.display


def test_resource_card_needs_enough_workers_s2_2():
    game = _display("quarry_4", "forest_2", seats={0: dict(pieces=Pieces(3, 0, 0, 0))})
    assert TakeResourceCard("quarry_4") not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="too few workers"):
        game.apply(TakeResourceCard("quarry_4"))
    assert TakeResourceCard("forest_2") in game.legal_actions()


def test_hire_pays_gold_s2_2():
    game = _display("mason_r1", "forest_2")
    after = game.apply(Hire("mason_r1"))
    assert after.state.players[0].gold == 20 - 5
    assert after.state.players[0].craftsmen[-1] == "mason_r1"


def test_hire_needs_gold_s2_2():
    game = _display("mason_r1", "forest_2", seats={0: dict(gold=4)})
    assert Hire("mason_r1") not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="cannot pay"):
        game.apply(Hire("mason_r1"))


def test_craftsman_limit_forces_discard_possibly_the_new_one_s2_2():
    base = ("carpenter", "stonemason", "mortar_mixer", "toolmaker", "master_carpenter")
    game = _display("mason_r1", "forest_2", seats={0: dict(craftsmen=base)})
    g = game.apply(Hire("mason_r1"))
    assert g.pending.kind == "discard" and g.current_player == 0
    assert {a.card for a in g.legal_actions()} == set(base) | {"mason_r1"}
    g2 = g.apply(Discard("mason_r1"))
    assert g2.state.players[0].craftsmen == base
    assert g2.pending.kind == "draft" and g2.current_player == 1
    g3 = g.apply(Discard("carpenter"))
    assert "carpenter" not in g3.state.players[0].craftsmen and len(g3.state.players[0].craftsmen) == 5


def test_pass_is_final_and_order_s2_2():
    game = game_for(players=3)
    g = game.apply(Pass())
    assert g.current_player == 1
    g = g.apply(g.legal_actions()[0])  # seat 1 takes something
    g = g.apply(Pass())  # seat 2 passes
    assert g.current_player == 1  # seat 0 passed for good
    g = g.apply(Pass())
    assert of_type(new_events(game, g), E.DraftEnded)
    assert g.pending.kind in ("redraw", "place")


def test_leftovers_and_mill_s2_2():
    """§2.2: leftover craftsmen leave the game; unplaced workers go to the wool mill."""
    game = game_for(players=2)
    g = game.apply(Pass()).apply(Pass())
    assert g.state.display == ()
    assert all(p.pieces.value == 12 for p in g.state.players)

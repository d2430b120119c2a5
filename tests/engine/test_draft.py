"""§2.2 Phase I -- the draft, workers and craftsmen."""

import pytest

from pillars_rules import IllegalActionError
from pillars_rules.actions import Discard, Hire, Pass, TakeResourceCard
from pillars_rules.engine import events as E
from pillars_rules.engine.batch import pieces_for
from pillars_rules.engine.state import Pieces

from .support import game_for, new_events, of_type, position


def test_s2_2_pieces_with_or_without_the_big_worker():
    """§2.2 worker ruling (revised): with the big worker, it plus max(0, N-5) one-value
    pieces; without, N one-value pieces; grey first, then black, then small."""
    full = Pieces(7, 1, 0, 0)
    assert pieces_for(full, 5, big=False) == Pieces(5, 0, 0, 0)
    assert pieces_for(full, 5, big=True) == Pieces(0, 1, 0, 0)
    assert pieces_for(full, 3, big=True) == Pieces(0, 1, 0, 0)  # excess 2 is wasted
    assert pieces_for(full, 8, big=False) is None
    assert pieces_for(full, 8, big=True) == Pieces(3, 1, 0, 0)
    assert pieces_for(full, 12, big=True) == Pieces(7, 1, 0, 0)
    assert pieces_for(full, 13, big=True) is None
    assert pieces_for(Pieces(7, 0, 0, 0), 3, big=True) is None  # the big worker is placed
    assert pieces_for(Pieces(3, 1, 2, 1), 4, big=False) == Pieces(1, 0, 2, 1)  # grey, black, small
    assert pieces_for(Pieces(3, 1, 2, 1), 7, big=True) == Pieces(0, 1, 2, 0)


def _display(*cards, **kw):
    return position("draft", display=cards, **kw)


def test_s2_2_player_chooses_big_worker():
    """§2.2: both placements are listed whenever the player has the pieces, and the
    chosen one is what goes on the card."""
    game = _display("quarry_4", "forest_2")
    takes = {a for a in game.legal_actions() if isinstance(a, TakeResourceCard)}
    assert takes == {
        TakeResourceCard("quarry_4", big=True),
        TakeResourceCard("forest_2", big=True),
        TakeResourceCard("forest_2", big=False),
    }
    after = game.apply(TakeResourceCard("quarry_4", big=True))
    p = after.state.players[0]
    assert p.resource_cards == ("quarry_4",)
    assert p.placed == Pieces(5, 1, 0, 0) and p.pieces == Pieces(2, 0, 0, 0)
    assert "quarry_4" not in after.state.display
    small = game.apply(TakeResourceCard("forest_2", big=False)).state.players[0]
    assert small.placed == Pieces(3, 0, 0, 0) and small.pieces == Pieces(4, 1, 0, 0)
    big = game.apply(TakeResourceCard("forest_2", big=True)).state.players[0]
    assert big.placed == Pieces(0, 1, 0, 0) and big.pieces == Pieces(7, 0, 0, 0)


def test_s2_2_issue_example_all_three_cards_takeable():
    """§2.2 (issue #9): with 7 small + 1 big, Forest-3 with the big worker (+1 small),
    then Sand pit-2 and Forest-2 with small pieces: all three cards are taken. Without
    the big worker on Forest-3, Forest-2 is refused, saying why."""
    game = _display("forest_3", "sand_pit_2", "forest_2", players=2, passed=(1,))
    g = game.apply(TakeResourceCard("forest_3", big=True))
    g = g.apply(TakeResourceCard("sand_pit_2", big=False))
    g = g.apply(TakeResourceCard("forest_2", big=False))
    red = g.state.players[0]
    assert set(red.resource_cards) == {"forest_3", "sand_pit_2", "forest_2"}
    assert red.placed == Pieces(6, 1, 0, 0) and red.pieces == Pieces(1, 0, 0, 0)
    # the engine's old choice (6 small on Forest-3) leaves Forest-2 untakeable
    g = game.apply(TakeResourceCard("forest_3", big=False)).apply(TakeResourceCard("sand_pit_2", big=True))
    assert not any(isinstance(a, TakeResourceCard) for a in g.legal_actions())
    with pytest.raises(
        IllegalActionError, match="without the big worker Forest .* needs 3 one-value pieces; Red has 1"
    ):
        g.apply(TakeResourceCard("forest_2"))


def test_s2_2_refused_take_says_which_placement_works():
    game = _display("forest_3", seats={0: dict(pieces=Pieces(4, 1, 0, 0))})
    with pytest.raises(
        IllegalActionError,
        match=r"without the big worker Forest \(3 wood\) needs 6 "
        r"one-value pieces; Red has 4 -- use big=True",
    ):
        game.apply(TakeResourceCard("forest_3", big=False))
    before = game.state.players[0].placed
    after = game.apply(TakeResourceCard("forest_3", big=True)).state.players[0].placed
    assert after.minus(before) == Pieces(1, 1, 0, 0)


def test_resource_card_needs_enough_workers_s2_2():
    game = _display("quarry_4", "forest_2", seats={0: dict(pieces=Pieces(3, 0, 0, 0))})
    assert not any(isinstance(a, TakeResourceCard) and a.card == "quarry_4" for a in game.legal_actions())
    with pytest.raises(IllegalActionError, match="needs 10 one-value pieces; Red has 3"):
        game.apply(TakeResourceCard("quarry_4"))
    with pytest.raises(IllegalActionError, match="big worker is already placed"):
        game.apply(TakeResourceCard("quarry_4", big=True))
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

"""The observation layout: each block says what it should, seen from the observer's chair."""

from __future__ import annotations

from requires import need

need("ai", module=True)  # the [ai] extra: without it this module skips, saying what to install

import numpy as np
import pytest

import pillars_rules as pr
from pillars_rules.ai.observation import Layout, extend_digest

from .support import random_positions


def blocks(layout: Layout, vector: np.ndarray) -> dict:
    names = [n for n, _ in layout.blocks()]
    cuts = np.cumsum([k for _, k in layout.blocks()])[:-1]
    return dict(zip(names, np.split(vector, cuts)))


@pytest.mark.parametrize("players,seed", [(2, 31), (3, 32), (4, 33)])
def test_blocks_hold_the_views_facts_relative_to_the_seat(players, seed):
    layout = None
    for game in random_positions(players, seed, every=23):
        layout = layout or Layout.for_rules(game.rules, players)
        s = game.state
        for seat in range(players):
            b = blocks(layout, layout.tensor(game.view(seat)))
            rows = b["seats"].reshape(players, layout.per_seat)
            for slot in range(players):
                p = s.players[(seat + slot) % players]
                assert rows[slot][:6].tolist() == [p.gold, p.vp, *p.cubes]
                assert rows[slot].sum() > 0
            assert b["round"].argmax() == s.round and b["round"].sum() == 1
            assert b["game_over"][0] == s.game_over
            spots = len(layout.spots)
            assert b["spots"].reshape(spots, players + 1).sum(axis=1).tolist() == [1] * spots
            if s.game_over:
                assert b["pending_seat"].sum() == 0
            else:
                assert b["pending_seat"].argmax() == (s.pending.seat - seat) % players
            assert b["board"][:8].tolist() == [*s.supply, *s.market]
            assert b["display"].sum() == len(s.display)


def test_tensor_and_text_are_deterministic_and_differ_between_seats():
    game = pr.play(pr.new_game(3, 4), pr.RandomBot(4), max_actions=40)
    layout = Layout.for_rules(game.rules, 3)
    views = [game.view(s) for s in range(3)]
    assert (layout.tensor(views[0]) == layout.tensor(game.view(0))).all()
    assert layout.text(views[1]) == layout.text(game.view(1))
    assert not (layout.tensor(views[0]) == layout.tensor(views[1])).all()  # seats are relative
    assert layout.text(views[2]).startswith("you are seat 2;")
    assert all(p.name in layout.text(views[0]) for p in game.state.players)


def test_the_digest_is_a_chain_over_events():
    events = ["a", "b", "c"]
    assert extend_digest(extend_digest("", events[:1]), events[1:]) == extend_digest("", events)
    assert extend_digest("", events) != extend_digest("", events[::-1])


WELL = """place well "Village well" {
    after priory
    spots 2
    spot 1: gain 2 gold
}
"""


def test_the_layout_is_sized_from_the_games_board():
    # issue #35: a fan board's place adds its spots and its step to the tensor
    from pillars_rules.cardlang import base_cards, compile_text

    base = base_cards()
    game = pr.new_game(2, 7, cards=base.merged(compile_text(WELL, "fan.cards", known=base)))
    fan, plain = Layout.for_rules(game.rules, 2), Layout.for_rules(pr.new_game(2, 7).rules, 2)
    assert len(fan.spots) == len(plain.spots) + 2 == 19 and ("well", 1) in fan.spots
    assert len(fan.steps) == len(plain.steps) + 1 and fan.steps["well"] == fan.steps["priory"] + 1
    assert fan.size == plain.size + 2 * 3 + 1  # two spots (empty or a seat of 2) and a step
    while not game.is_over:  # the well's builders land in its own rows of the tensor
        game = game.apply(pr.RandomBot(7)(game.view(game.current_player)), seat=game.current_player)
        if any(x is not None for x in game.state.spot_list("well")):
            break
    b = blocks(fan, fan.tensor(game.view(0)))
    rows = b["spots"].reshape(len(fan.spots), 3)
    ((spot, who),) = [(i, x) for i, x in enumerate(game.state.spot_list("well")) if x is not None]
    assert rows[fan.spots.index(("well", spot))].tolist() == ([0, 1, 0] if who == 0 else [0, 0, 1])

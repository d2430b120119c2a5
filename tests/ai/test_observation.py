"""The observation layout: each block says what it should, seen from the observer's chair."""

from __future__ import annotations

import numpy as np
import pytest

import pillars_rules as pr
from pillars_rules.ai.observation import SPOTS, Layout, extend_digest

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
            assert b["spots"].reshape(len(SPOTS), players + 1).sum(axis=1).tolist() == [1] * len(SPOTS)
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

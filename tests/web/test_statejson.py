"""The state's JSON part by part (:mod:`pillars_rules.web.statejson`): the whole
text equals the codec's, and a state's ``changes`` applied to the state before
give the state after, at every move of whole random games."""

from __future__ import annotations

import json
import random

import pytest

import pillars_rules as pr
from pillars_rules.pillars_json.codec import converter
from pillars_rules.web.statejson import StateJSON, apply_changes


def _codec(state) -> str:
    return json.dumps(converter.unstructure(state), ensure_ascii=False, separators=(",", ":"))


@pytest.mark.parametrize("players,seed", [(2, 11), (4, 12)])
def test_whole_and_changes_follow_a_whole_game(players, seed):
    game, rnd, coder = pr.new_game(players=players, seed=seed), random.Random(seed), StateJSON()
    held = json.loads(coder.whole(game.view(None).state))  # what a version 2 client holds
    moves = 0
    while not game.is_over:
        before = game
        game = game.apply(rnd.choice(game.legal_actions()))
        after = game.view(None).state
        changes = json.loads(coder.changes(before.view(None).state, after))
        assert changes and "decision" in changes
        held = apply_changes(held, changes)
        assert coder.whole(after) == _codec(after)
        assert held == json.loads(_codec(after)), moves
        seat = moves % players  # a seat's view shares the cache
        assert coder.whole(game.view(seat).state) == _codec(game.view(seat).state)
        moves += 1
    assert moves > 50


def test_apply_changes_leaves_the_state_it_was_given_alone():
    state = {"a": 1, "players": [{"gold": 3, "vp": 0}, {"gold": 5, "vp": 1}], "board": {"x": [1]}}
    copy = json.loads(json.dumps(state))
    out = apply_changes(state, {"players/1/gold": 7, "board/x": [2], "a": 2})
    assert out == {"a": 2, "players": [{"gold": 3, "vp": 0}, {"gold": 7, "vp": 1}], "board": {"x": [2]}}
    assert state == copy
    assert apply_changes(state, {"players/0/vp": 9}) != state  # the test can tell a change

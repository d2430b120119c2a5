"""engine.copiers.replace: the copy evolve makes of a frozen record (generated
per class and set of changed names) changes exactly the named fields and
shares everything else."""

from __future__ import annotations

import attrs
import pytest
from attrs import frozen

import pillars_rules as pr
from pillars_rules.engine import copiers as S


@pytest.fixture(scope="module")
def state():
    game = pr.new_game(4, 2)
    return pr.playout(game, seed=1, max_actions=30).state


def test_grouped_and_top_level_fields_in_one_call(state):
    new = S.replace(state, market=(1, 2, 3, 4), pending=None, drawn=2)
    assert (new.market, new.pending, new.drawn) == ((1, 2, 3, 4), None, 2)
    assert new == attrs.evolve(
        state,
        frame=attrs.evolve(state.frame, pending=None),
        board=attrs.evolve(state.board, market=(1, 2, 3, 4)),
        builders=attrs.evolve(state.builders, drawn=2),
    )
    assert new.players is state.players and new.decks is state.decks and new.board.spots is state.board.spots
    assert state.pending is not None and state.market != (1, 2, 3, 4)  # the old state is untouched


def test_the_copy_is_frozen_and_hashes_by_value(state):
    new = S.replace(state, rng=state.rng)
    assert new == state and hash(new) == hash(state) and new is not state
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        new.rng = 3


def test_unknown_or_doubly_named_fields_are_refused(state):
    with pytest.raises(TypeError, match="no field"):
        S.replace(state, nope=1)
    with pytest.raises(TypeError, match="both 'board' and its field 'market'"):
        S.replace(state, board=state.board, market=(0, 0, 0, 0))


def test_a_slotted_record_is_built_through_its_constructor():
    @frozen
    class Slotted:
        a: int
        b: tuple = ()

    old = Slotted(1, (2,))
    new = S.replace(old, a=5)
    assert type(new) is Slotted and new == Slotted(5, (2,)) and new.b is old.b

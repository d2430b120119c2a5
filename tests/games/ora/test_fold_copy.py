"""The fold's state copy (``fold._evolve``) is ``attrs.evolve``: the same state, unchanged fields shared."""

from __future__ import annotations

import random

import attrs
import pytest

from pillars_rules.games.ora.fold import _evolve
from pillars_rules.games.ora.legal import legal

from .helpers import game


def _states():
    g = game("4 players", "france", None, "shipped")
    rng = random.Random(5)
    for _ in range(60):
        yield g.state
        g = g.apply(rng.choice(legal(g.state, g.rules)))


def test_a_copy_with_changes_equals_attrs_evolve_and_shares_the_rest():
    for s in _states():
        frame = s.frame.ending()  # a new frame: the decision moved on, the game over
        changes = {"stage": "after", "frame": frame, "chain": ("0/x",)}
        got, want = _evolve(s, **changes), attrs.evolve(s, **changes)
        assert got == want and hash(got) == hash(want) and repr(got) == repr(want)
        assert got is not s and got.decision == s.decision + 1 and got.game_over
        for f in attrs.fields(type(s)):
            if f.name not in changes:
                assert getattr(got, f.name) is getattr(s, f.name)


def test_a_copy_naming_no_field_is_refused_and_the_state_is_unchanged():
    s = next(_states())
    before = attrs.asdict(s, recurse=False)
    with pytest.raises(TypeError, match="no field"):
        _evolve(s, stage="after", stagee="x")
    assert attrs.asdict(s, recurse=False) == before

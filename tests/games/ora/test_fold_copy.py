"""The fold's state copy (``fold._evolve``) is ``attrs.evolve``: the same state, unchanged fields shared.
Both of its ways are checked in either build: the attribute dict's (the pure build's) and the
constructor's (``fold._rebuild``, the compiled build's, whose state has no dict)."""

from __future__ import annotations

import random

import attrs
import pytest

from pillars_rules.games.ora import records as R
from pillars_rules.games.ora.fold import _evolve, _rebuild
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


def _other(field: str, old, new):
    """A value of ``field``'s type that is not ``old``'s (``new``'s where it differs)."""
    v, w = getattr(old, field), getattr(new, field)
    if w is not v and w != v:
        return w
    if v is None:
        return {
            "step": R.Step(0, "fell", "", "0/x"),
            "contract": R.Asked(0, 1, "1/x", None),
            "using": R.Using(0, "0/x", "place"),
            "built": (0, "x"),
        }[field]
    if isinstance(v, bool):
        return not v
    if isinstance(v, int):
        return v + 1000
    if isinstance(v, str):
        return v + "~"
    if isinstance(v, tuple):
        return (*v, v[0]) if v else ("~",)
    return {"x": (1, 2)}  # values (a mapping)


def test_the_constructor_copy_takes_each_field_by_name_and_shares_the_rest():
    # a field _rebuild missed or misplaced would keep the old value, or land in another field
    states = list(_states())
    old, new = states[3], states[-1]
    for f in attrs.fields(type(old)):
        value = _other(f.name, old, new)
        assert value != getattr(old, f.name) or value is not getattr(old, f.name), f.name
        got = _rebuild(old, {f.name: value})
        assert getattr(got, f.name) == value and type(getattr(got, f.name)) is type(value), f.name
        for other in attrs.fields(type(old)):
            if other.name != f.name:
                assert getattr(got, other.name) is getattr(old, other.name), (f.name, other.name)
    frame = old.frame.ending()
    assert _rebuild(old, {"stage": "after", "frame": frame}) == attrs.evolve(old, stage="after", frame=frame)

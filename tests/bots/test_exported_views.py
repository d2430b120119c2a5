"""A bot deciding on a view rebuilt from its export (``from_export(export(view))``,
its log still JSON objects until read) sees what it sees on the view itself:
the chance draws, the events revealed and the privileges taken, so it decides
the same at every level."""

import random

import pytest

import pillars_rules as pr
from pillars_rules.bots import make_bot
from pillars_rules.determinize import _scan, revealed_events
from pillars_rules.view import export, from_export


def _views(seed: int, players: int, every: int):
    """Views of one random game's deciding seats, every ``every`` actions."""
    game = pr.new_game(players=players, seed=seed)
    bot = pr.RandomBot(seed)
    views, i = [], 0
    while not game.is_over:
        seat = game.current_player
        view = game.view(seat)
        if i % every == 0:
            views.append(view)
        game = game.apply(bot(view), seat=seat)
        i += 1
    return views


def test_a_rebuilt_view_tells_the_draws_reveals_and_privileges_of_the_view():
    views = _views(seed=3, players=3, every=25)
    assert len(views) > 8
    told = 0
    for view in views:
        rebuilt = from_export(export(view))
        assert _scan(rebuilt) == _scan(view)
        assert revealed_events(rebuilt) == revealed_events(view)
        told += bool(_scan(view)[0] and _scan(view)[1] and _scan(view)[2])
    assert told  # the game got far enough to draw, reveal and take


def test_a_determinized_rebuilt_view_is_the_determinized_view():
    for view in _views(seed=5, players=4, every=80):
        rebuilt = from_export(export(view))
        a = pr.determinize(view, random.Random(7))
        b = pr.determinize(rebuilt, random.Random(7))
        assert a.state == b.state


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_decides_the_same_on_a_rebuilt_view(level):
    views = _views(seed=11, players=3, every=150 if level == "hard" else 30)
    for k, view in enumerate(views):
        rebuilt = from_export(export(view))
        assert make_bot(level, 100 + k)(rebuilt) == make_bot(level, 100 + k)(view), (level, k)

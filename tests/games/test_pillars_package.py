"""Pillars as a game package (issue #57): what ``pillars_rules.games.pillars`` names,
its type making new games itself, and the old home of its set-up, ``pillars_rules.game``."""

from __future__ import annotations

import warnings

import pytest

import pillars_rules as pr
import pillars_rules.game as api
from pillars_rules.games import pillars
from pillars_rules.games.pillars import PILLARS


def test_the_package_names_its_type_set_up_saves_and_replay():
    assert pillars.PILLARS is pr.core.game_type("pillars")
    assert pillars.load_cards is pr.load_cards and pillars.VARIANTS is pr.VARIANTS
    assert {"HEADER_FIELDS", "infer_action", "replay_pillars", "game_started", "Rules"} <= set(pillars.__all__)
    assert all(hasattr(pillars, name) for name in pillars.__all__)
    assert not hasattr(pillars, "attach")  # nothing is handed to the type at import


def test_the_type_makes_the_same_game_as_new_game():
    made = PILLARS.new_game(3, 7, ["dm"], {"names": ("Ann", "Bob", "Cy")})
    assert made == pr.new_game(players=3, seed=7, variants=["dm"], names=("Ann", "Bob", "Cy"))
    assert made.game_type is PILLARS and made.state.players[2].name == "Cy"
    assert pr.replay(made.events) == made


def test_the_type_refuses_an_unknown_option_and_hostile_arguments_clearly():
    with pytest.raises(pr.ConfigError, match=r"^new_game of 'pillars' takes no option 'colour'"):
        PILLARS.new_game(2, 1, (), {"colour": "red"})
    with pytest.raises(pr.ConfigError, match=r"^new_game of 'pillars' takes no option 'colour'"):
        pr.new_game(players=2, seed=1, colour="red")

    class Hostile:
        def __iter__(self):
            raise RuntimeError("no")

    with pytest.raises(pr.ConfigError, match="names must be a list"):
        PILLARS.new_game(2, 1, (), {"names": 5})
    with pytest.raises(pr.ConfigError, match=r"^bad arguments to new_game: RuntimeError: no"):
        PILLARS.new_game(2, 1, (), {"names": Hostile()})


def test_the_old_home_still_names_the_set_up_with_a_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert api.load_cards is pillars.load_cards and api.VARIANTS is pillars.VARIANTS  # documented: no warning
    with pytest.warns(DeprecationWarning, match=r"pillars_rules\.game\.DEFAULT_NAMES is Pillars' own"):
        assert api.DEFAULT_NAMES == pillars.DEFAULT_NAMES
    with pytest.warns(DeprecationWarning, match="named_set_path"):
        from pillars_rules.game import named_set_path
    assert named_set_path is pillars.named_set_path
    with pytest.raises(AttributeError, match="no attribute 'PILLARS_X'"):
        api.PILLARS_X  # noqa: B018
    with pytest.raises(AttributeError):
        api._CHECKED  # noqa: B018  (private names stayed private)

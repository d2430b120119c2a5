"""The production wheel of each mode and variant is a track card (cards/ora-et-labora/tracks.cards), read by
the rules (issue #58, "as text"): the shipped cards give each mode its wheel as the rules say, a fan set's
track changes the game, and a set without the track of a mode is refused for that mode."""

from __future__ import annotations

from pathlib import Path

import pytest

from pillars_rules.errors import CardError, ConfigError
from pillars_rules.games.ora import new_game, ora_rules, setup

from .helpers import fan_set

FRONT = (0, 2, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 10)
BACK = (0, 1, 2, 2, 3, 4, 4, 5, 6, 6, 7, 8, 10)
BASIC = ("wood", "clay", "peat", "sheep", "grain", "coin", "joker")

#: (mode, players, variant) -> (values, indicators, entering, at the end)
WHEELS = {
    ("4 players", None, "france"): (FRONT, BASIC, (("grapes", 8), ("stone", 13)), "cap"),  # §1.1, R6
    ("3 players", None, "ireland"): (FRONT, BASIC, (("stone", 13),), "cap"),  # §2.1: no grapes in Ireland
    ("2 players", None, "france"): (BACK, BASIC, (("grapes", 11), ("stone", 18)), "cap"),  # §8.2, R1
    ("long 2 players", None, "ireland"): (FRONT, BASIC, (("stone", 18),), "cap"),  # §8.7
    ("short", 3, "france"): (FRONT, BASIC, (("grapes", 4), ("stone", 6)), "cap"),  # §10.3
    ("short", 4, "ireland"): (FRONT, BASIC, (("stone", 6),), "cap"),
    ("solo", None, "france"): (FRONT, BASIC[:-1], (("joker", 12),), "remove"),  # §9.1, §9.2; R21, R23
}


@pytest.mark.parametrize(("mode", "players", "variant"), sorted(WHEELS, key=str))
def test_each_mode_plays_the_wheel_its_track_card_gives(mode, players, variant):
    values, indicators, entering, end = WHEELS[(mode, players, variant)]
    w = ora_rules(mode, variant, players=players).wheel
    assert (w.values, w.indicators, w.entering, w.at_end, w.wild) == (values, indicators, entering, end, "joker")
    assert setup.wheel(mode, variant) == w  # the module's names read the same cards
    assert (setup.FRONT, setup.BACK, setup.BASIC) == (FRONT, BACK, BASIC)


def fan(folder: Path, old: str, new: str) -> Path:
    return fan_set(folder / "fan", "tracks.cards", old, new)


def test_a_fan_track_changes_the_game(tmp_path):
    """A fan set whose France wheel for 3 and 4 players lets stone enter in round 9: the game's wheel, and
    so its content hash, are the fan set's."""
    folder = fan(tmp_path, "wheel enters grapes 8, stone 13", "wheel enters grapes 8, stone 9")
    rules = ora_rules(cards=[folder])
    assert rules.wheel.entering == (("grapes", 8), ("stone", 9))
    assert rules.content_hash != ora_rules().content_hash
    assert ora_rules("4 players", "ireland", cards=[folder]).wheel.entering == (("stone", 13),)  # Ireland's untouched
    g = new_game(rules)
    assert g.state.wheel == new_game(ora_rules()).state.wheel  # round 1: the same indicators on 0


def test_a_set_without_the_track_of_a_mode_is_refused_for_that_mode(tmp_path):
    """The rules take the one track of their mode and variant: none is refused when a game of that mode is
    made (the other modes still play); two are refused by the card checker, at the second's id."""
    folder = fan(tmp_path, "    modes 2 long\n", "    modes 5\n")  # the long game in France has no wheel now
    with pytest.raises(ConfigError, match="the card set needs one track card for mode 2L in france, it has 0"):
        ora_rules("long 2 players", "france", cards=[folder])
    assert ora_rules("long 2 players", "ireland", cards=[folder]).wheel.values == FRONT
    clash = fan(tmp_path / "clash", "    modes 2 long\n", "    modes 3 short\n")
    with pytest.raises(CardError, match="track cards 'wheel_short_france' and 'wheel_long_france' are both the track "):
        ora_rules(cards=[clash])


def test_a_save_of_a_fan_track_game_replays_with_that_set(tmp_path):
    """A game of a fan set's own wheel, saved, loads again with that set (its track read from it)."""
    import pillars_rules as pr
    from pillars_rules.core import playout

    folder = fan(tmp_path, "wheel enters grapes 8, stone 13", "wheel enters grapes 2, stone 3")
    g = playout(new_game(ora_rules(cards=[folder])), seed=4, until=lambda s: s.round > 4)
    assert any(n == "stone" for n, _ in g.state.wheel.steps)  # stone entered in round 3, as the fan track says
    again = pr.load(pr.save(g), cards=[folder])
    assert again.events == g.events and again.rules.wheel == g.rules.wheel
    # the save names its set's tracks: loaded with the shipped set, it is refused, not played on another wheel
    assert g.rules.card_hash.startswith(ora_rules().card_hash + "+tracks:")
    with pytest.raises(pr.SaveError):
        pr.load(pr.save(g))

"""A Hypothesis property test with pillars_rules.testing.

Run it either way:

    python examples/property_test.py
    python3 -m pytest examples/property_test.py

It plays random games -- base cards, the fan cards in examples/fan_cards and
the ``dm`` variant -- and checks every rules law after each one: cube
conservation, gold and VP ranges, craftsman, worker and cube limits, six
rounds, replay and save/load round trips.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings

import pillars_rules as pr
from pillars_rules import testing

FAN_CARDS = [str(Path(__file__).resolve().parent / "fan_cards")]


@settings(max_examples=10, deadline=None)
@given(testing.played_games(players=(2, 3, 4), variants=["dm"]))
def test_base_game_laws(game):
    testing.check_game(game)


@settings(max_examples=10, deadline=None)
@given(testing.played_games(players=(2, 4), cards=FAN_CARDS, max_actions=300))
def test_fan_cards_laws(game):
    testing.check_game(game, roundtrip=False)
    assert pr.replay(game.events, cards=FAN_CARDS) == game
    assert pr.load(pr.save(game), cards=FAN_CARDS) == game


if __name__ == "__main__":
    for test in (test_base_game_laws, test_fan_cards_laws):
        test()
        print(f"{test.__name__}: passed")
    print("all properties hold")

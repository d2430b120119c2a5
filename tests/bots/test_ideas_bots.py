"""The bots play the card forms of issue #36 (other players, transfers, values
of the game, the end of the game) from their views: full games with the
corpus of fan ideas (examples/ideas) end, replay, and the new forms act."""

from __future__ import annotations

from pathlib import Path

import pytest

import pillars_rules as pr
from pillars_rules.bots import make_bot
from pillars_rules.bots.cardvalue import CardValues, Weights
from pillars_rules.cardlang import effects as fx
from pillars_rules.engine import events as E

IDEAS = [str(Path(__file__).resolve().parents[2] / "examples" / "ideas")]


def _reaching(rules) -> set[str]:
    """Ids of the cards whose abilities use a form of issue #36."""
    out = set()
    for c in rules.cards:
        text = repr(c.abilities)
        if any(w in text for w in ("ForPlayers", "Transfer", "PerCount", "HasMost", "game_end")):
            out.add(c.id)
    return out


@pytest.mark.parametrize("level", ["random", "easy", "heuristic", "heuristic-v1"])
def test_bots_play_games_with_the_new_forms(level):
    acted = set()
    for seed in (1, 2, 3):
        game = pr.play(pr.new_game(3, seed, cards=IDEAS), [make_bot(level, seed * 10 + i) for i in range(3)])
        assert game.is_over
        assert pr.replay(game.events, cards=IDEAS) == game
        new = _reaching(game.rules)
        acted |= {e.reason for e in game.events if isinstance(e, (E.Gained, E.Lost)) and e.reason in new}
    assert acted  # some card of the new forms gave or took something


def test_card_values_see_who_an_effect_reaches():
    game = pr.new_game(3, 1, cards=IDEAS)
    cv = CardValues(game.rules, Weights())
    lose = fx.Lose((fx.Amount("gold", 2),))
    gain = fx.Gain((fx.Amount("gold", 2),))
    others = fx.Players("other")
    cubes = {k: 1.0 for k in fx.CUBES}
    assert cv.effect_value(fx.ForPlayers(others, lose), cubes, 1.0) > 0  # the others fall behind
    assert cv.effect_value(fx.ForPlayers(others, gain), cubes, 1.0) < 0
    assert cv.effect_value(fx.Transfer("take", gain.amounts, others), cubes, 1.0) > \
        cv.effect_value(gain, cubes, 1.0)
    assert cv.effect_value(fx.Transfer("give", gain.amounts, others), cubes, 1.0) < 0
    assert cv.effect_value(fx.Gain(gain.amounts, fx.PerCount("craftsmen")), cubes, 1.0) > \
        cv.effect_value(gain, cubes, 1.0)

"""The library's Ora laws (:mod:`pillars_rules.games.ora.laws`, issue #58's property toolkit): they hold
on random games of every player count, and each kind of law can fail (a tampered state, a negative stock,
a wheel off its values, a clergyman too many)."""

from __future__ import annotations

import attrs
import pytest

import pillars_rules as pr
from pillars_rules.games.ora import laws

from .helpers import at


@pytest.fixture(scope="module")
def finished():
    return pr.play(pr.new_game(game="ora-et-labora", players=2, seed=3, variants=["ireland"]), pr.RandomBot(3))


@pytest.mark.parametrize(("players", "variant", "seed"), [(1, "france", 1), (3, "ireland", 2), (4, "france", 5)])
def test_random_games_keep_every_law(players, variant, seed):
    game = pr.play(
        pr.new_game(game="ora-et-labora", players=players, seed=seed, variants=[variant]), pr.RandomBot(seed)
    )
    assert game.is_over
    laws.check_game(game)


def test_the_score_is_recounted_from_the_final_state(finished):
    laws.check_game(finished)
    assert [laws.recount(finished.rules, finished.state, s) for s in range(2)] == list(finished.scores())


def test_a_state_the_log_does_not_fold_to_is_caught(finished):
    stocks = (finished.state.stocks[0] + (("wonder", 1),),) + finished.state.stocks[1:]
    with pytest.raises(laws.OraLawError, match="the log folds to the game"):
        laws.check_game(at(finished, stocks=tuple(tuple(sorted(s)) for s in stocks)))


def test_each_state_law_can_fail(finished):
    rules, state = finished.rules, finished.state
    laws.check_state(rules, state, rotated=99)
    negative = attrs.evolve(state, stocks=((("wood", -1),),) + state.stocks[1:])
    with pytest.raises(laws.OraLawError, match="goods never negative .*seat 0 holds {'wood': -1}"):
        laws.check_state(rules, negative, rotated=99)
    name, _ = state.wheel.steps[0]
    off = attrs.evolve(state, wheel=attrs.evolve(state.wheel, steps=((name, 99),) + state.wheel.steps[1:]))
    with pytest.raises(laws.OraLawError, match=f"the wheel in the state: {name} stands at 99"):
        laws.check_state(rules, off, rotated=99)
    w = state.workers.all
    crowded = attrs.evolve(state.workers, all=tuple(attrs.evolve(x, at="0/somewhere") for x in w))
    with pytest.raises(laws.OraLawError, match="the clergy in the state: more than one clergyman"):
        laws.check_state(rules, attrs.evolve(state, workers=crowded, bonus=False), rotated=99)

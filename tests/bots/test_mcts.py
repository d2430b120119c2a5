"""The ISMCTS bot's playouts: the fast playout policy, where playouts stop,
and how their ends are scored."""

import random
from collections import Counter
from functools import partial

import pytest

import pillars_rules as pr
from pillars_rules import actions as A
from pillars_rules import testing
from pillars_rules.bots.cardvalue import board_reading
from pillars_rules.bots.evaluate import Evaluator
from pillars_rules.bots.mcts import MCTSBot, lite_policy
from pillars_rules.errors import ConfigError


def _position(players, seed, kind, max_actions=400):
    """A game of random play up to the first decision of ``kind`` (e.g. "place")."""
    rnd = random.Random(seed)
    game = pr.new_game(players, seed=seed)
    for _ in range(max_actions):
        if game.state.pending.kind == kind:
            return game
        legal = game.legal_actions()
        game = game.apply(legal[rnd.randrange(len(legal))])
    raise AssertionError(f"no {kind!r} decision in {max_actions} actions")


@pytest.mark.parametrize("weighted", [True, False])
def test_lite_policy_drives_the_fast_playout_through_a_whole_game(weighted):
    game = pr.new_game(4, seed=21)
    end = pr.playout(game, partial(lite_policy, rnd=random.Random(3), weighted=weighted))
    assert end.is_over
    testing.check_game(end)
    assert pr.replay(end.events) == end


def test_lite_policy_places_builders_on_the_valued_spots_first():
    game = _position(4, 5, "place")
    legal = game.legal_actions()
    rnd = random.Random(1)
    picks = Counter()
    for _ in range(3000):
        a = legal[lite_policy(game.state, legal, rnd)]
        picks[a.location if isinstance(a, A.Place) else "park"] += 1
    uniform = Counter()
    for _ in range(3000):
        a = legal[lite_policy(game.state, legal, rnd, weighted=False)]
        uniform[a.location if isinstance(a, A.Place) else "park"] += 1
    assert picks["priory"] > picks["market"] > picks["park"]
    assert picks["park"] < uniform["park"] and picks["priory"] > uniform["priory"]


def test_playouts_stop_at_the_market_or_cathedral_after_the_decision():
    bot = MCTSBot(1)
    game = _position(3, 7, "place")
    step_index = board_reading(game.rules).index  # where each step falls on the game's board
    stop = bot.stop_step(game.state, game.rules)
    assert stop == step_index("market")
    ref = game.state.round
    end = bot.playout(game, ref, random.Random(2), stop)
    s = end.state
    assert s.round != ref or (s.stage == "resolution" and step_index(s.step) >= stop)
    # without the cut the same playout goes on to the end of the round
    full = MCTSBot(1, cut=False)
    assert full.stop_step(game.state) is None
    whole = full.playout(game, ref, random.Random(2))
    assert whole.state.round != ref or whole.is_over
    assert whole.n_events > end.n_events


@pytest.mark.parametrize("kind, stop", [("market", "cathedral"), ("cathedral", None)])
def test_decisions_in_the_resolution_play_out_further(kind, stop):
    game = _position(2, 11, kind, max_actions=2000)
    assert MCTSBot(1).stop_step(game.state, game.rules) == (stop and board_reading(game.rules).index(stop))


def test_win_score_equals_the_margin_with_two_seats_and_ranks_seats_with_four():
    game = pr.play(pr.new_game(2, seed=3), pr.RandomBot(3), max_actions=120)
    ev = Evaluator(game.rules)
    margin, win = MCTSBot(1, score="margin"), MCTSBot(1, score="win")
    for seat in (0, 1):
        assert win.reward(ev, game.state, seat, game.state.round) == pytest.approx(
            margin.reward(ev, game.state, seat, game.state.round), abs=1e-12
        )
    game = pr.play(pr.new_game(4, seed=3), pr.RandomBot(3), max_actions=300)
    values = [ev.value(game.state, s) for s in range(4)]
    rewards = [win.reward(ev, game.state, s, game.state.round) for s in range(4)]
    assert all(-1 < r < 1 for r in rewards)
    assert sorted(range(4), key=values.__getitem__) == sorted(range(4), key=rewards.__getitem__)


def test_an_unknown_score_is_refused():
    with pytest.raises(ConfigError, match="score must be one of margin, win, not 'best'"):
        MCTSBot(1, score="best")

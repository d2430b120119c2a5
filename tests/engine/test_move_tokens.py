"""Move tokens (issue #10 item 3): every decision has a number, and
``Game.apply(..., expect=n)`` refuses a stale or repeated message.

Without the token, a message sent twice is applied twice whenever the action
is still legal right after it was applied (Buy, Sell, Build, ReturnCubes,
Park...): :func:`resend_share` measures that share of applied actions.
"""

import random

import pytest

import pillars_rules as pr
from pillars_rules import actions as A
from pillars_rules import events as E


def random_games(n_games: int, seed: int):
    """Yield (game before, seat, action, game after) over random games."""
    rnd = random.Random(seed)
    for k in range(n_games):
        game = pr.new_game(players=2 + k % 3, seed=seed * 1000 + k)
        while not game.is_over:
            seat, action = game.current_player, rnd.choice(game.legal_actions())
            after = game.apply(action, seat=seat, expect=game.decision)
            yield game, seat, action, after
            game = after


def resend_share(n_games: int, seed: int, token: bool) -> tuple[int, int]:
    """(applied actions, of which a resend right after is accepted)."""
    applied = accepted = 0
    for game, seat, action, after in random_games(n_games, seed):
        applied += 1
        try:
            after.apply(action, seat=seat, expect=game.decision if token else None)
            accepted += 1
        except pr.IllegalActionError:
            pass
    return applied, accepted


def test_without_tokens_a_resent_message_is_often_applied_twice():
    applied, accepted = resend_share(3, seed=1, token=False)
    assert applied > 300
    assert 0.03 < accepted / applied < 0.3  # ~11% in docs/reliability.rst


def test_with_tokens_every_resent_message_is_refused_as_stale():
    applied = 0
    for game, seat, action, after in random_games(3, seed=1):
        applied += 1
        with pytest.raises(pr.StaleActionError) as info:
            after.apply(action, seat=seat, expect=game.decision)
        err = info.value
        assert (err.expected, err.decision) == (game.decision, game.decision + 1)
        assert err.reason == (
            f"stale or repeated message: it answers decision {game.decision}; "
            f"the game is at decision {game.decision + 1}"
        )
    assert applied > 300


def test_every_action_moves_the_decision_on_by_one_and_the_end_counts():
    game = pr.new_game(players=2, seed=4)
    assert game.decision == 1 and game.view(0).decision == 1 == game.view(1).decision
    pendings = 1
    for before, _seat, _action, after in random_games(1, seed=4):
        assert after.decision == before.decision + 1
        pendings += sum(isinstance(e, E.DecisionPending) for e in after.events[before.n_events :])
    assert after.is_over
    assert after.decision == pendings + 1  # every DecisionPending, then the end


def test_the_decision_number_is_rebuilt_by_replay_and_load():
    *_, (_, _, _, game) = random_games(1, seed=6)
    assert pr.replay(game.events).decision == game.decision
    assert pr.replay(game.events, verify=False).decision == game.decision
    assert pr.load(pr.save(game)).decision == game.decision


def test_a_stale_message_after_the_end_is_refused_as_stale():
    *_, (before, seat, action, game) = random_games(1, seed=8)
    assert game.is_over
    with pytest.raises(pr.StaleActionError):
        game.apply(action, seat=seat, expect=before.decision)


def test_the_current_token_is_accepted_and_wrong_types_are_refused():
    game = pr.new_game(players=2, seed=2)
    assert game.apply(A.Pass(), seat=0, expect=1).decision == 2
    for bad in (True, 1.0, "1", [1]):
        with pytest.raises(pr.IllegalActionError, match="whole number") as info:
            game.apply(A.Pass(), seat=0, expect=bad)
        assert not isinstance(info.value, pr.StaleActionError)
    for far in (0, -1, 2, 10**5000):
        with pytest.raises(pr.StaleActionError) as info:
            game.apply(A.Pass(), seat=0, expect=far)
        assert len(info.value.reason) < 120
    assert game.n_events == pr.new_game(players=2, seed=2).n_events  # unchanged


def test_check_game_holds_the_decision_number_to_the_log():
    from pillars_rules.engine.copiers import replace
    from pillars_rules.testing import InvariantError, check_game

    *_, (_, _, _, game) = random_games(1, seed=3)
    check_game(game)
    off = pr.Game(game.rules, replace(game.state, decision=game.decision + 1), list(game.events), game.n_events)
    with pytest.raises(InvariantError, match="decision numbers"):
        check_game(off, roundtrip=False)

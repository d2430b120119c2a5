"""The embedding contract: new_game, apply, events, view, replay, save/load."""

import copy
import random

import pytest

import pillars_rules as pr
from pillars_rules.actions import Buy, Hire, Pass


def test_new_game_arguments():
    game = pr.new_game(players=3, seed=1, names=["Ann", "Bob", "Cy"])
    assert [p.name for p in game.state.players] == ["Ann", "Bob", "Cy"]
    for bad in (1, 5, "4", True, None):
        with pytest.raises(pr.ConfigError, match="players"):
            pr.new_game(players=bad)
    with pytest.raises(pr.ConfigError, match="seed"):
        pr.new_game(2, seed=-1)
    with pytest.raises(pr.ConfigError, match="names"):
        pr.new_game(2, names=["A"])
    with pytest.raises(pr.ConfigError, match="differ"):
        pr.new_game(2, names=["A", "A"])
    with pytest.raises(pr.ConfigError, match="did you mean 'dm'"):
        pr.new_game(2, variants=["dn"])
    assert pr.new_game(2, variants={"dm": True, "archbishop_one_craftsman": False}).rules.variants == ("dm",)


def test_apply_returns_new_game_old_unchanged():
    game = pr.new_game(4, seed=1)
    before_state, before_events = game.state, game.events
    after = game.apply(game.legal_actions()[0])
    assert game.state is before_state and game.events == before_events
    assert after.n_events > game.n_events
    # branching from the old game does not disturb the new one
    other = game.apply(Pass())
    assert after.events[: game.n_events] == other.events[: game.n_events]
    assert after.events != other.events
    assert pr.replay(after.events) == after and pr.replay(other.events) == other


def test_illegal_action_has_reason_and_leaves_game_unchanged():
    game = pr.new_game(4, seed=1)
    with pytest.raises(pr.IllegalActionError) as info:
        game.apply(Buy("wood", 1))
    assert "draft" in info.value.reason
    with pytest.raises(pr.IllegalActionError, match="not seat 2's turn"):
        game.apply(Pass(), seat=2)
    with pytest.raises(pr.IllegalActionError, match="unknown card"):
        game.apply(Hire("no_such_card"))
    with pytest.raises(pr.IllegalActionError, match="not an action"):
        game.apply("pass")
    assert game == pr.replay(game.events)


def test_state_after_is_the_state_apply_gives_and_copies_no_log():
    """``Game.state_after`` (a search's look-ahead) gives ``apply(a).state`` for
    every legal action at every decision of a game, listed or an equal copy,
    and leaves the game and its log as they were."""
    game = pr.new_game(3, seed=7)
    rng = random.Random(7)
    while not game.is_over:
        legal = game.legal_actions()
        n, log = game.n_events, game.events
        for a in legal:
            assert game.state_after(a) == game.apply(a).state
        a = rng.choice(legal)
        assert game.state_after(copy.copy(a)) == game.apply(a).state  # not the listed object: checked as apply checks
        assert game.n_events == n and game.events == log
        game = game.apply(a)
    assert game == pr.replay(game.events)


def test_state_after_refuses_what_apply_refuses(monkeypatch):
    """An illegal action, a finished game and a log over the limit are refused
    as ``apply`` refuses them, the game unchanged."""
    game = pr.new_game(2, seed=3)
    with pytest.raises(pr.IllegalActionError, match="draft"):
        game.state_after(Buy("wood", 1))
    with pytest.raises(pr.IllegalActionError, match="not an action"):
        game.state_after("pass")
    over = pr.playout(game, seed=1)
    with pytest.raises(pr.IllegalActionError, match="over"):
        over.state_after(Pass())
    monkeypatch.setattr(pr.limits, "MAX_EVENTS", game.n_events)
    with pytest.raises(pr.LimitError, match="MAX_EVENTS"):
        game.state_after(game.legal_actions()[0])
    assert game == pr.replay(game.events)


def test_actions_and_events_read_as_english():
    game = pr.new_game(4, seed=1)
    labels = [str(a) for a in game.legal_actions()]  # a description from the fields alone
    assert "hire mason_r1" in labels and "pass" in labels
    words = [c.label for c in pr.words.choices(game.view(0))]  # the words a person reads
    assert any(w.startswith("hire ") and " for " in w and "gold" in w for w in words)
    game = pr.play(game, pr.RandomBot(1), max_actions=50)
    sentences = game.narrate()
    assert sentences[0].startswith("A game for 4 players began")
    assert all(s.endswith(".") for s in sentences)


def test_view_hides_secrets():
    game = pr.new_game(4, seed=1)
    v = game.view(2)
    assert v.state.seed == 0 and v.state.rng == 0
    assert set(v.state.event_deck) == {"?"} and set(v.state.privilege_deck) == {"?"}
    assert set(v.state.craftsman_decks[1]) == {"?"}
    assert v.state.craftsman_decks[0] == game.state.craftsman_decks[0]
    assert v.legal_actions == () and game.view(0).legal_actions == tuple(game.legal_actions())
    assert all(set(d) == {"?"} for d in v.events[1].craftsmen)
    with pytest.raises(pr.IllegalActionError):
        game.view(4)


def test_ranking_tie_breaks_s2_6():
    # the last step of the last round: the game ends with these holdings
    tied = pr.scenario(
        players=4,
        round=6,
        step="start_player",
        seats={0: dict(vp=10, gold=5), 1: dict(vp=10, gold=7), 2: dict(vp=10, gold=5), 3: dict(vp=12, gold=0)},
    )
    assert tied.is_over
    assert tied.ranking() == [[3], [1], [0, 2]]
    assert tied.winners() == [3]


def test_game_lasts_six_rounds_s2_6():
    game = pr.play(pr.new_game(2, seed=8), pr.RandomBot(8))
    assert game.is_over and game.state.round == 6 and game.state.cathedral == 6


def test_save_load_roundtrip():
    game = pr.play(pr.new_game(3, seed=2), pr.RandomBot(2), max_actions=120)
    text = pr.save(game)
    assert pr.load(text) == game
    assert pr.replay(game.events) == game
    assert pr.replay(game.events, verify=False) == game

"""The fold is pure (issue #57): ``evolve(state, event, rules)`` reads the board
from the rules it is given, never from a process-wide registry.

Before, ``evolve`` found a state's board by its ``card_hash`` in a bounded
registry (``layout_for``) that answered with the *base* board for a card set
it did not hold: a process that had seen more card sets than it kept folded
the expansion's events with the base board (a six-seat game's spot effects ran
past its spot list; a stored game failed its replay). Now a missing board
cannot happen (the rules are an argument) and the rules of another card set
are refused.
"""

from __future__ import annotations

import warnings

import pytest

import pillars_rules as pr
from pillars_rules import testing
from pillars_rules.cardlang import base_cards, compile_text
from pillars_rules.engine import context
from pillars_rules.engine import events as E
from pillars_rules.engine import layout as L
from pillars_rules.engine.evolve import evolve
from pillars_rules.errors import ConfigError

BASE = base_cards()
#: a fan board: a place of its own between the Priory and the market
CHAPEL = """
place chapel "Chapel" {
    after priory
    spots 2
    spot 1: gain 2 gold
    spot 2: gain 1 vp
}
"""


def _fold(events, rules):
    state = None
    for e in events:
        state = evolve(state, e, rules)
    return state


def _spots(state) -> tuple[str, ...]:
    return tuple(key for key, _ in state.spots)


@pytest.fixture(scope="module")
def fan() -> pr.Game:
    cards = BASE.merged(compile_text(CHAPEL, "fan.cards", known=BASE))
    return pr.playout(pr.new_game(players=3, seed=4, cards=cards), seed=4, max_actions=120)


@pytest.fixture(scope="module")
def six() -> pr.Game:
    return pr.playout(pr.new_game(players=6, seed=5, cards=pr.load_cards("expansion")), seed=5, max_actions=150)


def test_a_log_folds_with_the_board_of_its_rules(fan, six):
    base = L.base_layout()
    for game in (fan, six):
        board = game.rules.layout
        assert board is not base and _spots(game.state) == tuple(board.locations) != tuple(base.locations)
        assert _fold(game.events, game.rules) == game.state == game.states()[-1] == game.state_at(-1)
        assert pr.replay(game.events, cards=game.rules.cards) == game


def test_the_engine_keeps_no_board_by_card_set():
    """Nothing process-wide stands between a game and its board: no registry to
    fill, drop or fall back from."""
    for gone in ("layout_for", "keep", "register", "LAYOUTS_KEPT", "_LAYOUTS"):
        assert not hasattr(L, gone), gone
    assert not hasattr(context.Rules, "hold_layout")


def test_a_game_whose_rules_left_the_cache_plays_and_folds_on(six, monkeypatch):
    """A game waiting for a move (a server's table over days) while the process
    drops its card set's rules from the shared cache: it holds its own rules,
    and every way on reads their board."""
    straight = pr.playout(six, seed=9)
    monkeypatch.setattr(context, "_RULES", {})
    assert pr.playout(six, seed=9) == straight
    assert _fold(straight.events, six.rules) == straight.state
    again = pr.load(pr.save(straight), cards=six.rules.cards)  # new rules: a layout of their own
    assert again == straight and again.rules.layout is not six.rules.layout


def test_the_rules_of_another_card_set_are_refused(fan):
    base = pr.new_game(players=3, seed=4).rules
    with pytest.raises(ConfigError, match="fold a game's events with its own rules"):
        evolve(None, fan.events[0], base)  # the first event names its card set
    with pytest.raises(ConfigError, match=fan.rules.identity[:12]):
        evolve(fan.states()[5], fan.events[6], base)


def test_the_fold_needs_the_rules():
    game = pr.new_game(players=2, seed=1)
    with pytest.raises(TypeError):
        evolve(None, game.events[0])  # type: ignore[call-arg]
    assert evolve(game.state, E.DraftPassed(0), game.rules).passed == frozenset({0})


def test_check_state_without_rules_is_deprecated_and_never_guesses_a_board(fan):
    game = pr.new_game(players=2, seed=1)
    with pytest.warns(DeprecationWarning, match="check_state"):
        testing.check_state(game.state)  # the base set: the base board
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        with pytest.raises(ConfigError, match="pass them"):
            testing.check_state(fan.state)
    testing.check_state(fan.state, fan.rules)
    testing.check_state(fan.state, fan.rules, limits=False)

"""The registry of boards by card set is bounded, and a game never folds its
events with another card set's board.

A process that has seen more card sets than the registry keeps (a test
worker, a server taking fan card files) once set up and replayed a game of
the expansion with the base board: the expansion's rules were still cached,
its board had been dropped from the registry, and ``layout_for`` answered
with the base board, whose places and spots differ (a six-seat game's spot
effects ran past its spot list; a stored game failed its replay).
"""

from __future__ import annotations

import pillars_rules as pr
from pillars_rules.engine import layout as L


def _flood() -> None:
    """Fill the registry with other card sets until the oldest are dropped."""
    base = L.base_layout()
    for i in range(L.LAYOUTS_KEPT + 5):
        L.register(f"flood-{i}", base.board)


def test_a_dropped_board_comes_back_with_its_rules():
    cards = pr.load_cards("expansion")
    first = pr.new_game(6, seed=5, cards=cards)
    _flood()
    assert cards.identity not in L._LAYOUTS  # dropped: the oldest went first
    game = pr.play(pr.new_game(6, seed=5, cards=cards), [pr.RandomBot(50 + i) for i in range(6)])
    assert L.layout_for(cards.identity) is game.rules.layout is first.rules.layout
    assert game.is_over
    _flood()
    again = pr.load(pr.save(game), cards=cards)  # verified: every event follows from the state before it
    assert again == game and pr.replay(game.events, cards=cards) == game


def test_the_registry_stays_bounded():
    _flood()
    assert len(L._LAYOUTS) <= L.LAYOUTS_KEPT
    base = L.base_layout()
    L.keep("flood-again", base)
    assert len(L._LAYOUTS) <= L.LAYOUTS_KEPT and L.layout_for("flood-again") is base


def test_a_game_in_progress_keeps_its_board_through_a_flood():
    """A game waiting for a move (a server's table over days) while the process
    registers more card sets than the registry keeps: every way on -- listing,
    applying, weighing one action ahead, playing out, folding its log again --
    reads its own board, never the base board's."""
    cards = pr.load_cards("expansion")
    game = pr.new_game(6, seed=7, cards=cards)
    bots = [pr.RandomBot(70 + i) for i in range(6)]
    for _ in range(40):  # into the first round's placements
        game = game.apply(bots[game.current_player](game.view(game.current_player)))
    straight = pr.play(game, [pr.RandomBot(80 + i) for i in range(6)])

    def flooded():
        _flood()
        assert cards.identity not in L._LAYOUTS
        return game

    moved = flooded().apply(game.legal_actions()[0])
    assert L.layout_for(cards.identity) is game.rules.layout
    assert flooded().state_after(game.legal_actions()[0]) == moved.state
    assert flooded().states()[-1] == game.state and flooded().state_at(-1) == game.state
    _flood()
    fresh = pr.Game(game.rules, game.state, list(game.events), game.n_events)  # nothing listed yet
    assert fresh.legal_actions() == game.legal_actions()
    assert pr.playout(flooded(), seed=3) == pr.playout(game, seed=3)
    again = pr.play(flooded(), [pr.RandomBot(80 + i) for i in range(6)])
    assert again == straight and again.is_over
    assert pr.load(pr.save(again), cards=cards) == again

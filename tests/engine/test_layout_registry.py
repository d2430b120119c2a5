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

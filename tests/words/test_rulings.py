"""The two rulings the rules page states with their source (issue #21), checked
against the engine: §2.1 the King's court holds at most 1 metal; §2.3 with 2
players, whenever fewer builders are drawn, the last one drawn from the bag is free."""

from __future__ import annotations

import pillars_rules as pr
from pillars_rules import actions as A
from pillars_rules import events as E


def _metal(game) -> tuple[int, int]:
    """(metal on the King's court, metal in the supply)."""
    return game.state.court_metal, game.state.supply[3]


def test_an_unclaimed_court_metal_stays_and_no_second_is_added_s2_1():
    for court, drawn in ((1, 0), (0, 1)):
        game = pr.scenario(2, round=2, step="round_start", court_metal=court)
        at = next(i for i, e in enumerate(game.events) if isinstance(e, E.PositionSet))
        was = game.state_at(at)
        # the scenario ran the round opening: a full court stays at 1, an empty one gets 1
        assert (was.court_metal, game.state.court_metal) == (court, 1)
        assert was.supply[3] - game.state.supply[3] == drawn  # only an empty court draws from the supply


def test_the_court_never_holds_two_metal_over_whole_games_s2_1():
    for seed in range(6):
        game = pr.playout(pr.new_game(2 + seed % 3, seed), seed=seed)
        assert max(s.court_metal for s in game.states()) == 1


def _draws_in_a_round(game) -> list[int]:
    """Prices of the builders drawn from the bag and kept (a returned draw left out)."""
    prices = []
    for e in game.events:
        if isinstance(e, E.BuilderDrawn):
            prices.append(e.price)
        elif isinstance(e, E.BuilderReturned):
            prices.pop()
    return prices


def _park_all(game):
    """Every builder parked while it costs something; keep every draw; until Phase III."""
    while game.state.stage == "builders" and not game.is_over:
        legal = game.legal_actions()
        if A.KeepBuilder() in legal:
            game = game.apply(A.KeepBuilder())
        elif A.Park() in legal:
            game = game.apply(A.Park())
        else:
            game = game.apply(legal[0])
    return game


def test_with_two_players_the_last_of_four_draws_is_free_under_city_wall_s2_3():
    game = pr.scenario(2, round=2, step="builders", last_event="city_wall")
    bagged = next(e for e in game.events if isinstance(e, E.BuildersBagged))
    assert len(bagged.bag) == 4  # 2 builders each (§8 City wall)
    assert _draws_in_a_round(_park_all(game)) == [7, 6, 5, 0]  # the marker was on 4


def test_with_two_players_the_last_of_four_draws_is_free_under_dm_s2_3():
    game = pr.scenario(2, step="builders", variants=("dm",))
    bagged = next(e for e in game.events if isinstance(e, E.BuildersBagged))
    assert len(bagged.bag) == 4 and len(bagged.thirds) == 2
    assert _draws_in_a_round(_park_all(game)) == [7, 6, 5, 0]


def test_with_three_players_the_last_draw_pays_the_marker_s2_3():
    game = pr.scenario(3, round=2, step="builders", last_event="city_wall")
    assert _draws_in_a_round(_park_all(game)) == [7, 6, 5, 4, 3, 2]

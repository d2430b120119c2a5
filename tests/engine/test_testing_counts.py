"""The property-testing toolkit draws the seat counts its card set plays
(issue #37): by default 2, 3, 4 with the base set, exactly as before, and
2 to 6 with the expansion."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from pillars_rules import testing

DRAWS = settings(
    max_examples=60, derandomize=True, database=None, deadline=None, suppress_health_check=list(HealthCheck)
)


def drawn(strategy) -> list[tuple[int, int]]:
    """The (seats, seed) of each game Hypothesis draws from ``strategy``, in order."""
    seen: list[tuple[int, int]] = []

    @DRAWS
    @given(strategy)
    def collect(game):
        seen.append((game.state.n_players, game.state.seed))

    collect()
    return seen


def test_the_counts_follow_the_card_set():
    assert testing.seat_counts(None) == [2, 3, 4]
    assert testing.seat_counts(None, "expansion") == [2, 3, 4, 5, 6]
    assert testing.seat_counts(5, "expansion") == [5] and testing.seat_counts((2, 4)) == [2, 4]


def test_the_base_default_draws_exactly_as_the_old_fixed_default():
    # the same choices give the same games, so saved Hypothesis examples still replay
    before = drawn(testing.new_games((2, 3, 4)))
    assert drawn(testing.new_games()) == before
    assert {n for n, _ in before} == {2, 3, 4}
    assert drawn(testing.played_games(max_actions=0)) == drawn(testing.played_games((2, 3, 4), max_actions=0))


def test_the_expansion_default_draws_five_and_six_seats():
    for strategy in (
        testing.new_games(cards="expansion"),
        testing.played_games(cards="expansion", max_actions=0),
        testing.scenarios(cards="expansion", steps=["round_start"]),
    ):
        assert {n for n, _ in drawn(strategy)} == {2, 3, 4, 5, 6}

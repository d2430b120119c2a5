"""Ora et Labora's levels (bots/ora_levels.py, bots/ora_search.py; issue #59).

Their ratings and CPU time are bench/ora_ratings.py's (``python -m bench --ora-ratings``); here:
each level answers every decision of whole solo, 2- and 4-player games with a listed action; a
level's seed and the game give the same choices; the search keeps to the budgets it is given
(counted: decisions simulated, actions valued); and the levels are made by game, an unknown one
refused with the game's list.
"""

from __future__ import annotations

import pytest

import pillars_rules as pr
from pillars_rules.bots import GAME_LEVELS, LEVELS, level_names, make_bot, make_level
from pillars_rules.bots.heuristic import HeuristicBot
from pillars_rules.bots.mcts import MCTSBot
from pillars_rules.bots.ora import OraBot
from pillars_rules.bots.ora_levels import EASY_TEMPERATURE, OraLooseBot
from pillars_rules.bots.ora_search import STEPS, WORK, OraSearchBot
from pillars_rules.errors import ConfigError

ORA = "ora-et-labora"
LEVEL_NAMES = ("easy", "medium", "hard")


class Checked:
    """Wraps a bot: every answer must be one of its view's listed actions; counts the decisions."""

    def __init__(self, bot: object) -> None:
        self.bot, self.decisions = bot, 0

    def __call__(self, view):
        assert view.seat == view.state.pending.seat  # the seat's own view
        action = self.bot(view)
        assert action in view.legal_actions, (view.state.pending, action)
        self.decisions += 1
        return action


@pytest.mark.parametrize("level", LEVEL_NAMES)
@pytest.mark.parametrize(("players", "variants"), [(1, ["france"]), (2, ["ireland"]), (4, ["france", "short"])])
def test_each_level_plays_whole_games_with_listed_actions(level, players, variants):
    game = pr.new_game(players=players, seed=40 + players, game=ORA, variants=variants)
    bots = [Checked(make_level(level, 7 * players + seat, game=ORA)) for seat in range(players)]
    game = pr.play(game, bots)
    assert game.is_over and all(b.decisions > 20 for b in bots)
    assert all(score > 0 for score in game.scores())


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_each_level_plays_the_full_4_player_game(level):
    game = pr.new_game(players=4, seed=47, game=ORA, variants=["ireland"])
    bots = [Checked(make_level(level, 40 + seat, game=ORA)) for seat in range(4)]
    assert pr.play(game, bots).is_over


def _events(bots: list, actions: int | None = None) -> list:
    game = pr.new_game(players=3, seed=5, game=ORA, variants=["short"])
    return pr.play(game, bots, max_actions=actions).events


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_a_level_s_seed_gives_the_same_choices(level):
    first = _events([make_level(level, 11 + s, game=ORA) for s in range(3)])
    assert _events([make_level(level, 11 + s, game=ORA) for s in range(3)]) == first
    assert _events([make_level(level, 12 + s, game=ORA) for s in range(3)]) != first or level == "medium"


def test_the_search_s_seed_gives_the_same_choices_within_its_counted_budgets():
    # the clock is the search's safety net (it stops a decision that would pass the server's budget);
    # without it, the counted budgets alone decide, so the same seed plays the same game
    def search(seed: int) -> list[OraSearchBot]:
        return [OraSearchBot(seed + s, cpu=None) for s in range(3)]

    first = _events(search(3), 150)
    assert _events(search(3), 150) == first
    assert _events([OraBot(3 + s) for s in range(3)], 150) != first  # the search changes choices


def test_the_search_keeps_to_the_counted_budgets_it_is_given():
    bots = [OraSearchBot(s, steps=3, work=400, cpu=None) for s in range(2)]
    seen: list[tuple[int, int]] = []

    def watched(seat: int):
        def bot(view):
            action = bots[seat](view)
            seen.append((bots[seat].last_steps, len(view.legal_actions)))
            return action

        return bot

    game = pr.play(pr.new_game(players=2, seed=9, game=ORA), [watched(0), watched(1)])
    assert game.is_over
    assert all(steps <= 3 for steps, _ in seen)
    assert any(steps == 3 for steps, _ in seen) and sum(b.total_steps for b in bots) > 0
    # a decision starts no simulated decision once its work (listed actions valued) is spent
    assert all(b.last_work >= 0 for b in bots)
    assert all(steps == 0 for steps, listed in seen if listed >= 400)


def test_a_search_without_budget_plays_the_heuristic_s_game():
    game = pr.new_game(players=2, seed=4, game=ORA)
    searched = pr.play(game, [OraSearchBot(1, steps=0, cpu=None), OraSearchBot(2, steps=0, cpu=None)])
    heuristic = pr.play(game, [OraBot(1), OraBot(2)])
    assert searched.events == heuristic.events


def test_the_clock_stops_the_search_and_the_heuristic_s_choice_is_played():
    game = pr.new_game(players=2, seed=4, game=ORA)
    bots = [OraSearchBot(1, cpu=1e-9), OraSearchBot(2, cpu=1e-9)]
    stopped = pr.play(game, bots, max_actions=60)
    assert sum(b.cut for b in bots) > 0 and sum(b.total_steps for b in bots) == 0
    assert stopped.events == pr.play(game, [OraBot(1), OraBot(2)], max_actions=60).events


def test_easy_picks_loosely_and_medium_is_the_heuristic():
    assert make_level("easy", 1, game=ORA).temperature == EASY_TEMPERATURE
    assert type(make_level("medium", 1, game=ORA)) is OraBot and type(make_bot("heuristic", 1, game=ORA)) is OraBot
    assert isinstance(make_level("hard", 1, game=ORA), OraSearchBot)
    game = pr.play(pr.new_game(players=2, seed=6, game=ORA), pr.RandomBot(6), max_actions=30)
    view = game.view(game.current_player)
    assert len({OraLooseBot(s, temperature=50.0)(view) for s in range(12)}) > len({OraBot(s)(view) for s in range(12)})


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: OraLooseBot(1, temperature=0), "temperature must be points > 0"),
        (lambda: OraSearchBot(1, steps=-1), "steps must be a whole number >= 0"),
        (lambda: OraSearchBot(1, width=0), "width must be a whole number"),
        (lambda: OraSearchBot(1, work=1.5), "work must be a whole number"),
        (lambda: OraSearchBot(1, margin=-1), "margin must be points >= 0"),
        (lambda: OraSearchBot(1, cpu=0), "cpu must be seconds > 0 or None"),
    ],
)
def test_bad_budgets_are_refused(make, message):
    with pytest.raises(ConfigError, match=message):
        make()


# ---------------------------------------------------------------- the levels by game
def test_the_levels_are_given_by_game():
    assert level_names(ORA) == LEVEL_NAMES and tuple(GAME_LEVELS[ORA]) == LEVEL_NAMES
    # Pillars' levels, as they were
    assert level_names() == tuple(LEVELS) == LEVEL_NAMES and GAME_LEVELS["pillars"] is LEVELS
    assert type(make_level("medium", 1)) is HeuristicBot and isinstance(make_level("hard", 1), MCTSBot)
    assert STEPS >= 1 and WORK >= 1


def test_an_unknown_level_is_refused_with_the_game_s_levels():
    with pytest.raises(ConfigError, match=r"unknown level 'expert' for ora-et-labora \(levels: easy, medium, hard\)"):
        make_level("expert", 1, game=ORA)
    with pytest.raises(ConfigError, match=r"unknown level 'random' for ora-et-labora \(levels: easy, medium, hard\)"):
        make_level("random", 1, game=ORA)  # a bot, not a level
    with pytest.raises(ConfigError, match=r"unknown bot 'expert' for ora-et-labora \(levels: easy, medium, hard; "):
        make_bot("expert", 1, game=ORA)
    with pytest.raises(ConfigError, match=r"unknown level 'expert' \(levels: easy, medium, hard\)"):
        make_level("expert", 1)
    with pytest.raises(
        ConfigError, match=r"no levels for the game 'chess' \(games with levels: ora-et-labora, pillars\)"
    ):
        level_names("chess")


# ---------------------------------------------------------------- follow-up uses without end
def _then_use(chain, round_: int, seat: int = 0, kind: str = "then use"):
    from types import SimpleNamespace

    from pillars_rules.games.ora import records as R

    skip = R.Pass(label="skip the use")
    view = SimpleNamespace(
        state=SimpleNamespace(pending=SimpleNamespace(kind=kind, seat=seat), round=round_),
        legal_actions=("use the building", skip),
    )
    return chain.skip(view), skip


def test_a_bot_skips_a_follow_up_use_past_the_chain_limit():
    # some buildings' follow-ups call each other without end, each use worth something to take
    from pillars_rules.bots.ora import CHAIN_LIMIT, Chain

    chain = Chain()
    answers = [_then_use(chain, 15) for _ in range(CHAIN_LIMIT + 2)]
    assert [a is None for a, _ in answers] == [True] * CHAIN_LIMIT + [False, False]
    assert answers[-1][0] is answers[-1][1]  # the listed Pass
    # another decision, round or seat starts the count again
    assert _then_use(chain, 15, kind="after")[0] is None
    assert all(_then_use(chain, 15)[0] is None for _ in range(CHAIN_LIMIT))
    assert _then_use(chain, 16)[0] is None and _then_use(chain, 16, seat=1)[0] is None


@pytest.mark.slow
def test_the_levels_end_the_game_whose_follow_up_uses_called_each_other_without_end():
    # the 4-player game of bench/ora_ratings.py (seed 71005) where a cloister building's follow-up
    # and the priory's called each other until the engine's event limit, before the chain limit
    seats = ("hard", "easy", "hard", "easy")
    bots = [make_level(name, 710050 + i, game=ORA) for i, name in enumerate(seats)]
    game = pr.play(pr.new_game(players=4, seed=71005, game=ORA, variants=["france"]), bots)
    assert game.is_over and game.n_events < 10_000


def test_by_default_the_search_plays_the_rival_s_reply_with_two_players_and_no_other_seat_s_turn_with_four():
    from pillars_rules.bots.ora_search import REPLIES

    assert REPLIES == {2: 1}

    def same(players: int, replies: int) -> bool:
        game = pr.new_game(players=players, seed=6, game=ORA)
        default = [OraSearchBot(10 + s, steps=6, cpu=None) for s in range(players)]
        given = [OraSearchBot(10 + s, steps=6, replies=replies, cpu=None) for s in range(players)]
        a, b = pr.play(game, default, max_actions=60), pr.play(game, given, max_actions=60)
        return a.events == b.events and [x.total_steps for x in default] == [x.total_steps for x in given]

    assert same(2, 1) and not same(2, 0)
    assert same(4, 0) and not same(4, 1)

"""Ora et Labora's heuristic bot (bots/ora.py) and the bots chosen by game (issue #58).

Its strength in numbers is bench/ora_bots.py's (``python -m bench --ora-bots``);
here: it answers every kind of decision with a listed action, whole games long;
a seed and a game give the same choices; it beats random bots clearly; and the
registry makes each game's bots by name.
"""

from __future__ import annotations

import pytest

import pillars_rules as pr
from pillars_rules.bots import BOTS, GAME_BOTS, RandomBot, bot_names, make_bot
from pillars_rules.bots.heuristic import HeuristicBot
from pillars_rules.bots.ora import USE, OraBot, points, progress, use_value
from pillars_rules.cli import main
from pillars_rules.errors import ConfigError

ORA = "ora-et-labora"


class Checked:
    """Wraps a bot: every answer must be one of the view's listed actions; the decision kinds are kept."""

    def __init__(self, bot: object, kinds: set[str]) -> None:
        self.bot, self.kinds = bot, kinds

    def __call__(self, view):
        action = self.bot(view)
        assert action in view.legal_actions, (view.state.pending, action)
        self.kinds.add(view.state.pending.kind)
        return action


def _whole_game(players: int, variants: list[str], seed: int) -> tuple[pr.Game, set[str]]:
    kinds: set[str] = set()
    game = pr.new_game(players=players, seed=seed, game=ORA, variants=variants)
    bots = [Checked(make_bot("heuristic", seed * 10 + s, game=ORA), kinds) for s in range(players)]
    return pr.play(game, bots), kinds


@pytest.mark.parametrize(
    ("players", "variants", "must"),
    [
        (1, ["france"], {"action", "after", "neutral build", "settle"}),  # solo (§9)
        (2, ["ireland"], {"action", "after", "settle", "buy"}),  # the 2-player game (§8)
        (3, ["france", "short"], {"action", "after", "settle", "bonus"}),  # the short game (§10)
        (4, ["ireland", "short"], {"action", "after", "settle", "bonus"}),
    ],
)
def test_the_bot_answers_every_decision_of_a_whole_game_with_a_listed_action(players, variants, must):
    game, kinds = _whole_game(players, variants, seed=players + 20)
    assert game.is_over
    assert must <= kinds, kinds
    assert all(score > 0 for score in game.scores())


@pytest.mark.slow
@pytest.mark.parametrize(("players", "variant"), [(3, "ireland"), (4, "france"), (3, "france"), (4, "ireland")])
def test_the_bot_plays_the_full_3_and_4_player_games(players, variant):
    game, kinds = _whole_game(players, [variant], seed=7)
    assert game.is_over and {"action", "after", "settle", "bonus"} <= kinds


def test_a_seed_and_a_game_give_the_same_choices():
    def events(seed: int) -> list:
        game = pr.new_game(players=3, seed=5, game=ORA, variants=["short"])
        return pr.play(game, [make_bot("heuristic", seed + s, game=ORA) for s in range(3)]).events

    first = events(1)
    assert events(1) == first
    assert len(first) > 100


def test_the_bot_beats_random_bots_clearly():
    # short 3-player games, the heuristic's seat rotating: a random bot would win about a third of them
    wins, mine, theirs = 0.0, [], []
    for k in range(6):
        seat = k % 3
        bots = [make_bot("heuristic" if s == seat else "random", 100 + 10 * k + s, game=ORA) for s in range(3)]
        game = pr.play(pr.new_game(players=3, seed=100 + k, game=ORA, variants=["short"]), bots)
        scores = game.scores()
        wins += (seat in game.winners()) / len(game.winners())
        mine.append(scores[seat])
        theirs.extend(s for i, s in enumerate(scores) if i != seat)
    assert wins >= 5
    assert sum(mine) / len(mine) >= 1.5 * sum(theirs) / len(theirs)


def test_goods_turn_into_their_points_as_the_game_ends():
    assert points("coin") == pytest.approx(0.4) and points("wonder") == 30 and points("wood") == 0
    assert use_value("wood") > points("wood") and use_value("ceramic") == 3  # from the goods' values
    game = pr.new_game(players=4, seed=1, game=ORA)
    assert progress(game.state, game.rules.mode) < 0.1


def test_the_use_table_names_the_goods_cards_goods():
    from pillars_rules.games.ora import setup

    goods = set(setup.GOODS.goods)
    assert set(USE) <= goods, sorted(set(USE) - goods)  # a name the game has not is a value never read
    assert use_value("peat_coal") == USE["peat_coal"] and use_value("five_coins") == USE["five_coins"]
    assert points("five_coins") == 2  # the goods card's points of a 5-coin


# ---------------------------------------------------------------- the registry
def test_each_game_has_its_bots_by_name():
    assert isinstance(make_bot("heuristic", 1, game=ORA), OraBot)
    assert isinstance(make_bot("random", 1, game=ORA), RandomBot)
    assert bot_names(ORA) == ("easy", "hard", "heuristic", "medium", "random")  # its levels too
    # Pillars is the default: every existing call makes the same bots
    assert isinstance(make_bot("heuristic", 1), HeuristicBot)
    assert GAME_BOTS["pillars"] is BOTS and bot_names() == tuple(sorted(BOTS))
    assert all("random" in bots for bots in GAME_BOTS.values())


def test_an_unknown_bot_or_a_game_without_bots_is_refused_with_the_list():
    with pytest.raises(
        ConfigError,
        match=r"unknown bot 'mcts' for ora-et-labora \(levels: easy, medium, hard; bots: easy, hard, heuristic, medium, random\)",
    ):
        make_bot("mcts", 1, game=ORA)
    with pytest.raises(ConfigError, match=r"no bots for the game 'chess' \(games with bots: ora-et-labora, pillars\)"):
        make_bot("random", 1, game="chess")
    with pytest.raises(ConfigError, match="no bots for the game"):
        bot_names("chess")
    with pytest.raises(ConfigError, match=r"unknown bot 'greedy' \(bots: "):  # Pillars' message, unchanged
        make_bot("greedy", 1)


def test_simulate_plays_ora_with_its_bots(capsys):
    assert (
        main(["simulate", "--game", ORA, "--players", "3", "--variant", "short", "--bots", "heuristic,random,random"])
        == 0
    )
    out = capsys.readouterr().out
    assert "Final scoreboard:" in out
    assert main(["simulate", "--game", ORA, "--players", "2", "--bots", "mcts"]) == 1
    assert "unknown bot 'mcts' for ora-et-labora (levels: easy, medium, hard; bots: " in capsys.readouterr().err
    assert main(["simulate", "--game", ORA, "--players", "3", "--bots", "heuristic,random"]) == 1
    assert "--bots names 2 bots for 3 players" in capsys.readouterr().err

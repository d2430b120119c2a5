"""bench/bots_take.py and bench/bots_order.py, the measurements behind the
heuristic's values of the order of play, capacity boosts and the coming
event (issue #53): the previous bot kept there plays as the heuristic did
before, so base games stay the same move for move, and the tiny runs write
their figures. No playing strength is asserted here (see bench/)."""

import json

from bench import bots_order, bots_take

import pillars_rules as pr
from pillars_rules.bots.heuristic import HeuristicBot
from pillars_rules.lab.games import GameSpec, cardset


def _log(cards, seed: int, bot, players: int = 3) -> str:
    return pr.save(pr.play(pr.new_game(players, seed, cards=cards), [bot(seed * 8 + k) for k in range(players)]))


def test_base_games_are_the_same_with_the_heuristic_and_the_previous_bot():
    # none of the base cards changes the order of play, boosts a craftsman (without the PC
    # variant) or moves the event deck, so the new values never come into a base game
    for seed in (7000, 7001):
        assert _log(pr.load_cards(), seed, HeuristicBot) == _log(pr.load_cards(), seed, bots_take.PreviousBot)


def test_games_with_the_ideas_differ():
    ideas = cardset(GameSpec(players=4, sources=(("ideas.cards", bots_take.ideas_text()),)))
    logs = [_log(ideas, seed, bot, 4) for seed in (7000, 7001, 7002) for bot in (HeuristicBot, bots_take.PreviousBot)]
    assert any(logs[i] != logs[i + 1] for i in (0, 2, 4))


def test_take_rates_and_the_order_fork_write_their_figures(tmp_path, capsys):
    out = tmp_path / "take.json"
    assert bots_take.main(["--games", "1", "--bot", "previous", "--json", str(out)]) == 0
    took = json.loads(out.read_text())
    assert set(took["cards"]) == {c for ids in bots_take.IDEAS.values() for c in ids}
    used = tmp_path / "held.json"
    assert bots_take.main(["--held", "idea_contrarian", "--games", "2", "--json", str(used)]) == 0
    got = json.loads(used.read_text())
    assert got["games"] == 2 and 0 <= got["used"] <= 2 and sum(got["rounds"].values()) == got["used"]
    order = tmp_path / "order.json"
    assert bots_order.main(["--forks", "2", "--json", str(order)]) == 0
    got = json.loads(order.read_text())
    assert got["forks"] == 2 and got["skipped"] == 0
    mean, lo, hi = got["own_vp"]
    assert lo <= mean <= hi
    assert "first instead of last" in capsys.readouterr().out

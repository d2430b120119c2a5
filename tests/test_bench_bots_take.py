"""bench/bots_take.py and bench/bots_order.py, the measurements behind the
heuristic's values of the order of play, capacity boosts and the coming
event (issue #53): the previous bot kept there plays as the heuristic did
before, so base games stay the same move for move, and the tiny runs write
their figures. No playing strength is asserted here (see bench/).

``bench.bots_take``'s older bots subclass the bots' classes, which the
compiled build compiles (an interpreted class cannot build on them there),
so its module docs say to run it on the pure build: these tests run it in a
child process with the checkout's source first on the path, in either build."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _pure(code: str) -> object:
    """What ``code`` prints last, as JSON, run on the pure source of this checkout."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT)]))
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False
    )
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


LOGS = """
import json
import pillars_rules as pr
from bench import bots_take
from pillars_rules.bots.heuristic import HeuristicBot
from pillars_rules.lab.games import GameSpec, cardset

def log(cards, seed, bot, players):
    return pr.save(pr.play(pr.new_game(players, seed, cards=cards), [bot(seed * 8 + k) for k in range(players)]))

ideas = cardset(GameSpec(players=4, sources=(("ideas.cards", bots_take.ideas_text()),)))
base = [log(pr.load_cards(), s, b, 3) == log(pr.load_cards(), s, bots_take.PreviousBot, 3)
        for s in (7000, 7001) for b in (HeuristicBot,)]
same = [log(ideas, s, HeuristicBot, 4) == log(ideas, s, bots_take.PreviousBot, 4) for s in (7000, 7001, 7002)]
print(json.dumps({"base": base, "ideas": same, "compiled": pr.COMPILED}))
"""


def test_base_games_are_the_same_with_the_heuristic_and_the_previous_bot_and_idea_games_differ():
    # none of the base cards changes the order of play, boosts a craftsman (without the PC
    # variant) or moves the event deck, so the new values never come into a base game; with
    # the ideas (the usurper, the contrarian, the seer, ...) they do
    got = _pure(LOGS)
    assert got["compiled"] is False  # the child ran the source
    assert got["base"] == [True, True]
    assert not all(got["ideas"])


def test_take_rates_held_cards_and_the_order_fork_write_their_figures(tmp_path):
    take, held, order = tmp_path / "take.json", tmp_path / "held.json", tmp_path / "order.json"
    code = f"""
import json
from bench import bots_order, bots_take
assert bots_take.main(["--games", "1", "--bot", "previous", "--json", {str(take)!r}]) == 0
assert bots_take.main(["--held", "idea_contrarian", "--games", "2", "--json", {str(held)!r}]) == 0
assert bots_order.main(["--forks", "2", "--json", {str(order)!r}]) == 0
print(json.dumps(sorted(c for ids in bots_take.IDEAS.values() for c in ids)))
"""
    ideas = _pure(code)
    took = json.loads(take.read_text())
    assert sorted(took["cards"]) == ideas
    assert all(0 <= c["taken"] <= c["chances"] for c in took["cards"].values())
    used = json.loads(held.read_text())
    assert used["games"] == 2 and 0 <= used["used"] <= 2 and sum(used["rounds"].values()) == used["used"]
    forks = json.loads(order.read_text())
    assert forks["forks"] == 2 and forks["skipped"] == 0
    mean, lo, hi = forks["own_vp"]
    assert lo <= mean <= hi

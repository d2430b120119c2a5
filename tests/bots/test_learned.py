"""The learned value function: the shipped weights are what the training
script makes from its seeds, and bad model files are refused clearly."""

import json

import pytest

import pillars_rules as pr
from pillars_rules.bots.evaluate import PARTS, Evaluator
from pillars_rules.bots.learned import MODEL_PATH, N_PHASES, LearnedEvaluator, ValueModel, phase, shipped_model
from pillars_rules.errors import ConfigError

from .tools import load_tool


def _trainer():
    return load_tool("train_value")


def test_retraining_from_the_shipped_seed_reproduces_the_shipped_weights():
    shipped = shipped_model()
    meta = shipped.meta
    trainer = _trainer()
    assert (meta["seed"], meta["games"], meta["every"], meta["ridge"]) == (
        trainer.SEED,
        trainer.GAMES,
        trainer.EVERY,
        trainer.RIDGE,
    )  # the script's defaults made the file
    again = trainer.train(meta["seed"], meta["games"], meta["every"], meta["ridge"])
    assert again.meta["samples"] == meta["samples"]
    for mine, theirs in zip(again.weights, shipped.weights):
        assert mine == pytest.approx(theirs, abs=1e-5)


def test_a_model_file_round_trips_and_bad_ones_are_refused(tmp_path):
    model = ValueModel([[1.0] * len(PARTS) + [0.0]] * N_PHASES, {"seed": 0})
    path = tmp_path / "m.json"
    path.write_text(model.to_json())
    assert ValueModel.load(path).weights == model.weights
    with pytest.raises(ConfigError, match="rows of"):
        ValueModel([[1.0, 2.0]])
    path.write_text("{}")
    with pytest.raises(ConfigError, match="is not a value model"):
        ValueModel.load(path)
    doc = json.loads(model.to_json())
    doc["parts"] = ["vp"]
    path.write_text(json.dumps(doc))
    with pytest.raises(ConfigError, match="other parts"):
        ValueModel.load(path)
    with pytest.raises(ConfigError, match="cannot read"):
        ValueModel.load(tmp_path / "missing.json")


def test_weights_of_one_give_the_heuristic_value_and_a_finished_game_its_score():
    game = pr.play(pr.new_game(2, seed=8), pr.RandomBot(8), max_actions=200)
    plain = ValueModel([[1.0] * len(PARTS) + [0.0]] * N_PHASES)
    ev, heuristic = LearnedEvaluator(game.rules, model=plain), Evaluator(game.rules)
    assert ev.value(game.state, 0) == pytest.approx(heuristic.value(game.state, 0))
    assert 0 <= phase(game.state) < N_PHASES
    over = pr.play(game, pr.RandomBot(9))
    shipped = LearnedEvaluator(over.rules)
    assert (
        shipped.value(over.state, 1)
        == over.state.players[1].vp + Evaluator(over.rules).w.end_gold * over.state.players[1].gold
    )
    assert MODEL_PATH.exists()

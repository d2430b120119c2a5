"""Saves record the rules version; a save from other rules is refused by name."""

import json

import pytest

import pillars_rules as pr
from pillars_rules import persistence as P
from pillars_rules.engine.context import RULES_VERSION


def _doc():
    game = pr.play(pr.new_game(2, seed=4), pr.RandomBot(4), max_actions=40)
    return game, json.loads(pr.save(game))


def test_save_records_rules_version():
    game, doc = _doc()
    assert doc["rules_version"] == RULES_VERSION
    assert pr.load(json.dumps(doc)) == game


def test_newer_rules_version_refused():
    _, doc = _doc()
    doc["rules_version"] = RULES_VERSION + 1
    with pytest.raises(pr.SaveError, match=f"rules version {RULES_VERSION + 1}.*upgrade"):
        pr.load(json.dumps(doc))


def test_log_from_other_rules_names_both_versions(monkeypatch):
    """A log that no longer replays under the current rules says why."""
    _, doc = _doc()
    doc["events"][1]["events"] = list(reversed(doc["events"][1]["events"]))  # other random draws
    monkeypatch.setattr(P, "RULES_VERSION", RULES_VERSION + 1)
    with pytest.raises(pr.SaveError, match=rf"rules version {RULES_VERSION}.*plays rules version {RULES_VERSION + 1}"):
        pr.load(json.dumps(doc))

"""Ora et Labora's golden games (tests/golden/ora_*): seeded random games, each kept as its
transcript and its save (issue #58).

The same seeded bots must play the same events byte for byte, and each stored log must load
(replayed and verified against the rules) to the same final state and scores. Regenerate with
``python3 tools/make_golden.py`` after an intended change and commit the files with it.
"""

from __future__ import annotations

import difflib
import functools
import importlib.util
import json
import re
from pathlib import Path

import pytest

import pillars_rules as pr

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("make_golden", ROOT / "tools" / "make_golden.py")
make_golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_golden)

SPECS = make_golden.ORA_GAMES


def _ids(spec) -> str:
    return make_golden.ora_name(*spec)


@functools.cache
def played(spec) -> pr.Game:
    return make_golden.ora_play(*spec)


def golden(spec, suffix: str) -> str:
    return (make_golden.GOLDEN / make_golden.ora_name(*spec)).with_suffix(suffix).read_text(encoding="utf-8")


def _events_text(save: str) -> str:
    """A save text from its events on (the header before them names the library's version)."""
    return save[save.index('"events":') :].rstrip("\n")


@pytest.mark.parametrize("spec", SPECS, ids=_ids)
def test_the_same_seed_plays_the_same_events_byte_for_byte(spec):
    assert _events_text(pr.save(played(spec))) == _events_text(golden(spec, ".json"))


@pytest.mark.parametrize("spec", SPECS, ids=_ids)
def test_transcript_unchanged(spec):
    want = golden(spec, ".txt")
    got = make_golden.ora_transcript(played(spec), *spec)
    if got != want:
        diff = "".join(
            list(difflib.unified_diff(want.splitlines(True), got.splitlines(True), "golden", "now", n=2))[:80]
        )
        pytest.fail(f"{make_golden.ora_name(*spec)}.txt changed; if intended, run python3 tools/make_golden.py\n{diff}")


@pytest.mark.parametrize("spec", SPECS, ids=_ids)
def test_each_golden_log_replays_to_the_same_final_state_and_scores(spec):
    text = golden(spec, ".json")
    loaded = pr.load(text)  # replayed, every action-made event checked against the rules
    fresh = played(spec)
    assert loaded.is_over and loaded.state == fresh.state
    assert loaded.scores() == fresh.scores() and loaded.ranking() == fresh.ranking()
    # the scores the transcript wrote down are the ones the replayed log gives
    line = golden(spec, ".txt").rstrip("\n").splitlines()[-1]
    scores = json.loads(re.fullmatch(r"Final scores: (\[[^\]]*\]); ranking .*", line).group(1))
    assert loaded.scores() == scores
    # replay by the game's name folds the same log to the same state (pr.load verified these very events
    # above, each against the rules: a second verification would only repeat it)
    assert pr.replay(loaded.events, game="ora-et-labora", verify=False).state == fresh.state


def test_the_golden_games_cover_every_mode_and_both_countries():
    rules = [pr.load(golden(spec, ".json"), verify=False).rules for spec in SPECS]  # the replay test verifies
    assert {r.mode for r in rules} == {"4 players", "3 players", "2 players", "solo", "short"}
    assert {r.variant for r in rules} == {"france", "ireland"}


def test_a_changed_golden_log_is_caught(tmp_path):
    """The check can fail: one event of a golden log altered is refused when it is replayed."""
    text = golden(SPECS[-1], ".json")
    data = json.loads(text)
    i = next(k for k, e in enumerate(data["events"]) if e["type"] == "Felled" and e["amount"] > 0)
    data["events"][i]["amount"] += 1
    with pytest.raises(pr.SaveError, match=str(i)):
        pr.load(json.dumps(data))
    assert _events_text(json.dumps(data, separators=(",", ":"))) != _events_text(text)


def test_the_compiled_suite_plays_the_same_golden_games():
    spec = importlib.util.spec_from_file_location("compiled_games", ROOT / "tests" / "compiled" / "games.py")
    games = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(games)
    assert games.ORA_GAMES == SPECS

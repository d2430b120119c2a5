"""Old saves load through named upcasters (``UPCASTERS``), and the result
equals the game played today.

``fixtures/format1_2p_seed7.json`` was written once by
``tools/make_format1_fixture.py`` from a real game and committed. If it stops
loading because the base cards or the rules changed on purpose, regenerate it
with that script and say so in the changelog: old saves of the previous rules
no longer load.
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

import pytest

import pillars_rules as pr
from pillars_rules.engine.context import RULES_V3
from pillars_rules.games.pillars import upcasters as U
from pillars_rules.saves import savefile as P

FIXTURE = Path(__file__).parent / "fixtures" / "format1_2p_seed7.json"
ROOT = Path(__file__).resolve().parents[2]


def _fixture_game() -> pr.Game:
    """The fixture's game played today: under the variant of rules version 3's
    readings, as the fixture (format 1 predates the rules version) was written
    under rules version 1 and is played on under version 3's readings."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        from make_format1_fixture import fixture_game
    finally:
        sys.path.remove(str(ROOT / "tools"))
    return fixture_game((RULES_V3,))


def test_fixture_is_format_1():
    doc = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert doc["format_version"] == 1 and "seed" not in doc
    assert all(isinstance(e, list) and len(e) == 2 for e in doc["events"])


def test_format_1_fixture_loads_and_equals_the_game():
    game = _fixture_game()
    text = FIXTURE.read_text(encoding="utf-8")
    loaded = pr.load(text)
    assert loaded == game
    assert loaded.is_over
    # and saving it again writes the current format
    again = json.loads(pr.save(loaded))
    assert again["format_version"] == P.FORMAT_VERSION == 5 and again["seed"] == 7


def test_upcaster_is_registered_by_version():
    assert U.UPCASTERS[1] is U.upcast_v1_v2
    assert set(U.UPCASTERS) == set(range(1, P.FORMAT_VERSION))


def test_upcast_v1_v2_shape():
    doc = json.loads(FIXTURE.read_text(encoding="utf-8"))
    up = U.upcast_v1_v2(copy.deepcopy(doc))
    assert up["format_version"] == 2 and up["seed"] == 7
    assert up["events"][0]["type"] == "GameStarted" and up["events"][0]["seed"] == 7
    assert len(up["events"]) == len(doc["events"])


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.__setitem__("events", {}),
        lambda d: d.__setitem__("events", "GameStarted"),
        lambda d: d.__setitem__("events", None),
        lambda d: d["events"].__setitem__(3, {"type": "DraftPassed", "seat": 0}),
        lambda d: d["events"].__setitem__(3, ["DraftPassed"]),
        lambda d: d["events"].__setitem__(3, ["DraftPassed", {"seat": 0}, 1]),
        lambda d: d["events"].__setitem__(3, [None, {"seat": 0}]),
        lambda d: d["events"].__setitem__(3, ["DraftPassed", {"type": "GameEnded"}]),
        lambda d: d["events"].__setitem__(0, ["GameStarted", []]),
        lambda d: d.__setitem__("seed", 7),
        lambda d: d.__setitem__("events", []),
        lambda d: d.__setitem__("extra", 1),
    ],
    ids=lambda f: "",
)
def test_damaged_format_1_saves(damage):
    doc = json.loads(FIXTURE.read_text(encoding="utf-8"))
    damage(doc)
    with pytest.raises(pr.SaveError):
        pr.load(json.dumps(doc))

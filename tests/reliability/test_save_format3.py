"""Save format 4 (issue #53) records in each queued choice the seat a
reaction's ``that player`` names (``Job.actor``); saves of format 3 still load
through ``upcast_v3_v4`` and equal the game played today."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import pillars_rules as pr
from pillars_rules import actions as A
from pillars_rules.games.pillars import upcasters as U
from pillars_rules.pillars_json.codec import event_to_dict
from pillars_rules.saves import savefile as P

FIXTURES = Path(__file__).parent / "fixtures"
IDEAS = [str(Path(__file__).resolve().parents[2] / "examples" / "ideas")]
RED, BLUE = 0, 1


def _as_format_3(doc: dict) -> dict:
    """``doc`` as format 3 wrote it: no ``actor`` in a job."""
    old = copy.deepcopy(doc)
    old["format_version"] = 3
    for e in old["events"]:
        for j in e.get("jobs", ()):
            del j["actor"]
    return old


def _reacted(card: str, taking: bool = False) -> pr.Game:
    """Round 1's draft: red holds ``card``; blue takes a resource card or hires."""
    game = pr.scenario(
        3,
        step="draft",
        display=("mason_r1", "forest_2", "sand_pit_2"),
        cards=IDEAS,
        seats={RED: dict(privileges=(card,)), BLUE: dict(gold=10)},
    )
    game = game.apply(A.Pass())
    return game.apply(A.TakeResourceCard("forest_2", True) if taking else A.Hire("mason_r1"))


def test_the_upcaster_is_registered_and_the_format_is_past_4():
    assert P.FORMAT_VERSION == 5 and U.UPCASTERS[3] is U.upcast_v3_v4 and U.UPCASTERS[4] is U.upcast_v4_v5


def test_a_format_3_save_in_the_middle_of_a_reactions_choice_loads_and_plays_on():
    # the carter's reaction asks red a choice that names nobody: its job's actor is -1
    game = _reacted("idea_carter", taking=True)
    assert game.pending.kind == "choice" and game.state.jobs[0].actor == -1
    doc = json.loads(pr.save(game))
    old = _as_format_3(doc)
    assert old != doc and all("actor" not in j for e in old["events"] for j in e.get("jobs", ()))
    loaded = pr.load(json.dumps(old), cards=IDEAS)
    assert loaded == game
    assert json.loads(pr.save(loaded)) == doc  # written again as format 4
    after = loaded.apply(A.ChooseOption(1))
    assert after == game.apply(A.ChooseOption(1))


@pytest.mark.parametrize("name", ["rules3_4p_spots.json", "rules4_2p_expansion_france.json"])
def test_format_3_fixtures_written_by_older_code_load_with_no_actor(name):
    doc = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    assert doc["format_version"] == 3
    game = pr.load(json.dumps(doc), cards="expansion" if "expansion" in name else None)
    jobs = [j for e in game.events if type(e).__name__ == "ChoicesQueued" for j in e.jobs]
    assert jobs and all(j.actor == -1 for j in jobs)
    logged = [event_to_dict(e) for e in game.events]
    assert logged[1:] == U.upcast_v3_v4(doc)["events"][1:]


def test_a_game_begun_under_format_3_and_played_on_under_format_4_loads():
    # a table's stored game keeps the header it was created with: a format 3
    # header over jobs of both formats (the bailiff's names the seat that acted)
    game = _reacted("idea_bailiff")
    assert game.state.jobs[0].actor == BLUE
    doc = json.loads(pr.save(game))
    doc["format_version"] = 3
    assert pr.load(json.dumps(doc), cards=IDEAS) == game


def test_the_upcaster_touches_only_the_jobs_of_queued_choices():
    doc = {
        "format_version": 3,
        "events": [
            {"type": "ChoicesQueued", "jobs": [{"seat": 0, "source": "x", "ability": 0, "option": -1}], "front": False},
            {"type": "ChoicesQueued", "jobs": [{"seat": 1, "source": "x", "ability": 0, "option": 2, "actor": 0}]},
            {"type": "DraftPassed", "seat": 0},
            {"type": "ChoicesQueued", "jobs": "damaged"},
            ["not", "an", "object"],
        ],
    }
    up = U.upcast_v3_v4(copy.deepcopy(doc))
    assert up["format_version"] == 4
    assert up["events"][0]["jobs"] == [{"seat": 0, "source": "x", "ability": 0, "option": -1, "actor": -1}]
    assert up["events"][1:] == doc["events"][1:]
    assert U.upcast_v3_v4({"format_version": 3, "events": None})["format_version"] == 4


def test_a_damaged_format_3_job_is_refused_with_its_path():
    game = _reacted("idea_carter", taking=True)
    old = _as_format_3(json.loads(pr.save(game)))
    at = next(i for i, e in enumerate(old["events"]) if e["type"] == "ChoicesQueued")
    old["events"][at]["jobs"][0]["seat"] = "0"
    with pytest.raises(pr.SaveError, match=rf"\$\.events\[{at}\]\.jobs\[0\]\.seat"):
        pr.load(json.dumps(old), cards=IDEAS)


def test_a_job_naming_no_seat_is_refused_verified_or_not():
    game = _reacted("idea_bailiff")
    doc = json.loads(pr.save(game))
    at = max(i for i, e in enumerate(doc["events"]) if e["type"] == "ChoicesQueued")
    doc["events"][at]["jobs"][0]["actor"] = 7
    with pytest.raises(pr.SaveError, match=rf"\$\.events\[{at}\]\.jobs\[0\]\.actor: no seat 7 in a 3-player game"):
        pr.load(json.dumps(doc), cards=IDEAS, verify=False)
    with pytest.raises(pr.SaveError, match=rf"\$\.events\[{at}\]"):  # the rules queue the job with blue
        pr.load(json.dumps(doc), cards=IDEAS)

"""Saves record the rules version; a save from other rules is refused by name."""

import json

import pytest

import pillars_rules as pr
from pillars_rules.engine.context import RULES_V3, RULES_V4, RULES_VERSION
from pillars_rules.games.pillars import saves as pillars_saves
from pillars_rules.games.pillars import upcasters as U
from pillars_rules.games.pillars.upcasters import upcast_rules_v3_v4, upcast_rules_v4_v5
from pillars_rules.pillars_json.codec import event_to_dict


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
    monkeypatch.setattr(pillars_saves, "RULES_VERSION", RULES_VERSION + 1)  # Pillars reads its own header (#57)
    with pytest.raises(pr.SaveError, match=rf"rules version {RULES_VERSION}.*plays rules version {RULES_VERSION + 1}"):
        pr.load(json.dumps(doc))


# ---------------------------------------------------------------- rules version 1 -> 2 (issue #9)
from pathlib import Path  # noqa: E402

FIXTURES = Path(__file__).parent / "fixtures"


def _fixture(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def test_s8_rules1_save_with_old_archbishop_variant_loads_as_the_default():
    """§8: a rules-version-1 save naming the retired variant ``archbishop_all_craftsmen``
    (written by rules-version-1 code, tools/make_rules1_fixtures.py) loads through
    the rules upcaster as a default game: variant and its CapacityBoosted events dropped."""
    text = _fixture("rules1_3p_archbishop_all_craftsmen.json")
    doc = json.loads(text)
    assert doc["rules_version"] == 1 and doc["variants"] == ["archbishop_all_craftsmen"]
    assert any(e["type"] == "CapacityBoosted" for e in doc["events"])
    game = pr.load(text)
    # played on under rules version 3's readings (issue #34), as every save of versions 1 to 3
    assert game.rules.variants == (RULES_V3,) and game.events[0].variants == (RULES_V3,)
    assert not any(type(e).__name__ == "CapacityBoosted" for e in game.events)
    assert any(getattr(e, "card", "") == "archbishops_statue" for e in game.events)
    assert len(game.events) == len(doc["events"]) - sum(e["type"] == "CapacityBoosted" for e in doc["events"])
    again = json.loads(pr.save(game))
    assert again["rules_version"] == RULES_VERSION >= 2 and pr.load(pr.save(game)) == game


def test_s8_rules_upcaster_is_registered():
    assert U.RULES_UPCASTERS[1] is U.upcast_rules_v1_v2
    assert U.RULES_UPCASTERS[3] is upcast_rules_v3_v4
    assert U.RULES_UPCASTERS[4] is upcast_rules_v4_v5
    assert set(U.RULES_UPCASTERS) <= set(range(1, RULES_VERSION))


def test_s7_rules1_save_that_no_longer_replays_names_both_versions():
    """§7: Richard, Aliena and Tom Builder now pay at their site's step, so a version-1
    log with such a payout no longer replays: refused, naming both rules versions."""
    with pytest.raises(pr.SaveError, match=r"tom_builder|richard|aliena") as exc:
        pr.load(_fixture("rules1_3p_richard.json"))
    assert "made under rules version 1" in str(exc.value)
    assert f"plays rules version {RULES_VERSION}" in str(exc.value)


def test_s8_rules1_save_with_other_cards_names_both_versions():
    """Only base-card games of rules version 1 are converted: the base texts changed."""
    with pytest.raises(pr.SaveError, match=f"rules version 1.*rules version {RULES_VERSION}"):
        pr.load(
            _fixture("rules1_3p_archbishop_all_craftsmen.json"),
            cards=[str(FIXTURES.parents[2] / "examples" / "fan_cards")],
        )


def test_s8_retired_variant_name_says_what_to_do():
    with pytest.raises(pr.ConfigError, match="archbishop_all_craftsmen' was retired.*default"):
        pr.new_game(2, variants=["archbishop_all_craftsmen"])


# ---------------------------------------------------------------- rules version 3 -> 4 (issue #34)
def test_s2_4_rules3_save_replays_to_the_identical_game_under_its_readings():
    """A whole rules-version-3 game (tools/make_rules3_fixtures.py, written by rules-version-3
    code) in which a builder took a later Priory or court spot while an earlier one was free:
    it loads under the variant ``rules_v3`` and replays to the same events and scores."""
    text = _fixture("rules3_4p_spots.json")
    doc = json.loads(text)
    assert doc["rules_version"] == 3 and doc["variants"] == []
    game = pr.load(text)
    assert game.is_over and game.rules.variants == (RULES_V3,)
    # the immediate privileges taken stay with their holders, as they did then
    immediate = {c.id for c in game.rules.cards.of_kind("privilege") if c.mode == "immediate"}
    assert immediate & {c for p in game.state.players for c in p.privileges}
    logged = [event_to_dict(e) for e in game.events]
    assert logged[0] == {**doc["events"][0], "variants": [RULES_V3]}
    # a format 3 save: its queued choices name no seat that acted (save format 4, issue #53)
    assert logged[1:] == U.upcast_v3_v4(doc)["events"][1:] != doc["events"][1:]
    again = json.loads(pr.save(game))
    assert again["rules_version"] == RULES_VERSION and again["variants"] == [RULES_V3]
    assert pr.load(pr.save(game)) == game


def test_s2_4_rules3_save_does_not_replay_under_version_4s_readings(monkeypatch):
    """Without the upcaster the same log is refused (its out-of-order placements are
    illegal now), naming both rules versions: the variant is what keeps it loading."""
    monkeypatch.setitem(U.RULES_UPCASTERS, 3, lambda head: {**head, "rules_version": 4})
    with pytest.raises(pr.SaveError, match=rf"made under rules version 3.*plays rules version {RULES_VERSION}"):
        pr.load(_fixture("rules3_4p_spots.json"))


# ---------------------------------------------------------------- rules version 4 -> 5 (issue #54)
def test_rules4_save_that_asked_france_late_replays_under_its_reading():
    """A rules-version-4 game of the expansion (tools/make_rules4_fixtures.py, written by
    rules-version-4 code) whose France use was asked after the cathedral step had started:
    it loads under the variant ``rules_v4`` and replays to the same events."""
    text = _fixture("rules4_2p_expansion_france.json")
    doc = json.loads(text)
    assert doc["rules_version"] == 4 and doc["variants"] == []
    game = pr.load(text, cards="expansion")
    assert game.rules.variants == (RULES_V4,) and not game.rules.spot_choices_at_step
    logged = [event_to_dict(e) for e in game.events]
    assert logged[0] == {**doc["events"][0], "variants": [RULES_V4]}
    assert logged[1:] == U.upcast_v3_v4(doc)["events"][1:]  # format 3: each job gets actor -1 (issue #53)
    queued = next(
        i for i, e in enumerate(logged) if e["type"] == "ChoicesQueued" and e["jobs"][0]["source"] == "france"
    )
    assert logged[queued + 1] == {"type": "StepStarted", "step": "cathedral"}  # the old reading
    again = json.loads(pr.save(game))
    assert again["rules_version"] == RULES_VERSION and again["variants"] == [RULES_V4]
    assert pr.load(pr.save(game), cards="expansion") == game
    assert pr.playout(game, seed=3).is_over


def test_rules4_save_does_not_replay_under_version_5s_reading(monkeypatch):
    """Without the variant the same log is refused: France's question now comes first."""
    monkeypatch.setitem(U.RULES_UPCASTERS, 4, lambda head: {**head, "rules_version": 5})
    with pytest.raises(pr.SaveError, match=rf"made under rules version 4.*plays rules version {RULES_VERSION}"):
        pr.load(_fixture("rules4_2p_expansion_france.json"), cards="expansion")


def test_rules4_save_that_never_asked_at_a_spot_gets_no_variant():
    """A log without a spot's choice reads the same under both versions: no variant."""
    game, doc = _doc()
    doc["rules_version"] = 4
    loaded = pr.load(json.dumps(doc))
    assert loaded == game and loaded.rules.variants == ()

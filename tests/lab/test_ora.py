"""The balance lab judges an Ora et Labora fan building (issue #59): the same paired branches,
coin scale, intervals and Holm correction as Pillars' cards, and bad input refused where it is."""

import json

import pytest
from shared import once  # tests/shared.py

import pillars_rules as pr
from pillars_rules.cli import main
from pillars_rules.lab import effects, ora, report, runner
from pillars_rules.lab.games import GameSpec
from pillars_rules.lab.plan import plan

SHRINE = "examples/ora_fan_buildings/shrine.cards"  # deliberately strong: 200 points for a wood
FOLLY = "examples/ora_fan_buildings/folly.cards"  # deliberately useless
#: Small fixed counts: four seats give each building up to four chances a game (a seat meets its
#: first chance unless another built the building first: random bots, choosing among one placement
#: per building since its outcome became a decision of its own, build sooner than they did), four
#: games give more than the lab's ten.
COMMON = dict(game="ora-et-labora", players=4, variants=("short",), bots=("random",), seed=1, gold=3)
GAMES = 4


def _spec() -> GameSpec:
    sources = ora.read_sources([SHRINE, FOLLY])
    return GameSpec(sources=sources, targets=("shrine", "folly"), **COMMON)


@pytest.fixture(scope="module")
def judged(tmp_path_factory):
    """Both buildings judged on the same three games (one set), flagged as one family."""

    def make():
        records = runner.run({"fan": _spec()}, GAMES, executor="processes", workers=2)["fan"]
        return records

    records = once(tmp_path_factory, "ora-lab-judged", make)
    found = effects.judge([effects.card_effect(records, c) for c in ("shrine", "folly")])
    return records, {e["card"]: e for e in found}


def test_a_deliberately_strong_building_is_judged_positive_in_points(judged):
    _, e = judged
    shrine = e["shrine"]
    assert shrine["units"] >= 10  # judged: past the lab's fewest chances
    assert shrine["vp"]["lo"] > 0 and shrine["flag"] == 1
    assert shrine["p_holm"] < effects.ALPHA


def test_a_deliberately_useless_building_is_not_judged_positive(judged):
    _, e = judged
    folly = e["folly"]
    assert folly["units"] >= 10
    assert folly["flag"] != 1 and not folly["vp"]["lo"] > 0


def test_every_game_measures_the_coin_scale_with_coins_given_and_taken(judged):
    records, e = judged
    scales = [g for r in records for g in r["gold"]]
    assert scales and all(g["n"] == COMMON["gold"] and set(g) >= {"more", "less", "round", "seat"} for g in scales)
    # points per coin: a number with an interval (the same statistic as Pillars' VP per gold)
    beta = e["shrine"]["gold_scale"]
    assert beta["lo"] <= beta["value"] <= beta["hi"]


def test_a_branch_record_says_who_could_build_what_and_both_arms_results(judged):
    records, _ = judged
    units = [u for r in records for u in r["units"]]
    assert {u["card"] for u in units} == {"shrine", "folly"}
    assert all(u["at"] == "build" and set(u["take"]) == {"vp", "win", "rank", "gold"} for u in units)
    # a seat that builds the shrine scores its 200 points: every pair differs by far more than noise
    assert all(u["take"]["vp"] - u["ref"]["vp"] > 100 for u in units if u["card"] == "shrine")


def test_an_ora_game_record_is_a_pure_function_of_spec_and_index():
    spec = GameSpec(**{**COMMON, "bots": ("random",)})
    one = runner.play(spec, 0)
    assert one == ora.play_game(spec, 0)
    assert len(one["seats"]) == 4 and all("vp" in s and "gold" in s for s in one["seats"])


def test_a_pillars_spec_is_written_as_before_and_an_ora_spec_names_its_game():
    assert "game" not in GameSpec().to_dict()
    spec = GameSpec(**COMMON)
    assert spec.to_dict()["game"] == "ora-et-labora" and GameSpec.from_dict(spec.to_dict()) == spec


def test_the_report_of_an_ora_run_speaks_coins_and_points(judged):
    records, _ = judged
    specs, roles = plan(dict(COMMON), (), ora.read_sources([SHRINE]))
    assert list(specs) == ["base", "alone: shrine"] and specs["alone: shrine"].targets == ("shrine",)
    label = "alone: shrine"
    [shrine] = report.judged_tests({label: specs[label]}, {label: roles[label]}, {label: records})[0]
    assert shrine["flag"] == 1 and shrine["verdict"].startswith("worth about")
    assert "coins" in shrine["verdict"] and "VP" not in shrine["verdict"] and "gold" not in shrine["verdict"]


# ---------------------------------------------------------------- bad input


def _file(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


BUILDING = """building {id} "{name}" {{
    deck A
    modes {modes}
    cost 1 wood
    value 3
    dwelling 1
    terrain plains
    use: take 1 wood
}}
"""


def test_a_pillars_card_file_is_not_an_ora_building_and_says_where(tmp_path):
    path = _file(tmp_path, "mason.cards", 'craftsman mason "Mason" {\n    round 2\n    cost 3 gold\n}\n')
    with pytest.raises(pr.CardError) as err:
        ora.read_sources([path])
    assert "mason.cards:1:1" in str(err.value) and "unknown card kind 'craftsman'" in str(err.value)


def test_a_file_without_a_building_is_refused_by_name(tmp_path):
    path = _file(tmp_path, "empty.cards", "# nothing here\n")
    with pytest.raises(pr.ConfigError, match=r"empty\.cards: not an Ora et Labora fan building"):
        ora.fan_buildings(ora.read_sources([path]))


def test_a_building_named_as_a_shipped_one_is_refused(tmp_path):
    path = _file(tmp_path, "mill.cards", BUILDING.format(id="mymill", name="Windmill", modes="2, 3, 4"))
    with pytest.raises(pr.ConfigError, match=r"mill\.cards: building 'mymill' is named 'Windmill'.*'windmill'"):
        plan(dict(COMMON), (), ora.read_sources([path]))


def test_a_building_with_a_shipped_id_is_refused_at_its_line(tmp_path):
    path = _file(tmp_path, "mill.cards", BUILDING.format(id="windmill", name="My Mill", modes="2, 3, 4"))
    with pytest.raises(pr.CardError, match=r"mill\.cards:1:10: error: card id 'windmill' is defined twice"):
        ora.read_sources([path])


def test_a_building_the_game_never_offers_is_refused_before_any_game(tmp_path):
    path = _file(tmp_path, "solo.cards", BUILDING.format(id="hermitage", name="Hermitage", modes="1"))
    spec = GameSpec(sources=ora.read_sources([path]), targets=("hermitage",), **COMMON)
    with pytest.raises(pr.ConfigError, match=r"'hermitage' is never on offer in this game.*cannot play it"):
        spec.check()


def test_the_solo_game_and_a_shipped_set_file_are_refused():
    with pytest.raises(pr.ConfigError, match="2 to 4 seats"):
        GameSpec(**{**COMMON, "players": 1, "variants": ()}).check()
    with pytest.raises(pr.ConfigError, match="a file of the shipped set"):
        ora.read_sources(["cards/ora-et-labora/buildings-a.cards"])


# ---------------------------------------------------------------- the command line


def test_balance_judges_an_ora_fan_building_end_to_end(tmp_path, capsys):
    out, js = tmp_path / "run.jsonl", tmp_path / "report.json"
    argv = ["balance", "--game", "ora-et-labora", "--players", "2", "--cards", SHRINE, "--games", "1"]
    argv += ["--serial", "--fixed", "--gold", "3", "--out", str(out), "--json", str(js)]
    assert main(argv) == 0
    data = json.loads(js.read_text())
    assert data["game"] == "ora-et-labora" and (data["units"]["money"], data["units"]["score"]) == ("coins", "points")
    assert set(data["run"]) == {"base", "alone: shrine"} and data["run"]["alone: shrine"]["bots"] == ["heuristic"]
    [shrine] = data["judged"]
    assert shrine["card"] == "shrine" and shrine["units"] >= 1  # one game: judged later, counted now
    text = capsys.readouterr().out
    assert "coin gift ±3" in text and "points take - ref" in text and "VP" not in text


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (["--cards", "cards/ora-et-labora/buildings-a.cards"], "a file of the shipped set"),
        (["--targets", "nosuch"], "no shipped building nosuch"),
        ([], "nothing to judge in Ora et Labora"),
        (["--cards", SHRINE, "--against", "windmill"], "--against compares Pillars cards"),
        (["--cards", SHRINE, "--players", "5"], "2 to 4 seats"),
    ],
)
def test_balance_refuses_bad_ora_input_in_one_line(tmp_path, capsys, extra, words):
    argv = ["balance", "--game", "ora-et-labora", "--games", "1", "--serial", "--out", str(tmp_path / "r.jsonl")]
    assert main(argv + extra) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0]
    assert not (tmp_path / "r.jsonl").exists()


def test_balance_tune_is_pillars_only(capsys):
    assert main(["balance", "tune", "shrine", "--game", "ora-et-labora", "--cards", SHRINE]) == 2
    assert "judged, not tuned" in capsys.readouterr().err


def test_the_command_offers_the_games_the_lab_plays():
    from pillars_rules.cli.balance import LAB_GAMES
    from pillars_rules.lab.games import GAMES

    assert LAB_GAMES == GAMES


def test_a_sequential_run_decides_a_far_too_strong_building_early_on_ora_s_point_scale(tmp_path):
    """The mixture's scale is ten points in Ora (a VP in Pillars): the Shrine is flagged by the
    always-valid p-values after a few of the six games allowed."""
    js = tmp_path / "report.json"
    argv = ["balance", "--game", "ora-et-labora", "--players", "4", "--variant", "short", "--bots", "random"]
    argv += ["--cards", SHRINE, "--games", "6", "--sequential", "--serial", "--gold", "3", "--quiet"]
    assert main(argv + ["--out", str(tmp_path / "run.jsonl"), "--json", str(js)]) == 0
    data = json.loads(js.read_text())
    [shrine] = data["judged"]
    assert shrine["flag"] == 1 and shrine["decided_at"] is not None and shrine["decided_at"] < 6
    assert "tau = 10 points" in data["family"]["design"]

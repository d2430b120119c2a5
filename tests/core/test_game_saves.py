"""Any registered game is chosen by name, saved, loaded and replayed through the
same ``pr.new_game``, ``pr.save``, ``pr.load`` and ``pr.replay`` as Pillars
(issues #57 and #58): saves name their game (format 5, ``"game"``), and a save
that names a game wrongly is refused at ``$.game``."""

from __future__ import annotations

import json
import random

import pytest

import pillars_rules as pr
import pillars_rules.core as core
from pillars_rules.games.pillars import PILLARS
from pillars_rules.games.pillars import upcasters as U
from pillars_rules.saves import savefile as P

from .smallgames import MUTE, TALLY, Asked, Dealt, MuteRules, TallyRules, TallyType, Took


def played(seed: int = 3) -> pr.Game:
    return core.playout(pr.new_game(game="tally", players=2, seed=seed), seed=seed)


def refused(text: str, match: str, **kw) -> pr.SaveError:
    with pytest.raises(pr.SaveError, match=match) as exc:
        pr.load(text, **kw)
    return exc.value


# ---------------------------------------------------------------- choosing the game
def test_new_game_chooses_the_game_by_name():
    game = pr.new_game(game="tally", players=3, seed=4)
    assert game.game_type is TALLY and game.events[0] == Dealt(("Ann", "Bob", "Cy"), 4, random.Random(4).randint(5, 9))
    assert game == pr.new_game(game="tally", players=3, seed=4)
    assert (
        pr.new_game(players=2, seed=1).game_type is PILLARS is pr.new_game(game="pillars", players=2, seed=1).game_type
    )
    assert pr.new_game(game="pillars", players=2, seed=1) == pr.new_game(2, 1)


def test_an_unknown_game_or_a_game_that_makes_none_is_refused():
    with pytest.raises(pr.ConfigError, match=r"no game called 'chess' \(games: .*pillars.*tally"):
        pr.new_game(game="chess")
    with pytest.raises(pr.ConfigError, match="no game called 3"):
        pr.new_game(game=3)
    with pytest.raises(pr.ConfigError, match="'mute-tally' \\(Mute tally\\) does not make new games"):
        pr.new_game(game="mute-tally", players=2)
    with pytest.raises(pr.ConfigError, match="new_game of 'pillars' takes no option 'short'"):
        pr.new_game(players=2, seed=1, short=True)
    with pytest.raises(pr.ConfigError, match="tally takes no option 'short'"):
        pr.new_game(game="tally", players=2, seed=1, short=True)
    with pytest.raises(pr.ConfigError, match="tally takes no option 'names'"):
        pr.new_game(game="tally", players=2, seed=1, names=["A", "B"])  # given options reach the game


# ---------------------------------------------------------------- save, load, replay
def test_any_game_saves_loads_and_replays_through_the_same_functions():
    game = played()
    assert game.is_over
    text = pr.save(game)
    doc = json.loads(text)
    assert list(doc)[:4] == ["format", "format_version", "game", "library_version"]
    assert doc["format_version"] == P.FORMAT_VERSION == 5 and doc["game"] == "tally"
    assert (
        doc["players"] == 2 and doc["seed"] == 3 and doc["rules"] == "tally-1" and doc["events"][0]["type"] == "Dealt"
    )
    assert pr.save(game) == text  # deterministic
    for again in (
        pr.load(text),
        pr.load(text, verify=False),
        pr.replay(game.events),
        pr.replay(game.events, game="tally"),
    ):
        assert again == game and again.game_type is TALLY
    half = core.playout(pr.new_game(game="tally", players=3, seed=8), seed=1, max_actions=2)
    assert pr.load(pr.save(half)) == half and pr.load(pr.save(half)).legal_actions() == half.legal_actions()


def test_a_tampered_log_of_any_game_is_refused_at_its_event():
    game = played()
    doc = json.loads(pr.save(game))
    at = next(i for i, e in enumerate(doc["events"]) if e["type"] == "Took")
    doc["events"][at]["seat"] = 1  # seat 0 must take
    err = refused(json.dumps(doc), rf"\$\.events\[{at}\] \(Took\) does not follow from the state before it")
    assert err.index == at
    doc["events"][at]["seat"] = 0
    doc["events"][at]["n"] = "1"
    refused(json.dumps(doc), rf"\$\.events\[{at}\]\.n: expected int")
    log = list(game.events)
    with pytest.raises(pr.SaveError, match="the log ends early"):
        pr.replay(log[:-1])  # the last Took without the end it brings
    with pytest.raises(pr.SaveError, match=r"\$\.events\[1\] \(Took\)"):
        pr.replay([log[0], Took(0, 1), *log[1:]])  # before the first decision is asked
    doc = json.loads(pr.save(game))
    doc["seed"] += 1
    refused(json.dumps(doc), r"\$\.seed is 4 but the log says 3")


@pytest.mark.parametrize(
    "value, match",
    [
        (None, r"\$\.game: expected a string, got null"),
        (7, r"\$\.game: expected a string, got a number"),
        (["tally"], r"\$\.game: expected a string, got a list"),
        ("chess", r"\$\.game: no game called 'chess' \(games: .*pillars.*tally"),
        ("Tally", r"\$\.game: no game called 'Tally'"),
        ("pillars", r"\$\.game is 'pillars', whose saves have other header fields"),
        ("mute-tally", r"\$\.game: this library cannot load saves of 'mute-tally'"),
    ],
)
def test_a_save_that_names_its_game_wrongly_is_refused_at_dollar_game(value, match):
    doc = json.loads(pr.save(played()))
    doc["game"] = value
    refused(json.dumps(doc), match)


def test_a_save_without_its_game_is_refused_and_an_older_one_is_a_pillars_save():
    doc = json.loads(pr.save(played()))
    del doc["game"]
    refused(json.dumps(doc), r"\$\.game: the header lacks the field 'game'")
    # formats 1-4 had no game: such a save is a Pillars save
    doc["format_version"] = 4
    refused(json.dumps(doc), r"\$\.game is 'pillars', whose saves have other header fields")
    doc["game"] = "tally"
    refused(json.dumps(doc), r"\$\.game: a format 4 save is a game of 'pillars', not 'tally'")
    pillars = pr.playout(pr.new_game(players=2, seed=5), seed=5, max_actions=20)
    old = json.loads(pr.save(pillars))
    del old["game"]
    old["format_version"] = 4
    assert pr.load(json.dumps(old)) == pillars  # format 4, written before the game was named
    assert U.upcast_v4_v5(old) == {**json.loads(pr.save(pillars)), "library_version": old["library_version"]}
    assert list(U.upcast_v4_v5(old))[:3] == ["format", "format_version", "game"]


def test_the_rules_of_another_game_are_refused_at_dollar_game():
    tally = pr.save(played())
    pillars = pr.save(pr.new_game(players=2, seed=1))
    refused(
        pillars,
        r"\$\.game: the save records a game of 'pillars' .* rules given are those of 'tally'",
        cards=TallyRules(),
    )
    refused(
        tally,
        r"\$\.game: the save records a game of 'tally' .* rules given are those of 'mute-tally'",
        cards=MuteRules(),
    )
    refused(tally, r"\$\.game: a save of 'tally' cannot be read with these cards", cards=["expansion"])
    refused(tally, r"\$\.rules: the save was made with other rules \('tally-1', here 'tally-2'\)", cards="tally-2")
    with pytest.raises(pr.ConfigError, match="replays with its rules"):
        pr.replay(played().events, cards="expansion")


def test_a_game_without_saves_is_refused_clearly():
    game = core.playout(TALLY.new_game(2, 1, (), {}), seed=1)
    mute = core.Game(MuteRules(), game.state, list(game.events), game.n_events, None, MUTE)
    with pytest.raises(pr.ConfigError, match=r"Mute does not define save_header\(\)"):
        pr.save(mute)


def test_a_log_of_no_known_game_is_refused_at_its_first_event():
    with pytest.raises(pr.SaveError, match=r"\$\.events\[0\]: the log must start with a game's first event .*not Took"):
        pr.replay([Took(0, 1)])
    with pytest.raises(pr.SaveError, match="the log is empty"):
        pr.replay([])
    with pytest.raises(pr.ConfigError, match="no game called 'chess'"):
        pr.replay(played().events, game="chess")
    with pytest.raises(pr.SaveError, match=r"\$\.events\[0\]: the log must start with the first event of 'tally'"):
        pr.replay(pr.new_game(players=2, seed=1).events, game="tally")
    with pytest.raises(pr.SaveError, match="the log must start with GameStarted"):
        pr.replay(played().events, game="pillars")


def test_a_first_event_two_games_claim_needs_game():
    class Twin(TallyType):
        pass

    twin = core.register(Twin("twin-tally", "Twin", type("TwinRules", (), {"content_hash": "twin"}), Asked, {}))
    log = played().events
    try:
        with pytest.raises(pr.SaveError, match=r"\$\.events\[0\]: Dealt starts a game of each of tally, twin-tally"):
            pr.replay(log)
        assert pr.replay(log, game="tally").game_type is TALLY
    finally:  # the registry is the process's: leave it as it was
        from pillars_rules.core import gametype

        del gametype._BY_NAME[twin.name], gametype._BY_RULES[twin.rules_type]


def test_an_unverified_load_only_folds_and_a_broken_fold_is_a_save_error():
    game = played()
    log = list(game.events)
    assert pr.replay(log, verify=False) == game
    with pytest.raises(pr.SaveError, match=r"\$\.events\[2\] \(Took\) cannot be applied"):
        pr.replay([log[0], log[1], Took(0, "x"), *log[3:]], verify=False)


def test_a_games_reader_that_fails_is_still_a_save_error(monkeypatch):
    doc = json.loads(pr.save(played()))
    doc["events"][1] = {"type": "Asked", "seat": 0, "kind": "take", "extra": 1}
    refused(json.dumps(doc), r"\$\.events\[1\]: the fields of Asked are seat, kind")

    def broken(raw, index):
        return raw["no such key"]

    monkeypatch.setattr(TALLY, "decode_event", broken)
    err = refused(json.dumps(doc), r"\$\.events: a save of 'tally' cannot be read: KeyError")
    assert err.index is None


def test_a_game_known_by_name_is_imported_when_first_asked_for(tmp_path, monkeypatch):
    # Ora et Labora's package is not imported with pillars_rules (its import cost every program);
    # a game registered "later" is imported by game_type / game_types / load, and only then
    import sys

    (tmp_path / "later_tally.py").write_text(
        "from pillars_rules import core\n"
        "from core.smallgames import TallyType, Asked, Take\n"
        "class LaterRules:\n    pass\n"
        "class LaterType(TallyType):\n"
        "    def is_start(self, event):\n"
        "        return False  # Tally's logs stay Tally's (pr.replay finds a log's game by its first event)\n"
        "LATER = core.register(LaterType('later-tally', 'Later', LaterRules, Asked, {Take: (('n', int),)}))\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    core.register_later("later-tally", "later_tally", "Later")
    assert core.game_titles()["later-tally"] == "Later"
    assert "later_tally" not in sys.modules
    assert core.game_type("later-tally").title == "Later"
    assert "later_tally" in sys.modules
    core.register_later("later-tally", "no_such_module", "Later")  # already registered: nothing to do
    assert core.game_type("later-tally").title == "Later"
    core.register_later("never-registers", "json", "Never")
    with pytest.raises(pr.ConfigError, match="importing json did not register the game 'never-registers'"):
        core.game_type("never-registers")
    with pytest.raises(pr.ConfigError, match="lower-case words"):
        core.register_later("Bad Name", "json", "Bad")


def test_importing_the_library_does_not_import_the_second_game():
    import subprocess
    import sys

    code = "import sys, pillars_rules as pr; print('pillars_rules.games.ora' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
    code = "import sys, pillars_rules as pr; pr.core.game_titles(); print('pillars_rules.games.ora' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"  # listing the games' names and titles imports none
    code = "import sys, pillars_rules as pr; pr.core.game_type('ora-et-labora'); print('pillars_rules.games.ora' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "True"


def test_replaying_a_pillars_log_does_not_import_the_second_game():
    # pr.replay(events) finds a log's game among the games imported already: replaying Pillars
    # imported Ora et Labora's package (0.1 s, ten times a game's replay) when it asked every game
    import subprocess
    import sys

    code = (
        "import sys, pillars_rules as pr\n"
        "g = pr.playout(pr.new_game(players=3, seed=2), seed=2)\n"
        "assert pr.replay(g.events) == g and pr.load(pr.save(g)) == g\n"
        "print('pillars_rules.games.ora' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"

"""Ora chosen by name, saved, loaded and replayed through the library's functions (issue #58)."""

from __future__ import annotations

import json

import attrs
import pytest

import pillars_rules as pr
from pillars_rules.core import playout
from pillars_rules.errors import ConfigError, SaveError
from pillars_rules.games.ora import ORA, new_game, ora_rules
from pillars_rules.games.ora import records as R
from pillars_rules.games.ora.cards import card_hash, shipped
from pillars_rules.games.ora.saves import decode_event, encode_event

from .helpers import game


def _ora(**kw):
    return pr.new_game(game="ora-et-labora", **kw)


@pytest.mark.parametrize(
    ("players", "variants", "mode", "variant"),
    [
        (1, [], "solo", "france"),
        (2, [], "2 players", "france"),
        (2, ["long", "ireland"], "long 2 players", "ireland"),
        (3, ["ireland"], "3 players", "ireland"),
        (3, ["short"], "short", "france"),
        (4, ["ireland"], "4 players", "ireland"),
        (4, {"short": True, "german heartland": True}, "short", "france"),
    ],
)
def test_a_new_game_by_name_in_every_mode(players, variants, mode, variant):
    g = _ora(players=players, seed=1, variants=variants)
    assert g.game_type is ORA and (g.rules.mode, g.rules.variant) == (mode, variant)
    assert g.rules.catalogue == shipped() and g.state.players == players
    first = g.events[0]
    assert first == R.Began(first.names, mode, variant, tuple(sorted(g.rules.options)))
    # the seed decides nothing (no random set-up, §2.2-§2.5): another seed is the same game
    assert _ora(players=players, seed=2, variants=variants) == g


def test_names_and_cards_are_taken():
    g = _ora(players=2, names=["Ann", "Bob"])
    assert g.state.names == ("Ann", "Bob")
    folder = shipped()  # the same set given by name compiles to the same cards
    assert _ora(players=2, cards="ora-et-labora").rules.card_hash == g.rules.card_hash == card_hash(folder)


@pytest.mark.parametrize(
    ("kw", "message"),
    [
        ({"players": 5}, "1 to 4 players, not 5"),
        ({"players": "4"}, "1 to 4 players"),
        ({"players": 4, "seed": -1}, "seed is a whole number"),
        ({"players": 4, "variants": ["spain"]}, "no variant 'spain'"),
        ({"players": 4, "variants": "ireland"}, "list of names"),
        ({"players": 4, "variants": ["france", "ireland"]}, "one country"),
        ({"players": 2, "variants": ["short"]}, "short game takes 3 or 4"),
        ({"players": 3, "variants": ["long"]}, "long game takes 2"),
        ({"players": 4, "variants": ["no deck-C quarry"]}, "for the short game"),
        ({"players": 2, "names": ["Ann"]}, "takes 2 seat names"),
        ({"players": 2, "names": "Ann"}, "names are a list"),
        ({"players": 2, "cards": 7}, "give a BuildingSet"),
        ({"players": 2, "colour": "red"}, "no option 'colour'"),
    ],
)
def test_bad_values_are_a_config_error_naming_them(kw, message):
    with pytest.raises(ConfigError, match=message):
        _ora(**kw)


@pytest.fixture(scope="module")
def begun():
    """A game under way (a save of it loads fast: the replay tries every listed action)."""
    return playout(_ora(players=3, variants=["short", "ireland"], names=["Ann", "Bob", "Cy"]), seed=5, max_actions=40)


@pytest.fixture(scope="module")
def played():
    return playout(_ora(players=3, variants=["short", "ireland"], names=["Ann", "Bob", "Cy"]), seed=5)


def test_save_load_and_replay_give_the_same_game(played):
    text = pr.save(played)
    doc = json.loads(text)
    assert doc["game"] == "ora-et-labora" and doc["mode"] == "short" and doc["variant"] == "ireland"
    assert doc["names"] == ["Ann", "Bob", "Cy"] and doc["cards"] == played.rules.card_hash
    assert pr.load(text) == played and pr.replay(played.events) == played


def test_a_game_under_way_loads_and_plays_on(begun):
    again = pr.load(pr.save(begun))
    assert again == begun and pr.replay(begun.events, begun.rules) == begun
    assert not again.is_over and again.legal_actions() == begun.legal_actions()


def test_simulate_plays_ora_by_name(capsys):
    from pillars_rules.cli.entry import main

    assert main(["simulate", "--game", "ora-et-labora", "--players", "4", "--seed", "1"]) in (0, None)
    out = capsys.readouterr().out
    assert "Ora et Labora" in out


def test_every_event_encodes_to_json_and_back(played):
    assert all(decode_event(json.loads(json.dumps(encode_event(e))), 0) == e for e in played.events)
    asked = R.Asked(1, 0, "0/H01", R.Used(1, "0/H01", (("clay", 2),), (), ("clay",), (("use", "display"),), "w"))
    assert decode_event(encode_event(asked), 3) == asked
    assert decode_event(encode_event(R.Felled(0, "", None, "peat", 0, "")), 0).at is None


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda e: {**e, "seat": True}, r"\$\.events\[7\]\.seat: expected a whole number"),
        (lambda e: {**e, "extra": 1}, r"\$\.events\[7\]: \w+ has no field 'extra'"),
        (lambda e: {k: v for k, v in e.items() if k != "seat"}, r"\$\.events\[7\]\.seat: missing"),
        (lambda e: {**e, "type": "Teleported"}, r"\$\.events\[7\]\.type: 'Teleported' is not an event"),
        (lambda e: [e], r"\$\.events\[7\]: an event is a JSON object"),
    ],
)
def test_a_tampered_event_is_refused_with_its_path(begun, change, path):
    doc = json.loads(pr.save(begun))
    doc["events"][7] = change(doc["events"][7])
    assert "seat" in json.loads(pr.save(begun))["events"][7]
    with pytest.raises(SaveError, match=path):
        pr.load(json.dumps(doc))


def test_a_nested_value_of_the_wrong_type_is_refused_with_its_path():
    raw = encode_event(R.Used(0, "0/H01", (("clay", 2),), (), ("clay",), (), "w"))
    raw["give"][0][1] = "2"
    with pytest.raises(SaveError, match=r"\$\.events\[4\]\.give\[0\]\[1\]: expected a whole number"):
        decode_event(raw, 4)
    raw["give"] = [["clay"]]
    with pytest.raises(SaveError, match=r"give\[0\]: expected an array of 2 values"):
        decode_event(raw, 4)


def test_a_changed_event_that_still_decodes_is_refused_by_the_replay(begun):
    doc = json.loads(pr.save(begun))
    i = next(i for i, e in enumerate(doc["events"]) if e["type"] == "Used")
    doc["events"][i]["take"] = [["book", 9]]
    with pytest.raises(SaveError, match=rf"\$\.events\[{i}\].*does not follow"):
        pr.load(json.dumps(doc))


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("mode", "4 players", r"\$\.mode is '4 players' but the log says 'short'"),
        ("names", ["Ann", "Bob", "Dee"], r"\$\.names"),
        ("cards", "ora-cards:0", r"\$\.cards: the save was made with other rules"),
        ("colour", "red", r"unknown header field 'colour'"),
    ],
)
def test_a_tampered_header_is_refused_with_its_path(begun, field, value, message):
    doc = json.loads(pr.save(begun))
    doc[field] = value
    with pytest.raises(SaveError, match=message):
        pr.load(json.dumps(doc))


def test_a_save_read_with_other_cards_is_refused_and_the_game_untouched(begun):
    before = (begun.state, list(begun.events))
    text = pr.save(begun)
    other = tuple(attrs.evolve(c, econ=c.econ + 1) if c.id == "windmill" else c for c in shipped())
    with pytest.raises(SaveError, match=r"\$\.cards: the save was made with other rules"):
        pr.load(text, cards=ora_rules("short", "ireland", other, 3))
    assert (begun.state, list(begun.events)) == before


def test_a_log_replayed_with_rules_of_another_mode_is_refused():
    g = new_game(ora_rules("2 players", "france"))
    with pytest.raises(SaveError, match=r"\$\.events\[0\]: the log is a 2 players, france game"):
        pr.replay(g.events, ora_rules("long 2 players", "france"))
    three = [R.Began(("A", "B", "C"), "2 players", "france", ()), *g.events[1:]]
    with pytest.raises(SaveError, match=r"\$\.events\[0\]\.names: 3 seats; these rules seat 2"):
        pr.replay(three, g.rules)
    with pytest.raises(SaveError, match=r"\$\.events\[0\]: the log's set-up cannot be played.*takes 2 players"):
        pr.replay(three)
    with pytest.raises(SaveError, match=r"\$\.events\[0\]\.names: every seat's name"):
        pr.replay([R.Began(("A", ""), "2 players", "france", ()), *g.events[1:]])


def test_the_test_catalogue_games_save_and_load_with_their_rules():
    g = playout(game("solo", "ireland"), seed=2, max_actions=40)
    assert pr.load(pr.save(g), cards=g.rules) == g


SMOKEHOUSE = """
building smokehouse "Smokehouse" {
    deck B
    modes 3, 4
    cost 2 clay, 1 wood
    value 5
    dwelling 2
    terrain plains, hillside
    use: up to 2 times: 1 sheep, 2 energy -> 1 meat, 1 coin
}
"""


def test_a_fan_building_beside_the_shipped_set_plays_and_its_saves_need_it(tmp_path):
    fan = tmp_path / "smokehouse.cards"
    fan.write_text(SMOKEHOUSE, encoding="utf-8")
    cards = ["ora-et-labora", str(fan)]
    rules = ora_rules("4 players", "france", cards=cards)
    assert "smokehouse" in rules.decks["B"] and rules.card_hash != card_hash(shipped())
    g = playout(_ora(players=4, cards=cards), seed=3, max_actions=25)
    assert g.rules.card_hash == rules.card_hash
    text = pr.save(g)
    assert pr.load(text, cards=cards) == g
    with pytest.raises(SaveError, match=r"\$\.cards: the save was made with other rules"):
        pr.load(text)  # the shipped set alone
    with pytest.raises(ConfigError, match="not both"):
        ora_rules("4 players", "france", shipped(), cards=cards)


def test_what_a_card_changes_when_built_is_read_from_the_card():
    """The Winery and the Whiskey Distillery say on their cards that the work contract costs 2 coins
    once built (``built: price work_contract 2 coin``); a change the game does not know is refused."""
    assert ora_rules().raises_fee == {"winery", "whiskey_distillery"}
    odd = tuple(
        attrs.evolve(c, built=(("price", "work_contract 0 coin"),)) if c.id == "winery" else c for c in shipped()
    )
    with pytest.raises(ConfigError, match="card 'winery': what its building changes.*not known"):
        ora_rules("4 players", "france", odd)


def test_simulate_plays_the_solo_game_and_pillars_refuses_one_seat(capsys):
    from pillars_rules.cli import main

    # a named bot, so --bots is read for one seat too; the random one: the heuristic's whole solo game
    # is tests/bots/test_ora_bot.py's, and its games through simulate are that file's too
    assert main(["simulate", "--game", "ora-et-labora", "--players", "1", "--bots", "random"]) == 0
    assert "1. Player 1" in capsys.readouterr().out
    assert main(["simulate", "--players", "1"]) == 1
    assert "players must be a whole number from 2 to 6" in capsys.readouterr().err

"""Ora's rules value refuses what the game cannot play, by name (issue #58)."""

from __future__ import annotations

import attrs
import pytest

from pillars_rules.errors import ConfigError, IllegalActionError
from pillars_rules.games.ora import OraRules, new_game, ora_rules
from pillars_rules.mechanisms.use import Follow

from .catalogue import FUNCTIONS, E, catalogue
from .helpers import game, rules


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("5 players", "france"), "mode '5 players' is not one of"),
        (("4 players", "spain"), "variant 'spain' is not one of"),
        (("short", "france"), "the short game takes 3 or 4 players, not None"),
        (("4 players", "france", 3), "the 4 players game takes 4 players, not 3"),
    ],
)
def test_a_bad_mode_variant_or_seat_count_is_refused(args, message):
    with pytest.raises(ConfigError, match=message):
        ora_rules(args[0], args[1], catalogue(), *args[2:])


def test_an_unknown_follow_up_step_is_refused_when_the_rules_are_made():
    """A building whose outcomes name a step the flow does not know: a ConfigError naming the card."""
    odd = dict(FUNCTIONS) | {"G12": E({}, {}, then=[Follow("teleport")])}
    with pytest.raises(ConfigError, match="card 'G12'.*follow-up step 'teleport'.*known: build"):
        ora_rules("4 players", "france", catalogue(odd))
    bad_arg = dict(FUNCTIONS) | {"G12": E({}, {}, then=[Follow("recall", "abbot")])}
    with pytest.raises(ConfigError, match="takes no argument 'abbot'"):
        ora_rules("4 players", "france", catalogue(bad_arg))


def test_a_catalogue_the_game_cannot_play_is_refused_by_card():
    cards = catalogue()
    with pytest.raises(ConfigError, match="card 'G12': terrain must be"):
        ora_rules(
            "4 players", "france", [attrs.evolve(c, terrain=frozenset({"lava"})) if c.id == "G12" else c for c in cards]
        )
    with pytest.raises(ConfigError, match="card 'G02': the id is given twice"):
        ora_rules("4 players", "france", [*cards, next(c for c in cards if c.id == "G02")])
    with pytest.raises(ConfigError, match="one heartland building 'Farmyard', it has 0"):
        ora_rules("4 players", "france", [c for c in cards if c.name != "Farmyard"])
    with pytest.raises(ConfigError, match="a building needs a function"):
        ora_rules("4 players", "france", [attrs.evolve(c, function=None) if c.id == "G12" else c for c in cards])
    with pytest.raises(ConfigError, match="a settlement has no function"):
        ora_rules(
            "4 players", "france", [attrs.evolve(c, function=FUNCTIONS["H01"]) if c.id == "S01" else c for c in cards]
        )


def test_the_cards_in_play_follow_the_mode_and_variant():
    """§2.3 (rules.rst 'Buildings per mode'): 4 players France: 13 start buildings, A 6, B 7, C 7, D 8;
    2 players: 7, 4, 4, 4, 5; solo France: the Builders' Market starts on the neutral heartland (D9)."""
    r = rules()
    assert (len(r.start), *(len(r.decks[d]) for d in "ABCD")) == (13, 6, 7, 7, 8)
    two = rules("2 players")
    assert (len(two.start), *(len(two.decks[d]) for d in "ABCD")) == (7, 4, 4, 4, 5)
    solo = rules("solo")
    assert "G13" not in solo.start and (len(solo.start) + 1, *(len(solo.decks[d]) for d in "ABCD")) == (12, 5, 7, 5, 8)
    assert r.content_hash != rules("4 players", "ireland").content_hash == rules("4 players", "ireland").content_hash


def test_new_game_and_view_check_their_seats():
    with pytest.raises(ConfigError, match="takes 4 seat names"):
        new_game(rules(), ["Ann", "Bob"])
    g = game()
    with pytest.raises(IllegalActionError, match="no seat 4 in a 4-player game"):
        g.view(4)
    with pytest.raises(IllegalActionError, match="a seat is a plain int, not bool"):
        g.view(True)
    assert new_game(rules("short", "france", 3), ["Ann", "Bob", "Cy"]).state.names == ("Ann", "Bob", "Cy")


def test_the_short_games_set_up_options():
    """§10.3 (R13): the two top-left spaces start empty, or (the German rulebook) the first and third;
    §10.2 (D17): France with 4 players may leave the deck-C Quarry in the box."""
    cards = catalogue()

    def covers(r):
        g = new_game(r).state.grids[0]
        return [g.at((x, 0)).cover for x in range(3)]

    assert covers(ora_rules("short", "france", cards, 4)) == [None, None, "forest"]
    assert covers(ora_rules("short", "france", cards, 4, ["german heartland"])) == [None, "forest", None]
    assert "F29" in ora_rules("short", "france", cards, 4).decks["C"]
    assert "F29" not in ora_rules("short", "france", cards, 4, ["no deck-C quarry"]).decks["C"]
    for args, message in (
        (("4 players", "france", cards, None, ["german heartland"]), "is for the short game"),
        (("short", "ireland", cards, 4, ["no deck-C quarry"]), "for France with 4 players"),
        (("short", "france", cards, 3, ["flat earth"]), "no option 'flat earth'"),
    ):
        with pytest.raises(ConfigError, match=message):
            ora_rules(*args)
    with pytest.raises(ConfigError, match="options are a set of names"):
        OraRules("short", "france", cards, 3, "german heartland")

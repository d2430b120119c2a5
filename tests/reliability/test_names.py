"""Look-alike and invisible names are refused (issue #24, item 8).

Before, ``Red`` beside ``Rеd`` (Cyrillic е), ``Red\\u3164`` (an invisible
Hangul filler), a name of only ``\\u2800``, a letter with 99 stacked accents
and a card titled ``Mаson`` were all accepted: on a server two seats could
look identical to the other players.
"""

from __future__ import annotations

import json

import pytest

import pillars_rules as pr
from pillars_rules import cardlang
from pillars_rules.cardlang.names import LOOKALIKES, lookalike_problem, name_problem, skeleton


@pytest.mark.parametrize(
    "name, words",
    [
        ("Red\u3164", "U+3164 (HANGUL FILLER)"),
        ("\u3164", "U+3164"),
        ("\u115fRed", "U+115F"),
        ("\u2800", "visible character"),
        ("\u2800 \u2800", "visible character"),
        ("A" + "\u0301" * 99, "more than 4 marks"),
        ("\u0301Red", "start with the mark U+0301"),
        ("Red\u034f", "U+034F (COMBINING GRAPHEME JOINER)"),
        ("Red\ufe0f", "U+FE0F (VARIATION SELECTOR-16)"),
        ("Red\U000e0100", "U+E0100"),
        ("Red\u200b", "U+200B (ZERO WIDTH SPACE)"),
    ],
)
def test_invisible_names_are_refused_with_the_character_named(name, words):
    why = name_problem(name, 100)
    assert why and words in why, why
    with pytest.raises(pr.ConfigError, match="names\\[1\\]"):
        pr.new_game(players=2, names=["Blue", name])


@pytest.mark.parametrize(
    "name",
    ["José", "Zoë", "Ngọc", "Łukasz", "Møller", "李雷", "Дмитрий", "Ἀλέξανδρος", "🐉 Dragon", "Ann-Marie", "Red 2"],
)
def test_ordinary_names_of_every_script_are_accepted(name):
    assert name_problem(name, 100) is None
    assert pr.new_game(players=2, names=["Blue", name]).state.players[1].name == name


@pytest.mark.parametrize(
    "a, b, why",
    [
        ("Red", "R\u0435d", "U+0435 (CYRILLIC SMALL LETTER IE) looks like 'e'"),
        ("Red", "\uff32\uff45\uff44", "FULLWIDTH LATIN CAPITAL LETTER R"),
        ("Al", "AI", "U+0049 (LATIN CAPITAL LETTER I) looks like 'l'"),
        ("Big Red", "Big  Red", "spacing"),
        ("Barney", "Bamey", "'rn' looks like 'm'"),
        ("Pip", "\u0420ip", "CYRILLIC CAPITAL LETTER ER"),
        ("Bob", "B\U0001d428b", "MATHEMATICAL BOLD SMALL O"),
    ],
)
def test_seat_names_that_look_alike_are_refused_saying_which_and_why(a, b, why):
    assert skeleton(a) == skeleton(b)
    with pytest.raises(pr.ConfigError) as info:
        pr.new_game(players=3, names=["Green", a, b])
    assert f"names[2] {b!r} looks like names[1] {a!r}" in info.value.reason and why in info.value.reason


@pytest.mark.parametrize(
    "a, b", [("Red", "red"), ("Red", "Rod"), ("Anna", "Anne"), ("Jose", "José"), ("Player 1", "Player 2")]
)
def test_names_that_merely_differ_are_fine(a, b):
    assert lookalike_problem([a, b]) is None
    pr.new_game(players=2, names=[a, b])


def test_a_save_whose_seat_names_look_alike_is_refused():
    game = pr.new_game(players=2, seed=1, names=["Red", "Blue"])
    doc = json.loads(pr.save(game))
    doc["names"] = doc["events"][0]["names"] = ["Red", "R\u0435d"]
    with pytest.raises(pr.SaveError, match=r"events\[0\]\.names: seat names must not look alike"):
        pr.load(json.dumps(doc))


def test_a_card_titled_like_another_card_of_the_set_is_refused_naming_both():
    text = 'craftsman fan_mason "M\u0430son" { round 2 cost 4 gold convert 1 stone -> 1 vp }'
    with pytest.raises(pr.CardError) as info:
        cardlang.compile_text(text, "fan.cards", known=cardlang.base_cards())
    d = info.value.diagnostics[0]
    assert (d.file, d.line) == ("fan.cards", 1)
    assert "'M\u0430son' of 'fan_mason' looks like 'Mason' of 'mason_r1'" in d.message
    assert "CYRILLIC SMALL LETTER A" in d.message
    same = text.replace("M\u0430son", "Mason")  # the very title of the base Masons: fine
    assert cardlang.compile_text(same, known=cardlang.base_cards())["fan_mason"].name == "Mason"


def test_two_new_cards_and_german_titles_are_compared_too():
    text = (
        'event a "Storm" de "Sturm" { now: gain 1 gold }\n'
        'event b "St\u043erm" de "Sturm" { now: gain 1 gold }\n'
        'event c "Calm" de "St\u057drm" { now: gain 1 gold }\n'
    )
    with pytest.raises(pr.CardError) as info:
        cardlang.compile_text(text, "e.cards")
    lines = sorted(d.line for d in info.value.diagnostics)
    assert lines == [2, 3], info.value


@pytest.mark.parametrize(
    "title, words", [("Ma\u3164son", "U+3164"), ("\u2800", "visible"), ("Mason" + "\u0300" * 9, "marks")]
)
def test_invisible_card_titles_are_refused(title, words):
    with pytest.raises(pr.CardError) as info:
        cardlang.compile_text(f'event a "{title}" {{ now: gain 1 gold }}', "e.cards")
    assert words in info.value.reason


def test_the_lookalike_table_maps_only_to_plain_ascii_and_every_base_title_is_its_own():
    assert all(v.isascii() and len(v) == 1 and k != v for k, v in LOOKALIKES.items())
    titles = {c.name for c in cardlang.base_cards()}
    assert len({skeleton(t) for t in titles}) == len(titles)

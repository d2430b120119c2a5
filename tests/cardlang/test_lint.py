"""Warnings (``cards check``) for cards that compile but can never do anything."""

from __future__ import annotations

from pathlib import Path

import pytest

from pillars_rules.cardlang import base_cards, compile_text, load_paths
from pillars_rules.cardlang.lint import CODES, lint
from pillars_rules.cli import main

FAN = Path(__file__).resolve().parents[2] / "examples" / "fan_cards"


def warnings(text: str):
    return lint(compile_text(text, "w.cards", known=base_cards()), known=base_cards())


@pytest.mark.parametrize(
    "text, code, words",
    [
        # W002: more than a player can hold (§1: 23 wood, stone and sand, 13 metal)
        ('craftsman c "C" { round 1 convert -> 1 vp, if you own 24 wood }', "W002", "24 wood"),
        ('event e "E" { now: if you own 14 metal: gain 1 vp }', "W002", "14 metal"),
        (
            'privilege p "P" { permanent at market: choose one: gain 1 vp | if you own 24 sand: gain 1 vp }',
            "W002",
            "24 sand",
        ),
        # W003: inputs or costs no one can pay
        ('craftsman c "C" { round 1 convert 14 metal -> 9 vp }', "W003", "14 metal"),
        ('craftsman c "C" { round 1 convert 24 sand -> 9 vp }', "W003", "24 sand"),
        # W004: market modifiers that cannot matter (§4)
        ('privilege p "P" { permanent buy price metal -1 }', "W004", "buy metal"),
        ('privilege p "P" { permanent allows buy metal }', "W004", "buy metal"),
        ('craftsman c "C" { round 1 allows sell wood }', "W004", "needs no permit"),
        # W006: a turn-order change that comes too late (issue #53)
        ('privilege p "P" { permanent at game_end: become the start player }', "W006", "end of the game"),
        ('craftsman c "C" { round 6 at castle: reverse the order of play next round }', "W006", "last round"),
        (
            'privilege p "P" { permanent last round at market: choose one: gain 1 vp | reverse the order of play '
            "next round }",
            "W006",
            "last round",
        ),
        # W007: the event deck is empty at the end of the game (issue #53)
        ('privilege p "P" { permanent at game_end: look at the next 2 events }', "W007", "does nothing"),
        ('craftsman c "C" { round 1 at game_end: if you own 1 vp: bury the next event }', "W007", "empty"),
        # W008: 'that player' is the owner in a reaction to its own action (issue #53)
        ('privilege p "P" { permanent when you hire: take 1 gold from that player }', "W008", "that player is you"),
        ('privilege p "P" { permanent when you take: choose craftsman: give to that player }', "W008", "the gift"),
        ('privilege p "P" { permanent when you hire: copy a privilege of that player for this round }', "W008", "copy"),
    ],
)
def test_useless_cards_warn_with_a_code(text, code, words):
    (w,) = warnings(text)
    assert w.code == code and words in w.message
    assert str(w).startswith(f"w.cards:1:1: warning {code}: card ")


def test_that_player_of_another_seat_does_not_warn():
    assert warnings('privilege p "P" { permanent when another player hires: take 1 gold from that player }') == []
    assert warnings('privilege p "P" { permanent when you hire: that player: gain 1 gold }') == []


def test_a_turn_order_change_in_time_does_not_warn():
    assert warnings('craftsman c "C" { round 5 at castle: reverse the order of play next round }') == []
    assert warnings('privilege p "P" { permanent at castle: become the start player }') == []


def test_a_needed_tag_that_no_craftsman_has_any_more_warns_w001():
    # fan cards replacing both base mortar mixers without their tag leave the
    # masons' 'needs mortar_mixer' with no provider in the game
    text = (
        'craftsman mortar_mixer "Lazy mixer" { round start tags idler convert -> 1 gold }\n'
        'craftsman mortar_mixer_r1 "Lazy mixer" { round 1 convert -> 1 gold }\n'
        'craftsman m "M" { round 2 convert 1 stone -> 2 vp, needs mortar_mixer }'
    )
    got = warnings(text)
    assert [w.code for w in got] == ["W001"] and "'mortar_mixer'" in got[0].message


def test_useful_cards_do_not_warn():
    assert lint(base_cards()) == []
    assert lint(load_paths([FAN], known=base_cards()), known=base_cards()) == []
    assert (
        warnings(
            'craftsman c "C" { round 1 convert 30 gold -> 9 vp, if you own 13 metal '
            "allows buy wood sell price metal +1 }"
        )
        == []
    )


def test_every_code_is_documented():
    ref = (Path(__file__).resolve().parents[2] / "docs" / "cards-reference.rst").read_text("utf-8")
    for code in CODES:
        assert code in ref, code


def test_cards_check_prints_warnings_and_strict_fails(tmp_path, capsys):
    f = tmp_path / "w.cards"
    f.write_text('privilege p "P" { permanent buy price metal -1 }\n', encoding="utf-8")
    assert main(["cards", "check", str(f)]) == 0
    out, err = capsys.readouterr()
    assert "ok: 1 card, 1 warning" in out and "warning W004" in err
    assert main(["cards", "check", "--strict", str(f)]) == 1
    assert main(["cards", "check", "--strict", str(FAN)]) == 0

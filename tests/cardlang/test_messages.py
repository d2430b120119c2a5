"""Card compiler messages a fan author meets (issue #55), in the words of the
mistake, at its place, without hiding the card's next mistake. (That the fast
parser and Lark give the same messages: tests/reliability/test_fast_parser.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from pillars_rules.cardlang import base_cards, compile_text
from pillars_rules.cli import main
from pillars_rules.errors import CardError


def _shown(text: str) -> str:
    """Every problem of ``text`` (file x.cards, on top of the base set), as printed."""
    with pytest.raises(CardError) as info:
        compile_text(text, file="x.cards", known=base_cards())
    return str(info.value)


COST_WITHOUT_UNIT = """craftsman roofer "Roofer" {
    round 2
    cost 6
    convert 1 wood -> 1 vp
}
"""


def test_cost_without_a_unit_is_reported_on_its_own_line() -> None:
    assert _shown(COST_WITHOUT_UNIT) == (
        "x.cards:3:10: error: '6' has no unit: an amount is a number and what it counts, e.g. '6 gold'\n"
        "        cost 6\n"
        "             ^\n"
        "    hint: 'convert', on a later line, was read as its unit; a unit is one of: wood, stone, "
        "sand, metal, gold, vp"
    )


def test_and_between_amounts_suggests_a_comma_not_add() -> None:
    assert _shown('event windfall "Windfall" {\n    now: gain 2 gold and 1 wood\n}\n') == (
        "x.cards:2:22: error: 'and' does not join amounts: the amounts of a list are joined with ','\n"
        "        now: gain 2 gold and 1 wood\n"
        "                         ^\n"
        "    hint: e.g. '2 gold, 1 wood'"
    )


def test_and_between_inputs_suggests_a_plus() -> None:
    assert "error: 'and' does not join amounts: the inputs or outputs of a conversion are joined with '+'\n" in _shown(
        'craftsman r "R" {\n    round 1\n    convert 1 wood and 1 stone -> 1 vp\n}\n'
    )


AT_THE_MARKET = """privilege stall "Stall" {
    permanent
    at the market: gain 1 gold
    when you hire: gain 2 stnoe
}
"""


def test_at_the_market_says_what_is_wrong_and_shows_the_next_mistake() -> None:
    assert _shown(AT_THE_MARKET) == (
        "x.cards:3:8: error: 'at the market': a step is named by one word, its key\n"
        "        at the market: gain 1 gold\n"
        "           ^\n"
        "    hint: write 'at market:'\n"
        "\n"
        "x.cards:4:27: error: unknown resource 'stnoe' — did you mean 'stone'?\n"
        "        when you hire: gain 2 stnoe\n"
        "    " + " " * 26 + "^\n"
        "    hint: a resource is one of: wood, stone, sand, metal, gold, vp"
    )


def test_a_line_left_out_does_not_make_up_a_missing_field() -> None:
    """The card read past its syntax error lacks the line left out: what it then lacks
    as a whole is not reported (only mistakes on the lines that were read)."""
    text = 'resource r "R" {\n    site forest\n    yields 2 wood and 1 stone\n    workers 2\n}\n'
    shown = _shown(text)
    assert shown == (
        "x.cards:3:19: error: 'and' does not join anything in card text after 'wood': that statement "
        "takes one amount\n"
        "        yields 2 wood and 1 stone\n"
        "                      ^\n"
        "    hint: a list of amounts is joined with ',' (gain 2 gold, 1 wood), a conversion's inputs "
        "with '+' (convert 1 wood + 1 stone -> 3 vp)"
    )


def test_fraction_says_amounts_are_whole_numbers() -> None:
    assert _shown('event windfall "Windfall" {\n    now: gain 6.5 gold\n}\n') == (
        "x.cards:2:16: error: '6.5' is not a whole number: amounts and numbers in card text are whole\n"
        "        now: gain 6.5 gold\n"
        "                   ^\n"
        "    hint: write 6 or 7; there are no fractions of a cube, a coin or a point"
    )


def test_upper_case_resource_gets_did_you_mean() -> None:
    assert _shown('event windfall "Windfall" {\n    now: gain 2 VP\n}\n').startswith(
        "x.cards:2:17: error: unknown resource 'VP' — did you mean 'vp'?\n"
    )


def test_a_fan_card_with_a_base_id_is_noted_as_replacing_it(tmp_path: Path, capsys) -> None:
    (tmp_path / "mason.cards").write_text(
        'craftsman mason_r1 "Mason" {\n    round 1\n    cost 5 gold\n    convert 1 stone -> 2 vp\n}\n', encoding="utf-8"
    )
    assert main(["cards", "check", str(tmp_path / "mason.cards")]) == 0
    out = capsys.readouterr()
    assert out.out == "ok: 1 card\n"
    assert out.err == (
        f"{tmp_path / 'mason.cards'}:1:1: note: 'mason_r1' is the id of the base card 'Mason' "
        "(craftsman); in a game this card replaces it\n"
        "    hint: give the card an id of its own to add it beside the base card\n"
    )

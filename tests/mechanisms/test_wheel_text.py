"""A wheel configured by card text (issue #58): a board card's ``wheel`` lines
compile to a :class:`~pillars_rules.cardlang.board.WheelSpec` that makes the
mechanism's :class:`~pillars_rules.mechanisms.wheel.WheelConfig`; both parsers
read them alike; the formatter writes them back; a wrong line is reported where
it stands; a board without them keeps its canonical text and identity."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from reliability.test_fast_parser import _both

from pillars_rules.cardlang import base_cards, compile_text, format_cards
from pillars_rules.cardlang.board import WHEEL_FIELDS
from pillars_rules.cardlang.formatter import format_text
from pillars_rules.cardlang.render import render
from pillars_rules.errors import CardError
from pillars_rules.mechanisms.wheel import WheelConfig

from . import ora

TEXT = (Path(__file__).with_name("wheel_board.cards")).read_text(encoding="utf-8")
HEAD = 'board base "The Pillars of the Earth" {\n    gold cap 30\n    builder prices 7, 6, 5, 4, 3, 2, 1, 0\n'


def _board(text: str):
    cards = compile_text(text, "ora.cards", known=base_cards())
    return next(c for c in (*cards.places, *cards.cards) if c.kind == "board")


def test_the_text_configures_oras_wheel() -> None:
    """§5.1-§5.3 (R1, R2, R6): the 4-player France wheel, from text, is the test data's."""
    spec = _board(TEXT).board.wheel
    assert WheelConfig.from_fields(spec) == ora.wheel("4 players", "france")


def test_every_line_and_the_defaults() -> None:
    text = (
        HEAD + "    wheel values 0, 1, 2\n    wheel indicators a, b\n    wheel end remove\n    wheel idle resets\n}\n"
    )
    spec = _board(text).board.wheel
    assert attrs.astuple(spec) == ((0, 1, 2), ("a", "b"), (), "remove", "", True)
    assert WheelConfig.from_fields(spec).wild is None
    assert _board(HEAD + "}\n").board.wheel is None  # no wheel lines: no wheel


def test_both_parsers_read_the_wheel_lines_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    text = TEXT + "\n" + HEAD.replace("board base", "board other") + "    wheel idle resets\n    wheel end cap\n}\n"
    fast, slow, accepted = _both(text, monkeypatch)
    assert accepted == [True, True]  # the fast parser read both blocks itself
    assert fast == slow and not fast[1]
    assert {f.name for c in fast[0].cards for f in c.fields} >= set(WHEEL_FIELDS)


def test_the_formatter_writes_the_lines_back() -> None:
    card = _board(TEXT)
    canonical = format_cards([card])
    assert "    wheel enters grapes 8, stone 13\n    wheel wild joker\n}" in canonical
    assert _board(canonical) == card  # the round trip
    assert format_text(canonical) == canonical
    # comments stay, layout is made canonical
    messy = TEXT.replace("wheel wild joker", "wheel   wild\n  joker")
    assert format_text(messy) == format_text(TEXT)


def test_cards_show_says_what_the_wheel_does() -> None:
    text = render(_board(TEXT))
    assert (
        "A wheel of values 0, 2, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 10, with the indicators wood, clay, peat, "
        "sheep, grain, coin and joker on 0 at the start; a rotation moves each one step on, and one on the "
        "last value stays there. Entering later, on 0: grapes in round 8 and stone in round 13. "
        "The wild indicator joker may be taken instead of any other."
    ) in text
    other = render(
        _board(HEAD + "    wheel values 0, 1\n    wheel indicators a\n    wheel end remove\n    wheel idle resets\n}\n")
    )
    assert other.endswith(
        "A wheel of values 0, 1, with the indicators a on 0 at the start; a rotation moves each one step on, "
        "and one on the last value leaves the wheel. A taking with nothing to act on still resets its indicator."
    )
    assert "wheel" not in render(next(c for c in base_cards().places if c.kind == "board"))


def test_a_board_without_wheel_lines_keeps_its_identity() -> None:
    base = base_cards()
    board = next(c for c in base.places if c.kind == "board")
    assert board.board.wheel is None and "wheel" not in format_cards([board])
    assert base.identity == compile_text(format_cards(base), "again.cards").identity


@pytest.mark.parametrize(
    ("line", "where", "message"),
    [
        ("wheel values 0, 3, 2\n    wheel indicators a", (4, 24), "wheel values may not decrease: 2 after 3"),
        ("wheel values 0, -1\n    wheel indicators a", (4, 21), "a wheel value must be a whole number from 0"),
        ("wheel indicators a, b", (4, 5), "a wheel needs 'wheel values'"),
        ("wheel values 0, 1", (4, 5), "a wheel needs 'wheel indicators'"),
        ("wheel values 0, 1\n    wheel indicators a, a", (5, 25), "the indicator 'a' is named twice"),
        (
            "wheel values 0, 1\n    wheel indicators a\n    wheel enters a 3",
            (6, 18),
            "the indicator 'a' is named twice",
        ),
        (
            "wheel values 0, 1\n    wheel indicators a\n    wheel enters b 0",
            (6, 20),
            "the round an indicator enters in",
        ),
        ("wheel values 0, 1\n    wheel indicators a\n    wheel wild jokr", (6, 16), "the wild indicator 'jokr' is not"),
        ("wheel values 0, 1\n    wheel indicators a\n    wheel end wrap", (6, 15), "unknown wheel end 'wrap'"),
        ("wheel values 0, 1\n    wheel indicators Wood", (5, 22), "an indicator 'Wood' must be lower_snake_case"),
        ("wheel values 0, 1\n    wheel values 0, 2\n    wheel indicators a", (5, 5), "given twice"),
    ],
)
def test_a_wrong_line_is_reported_where_it_stands(line: str, where: tuple[int, int], message: str) -> None:
    with pytest.raises(CardError) as e:
        _board(HEAD + f"    {line}\n}}\n")
    text = str(e.value)
    assert f"ora.cards:{where[0]}:{where[1]}: error: " in text and message in text, text

"""Canonical formatting and the text round trip."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings

from pillars_rules.cardlang import base_cards, compile_text, format_cards, format_text
from pillars_rules.cardlang.strategies import cards

ROOT = Path(__file__).resolve().parents[2]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cards())
def test_round_trip_of_any_card(card):
    text = format_cards([card])
    assert compile_text(text, known=base_cards()).cards == (card,)
    assert format_text(text) == text


def test_base_files_are_canonical():
    for f in sorted((ROOT / "cards" / "base").glob("*.cards")):
        text = f.read_text(encoding="utf-8")
        assert format_text(text, str(f)) == text, f.name


def test_fan_files_are_canonical():
    for f in sorted((ROOT / "examples" / "fan_cards").glob("*.cards")):
        text = f.read_text(encoding="utf-8")
        assert format_text(text, str(f)) == text, f.name


def test_format_cards_of_a_cardset_round_trips():
    base = base_cards()
    assert compile_text(format_cards(base)).cards == base.cards


MESSY = """# leading comment

craftsman   c "C"  de "K"{ convert 2 wood->1 vp,capacity 4   round start # trailing
  tags a,b
  # before cost
  cost +3 gold }
event e "E" { now: choose one: gain 1 gold | (choose one: gain 1 wood | gain 1 stone)
  variant v { this round: yield +01 }   # after variant
}
# at the end
"""

CANONICAL = """# leading comment

craftsman c "C" de "K" {
    round start  # trailing
    # before cost
    cost 3 gold
    tags a, b
    convert 2 wood -> 1 vp, capacity 4
}

event e "E" {
    now: choose one: gain 1 gold | (choose one: gain 1 wood | gain 1 stone)
    variant v {
        this round: yield +1
    }  # after variant
}

# at the end
"""


def test_format_text_canonical_layout_keeps_comments():
    assert format_text(MESSY) == CANONICAL


def test_format_is_idempotent_and_meaning_preserving():
    once = format_text(MESSY)
    assert format_text(once) == once
    assert compile_text(once).cards == compile_text(MESSY).cards


def test_format_empty_and_comment_only():
    assert format_text("") == ""
    assert format_text("# just a note\n") == "# just a note\n"

"""The compile's fast paths give what the long ways give (issue #34, item 11).

A 1 MiB card file and its first game must take at most a second cold; three
shortcuts got it there, and each must be invisible:

* :func:`~pillars_rules.cardlang.formatter.card_text` prints a card's
  canonical text (what a set's identity hashes) from a per-effect cache: it
  must equal ``format_cards((card,))`` for every card, or saves would stop
  naming their set;
* the block splitter reads a run of words on a line as one match: only the
  first word of a line may start a card;
* the tokenizer takes the blanks before a token with it.
"""

from __future__ import annotations

import glob
from pathlib import Path

import pytest
from hypothesis import given

import pillars_rules as pr
from pillars_rules import cardlang
from pillars_rules.cardlang import formatter, strategies
from pillars_rules.cardlang.blocks import split_blocks
from pillars_rules.cardlang.fastparse import tokens
from pillars_rules.cardlang.formatter import card_text, format_cards
from pillars_rules.errors import CardError

ROOT = Path(__file__).resolve().parents[2]
SETS = ["cards/expansion", *sorted(glob.glob("examples/**/*.cards", recursive=True))]


def _every_shipped_card():
    yield from cardlang.base_cards()
    yield from cardlang.base_cards().places
    for path in SETS:
        try:
            cards = pr.load_cards([ROOT / path])
        except (CardError, pr.ConfigError):  # an example that shows a refusal
            continue
        yield from cards
        yield from cards.places


def test_card_text_is_the_canonical_text_of_every_shipped_card():
    checked = 0
    for card in _every_shipped_card():
        assert card_text(card) == format_cards((card,)), card.id
        checked += 1
    assert checked > 200


@given(strategies.cards())
def test_card_text_is_the_canonical_text_of_any_card(card):
    assert card_text(card) == format_cards((card,))
    assert card_text(card) == card_text(card)  # the second time from the cache


def test_the_statement_cache_stays_within_its_bound(monkeypatch):
    monkeypatch.setattr(formatter, "_STATEMENTS", {})
    monkeypatch.setattr(formatter, "_STATEMENTS_BOUND", 3)
    cards = list(cardlang.base_cards())
    for card in cards:
        assert card_text(card) == format_cards((card,))
        assert len(formatter._STATEMENTS) <= 3
    assert formatter._STATEMENTS  # it was used


def test_equal_abilities_of_different_cards_print_alike_and_the_identity_holds():
    text = "".join(f'event fan_e{i} "E{i}" {{\n    now: gain {i % 3 + 1} gold\n}}\n' for i in range(30))
    cards = cardlang.compile_text(text)
    assert all(card_text(c) == format_cards((c,)) for c in cards)
    again = cardlang.compile_text(cardlang.format_text(text))
    assert cards.identity == again.identity


def test_a_card_kind_later_on_a_line_does_not_start_a_card():
    text = 'event e "E" {\n    now: gain 1 gold  event more words\n}\n'
    blocks, _ = split_blocks(text)
    assert len(blocks) == 1 and blocks[0].cut_by is None


def test_a_card_kind_first_on_a_line_cuts_an_open_card_and_is_named_alone():
    text = 'event e "E" {\n    now: gain 1 gold\nevent f "F" {\n    now: gain 2 gold\n}\n'
    blocks, _ = split_blocks(text)
    assert len(blocks) == 2
    assert blocks[0].cut_by == (3, 1, "event")
    with pytest.raises(CardError, match="without its closing"):
        cardlang.compile_text(text)


def test_a_stray_closing_parenthesis_does_not_end_the_card():
    # found by Ora's fan-building soak: a ')' closed the card's block, and the first message said the
    # card ended a line early "without its closing '}'" before the one that named the ')'
    text = 'event e "E" {\n    now: choose one: gain 1 wood) | gain 2 gold\n}\n'
    blocks, _ = split_blocks(text)
    assert len(blocks) == 1 and text[blocks[0].start : blocks[0].end].endswith("}")
    with pytest.raises(CardError) as caught:
        cardlang.compile_text(text, "stray.cards")
    problems = [line for line in str(caught.value).splitlines() if ": error: " in line]
    assert problems == ["stray.cards:2:33: error: expected '|' after 'wood', found ')'"]


def test_tokens_keep_their_columns_and_ignore_trailing_blanks():
    text = 'event  e\t"E" {   \n  now:   gain 1 gold   \n}   '
    toks = tokens(text, 0, len(text), 1, 0)
    assert [(t.value, t.line, t.column) for t in toks] == [
        ("event", 1, 1),
        ("e", 1, 8),
        ('"E"', 1, 10),
        ("{", 1, 14),
        ("now", 2, 3),
        (":", 2, 6),
        ("gain", 2, 10),
        ("1", 2, 15),
        ("gold", 2, 17),
        ("}", 3, 1),
    ]

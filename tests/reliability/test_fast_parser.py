"""The fast card parser agrees with the Lark parser (issue #24, item 2).

``cardlang.fastparse`` reads well-formed card blocks without Lark; anything
it does not accept goes to Lark. So it must give exactly Lark's syntax tree
(positions included) for every block it accepts, and never accept a block
Lark refuses. Checked on every card file the project ships, on large
generated sets, and on Hypothesis mutants of the base cards.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pillars_rules.cardlang import fastparse
from pillars_rules.cardlang import parser as P
from pillars_rules.cardlang.diagnostics import Reporter

from .bigcards import dense_cards
from .fuzzlib import _MUTATIONS
from .test_card_mutation import BASE_TEXTS

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = (
    sorted((ROOT / "cards").rglob("*.cards"))
    + sorted((ROOT / "examples").rglob("*.cards"))
    + sorted((ROOT / "tests").rglob("*.cards"))
)


def _both(text: str, monkeypatch) -> tuple:
    """(fast result, Lark result, blocks the fast parser accepted): each
    result is (CardFile, diagnostics)."""
    accepted = []

    def counting(*args):
        node = fastparse.parse_block(*args)
        accepted.append(node is not None)
        return node

    monkeypatch.setattr(P, "parse_block", counting)
    rep = Reporter("x.cards", text)
    fast = (P.parse_collect(text, "x.cards", rep), rep.diagnostics)
    monkeypatch.setattr(P, "parse_block", lambda *args: None)
    rep = Reporter("x.cards", text)
    slow = (P.parse_collect(text, "x.cards", rep), rep.diagnostics)
    return fast, slow, accepted


#: A fan author's slips (issue #55): a unit left out, 'at the market:', a fraction, 'VP', 'and'.
SLIPS = (
    'craftsman r "R" {\n    round 2\n    cost 6\n    convert 1 wood -> 1 vp\n}\n',
    'privilege s "S" {\n    permanent\n    at the market: gain 1 gold\n    when you hire: gain 2 stnoe\n}\n',
    'event w "W" {\n    now: gain 6.5 gold\n    now: gain 2 VP\n}\n',
    'event w "W" {\n    now: gain 2 gold and 1 wood\n}\n',
)


@pytest.mark.parametrize("text", SLIPS)
def test_the_messages_of_issue_55_are_the_same_either_way(text, monkeypatch):
    """A fan author's slips (issue #55), worded by Lark and read past within the
    card: the same diagnostics with the fast parser as without it."""
    fast, slow, accepted = _both(text, monkeypatch)
    assert fast == slow and fast[1] and accepted == [False]


def test_every_shipped_card_file_parses_the_same_and_never_needs_lark(monkeypatch):
    assert len(SHIPPED) >= 8
    for path in SHIPPED:
        fast, slow, accepted = _both(path.read_text(encoding="utf-8"), monkeypatch)
        assert fast == slow, path
        assert accepted and all(accepted), path


def test_a_thousand_dense_cards_parse_the_same(monkeypatch):
    fast, slow, accepted = _both(dense_cards(), monkeypatch)
    assert fast == slow and len(accepted) == 938 and all(accepted)


@pytest.mark.parametrize(
    "text",
    [
        'craftsman c "C" { round 1 convert 1 wood +1 stone -> 1 vp }',  # Lark reads '+1' as '+' '1'
        'event e "E" { now: choose one: gain 1 gold }',  # one option only
        'event e "E" { now: gain 1 gold',  # no closing brace
        'event e "E" { now: gain 1 gold } extra',
        'craftsman c "C" { round 1 convert 1 wood -> 1 vp, capacity 2, capacity 3 }',  # reported once
        'event e "E" { now: gain 1\u00a0gold }',  # a space Lark does not skip
        'craftsman c "C" { round 1 convert 1 wood -> 1 vp, capacity 1 + 1 per counter }',  # issue #36
        'craftsman c "C" { round 1 convert 1 wood -> 1 vp, capacity 1 +1 per 2 craftsmen }',
        'craftsman c "C" { round 1 convert 1 wood -> 1 vp, capacity 1 + 1 per builder at priory }',
        'craftsman c "C" { round 1 convert 1 wood -> 1 vp, capacity 1 + per counter }',
        'craftsman c "C" { round 1 convert 3 gold -> 1 counter + 1 vp, capacity 1 }',
    ],
)
def test_odd_and_broken_blocks_give_lark_s_answer(text, monkeypatch):
    fast, slow, _ = _both(text, monkeypatch)
    assert fast == slow


plans = st.tuples(
    st.integers(0, len(BASE_TEXTS) - 1),
    st.lists(st.tuples(st.integers(0, len(_MUTATIONS) - 1), st.integers(0, 2**32 - 1)), min_size=1, max_size=3),
)


@given(plans)
def test_mutated_card_files_parse_the_same(plan):
    file_index, steps = plan
    text = BASE_TEXTS[file_index]
    for op, seed in steps:
        text = _MUTATIONS[op](random.Random(seed), text)
    with pytest.MonkeyPatch.context() as mp:
        fast, slow, _ = _both(text, mp)
    assert fast == slow

"""Card-compiler defects the mutation fuzzer found, now fixed: these pin the fixes.

C1 -- card text with a lone surrogate (e.g. ``"\\udcc9"`` decoded from JSON)
raised ``UnicodeEncodeError`` while hashing; it is now a diagnostic.
"""

from __future__ import annotations

import pytest

import pillars_rules as pr
from pillars_rules.cardlang import compile_text


@pytest.mark.parametrize(
    "text",
    [
        'event gift "Gift\udcc9" { now: gain 2 gold }',
        '# comment \ud800\nevent gift "Gift" { now: gain 2 gold }',
    ],
)
def test_lone_surrogate_in_card_text_is_a_diagnostic(text):
    """A lone surrogate is reported at its line and column, not raised."""
    with pytest.raises(pr.CardError) as info:
        compile_text(text, "surrogate.cards")
    assert info.value.diagnostics

"""The bots know no card by name (#27 item 1): everything they value comes from
the compiled cards and the effect registry, so fan cards are played as
sensibly as base cards."""

import re
from pathlib import Path

import pillars_rules as pr

BOTS_SRC = Path(pr.__file__).resolve().parent / "bots"
FAN = Path(__file__).resolve().parents[2] / "examples" / "fan_cards"


def _card_words(rules) -> set[str]:
    words = set()
    for card in rules.by_id.values():
        words.update(w.lower() for w in (card.id, card.name, card.name_de) if w)
    return words


def test_no_card_id_or_name_appears_as_a_string_in_the_bots():
    words = _card_words(pr.new_game(2, seed=0).rules) | _card_words(pr.new_game(2, seed=0, cards=[str(FAN)]).rules)
    assert "aliena" in words and "master carpenter" in words  # the check sees real names
    sources = sorted(BOTS_SRC.glob("*.py"))
    assert len(sources) >= 8
    for path in sources:
        literals = {s.lower() for s in re.findall(r"""["']([^"'\n]{3,60})["']""", path.read_text(encoding="utf-8"))}
        assert not literals & words, f"{path.name} names cards: {sorted(literals & words)}"

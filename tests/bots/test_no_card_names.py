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


def test_no_place_key_appears_as_a_string_in_the_bots():
    # the board is text too (#35): the bots read places by their rule, so a
    # fan board's places are played as sensibly as the base board's
    import ast as pyast

    import attr

    from pillars_rules.cardlang import base_cards
    from pillars_rules.cardlang import effects as fx
    from pillars_rules.engine.state import Board, GameState, RoundState

    keys = {c.id for c in base_cards().places if c.kind == "place"}
    fields = {f.name for cls in (GameState, RoundState, Board) for f in attr.fields(cls)}
    named = keys - set(fx.STEP_RULES) - fields
    assert {"priory", "kings_court", "castle"} <= named
    for path in sorted(BOTS_SRC.glob("*.py")):
        tree = pyast.parse(path.read_text(encoding="utf-8"))
        found = {n.value for n in pyast.walk(tree) if isinstance(n, pyast.Constant) and n.value in named}
        assert not found, f"{path.name} names places: {sorted(found)}"

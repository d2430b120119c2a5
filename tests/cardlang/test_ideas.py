"""The corpus of fan card ideas (issue #36, examples/ideas): every status the
manifest claims is true of the language, and the counts agree."""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from pillars_rules.cardlang import base_cards, compile_text, load_paths
from pillars_rules.errors import CardError

IDEAS = Path(__file__).resolve().parents[2] / "examples" / "ideas"
CORPUS = tomllib.loads((IDEAS / "corpus.toml").read_text(encoding="utf-8"))
ENTRIES = CORPUS["idea"]
#: Set-up rules (issue #53): board cards, each in a file of its own (a set has one board card).
BOARDS = {e["id"]: IDEAS.parent / e["board"] for e in ENTRIES if "board" in e}


def _cards():
    return load_paths([IDEAS], known=base_cards())


def test_every_idea_is_listed_once_and_the_counts_agree():
    ids = [e["id"] for e in ENTRIES]
    assert len(ids) == len(set(ids)) and len(ids) >= 40
    assert dict(Counter(e["status"] for e in ENTRIES)) == {k: v for k, v in CORPUS["counts"]["now"].items() if v}
    assert sum(CORPUS["counts"]["before"].values()) == len(ids)


def test_written_ideas_are_cards_of_the_folder_and_the_others_are_not():
    cards = _cards()
    for e in ENTRIES:
        assert (e["id"] in cards.by_id) == (e["status"] != "none" and e["id"] not in BOARDS), e["id"]
    assert set(cards.by_id) <= {e["id"] for e in ENTRIES}
    assert not [c for c in cards.places if c.kind == "board"]  # the folder plays on the set's own board


@pytest.mark.parametrize("cid", sorted(BOARDS))
def test_a_set_up_idea_is_the_board_card_of_its_file(cid):
    entry = next(e for e in ENTRIES if e["id"] == cid)
    assert entry["status"] == "exact" and entry["category"] == "set-up"
    cards = load_paths([BOARDS[cid]], known=base_cards())
    assert [c.id for c in cards.places] == [cid] and len(cards) == 0
    assert any(c.abilities for c in cards.places)


def _refused(wanted: str) -> bool:
    try:
        compile_text(wanted, "wanted.cards", known=base_cards())
    except CardError:
        return True
    return False


def test_an_idea_not_written_exactly_does_not_compile():
    # every idea is written exactly today (57 of 57); one that is not must say what it wants
    assert [e["id"] for e in ENTRIES if e["status"] != "exact" and _refused(e["wanted"])] == [
        e["id"] for e in ENTRIES if e["status"] != "exact"
    ]
    # and the check tells a text the language writes from one it does not
    assert not _refused('event fan_x "X" { now: gain 1 gold }')
    assert _refused('event fan_x "X" { now: gain 1 gold per smile }')


@pytest.mark.parametrize("entry", [e for e in ENTRIES if e["status"] == "exact"], ids=lambda e: e["id"])
def test_an_exact_idea_has_no_wanted_text(entry):
    assert "wanted" not in entry  # the card in the folder is the idea


def test_the_reference_gives_the_counts_of_the_manifest():
    ref = (IDEAS.parents[1] / "docs" / "cards-reference.rst").read_text(encoding="utf-8")
    for row in ("before", "now"):
        c = CORPUS["counts"][row]
        line = next(x for x in ref.splitlines() if re.match(rf"{row} +\d", x))  # the table's row, not prose
        assert line.split()[1:] == [str(c["exact"]), str(c["approx"]), str(c["none"])], line
    assert f"corpus ({len(ENTRIES)})" in ref

"""The Ora et Labora lexicon (docs/ora/lexicon.csv) is consistent, and the docs
agree with it.

The CSV is the one copy of the checked facts the Ora implementation will load
(issue #58); the tables on docs/ora/lexicon.rst and docs/ora/mechanisms.rst are
drawn from it by tools/ora_lexicon.py, and docs/ora/rules.rst states the
building counts per mode and deck by hand -- these tests hold the three
together, and hold the CSV to the rules it encodes (ORA_RULES.md §-numbers).
"""

from __future__ import annotations

import importlib.util
import re
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ORA = ROOT / "docs" / "ora"


def _tool():
    spec = importlib.util.spec_from_file_location("ora_lexicon", ROOT / "tools" / "ora_lexicon.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TOOL = _tool()
ROWS = TOOL.read_rows()
BUILDINGS = [r for r in ROWS if r["kind"] == "building"]
TERRAINS = {"water", "coast", "plains", "hillside", "mountain"}
MODES = ["1", "2", "2L", "3", "3S", "4", "4S"]
MATERIALS = {"wood", "clay", "stone", "straw"}
#: the modes a player-count mark puts a card in (ORA_RULES §2.3, §8.1, §8.7, §9.1, §10.2)
BY_MARK = {"none": set(MODES), "3+": {"1", "2L", "3", "4", "4S"}, "4": {"1", "2L", "4"}}
#: cards the rules take out of some modes beyond their mark (§8.7, §9.1; rules.rst O1, O4):
#: id -> the modes it leaves
REMOVED = {"F10": {"1", "2L"}, "F14": {"1"}, "F29": {"1", "2L"}, "F31": {"1", "2L"}}


def _cost(text: str) -> dict[str, int]:
    """'2 wood + 1 clay' -> {'wood': 2, 'clay': 1}; anything else is a ValueError."""
    parts = {}
    for part in text.split(" + "):
        match = re.fullmatch(r"(\d+) (wood|clay|stone|straw|coins|food|energy)", part)
        if not match:
            raise ValueError(f"cost {text!r}: cannot read {part!r}")
        parts[match.group(2)] = int(match.group(1))
    return parts


def test_ids_are_unique_and_named_by_kind():
    ids = [r["id"] for r in ROWS]
    assert len(ids) == len(set(ids))
    pattern = {"heartland": r"H0[1-3]", "building": r"[GFI]\d\d", "settlement": r"S0[1-8]"}
    for r in ROWS:
        assert re.fullmatch(pattern[r["kind"]], r["id"]), r["id"]
    assert Counter(r["kind"] for r in ROWS) == {"heartland": 3, "building": 67, "settlement": 8}


def test_every_row_has_a_terrain_from_the_allowed_set_and_the_terrain_rules_hold():
    for r in ROWS:
        terrains = r["terrain"].split()
        assert terrains and set(terrains) <= TERRAINS, r["id"]
        # §4.7: only the Quarry and the Castle on a mountain, only the (Irish) Houseboat on water
        assert ("mountain" in terrains) == (r["name"] in {"Quarry", "Castle"}), r["id"]
        assert ("water" in terrains) == (r["name"] == "Houseboat"), r["id"]
    assert next(r for r in ROWS if r["name"] == "Houseboat")["variant"] == "Ireland"
    assert next(r for r in ROWS if r["name"] == "Windmill")["terrain"] == "coast hillside"  # §4.7
    # §6.3: the Fishing Village on coast, the Hilltop Village on hillside only
    settlements = {r["name"]: r["terrain"] for r in ROWS if r["kind"] == "settlement"}
    assert settlements["Fishing Village"] == "coast" and settlements["Hilltop Village"] == "hillside"


def test_costs_parse_materials_or_coins_for_buildings_food_and_energy_for_settlements():
    for r in BUILDINGS:
        cost = _cost(r["cost"])
        # §4.6.4: a financed building costs coins only; the others building material only
        assert set(cost) <= MATERIALS or set(cost) == {"coins"}, r["id"]
        assert all(n > 0 for n in cost.values()), r["id"]
    for r in ROWS:
        if r["kind"] == "settlement":
            assert set(_cost(r["cost"])) == {"food", "energy"}, r["id"]
        elif r["kind"] == "heartland":
            assert r["cost"] == "-"
        int(r["econ"]), int(r["dwell"])
    assert _cost(next(r for r in ROWS if r["id"] == "G22")["cost"]) == {"coins": 5}  # §4.6.4
    assert _cost(next(r for r in ROWS if r["id"] == "S01")["cost"]) == {"food": 1, "energy": 1}  # §6.3


def test_a_bad_cost_is_refused_with_the_part_it_could_not_read():
    with pytest.raises(ValueError, match="cannot read '2 gold'"):
        _cost("1 wood + 2 gold")


def test_player_counts_follow_the_mark_and_the_removals():
    for r in ROWS:
        assert r["mark"] in BY_MARK, r["id"]
        modes = r["modes"].split()
        assert modes == [m for m in MODES if m in modes], f"{r['id']}: modes out of order or unknown"
        if r["kind"] == "building":
            assert set(modes) == BY_MARK[r["mark"]] - REMOVED.get(r["id"], set()), r["id"]
        else:
            assert set(modes) == set(MODES) and r["mark"] == "none", r["id"]


def test_variants_and_decks():
    for r in ROWS:
        assert r["variant"] in {"both", "France", "Ireland"}, r["id"]
        expected = {"G": "both", "F": "France", "I": "Ireland"}.get(r["id"][0], "both")
        assert r["variant"] == expected, r["id"]
        assert r["deck"] in TOOL.DECKS, r["id"]
        assert r["cloister"] in {"yes", "no"}, r["id"]
    # §1.7: 41 double-sided cards -- each number is one G row, or one F and one I row
    numbers = Counter(r["id"][1:] for r in BUILDINGS)
    assert sorted(numbers) == [f"{n:02d}" for n in range(1, 42)]
    for number, count in numbers.items():
        assert count == (1 if f"G{number}" in {r["id"] for r in BUILDINGS} else 2), number
    # the faces of one card share its deck
    for number in numbers:
        assert len({r["deck"] for r in BUILDINGS if r["id"][1:] == number}) == 1, number


def _counts(variant: str, mode: str) -> list[int]:
    return [
        sum(
            1
            for r in BUILDINGS
            if r["deck"] == deck and r["variant"] in {variant, "both"} and mode in r["modes"].split()
        )
        for deck in TOOL.DECKS[1:]
    ]


def _stated_counts() -> dict[str, list[tuple[int, int]]]:
    """The table 'Buildings per mode and deck' on rules.rst: mode -> [(France, Ireland)] per
    deck and the total."""
    text = (ORA / "rules.rst").read_text(encoding="utf-8")
    table = text.split(".. list-table:: Buildings per mode and deck")[1].split("\n\n", 2)[1]
    rows = [block.split("\n     - ") for block in table.split("   * - ")[1:]]
    stated = {}
    for row in rows[1:]:
        cells = [tuple(int(n) for n in cell.strip().split(" / ")) for cell in row[1:]]
        stated[row[0].strip()] = cells
    return stated


def test_the_counts_per_mode_deck_and_variant_are_what_the_rules_page_states():
    stated = _stated_counts()
    assert list(stated) == MODES
    for mode, cells in stated.items():
        france, ireland = _counts("France", mode), _counts("Ireland", mode)
        assert cells == [*zip(france, ireland), (sum(france), sum(ireland))], mode
    # §1.7 / ORA_BUILDINGS: each variant plays 41 cards, 13 / 6 / 7 / 7 / 8 by deck, in 4-player games
    assert _counts("France", "4") == _counts("Ireland", "4") == [13, 6, 7, 7, 8]
    # §9.1: solo Ireland uses all 41
    assert sum(_counts("Ireland", "1")) == 41


def test_the_generated_tables_agree_with_the_csv():
    for path, text in TOOL.rendered().items():
        assert path.read_text(encoding="utf-8") == text, f"{path.name}: run python3 tools/ora_lexicon.py"


def test_a_page_without_its_markers_is_refused_by_name():
    with pytest.raises(ValueError, match="BEGIN GENERATED tables"):
        TOOL.fill("no markers here\n", "tables", "x")


def test_every_mechanism_and_ruling_the_csv_names_is_defined_on_the_pages():
    mechanisms = (ORA / "mechanisms.rst").read_text(encoding="utf-8")
    defined = set(re.findall(r"^\.\. _mech-([a-z-]+):$", mechanisms, re.M))
    for r in ROWS:
        assert r["mechanisms"].split() and set(r["mechanisms"].split()) <= defined, r["id"]
    rulings = _defined_rulings((ORA / "rules.rst").read_text(encoding="utf-8"))
    for r in ROWS:
        assert set(r["dispute"].split()) <= rulings, f"{r['id']}: ruling {r['dispute']} not on rules.rst"


def test_every_scenario_of_ora_rules_is_listed_with_its_section():
    text = (ORA / "lexicon.rst").read_text(encoding="utf-8").split(".. _ora-scenarios:")[1]
    numbers = [int(n) for n in re.findall(r"^   \* - (\d+)$", text, re.M)]
    assert numbers == list(range(1, 31))
    assert len(re.findall(r"^     - §\d", text, re.M)) == 30


def _defined_rulings(rules: str) -> set[str]:
    """Ruling ids with a paragraph (``R7 (§…) ...``) or a bullet (``- **D3** ...``) on rules.rst."""
    return set(re.findall(r"^(R\d+) \(", rules, re.M)) | set(re.findall(r"^- \*\*([DO]\d+)\*\* ", rules, re.M))


def test_every_open_question_of_ora_rules_has_a_ruling_and_every_cited_ruling_exists():
    rules = (ORA / "rules.rst").read_text(encoding="utf-8")
    defined = _defined_rulings(rules)
    assert {f"R{n}" for n in range(1, 33)} <= defined
    table = rules.split(".. list-table:: §12.3 register → ruling")[1].split("\n\n", 2)[1]
    rows = [block.split("\n     - ") for block in table.split("   * - ")[1:]][1:]
    # ORA_RULES.md §12.3 has 26 items; each is answered by rulings that exist
    assert [int(row[0]) for row in rows] == list(range(1, 27))
    for row in rows:
        assert row[2].split() and set(row[2].split()) <= defined, row
    # a ruling cited anywhere on the three pages exists
    pages = "".join((ORA / name).read_text(encoding="utf-8") for name in ("rules.rst", "lexicon.rst", "mechanisms.rst"))
    cited = set(re.findall(r"\b([RDO]\d+)\b", pages))
    assert cited <= defined, sorted(cited - defined)

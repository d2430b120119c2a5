"""Write the Ora et Labora lexicon tables into the docs from docs/ora/lexicon.csv.

    python3 tools/ora_lexicon.py           # rewrite the generated blocks
    python3 tools/ora_lexicon.py --check   # exit 1 if a block is out of date

The CSV is the one copy of the checked facts (cost, values, terrain, player
counts, variant, deck, function, the mechanisms a function needs). The tables
in docs/ora/lexicon.rst and docs/ora/mechanisms.rst sit between the markers
``.. BEGIN GENERATED <name>`` and ``.. END GENERATED <name>`` and are drawn
from it, so a fact is corrected once, in the CSV; tests/docs/test_ora_lexicon.py
checks the blocks and the CSV's consistency.
"""

from __future__ import annotations

import csv
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ORA = ROOT / "docs" / "ora"
CSV = ORA / "lexicon.csv"

COLUMNS = [
    "id",
    "kind",
    "name",
    "variant",
    "deck",
    "mark",
    "modes",
    "cost",
    "econ",
    "dwell",
    "terrain",
    "cloister",
    "function",
    "mechanisms",
    "sources",
    "dispute",
]
DECKS = ["heartland", "start", "A", "B", "C", "D"]


def read_rows(path: Path = CSV) -> list[dict[str, str]]:
    """The CSV's rows, in file order; a wrong header is a ValueError naming it."""
    with path.open(newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        if reader.fieldnames != COLUMNS:
            raise ValueError(f"{path}: header is {reader.fieldnames}, expected {COLUMNS}")
        return list(reader)


def _list_table(title: str, header: list[str], body: list[list[str]], widths: list[int]) -> str:
    lines = [f".. list-table:: {title}", "   :header-rows: 1", "   :widths: " + " ".join(str(w) for w in widths), ""]
    for row in [header, *body]:
        lines.append("   * - " + (row[0] or "\\-"))
        lines.extend("     - " + (cell or "\\-") for cell in row[1:])
    return "\n".join(lines) + "\n"


def _building_cells(r: dict[str, str]) -> list[str]:
    return [
        r["id"],
        r["name"],
        r["variant"],
        r["mark"],
        r["modes"],
        r["cost"],
        r["econ"],
        r["dwell"],
        r["terrain"],
        r["cloister"],
        r["function"],
        r["sources"],
        r["dispute"],
    ]


_BUILDING_HEADER = [
    "id",
    "name",
    "variant",
    "mark",
    "modes",
    "cost",
    "econ",
    "dwell",
    "terrain",
    "cloister",
    "function",
    "checked against",
    "ruling",
]
_BUILDING_WIDTHS = [4, 10, 6, 4, 8, 8, 3, 3, 8, 4, 26, 6, 4]


def lexicon_tables(rows: list[dict[str, str]]) -> str:
    """The lexicon's tables: the heartland, one table per deck, the settlements."""
    parts = []
    for deck in DECKS:
        chosen = [r for r in rows if r["deck"] == deck and r["kind"] != "settlement"]
        title = (
            "Printed on every heartland"
            if deck == "heartland"
            else f"Deck {deck}"
            if deck != "start"
            else "Start buildings"
        )
        parts.append(
            _list_table(
                f"{title} ({len(chosen)} rows)",
                _BUILDING_HEADER,
                [_building_cells(r) for r in chosen],
                _BUILDING_WIDTHS,
            )
        )
    settlements = [r for r in rows if r["kind"] == "settlement"]
    parts.append(
        _list_table(
            f"Settlements ({len(settlements)} per player)",
            ["id", "name", "arrives", "cost", "econ", "dwell", "terrain", "checked against", "ruling"],
            [
                [
                    r["id"],
                    r["name"],
                    r["deck"],
                    r["cost"],
                    r["econ"],
                    r["dwell"],
                    r["terrain"],
                    r["sources"],
                    r["dispute"],
                ]
                for r in settlements
            ],
            [4, 12, 6, 12, 4, 4, 12, 8, 6],
        )
    )
    return "\n".join(parts)


def mechanism_table(rows: list[dict[str, str]]) -> str:
    """One row per building (heartland and decks): the mechanisms its function needs."""
    body = [
        [r["id"], r["name"], r["variant"], " ".join(f":ref:`{m} <mech-{m}>`" for m in r["mechanisms"].split())]
        for r in rows
        if r["kind"] != "settlement"
    ]
    return _list_table(
        f"Mechanisms each building's function needs ({len(body)} rows)",
        ["id", "name", "variant", "mechanisms"],
        body,
        [6, 20, 8, 30],
    )


#: file -> {block name -> function drawing it from the rows}
BLOCKS = {
    ORA / "lexicon.rst": {"tables": lexicon_tables},
    ORA / "mechanisms.rst": {"buildings": mechanism_table},
}


def fill(text: str, name: str, content: str) -> str:
    """``text`` with the block ``name`` replaced by ``content``; a missing
    marker is a ValueError naming the block."""
    pattern = re.compile(rf"(\.\. BEGIN GENERATED {name}\n)(.*?)(\.\. END GENERATED {name}\n)", re.S)
    if not pattern.search(text):
        raise ValueError(f"no '.. BEGIN GENERATED {name}' ... '.. END GENERATED {name}' block")
    return pattern.sub(lambda m: m.group(1) + "\n" + content + "\n" + m.group(3), text, count=1)


def rendered() -> dict[Path, str]:
    """Each generated page as it should read now."""
    rows = read_rows()
    out = {}
    for path, blocks in BLOCKS.items():
        text = path.read_text(encoding="utf-8")
        for name, draw in blocks.items():
            text = fill(text, name, draw(rows))
        out[path] = text
    return out


def main(argv: list[str]) -> int:
    stale = [path for path, text in rendered().items() if path.read_text(encoding="utf-8") != text]
    if "--check" in argv:
        for path in stale:
            print(f"out of date: {path.relative_to(ROOT)} (run python3 tools/ora_lexicon.py)")
        return 1 if stale else 0
    for path, text in rendered().items():
        path.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Write the browser board's facts of Ora et Labora's cards, made from the card set.

    python3 tools/make_ora_facts.py            # writes src/pillars_rules/web/static/js/ora/facts.js
    python3 tools/make_ora_facts.py --check    # exit 1 if the file is not what the cards give

The Ora board (``js/ora/*.js``) draws cards by id, as the game's export holds
ids only; it reads each card's name, deck, cost, values, terrains and what its
use does from this file, which is a JSON object in an ES module. Nothing in it
is typed by hand: it is made here from ``cards/ora-et-labora`` (the same
compiled cards the game plays), and ``tests/web/test_ora_board_files.py``
fails when the cards changed and the file was not made again.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "pillars_rules" / "web" / "static" / "js" / "ora" / "facts.js"
HEAD = (
    "// Ora et Labora's cards as the board reads them: made by tools/make_ora_facts.py from\n"
    "// cards/ora-et-labora; do not edit (tests/web/test_ora_board_files.py checks it is current).\n"
)


def _use(text: str) -> str:
    """What the card's use does, as its card text writes it (empty for a settlement)."""
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("use:"):
            return line[len("use:") :].strip()
    return ""


def facts() -> dict[str, dict]:
    """``{card id: {name, kind, deck, number, cost, value, dwelling, terrain, cloister, use}}``."""
    from pillars_rules.buildings import load_buildings

    out: dict[str, dict] = {}
    for card in load_buildings(["ora-et-labora"]).cards:
        out[card.id] = {
            "name": card.name,
            "kind": card.kind,
            "deck": card.deck,
            "number": card.number,
            "cost": [[good, n] for good, n in card.cost],
            "value": card.econ,
            "dwelling": card.dwell,
            "terrain": sorted(card.terrain),
            "cloister": card.cloister,
            "use": _use(card.text),
        }
    return out


def module_text() -> str:
    rows = [
        f"  {json.dumps(cid)}: {json.dumps(entry, sort_keys=True, ensure_ascii=False)}"
        for cid, entry in sorted(facts().items())
    ]
    return HEAD + "export default {\n" + ",\n".join(rows) + "\n};\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that the file is current")
    args = parser.parse_args(argv)
    text = module_text()
    if args.check:
        current = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        if current != text:
            print(f"{OUT.relative_to(ROOT)} is not what the cards give: run python3 tools/make_ora_facts.py")
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)} ({len(text)} characters)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The shared mechanisms name no term of either game (issue #58): the names of
goods, terrains, boards and cards are their configuration's.

Pillars' terms are read from its card files (as ``tests/engine/
test_no_pillars_terms.py`` does for the core); Ora's from its lexicon
(``docs/ora/lexicon.csv``: every building's and settlement's name) and from the
configuration Ora gives the mechanisms (``games/ora/setup.py``, read through ``tests/mechanisms/ora.py``: its
goods with both sides, terrains, covers, boards and sides, kinds of workers and named phases).
Neither a string literal (outside
docstrings) nor an identifier of ``src/pillars_rules/mechanisms`` may be one.
"""

from __future__ import annotations

import csv
import re
from collections import Counter
from pathlib import Path

from engine.test_no_pillars_terms import _identifiers, named, pillars_terms

import pillars_rules as pr

from . import ora

MECHANISMS = Path(pr.__file__).resolve().parent / "mechanisms"
LEXICON = Path(__file__).resolve().parents[2] / "docs" / "ora" / "lexicon.csv"


def ora_terms() -> tuple[set[str], set[str]]:
    """(terms, names) of Ora, as :func:`pillars_terms` gives them for Pillars."""
    with LEXICON.open(encoding="utf-8") as f:
        names = {row["name"] for row in csv.DictReader(f)}
    words = set(ora.TERRAINS) | set(ora.COVERS) | set(ora.BASIC) | {"grapes", "stone"}
    words |= {b.name for b in ora.GRID.boards} | {s.name for b in ora.GRID.boards for s in b.sides}
    words |= set(ora.GOODS.goods) | set(ora.clergy().names) | {p.name for p in ora.phases().phases if len(p.name) > 1}
    words |= {"wheel", "joker", "settlement", "cloister", "prior", "landscape", "heartland", "plot", "district"}
    words.discard("wheel")  # the mechanism's tag in docs/ora/mechanisms.rst, and its module's name
    snake = {re.sub(r"\W+", "_", n.lower()).strip("_") for n in names}
    return words | names | {n.lower() for n in names} | snake, names


def test_the_mechanisms_name_no_term_of_either_game() -> None:
    sources = sorted(MECHANISMS.glob("*.py"))
    assert {p.name for p in sources} >= {
        "__init__.py",
        "wheel.py",
        "grid.py",
        "gridscore.py",
        "workers.py",
        "contract.py",
        "twosided.py",
        "phases.py",
    }
    for terms, names in (pillars_terms(), ora_terms()):
        for path in sources:
            text = path.read_text(encoding="utf-8")
            assert named(text, terms, names) == Counter(), path.name
            spelled = _identifiers(text) & terms
            assert not spelled, (path.name, sorted(spelled))


def test_the_check_sees_ora_terms() -> None:
    terms, names = ora_terms()
    assert {"water", "forest", "joker", "clay_mound", "fishing village", "Fishing Village"} <= terms
    source = 'def f(joker):\n    return x.forest + len("Fishing Village")\n'
    assert _identifiers(source) & terms == {"joker", "forest"}
    assert named(source, terms, names) == Counter({"Fishing Village": 1})

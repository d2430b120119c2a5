"""The engine knows no place of the board by name (issue #35): the places,
their spots and the Phase III order are the board's text
(``cards/base/board.cards``), read once per card set (``engine/layout.py``).

A string literal of an engine module may equal a base place's key only where
it is a machine word that happens to be spelled the same: a step rule
(``STEP_RULES``: ``market``, ``cathedral``, ``bishop``... also the decision
kinds and protocol keys of those steps) or the name of a field of the state
(``RoundState.kingsbridge``, the privileges beside the privilege place)."""

import ast
from pathlib import Path

import attr

import pillars_rules as pr
from pillars_rules.cardlang import base_cards
from pillars_rules.cardlang import effects as fx
from pillars_rules.engine.state import Board, GameState, RoundState

ENGINE = Path(pr.__file__).resolve().parent / "engine"


def _literals(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def test_no_engine_module_names_a_base_place():
    keys = {c.id for c in base_cards().places if c.kind == "place"}
    assert {"priory", "kings_court", "castle", "forest"} <= keys  # the check sees real keys
    fields = {f.name for cls in (GameState, RoundState, Board) for f in attr.fields(cls)}
    named = keys - set(fx.STEP_RULES) - fields
    assert "priory" in named and "kings_court" in named
    sources = sorted(ENGINE.glob("*.py"))
    assert len(sources) >= 15
    for path in sources:
        found = _literals(path) & named
        assert not found, f"engine/{path.name} names places: {sorted(found)}"

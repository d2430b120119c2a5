"""The engine knows no place of the board by name (issue #35): the places,
their spots and the Phase III order are the board's text
(``cards/base/board.cards``), read once per card set (``engine/layout.py``).

A string literal of an engine module may equal a base place's key only where
it is a machine word that happens to be spelled the same: a step rule
(``STEP_RULES``: ``market``, ``cathedral``, ``bishop``... also the decision
kinds and protocol keys of those steps) or the name of a field of the state
(``RoundState.kingsbridge``, the privileges beside the privilege place)."""

import ast
import re
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


PACKAGE = ENGINE.parent
#: Clients that show or parse places (issue #35, second part): they read the
#: board of the game. ``words/help.py`` is left out on purpose: it holds the
#: rules help of the base board's own places, by their keys (a place of
#: another text is explained by the renderer's reading of it).
CLIENTS = (
    "terminal/*.py",
    "ai/*.py",
    "web/*.py",
    "words/labels.py",
    "words/events.py",
    "words/choices.py",
    "scenario.py",
    "testing.py",
    "game.py",
)
_JS_STRING = re.compile(r"\"([^\"\\\n]*)\"|'([^'\\\n]*)'")


def _js_literals(code: str) -> set[str]:
    """The string literals of a script, its comments left out."""
    code = re.sub(r"//[^\n]*|/\*.*?\*/", "", code, flags=re.S)
    return {a or b for a, b in _JS_STRING.findall(code)}


def test_no_client_names_a_base_place():
    keys = {c.id for c in base_cards().places if c.kind == "place"}
    fields = {f.name for cls in (GameState, RoundState, Board) for f in attr.fields(cls)}
    named = keys - set(fx.STEP_RULES) - fields
    assert {"priory", "kings_court", "castle", "forest", "sand_pit"} <= named
    sources = sorted(p for pattern in CLIENTS for p in PACKAGE.glob(pattern))
    assert len(sources) >= 20
    for path in sources:
        found = _literals(path) & named
        assert not found, f"{path.relative_to(PACKAGE)} names places: {sorted(found)}"
    scripts = sorted((PACKAGE / "web" / "static" / "js").glob("*.js"))
    assert len(scripts) >= 8
    for path in scripts:
        found = _js_literals(path.read_text(encoding="utf-8")) & named
        assert not found, f"{path.relative_to(PACKAGE)} names places: {sorted(found)}"
    assert _js_literals('x = "kings_court"; // "priory"') == {"kings_court"}  # the check sees literals

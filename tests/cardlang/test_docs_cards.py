"""Every ``pillars-cards`` block in the card docs is a complete, valid card."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pillars_rules.cardlang import base_cards, compile_text, format_text

DOCS = Path(__file__).resolve().parents[2] / "docs"
DOC_FILES = ("cards-reference.rst", "cards-tutorial.rst")


def _blocks(path: Path) -> list[tuple[int, str]]:
    """(line, text) of each ``.. code-block:: pillars-cards`` body."""
    lines = path.read_text(encoding="utf-8").split("\n")
    out = []
    i = 0
    while i < len(lines):
        if re.match(r"\s*\.\. code-block:: pillars-cards\s*$", lines[i]):
            indent = len(lines[i]) - len(lines[i].lstrip())
            i += 1
            body, start = [], i + 1
            while i < len(lines) and (not lines[i].strip() or len(lines[i]) - len(lines[i].lstrip()) > indent):
                body.append(lines[i])
                i += 1
            text = "\n".join(body).strip("\n")
            pad = min(len(row) - len(row.lstrip()) for row in text.split("\n") if row.strip())
            out.append((start, "\n".join(row[pad:] for row in text.split("\n")) + "\n"))
        else:
            i += 1
    return out


CASES = [(name, line, text) for name in DOC_FILES for line, text in _blocks(DOCS / name)]


def test_docs_have_card_blocks():
    assert len([c for c in CASES if c[0] == "cards-reference.rst"]) >= 15
    assert len([c for c in CASES if c[0] == "cards-tutorial.rst"]) >= 3


@pytest.mark.parametrize("name,line,text", CASES, ids=[f"{n}:{at}" for n, at, _ in CASES])
def test_doc_block_compiles(name, line, text):
    cs = compile_text(text, f"{name}:{line}", known=base_cards())
    assert len(cs) + len(cs.places) >= 1
    format_text(text)  # and formats


def test_reference_covers_every_registry_class():
    """Each registry class name is mentioned in the reference (§ effects registry)."""
    from pillars_rules.cardlang.effects import EFFECTS

    ref = (DOCS / "cards-reference.rst").read_text(encoding="utf-8")
    missing = [n for n in EFFECTS if n not in ref and n != "Amount"]
    assert missing == []


def test_module_doctests():
    """The examples in the public docstrings run."""
    import doctest
    import importlib

    for name in ("", ".compiler", ".formatter", ".parser", ".render", ".lint"):
        mod = importlib.import_module("pillars_rules.cardlang" + name)
        result = doctest.testmod(mod)
        assert result.failed == 0, mod.__name__


def test_pygments_lexer_highlights_card_files():
    pytest.importorskip("pygments")
    from pygments.token import Error

    from pillars_rules.cardlang.lexer import PillarsCardsLexer

    lexer = PillarsCardsLexer()
    assert "pillars-cards" in lexer.aliases
    root = Path(__file__).resolve().parents[2]
    for f in sorted((root / "cards" / "base").glob("*.cards")):
        tokens = list(lexer.get_tokens(f.read_text(encoding="utf-8")))
        assert not [t for t in tokens if t[0] is Error], f.name


def test_package_imports_without_pygments():
    import subprocess
    import sys

    code = "import sys; sys.modules['pygments'] = None; import pillars_rules.cardlang as c; c.base_cards(); print('ok')"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip() == "ok", out.stderr

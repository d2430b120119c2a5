"""The architecture page and its picture follow the folders (issue #20).

The picture is drawn from lists in tools/make_architecture_svg.py; these tests
fail when a package or top-level module is missing from it, when the SVG is
older than the lists, or when the page points at a file that is not there.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pillars_rules

ROOT = Path(__file__).resolve().parents[1]
PKG = Path(pillars_rules.__file__).resolve().parent
PAGE = (ROOT / "docs" / "architecture.rst").read_text(encoding="utf-8")


def _tool():
    spec = importlib.util.spec_from_file_location("make_architecture_svg", ROOT / "tools" / "make_architecture_svg.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _drawn_words() -> set[str]:
    tool = _tool()
    words: set[str] = set()
    for name, _, boxes in tool.LAYERS:
        words.add(name)
        for box, _ in boxes:
            words.update(w.strip() for w in box.split("·"))
    return words


def test_the_svg_is_drawn_from_the_current_lists():
    tool = _tool()
    assert tool.OUT.read_text(encoding="utf-8") == tool.svg(), "run python3 tools/make_architecture_svg.py"


def test_every_package_and_top_level_module_is_in_the_picture():
    drawn = _drawn_words()
    packages = {p.name + "/" for p in PKG.iterdir() if (p / "__init__.py").is_file()}
    modules = {p.name for p in PKG.glob("*.py") if not p.name.startswith("_")}
    missing = sorted((packages | modules) - drawn)
    assert missing == [], f"not drawn: {missing}"


def test_every_engine_module_is_in_the_picture():
    drawn = _drawn_words()
    engine = {p.stem for p in (PKG / "engine").glob("*.py") if p.stem != "__init__"}
    assert sorted(engine - drawn) == []


def test_the_paths_in_the_picture_and_the_page_exist():
    tool = _tool()
    for _, where in tool.DATA_PATH + tool.CARD_PATH:
        if "*" in where:
            assert list(ROOT.glob(where)), where
        else:
            assert (PKG / where).is_file(), where
    named = set(re.findall(r"``((?:engine|saves|cardlang|terminal|cli|words)/[a-z_]+\.py)``", PAGE))
    assert len(named) >= 10
    for rel in sorted(named):
        assert (PKG / rel).is_file(), rel


def test_the_page_answers_where_the_market_the_goldsmith_the_save_format_and_the_terminal_game_live():
    assert "The market (RULES §4)" in PAGE and "``engine/steps.py``" in PAGE
    assert "``saves/``" in PAGE and "``savefile.py``" in PAGE
    assert "**The terminal game** is ``terminal/``" in PAGE
    # the Goldsmith shown on the page is the card in the file the page names
    block = PAGE.split(".. code-block:: pillars-cards", 1)[1].split("\n\n", 2)[1]
    card = "\n".join(line[3:] for line in block.splitlines())
    assert "``cards/base/craftsmen.cards``" in PAGE
    assert card.strip() in (ROOT / "cards" / "base" / "craftsmen.cards").read_text(encoding="utf-8")


def test_readme_and_contributing_link_the_page():
    assert "docs/architecture.rst" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/architecture.rst" in (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")

"""Sphinx configuration for the pillars-rules documentation.

Build (warnings are errors, as in CI)::

    python3 -m sphinx -W --keep-going -b html docs docs/_build/html
"""

from __future__ import annotations

import pillars_rules

project = "pillars-rules"
author = "pillars-rules developers"
copyright = "2024, pillars-rules developers"
release = pillars_rules.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]

root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
templates_path: list[str] = []

html_theme = "furo"
html_title = f"pillars-rules {release}"
pygments_style = "sphinx"
highlight_language = "python"

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": False}
# The engine's data path is visible in module names; keep them in signatures.
add_module_names = False


def _card_lexer():
    """The card-language lexer (alias ``pillars-cards``), or ``None`` if the
    card language package is not installed yet."""
    try:
        from pillars_rules.cardlang import lexer
    except ImportError:
        return None
    return getattr(lexer, "CardLexer", None) or getattr(lexer, "PillarsCardsLexer", None)


def setup(app):
    lexer = _card_lexer()
    if lexer is not None:
        app.add_lexer("pillars-cards", lexer)
    return {"parallel_read_safe": True, "parallel_write_safe": True}

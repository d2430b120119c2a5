"""The docs cannot rot: every Python example in ``docs/*.rst`` and ``docs/ora/*.rst`` runs here.

Per page, the ``.. code-block:: python`` blocks (also ``code``/``sourcecode``
directives and the ``py``/``python3`` aliases) run in order in one namespace,
so a later block may use names from an earlier one. ``.. doctest::`` blocks
and plain ``>>>`` paragraphs run as doctests in the same namespace. A failure
names the page and the line of the block. Blocks that are not meant to run
use another language (``text``, ``console``, ``pillars-cards``).

The public modules' docstring examples run as doctests too.
"""

from __future__ import annotations

import doctest
import io
import re
import textwrap
import traceback
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from compiled.support import module_doctests

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.glob("*.rst")) + sorted(DOCS.glob("ora/*.rst"))  # the second game's pages too

_DIRECTIVE = re.compile(r"^(?P<indent>[ \t]*)\.\. (?P<name>code-block|code|sourcecode|doctest)::[ \t]*(?P<arg>\S*)")
_PYTHON = {"python", "python3", "py"}


class Block:
    """One runnable example: ``kind`` is ``exec`` or ``doctest``; ``line`` is
    the 1-based line of the first code line in the page."""

    def __init__(self, kind: str, line: int, code: str) -> None:
        self.kind, self.line, self.code = kind, line, code


def _directive_body(lines: list[str], start: int, indent: int) -> tuple[int, list[str], int]:
    """Body lines of the directive at ``start``: (first body line index, lines, end)."""
    i = start + 1
    # options (":caption: ...") directly under the directive
    while i < len(lines) and lines[i].strip().startswith(":") and _indent(lines[i]) > indent:
        i += 1
    body: list[str] = []
    first = None
    while i < len(lines):
        line = lines[i]
        if line.strip() and _indent(line) <= indent:
            break
        if first is None and line.strip():
            first = i
        if first is not None:
            body.append(line)
        i += 1
    while body and not body[-1].strip():
        body.pop()
    return (first if first is not None else i), body, i


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def extract_blocks(text: str) -> list[Block]:
    """The runnable blocks of one page, in page order."""
    lines = text.splitlines()
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        m = _DIRECTIVE.match(lines[i])
        if m:
            name, arg = m["name"], m["arg"].lower()
            first, body, end = _directive_body(lines, i, len(m["indent"].expandtabs()))
            code = textwrap.dedent("\n".join(body)) + "\n"
            if name == "doctest":
                blocks.append(Block("doctest", first + 1, code))
            elif arg in _PYTHON:
                blocks.append(Block("exec", first + 1, code))
            i = max(end, i + 1)
            continue
        if lines[i].lstrip().startswith(">>> "):
            start = i
            while i < len(lines) and lines[i].strip():
                i += 1
            blocks.append(Block("doctest", start + 1, textwrap.dedent("\n".join(lines[start:i])) + "\n"))
            continue
        i += 1
    return blocks


def run_page(path: Path) -> None:
    rel = path.relative_to(ROOT).as_posix()
    namespace: dict = {"__name__": f"docs_{path.stem.replace('-', '_')}"}
    for n, block in enumerate(extract_blocks(path.read_text(encoding="utf-8")), start=1):
        where = f"{rel}:{block.line} (block {n})"
        if block.kind == "exec":
            # pad so that tracebacks show the page's own line numbers
            code = compile("\n" * (block.line - 1) + block.code, rel, "exec")
            try:
                with redirect_stdout(io.StringIO()):
                    exec(code, namespace)
            except Exception:
                pytest.fail(f"{where} failed:\n{traceback.format_exc()}", pytrace=False)
        else:
            parser = doctest.DocTestParser()
            test = parser.get_doctest(block.code, namespace, where, rel, block.line - 1)
            out = io.StringIO()
            runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
            runner.run(test, out=out.write, clear_globs=False)
            if runner.failures:
                pytest.fail(f"{where} failed:\n{out.getvalue()}", pytrace=False)


@pytest.mark.parametrize("page", PAGES, ids=[p.relative_to(DOCS).as_posix() for p in PAGES])
def test_docs_page_code_runs(page: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # examples refer to paths such as examples/fan_cards
    run_page(page)


def test_embedding_page_runs_outside_the_checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A reader runs the embedding guide's code from their own folder, not the
    repository's root: no example may name a path of the checkout (issue #55)."""
    monkeypatch.chdir(tmp_path)
    run_page(DOCS / "embedding.rst")


def test_docs_have_runnable_examples() -> None:
    """Guard the extractor: the embedding guide must yield its Python blocks."""
    blocks = extract_blocks((DOCS / "embedding.rst").read_text(encoding="utf-8"))
    assert len([b for b in blocks if b.kind == "exec"]) >= 10


def test_extractor_skips_non_python_blocks() -> None:
    text = textwrap.dedent("""\
        Title
        =====

        .. code-block:: python
           :caption: runs

           x = 1

        .. code-block:: text

           not python at all

        .. code-block:: python

           y = x + 1

        >>> y
        2
        """)
    blocks = extract_blocks(text)
    assert [(b.kind, b.line) for b in blocks] == [("exec", 7), ("exec", 15), ("doctest", 17)]
    assert blocks[0].code == "x = 1\n"


@pytest.mark.parametrize(
    "module",
    [
        "pillars_rules",
        "pillars_rules.game",
        "pillars_rules.bots",
        "pillars_rules.autoplay",
        "pillars_rules.scenario",
        "pillars_rules.effectplay",
        "pillars_rules.cardlang.lint",
        "pillars_rules.mechanisms.wheel",
        "pillars_rules.mechanisms.grid",
        "pillars_rules.mechanisms.gridscore",
        "pillars_rules.mechanisms.workers",
        "pillars_rules.mechanisms.contract",
        "pillars_rules.mechanisms.twosided",
        "pillars_rules.mechanisms.phases",
    ],
)
def test_module_doctests(module: str) -> None:
    import importlib

    mod = importlib.import_module(module)
    result = module_doctests(mod, doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)  # compiled: from the source
    assert result.attempted > 0, f"{module} has no docstring examples"
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {module}"

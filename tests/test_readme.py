"""The README's promises: a two-command Quickstart that CI runs verbatim, and
code blocks that work."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import traceback
from contextlib import redirect_stdout
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
FENCE = re.compile(r"^```(?P<lang>[\w-]*)[ \t]*\n(?P<body>.*?)^```[ \t]*$", re.M | re.S)


def section(title: str) -> str:
    m = re.search(rf"^## {re.escape(title)}[ \t]*\n(?P<body>.*?)(?=^## |\Z)", README, re.M | re.S)
    assert m, f"README has no '## {title}' section"
    return m["body"]


def blocks(text: str, lang: str) -> list[tuple[int, str]]:
    """(line in README, body) of each fenced block of ``lang`` in ``text``."""
    offset = README.index(text)
    return [
        (README.count("\n", 0, offset + m.start()) + 2, m["body"]) for m in FENCE.finditer(text) if m["lang"] == lang
    ]


def quickstart_commands() -> list[str]:
    found = blocks(section("Quickstart"), "bash")
    assert len(found) == 2, f"Quickstart must have exactly two bash blocks, found {len(found)}"
    commands = []
    for line, body in found:
        lines = body.strip("\n").splitlines()
        assert len(lines) == 1 and lines[0].strip(), f"README.md:{line}: a Quickstart command must be one line"
        commands.append(lines[0])
    return commands


def test_quickstart_has_two_one_line_commands() -> None:
    first, second = quickstart_commands()
    assert "pillars-rules simulate" in first
    assert "pytest" in second


def test_quickstart_first_command_installs_the_engine_alone() -> None:
    """The first command installs no extra: ``simulate`` needs only the engine's dependencies."""
    first, _ = quickstart_commands()
    assert first.startswith("python3 -m pip install -e . && "), first


def test_simulate_imports_only_the_engines_own_dependencies() -> None:
    """The game the first command plays imports nothing but the standard library,
    the package and its declared dependencies (no extra is installed there)."""
    import tomllib

    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    assert sorted(re.split(r"[<>=\[ ]", d)[0] for d in declared) == ["attrs", "cattrs", "lark"]
    code = (
        "import sys, io, contextlib; from pillars_rules.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out: main(['simulate', '--players', '4', '--seed', '1'])\n"
        "assert out.getvalue().startswith('A game for 4 players began'), out.getvalue()[:200]\n"
        "print(' '.join(sorted({m.split('.')[0] for m in sys.modules} - set(sys.stdlib_module_names))))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert run.returncode == 0, run.stderr[-2000:]
    # cattrs and attrs bring their own helpers (typing_extensions, exceptiongroup on older Pythons)
    allowed = {
        "pillars_rules",
        "mypy_extensions",
        "lark",
        "attr",
        "attrs",
        "cattr",
        "cattrs",
        "typing_extensions",
        "exceptiongroup",
        "__main__",
        "_distutils_hack",
        "_virtualenv",
    }
    # the compiled build's mypyc runtime is a module of the package's own (named <hash>__mypyc)
    imported = {m for m in run.stdout.split() if not m.endswith("__mypyc")}
    assert imported <= allowed, imported - allowed


def test_quickstart_test_command_is_what_ci_runs() -> None:
    _, test_command = quickstart_commands()
    ci_lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    assert test_command.strip() in ci_lines, f".ci/run must contain the line: {test_command}"


PYTHON_BLOCKS = blocks(README, "python")


def test_readme_has_python_examples() -> None:
    assert len(PYTHON_BLOCKS) >= 2


@pytest.mark.parametrize("line,code", PYTHON_BLOCKS, ids=[f"README.md:{n}" for n, _ in PYTHON_BLOCKS])
def test_readme_python_block_runs(line: int, code: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    compiled = compile("\n" * (line - 1) + code, "README.md", "exec")
    try:
        with redirect_stdout(io.StringIO()):
            exec(compiled, {"__name__": "readme"})
    except Exception:
        pytest.fail(f"README.md:{line}: python block failed:\n{traceback.format_exc()}", pytrace=False)


# Run in a fresh interpreter, so without the suite's Hypothesis profile (its conftest sets
# deadline=None for every test): the default profile is loaded with a 1 ms deadline, as if the
# machine were two hundred times slower than Hypothesis's 200 ms default assumes. A block pasted
# into a file must not depend on how busy the reader's machine is.
_SLOW_MACHINE = """\
from hypothesis import settings
settings.register_profile("slow_machine", deadline=1)
settings.load_profile("slow_machine")
"""


@pytest.mark.parametrize("line,code", PYTHON_BLOCKS, ids=[f"README.md:{n}" for n, _ in PYTHON_BLOCKS])
def test_readme_python_block_runs_as_pasted(line: int, code: str, tmp_path: Path) -> None:
    """Each Python block runs as a file of its own, outside the checkout, in a new
    interpreter on a (simulated) slow machine."""
    script = tmp_path / "pasted.py"
    script.write_text(_SLOW_MACHINE + code, encoding="utf-8")
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert run.returncode == 0, f"README.md:{line}: python block failed as pasted:\n{run.stderr[-3000:]}"


def test_readme_card_snippets_compile() -> None:
    from pillars_rules.cardlang import base_cards, compile_text

    snippets = blocks(README, "pillars-cards")
    assert snippets, "README shows a fan card"
    for line, text in snippets:
        cards = compile_text(text, file=f"README.md:{line}", known=base_cards())
        assert len(cards) >= 1


def test_readme_links_exist() -> None:
    for target in re.findall(r"\]\(((?:docs|examples)/[^)#]*|[A-Z]+\.md)\)", README):
        assert (ROOT / target).exists(), f"README links to missing {target}"

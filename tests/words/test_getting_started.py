"""The getting-started page lists every extra of pyproject.toml and what each
pulls in (issue #21): whoever adds an extra must document it there."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _extras() -> dict[str, set[str]]:
    """extra -> the distribution names it installs (no versions, no [extras])."""
    table = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return {
        name: {re.split(r"[<>=!\[ ;]", req, maxsplit=1)[0].lower().replace("-", "_") for req in reqs}
        for name, reqs in table["project"]["optional-dependencies"].items()
    }


def _documented() -> dict[str, str]:
    """extra -> the "what it pulls in" cell of the page's table."""
    text = (ROOT / "docs" / "getting-started.rst").read_text(encoding="utf-8")
    rows = re.findall(r"^   \* - ``(\w+)``\n     - ((?:.+\n)(?:       .+\n)*)", text, re.M)
    return {name: " ".join(cell.split()) for name, cell in rows}


def test_every_extra_is_listed_with_what_it_pulls_in():
    extras, docs = _extras(), _documented()
    assert set(docs) == set(extras), f"extras in pyproject.toml {sorted(extras)}, on the page {sorted(docs)}"
    for name, packages in extras.items():
        if name == "test":
            continue  # it says which extras it includes; checked below
        said = {w.lower().replace("-", "_").split("[")[0] for w in re.findall(r"[\w\[\]-]+", docs[name])}
        assert packages <= said, f"the page's '{name}' row misses {sorted(packages - said)}"


def test_the_test_extra_installs_what_its_description_says():
    """Its description names the extras it includes; it must install all of them."""
    extras, docs = _extras(), _documented()
    named = set(re.findall(r"``(\w+)``", docs["test"]))
    assert named and named <= set(extras) - {"test"}
    for name in named:
        assert extras[name] <= extras["test"], f"[test] misses the {name} extra's {extras[name] - extras['test']}"
    assert {"pytest", "hypothesis", "pexpect"} <= extras["test"]
    # and the comment above [test] in pyproject.toml says the same
    comment = (ROOT / "pyproject.toml").read_text(encoding="utf-8").split("test = [")[0].rsplit("\n\n", 1)[-1]
    for name in named:
        assert f"[{name}]" in comment

"""No name documented in docs/api.rst disappears without a deprecation.

``api_names.txt`` (next to this file) lists every module-level name the API
page documents, one ``module name`` a line; names leave it never. Each must
still be importable: as itself, or with a :class:`DeprecationWarning` that says
what replaces it (the module's ``__getattr__`` or ``_moved.py``). A name the
page documents that the list lacks fails too, so the list keeps up.
"""

from __future__ import annotations

import importlib
import re
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
API = ROOT / "docs" / "api.rst"
SNAPSHOT = Path(__file__).with_name("api_names.txt")

_DIRECTIVE = re.compile(r"^\.\. (automodule|currentmodule|autofunction|autoclass|autodata|data)::\s*(\S+)")
_OPTION = re.compile(r"^\s+:([a-z-]+):\s*(.*)$")


def _module_members(module: str, undoc: bool) -> set[str]:
    """What autodoc's bare ``:members:`` lists: ``__all__`` if the module has one,
    else its own public functions and classes (with a docstring unless ``undoc``)
    and its ``#:``-documented data."""
    mod = importlib.import_module(module)
    if hasattr(mod, "__all__"):
        return set(mod.__all__)
    from sphinx.pycode import ModuleAnalyzer

    # the source in this checkout: the compiled build's modules are .so files, not .py
    path = ROOT / "src" / Path(*module.split("."))
    source = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    names = {
        name
        for (scope, name) in ModuleAnalyzer.for_file(str(source), module).find_attr_docs()
        if not scope and not name.startswith("_")
    }
    for name, value in vars(mod).items():
        if (
            not name.startswith("_")
            and getattr(value, "__module__", None) == module
            and callable(value)
            and (undoc or value.__doc__)
        ):
            names.add(name)
    return names


def documented_names(text: str) -> set[tuple[str, str]]:
    """Every (module, name) the API page documents at module level."""
    found: set[tuple[str, str]] = set()
    lines = text.splitlines()
    current = ""
    for i, line in enumerate(lines):
        match = _DIRECTIVE.match(line)
        if not match:
            continue
        kind, target = match.groups()
        if kind == "currentmodule":
            current = target
            continue
        if kind != "automodule":
            module, _, name = target.rpartition(".") if "." in target else (current, "", target)
            found.add((module, name))
            continue
        options: dict[str, str] = {}
        last = ""
        for follow in lines[i + 1 :]:
            option = _OPTION.match(follow)
            if option:
                last = option.group(1)
                options[last] = option.group(2)
            elif follow.startswith("    ") and last:  # a continued option line
                options[last] += " " + follow.strip()
            else:
                break
        if "members" not in options:
            continue
        listed = [n.strip() for n in options["members"].split(",") if n.strip()]
        names = set(listed) or _module_members(target, "undoc-members" in options)
        names -= {n.strip() for n in options.get("exclude-members", "").split(",")}
        found |= {(target, name) for name in names}
    return found


def snapshot() -> set[tuple[str, str]]:
    rows = (
        line.split()
        for line in SNAPSHOT.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    )
    return {(module, name) for module, name in rows}


def test_the_page_parses_to_the_names_it_shows() -> None:
    names = documented_names(API.read_text(encoding="utf-8"))
    assert ("pillars_rules", "new_game") in names  # autofunction under currentmodule
    assert ("pillars_rules", "VARIANTS") in names  # a data directive
    assert ("pillars_rules.pillars_json.codec", "event_to_dict") in names  # a dotted autofunction
    assert ("pillars_rules.games.pillars.upcasters", "upcast_rules_v1_v2") in names  # a continued :members:
    assert ("pillars_rules.limits", "MAX_EVENTS") in names  # a bare :members:
    assert ("pillars_rules.table", "StoreError") not in names  # :exclude-members:


def test_every_documented_name_is_in_the_list() -> None:
    missing = sorted(documented_names(API.read_text(encoding="utf-8")) - snapshot())
    assert not missing, "docs/api.rst documents names that tests/docs/api_names.txt lacks; add them: " + ", ".join(
        f"{m} {n}" for m, n in missing
    )


@pytest.mark.parametrize("module, name", sorted(snapshot()), ids=lambda v: v)
def test_a_documented_name_stays_or_is_deprecated(module: str, name: str) -> None:
    """A documented public name is never removed: it resolves, or it warns
    with a DeprecationWarning that names its replacement."""
    mod = importlib.import_module(module)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert hasattr(mod, name), f"{module}.{name} is documented in docs/api.rst but was removed"
    deprecations = [w for w in caught if issubclass(w.category, DeprecationWarning)]
    for warning in deprecations:
        assert "use " in str(warning.message), f"{module}.{name}'s warning names no replacement"

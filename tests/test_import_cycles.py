"""The package's modules import one another in one direction only (issue #12):
no module imports, directly or through others, a module that imports it --
local imports inside functions count too; imports under ``if TYPE_CHECKING:``
(annotations only) do not."""

from __future__ import annotations

import ast
from pathlib import Path

import pillars_rules

PKG = Path(pillars_rules.__file__).resolve().parent


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PKG.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(node: ast.AST) -> bool:
    """``if TYPE_CHECKING:`` -- imports for annotations only, never run."""
    return isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def import_graph() -> dict[str, set[str]]:
    """Module -> the package modules it imports (submodules importing their own package excluded)."""
    files = {_module_name(f): f for f in PKG.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for mod, f in files.items():
        package = mod.split(".") if f.name == "__init__.py" else mod.split(".")[:-1]
        deps = set()
        tree = ast.parse(f.read_text(encoding="utf-8"))
        typing_only = {id(n) for block in ast.walk(tree) if _is_type_checking(block)
                       for n in ast.walk(block)}
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.ImportFrom):
                base = package[: len(package) - node.level + 1] if node.level else []
                target = ".".join(base + ([node.module] if node.module else []))
                for alias in node.names:
                    name = f"{target}.{alias.name}"
                    deps.add(name if name in files else target)
            elif isinstance(node, ast.Import):
                deps.update(alias.name for alias in node.names)
        graph[mod] = {d for d in deps if d in files and d != mod and not mod.startswith(d + ".")}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that reach one another (strongly connected, size > 1)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_graph_sees_local_imports():
    graph = import_graph()
    assert "pillars_rules.cardlang" in graph["pillars_rules.game"]  # imported inside load_cards
    assert "pillars_rules.engine.queries" in graph["pillars_rules.engine.flow"]


def test_annotation_only_imports_are_not_edges():
    graph = import_graph()
    assert "pillars_rules.cardlang.formatter" in graph["pillars_rules.cards"]  # inside a function
    assert "pillars_rules.cards" not in graph["pillars_rules.cardlang.formatter"]  # under TYPE_CHECKING


def test_no_import_cycles():
    assert cycles(import_graph()) == []

"""Write ``src/pillars_rules/engine/_native.py``: what the compiled build needs
that mypyc does not keep (issue #26).

* **Copiers**: one compiled copier per copy of a record that the library's
  source asks for.
* **Annotations**: the field annotations of the state and event records as
  written. mypyc replaces a native class's ``__annotations__`` with plain
  classes (``tuple`` for ``tuple[PlayerState, ...]``), and the save format's
  strict reader and writer read the real ones; :mod:`.copiers` puts these back.

The compiled build's records are native classes: a copy is a constructor call
with the old fields and the new values, and a *compiled* function making it
costs a tenth of generated interpreted code. This script finds every
``replacer(Class, "a", "b")`` and every ``replace(obj, a=..., b=...)`` with
literal names in ``src/pillars_rules`` and writes a function for each class
that has those fields (a grouped field of ``GameState`` is routed to its
group, as :func:`pillars_rules.engine.copiers.replace` does). Copies it does
not find still work, through generated interpreted code.

The compiled build runs it (``hatch_build.py``, before mypyc compiles) and
deletes the module once the wheel is written: it is not committed, so it is
always made from the source being built. By hand, to read what would be
compiled:

    python tools/make_native.py           # write the module (git ignores it)
    python tools/make_native.py --check   # exit 1 if the module here is missing or not current
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "pillars_rules"
TARGET = PACKAGE / "engine" / "_native.py"
sys.path.insert(0, str(ROOT / "src"))

from pillars_rules.engine import events as E  # noqa: E402  (after the path is set)
from pillars_rules.engine import state as S  # noqa: E402
from pillars_rules.engine.copiers import fields_of  # noqa: E402

HEADER = '''"""What the compiled build needs that mypyc does not keep: written by
``tools/make_native.py`` -- do not edit.

:data:`COPIES` -- one function per copy of a record that the library's source
asks for (see :mod:`.copiers`): the record rebuilt by its constructor with the
new values. :data:`ANNOTATIONS` -- the records' field annotations as written
(mypyc keeps only plain classes in a native class's ``__annotations__``).
"""

from __future__ import annotations

from typing import Any, Callable

from ..core.frame import Frame
from .state import (
    Board, Builders, Decks, Fixed, GameState, Job, Pending, Pieces, Pins, PlayerState, RoundState,
)
'''


def wanted() -> list[tuple[str, tuple[str, ...]]]:
    """(class name, names) of every copy the source asks for, sorted."""
    by_name = {cls.__name__: cls for cls in S.RECORDS}
    found: set[tuple[str, tuple[str, ...]]] = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == TARGET:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id == "replacer" and node.args and isinstance(node.args[0], ast.Name):
                names = tuple(a.value for a in node.args[1:] if isinstance(a, ast.Constant))
                if node.args[0].id in by_name and len(names) == len(node.args) - 1 and names:
                    found.add((node.args[0].id, names))
            elif node.func.id == "replace" and node.keywords and all(k.arg for k in node.keywords):
                names = tuple(k.arg for k in node.keywords)  # type: ignore[misc]
                for cls in S.RECORDS:
                    if _fits(cls, names):
                        found.add((cls.__name__, names))
    return sorted(found)


def _fits(cls: type, names: tuple[str, ...]) -> bool:
    fields = set(fields_of(cls))
    if cls is S.GameState:
        groups = {S.GROUP_OF[n] for n in names if n in S.GROUP_OF}
        return all(n in fields or n in S.GROUP_OF for n in names) and not groups & set(names)
    return set(names) <= fields


def _types(cls: type) -> dict[str, str]:
    """Field name -> its annotation as written (``from __future__ import annotations``)."""
    return {name: cls.__annotations__[name] for name in fields_of(cls)}


def function(cls_name: str, names: tuple[str, ...]) -> tuple[str, str]:
    """(function name, source) of one copier."""
    cls = next(c for c in S.RECORDS if c.__name__ == cls_name)
    fname = f"{cls_name}__{'__'.join(names)}"
    types = _types(cls)
    if cls is S.GameState:
        types.update({n: _types(S.GROUPS[g])[n] for n, g in S.GROUP_OF.items()})
    params = ", ".join(f"v{i}: {types[n]}" for i, n in enumerate(names))
    value = {n: f"v{i}" for i, n in enumerate(names)}
    body: list[str] = []
    if cls is S.GameState:
        for group, gcls in S.GROUPS.items():
            inside = [n for n in names if S.GROUP_OF.get(n) == group]
            if inside:
                args = ", ".join(value.get(f, f"old_{group}.{f}") for f in fields_of(gcls))
                body += [f"    old_{group} = obj.{group}", f"    new_{group} = {gcls.__name__}({args})"]
                value[group] = f"new_{group}"
    args = ", ".join(value.get(f, f"obj.{f}") for f in fields_of(cls))
    body.append(f"    return {cls_name}({args})")
    head = f"def {fname}(obj: {cls_name}, {params}) -> {cls_name}:"
    return fname, "\n".join([_wrap(head, len(fname) + 5), *(_wrap(line, 8) for line in body)]) + "\n"


def _wrap(line: str, indent: int = 4) -> str:
    """Break a long line after commas (the output is read by people too)."""
    if len(line) <= 110:
        return line
    out, row = [], ""
    for piece in line.split(", "):
        if row and len(row) + len(piece) + 2 > 110:
            out.append(row + ",")
            row = " " * indent + piece
        else:
            row = f"{row}, {piece}" if row else piece
    return "\n".join(out + [row])


def _dict_lines(name: str, types: dict[str, str]) -> str:
    """``'Name': {'field': 'type', ...},`` broken between items."""
    items = [f"{k!r}: {v!r}" for k, v in types.items()]
    lines, row = [], f"        {name!r}: {{"
    for k, item in enumerate(items):
        piece = item + (", " if k < len(items) - 1 else "")
        if len(row) + len(piece) > 110:
            lines.append(row.rstrip())
            row = " " * 12
        row += piece
    lines.append(row + "},")
    return "\n".join(lines) + "\n"


def render() -> str:
    """The module's text."""
    parts = [HEADER]
    table = []
    for cls_name, names in wanted():
        fname, src = function(cls_name, names)
        parts.append("\n\n" + src)
        table.append(f"    ({cls_name}, {names!r}): {fname},")
    parts.append(
        "\n\n#: (class, changed names) -> copier.\n"
        "COPIES: dict[tuple[type, tuple[str, ...]], Callable[..., Any]] = {\n" + "\n".join(table) + "\n}\n"
    )
    parts.append(
        "\n#: module -> record class name -> {field: annotation as written}.\n"
        "ANNOTATIONS: dict[str, dict[str, dict[str, str]]] = {\n"
    )
    by_module: dict[str, list[type]] = {}
    for cls in (*S.RECORDS, *E.EVENT_TYPES.values()):  # the state's records (the core's Frame too), the events
        by_module.setdefault(cls.__module__, []).append(cls)
    for module, classes in by_module.items():
        parts.append(f"    {module!r}: {{\n")
        for cls in classes:
            parts.append(_dict_lines(cls.__name__, _types(cls)))
        parts.append("    },\n")
    parts.append("}\n")
    return "".join(parts)


def main(argv: list[str]) -> int:
    text = render()
    if "--check" in argv:
        if not TARGET.exists():
            print(
                f"{TARGET.relative_to(ROOT)} is missing (the compiled build writes it): run python tools/make_native.py"
            )
            return 1
        if TARGET.read_text(encoding="utf-8") != text:
            print(f"{TARGET.relative_to(ROOT)} is not current: run python tools/make_native.py")
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)} ({text.count('def ')} copiers)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

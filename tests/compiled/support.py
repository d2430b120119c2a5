"""Helpers for tests that run in both builds (issue #26).

The compiled build's records are native classes whose fields have C-level
types: a wrong-typed value (a string for a cube list, a float for a count) is
refused with :class:`TypeError` the moment the record is made, while the pure
build makes the record and replay refuses it later with a
:class:`~pillars_rules.SaveError`. An event's whole-number fields are checked
by the event itself in both builds (issue #34): anything but a plain ``int``
-- a ``bool``, an ``int`` subclass, a string -- is a ``TypeError`` naming the
field, in either build. Tests that build hostile records on purpose use
:func:`made_or_refused` to check whichever refusal their build gives.
"""

from __future__ import annotations

import ast
import doctest
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def made_or_refused(make: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``make(*args, **kwargs)``, or ``None`` when the record refused its values
    with a :class:`TypeError` naming the expected type: an event's whole-number
    field in either build, any other field in the compiled build only."""
    try:
        return make(*args, **kwargs)
    except TypeError as exc:
        assert "expected" in str(exc), exc  # a record's own refusal, not another error
        return None


def module_doctests(mod: ModuleType, flags: int = 0) -> doctest.TestResults:
    """``doctest.testmod(mod)``; for a compiled module, which doctest cannot
    look inside, the docstring examples of its source file (the checkout's),
    run in the compiled module's namespace."""
    if mod.__file__ is None or mod.__file__.endswith(".py"):
        return doctest.testmod(mod, optionflags=flags, verbose=False)
    module = mod.__name__
    path = ROOT / "src" / (module.replace(".", "/") + ".py")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=flags, verbose=False)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            doc = ast.get_docstring(node, clean=False)
            if doc and ">>>" in doc:
                name = getattr(node, "name", module)
                runner.run(
                    parser.get_doctest(doc, dict(vars(mod)), f"{module}.{name}", str(path), getattr(node, "lineno", 0))
                )
    return runner.summarize(verbose=False)

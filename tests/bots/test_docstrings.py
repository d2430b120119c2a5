"""The bots modules' docstring examples run."""

import doctest
import importlib
import importlib.util
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"


def _with_docstrings(name: str):
    """The module, or, where the build compiled it (mypyc keeps no docstrings of its
    functions), the same source run as a sibling module of its package."""
    module = importlib.import_module(name)
    if str(getattr(module, "__file__", "")).endswith(".py"):
        return module
    path = SRC.joinpath(*name.split(".")).with_suffix(".py")
    spec = importlib.util.spec_from_file_location(name.rpartition(".")[0] + "._doctest_source", path)
    source = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(source)
    return source


@pytest.mark.parametrize(
    "module",
    [
        "pillars_rules.determinize",
        "pillars_rules.bots.heuristic",
        "pillars_rules.bots.mcts",
        "pillars_rules.bots.outlook",
        "pillars_rules.bots.probe",
    ],
)
def test_module_doctests(module):
    result = doctest.testmod(_with_docstrings(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0

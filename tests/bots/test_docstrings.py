"""The bots modules' docstring examples run."""

import doctest
import importlib

import pytest


@pytest.mark.parametrize("module", ["pillars_rules.determinize", "pillars_rules.bots.heuristic",
                                    "pillars_rules.bots.mcts"])
def test_module_doctests(module):
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0

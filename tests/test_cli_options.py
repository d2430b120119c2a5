"""The command-line pieces that ``simulate``, ``play`` and ``balance`` share
(pillars_rules.cli.options): one definition of each option, one error line."""

from __future__ import annotations

import argparse
import doctest

import pytest

from pillars_rules.cli import options as cli_options
from pillars_rules.cli.options import add_cards, add_players, add_variant, comma_list, fail


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(exit_on_error=False)
    add_players(p)
    add_variant(p)
    add_cards(p)
    return p


def test_docstring_examples_run():
    result = doctest.testmod(cli_options, verbose=False)
    assert result.attempted > 0 and result.failed == 0


def test_defaults_and_repeats():
    args = _parser().parse_args([])
    assert (args.players, args.variant, args.cards) == (4, [], None)
    args = _parser().parse_args(["--variant", "a", "--variant", "b", "--cards", "x", "--cards", "y"])
    assert (args.variant, args.cards) == (["a", "b"], ["x", "y"])
    assert _parser().parse_args([]).variant == []  # the default list is not shared between parses


def test_players_outside_2_to_6_are_refused():
    """RULES §1: 2-4 players; 5 and 6 with the expansion (the game refuses a count its set does not play)."""
    with pytest.raises(argparse.ArgumentError, match="invalid choice"):
        _parser().parse_args(["--players", "7"])
    assert _parser().parse_args(["--players", "6"]).players == 6


def test_comma_list_strips_and_keeps_empty_items():
    assert comma_list("a, b ,c") == ["a", "b", "c"]
    assert comma_list("a,,b") == ["a", "", "b"]


def test_fail_prints_one_line_on_stderr_and_returns_the_code(capsys):
    assert fail("play", "no seat 9") == 2
    assert fail("balance", "missing extra", code=1) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "pillars-rules play: error: no seat 9\npillars-rules balance: error: missing extra\n"

"""The balance report in an 80-column terminal (issue #55): the verdicts
come before the table, and no table breaks inside a number -- a table too
wide for the terminal shows each row as a list instead."""

import re
from pathlib import Path

import pytest
from rich.console import Console

from pillars_rules.lab import report, runner, text
from pillars_rules.lab.games import read_sources
from pillars_rules.lab.plan import plan

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def built():
    common = dict(players=2, bots=("random",), seed=4, rotate=True, gold=6)
    specs, roles = plan(common, (), read_sources([str(ROOT / "examples/lab/joiner_copy.cards")]))
    return report.build(specs, roles, runner.run(specs, 12, executor="serial"))


def _printed(data, width):
    con = Console(width=width, record=True)
    text.print_summary(data, con)
    return con.export_text()


def _tokens(out):
    return [t for t in re.split(r"[\s│┃]+", out) if re.search(r"\d", t)]


def test_no_number_is_broken_on_an_80_column_terminal(built):
    wide, narrow = _printed(built, 10_000), _printed(built, 80)
    assert all(len(line) <= 80 for line in narrow.splitlines())
    left = set(_tokens(narrow))
    broken = [t for t in _tokens(wide) if t not in left]
    assert broken == []


def test_the_verdicts_come_before_the_table(built):
    out = _printed(built, 10_000)
    (e,) = [e for e in built["judged"] if e["card"] == "joiner_r2_copy" and e["set"].startswith("alone")]
    assert out.index(f"joiner_r2_copy ({e['set']}): ") < out.index("causal value by paired branches")

"""``pillars-rules cards check|fmt|show`` via the registered argparse handlers."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from pillars_rules.cli import cards as cli

ROOT = Path(__file__).resolve().parents[2]


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="pillars-rules")
    sub = parser.add_subparsers(dest="command", required=True)
    cli.register(sub)
    args = parser.parse_args(list(argv))
    return args.func(args)


def test_check_base_and_fan_cards(capsys):
    assert run("cards", "check", str(ROOT / "cards" / "base")) == 0
    assert "ok: 62 cards" in capsys.readouterr().out
    assert run("cards", "check", str(ROOT / "examples" / "fan_cards")) == 0


def test_check_reports_problems_on_stderr(tmp_path, capsys):
    bad = tmp_path / "bad.cards"
    bad.write_text('craftsman c "C" {\n    round 1\n    convert 2 stnoe -> 1 vp\n}\n')
    assert run("cards", "check", str(bad)) == 1
    err = capsys.readouterr().err
    assert f"{bad}:3:15: error: unknown resource 'stnoe' — did you mean 'stone'?" in err
    assert "              ^" in err and "1 problem found" in err


def test_fmt_prints_writes_and_checks(tmp_path, capsys):
    f = tmp_path / "a.cards"
    f.write_text('event e "E" {now: gain 1 gold}')
    assert run("cards", "fmt", str(f)) == 0
    assert capsys.readouterr().out == 'event e "E" {\n    now: gain 1 gold\n}\n'
    assert run("cards", "fmt", "--check", str(f)) == 1
    assert run("cards", "fmt", "--write", str(f)) == 0
    assert f.read_text() == 'event e "E" {\n    now: gain 1 gold\n}\n'
    assert run("cards", "fmt", "--check", str(f)) == 0


def test_fmt_syntax_error(tmp_path, capsys):
    f = tmp_path / "a.cards"
    f.write_text('event e "E" { now gain 1 gold }')
    assert run("cards", "fmt", str(f)) == 1
    assert "expected ':' after 'now'" in capsys.readouterr().err


def test_show(capsys):
    assert run("cards", "show", "mason_r1") == 0
    assert capsys.readouterr().out.startswith("Mason (Maurer), round 1 craftsman, costs 5 gold.")
    assert run("cards", "show", "tiler", "--cards", str(ROOT / "examples" / "fan_cards")) == 0
    assert "1 wood and 1 stone into 3 VP" in capsys.readouterr().out
    assert run("cards", "show", "mason_r9") == 1
    assert "unknown card 'mason_r9' — did you mean" in capsys.readouterr().err


def test_cards_needs_a_subcommand():
    with pytest.raises(SystemExit):
        run("cards")

"""The wheel carries the card files and the grammar, and an installed package
finds them there -- not only in a checkout (issue: front door)."""

import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_ships_cards_and_grammar_and_uses_them(tmp_path):
    # PILLARS_RULES_PURE: the pure-Python wheel, which builds anywhere (the compiled
    # one is built and tested by .ci/run in a venv of its own)
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-w", str(tmp_path), "-q"],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "PILLARS_RULES_PURE": "1"},
    )
    assert build.returncode == 0, build.stderr[-2000:]
    wheel = next(tmp_path.glob("pillars_rules-*.whl"))
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    assert not any(n.endswith(".so") for n in zipfile.ZipFile(wheel).namelist())
    names = set(zipfile.ZipFile(wheel).namelist())
    for base in ("craftsmen", "privileges", "events", "resources"):
        assert f"pillars_rules/_data/cards/base/{base}.cards" in names
    assert "pillars_rules/_data/grammar/cards.lark" in names
    # the browser board, served by `pillars-rules serve` from the package (no build step)
    for board in ("index.html", "board.css", "js/main.js", "js/app.js"):
        assert f"pillars_rules/web/static/{board}" in names
    assert any(n.endswith("entry_points.txt") for n in names)

    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    # Run from the unpacked wheel only: no checkout on the path, another working directory.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(site)
    code = (
        "import pillars_rules, pillars_rules.cardlang.data as p, pillars_rules.cardlang as c;"
        "assert str(p.data_dir('cards')).startswith(%r), p.data_dir('cards');"
        "assert str(p.data_dir('grammar')).startswith(%r);"
        "print(len(c.base_cards()), pillars_rules.new_game(2, 1).current_player)"
    ) % (str(site), str(site))
    # PYTHONPATH comes before site-packages, so the unpacked wheel wins over any
    # editable install of the checkout.
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=tmp_path, env=env
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.split() == ["62", "0"]

"""A whole game through a pseudo-terminal: one person (seat 0) against a
random bot, with an undo and a save/resume along the way (issue #16)."""

from __future__ import annotations

import random
import re

import pillars_rules as pr

from .terminal import Terminal

ARGS = ("--players", "2", "--seat", "0", "--bots", "random")
RANKING = re.compile(r"^\s+(\d)\. (\w+)(?: \(shared\))?: (\d+) VP, (\d+) gold\r?\n\s+craftsmen .+$", re.M)


def test_whole_game_with_undo_and_save_resume(tmp_path):
    pick = random.Random(16)
    term = Terminal(*ARGS, "--seed", "16", cwd=tmp_path)
    decisions = 0
    undone = saved = False
    last = ("", [])  # kind and choices of the previous decision
    while term.next():
        if not undone and decisions >= 3 and last[0] == term.kind == "draft":
            # Only the bot's draft move (no chance) came after the last decision: undo is allowed.
            choices = term.choices
            out = term.command("undo")
            assert "Undone: your last decision is taken back." in out
            assert term.choices == last[1] != choices  # the earlier decision is due again
            undone = True
        if not saved and decisions >= 40:
            assert "Game saved to" in term.command(f"save {tmp_path / 'mid.json'}")
            choices = term.choices
            term.send("quit")
            status, rest = term.finish()
            assert status == 0 and "Stopped: game saved to" in rest
            term = Terminal(*ARGS, "--load", "mid.json", cwd=tmp_path)
            assert term.next() and "resumed from mid.json" in term.text
            assert term.choices == choices  # the same decision, same options
            saved = True
        last = (term.kind, term.choices)
        term.send(str(pick.randint(1, len(term.choices))))
        decisions += 1
    status, final = term.finish()
    assert status == 0
    assert undone and saved and decisions > 40
    rows = RANKING.findall(final)
    assert sorted(name for _, name, _, _ in rows) == ["Blue", "Red"]
    scores = [(-int(vp), -int(gold)) for _, _, vp, gold in rows]
    assert scores == sorted(scores)  # ranked by VP, then gold (§2.6)
    assert "Traceback" not in final
    # The save is a real game of the engine, at a decision of seat 0.
    mid = pr.load((tmp_path / "mid.json").read_text())
    assert mid.current_player == 0 and not mid.is_over

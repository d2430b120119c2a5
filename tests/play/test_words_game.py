"""A whole game typed in words, never numbers (issue #21): a person at seat 0
against a random bot through a pseudo-terminal, with ``help``, ``rules``,
``card``, ``board``, ``undo`` and the keep-builders setting along the way;
and the automatic answers, in-process."""

from __future__ import annotations

import io
import random
import re

from rich.console import Console

import pillars_rules as pr
from pillars_rules.terminal.commands import match
from pillars_rules.terminal.session import Session

from .terminal import Terminal

RANKING = re.compile(r"^\s+(\d)\. (\w+)(?: \(shared\))?: (\d+) VP, (\d+) gold\r?\n\s+craftsmen .+$", re.M)
ALIASES = {
    "pass (final for this phase)": "pass",
    "stop trading (final for this round)": "stop",
    "finish building for this round": "finish",
}


def words_for(labels: list[str], i: int) -> str:
    """The fewest first words of choice ``i``'s label that name it alone (an
    alias for the answers that have one), as a person would type them."""
    label = labels[i]
    if label in ALIASES:
        return ALIASES[label]
    if label.startswith("put ") and "draw again" in label:
        return "redraw"
    words = label.split()
    for k in range(1, len(words) + 1):
        typed = " ".join(words[:k])
        if match(typed, labels)[0] == i + 1:
            return typed
    raise AssertionError(f"no words name {label!r}")


def test_a_whole_game_in_words(tmp_path):
    pick = random.Random(21)
    term = Terminal("--players", "2", "--seat", "0", "--bots", "random", "--seed", "21", cwd=tmp_path)
    said = []  # everything the program printed before each prompt
    typed = []
    last = ("", [])
    done = set()
    while term.next():
        said.append(term.text)
        if "help" not in done:
            out = term.command("help")
            assert "N or words" in out and "keep all" in out
            out = term.command("help priory")
            assert "The Priory (§2.4 step 5, §3), 2 spots: The builder placed here first scores 2 VP" in out
            assert "§2.4 step 9" in term.command("rules court")
            assert "kings court" in term.command("rules")
            done.add("help")
        if "card" not in done:
            assert "Otto Blackface, permanent privilege. You have 1 extra worker every round." in term.command(
                "card otto"
            )
            assert "Bell founder (Glockengießer)" in term.command("card glockengiesser")
            # issue #21: "card priory" only said there is no such card
            assert "no card 'priory' (The Priory is a place or rule: help priory)" in term.command("card priory")
            done.add("card")
        if "board" not in done and term.kind == "place":
            compact = term.command("board")
            assert "Board:" in compact and "Players (* start player)" not in compact
            full = term.command("board full")
            assert "Players (* start player)" in full and "Cards here" in full
            done.add("board")
        if "undo" not in done and len(typed) >= 2 and last[0] == term.kind == "draft":
            choices = term.choices
            out = term.command("undo")
            assert "Undone: your last decision is taken back." in out
            assert term.choices == last[1] != choices
            done.add("undo")
        if "keep" not in done and term.kind == "redraw":
            out = term.command("keep all")
            assert re.search(r"Every builder drawn in round \d is kept for you", out)
            assert "-> keep your drawn builder" in out or "-> keep Blue's drawn builder" in out
            done.add("keep")
            said.append(out)
            if not term.choices:
                continue
        last = (term.kind, term.choices)
        line = words_for(term.choices, pick.randrange(len(term.choices)))
        assert not line.strip().isdigit()
        typed.append(line)
        term.send(line)
    status, final = term.finish()
    said.append(final)
    text = "\n".join(said)
    assert status == 0 and "Traceback" not in text
    assert done == {"help", "card", "board", "undo", "keep"} and len(typed) > 40
    assert "(auto) Red: keep " in text  # the setting answered the round's later draws, shown
    assert "there is no choice" not in text and "fits " not in text  # every typed line was a choice
    assert len([w for w in typed if w in ("pass", "stop", "finish")]) > 3
    rows = RANKING.findall(final)
    assert sorted(name for _, name, _, _ in rows) == ["Blue", "Red"]


def _session(game, lines, tmp_path, bots=None):
    feed = iter(lines)

    def read(prompt):
        console.file.write(prompt + "\n")
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    console = Console(file=io.StringIO(), width=200, color_system=None)
    return Session(game, (0,), bots or {}, console, autosave=tmp_path / "auto.json", read=read), console.file


def test_a_decision_with_one_answer_is_answered_and_shown(tmp_path):
    """Red holds 6 wood and nothing to build with: the 5-cube limit leaves one
    answer, "return 1 wood", made for Red and printed (§2.4 step 13)."""
    game = pr.scenario(2, step="cathedral", seats={0: dict(cubes=(6, 0, 0, 0), craftsmen=("stonemason",))})
    assert [str(a) for a in game.legal_actions()] == ["return 1 wood to the supply"]
    session, out = _session(game, [], tmp_path)
    session.run()
    assert "(auto) Red: return 1 wood to the supply (5-cube limit) -- the only choice" in out.getvalue()
    assert session.game.state.players[0].cubes == (5, 0, 0, 0)


def test_keep_all_is_for_the_start_player_and_lasts_one_round(tmp_path):
    game = pr.new_game(2, 11)
    bot = pr.RandomBot(1)
    while game.pending.kind != "redraw":
        game = game.apply(bot(game.view(game.current_player)))
    assert game.current_player == 0 == game.state.start_player
    session, out = _session(game, ["keep all"], tmp_path, bots={1: pr.RandomBot(2)})
    session.run()
    text = out.getvalue()
    assert "Every builder drawn in round 1 is kept for you" in text and "-> keep " in text
    assert session.keep_all == {0: 1} and session.game.state.round == 1
    autos = [line for line in text.splitlines() if line.startswith("  (auto) Red: keep ")]
    assert autos and all(line.endswith("-- keep all is on this round") for line in autos)
    session, out = _session(game, ["keep ask", "redraw"], tmp_path, bots={1: pr.RandomBot(2)})
    session.run()
    assert "You are asked again about each drawn builder" in out.getvalue()
    assert "-> put Blue's builder back and draw again" in out.getvalue() or "-> put your builder" in out.getvalue()
    # Blue is not the start player: keep all is refused with the reason
    game = pr.new_game(2, 11).apply(pr.actions.Pass())
    session, out = _session(game, ["keep all"], tmp_path)
    session.run()
    assert (
        "keep all is for the start player, who decides about drawn builders; this round that is Red" in out.getvalue()
    )

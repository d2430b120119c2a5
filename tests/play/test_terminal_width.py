"""The terminal game in 100 columns (issue #55): help, card text and the
resume line break between words; the board never between a place and its
spots; a pasted label is that choice; the redraw decision mentions keep all."""

from __future__ import annotations

import io
import subprocess

from rich.console import Console

import pillars_rules as pr
from pillars_rules.terminal import screen
from pillars_rules.terminal.commands import COMMANDS, parse
from pillars_rules.terminal.session import Session

WIDTH = 100


def _session(game, lines, tmp_path, *, humans=(0,), bots=None, resume=""):
    feed = iter(lines)

    def read(prompt):
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    console = Console(file=io.StringIO(), width=WIDTH, color_system=None)
    autosave = tmp_path / "autosave.json"
    session = Session(game, humans, bots or {}, console, autosave=autosave, read=read, resume=resume)
    return session, console.file


def _words(text: str) -> list[str]:
    return text.split()


def test_help_wraps_between_words_in_100_columns(tmp_path) -> None:
    from pillars_rules.words.help import find_topic

    game = pr.new_game(2, 3)
    session, out = _session(game, ["help", "help priory"], tmp_path, bots={1: pr.RandomBot(1)})
    session.run()
    said = out.getvalue().split("  N or words", 1)[1].split("End of input")[0]
    lines = said.splitlines()
    assert all(len(line) <= WIDTH for line in lines), max(lines, key=len)
    topic, _ = find_topic("priory", game.rules)
    assert max(len(line) for line in str(topic).splitlines()) > WIDTH
    for what in [*COMMANDS.values(), *str(topic).splitlines()]:
        assert " ".join(_words(what)) in " ".join(_words(said)), what


def test_card_text_wraps_between_words(tmp_path) -> None:
    from pillars_rules.cardlang import base_cards, render

    card = max(base_cards(), key=lambda c: len(render(c)))
    session, out = _session(pr.new_game(2, 3), [f"card {card.id}"], tmp_path, bots={1: pr.RandomBot(1)})
    session.run()
    text = out.getvalue()
    rules = render(card)
    assert len(rules) > WIDTH
    block = text[text.index(card.name) :].split("\n\n")[0]
    lines = [line for line in block.splitlines() if line.strip()]
    assert all(len(line) <= WIDTH for line in lines)
    assert " ".join(_words(rules)) in " ".join(_words(block))


def test_resume_line_wraps_between_words_and_pastes_as_one_command(tmp_path) -> None:
    resume = " --cards expansion --seat 0 --bots heuristic"
    session, out = _session(pr.new_game(2, 3), [], tmp_path, bots={1: pr.RandomBot(1)}, resume=resume)
    session.run()
    text = out.getvalue()
    lines = text.split("Resume with:\n", 1)[1].rstrip("\n").splitlines()
    assert len(lines) > 1 and all(len(line) <= WIDTH for line in lines)
    assert all(line.endswith(" \\") for line in lines[:-1])
    pasted = "\n".join(lines)
    run = subprocess.run(
        ["bash", "-c", f"set -- {pasted}\nprintf '%s\\n' \"$@\""], capture_output=True, text=True, check=True
    )
    assert run.stdout.split() == ["pillars-rules", "play", "--load", str(session.autosave), *resume.split()]


def test_board_never_breaks_between_a_place_and_its_spots() -> None:
    game = pr.new_game(6, 4, cards="expansion")
    view = game.view(0)
    lines = screen.fitted(screen.compact(view, "Red", [], width=WIDTH), WIDTH)
    board = lines[1 : lines.index(next(line for line in lines if line.startswith("Display:")))]
    assert len(board) > 1 and all(len(line) <= WIDTH for line in board)
    for loc, _ in view.state.spots:
        name = screen.place_name(view.rules, loc)
        assert any(f"{name} [" in line for line in board), name


def test_a_pasted_full_label_is_that_choice() -> None:
    labels = [
        "pass (final for this phase)",
        "take Sand pit (2 sand, 2 workers) with the big worker (3 worker values wasted)",
        "take Sand pit (2 sand, 2 workers) with 2 one-value workers",
        "take Forest (2 wood, 3 workers) with 3 one-value workers",
    ]
    for n, label in enumerate(labels, 1):
        assert parse(label, labels).number == n
        assert parse(f"{n}. {label}", labels).number == n  # the line as the screen shows it
    # the label and the start of the next line, pasted together
    assert parse(labels[1] + " 3. take Sand", labels).number == 2
    assert parse("take", labels).name == "hint"


def test_the_redraw_decision_mentions_keep_all() -> None:
    game = pr.new_game(2, 11)
    bot = pr.RandomBot(1)
    while game.pending.kind != "redraw":
        game = game.apply(bot(game.view(game.current_player)))
    lines = screen.choice_lines(game.view(game.current_player), "Red")
    assert lines[:2] == [
        "Red, your decision (redraw):",
        "  (keep all: keep every builder drawn this round without being asked)",
    ]

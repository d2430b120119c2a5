"""Six seats with the expansion in an 80-column terminal (issue #37):
``play --players 6 --cards expansion`` plays a whole game in a pseudo-terminal,
every seat's name is on the board and in the final ranking, and no line of
the screen is wider than the terminal (a long line breaks between words)."""

from __future__ import annotations

import random

from .terminal import Terminal

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]


def test_a_six_player_expansion_game_plays_in_80_columns(tmp_path):
    term = Terminal(
        "--players",
        "6",
        "--cards",
        "expansion",
        "--seat",
        "0",
        "--bots",
        "random",
        "--seed",
        "37",
        "--names",
        ",".join(NAMES),
        cwd=tmp_path,
        columns=80,
        timeout=60,
    )
    pick = random.Random(37)
    screens = []
    while term.next():
        screens.append(term.text)
        wide = [line for line in term.text.splitlines() if len(line.rstrip()) > 80]
        assert not wide, wide
        term.send(str(pick.randint(1, len(term.choices))))
    status, rest = term.finish()
    assert status == 0
    assert len(screens) > 20
    board = screens[0]
    for name in NAMES:
        assert name in board
    for name in NAMES:
        assert name in rest  # the final ranking names every seat

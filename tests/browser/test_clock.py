"""Turn timers (issue #38) with a real server and browser: a per-move clock
runs out, the chosen bot decides for the seat and the board's log says so; the
clock is the server's and goes on across a kill -9 and a restart."""

from __future__ import annotations

import json
import sqlite3
import time

from .page import BoardPage

ANN_AND_A_BOT = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}]


def _clock(server, game_id: str) -> dict:
    with sqlite3.connect(server.db) as db:
        return json.loads(db.execute("SELECT state FROM server_clocks WHERE game_id = ?", (game_id,)).fetchone()[0])


def _my_turn_with_a_choice(page: BoardPage):
    return lambda: (st := page.ready_to_choose()) and st["choices"] > 1 and st


def test_a_per_move_clock_runs_out_and_the_bot_moves_also_across_a_restart(server, windows):
    made = server.create(ANN_AND_A_BOT, seed=51, clock={"kind": "move", "seconds": 5, "bot": "random"})
    assert made["clock"] == {"kind": "move", "seconds": 5.0, "bot": "random"}
    b = windows[0]
    page = BoardPage(b, made["seats"][0]["link"]).open()
    first = b.wait(_my_turn_with_a_choice(page), 30, "Ann's turn")["decision"]
    b.wait(lambda: "left for you" in (page.text("#clock") or ""), 10, "the clock on the board")
    # nobody clicks: the clock runs out and the bot decides for Ann
    b.wait(lambda: server.game(made["game"]).decision > first, 30, "the bot's move for Ann")
    assert [first, 0, "random"] in _clock(server, made["game"])["ran_out"]
    b.wait(lambda: "Ann's time ran out: the bot random decided for you" in page.text(".log"), 20, "the log's note")

    # the next such decision: the server is killed, stays down past the clock, and comes back
    second = b.wait(_my_turn_with_a_choice(page), 30, "Ann's next turn")["decision"]
    server.kill()
    time.sleep(6)
    server.start()
    b.wait(lambda: server.game(made["game"]).decision > second, 30, "the bot's move after the restart")
    ran_out = _clock(server, made["game"])["ran_out"]
    assert [first, 0, "random"] in ran_out and [second, 0, "random"] in ran_out
    page.wait_live(60)
    b.wait(lambda: page.text(".log").count("Ann's time ran out") >= 2, 20, "both notes in the log")

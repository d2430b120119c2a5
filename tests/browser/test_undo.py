"""Taking back a move on the board (issue #56): alone at a table with a bot
(whose answer goes back too), and on a two-person table where the other
player agrees by a click. Every move and the undo are clicks."""

from __future__ import annotations

import random

from selenium.webdriver.common.by import By

from .page import BoardPage

ANN_AND_A_BOT = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
ANN_AND_BEN = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Ben"}]


def _move(page: BoardPage, rng: random.Random) -> int:
    """Click one of this seat's choices once it must choose; the decision it answered."""
    st = page.b.wait(page.ready_to_choose, 30, "this seat's turn")
    page.b.wait(lambda: page.choose(rng), 20, f"a choice to click ({page.last_error})")
    return st["decision"]


def _click(page: BoardPage, element_id: str) -> None:
    page.b.wait(lambda: page.b.driver.find_elements(By.ID, element_id), 20, f"the #{element_id} button")
    page.b.js("document.getElementById(arguments[0]).scrollIntoView({block: 'center'})", element_id)
    page.b.driver.find_element(By.ID, element_id).click()


def test_a_player_takes_back_a_move_past_the_bots_answer(server, windows):
    made = server.create(ANN_AND_A_BOT, seed=4)
    ann = BoardPage(windows[0], made["seats"][0]["link"]).open()
    rng = random.Random(4)
    first = _move(ann, rng)
    ann.b.wait(lambda: (st := ann.ready_to_choose()) and st["decision"] == first + 2, 30, "the bot's answer")
    _click(ann, "undo")
    ann.b.wait(lambda: (st := ann.ready_to_choose()) and st["decision"] == first, 30, "the game taken back")
    note = "Ann took back 2 decisions (back to decision 1)"  # the log may be drawn after the prompt
    ann.b.wait(lambda: note in (ann.text(".log-lines") or ""), 20, "the take-back's line in the log")
    assert server.game(made["game"]).decision == first
    # the game goes on from there, and the note stays in the log after a reload
    _move(ann, rng)
    ann.b.wait(lambda: (st := ann.ready_to_choose()) and st["decision"] == first + 2, 30, "the bot again")
    ann.open()
    ann.b.wait(lambda: "Ann took back 2 decisions" in (ann.text(".log-lines") or ""), 20, "the line after a reload")
    assert ann.b.errors() == []


def test_across_seats_the_other_player_agrees(server, windows):
    made = server.create(ANN_AND_BEN, seed=4)
    ann = BoardPage(windows[0], made["seats"][0]["link"]).open()
    ben = BoardPage(windows[1], made["seats"][1]["link"]).open()
    rng = random.Random(5)
    first = _move(ann, rng)
    _move(ben, rng)
    ann.b.wait(lambda: (st := ann.ready_to_choose()) and st["decision"] == first + 2, 30, "Ann's turn again")
    _click(ann, "undo")
    ann.b.wait(lambda: "Waiting for the others to agree" in (ann.text("#prompt") or ""), 20, "Ann's wait")
    assert "Ann asks to take back" in ben.b.wait(lambda: ben.text(".undo-ask"), 20, "Ben's question")
    _click(ben, "undo-accept")
    for p in (ann, ben):
        p.b.wait(lambda p=p: (st := p.state()) and st["decision"] == first, 30, "the game taken back")
    assert ann.ready_to_choose() and not ben.b.driver.find_elements(By.CSS_SELECTOR, ".undo-ask")
    assert "Ann took back 2 decisions" in ben.text(".log-lines")
    assert server.game(made["game"]).decision == first
    assert ann.b.errors() == [] and ben.b.errors() == []

"""The sound on your turn (issue #56): off by default; once switched on in the
header it plays when the turn comes back to this seat, and the setting stays
after a reload."""

from __future__ import annotations

import random

from selenium.webdriver.common.by import By

from .page import BoardPage

ANN_AND_A_BOT = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
PLAYED = "return window.pillarsBoard.sound.played"


def _moves(ann: BoardPage, rng: random.Random, n: int) -> None:
    """Answer ``n`` of Ann's decisions with clicks (the bot answers in between)."""
    for _ in range(n):
        st = ann.b.wait(ann.ready_to_choose, 30, "Ann's turn")
        ann.b.wait(lambda: ann.choose(rng), 20, "a choice")
        ann.b.wait(lambda st=st: (s := ann.state()) and s["decision"] > st["decision"], 30, "the answer taken")


def test_the_turn_sound_is_off_by_default_and_plays_once_switched_on(server, windows):
    made = server.create(ANN_AND_A_BOT, seed=4)
    b = windows[0]
    b.get(server.url + "/")
    b.js("localStorage.removeItem('pillars-sound')")
    ann = BoardPage(b, made["seats"][0]["link"]).open()
    rng = random.Random(2)
    assert b.driver.find_element(By.ID, "sound").text == "Sound: off"
    _moves(ann, rng, 4)
    assert b.js(PLAYED) == 0 and b.js("return window.pillarsBoard.sound.on") is False
    b.driver.find_element(By.ID, "sound").click()
    assert b.driver.find_element(By.ID, "sound").text == "Sound: on"
    for _ in range(8):  # until the bot has played in between and the turn came back
        if b.js(PLAYED):
            break
        _moves(ann, rng, 1)
    b.wait(lambda: b.js(PLAYED) >= 1, 30, "the sound of a turn that came back")
    ann.open()
    assert b.driver.find_element(By.ID, "sound").text == "Sound: on"
    b.js("localStorage.removeItem('pillars-sound')")
    assert b.errors() == []

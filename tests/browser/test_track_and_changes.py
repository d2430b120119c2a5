"""The score track and what changed (issue #56): everyone's VP and the
cathedral stay in sight while the page scrolls; what the bot did since this
seat last looked is outlined on the board and can be stepped through."""

from __future__ import annotations

import random

from selenium.webdriver.common.by import By

from .page import BoardPage

ANN_AND_A_BOT = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
#: The server seeds each bot seat at random, so a random bot's first draft move is a pass one
#: game in 15 -- a move that changes nothing on the board, hence nothing to outline. The
#: heuristic bot takes Forest (2 wood) here whatever its seed (60 seeds tried).
ANN_AND_A_TAKER = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic"}]

_IN_VIEW = """const r = document.querySelector(arguments[0]).getBoundingClientRect();
return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0;"""


def test_the_track_shows_everyones_vp_and_the_cathedral_while_scrolling(server, windows):
    made = server.create(ANN_AND_A_BOT, seed=4)
    ann = BoardPage(windows[0], made["seats"][0]["link"]).open()
    game = server.game(made["game"])
    rows = ann.b.js(
        "return [...document.querySelectorAll('#score-track .track-row')]"
        ".map(r => [r.querySelector('.track-name').textContent, r.querySelector('.track-vp').textContent])"
    )
    ranked = sorted(range(2), key=lambda s: (-game.state.players[s].vp, -game.state.players[s].gold, s))
    assert rows == [
        [game.state.players[s].name + (" (you)" if s == 0 else ""), f"{game.state.players[s].vp} VP"] for s in ranked
    ]
    assert "Cathedral 0/6" in ann.text("#score-track")
    ann.b.js("window.scrollTo(0, document.body.scrollHeight)")
    assert ann.b.js("return window.scrollY") > 200
    assert ann.b.js(_IN_VIEW, "#score-track") and ann.b.js(_IN_VIEW, "#prompt")


def test_what_the_bot_changed_is_outlined_and_can_be_stepped_through(server, windows):
    made = server.create(ANN_AND_A_TAKER, seed=4)
    ann = BoardPage(windows[0], made["seats"][0]["link"]).open()
    assert not ann.b.driver.find_elements(By.ID, "changes")  # a first look: nothing is news
    st = ann.b.wait(ann.ready_to_choose, 30, "Ann's turn")
    ann.b.wait(lambda: ann.choose(random.Random(1)), 20, "a choice")
    ann.b.wait(lambda: (s := ann.ready_to_choose()) and s["decision"] == st["decision"] + 2, 30, "the bot's move")
    bot = server.game(made["game"]).state.players[1]
    taken = [c for c in bot.craftsmen + bot.privileges + bot.resource_cards]
    assert len(taken) > 3, f"the bot's move changed nothing to outline: {server.game(made['game']).events[-2:]}"
    ann.b.wait(lambda: ann.b.driver.find_elements(By.ID, "changes"), 10, "the changes")
    count = ann.text(".changes-count")
    assert "since you last looked" in count
    outlined = ann.b.js(
        "return [...document.querySelectorAll('.player[data-seat=\"1\"] .changed')]"
        ".map(e => e.dataset.card || e.className)"
    )
    assert outlined
    assert any(c in taken for c in outlined) or any("gold" in c for c in outlined)
    assert not ann.b.js("return document.querySelector('.player[data-seat=\"0\"] .changed')")  # her own move is no news
    ann.b.driver.find_element(By.ID, "changes-next").click()
    assert ann.text("#changes-now").startswith("1/") and "Blue" in ann.text("#changes-now")
    assert ann.b.js("return document.querySelectorAll('.changed-focus').length") >= 1
    ann.b.driver.find_element(By.ID, "changes-prev").click()
    assert ann.text("#changes-now").startswith(count.split(" ")[0] + "/")  # back round to the last
    ann.b.driver.find_element(By.ID, "changes-seen").click()
    assert not ann.b.driver.find_elements(By.ID, "changes") and not ann.b.js(
        "return document.querySelector('.changed')"
    )
    assert ann.b.errors() == []

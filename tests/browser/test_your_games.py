"""Finding your games again (issue #38): the browser remembers every seat it
joined, and the lobby lists them -- whose turn, round, last move -- after the
browser is closed and opened again on the same profile; a game can be
forgotten. The board's title and icon say when it is your turn, and
notifications are asked for only on a click."""

from __future__ import annotations

import random

from selenium.webdriver.common.by import By

from .chrome import Browser
from .page import BoardPage, play

ANN_AND_A_BOT = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}]

#: Before any page script: a Notification that counts the permission requests and the
#: notifications shown, and a document.hidden the test sets (a headless tab is never hidden).
FAKE_NOTIFICATIONS = """
window.__asked = 0; window.__shown = []; window.__hidden = false;
class FakeNotification {
  constructor(title, options) { window.__shown.push(title); }
  addEventListener() {}
  close() {}
  static requestPermission() { window.__asked++; FakeNotification.permission = 'granted'; return Promise.resolve('granted'); }
}
FakeNotification.permission = 'default';
window.Notification = FakeNotification;
Object.defineProperty(Document.prototype, 'hidden', {get() { return window.__hidden; }, configurable: true});
"""


def _entry(b: Browser, game: str):
    return b.js(
        "const e = document.querySelector(`#your-games li[data-game='${arguments[0]}']`);"
        "return e ? e.textContent : null;",
        game,
    )


def test_your_games_lists_a_game_after_the_browser_is_closed_and_opened_again(server, tmp_path):
    made = server.create(ANN_AND_A_BOT, seed=11)
    profile = tmp_path / "profile"
    b = Browser(profile=profile)
    try:
        page = BoardPage(b, made["seats"][0]["link"]).open()
        play([page], random.Random(11), until=lambda: (st := page.ready_to_choose()) and st["decision"] > 4)
        assert b.js("return document.title") == "● Your turn — Pillars"
        assert b.js("return document.querySelector('link[rel=icon]').getAttribute('href')") == "/static/icon-turn.svg"
        decision = page.state()["decision"]
    finally:
        b.quit()
    b = Browser(profile=profile)
    try:
        b.get(server.url + "/")
        b.wait(lambda: b.js("return document.getElementById('your-games').dataset.checked"), 30, "Your games")
        text = _entry(b, made["game"])
        assert text and "You play Ann" in text and "Your turn" in text and "round 1 of 6" in text
        assert "Last: " in text
        game = server.game(made["game"])
        assert game.decision == decision
        b.driver.find_element(By.LINK_TEXT, "play now").click()
        page = BoardPage(b, b.driver.current_url)
        st = page.wait_live()
        assert st["decision"] == decision and st["mine"]
        b.driver.back()
        b.wait(lambda: _entry(b, made["game"]), 20, "the lobby again")
        b.driver.find_element(By.CSS_SELECTOR, f"#your-games li[data-game='{made['game']}'] .forget").click()
        assert _entry(b, made["game"]) is None
        b.driver.refresh()
        b.wait(lambda: b.js("return document.getElementById('your-games').dataset.checked"), 30, "Your games")
        assert _entry(b, made["game"]) is None
        assert b.errors() == []
    finally:
        b.quit()


def test_the_created_page_is_kept_in_your_games_and_a_finished_game_says_who_won(server, windows):
    b = windows[0]
    made = server.create([{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}], seed=12)
    spectator = made["spectator"]
    page = BoardPage(b, spectator).open()
    b.wait(lambda: page.state()["over"], 120, "the bots' game to end")
    b.get(server.url + "/")
    b.wait(lambda: b.js("return document.getElementById('your-games').dataset.checked"), 30, "Your games")
    text = _entry(b, made["game"])
    winners = " and ".join(server.game(made["game"]).state.players[s].name for s in server.game(made["game"]).winners())
    assert text and "Watching" in text and f"Finished — won by {winners}" in text
    b.js("localStorage.clear()")


def test_notifications_are_asked_for_only_on_a_click_and_come_only_to_a_hidden_tab(server):
    made = server.create(ANN_AND_A_BOT, seed=13)
    b = Browser()
    try:
        b.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FAKE_NOTIFICATIONS})
        page = BoardPage(b, made["seats"][0]["link"]).open()
        rng = random.Random(13)
        play([page], rng, until=lambda: (st := page.ready_to_choose()) and st["decision"] > 3)
        assert b.js("return window.__asked") == 0
        button = b.driver.find_element(By.CSS_SELECTOR, "button.notify")
        assert button.text == "Notify me on my turn"
        button.click()
        b.wait(lambda: b.js("return window.__asked") == 1, 10, "the permission request")
        b.wait(lambda: b.driver.find_element(By.CSS_SELECTOR, "button.notify").text == "Notifications on", 10, "on")
        # visible tab: the turn comes back with no notification
        decision = page.state()["decision"]
        play([page], rng, until=lambda: (st := page.ready_to_choose()) and st["decision"] > decision + 2)
        assert b.js("return window.__shown") == []
        # hidden tab: answer, and the bot's move hands the turn back with a notification
        b.js("window.__hidden = true")
        decision = page.state()["decision"]
        play([page], rng, until=lambda: b.js("return window.__shown.length") > 0, timeout=60)
        assert b.js("return window.__shown")[0] == "Your turn — The Pillars of the Earth"
        assert b.js("return window.__asked") == 1
    finally:
        b.quit()

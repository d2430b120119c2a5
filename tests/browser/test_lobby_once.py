"""The lobby's "Your games" (issue #56): a creator who also plays a game sees
it once, as its player, with the links of its creation; and opening the lobby
opens no WebSocket -- the seats are not touched (no reconnect, no takeover
wait started again)."""

from __future__ import annotations

from selenium.webdriver.common.by import By

from pillars_rules.web.created import created_fragment

from .page import BoardPage

#: Before any page script: count the WebSockets the page opens.
COUNT_SOCKETS = """
window.__sockets = 0;
const Real = window.WebSocket;
window.WebSocket = function (...args) { window.__sockets++; return new Real(...args); };
window.WebSocket.prototype = Real.prototype;
Object.assign(window.WebSocket, {OPEN: Real.OPEN, CLOSED: Real.CLOSED, CONNECTING: Real.CONNECTING, CLOSING: Real.CLOSING});
"""


def test_a_creator_who_plays_sees_the_game_once_and_the_lobby_opens_no_socket(server, windows):
    b = windows[0]
    made = server.create([{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}], seed=3)
    b.get(f"{server.url}/created#{created_fragment(made)}")  # this browser created it
    b.wait(lambda: b.js("return document.querySelector('#created .links') !== null"), 20, "the links")
    BoardPage(b, made["seats"][0]["link"]).open()  # and plays Ann
    added = b.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": COUNT_SOCKETS})
    try:
        b.get(server.url + "/")
        b.wait(lambda: b.js("return document.getElementById('your-games').dataset.checked"), 30, "Your games")
        rows = b.driver.find_elements(By.CSS_SELECTOR, f"#your-games li[data-game='{made['game']}']")
        assert len(rows) == 1
        text = rows[0].text
        assert "You play Ann" in text and "its links" in text and "Your turn" in text
        assert b.js("return window.__sockets") == 0
    finally:
        b.driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": added["identifier"]})
    assert b.errors() == []

"""The two bugs of issue #38, in the browser: the lobby's form answers with a
redirect to a real page of the created game (a reload or Back creates no second
game), and a link with a wrong key says why in words, stops and offers the lobby."""

from __future__ import annotations

import sqlite3
import time
from urllib.parse import parse_qs, urlsplit

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from .page import BoardPage


def _games(server) -> int:
    with sqlite3.connect(server.db) as db:
        return db.execute("SELECT count(*) FROM server_games").fetchone()[0]


def test_reloading_or_coming_back_to_the_created_page_creates_no_second_game(server, windows):
    b = windows[0]
    d = b.driver
    b.get(server.url + "/")
    Select(d.find_element(By.NAME, "players")).select_by_value("2")
    d.find_element(By.NAME, "name0").send_keys("Ann")
    Select(d.find_element(By.NAME, "seat1")).select_by_value("random")
    d.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
    links = lambda: d.find_elements(By.LINK_TEXT, "play this seat")  # noqa: E731
    b.wait(links, 20, "the created game's page")
    assert urlsplit(d.current_url).path == "/created"  # a GET page, not the POST's answer
    assert _games(server) == 1
    d.refresh()
    link = b.wait(links, 20, "the created page after a reload")[0]
    assert _games(server) == 1
    assert "Ann" in b.js("return document.getElementById('created').textContent")
    game_id = parse_qs(urlsplit(link.get_attribute("href")).fragment)["game"][0]
    assert game_id == parse_qs(urlsplit(d.current_url).fragment)["game"][0]
    link.click()
    page = BoardPage(b, d.current_url)
    page.wait_live()
    assert page.text(".who-name") == "You are Ann"
    d.back()
    b.wait(links, 20, "the created page after Back")
    assert urlsplit(d.current_url).path == "/created" and _games(server) == 1
    assert b.errors() == []


def test_a_wrong_key_shows_the_reason_in_words_stops_and_offers_the_lobby(server, windows):
    made = server.create([{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}], seed=7)
    b = windows[0]
    b.get(f"{server.url}/play#game={made['game']}&key=not-the-key")
    b.wait(lambda: b.js("return !!document.querySelector('.stopped')"), 20, "the refused link's page")
    body = b.js("return document.body.textContent")
    assert "This link does not open a game" in body and "no game with this link's id and key" in body
    assert "Connecting" not in body and "bad_credentials" not in body
    assert b.js("return document.querySelector('.stopped a').getAttribute('href')") == "/"
    opens = b.js("return window.pillarsBoard.connection.opens")
    time.sleep(3)  # the first retry would come after half a second
    conn = b.js("const c = window.pillarsBoard.connection; return [c.opens, c.stopped, c.ws === null]")
    assert conn == [opens, True, True]
    b.driver.find_element(By.LINK_TEXT, "Go to the lobby").click()
    b.wait(lambda: b.driver.find_elements(By.NAME, "players"), 20, "the lobby")

"""From ``pillars-rules serve`` to a finished game against two bots, in the
browser only (issue #23's "done when"): the lobby form, the created game's
link, the board, the final scores -- equal to the engine's."""

from __future__ import annotations

import random
from urllib.parse import parse_qs, urlsplit

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from .page import BoardPage, play


def test_a_person_goes_from_the_lobby_to_a_finished_game_against_two_bots(server, windows):
    b = windows[0]
    b.get(server.url + "/")
    d = b.driver
    Select(d.find_element(By.NAME, "players")).select_by_value("3")
    d.find_element(By.NAME, "name0").send_keys("Ann")
    Select(d.find_element(By.NAME, "seat1")).select_by_value("random")
    Select(d.find_element(By.NAME, "seat2")).select_by_value("random")
    d.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
    link = b.wait(lambda: d.find_elements(By.LINK_TEXT, "play this seat"), 20, "the created game's page")[0]
    game_id = parse_qs(urlsplit(link.get_attribute("href")).fragment)["game"][0]
    link.click()
    page = BoardPage(b, d.current_url)
    page.wait_live()
    assert page.text(".who-name") == "You are Ann"
    assert "Your turn" in page.text("#prompt")
    play([page], random.Random(23), timeout=600)
    b.wait(lambda: page.text(".final"), 10, "the final scores")
    game = server.game(game_id)
    assert game.is_over
    assert page.final_scores() == {seat: tuple(s) for seat, s in enumerate(game.scores())}
    winners = {game.state.players[s].name for s in game.winners()}
    first = b.js("return [...document.querySelectorAll('.final tbody tr')].filter(tr =>"
                 " tr.querySelector('.place').textContent === '1').map(tr => tr.querySelector('.name').textContent)")
    assert {n.replace(" (you)", "") for n in first} == winners
    assert b.errors() == []

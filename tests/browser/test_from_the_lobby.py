"""From ``pillars-rules serve`` to a finished game against two bots, in the
browser only (issue #23's "done when"): the lobby form, the created game's
link, the board, the final scores -- equal to the engine's."""

from __future__ import annotations

import random
from urllib.parse import parse_qs, urlsplit

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from .page import BoardPage, play


def _from_the_lobby(b, server, players: int, cards: str = "", bot: str = "random") -> tuple[str, BoardPage]:
    """Ann and ``players - 1`` bots made in the lobby form: the game's id and Ann's live board."""
    b.get(server.url + "/")
    d = b.driver
    if cards:  # the set first: the form offers only the counts the chosen set plays
        Select(d.find_element(By.NAME, "cards")).select_by_value(cards)
    Select(d.find_element(By.NAME, "players")).select_by_value(str(players))
    d.find_element(By.NAME, "name0").send_keys("Ann")
    for seat in range(1, players):
        Select(d.find_element(By.NAME, f"seat{seat}")).select_by_value(bot)
    d.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
    link = b.wait(lambda: d.find_elements(By.LINK_TEXT, "play this seat"), 20, "the created game's page")[0]
    game_id = parse_qs(urlsplit(link.get_attribute("href")).fragment)["game"][0]
    link.click()
    page = BoardPage(b, d.current_url)
    page.wait_live()
    return game_id, page


def test_a_person_goes_from_the_lobby_to_a_finished_game_against_two_bots(server, windows):
    b = windows[0]
    game_id, page = _from_the_lobby(b, server, 3)
    assert page.text(".who-name") == "You are Ann"
    assert "Your turn" in page.text("#prompt")
    play([page], random.Random(23), timeout=600)
    b.wait(lambda: page.text(".final"), 10, "the final scores")
    game = server.game(game_id)
    assert game.is_over
    assert page.final_scores() == {seat: tuple(s) for seat, s in enumerate(game.scores())}
    winners = {game.state.players[s].name for s in game.winners()}
    first = b.js(
        "return [...document.querySelectorAll('.final tbody tr')].filter(tr =>"
        " tr.querySelector('.place').textContent === '1').map(tr => tr.querySelector('.name').textContent)"
    )
    assert {n.replace(" (you)", "") for n in first} == winners
    assert b.errors() == []


def test_a_whole_six_player_game_with_the_expansion_from_the_lobby(server, windows):
    """Issue #37: the lobby offers 6 seats with the expansion; the board shows
    seats 5 and 6 in their colours; the person plays the whole game with the
    page's own controls against five server bots, and the final table equals
    the engine's scores. (Each bot decision once failed in the worker -- its
    view lost the expansion's board -- and cost a pool restart, which made a
    whole game take over 15 minutes; now it takes about a minute.)"""
    b = windows[0]
    game_id, page = _from_the_lobby(b, server, 6, cards="expansion", bot="heuristic")
    colours = b.js(
        "return [...Array(6).keys()].map(k => { const e = document.querySelector('.player.seat-' + k);"
        " return e && getComputedStyle(e).borderLeftColor; })"
    )
    assert all(colours) and len(set(colours)) == 6, colours
    assert "Purple" in page.text(".players") and "Orange" in page.text(".players")
    play([page], random.Random(37), timeout=600)
    b.wait(lambda: page.text(".final"), 10, "the final scores")
    game = server.game(game_id)
    assert game.is_over and game.state.n_players == 6
    scores = page.final_scores()
    assert len(scores) == 6 and scores == {seat: tuple(s) for seat, s in enumerate(game.scores())}
    assert b.errors() == []
    # the bots chose from their own views: no decision fell back to a random move
    assert "a random legal action is played" not in server.log.read_text()

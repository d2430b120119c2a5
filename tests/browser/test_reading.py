"""Reading and using the board (issue #23): with the keyboard alone, and at
phone width; what a choice gives or costs is there before the click."""

from __future__ import annotations

import random

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from .page import BoardPage, play

SEATS = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


def _focused(page: BoardPage) -> dict:
    return page.b.js("""const a = document.activeElement;
        return {can: a.classList.contains('can'), n: Number(a.dataset.choices || 0), choice: a.classList.contains('choice'),
                menu: !!a.closest('#menu'), label: a.getAttribute('aria-label') || a.textContent,
                tip: document.getElementById('tip').hidden ? '' : document.getElementById('tip').textContent};""")


def test_the_keyboard_alone_plays_a_turn(server, windows):
    made = server.create(SEATS, seed=9)
    page = BoardPage(windows[0], made["seats"][0]["link"]).open()
    keys = ActionChains(page.b.driver)
    st = page.ready_to_choose()
    assert st and st["pending"]["kind"] == "draft"
    # Tab from the top of the page reaches the board's choices; focus shows the tip
    page.b.js("document.activeElement && document.activeElement.blur()")
    for _ in range(40):
        keys.send_keys(Keys.TAB).perform()
        f = _focused(page)
        if f["can"] and f["n"] > 1:
            break
    else:
        raise AssertionError("Tab never reached a card with two ways to take it")
    assert "gives" in f["tip"] and "costs" in f["tip"]
    # a card with two ways to take it opens a menu; arrows move, Enter chooses
    keys.send_keys(Keys.ENTER).perform()
    page.b.wait(lambda: _focused(page)["menu"], 5, "the menu")
    keys.send_keys(Keys.ARROW_DOWN).perform()
    assert _focused(page)["menu"]
    keys.send_keys(Keys.ESCAPE).perform()
    assert page.b.js("return document.getElementById('menu').hidden")
    assert _focused(page)["can"]  # Escape gives the focus back to the card
    keys.send_keys(Keys.ENTER).perform()
    page.b.wait(lambda: _focused(page)["menu"], 5, "the menu again")
    keys.send_keys(Keys.ENTER).perform()
    page.b.wait(lambda: page.state()["decision"] > st["decision"], 20, "the chosen move")
    assert page.b.errors() == []


def test_the_board_reads_at_phone_width(server, windows):
    made = server.create(SEATS, seed=10)
    b = windows[0]
    b.size(375, 800)
    page = BoardPage(b, made["seats"][0]["link"]).open()
    rng = random.Random(10)
    for stage in ("draft", "builders", "resolution"):
        play([page], rng, until=lambda stage=stage: (st := page.ready_to_choose()) and st["stage"] == stage)
        # nothing sticks out sideways, and every text is at least 10 px
        assert b.js("return document.documentElement.scrollWidth") <= 375
        smallest = b.js("""let m = 99; for (const e of document.querySelectorAll('#app *')) {
            if (e.childNodes.length && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())
                && e.offsetParent !== null) m = Math.min(m, parseFloat(getComputedStyle(e).fontSize)); }
            return m;""")
        assert smallest >= 10
        # your own holdings come first, right under the prompt; then the board, then the others
        assert b.js("""const top = (css) => document.querySelector(css).getBoundingClientRect().top;
            return top('.player.you') < top('.map') && top('.map') < top('.player:not(.you)')
                && top('.player:not(.you)') < top('.log');""")
        # a tap opens the menu first (no hover on a phone): that confirm step shows the label
        # and what the choice gives or costs; Cancel leaves the decision open
        one = [e for e in page.targets() if e.get_attribute("data-choices") == "1"]
        if one:
            label = one[0].get_attribute("aria-label")
            one[0].click()
            assert b.js("return !document.getElementById('menu').hidden")
            menu = page.text("#menu")
            assert label in menu.replace("\u2192", "->") and ("gives" in menu or "costs" in menu)
            b.driver.find_element("css selector", "#menu .menu-cancel").click()
            assert page.ready_to_choose()
        assert page.choose(rng)
    assert b.errors() == []


def test_the_board_shows_the_privileges_each_player_used(server, windows):
    """§7 (rules version 4): an immediate privilege leaves play right after its effect, a
    once-per-game one when used; the board lists both under "Privileges used", not
    among the held privileges."""
    from pillars_rules import events as E

    # the server draws each bot seat's seed at random, so the bots' game differs from run
    # to run: play games until one has a privilege used (each game's board is checked)
    some_used = False
    for seed in range(11, 17):
        made = server.create([{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}], seed=seed)
        page = BoardPage(windows[0], made["spectator"]).open()
        page.b.wait(lambda p=page: p.text(".final"), 120, "the end of the bots' game")
        game = server.game(made["game"])
        shown = page.b.js("""return [...document.querySelectorAll('article.player')].map(a => ({
            seat: Number(a.dataset.seat),
            used: [...a.querySelectorAll('.used-privileges .card')].map(c => c.dataset.card)}));""")
        assert len(shown) == 2
        for entry in shown:
            seat = entry["seat"]
            used = [e.card for e in game.events if isinstance(e, E.OnceUsed) and e.seat == seat]
            assert entry["used"] == used
            assert not set(used) & set(game.state.players[seat].privileges)
        assert page.b.errors() == []
        some_used = any(entry["used"] for entry in shown)
        if some_used:
            break
    assert some_used
    assert page.b.errors() == []

"""The board on a 375 px phone (issue #56): while the page scrolls, the top
bar (whose turn, the score track) and the prompt with its choices stay in the
viewport; "Go to your choices" brings the place of the decision into view below
the prompt; the other players' panels are folded and unfold with a tap."""

from __future__ import annotations

from selenium.webdriver.common.by import By

from .page import BoardPage

PHONE = 375
_BOX = "const r = document.querySelector(arguments[0]).getBoundingClientRect(); return [r.top, r.bottom, r.height];"


def _in_view(b, css: str) -> bool:
    top, bottom, height = b.js(_BOX, css)
    return height > 0 and top >= 0 and bottom <= b.js("return innerHeight")


def test_the_prompt_and_its_choices_stay_in_reach_at_375_px(server, windows):
    b = windows[0]
    b.size(PHONE, 740)
    made = server.create(
        [{"kind": "person", "name": "Ann"}] + [{"kind": "bot", "bot": "random"}] * 5, seed=37, cards="expansion"
    )
    ann = BoardPage(b, made["seats"][0]["link"]).open()
    b.wait(ann.ready_to_choose, 30, "Ann's turn")
    assert b.js("return document.documentElement.scrollHeight") > 2 * b.js("return innerHeight")
    for y in (600, 1500, 100000):
        b.js("window.scrollTo(0, arguments[0])", y)
        assert b.js("return window.scrollY") > 300
        for css in (".top", "#score-track", "#prompt", "#prompt .your-turn", "#jump"):
            assert _in_view(b, css), f"{css} left the viewport at scrollY={b.js('return window.scrollY')}"
    # the jump brings the first choice into view, below the sticky prompt
    b.driver.find_element(By.ID, "jump").click()
    prompt_bottom = b.js(_BOX, "#prompt")[1]
    top, bottom, _ = b.js(_BOX, "main .can")
    assert prompt_bottom <= top and bottom <= b.js("return innerHeight")
    # the other seats are folded to their headings; a tap unfolds one
    assert b.js("return document.querySelectorAll('main .player.folded').length") == 5
    assert not b.js("return document.querySelector('main .player.you').classList.contains('folded')")
    b.js("document.querySelector('main .player.seat-3 .fold').scrollIntoView({block: 'center'})")
    b.driver.find_element(By.CSS_SELECTOR, "main .player.seat-3 .fold").click()
    assert not b.js("return document.querySelector('main .player.seat-3').classList.contains('folded')")
    assert b.errors() == []

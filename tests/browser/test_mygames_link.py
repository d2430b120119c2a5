"""A private my-games link (issue #56): Ann's board adds her seat to her link;
a second browser profile (another device) opens the link and finds the game
in its "Your games", plays it as Ann; once revoked the link finds nothing."""

from __future__ import annotations

from selenium.webdriver.common.by import By

from .chrome import Browser
from .page import BoardPage


def _your_games(b: Browser, url: str) -> None:
    b.get(url)
    b.wait(lambda: b.js("return document.getElementById('your-games').dataset.checked"), 30, "Your games")


def test_another_device_finds_the_game_through_the_link_until_it_is_revoked(server, windows, tmp_path):
    made = server.create([{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}], seed=5)
    ann = BoardPage(windows[0], made["seats"][0]["link"]).open()
    ann.b.js("localStorage.removeItem('pillars-mine-token')")
    ann.b.driver.find_element(By.ID, "mygames-add").click()
    link = ann.b.wait(
        lambda: ann.b.js("const e = document.getElementById('mygames-link'); return e && e.value"),
        20,
        "the my-games link",
    )
    assert link.startswith(server.url + "/#mine=")
    other = Browser(profile=tmp_path / "other-device")
    try:
        _your_games(other, link)
        assert "Added 1 game" in other.js("return document.getElementById('mine-imported').textContent")
        entry = other.js(
            "const e = document.querySelector(`#your-games li[data-game='${arguments[0]}']`);"
            "return e ? e.textContent : null;",
            made["game"],
        )
        assert entry and "You play Ann" in entry
        other.driver.find_element(By.CSS_SELECTOR, f"#your-games li[data-game='{made['game']}'] .actions a").click()
        other.wait(
            lambda: other.js("return window.pillarsBoard && window.pillarsBoard.record.seat") == 0,
            30,
            "the board as Ann",
        )
        # revoked on the first device: the link opens nothing on a third look
        ann.b.driver.find_element(By.ID, "mygames-revoke").click()
        ann.b.wait(lambda: ann.b.driver.find_elements(By.ID, "mygames-revoked"), 20, "the revocation")
        other.js("localStorage.clear()")
        _your_games(other, link.replace("#mine=", "?again#mine="))
        assert "revoked" in other.js("return document.getElementById('mine-imported').textContent")
        assert not other.js(
            "return document.querySelector(`#your-games li[data-game='${arguments[0]}']`)", made["game"]
        )
        assert other.errors() == [] or all("/api/mygames" in e for e in other.errors())
    finally:
        other.quit()
    assert ann.b.errors() == []

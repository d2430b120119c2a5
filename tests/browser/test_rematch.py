"""Rematch (issue #38): at the end one click makes a new game with the same
seats (rotated), card set and options, and every connected player is offered
its own link; a second click makes no second game but a new link for the
clicker's own seat (hardening round 5: no page is given another seat's link)."""

from __future__ import annotations

import sqlite3
from urllib.parse import parse_qs, urlsplit

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By

from pillars_rules.web.registry import SQLiteRegistry

from .page import BoardPage


def _click(b, element_id: str) -> bool:
    """Click the element; False when the board was redrawn under the click (look again)."""
    try:
        b.driver.find_element(By.ID, element_id).click()
        return True
    except StaleElementReferenceException:
        return False


ANN_AND_BEN = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Ben"}, {"kind": "bot", "bot": "random"}]


def _record(server, game_id: str):
    registry = SQLiteRegistry(str(server.db))
    try:
        return registry.get(game_id)
    finally:
        registry.close()


def test_a_rematch_rotates_the_seats_keeps_the_options_and_offers_each_player_its_link(server, windows):
    # nobody comes: the takeover bots play the whole game at once
    made = server.create(
        ANN_AND_BEN,
        seed=61,
        variants=["dm"],
        takeover={"bot": "random", "grace": 0},
        clock={"kind": "game", "seconds": 86400, "bot": "easy"},
        reveal=True,
    )
    ann_b, ben_b = windows
    ann_b.wait(lambda: server.game(made["game"]).is_over, 120, "the bots to finish the game")
    ann = BoardPage(ann_b, made["seats"][0]["link"]).open()
    ben = BoardPage(ben_b, made["seats"][1]["link"]).open()
    for p in (ann, ben):
        p.b.wait(lambda p=p: p.state()["over"], 20, "the final scores")
    assert ben_b.driver.find_elements(By.ID, "rematch")
    ann_b.driver.find_element(By.ID, "rematch").click()
    href = "const a = document.getElementById(arguments[0]); return a ? a.href : null;"
    mine = ann_b.wait(lambda: ann_b.js(href, "rematch-link"), 20, "Ann's new link")
    theirs = ben_b.wait(lambda: ben_b.js(href, "rematch-link"), 20, "Ben's new link")
    assert "Ann asked for a rematch" in ben.text(".rematch")
    assert ann_b.js(href, "rematch-links") is None  # no other seat's link: each seat gets its own
    assert "Rematch made" in ann.text(".rematch")
    new_id = parse_qs(urlsplit(mine).fragment)["game"][0]
    assert new_id == parse_qs(urlsplit(theirs).fragment)["game"][0] != made["game"]
    old, new = _record(server, made["game"]), _record(server, new_id)
    assert [s.name for s in new.seats][::2] == ["Ben", "Ann"]
    assert [s.kind for s in new.seats] == ["person", "bot", "person"]
    assert (new.cards, new.variants, new.takeover, new.clock, new.reveal) == (
        old.cards,
        old.variants,
        old.takeover,
        old.clock,
        True,
    )
    # each link is its player's seat in the new game
    ben2 = BoardPage(ben_b, theirs).open()
    assert ben2.text(".who-name") == "You are Ben" and ben2.state()["seat"] == 0
    ann2 = BoardPage(ann_b, mine).open()
    assert ann2.text(".who-name") == "You are Ann" and ann2.state()["seat"] == 2
    # one rematch per game: a second click gives the clicker a new link to its own seat
    ann = BoardPage(ann_b, made["seats"][0]["link"]).open()
    ann_b.wait(lambda: ann.state()["over"], 20, "the old game again")
    ann_b.wait(lambda: _click(ann_b, "rematch"), 20, "the rematch button (the board redraws under a click)")
    again = ann_b.wait(lambda: ann_b.js(href, "rematch-link"), 20, "Ann's link again")
    assert parse_qs(urlsplit(again).fragment)["game"][0] == new_id and again != mine
    with sqlite3.connect(server.db) as db:
        assert db.execute("SELECT count(*) FROM server_games").fetchone()[0] == 2
    assert ann_b.errors() == [] and ben_b.errors() == []

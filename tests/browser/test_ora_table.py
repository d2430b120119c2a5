"""An Ora et Labora table in Chromium against the real server (issue #59): the seat's link
opens the Ora board (web/static/js/ora/table.js), every move a click, the server's bot playing
the other seat; a spectator's link shows the same table with nothing to choose."""

from __future__ import annotations

import json
import random
import urllib.request

from selenium.common.exceptions import ElementClickInterceptedException, StaleElementReferenceException
from selenium.webdriver.common.by import By

ORA = "ora-et-labora"
#: Whether the page has drawn the server's latest message for this seat and waits for nothing.
_SETTLED = """
const t = window.pillarsBoard && window.pillarsBoard.ora;
return t && t.last ? [t.decision, t.sent, !!t.last.result, t.refusal && t.refusal.code] : null;
"""


def _create(server, doc: dict) -> dict:
    req = urllib.request.Request(
        f"{server.url}/games",
        data=json.dumps({"game": ORA, **doc}).encode(),
        method="POST",
        headers={"content-type": "application/json", "origin": server.url},
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def _targets(b):
    """What may be clicked now: a menu's ways, or the armed squares, the bar's buttons and the uses' summaries."""
    menu = b.driver.find_elements(By.CSS_SELECTOR, "#ora-menu .ora-choice")
    if menu:
        return menu
    return b.driver.find_elements(
        By.CSS_SELECTOR, ".ora-square.can, .ora-bar .choice, .ora-use[open] .ora-choice, .ora-use:not([open]) summary"
    )


def _play_to_the_end(b, server, game_id: str, seat: int, seed: int) -> int:
    """Click random choices of the seat's board until the game is over; the clicks that sent a move."""
    rng = random.Random(seed)
    sent = 0
    for _ in range(6000):
        state = b.wait(lambda: b.js(_SETTLED), 60, "the Ora board")
        decision, waiting, over, refused = state
        assert refused is None, f"the server refused a choice the board offered: {refused}"
        if over:
            return sent
        if waiting is not None:  # an answer is on its way: wait for the server's update
            b.wait(lambda d=decision: (s := b.js(_SETTLED)) and (s[0] != d or s[1] is None or s[2]), 60, "an update")
            continue
        targets = _targets(b)
        if not targets:  # the bot's turn (or the neutral player's): wait for the table to move on
            b.wait(lambda d=decision: (s := b.js(_SETTLED)) and (s[0] != d or s[2] or _targets(b)), 60, "a move")
            continue
        before = b.js("return window.pillarsBoard.ora.sent")
        try:
            el = rng.choice(targets)
            b.js("arguments[0].scrollIntoView({block: 'center'})", el)
            el.click()
        except (StaleElementReferenceException, ElementClickInterceptedException):
            continue
        if before is None and b.js("return window.pillarsBoard.ora.sent") is not None:
            sent += 1
    raise AssertionError(f"the game {game_id} did not end in 6000 clicks")


def test_a_whole_two_player_ora_game_clicked_against_the_server_s_bot(server, windows):
    made = _create(
        server,
        {"seed": 5, "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic", "name": "Bot"}]},
    )
    b, watcher = windows
    b.get(made["seats"][0]["link"])
    watcher.get(made["spectator"])
    sent = _play_to_the_end(b, server, made["game"], 0, 5)
    game = server.game(made["game"])
    # seat 0 is a person's: each of its decisions in the stored game was a click on this page
    mine = sum(1 for e in game.events if type(e).__name__ == "Turn" and e.seat == 0)
    assert game.is_over and sent > 0 and mine > 50
    ask = b.js("return document.querySelector('.ora-ask').textContent")
    assert "The game is over" in ask and f"Ann {game.scores()[0]}" in ask
    # the spectator followed the same table to its end, with nothing to choose
    watcher.wait(lambda: (s := watcher.js(_SETTLED)) and s[2], 60, "the spectator's last update")
    assert watcher.js("return window.pillarsBoard.ora.decision") == b.js("return window.pillarsBoard.ora.decision")
    assert watcher.driver.find_elements(By.CSS_SELECTOR, ".ora-square.can, .ora-bar .choice") == []
    assert b.errors() == [] and watcher.errors() == []


def test_a_whole_solo_ora_game_clicked_on_the_server(server, windows):
    made = _create(server, {"seed": 3, "seats": [{"kind": "person", "name": "Ann"}]})
    b = windows[0]
    b.get(made["seats"][0]["link"])
    sent = _play_to_the_end(b, server, made["game"], 0, 3)
    game = server.game(made["game"])
    mine = sum(1 for e in game.events if type(e).__name__ == "Turn" and e.seat == 0)
    assert game.is_over and sent > 0 and mine > 50
    assert f"Ann {game.scores()[0]}" in b.js("return document.querySelector('.ora-ask').textContent")
    assert b.errors() == []

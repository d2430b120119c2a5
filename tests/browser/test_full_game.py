"""Two people in two browser windows and one server bot play a whole game (issue #23).

Every move of the people is a click on the board. At the end the scores the
page shows equal the engine's scores of the stored game, and the log shows
the answers the board gave by itself.
"""

from __future__ import annotations

import random

from .page import BoardPage, play


def test_two_windows_and_a_bot_play_a_whole_game_by_clicking(server, windows):
    made = server.create(
        [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Ben"}, {"kind": "bot", "bot": "random"}],
        seed=11,
    )
    pages = [BoardPage(windows[i], made["seats"][i]["link"]).open() for i in (0, 1)]
    assert pages[0].text(".who-name") == "You are Ann"
    assert pages[1].text(".who-name") == "You are Ben"
    kept = []

    def keep_all_once(page, st):
        # the start player asks to keep every drawn builder this round, once
        if st["pending"]["kind"] == "redraw" and not kept:
            page.b.driver.find_element("css selector", "#keep-all").click()
            kept.append(st["round"])
            return True
        return False

    play(pages, random.Random(11), on_turn=keep_all_once, timeout=900)
    game = server.game(made["game"])
    assert game.is_over
    engine = {seat: tuple(score) for seat, score in enumerate(game.scores())}
    for p in pages:
        p.b.wait(lambda p=p: p.text(".final"), 10, "the final scores")
        assert p.final_scores() == engine
        assert p.b.errors() == []
    notes = pages[0].b.js("return [...document.querySelectorAll('.log-lines li.auto')].map(li => li.textContent)")
    notes += pages[1].b.js("return [...document.querySelectorAll('.log-lines li.auto')].map(li => li.textContent)")
    assert any("the only possible choice" in n for n in notes)
    if kept:
        assert any("keep every drawn builder" in n for n in notes)

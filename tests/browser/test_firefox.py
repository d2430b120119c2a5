"""The board works in Firefox too (issue #23: current Chromium and Firefox, standard JS only).

Firefox ESR, headless, over WebDriver BiDi: the page connects, draws the
table, shows a choice's tip on hover, and a real mouse click on the board
makes a move the server accepts; a spectator's page draws too.
"""

from __future__ import annotations

import pytest

from .firefox import Firefox


@pytest.fixture(scope="module")
def firefox():
    fx = Firefox()
    try:
        yield fx
    finally:
        fx.quit()


STATE = (
    "window.pillarsBoard && window.pillarsBoard.record.state && window.pillarsBoard.app.status.state === 'live'"
    " && {decision: window.pillarsBoard.record.decision, mine: window.pillarsBoard.app.mine()}"
)


def test_the_board_plays_in_firefox(server, firefox):
    made = server.create(
        [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}], seed=12
    )
    firefox.get(made["seats"][0]["link"])
    st = firefox.wait(STATE)
    assert st["mine"] and st["decision"] == 1
    assert firefox.js("document.querySelector('.who-name').textContent") == "You are Ann"
    assert firefox.js("document.querySelectorAll('.map .tile').length") == 12
    # the first craftsman on offer that may be hired: its tip, then a real click
    target = ".offer .can[data-choices='1']"
    assert firefox.js(f'document.querySelectorAll("{target}").length') > 0
    firefox.hover(target)
    tip = firefox.wait("!document.getElementById('tip').hidden && document.getElementById('tip').textContent")
    assert "hire" in tip and "costs" in tip
    firefox.click(target)
    firefox.wait("window.pillarsBoard.record.decision > 1")
    assert server.game(made["game"]).decision == firefox.js("window.pillarsBoard.record.decision")
    hired = firefox.js(
        "[...document.querySelectorAll('.log-lines li')].some(li => li.textContent.startsWith('Ann hired'))"
    )
    assert hired

    # the spectator's link in the same tab changes only the fragment: the page starts afresh as it
    firefox.get(made["spectator"])
    firefox.wait("(document.querySelector('.who-name') || {}).textContent === 'Watching as a spectator'")
    firefox.wait(STATE)
    assert firefox.js("document.querySelectorAll('main .can').length") == 0

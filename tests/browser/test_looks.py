"""A look at the event deck shows on the board at once (issue #53): a person
whose fan card lets them look at and reorder the coming event cards sees
them in the event tile right after the click (no reload), in their new order
after the reorder; a spectator's board never shows them."""

from __future__ import annotations

import random

from .page import BoardPage
from .serving import ServerProcess

#: Every seat starts with it; at each round's start it offers a look, a reorder and a bury.
SEER = """craftsman seer "Seer" de "Seher" {
    round start
    at round_start: choose one: gain 1 gold | look at the next 2 events | reorder the next 3 events | bury the next event
}
"""
#: The panel's entries: where each card lies and its name.
_PANEL = """const p = document.getElementById('looked');
return p ? [...p.querySelectorAll('li')].map(li => [li.dataset.position,
  li.querySelector('.looked-where').textContent, li.querySelector('.card-name').textContent]) : null;"""

#: The kinds of the page's choices.
_KINDS = "return [...new Set(window.pillarsBoard.record.choices.map(c => c.kind))]"


def _wanting(text: str):
    return lambda labels: next((i for i, label in enumerate(labels) if text in label), None)


def _expected(game, names: dict) -> list[list[str]]:
    """The panel seat 0's view of ``game`` should show: position, where, name."""
    deck = game.view(0).state.event_deck
    out = []
    for i, card in enumerate(deck):
        if card == "?":
            continue
        where = "next" if i == 0 else ("at the bottom" if i == len(deck) - 1 else "from the top")
        out.append([str(i + 1), where, names[card]])
    return out


def _shown(page: BoardPage) -> list[list[str]] | None:
    got = page.b.js(_PANEL)
    if got is None:
        return None
    return [
        [pos, "next" if w.startswith("next") else "at the bottom" if "bottom" in w else "from the top", name]
        for pos, w, name in got
    ]


def test_a_look_and_a_reorder_show_at_once_and_not_to_a_spectator(tmp_path, windows):
    fan = tmp_path / "seers"
    fan.mkdir()
    (fan / "seer.cards").write_text(SEER, encoding="utf-8")
    server = ServerProcess(tmp_path, cards=[str(fan)]).start()
    try:
        made = server.create(
            [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}], seed=5, cards="seers"
        )
        gid = made["game"]
        page = BoardPage(windows[0], made["seats"][0]["link"]).open()
        watcher = BoardPage(windows[1], made["spectator"]).open()
        b, rng = page.b, random.Random(5)
        b.wait(page.ready_to_choose, 30, "Ann's first decision")
        assert _shown(page) is None
        names = {
            c: page.b.js("return window.pillarsBoard.record.cards[arguments[0]].name", c)
            for c in server.game(gid).state.event_deck
        }
        # Ann takes the reorder: the three cards show on her board with no reload
        b.wait(lambda: page.choose(rng, _wanting("and put them back in any order")), 10, "the reorder option")
        b.wait(lambda: _shown(page), 30, "the cards Ann looked at")
        top = [names[c] for c in server.game(gid).state.event_deck[:3]]
        assert [name for _, _, name in _shown(page)] == top
        # she puts the last on top: the panel shows the new order once her turn comes again
        b.wait(page.ready_to_choose, 30, "the order to choose")
        wanted = f"put on top: {top[2]}, then {top[0]}, then {top[1]}"
        b.wait(lambda: page.choose(rng, _wanting(wanted)), 10, "the order")
        b.wait(lambda: page.ready_to_choose() and b.js(_KINDS) != ["ChooseOption"], 60, "the draft")
        game = server.game(gid)
        b.wait(lambda: _shown(page) == _expected(game, names), 30, f"the new order: {_expected(game, names)}")
        region = b.js(
            "const p = document.getElementById('looked'); return [p.getAttribute('role'), "
            "p.getAttribute('aria-label'), p.querySelector('.note').textContent]"
        )
        assert region[:2] == ["region", "Event cards you looked at"] and "keep it to yourself" in region[2]
        # the spectator's board, live all along, never held them
        assert watcher.b.js("return document.getElementById('looked')") is None
        deck = watcher.b.js("return window.pillarsBoard.record.state.decks.event_deck")
        assert set(deck) == {"?"}
        assert b.errors() == [] and watcher.b.errors() == []
    finally:
        server.kill()

"""A draft of privileges at set-up shows in the browser (issue #53): the
privileges dealt face up are drawn on the offer as privileges, every seat
sees them, and the person's choices are labelled by the card they take."""

from __future__ import annotations

import random
from pathlib import Path

from .page import BoardPage
from .serving import ServerProcess

DRAFT = (Path(__file__).resolve().parents[2] / "examples" / "setup_ideas" / "privilege_draft.cards").read_text(
    encoding="utf-8"
)
_OFFER = """const o = document.querySelector('section.offer');
return [o.querySelector('h3').textContent, [...o.querySelectorAll('h4')].map(x => x.textContent),
  o.querySelectorAll('.cards .card, .cards > *').length]"""
_LABELS = "return window.pillarsBoard.record.choices.map(c => c.label)"


def test_the_set_up_draft_is_drawn_and_its_picks_are_labelled(tmp_path, windows):
    fan = tmp_path / "drafting"
    fan.mkdir()
    (fan / "board.cards").write_text(DRAFT, encoding="utf-8")
    server = ServerProcess(tmp_path, cards=[str(fan)]).start()
    try:
        made = server.create(
            [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}], seed=5, cards="drafting"
        )
        gid = made["game"]
        page = BoardPage(windows[0], made["seats"][0]["link"]).open()
        watcher = BoardPage(windows[1], made["spectator"]).open()
        b = page.b
        st = b.wait(page.ready_to_choose, 30, "Ann's pick")
        assert st["stage"] == "setup"
        game = server.game(gid)
        names = [b.js("return window.pillarsBoard.record.cards[arguments[0]].name", c) for c in game.state.display]
        assert len(names) == 6
        head, groups, faces = b.js(_OFFER)
        assert head == "On offer (set-up draft)" and groups == ["Privileges (each player in turn takes one)"]
        assert faces >= 6
        assert b.js(_LABELS) == [f"draft {n} (Privilege draft)" for n in names]
        assert watcher.b.wait(lambda: watcher.b.js(_OFFER)[0] == "On offer (set-up draft)", 30, "the spectator's offer")
        b.wait(lambda: page.choose(random.Random(1), lambda labels: len(labels) - 1), 10, "the last privilege")
        b.wait(lambda: (s := page.ready_to_choose()) and s["stage"] == "draft", 30, "the first round's draft")
        taken = server.game(gid).state.players[0].privileges
        assert taken or any(type(e).__name__ == "OnceUsed" and e.seat == 0 for e in server.game(gid).events)
        assert b.errors() == [] and watcher.b.errors() == []
    finally:
        server.kill()

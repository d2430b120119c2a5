"""The browser draws the board the game has (issue #35): a fan board's new
place appears in Phase III order with its spots and what they give, the steps
after it are numbered on, and its name is shown as the characters it is."""

from __future__ import annotations

import random

from .page import BoardPage, play
from .serving import ServerProcess

WELL_NAME = "Village <b>well</b>"
WELL = f'''place well "{WELL_NAME}" de "Dorfbrunnen" {{
    called "the village well"
    after priory
    spots 2
    spot 1: gain 2 gold
}}
'''


def test_a_fan_place_is_drawn_in_phase_iii_order(tmp_path, windows):
    fan = tmp_path / "well"
    fan.mkdir()
    (fan / "board.cards").write_text(WELL, encoding="utf-8")
    server = ServerProcess(tmp_path, cards=[str(fan)]).start()
    try:
        made = server.create(
            [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}], seed=5, cards="well"
        )
        page = BoardPage(windows[0], made["seats"][0]["link"]).open()
        b = page.b
        b.wait(page.ready_to_choose, 30, "this seat's turn")
        tiles = b.js("""return [...document.querySelectorAll('.map .tile')].map(t => [
            t.dataset.target, t.querySelector('.step-no').textContent, t.querySelector('h3').textContent,
            [...t.querySelectorAll('.spot .gives')].map(g => g.textContent)])""")
        ids = [t[0] for t in tiles]
        assert ids[:6] == [
            "place:event",
            "place:bishop",
            "place:wool_mill",
            "place:kingsbridge",
            "place:priory",
            "place:well",
        ]
        well = tiles[5]
        assert well[1:] == ["6", WELL_NAME, ["+2 gold"]]  # the name as text, never markup
        assert tiles[6][:2] == ["place:sites", "7-9"] and tiles[6][2] == "Forest, quarry, sand pit"
        assert tiles[7][:2] == ["place:kings_court", "10"] and tiles[-1][:2] == ["place:start_player", "15"]
        assert b.js("return document.querySelectorAll('.map b').length") == 0
        # placing there works from the board: its spots are targets of the choices
        play([page], random.Random(5), until=lambda: (st := page.ready_to_choose()) and st["stage"] == "builders")
        assert b.js("return document.querySelectorAll(\"[data-target^='spot:well:']\").length") == 2
        assert b.errors() == []
    finally:
        server.kill()


FAIR = """place fair "Cloth fair" de "Tuchmesse" {
    called "the cloth fair"
    after priory
    spots 1
    step market
    stock 1 wood, 3 stone
    buying wood 5, stone 1
    selling metal 9
}
"""


def test_a_second_market_is_drawn_with_its_own_prices_and_stock(tmp_path, windows):
    fan = tmp_path / "fair"
    fan.mkdir()
    (fan / "board.cards").write_text(FAIR, encoding="utf-8")
    server = ServerProcess(tmp_path, cards=[str(fan)]).start()
    try:
        made = server.create(
            [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}], seed=5, cards="fair"
        )
        page = BoardPage(windows[0], made["seats"][0]["link"]).open()
        b = page.b
        b.wait(page.ready_to_choose, 30, "this seat's turn")
        stock = """return [...document.querySelectorAll("[data-target='place:%s'] .stock-cube")].map(c =>
            [...c.querySelectorAll('span')].map(s => s.textContent))"""
        assert b.js(stock % "fair") == [
            ["wood", "1 for sale", "5 gold each"],
            ["stone", "3 for sale", "1 gold each"],
            ["metal", "sell only", "9 gold each"],
        ]
        assert b.js(stock % "market") == [
            ["wood", "4 for sale", "3 gold each"],
            ["stone", "4 for sale", "4 gold each"],
            ["sand", "4 for sale", "2 gold each"],
            ["metal", "sell only", "5 gold each"],
        ]
        assert b.errors() == []
    finally:
        server.kill()

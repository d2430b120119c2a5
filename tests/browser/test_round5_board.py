"""The board's fixes of issue #54 ("Hardening, round 5"), in Chromium: the
Crusades tile lists only crusade cards, the replay shows the decks once asked,
the Tax collector's and the Harbour's spots say what they give."""

from __future__ import annotations

import random

from selenium.webdriver.common.by import By

import pillars_rules as pr

from .page import BoardPage, play

ANN_AND_A_BOT = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
TWO_BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]

#: The map the page draws from its live model, Ann holding a forest card and a crusade card:
#: each tile's name and the names of the cards listed on it.
_HELD_BY_TILE = """
return import('/static/js/board.js').then(m => {
  const model = window.pillarsBoard.record.model();
  model.state = {...model.state, players: model.state.players.map((p, i) =>
    ({...p, resource_cards: i === 0 ? ['forest_2', 'crusade_1a'] : []}))};
  return [...m.drawMap(model).querySelectorAll('section.tile')].map(t =>
    [t.getAttribute('aria-label'), [...t.querySelectorAll('.held-name')].map(e => e.textContent)]);
});"""


def test_the_crusades_tile_lists_only_crusade_cards(server, windows):
    made = server.create(ANN_AND_A_BOT, seed=5, cards="expansion")
    b = windows[0]
    BoardPage(b, made["seats"][0]["link"]).open()
    tiles = dict((name, held) for name, held in b.js(_HELD_BY_TILE))
    crusades = tiles["The Crusades"]
    assert len(crusades) == 1 and crusades[0].startswith("Crusade"), tiles
    sites = [held for name, held in tiles.items() if name.startswith("Forest")]
    assert len(sites) == 1 and len(sites[0]) == 1 and sites[0][0].startswith("Forest"), tiles
    assert b.errors() == []


def test_the_replay_shows_the_decks_nobody_knew(server, windows):
    made = server.create(TWO_BOTS, seed=41, reveal=True)
    b = windows[0]
    watch = BoardPage(b, made["spectator"]).open()
    b.wait(lambda: watch.state()["over"], 120, "the bots' game to end")
    b.driver.find_element(By.ID, "replay-link").click()
    b.wait(lambda: b.js("return window.pillarsReplay && window.pillarsReplay.state && window.pillarsReplay.n"),
           30, "the replay")
    assert b.driver.find_elements(By.ID, "decks") == []  # not before it is asked for
    b.driver.find_element(By.ID, "secrets").click()
    b.wait(lambda: b.js("return window.pillarsReplay.shownSecrets && !!document.getElementById('decks')"),
           10, "the decks")
    game = server.game(made["game"])
    first = next(i for i, e in enumerate(game.events) if isinstance(e, pr.events.DecisionPending))
    decks = game.state_at(first).decks
    names = b.js("return window.pillarsReplay.doc.catalogue")
    shown = b.driver.find_element(By.ID, "decks")
    coming = shown.find_element(By.CSS_SELECTOR, ".coming-events").text
    assert coming == "Events to come: " + ", ".join(names[c]["name"] for c in decks.event_deck)
    later = [li.text for li in shown.find_elements(By.CSS_SELECTOR, ".later-craftsmen")]
    assert later == [f"Craftsmen of round {r}: " + ", ".join(names[c]["name"] for c in deck)
                     for r, deck in enumerate(decks.craftsman_decks, 1) if r > game.state_at(first).round]
    assert len(later) == 5 and "?" not in shown.text
    assert b.errors() == []


def test_the_tax_collector_and_the_harbour_say_what_they_give(server, windows):
    made = server.create(ANN_AND_A_BOT, seed=5, cards="expansion")
    b = windows[0]
    page = BoardPage(b, made["seats"][0]["link"]).open()
    placing = lambda: (st := page.state()) and st["mine"] and st["pending"]["kind"] == "place"  # noqa: E731
    play([page], random.Random(5), until=placing, timeout=300)
    labels = b.js("return window.pillarsBoard.record.choices.map(c => c.label)")
    collector = [x for x in labels if "Tax collector" in x]
    assert collector and all("(no tax this round; the tax roll in gold)" in x for x in collector), labels
    harbour = [x for x in labels if "Harbour" in x]
    assert harbour and all("the market's price + 1" in x for x in harbour), labels
    tile = b.driver.find_element(By.CSS_SELECTOR, "[data-target='place:harbour']").text
    assert "buys sand for 3, wood for 4, stone for 5 gold: the market's price + 1" in tile
    assert b.errors() == []

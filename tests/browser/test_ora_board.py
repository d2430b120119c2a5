"""The Ora et Labora board in Chromium (issue #59), without the game server: the harness page
draws frames that Python made from seeded games (``ora_harness.py``), and plays a game held by
Python, every move a click on the board."""

from __future__ import annotations

import json
import random

import pytest
from selenium.common.exceptions import ElementClickInterceptedException, StaleElementReferenceException
from selenium.webdriver.common.by import By

from .ora_harness import HarnessServer, document, kinds

#: Each seat's squares as the page draws them: [seat, [[x, y, terrain, card, cover, clergy marks], ...]].
_SQUARES = """
return [...document.querySelectorAll('.ora-grid')].map(g => [Number(g.dataset.seat),
  [...g.querySelectorAll('.ora-square:not(.ghost)')].map(s => [Number(s.dataset.x), Number(s.dataset.y),
    s.dataset.terrain, s.dataset.card || null, s.dataset.cover || null,
    [...s.querySelectorAll('.ora-clergy')].map(c => [Number(c.dataset.seat), c.dataset.kind])])]);
"""
#: Each choice button of the prompt: [label, what it gives, what it costs].
_EFFECTS = """
return [...document.querySelectorAll('#ora-prompt .ora-choice')].map(c => [c.querySelector('.choice-label').textContent,
  [...c.querySelectorAll('.gives')].map(g => g.textContent), [...c.querySelectorAll('.costs')].map(g => g.textContent)]);
"""
_BOX = "const r = document.querySelector(arguments[0]).getBoundingClientRect(); return [r.top, r.bottom, r.height];"


@pytest.fixture
def harness():
    server = HarnessServer().start()
    try:
        yield server
    finally:
        server.stop()


def _open(b, harness, doc: str, i: int) -> None:
    b.get(f"{harness.url}/static/ora-harness.html?doc=/fixture/{doc}.json&frame={i}")
    b.wait(lambda: b.js("return window.oraHarness && (window.oraHarness.ready || window.oraHarness.error)"), 30)
    assert b.js("return window.oraHarness.error") is None


def _on_grid(choice: dict) -> bool:
    a = choice["action"]
    return a["type"] in ("Build", "Settle", "Buy", "Clear") or (a["type"] == "Fell" and not a["none"])


def _drawn(b) -> list:
    return [[n, sorted(squares)] for n, squares in b.js(_SQUARES)]


def _show(b, i: int) -> None:
    b.js("window.oraHarness.show(arguments[0])", i)


def _expected(view) -> list:
    return [
        [
            n,
            sorted(
                [s["x"], s["y"], s["terrain"], s["card"], s["cover"], [[c["seat"], c["kind"]] for c in s["clergy"]]]
                for s in seat["landscape"]
            ),
        ]
        for n, seat in enumerate(view["seats"])
    ]


def _first(harness, name: str, kind: str) -> dict:
    """The first frame of the 2-player game of seed 1 that lists a ``kind`` action, served as ``name``."""
    harness.docs[name] = document(2, 1, lambda f: kind in kinds(f), most=1)
    return harness.docs[name]["frames"][0]


def _click(b, el) -> None:
    b.js("arguments[0].scrollIntoView({block: 'center'})", el)
    el.click()


def _square(b, seat: int, x: int, y: int):
    return b.driver.find_element(By.CSS_SELECTOR, f'.ora-square[data-seat="{seat}"][data-x="{x}"][data-y="{y}"]')


def test_every_seat_s_landscape_wheel_offer_and_goods_are_drawn_as_the_view_says(harness, windows):
    b = windows[0]
    # 2 players, the moments a building may be built; solo, the neutral player's building steps
    harness.docs["two"] = document(2, 1, lambda f: "Build" in kinds(f) and f["view"]["round"] >= 3, most=4)
    harness.docs["solo"] = document(1, 1, lambda f: f["view"]["pending"]["kind"] == "neutral build", most=3)
    placed = 0
    for name in ("two", "solo"):
        frames = harness.docs[name]["frames"]
        assert len(frames) >= 3
        _open(b, harness, name, 0)
        for i, f in enumerate(frames):
            _show(b, i)
            view = f["view"]
            assert _drawn(b) == _expected(view), f"{name} frame {i}"
            placed += sum(len(s["clergy"]) for seat in view["seats"] for s in seat["landscape"])
            wheel = b.js(
                "return [...document.querySelectorAll('.ora-token')].map(t => [t.dataset.good, Number(t.dataset.value)])"
            )
            assert dict(wheel) == view["wheel"] and "joker" in dict(wheel)
            shown = b.js(
                "return [...document.querySelectorAll('.ora-card')].map(c => [c.closest('.ora-deck').dataset.deck, c.dataset.card])"
            )
            assert sorted(c for _, c in shown) == sorted(view["display"])
            for n, seat in enumerate(view["seats"]):
                goods = b.js(
                    "return [...document.querySelectorAll(`.ora-seat[data-seat='${arguments[0]}'] .ora-goods li[data-good]`)]"
                    ".map(li => [li.dataset.good, Number(li.dataset.count)])",
                    n,
                )
                assert dict(goods) == {g: k for g, k in seat["goods"].items() if k > 0}
                total = b.js(
                    "return document.querySelector(`.ora-seat[data-seat='${arguments[0]}'] .ora-score`).dataset.total",
                    n,
                )
                assert int(total) == sum(seat["score"].values())
            # every choice says what it gives and costs, read from its label: a use's "give" and "take",
            # a contract's fee, a building's cost from its card
            buttons = b.js(_EFFECTS)
            assert len(buttons) == len(
                {json.dumps(c["action"], sort_keys=True) for c in f["choices"] if not _on_grid(c)}
            )
            for label, gives, costs in buttons:
                assert ("; take " in label or ": take " in label) <= bool(gives), label
                assert (": give " in label or label.startswith("contract ")) <= bool(costs), label
            ask = b.js("return document.querySelector('.ora-ask').textContent")
            assert ask.startswith("Your turn") and view["seats"][view["pending"]["seat"]]["name"] in b.js(
                "return document.querySelector('.ora-seat.turn h3').textContent"
            )
    assert placed > 0, "no frame had a clergyman standing on a building: the marks went untested"
    assert b.errors() == []


def test_a_square_with_a_legal_placement_answers_with_exactly_it_and_another_says_why_not(harness, windows):
    b, f = windows[0], _first(harness, "two", "Build")
    seat = f["seat"]
    build = next(c["action"] for c in f["choices"] if c["action"]["type"] == "Build")
    _open(b, harness, "two", 0)
    # choose the building on offer, then its square: exactly that action is sent
    _click(b, b.driver.find_element(By.CSS_SELECTOR, f'.ora-card[data-card="{build["card"]}"]'))
    assert b.js("return document.querySelectorAll('.ora-square.can').length") == sum(
        1 for c in f["choices"] if c["action"]["type"] == "Build" and c["action"]["card"] == build["card"]
    )
    # a square where it may not go: a building stands there; nothing is sent, the page says why
    mine = f["view"]["seats"][seat]["landscape"]
    occupied = next(s for s in mine if s["card"])
    _click(b, _square(b, seat, occupied["x"], occupied["y"]))
    assert b.js("return window.oraHarness.chosen") == []
    why = b.js("return document.getElementById('ora-why').textContent")
    assert "stands at" in why and f"({occupied['x']}, {occupied['y']})" in why
    # ... and the building's own uses (a clergyman placed on it) open in the prompt
    key = f"{seat}/{occupied['card']}"
    assert any(c["action"].get("key") == key for c in f["choices"])
    assert b.js("return document.querySelector(`.ora-use[data-key='${arguments[0]}']`).open", key) is True
    assert "To use" in why
    covered = next(s for s in mine if s["cover"] == "forest")
    _click(b, _square(b, seat, covered["x"], covered["y"]))
    assert "Forest covers" in b.js("return document.getElementById('ora-why').textContent")
    other = 1 - seat
    _click(b, _square(b, other, 3, 0))
    assert "this decision places on" in b.js("return document.getElementById('ora-why').textContent")
    assert b.js("return window.oraHarness.chosen") == []
    _click(b, _square(b, seat, build["x"], build["y"]))
    assert b.js("return window.oraHarness.chosen") == [build]
    assert b.errors() == []


def test_a_square_with_several_ways_offers_them_and_answers_with_the_one_picked(harness, windows):
    def several(f: dict) -> bool:  # a settlement that may be paid for in more than one way on one square
        ways = [
            (c["action"]["x"], c["action"]["y"], c["action"]["card"])
            for c in f["choices"]
            if c["action"]["type"] == "Settle"
        ]
        return len(ways) > len(set(ways))

    harness.docs["settle"] = document(2, 1, several, most=1)
    b, f = windows[0], harness.docs["settle"]["frames"][0]
    seat = f["seat"]
    by_square: dict[tuple[int, int, str], list] = {}  # the ways of one settlement on one square
    for c in f["choices"]:
        if c["action"]["type"] == "Settle":
            by_square.setdefault((c["action"]["x"], c["action"]["y"], c["action"]["card"]), []).append(c)
    (x, y, card), ways = max(by_square.items(), key=lambda kv: len(kv[1]))
    assert len(ways) > 1
    _open(b, harness, "settle", 0)
    _click(b, b.driver.find_element(By.CSS_SELECTOR, f'.ora-subject[data-subject="Settle:{card}"]'))
    _click(b, _square(b, seat, x, y))
    items = b.driver.find_elements(By.CSS_SELECTOR, "#ora-menu .ora-choice")
    wanted = [c for c in ways if c["action"]["card"] == card]
    assert [i.find_element(By.CSS_SELECTOR, ".choice-label").text for i in items] == [c["label"] for c in wanted]
    assert all("costs" in i.text for i in items)  # each way says what it pays
    _click(b, items[-1])
    assert b.js("return window.oraHarness.chosen") == [wanted[-1]["action"]]


def _targets(b):
    """What may be clicked now: a menu's ways, or the armed squares, the bar's buttons and the uses' summaries."""
    menu = b.driver.find_elements(By.CSS_SELECTOR, "#ora-menu .ora-choice")
    if menu:
        return menu
    return b.driver.find_elements(
        By.CSS_SELECTOR, ".ora-square.can, .ora-bar .choice, .ora-use[open] .ora-choice, .ora-use:not([open]) summary"
    )


def test_a_whole_solo_game_played_by_clicking_the_board(harness, windows):
    import pillars_rules as pr

    b = windows[0]
    harness.game = pr.new_game(game="ora-et-labora", players=1, seed=3)
    b.get(f"{harness.url}/static/ora-harness.html?live=/live/")
    rng = random.Random(3)
    clicks = 0
    while not harness.game.state.game_over:
        assert clicks < 5000, "the game did not end"
        # every choice sent has been answered and drawn (a click that opened a menu or a list sent none)
        b.wait(
            lambda: b.js("const o = window.oraHarness; return o.ready && (o.error || o.moves === o.chosen.length)"), 30
        )
        assert b.js("return window.oraHarness.error") is None
        assert b.js("return window.oraHarness.decision") == harness.game.state.decision
        if harness.game.state.game_over:  # the last click's answer ended it
            break
        targets = _targets(b)
        assert targets, (
            f"nothing to click at decision {harness.game.state.decision}: {harness.live_frame()['choices'][:5]}"
        )
        try:
            _click(b, rng.choice(targets))
        except (StaleElementReferenceException, ElementClickInterceptedException):
            continue
        clicks += 1
    b.wait(lambda: "The game is over" in b.js("return document.querySelector('.ora-ask').textContent"), 30)
    assert harness.applied == len(b.js("return window.oraHarness.chosen")) > 100
    final = harness.game.scores()[0]
    assert f"{harness.game.state.names[0]} {final}" in b.js("return document.querySelector('.ora-ask').textContent")
    assert b.errors() == []


def _in_view(b, css: str) -> bool:
    top, bottom, height = b.js(_BOX, css)
    return height > 0 and top >= 0 and bottom <= b.js("return innerHeight")


def test_at_375_px_the_prompt_stays_in_reach_and_says_why_not(harness, windows):
    b = windows[0]
    b.size(375, 740)
    harness.docs["two"] = document(2, 1, lambda f: "Build" in kinds(f) and f["view"]["round"] >= 3, most=1)
    f = harness.docs["two"]["frames"][0]
    _open(b, harness, "two", 0)
    assert b.js("return document.documentElement.scrollHeight") > b.js("return innerHeight") + 600
    assert b.js("return document.documentElement.scrollWidth") <= 375  # no sideways scrolling of the page
    for y in (600, 1500, 100000):
        b.js("window.scrollTo(0, arguments[0])", y)
        assert b.js("return window.scrollY") > 300
        assert _in_view(b, "#ora-prompt") and _in_view(b, "#ora-prompt .ora-ask")
    # the seat to decide comes first, below the prompt; a click far down still shows its answer in reach
    assert b.js("return document.querySelector('.ora-seat.turn').getBoundingClientRect().top") < b.js(
        "return document.querySelector('.ora-offer').getBoundingClientRect().top"
    )
    other = 1 - f["seat"]
    _click(b, _square(b, other, 0, 0))
    assert _in_view(b, "#ora-why") and "this decision places on" in b.js(
        "return document.getElementById('ora-why').textContent"
    )
    assert b.errors() == []


def test_a_spectator_sees_the_table_and_whose_turn_it_is_and_can_choose_nothing(harness, windows):
    b, f = windows[0], _first(harness, "two", "Build")
    b.get(f"{harness.url}/static/ora-harness.html?doc=/fixture/two.json&frame=0&as=spectator")
    b.wait(lambda: b.js("return window.oraHarness && window.oraHarness.ready"), 30, "the harness")
    assert _drawn(b) == _expected(f["view"])
    name = f["view"]["seats"][f["seat"]]["name"]
    assert b.js("return document.querySelector('.ora-ask').textContent").startswith(f"{name}'s turn")
    assert (
        b.js("return document.querySelectorAll('.ora-square.can, .ora-choice, .ora-subject, .ora-card.can').length")
        == 0
    )
    _click(b, _square(b, f["seat"], 3, 0))
    assert b.js("return window.oraHarness.chosen") == []
    assert f"You are watching: {name} decides" in b.js("return document.getElementById('ora-why').textContent")
    assert b.errors() == []


def test_a_landscape_is_bought_on_a_dashed_square_beside_the_grid(harness, windows):
    """§4.10: a bought landscape goes beside the seat's own; its spots are drawn as squares to click."""
    b, f = windows[0], _first(harness, "buy", "Buy")
    seat = f["seat"]
    buys = [c for c in f["choices"] if c["action"]["type"] == "Buy"]
    spots = {(c["action"]["x"], c["action"]["y"]) for c in buys}
    _open(b, harness, "buy", 0)
    ghosts = b.js(
        "return [...document.querySelectorAll(`.ora-grid[data-seat='${arguments[0]}'] .ora-square.ghost.can`)]"
        ".map(s => [Number(s.dataset.x), Number(s.dataset.y)])",
        seat,
    )
    assert {tuple(g) for g in ghosts} == spots and len(ghosts) == len(spots)
    assert b.js("return document.querySelectorAll('.ora-square.ghost').length") == len(spots)  # on that grid only
    by_spot = {xy: [c["action"] for c in buys if (c["action"]["x"], c["action"]["y"]) == xy] for xy in spots}
    one = next(xy for xy, ways in by_spot.items() if len(ways) == 1)
    two = next(xy for xy, ways in by_spot.items() if len(ways) > 1)  # a district's two sides
    _click(b, _square(b, seat, *two))
    items = b.driver.find_elements(By.CSS_SELECTOR, "#ora-menu .ora-choice")
    assert len(items) == len(by_spot[two]) and b.js("return window.oraHarness.chosen") == []
    _click(b, items[-1])
    assert b.js("return window.oraHarness.chosen") == [by_spot[two][-1]]
    _click(b, _square(b, seat, *one))
    assert b.js("return window.oraHarness.chosen") == [by_spot[two][-1], by_spot[one][0]]
    assert b.errors() == []

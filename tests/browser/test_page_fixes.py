"""The board's fixes of issue #38, played in the browser: the moves since your
last one beside the prompt, the place to act at scrolled whole below the sticky
prompt, the market's trades as one form (a stepper, the total price, one
confirm), the redraw prompt naming the builder's owner, "none left" under an
empty heading."""

from __future__ import annotations

import random

from selenium.webdriver.common.by import By

from .page import BoardPage, play

ANN_AND_A_BOT = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}]


def _prefer_the_market(labels):
    for i, label in enumerate(labels):
        if label.lower().startswith("place at the market"):
            return i
    return None


def test_the_prompt_shows_the_news_and_names_the_owner_and_the_market_is_one_form(server, windows):
    made = server.create(ANN_AND_A_BOT, seed=21)
    b = windows[0]
    page = BoardPage(b, made["seats"][0]["link"]).open()
    seen = {"redraw": 0, "market": 0, "since": 0, "in_view": 0, "turns": 0}

    def on_turn(p, st):
        kind = st["pending"]["kind"]
        seen["turns"] += 1
        prompt = p.text("#prompt")
        if st["decision"] > 3 and "Since your last move" in prompt:
            seen["since"] += 1
        # some place or card to act at lies whole below the sticky prompt, in the window
        if b.js("""const top = document.getElementById('prompt').getBoundingClientRect().bottom;
                   const armed = [...document.querySelectorAll('main .can')];
                   return !armed.length || armed.some(e => { const r = e.getBoundingClientRect();
                     return r.top >= top && r.bottom <= innerHeight; });"""):
            seen["in_view"] += 1
        if kind == "redraw":
            drawn = b.js("return window.pillarsBoard.record.state.builders.drawn")
            owner = (
                "your own"
                if drawn == 0
                else f"{b.js('return window.pillarsBoard.record.state.players[arguments[0]].name', drawn)}'s"
            )
            assert f"keep the drawn builder ({owner})" in prompt
            seen["redraw"] += 1
        if (
            kind == "market"
            and b.js(
                "return window.pillarsBoard.record.choices.filter(c => c.kind === 'Buy' || c.kind === 'Sell').length"
            )
            > 1
        ):
            market = b.driver.find_element(By.CSS_SELECTOR, "[data-target='place:market'].can")
            b.js("arguments[0].scrollIntoView({block: 'center'})", market)
            market.click()
            b.wait(lambda: b.js("return !document.getElementById('menu').hidden"), 5, "the market's form")
            assert len(b.driver.find_elements(By.CSS_SELECTOR, "#menu .choice")) == 1  # one confirm
            confirm = lambda: b.driver.find_element(By.CSS_SELECTOR, "#menu .trade-confirm").text  # noqa: E731
            assert confirm().startswith("Confirm: ") and " 1 " in confirm()
            total = b.driver.find_element(By.CSS_SELECTOR, "#menu .trade-total").text
            assert "gives" in total and "costs" in total
            more = b.driver.find_element(By.CSS_SELECTOR, "#menu .step[aria-label='one more']")
            n = 1
            if more.is_enabled():
                more.click()
                n = 2
                assert " 2 " in confirm() and b.driver.find_element(By.CSS_SELECTOR, "#menu .trade-n").text == "2"
            decision = st["decision"]
            b.driver.find_element(By.CSS_SELECTOR, "#menu .trade-confirm").click()
            b.wait(lambda: server.game(made["game"]).decision > decision, 20, "the trade")
            trades = [
                e for e in server.game(made["game"]).events if type(e).__name__ in ("Bought", "Sold") and e.seat == 0
            ]
            assert trades and trades[-1].n == n
            seen["market"] += 1
            return True
        return False

    play(
        [page],
        random.Random(21),
        prefer=_prefer_the_market,
        on_turn=on_turn,
        until=lambda: seen["market"] and seen["redraw"] and page.state()["round"] >= 2,
        timeout=600,
    )
    assert seen["since"] > 0 and seen["in_view"] == seen["turns"]
    # an empty heading of the offer says so (the page's own drawing, on the live model, display emptied of craftsmen)
    text = b.js("""return import('/static/js/board.js').then(m => {
        const model = window.pillarsBoard.record.model();
        model.state = {...model.state, stage: 'draft',
                       table: {...model.state.table, display: model.state.table.display.length ? model.state.table.display : ['x']}};
        model.state.table.display = model.state.table.display.filter(id => (model.cards[id] || {}).kind !== 'craftsman');
        return m.drawOffer(model).textContent; });""")
    assert "Craftsmen (pay gold to hire)none left" in text
    assert b.errors() == []

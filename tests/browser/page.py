"""The board as a player uses it: open a seat's link, read the page, click a choice.

Every move is a real click on the board -- a spot, a card, a place, a button
of the prompt bar, or an item of the menu that a place with several choices
opens -- never a message sent by the test.
"""

from __future__ import annotations

import random
import time

from selenium.common.exceptions import (
    ElementClickInterceptedException,
    ElementNotInteractableException,
    StaleElementReferenceException,
)
from selenium.webdriver.common.by import By

from .chrome import Browser

#: What the page holds, read in one call: the decision, whose turn, whether an answer is on its way.
_STATE = """
const b = window.pillarsBoard;
if (!b || !b.record.state) return null;
const r = b.record, app = b.app, s = r.state;
return {decision: r.decision, seat: r.seat, over: !!s.game_over, pending: s.pending,
        mine: !!app.mine(), sending: app.sentFor === r.decision || app.claiming === r.decision, status: app.status.state,
        round: s.round, stage: s.stage, step: s.step, events: r.events.length,
        choices: r.choices.length, menu: !document.getElementById('menu').hidden};
"""
#: Everything clickable that answers the decision: armed board elements and the bar's buttons.
TARGETS = "main .can, #prompt .bar .choice"


class BoardPage:
    """One seat's (or a spectator's) board in one browser window."""

    def __init__(self, browser: Browser, link: str) -> None:
        self.b = browser
        self.link = link
        self.last_error = ""  # why the last click did not land, if it did not

    def open(self, timeout: float = 30.0) -> BoardPage:
        self.b.get(self.link)
        self.wait_live(timeout)
        return self

    def state(self) -> dict | None:
        return self.b.js(_STATE)

    def wait_live(self, timeout: float = 30.0) -> dict:
        # a finished game's board stays connected (for a rematch's link) and says it is over
        return self.b.wait(
            lambda: (st := self.state()) and st["status"] in ("live", "over") and st,
            timeout,
            "the board to be connected and in step",
        )

    def text(self, css: str) -> str:
        return self.b.js("const e = document.querySelector(arguments[0]); return e ? e.textContent : null;", css)

    def ready_to_choose(self) -> dict | None:
        """The page's state if this seat must choose now and nothing is on its way."""
        st = self.state()
        return st if self.may_choose(st) else None

    @staticmethod
    def may_choose(st: dict | None) -> bool:
        """Whether a page in state ``st`` must choose now, with nothing on its way."""
        return bool(st and st["mine"] and not st["sending"] and not st["over"] and st["status"] == "live")

    def targets(self):
        return self.b.driver.find_elements(By.CSS_SELECTOR, TARGETS)

    def choose(self, rng: random.Random, prefer=None) -> bool:
        """Click one of the choices (a random one, or the first ``prefer(labels)`` picks);
        then, if a menu opened, one of its items. False if nothing was clickable."""
        try:
            targets = self.targets()
            if not targets:
                return False
            el = self._pick(targets, rng, prefer)
            # in the middle of the window, clear of the sticky header and prompt
            self.b.js("arguments[0].scrollIntoView({block: 'center'})", el)
            el.click()
            if self.b.js("return !document.getElementById('menu').hidden"):
                items = self.b.driver.find_elements(By.CSS_SELECTOR, "#menu .choice")
                self._pick(items, rng, prefer).click()
            return True
        except (
            StaleElementReferenceException,
            ElementClickInterceptedException,
            ElementNotInteractableException,
        ) as exc:
            self.last_error = f"{type(exc).__name__}: {str(exc)[:300]}"
            return False  # the board was redrawn under the click, or something lay over it: look again

    def _pick(self, elements, rng: random.Random, prefer):
        if prefer is not None:
            labels = [e.get_attribute("aria-label") or e.text for e in elements]
            i = prefer(labels)
            if i is not None:
                return elements[i]
        return rng.choice(elements)

    def final_scores(self) -> dict[str, tuple[int, int]]:
        """name -> (VP, gold), read from the page's final table."""
        rows = self.b.js("""
            return [...document.querySelectorAll('.final .scores tbody tr')].map(tr => [
                tr.dataset.seat, tr.querySelector('.vp').textContent, tr.querySelector('.gold').textContent]);""")
        return {int(seat): (int(vp), int(gold)) for seat, vp, gold in rows}


def play(
    pages: list[BoardPage], rng: random.Random, until=None, timeout: float = 600.0, prefer=None, on_turn=None
) -> None:
    """Let ``pages`` play (each seat clicks when it must choose) until the game
    is over or ``until()`` is true. ``on_turn(page, state)`` may act first (and
    return True to skip the random click)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if until is not None and until():
            return
        # each page's state read once a round: it tells both who may click and whether the game is over
        states = [p.state() for p in pages]
        if until is None and all(s and s["over"] for s in states):
            return
        acted = False
        for p, st in zip(pages, states):
            if not BoardPage.may_choose(st):
                continue
            if on_turn is not None and on_turn(p, st):
                acted = True
                continue
            acted = p.choose(rng, prefer) or acted
        if not acted:
            time.sleep(0.03)
    raise AssertionError(
        f"the game did not end within {timeout} s: {[p.state() for p in pages]}; "
        f"last click errors: {[p.last_error for p in pages]}"
    )

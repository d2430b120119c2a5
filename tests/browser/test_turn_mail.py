"""Turn mails from the board (issue #56): Ben asks for them on his board and
leaves; Ann's move makes it his turn, and the mail reaches the real SMTP
server of the test with his seat's link; its unsubscribe link, opened in the
browser, stops the next one."""

from __future__ import annotations

import random
import time

from selenium.webdriver.common.by import By
from smtpinbox import smtp_server

from .page import BoardPage
from .serving import ServerProcess

BEN = "ben.the.builder@example.org"


def _until_not_mine(page: BoardPage, rng: random.Random) -> None:
    """Click this seat's choices until another seat must act."""
    end = time.monotonic() + 60
    while time.monotonic() < end:
        st = page.state()
        if st and st["status"] == "live" and st["pending"] and st["pending"]["seat"] != st["seat"]:
            return
        if page.may_choose(st):
            page.choose(rng)
        time.sleep(0.1)
    raise AssertionError("the seat never handed the turn on")


def test_a_mail_reaches_an_absent_player_and_its_unsubscribe_link_stops_the_next(windows, tmp_path):
    with smtp_server() as (inbox, port):
        server = ServerProcess(tmp_path)
        server.extra = [
            "--smtp-host",
            "127.0.0.1",
            "--smtp-port",
            str(port),
            "--smtp-tls",
            "none",
            "--mail-from",
            "pillars@example.org",
            "--mail-quiet",
            "1",
            "--log-level",
            "info",
        ]
        server.start()
        try:
            made = server.create([{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Ben"}], seed=4)
            ann_b, ben_b = windows
            ben = BoardPage(ben_b, made["seats"][1]["link"]).open()
            ben_b.wait(lambda: ben_b.driver.find_element(By.ID, "mail-optin").is_displayed(), 20, "the mail button")
            ben_b.driver.find_element(By.ID, "mail-optin").click()
            ben_b.driver.find_element(By.ID, "mail-address").send_keys(BEN)
            ben_b.driver.find_element(By.ID, "mail-subscribe").click()
            ben_b.wait(lambda: "Done" in (ben.text("#mail-result") or ""), 20, "the opt-in kept")
            assert BEN not in ben_b.js("return JSON.stringify(window.pillarsBoard.record)")
            ben_b.js("window.pillarsBoard.connection.stop()")  # Ben closes his tab
            ben_b.get("about:blank")
            ann = BoardPage(ann_b, made["seats"][0]["link"]).open()
            _until_not_mine(ann, random.Random(1))
            inbox.wait(1)
            to, msg, _ = inbox.mails[0]
            body = msg.get_content()
            assert to == [BEN] and made["seats"][1]["link"].split("#")[1] in body
            # Ben plays from the mail, leaves; unsubscribes with the mail's link: no next mail
            link = next(w for w in body.split() if "/play#" in w)
            ben = BoardPage(ben_b, link).open()
            _until_not_mine(ben, random.Random(2))
            ben_b.js("window.pillarsBoard.connection.stop()")
            ben_b.get(next(w for w in body.split() if "/mail/unsubscribe" in w))
            assert "no more" in ben_b.js("return document.body.textContent")
            _until_not_mine(ann, random.Random(3))
            time.sleep(2.5)
            assert len(inbox.mails) == 1
            assert BEN not in server.log.read_text()
        finally:
            server.kill()

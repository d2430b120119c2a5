"""Turn mails (issue #56) against a real SMTP server on 127.0.0.1 (aiosmtpd):
opt-in per seat, sent when the turn comes to an absent seat, at most one per
quiet period, with the seat's link and an unsubscribe link that stops the
next; the address is in no message to the clients and no log line."""

from __future__ import annotations

import json
import logging
import time

import pytest
from smtpinbox import smtp_server

from pillars_rules.web.mail import MailSettings

from .support import client, create, key_of

ORIGIN = {"origin": "http://testserver"}
BEN = "ben.the.builder@example.org"


@pytest.fixture
def smtp():
    with smtp_server() as got:
        yield got


def _wait(what, timeout: float = 15.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if what():
            return
        time.sleep(0.05)
    raise AssertionError("never happened")


def _play(ws, seat: int) -> None:
    """Answer for ``seat`` (with its first choice) until another seat must act."""
    while True:
        m = json.loads(ws.receive_text())
        if m["type"] not in ("sync", "update") or not m["turn"]:
            continue
        if m["turn"]["seat"] != seat:
            return
        if m["choices"]:
            ws.send_text(json.dumps({"decision": m["decision"], "action": m["choices"][0]["action"]}))


def _ben_plays(c, gid: str, ben: str) -> None:
    """Ben comes (from his mail's link), answers until it is Ann's turn, and goes."""
    with c.websocket_connect("/ws") as bws:
        bws.send_text(json.dumps({"type": "hello", "protocol": 2, "game": gid, "key": ben, "seen": None}))
        _play(bws, 1)


def test_an_absent_seat_gets_one_mail_a_quiet_period_and_can_unsubscribe(tmp_path, smtp, caplog):
    inbox, port = smtp
    mail = MailSettings(host="127.0.0.1", port=port, tls="none", sender="pillars@example.org", quiet=1.5)
    caplog.set_level(logging.INFO, logger="pillars_rules.web")
    with client(tmp_path, mail=mail) as c:
        res = create(c, seed=4, seats=[{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Ben"}])
        gid, ann, ben = res["game"], key_of(res["seats"][0]["link"]), key_of(res["seats"][1]["link"])
        assert c.post("/api/mail", json={"op": "status"}, headers=ORIGIN).json() == {"enabled": True}
        bad = c.post(
            "/api/mail", json={"op": "subscribe", "game": gid, "key": ben, "address": "no at sign"}, headers=ORIGIN
        )
        assert bad.status_code == 400
        r = c.post("/api/mail", json={"op": "subscribe", "game": gid, "key": ben, "address": BEN}, headers=ORIGIN)
        assert r.json() == {"subscribed": True}
        with c.websocket_connect("/ws") as aws:
            aws.send_text(json.dumps({"type": "hello", "protocol": 2, "game": gid, "key": ann, "seen": None}))
            _play(aws, 0)  # Ben's turn, and Ben is away
            _wait(lambda: len(inbox.mails) == 1)
            to, msg, at = inbox.mails[0]
            body = msg.get_content()
            assert to == [BEN] and msg["From"] == "pillars@example.org" and "Your turn" in msg["Subject"]
            assert f"/play#game={gid}&key={ben}" in body and "/mail/unsubscribe?t=" in body
            _ben_plays(c, gid, ben)
            _play(aws, 0)  # Ben's turn again, within the quiet period
            time.sleep(0.5)
            assert len(inbox.mails) == 1  # batched: not yet
            _wait(lambda: len(inbox.mails) == 2)
            assert inbox.mails[1][2] - at >= 1.4  # one mail a quiet period
            # the unsubscribe link of the last mail stops the next
            link = inbox.mails[1][1].get_content().split("/mail/unsubscribe?t=")[1].split()[0]
            page = c.get(f"/mail/unsubscribe?t={link}")
            assert page.status_code == 200 and "no more" in page.text
            assert "used already" in c.get(f"/mail/unsubscribe?t={link}").text
            _ben_plays(c, gid, ben)
            _play(aws, 0)
            time.sleep(2.5)
            assert len(inbox.mails) == 2
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "mail sent game=" in logged and BEN not in logged and "ben.the.builder" not in logged


def test_without_an_smtp_server_there_is_no_mail_to_ask_for(tmp_path):
    with client(tmp_path) as c:
        res = create(c, seats=[{"kind": "person"}, {"kind": "person"}])
        assert c.post("/api/mail", json={"op": "status"}, headers=ORIGIN).json() == {"enabled": False}
        r = c.post(
            "/api/mail",
            json={"op": "subscribe", "game": res["game"], "key": key_of(res["seats"][0]["link"]), "address": BEN},
            headers=ORIGIN,
        )
        assert r.status_code == 409

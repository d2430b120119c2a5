"""A store that cannot be written (hardening round 4, item 7): ``POST /games``
answers 503 with a generic sentence, and the details (the database's path,
the database's own message) go to the log only. Before, it answered 400 with
the database's absolute path."""

from __future__ import annotations

import logging
import sqlite3

from .support import client

TWO = {"seats": [{"kind": "person"}, {"kind": "person"}], "seed": 3}


def test_a_store_that_cannot_be_written_answers_503_without_details(tmp_path, caplog):
    with client(tmp_path) as c:
        db = sqlite3.connect(tmp_path / "games.sqlite3")
        db.execute("DROP TABLE server_games")  # the next game's record cannot be written
        db.commit()
        db.close()
        with caplog.at_level(logging.ERROR, "pillars_rules.web"):
            r = c.post("/games", json=TWO)
            form = c.post("/games", data={"players": "2", "seat0": "person", "seat1": "person"})
    assert r.status_code == 503 and form.status_code == 503
    for text in (r.text, form.text):
        assert str(tmp_path) not in text and "server_games" not in text and "sqlite" not in text.lower()
    assert r.json() == {"error": "the server cannot store games right now; try again later"}
    assert str(tmp_path) in caplog.text  # the operator's log has the details


def test_a_bot_move_the_store_could_not_take_is_offered_again_until_it_can(tmp_path, caplog):
    """Issue #60: a bot's move refused with ``server_error`` (the store failed) was dropped,
    and nobody else moves a bot's seat, so its table waited for good. The bot now offers
    the same move again, less often the longer the store stays down."""
    import json
    import time

    from .support import create, key_of, receive, say_hello

    db_path = tmp_path / "games.sqlite3"
    with caplog.at_level(logging.ERROR, "pillars_rules.web"), client(tmp_path, bot_delay=0.3) as c:
        res = create(c, seats=[{"kind": "person"}, {"kind": "bot", "bot": "random"}], seed=3)
        with c.websocket_connect("/ws") as ws:
            _, msg = say_hello(ws, res["game"], key_of(res["seats"][0]["link"]))
            while not (msg.get("turn") and msg["turn"]["seat"] == 1):  # play until the bot is next
                if msg.get("turn") and msg["turn"]["seat"] == 0 and msg.get("choices"):
                    ws.send_text(json.dumps({"decision": msg["decision"], "action": msg["choices"][0]["action"]}))
                msg = receive(ws)
            bot_at = msg["decision"]
            db = sqlite3.connect(db_path, timeout=10)  # the store goes down before the bot has moved
            db.execute("ALTER TABLE events RENAME TO events_away")
            db.commit()
            deadline = time.monotonic() + 90  # the bots' worker starts with the first decision
            while "code=server_error" not in caplog.text and time.monotonic() < deadline:
                time.sleep(0.05)
            db.execute("ALTER TABLE events_away RENAME TO events")
            db.commit()
            db.close()
            while msg.get("decision", 0) <= bot_at:  # the bot's move arrives once the store is back
                msg = receive(ws)
    assert "bot refused" in caplog.text and "code=server_error" in caplog.text, caplog.text
    assert msg["decision"] > bot_at

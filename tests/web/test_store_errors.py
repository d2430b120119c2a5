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

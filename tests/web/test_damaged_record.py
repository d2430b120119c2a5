"""A damaged ``server_games`` row (hardening round 4, item 8): a typed error
naming its game, and every other game goes on -- its hellos, the admin
listing, ``serve --list`` and the start-up resume (which gives the other games
their bots back). Before, the raw JSON or TypeError of the one row dropped
that game's hello with a traceback, made the admin listing answer 500, crashed
``serve --list`` and stopped the resume."""

from __future__ import annotations

import io
import json
import sqlite3
import time

import pytest

from pillars_rules.cli.serve import list_games
from pillars_rules.errors import DamagedGameError
from pillars_rules.web import protocol as P
from pillars_rules.web.registry import GameRecord

from .support import client, create, key_of, receive_until

DAMAGE = {
    "not JSON": "{not json",
    "a list": "[1, 2]",
    "fields missing": '{"players": 2}',
    "seats of the wrong type": None,  # filled in from the real record
    "a seat of the wrong kind": None,
}


def _damaged(real: str, how: str) -> str:
    if DAMAGE[how] is not None:
        return DAMAGE[how]
    doc = json.loads(real)
    if how == "seats of the wrong type":
        doc["seats"] = "everyone"
    else:
        doc["seats"][0]["kind"] = 7
    return json.dumps(doc)


@pytest.mark.parametrize("how", sorted(DAMAGE))
def test_a_damaged_record_is_a_typed_error_and_the_others_go_on(tmp_path, how):
    with client(tmp_path) as c:
        bad = create(c, seats=[{"kind": "person"}, {"kind": "person"}], seed=3)
        # both created; the bot of the good one moves at once
        good = create(c, seats=[{"kind": "bot", "bot": "random"}, {"kind": "person"}], seed=4)
    db = sqlite3.connect(tmp_path / "games.sqlite3")
    real = db.execute("SELECT record FROM server_games WHERE game_id = ?", (bad["game"],)).fetchone()[0]
    db.execute("UPDATE server_games SET record = ? WHERE game_id = ?", (_damaged(real, how), bad["game"]))
    db.commit()
    db.close()

    with pytest.raises(DamagedGameError) as info:
        GameRecord.from_json(bad["game"], _damaged(real, how), False)
    assert info.value.game_id == bad["game"]

    out = io.StringIO()
    assert list_games(str(tmp_path / "games.sqlite3"), out) == 2
    assert "damaged" in out.getvalue() and good["game"] in out.getvalue()

    with client(tmp_path, admin_token="t") as c:
        server = c.app.state.server
        for _ in range(200):  # the resume goes on past the damaged row
            if good["game"] in server.rooms:
                break
            time.sleep(0.02)
        assert good["game"] in server.rooms
        r = c.get("/api/admin/games", headers={"authorization": "Bearer t"})
        assert r.status_code == 200
        games = {g["game"]: g for g in r.json()["games"]}
        assert games[bad["game"]]["damaged"] and not games[good["game"]]["damaged"]
        with c.websocket_connect("/ws") as ws:
            ws.send_text(P.hello(bad["game"], key_of(bad["seats"][0]["link"])))
            assert receive_until(ws, "refused")["code"] == "server_error"
        with c.websocket_connect("/ws") as ws:
            ws.send_text(P.hello(good["game"], key_of(good["seats"][1]["link"])))
            assert receive_until(ws, "welcome")["you"]["seat"] == 1


def test_a_damaged_record_answers_503_to_its_replay_and_rematch_requests(tmp_path):
    """The replay and rematch pages read records through ``Server.find`` too: a damaged
    row there is a 503 with a generic sentence, not a 500, and names no store detail."""
    with client(tmp_path) as c:
        bad = create(c, seats=[{"kind": "person"}, {"kind": "person"}], seed=3)
    db = sqlite3.connect(tmp_path / "games.sqlite3")
    db.execute("UPDATE server_games SET record = ? WHERE game_id = ?", ("{not json", bad["game"]))
    db.commit()
    db.close()
    with client(tmp_path) as c:
        doc = json.dumps({"game": bad["game"], "key": key_of(bad["seats"][0]["link"])})
        for path in ("/api/replay", "/api/rematch"):
            r = c.post(path, content=doc, headers={"content-type": "application/json", "origin": "http://testserver"})
            assert r.status_code == 503, (path, r.status_code, r.text)
            assert "try again later" in r.json()["error"]
            assert "sqlite" not in r.text.lower() and str(tmp_path) not in r.text

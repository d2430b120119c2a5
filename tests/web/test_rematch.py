"""Rematch requests (issue #38): only a seat of a finished game may ask, once;
everything else is refused by name and creates nothing."""

from __future__ import annotations

import json

from .support import client, create, key_of, records

ORIGIN = {"origin": "http://testserver", "content-type": "application/json"}


def _ask(c, doc) -> tuple[int, dict]:
    r = c.post("/api/rematch", content=json.dumps(doc), headers=ORIGIN)
    return r.status_code, r.json()


def test_a_rematch_is_refused_before_the_end_to_spectators_wrong_keys_and_bad_requests(tmp_path):
    with client(tmp_path) as c:
        made = create(c, seats=[{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}], seed=71)
        seat, watch = key_of(made["seats"][0]["link"]), key_of(made["spectator"])
        assert _ask(c, {"game": made["game"], "key": seat}) == (409, {"error": "a rematch comes once the game is over"})
        code, doc = _ask(c, {"game": made["game"], "key": watch})
        assert code == 403 and "spectator" in doc["error"]
        assert _ask(c, {"game": made["game"], "key": "nope"}) == (404, {"error": "no game with this id and key"})
        assert _ask(c, {"game": made["game"]})[0] == 400
        assert c.post("/api/rematch", content=b"[", headers=ORIGIN).status_code == 400
        other = c.post(
            "/api/rematch",
            content=json.dumps({"game": made["game"], "key": seat}),
            headers={"origin": "http://elsewhere.example"},
        )
        assert other.status_code == 403
        assert len(records(c)) == 1

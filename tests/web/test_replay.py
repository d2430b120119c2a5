"""A game's replay (issue #38): ``POST /api/replay`` gives the index of every
decision and the state at each, folded by the engine from the stored events and
redacted as every seat saw it; a finished game's secrets and save on request;
wrong keys, spectators of a running game and bad requests are refused."""

from __future__ import annotations

import json
import time

import pillars_rules as pr
from pillars_rules.pillars_json.codec import converter
from pillars_rules.table import EventStore, Table
from pillars_rules.view import redact_state

from .support import client, create, key_of

ORIGIN = {"origin": "http://testserver"}


def _ask(c, **doc):
    return c.post("/api/replay", content=json.dumps(doc), headers={"content-type": "application/json", **ORIGIN})


def _stored(tmp_path, game_id: str) -> pr.Game:
    store = EventStore(str(tmp_path / "games.sqlite3"))
    try:
        return Table.open(store, game_id).game
    finally:
        store.close()


def _finished(c, tmp_path, seed: int, reveal: bool = True) -> tuple[dict, pr.Game]:
    made = create(
        c, seats=[{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}], seed=seed, reveal=reveal
    )
    end = time.monotonic() + 120
    while time.monotonic() < end:
        game = _stored(tmp_path, made["game"])
        if game.is_over:
            return made, game
        time.sleep(0.1)
    raise AssertionError("the bots' game did not end")


def test_a_finished_games_replay_is_every_decision_with_its_state_from_state_at(tmp_path):
    with client(tmp_path) as c:
        made, game = _finished(c, tmp_path, 31)
        key = key_of(made["spectator"])
        ix = _ask(c, game=made["game"], key=key).json()
        pending = [i for i, e in enumerate(game.events) if isinstance(e, pr.events.DecisionPending)]
        assert [p["event"] for p in ix["decisions"]] == pending and ix["end"] == game.n_events
        assert ix["over"] and ix["seat"] is None and ix["result"]["winners"] == game.winners()
        assert ix["texts"] == [game.describe(e) for e in game.view(None).events]
        for p in ix["decisions"][::7] + [ix["decisions"][-1]]:
            state = game.state_at(p["event"])
            assert (p["round"], p["stage"], p["seat"]) == (state.round, state.stage, game.events[p["event"]].seat)
            got = _ask(c, game=made["game"], key=key, at=p["n"]).json()
            assert got["state"] == json.loads(json.dumps(converter.unstructure(redact_state(state))))
        end = _ask(c, game=made["game"], key=key, at=len(pending) + 1).json()
        assert end["state"]["game_over"] and end["event"] == game.n_events - 1
        secret = _ask(c, game=made["game"], key=key, at=1, secrets=True).json()
        assert secret["state"] == json.loads(json.dumps(converter.unstructure(game.state_at(pending[0]))))
        save = _ask(c, game=made["game"], key=key, save=True)
        assert save.headers["content-disposition"].startswith("attachment")
        loaded = pr.load(save.text)
        assert loaded.is_over and loaded.events == game.events
        assert ix["secrets"] is True
        assert _ask(c, game=made["game"], key=key, at=0).status_code == 400
        assert _ask(c, game=made["game"], key=key, at=len(pending) + 2).status_code == 400


def test_a_running_games_replay_is_for_its_seats_and_wrong_keys_are_refused(tmp_path):
    with client(tmp_path) as c:
        made = create(c, seats=[{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}], seed=32)
        seat = key_of(made["seats"][0]["link"])
        ix = _ask(c, game=made["game"], key=seat)
        assert ix.status_code == 200 and ix.json()["seat"] == 0 and not ix.json()["over"]
        assert _ask(c, game=made["game"], key=seat, at=1, secrets=True).status_code == 400
        assert _ask(c, game=made["game"], key=seat, save=True).status_code == 400
        spectator = _ask(c, game=made["game"], key=key_of(made["spectator"]))
        assert spectator.status_code == 403 and "seats" in spectator.json()["error"]
        wrong = _ask(c, game=made["game"], key="not-the-key")
        assert wrong.status_code == 404 and wrong.json() == {"error": "no game with this id and key"}
        assert _ask(c, game=made["game"], key=seat, extra=1).status_code == 400
        assert c.post("/api/replay", content=b"{", headers=ORIGIN).status_code == 400
        other = c.post(
            "/api/replay",
            content=json.dumps({"game": made["game"], "key": seat}),
            headers={"origin": "http://elsewhere.example"},
        )
        assert other.status_code == 403
        assert c.get("/replay").status_code == 200


def test_the_decks_stay_hidden_in_a_finished_games_replay_unless_its_creator_allowed_it(tmp_path):
    with client(tmp_path) as c:
        made, game = _finished(c, tmp_path, 33, reveal=False)
        key = key_of(made["spectator"])
        assert _ask(c, game=made["game"], key=key).json()["secrets"] is False
        refused = _ask(c, game=made["game"], key=key, at=1, secrets=True)
        assert refused.status_code == 400 and "creator allowed" in refused.json()["error"]
        assert _ask(c, game=made["game"], key=key, save=True).status_code == 403  # the save holds the seed

"""``"reveal": false`` governs every way a finished game's secrets could leave the
server (hardening round 5, item 4), against a real ``pillars-rules serve``: no
key -- a seat's or the spectators' -- downloads the save (which holds the seed,
from which the order of every deck follows), and neither the replay's index nor
any of its states carries the seed. Before, any key, the spectator link
included, downloaded the save, and loading it gave the decks' order that
``"secrets": true`` refuses. With ``"reveal": true`` the save is offered. The same
at an Ora et Labora table (issue #59)."""

from __future__ import annotations

import http.client
import json
import time

import pytest
from bench.serverproc import ONE_ADDRESS, ServerProcess

import pillars_rules as pr

SEED = 987_654_321_123


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    db = tmp_path_factory.mktemp("reveal") / "games.sqlite3"
    with ServerProcess(db, None, *ONE_ADDRESS, "--bot-delay", "0", "--allow-seeds", "--replay-rate", "1000") as server:
        yield server


def _replay(server, doc: dict) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    try:
        conn.request("POST", "/api/replay", json.dumps(doc), {"content-type": "application/json"})
        r = conn.getresponse()
        return r.status, r.read()
    finally:
        conn.close()


#: The games' requests: Pillars', and Ora et Labora's (issue #59: it has no seed to hide, but its save is
#: governed the same), the short 3-player game, whose random games are short.
GAMES = {
    "pillars": {"seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}]},
    "ora": {
        "game": "ora-et-labora",
        "variants": ["short"],
        "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}],
    },
}


def _finished(server, reveal: bool, game: str = "pillars") -> tuple[str, list[str]]:
    """A finished game (a person's seat taken over by a bot at once, and bots) and its keys."""
    made = server.create({**GAMES[game], "seed": SEED, "takeover": {"bot": "random", "grace": 0}, "reveal": reveal})
    keys = [made["seats"][0]["link"].split("key=", 1)[1], made["spectator"].split("key=", 1)[1]]
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        status, body = _replay(server, {"game": made["game"], "key": keys[1]})
        if status == 200 and json.loads(body)["over"]:
            return made["game"], keys
        time.sleep(0.5)
    raise AssertionError("the bots' game did not end")


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_no_key_gets_the_save_or_the_seed_of_a_game_not_revealed(live, kind):
    game, keys = _finished(live, reveal=False, game=kind)
    for key in keys:  # the seat's and the spectators'
        status, body = _replay(live, {"game": game, "key": key, "save": True})
        assert status == 403 and "chose not to reveal" in json.loads(body)["error"]
        status, body = _replay(live, {"game": game, "key": key})
        assert status == 200 and str(SEED).encode() not in body
        index = json.loads(body)
        for n in (1, len(index["decisions"]) // 2, len(index["decisions"]) + 1):
            status, body = _replay(live, {"game": game, "key": key, "at": n})
            assert status == 200 and str(SEED).encode() not in body
        assert _replay(live, {"game": game, "key": key, "at": 1, "secrets": True})[0] == 400


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_a_revealed_game_s_save_is_offered(live, kind):
    game, keys = _finished(live, reveal=True, game=kind)
    status, body = _replay(live, {"game": game, "key": keys[1], "save": True})
    loaded = pr.load(body.decode())
    assert status == 200 and loaded.is_over and loaded.game_type.name == GAMES[kind].get("game", "pillars")

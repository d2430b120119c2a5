"""Playing on the server (in process): server bots in their process pool, the
bot that takes over an absent person's seat and hands it back, spectators'
updates, catch-up and full syncs, and ``serve --list``."""

from __future__ import annotations

import json
import time

import pillars_rules as pr
from pillars_rules.cli.entry import main as cli
from pillars_rules.table import EventStore, Table
from pillars_rules.web.statejson import apply_changes

from .support import client, create, key_of, receive, receive_until, say_hello


def play_until_over(ws, seat: int, sync: dict, *, watch=None) -> dict:
    """Answer with the first choice whenever ``seat`` must act; the last update."""
    msg = sync
    while msg.get("result") is None:
        if msg["type"] in ("sync", "update") and msg["turn"] and msg["turn"]["seat"] == seat and msg["choices"]:
            ws.send_text(json.dumps({"decision": msg["decision"], "action": msg["choices"][0]["action"]}))
        msg = receive(ws)
        if watch is not None:
            watch(msg)
    return msg


def test_a_server_bot_plays_its_seat_from_the_pool(tmp_path):
    with client(tmp_path, bot_delay=0.01) as c:
        res = create(c, seats=[{"kind": "person"}, {"kind": "bot", "bot": "heuristic"}])
        with c.websocket_connect("/ws") as ws:
            _, sync = say_hello(ws, res["game"], key_of(res["seats"][0]["link"]))
            last = play_until_over(ws, 0, sync)
        pool = c.app.state.server.bots._pool
        assert pool is not None  # the bot ran in the process pool, not on the event loop
    with EventStore(tmp_path / "games.sqlite3") as store:
        game = Table.open(store, res["game"]).game
    assert game.is_over and last["result"]["scores"] == [list(s) for s in game.scores()]
    assert {e.seat for e in game.events if isinstance(e, pr.events.DecisionPending)} == {0, 1}


def test_a_bot_takes_over_an_absent_person_and_hands_the_seat_back(tmp_path):
    with client(tmp_path, bot_delay=0.0) as c:
        res = create(c, seats=[{"kind": "person"}, {"kind": "person"}], takeover={"bot": "random", "grace": 0.3})
        gid, ann, ben = res["game"], key_of(res["seats"][0]["link"]), key_of(res["seats"][1]["link"])
        with c.websocket_connect("/ws") as bws:
            _, sync = say_hello(bws, gid, ben)
            seats = receive_until(bws, "seats")
            assert seats["seats"][0]["played_by"] == "person"
            # Ann never came: after the grace a bot plays her seat, and the game moves
            taken = receive_until(bws, "seats")
            assert taken["seats"][0]["played_by"] == "bot" and taken["seats"][0]["playing_bot"] == "random"
            t0 = time.monotonic()
            seen_update = receive_until(bws, "update")
            assert seen_update["decision"] >= 2 and time.monotonic() - t0 < 30
            with c.websocket_connect("/ws") as aws:  # Ann is back: her seat is hers again
                welcome, _ = say_hello(aws, gid, ann)
                assert welcome["seats"][0]["played_by"] == "person" and welcome["seats"][0]["connected"] == 1
                back = receive_until(bws, "seats")
                while back["seats"][0]["connected"] == 0:
                    back = receive_until(bws, "seats")
                assert back["seats"][0]["played_by"] == "person"
                with EventStore(tmp_path / "games.sqlite3") as store:
                    at = Table.open(store, gid).game.decision
                time.sleep(0.5)  # no bot moves for her now
                with EventStore(tmp_path / "games.sqlite3") as store:
                    game = Table.open(store, gid).game
                assert game.decision == at  # nobody plays Ann's seat but Ann now


def test_spectators_follow_the_game_with_no_choices(tmp_path):
    with client(tmp_path) as c:
        res = create(c, seats=[{"kind": "person"}, {"kind": "person"}])
        gid = res["game"]
        with c.websocket_connect("/ws") as sws, c.websocket_connect("/ws") as aws, c.websocket_connect("/ws") as bws:
            _, ssync = say_hello(sws, gid, key_of(res["spectator"]))
            _, a = say_hello(aws, gid, key_of(res["seats"][0]["link"]))
            _, b = say_hello(bws, gid, key_of(res["seats"][1]["link"]))
            events = list(ssync["view"]["events"])
            state = ssync["view"]["state"]
            for _ in range(30):
                ws, msg = (aws, a) if a["turn"]["seat"] == 0 else (bws, b)
                ws.send_text(json.dumps({"decision": msg["decision"], "action": msg["choices"][0]["action"]}))
                a, b = receive_until(aws, "update"), receive_until(bws, "update")
                u = receive_until(sws, "update")
                assert u["choices"] == [] and u["next_event"] is None
                assert u["first"] == len(events)
                events += u["events"]
                state = apply_changes(state, u["changes"])  # protocol version 2
            with EventStore(tmp_path / "games.sqlite3") as store:
                game = Table.open(store, gid).game
            export = json.loads(game.export(None))
            assert events == export["events"] and state == export["state"]


def test_a_stale_seen_gets_a_full_sync(tmp_path):
    with client(tmp_path) as c:
        res = create(c, players=2)
        with c.websocket_connect("/ws") as ws:
            welcome, sync = say_hello(ws, res["game"], key_of(res["seats"][0]["link"]), seen=99)
            assert welcome["sync"] == "full" and sync["type"] == "sync"
        with c.websocket_connect("/ws") as ws:
            welcome, update = say_hello(ws, res["game"], key_of(res["seats"][0]["link"]), seen=1)
            assert welcome["sync"] == "catch_up" and update["type"] == "update" and update["events"] == []


def test_serve_list_prints_the_stored_games(tmp_path, capsys):
    with client(tmp_path) as c:
        res = create(c, seats=[{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}])
    assert cli(["serve", "--list", "--db", str(tmp_path / "games.sqlite3")]) == 0
    out = capsys.readouterr().out
    assert "1 game(s)" in out and res["game"] in out and res["tag"] in out and "Blue (bot random)" in out
    assert "decision 1" in out
    assert cli(["serve", "--list", "--db", str(tmp_path / "none.sqlite3")]) == 1
    assert "no game database" in capsys.readouterr().err


def test_serve_refuses_a_card_folder_that_does_not_exist(tmp_path, capsys):
    assert cli(["serve", "--db", str(tmp_path / "g.sqlite3"), "--cards", str(tmp_path / "nope"), "--port", "0"]) == 1
    assert "not a folder" in capsys.readouterr().err

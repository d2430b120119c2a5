"""Ora et Labora tables on a real server (issue #59): ``pillars-rules serve`` (uvicorn) on
127.0.0.1, real WebSocket clients, SQLite (and PostgreSQL for the restart).

* A whole 2-player game, a person against a server bot, with a spectator watching; its
  replay and its rematch.
* A whole solo game across a SIGKILL of the server: the table is reloaded and the client
  catches up; the same on PostgreSQL.
* A turn timer lets Ora's bot decide for an absent person.
* Hostile messages on an Ora table get the typed refusals, and the stored game is unchanged.
"""

from __future__ import annotations

import asyncio
import json
import threading

import pytest
from bench.serverproc import ONE_ADDRESS, ServerProcess
from websockets.asyncio.client import connect

import pillars_rules as pr
from pillars_rules.bots import BOTS, bot_names
from pillars_rules.core import game_type
from pillars_rules.table import EventStore, Table, actionjson, open_store
from pillars_rules.web import protocol as P
from pillars_rules.web.client import GameClient, random_policy

from .support import post_live as post

ORA = "ora-et-labora"
KIND = game_type(ORA)
FAST = ("--bot-delay", "0", "--rate", "1000", "--burst", "1000", "--allow-seeds", *ONE_ADDRESS)


def key_of(link: str) -> str:
    return link.split("key=", 1)[1]


def stored(db, gid: str) -> pr.Game:
    store = EventStore(db) if "://" not in str(db) else open_store(str(db))
    with store:
        return Table.open(store, gid).game


def checked_policy(seed: int):
    """A random policy that checks the shape of every choice it is offered: {action, label}, the
    action one the game reads back, the label words."""
    pick = random_policy(seed)

    def act(client: GameClient) -> dict:
        for choice in client.choices:
            assert set(choice) == {"action", "label"} and choice["label"]
            assert actionjson.encode(KIND, actionjson.decode(KIND, choice["action"])) == choice["action"]
        return pick(client)

    return act


def same_as_stored(client: GameClient, game: pr.Game, seat) -> None:
    assert client.events == [KIND.encode_event(e) for e in game.events]  # nothing lost, nothing twice
    assert client.texts == [game.describe(e) for e in game.events]
    assert client.state == json.loads(game.export(seat))  # the view is the game's export
    assert client.decision == game.decision and client.choices == []
    assert client.result == {"scores": list(game.scores()), "ranking": game.ranking(), "winners": game.winners()}


def test_a_two_player_game_against_a_server_bot_with_a_spectator_its_replay_and_rematch(tmp_path):
    db = tmp_path / "games.sqlite3"
    with ServerProcess(db, None, *FAST) as server:
        res = server.create(
            {
                "game": ORA,
                "variants": ["ireland"],
                "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic"}],
            }
        )
        assert res["cards"]["name"] == ORA and res["variants"] == ["ireland"] and res["players"] == 2
        gid, key = res["game"], key_of(res["seats"][0]["link"])
        person = GameClient(server.ws_url, gid, key, seed=1, protocol=2)
        watcher = GameClient(server.ws_url, gid, key_of(res["spectator"]), protocol=1)

        async def main():
            await asyncio.wait_for(asyncio.gather(person.run(checked_policy(1)), watcher.run()), 300)

        asyncio.run(main())
        game = stored(db, gid)
        assert game.is_over and json.loads(game.export(None))["variant"] == "ireland"
        assert {e.seat for e in game.events if isinstance(e, KIND.decision_event)} == {0, 1}  # the bot played
        same_as_stored(person, game, 0)
        same_as_stored(watcher, game, None)
        assert person.refusals == [] and watcher.refusals == []

        code, index = post(server, "/api/replay", {"game": gid, "key": key})
        assert code == 200 and index["game"] == ORA and index["over"] and index["players"] == ["Ann", "Player 2"]
        assert len(index["decisions"]) == sum(isinstance(e, KIND.decision_event) for e in game.events)
        assert index["events"] == person.events and index["result"]["scores"] == list(game.scores())
        code, at = post(server, "/api/replay", {"game": gid, "key": key, "at": 2})
        assert (
            code == 200 and at["view"]["round"] == 1 and at["view"]["pending"]["seat"] == index["decisions"][1]["seat"]
        )
        code, bad = post(server, "/api/replay", {"game": gid, "key": key, "at": 10**6})
        assert code == 400 and "at: a decision from 1 to" in bad["error"]

        code, again = post(server, "/api/rematch", {"game": gid, "key": key})
        assert code == 201, again
        fresh = GameClient(server.ws_url, again["game"], key_of(again["link"]))
        asyncio.run(asyncio.wait_for(fresh.run(until=lambda c: c.decision is not None), 60))
        # the seats moved round by one: the bot opens the rematch, in the same game and variant
        assert fresh.seat == 1 and fresh.state["game"] == ORA and fresh.state["variant"] == "ireland"


def _killing(server: ServerProcess, at: int, restarted: list, policy):
    """``policy``, which first kills the server (SIGKILL, mid-game) and starts it again in a thread
    the first time the client's decision reaches ``at``."""

    def act(client: GameClient) -> dict:
        if client.decision >= at and not restarted:
            server.kill()
            restarted.append(threading.Thread(target=server.start))
            restarted[0].start()
        return policy(client)

    return act


def _solo_across_a_kill(db, tmp_path) -> None:
    server = ServerProcess(db, None, *FAST, log=tmp_path / "server.log").start()
    restarted: list[threading.Thread] = []
    try:
        res = server.create({"game": ORA, "players": 1})
        gid = res["game"]
        client = GameClient(server.ws_url, gid, key_of(res["seats"][0]["link"]), seed=3)
        asyncio.run(asyncio.wait_for(client.run(_killing(server, 40, restarted, random_policy(3))), 300))
        for t in restarted:
            t.join()
        assert server.starts == 2 and client.reconnects >= 1
    finally:
        server.stop()
    game = stored(db, gid)
    assert game.is_over and len(game.scores()) == 1
    same_as_stored(client, game, 0)
    assert pr.load(pr.save(game)) == game
    assert "games resumed count=1" in (tmp_path / "server.log").read_text()


def test_a_whole_solo_game_survives_a_sigkill_of_the_server(tmp_path):
    _solo_across_a_kill(tmp_path / "games.sqlite3", tmp_path)


def test_a_whole_solo_game_survives_a_sigkill_on_postgresql(pg_dsn, tmp_path):
    _solo_across_a_kill(pg_dsn, tmp_path)


def test_a_turn_timer_lets_ora_s_bot_decide_for_an_absent_person(tmp_path):
    db = tmp_path / "games.sqlite3"
    with ServerProcess(db, None, *FAST) as server:
        res = server.create(
            {"game": ORA, "seats": [{"kind": "person"}, {"kind": "person"}], "clock": {"kind": "move", "seconds": 5}}
        )
        assert res["clock"]["bot"] == "heuristic"  # Ora's default clock bot: Pillars' "medium" is not Ora's
        watcher = GameClient(server.ws_url, res["game"], key_of(res["spectator"]))
        asyncio.run(asyncio.wait_for(watcher.run(until=lambda c: (c.decision or 0) >= 3), 120))
        game = stored(db, res["game"])
    assert game.decision >= 3 and watcher.state["game"] == ORA and watcher.choices == []
    log = (tmp_path / "games.log").read_text()
    assert log.count("by=bot:heuristic") >= 2 and "by=person" not in log  # nobody came: the clock's bot played


def test_hostile_messages_on_an_ora_table_are_refused_and_the_game_is_unchanged(tmp_path):
    db = tmp_path / "games.sqlite3"
    with ServerProcess(db, None, *FAST) as server:
        res = server.create({"game": ORA, "seats": [{"kind": "person"}, {"kind": "person"}]})
        gid = res["game"]
        keys = [key_of(s["link"]) for s in res["seats"]]
        before = stored(db, gid)

        async def main() -> dict[str, list[str]]:
            heard: dict[str, list[str]] = {}
            async with (
                connect(server.ws_url) as first,
                connect(server.ws_url) as second,
                connect(server.ws_url) as watcher,
            ):
                for ws, key in ((first, keys[0]), (second, keys[1]), (watcher, key_of(res["spectator"]))):
                    await ws.send(P.hello(gid, key))
                    assert P.parse(await ws.recv())["type"] == "welcome"
                    sync = P.parse(await ws.recv())
                    assert sync["type"] == "sync" and sync["game"] == ORA and sync["decision"] == before.decision
                d = before.decision
                legal = sync["choices"] or [{"action": actionjson.encode(KIND, before.legal_actions()[0])}]
                action = legal[0]["action"]
                sends = [
                    (
                        first,
                        json.dumps({"decision": d, "action": {"type": "Build", "card": "windmill", "x": 9, "y": 9}}),
                    ),
                    (first, json.dumps({"decision": d - 1, "action": action})),
                    (first, json.dumps({"decision": d, "action": {"type": "Buy", "resource": "wood", "n": 2}})),
                    (first, json.dumps({"decision": d, "action": {"type": "Fell", "cover": 3}})),
                    (first, "{not json"),
                    (first, b"\x00binary"),
                    (first, json.dumps({"decision": d, "action": {"type": "Pass", "label": "x" * 20_000}})),
                    (second, json.dumps({"decision": d, "action": action})),
                    (watcher, json.dumps({"decision": d, "action": action})),
                ]
                for ws, text in sends:
                    await ws.send(text)
                    while True:
                        msg = P.parse(await ws.recv())
                        if msg["type"] == "refused":
                            heard.setdefault(msg["code"], []).append(msg["reason"])
                            assert msg["decision"] == d and not msg["closing"]
                            break
                        assert msg["type"] == "seats", msg
            return heard

        heard = asyncio.run(asyncio.wait_for(main(), 60))
        assert sorted(heard) == ["bad_message", "illegal", "not_your_turn", "spectator", "stale", "too_large"]
        assert len(heard["bad_message"]) == 4 and all(r for rs in heard.values() for r in rs)
        after = stored(db, gid)
    assert after == before and after.events == before.events


def test_bad_ora_requests_are_refused_with_the_reason(tmp_path):
    from .support import client

    with client(tmp_path) as c:
        cases = [
            ({"game": "chess", "players": 2}, "no game 'chess' on this server"),
            ({"game": ORA, "players": 5}, "Ora et Labora takes 1 to 4 players, not 5"),
            ({"game": ORA, "players": 2, "variants": ["france", "ireland"]}, "one country, not france and ireland"),
            ({"game": ORA, "players": 3, "variants": ["long"]}, "the long game takes 2 players, not 3"),
            ({"game": ORA, "players": 2, "variants": ["nope"]}, "Ora has no variant 'nope'"),
            ({"game": ORA, "players": 2, "cards": "expansion"}, "plays its own cards"),
            ({"game": ORA, "seats": [{"kind": "person"}, {"kind": "bot", "bot": "expert"}]}, "unknown bot 'expert'"),
            ({"game": ORA, "players": 2, "takeover": {"bot": "expert"}}, "takeover.bot: unknown bot 'expert'"),
            ({"game": ORA, "players": 2, "clock": {"kind": "move", "seconds": 60, "bot": "expert"}}, "clock.bot"),
            ({"game": ORA, "seats": [{"kind": "person"}, {"kind": "bot", "bot": "mcts"}]}, "unknown bot 'mcts'"),
            ({"players": 1}, "players must be 2 to"),  # Pillars has no solo game
        ]
        for request, words in cases:
            r = c.post("/games", json=request)
            assert r.status_code == 400 and words in r.json()["error"], (request, r.text)
        made = c.post("/games", json={"game": ORA, "players": 4, "variants": ["short"]})
        assert made.status_code == 201 and made.json()["players"] == 4
        lobby = c.get("/api/lobby").json()
        assert lobby["games"][ORA]["players"] == [1, 2, 3, 4] and lobby["games"][ORA]["bots"] == sorted(bot_names(ORA))
        assert (
            {"heuristic", "random"} <= set(bot_names(ORA)) and "mcts" in BOTS and "mcts" not in bot_names(ORA)
        )  # Pillars' only
        assert {"france", "ireland", "short", "long"} <= set(lobby["games"][ORA]["variants"])
        assert "pillars" not in lobby["games"] and lobby["players"] == [2, 3, 4, 5, 6]  # Pillars' fields as they were


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_an_ora_record_is_read_back_as_written_and_a_pillars_record_does_not_name_its_game(players):
    from pillars_rules.web.registry import GameRecord, SeatSpec

    seats = tuple(SeatSpec("person", f"P{i}") for i in range(players))
    ora = GameRecord("g", players, seats, "h", {"name": ORA}, ("ireland",), game=ORA)
    assert GameRecord.from_json("g", ora.to_json(), False) == ora
    if players >= 2:
        pillars = GameRecord("g", players, seats, "h", {"name": "base"})
        assert '"game"' not in pillars.to_json() and GameRecord.from_json("g", pillars.to_json(), False) == pillars


def test_a_seat_takes_its_move_back_on_an_ora_table(tmp_path):
    from .support import client, create, receive_until, say_hello

    with client(tmp_path) as c:
        made = create(c, game=ORA, seats=[{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Ben"}])
        gid, ann = made["game"], key_of(made["seats"][0]["link"])
        with c.websocket_connect("/ws") as ws:
            _, sync = say_hello(ws, gid, ann)
            first = sync["view"]
            ws.send_text(json.dumps({"decision": 1, "action": sync["choices"][0]["action"]}))
            update = receive_until(ws, "update")
            assert update["decision"] == 2 and update["view"] != first
            ws.send_text(json.dumps({"type": "undo", "decision": 2}))
            back = receive_until(ws, "sync")  # nobody else decided since: taken back at once
            assert back["game"] == ORA and back["decision"] == 1 and back["view"] == first
            assert back["choices"] == sync["choices"]
            assert receive_until(ws, "undos")["type"] == "undos"
        with EventStore(str(tmp_path / "games.sqlite3")) as store:
            game = Table.open(store, gid).game
        assert game.decision == 1 and json.loads(game.export(None)) == first


def test_the_lobby_s_peek_tells_how_an_ora_table_stands(tmp_path):
    from .support import client, create

    with client(tmp_path) as c:
        made = create(c, game=ORA, seats=[{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic"}])
        r = c.post(
            "/api/peek",
            content=json.dumps({"game": made["game"], "key": key_of(made["seats"][0]["link"])}),
            headers={"origin": "http://testserver", "content-type": "application/json"},
        )
        assert r.status_code == 200, r.text
        peek = r.json()
        assert peek["round"] == 1 and peek["turn"] == "Ann" and peek["mine"] and peek["name"] == "Ann"
        assert peek["last"] == "The production wheel turns (round 1)"  # the turn itself is a control event

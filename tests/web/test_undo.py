"""Taking back a move on the server (issue #56), in process: alone past a
bot's answers, with the other person's agreement, never past chance, and
recorded in the log that every reader follows."""

from __future__ import annotations

import json

import pillars_rules as pr
from pillars_rules.table import EventStore, Table
from pillars_rules.web.undo import plan

from .support import client, create, key_of, receive, receive_until, say_hello


def _answer(ws, msg: dict) -> None:
    ws.send_text(json.dumps({"decision": msg["decision"], "action": msg["choices"][0]["action"]}))


def _until_turn(ws, seat: int) -> dict:
    while True:
        m = receive(ws)
        if m["type"] in ("sync", "update") and m["turn"] and m["turn"]["seat"] == seat and m["choices"]:
            return m


def _stored(tmp_path, game_id: str):
    with EventStore(tmp_path / "games.sqlite3") as store:
        return store.read(game_id), Table.open(store, game_id)


def test_a_person_takes_back_a_move_past_the_bots_answer_and_everyone_follows(tmp_path):
    with client(tmp_path, bot_delay=0.0) as c:
        res = create(c, seed=4, seats=[{"kind": "person"}, {"kind": "bot", "bot": "random"}])
        gid = res["game"]
        with c.websocket_connect("/ws") as ws, c.websocket_connect("/ws") as spy:
            _, first = say_hello(ws, gid, key_of(res["seats"][0]["link"]))
            say_hello(spy, gid, key_of(res["spectator"]))
            _answer(ws, first)
            again = _until_turn(ws, 0)  # the bot answered in between
            assert again["decision"] == first["decision"] + 2
            ws.send_text(json.dumps({"type": "undo", "decision": again["decision"]}))
            back = receive_until(ws, "sync")
            assert back["decision"] == first["decision"] and back["choices"] == first["choices"]
            undos = receive_until(ws, "undos")["undos"]
            assert [(u["seat"], u["to"], u["from"]) for u in undos] == [(0, first["decision"], again["decision"])]
            assert receive_until(spy, "sync")["decision"] == first["decision"]
            # nothing more to take back: the refusal says why, the game is unchanged
            ws.send_text(json.dumps({"type": "undo", "decision": back["decision"]}))
            refused = receive_until(ws, "refused")
            assert refused["code"] == "undo" and "no decision" in refused["reason"]
            _answer(ws, back)  # and play goes on
            assert _until_turn(ws, 0)["decision"] == first["decision"] + 2
    rows, table = _stored(tmp_path, gid)
    assert [e["type"] for e in rows.events].count("Undone") == 1
    assert table.game.decision == first["decision"] + 2 and len(table.undos) == 1


def test_across_seats_the_other_person_must_agree(tmp_path):
    with client(tmp_path) as c:
        res = create(c, seed=4, seats=[{"kind": "person"}, {"kind": "person"}])
        gid, ann, ben = res["game"], key_of(res["seats"][0]["link"]), key_of(res["seats"][1]["link"])
        with c.websocket_connect("/ws") as aws, c.websocket_connect("/ws") as bws:
            _, a0 = say_hello(aws, gid, ann)
            say_hello(bws, gid, ben)
            _answer(aws, a0)
            _answer(bws, _until_turn(bws, 1))
            now = _until_turn(aws, 0)
            aws.send_text(json.dumps({"type": "undo", "decision": now["decision"]}))
            asked = receive_until(bws, "undo_request")["request"]
            assert (asked["seat"], asked["waiting"]) == (0, [1])
            assert receive_until(aws, "undo_request")["request"] == asked  # Ann sees her request wait
            bws.send_text(json.dumps({"type": "undo_answer", "decision": now["decision"], "accept": False}))
            assert receive_until(aws, "undo_request") == {
                "type": "undo_request",
                "request": None,
                "declined_by": {"seat": 1, "name": "Blue"},
            }
            # asked again, and agreed: back to Ann's decision
            aws.send_text(json.dumps({"type": "undo", "decision": now["decision"]}))
            receive_until(bws, "undo_request")
            bws.send_text(json.dumps({"type": "undo_answer", "decision": now["decision"], "accept": True}))
            assert receive_until(aws, "sync")["decision"] == a0["decision"]
            assert receive_until(bws, "sync")["decision"] == a0["decision"]
    rows, table = _stored(tmp_path, gid)
    assert table.game.decision == a0["decision"] and [u.seat for u in table.undos] == [0]


def test_nothing_is_taken_back_past_revealed_chance():
    game = pr.new_game(2, 7)
    while True:
        seat, before = game.current_player, game.n_events
        game = game.apply(game.legal_actions()[0])
        if any(isinstance(e, pr.events.CHANCE_EVENTS) for e in game.events[before:]):
            break
    assert not game.is_over
    assert "revealed" in plan(game, seat, {0, 1})
    # before that answer, the same seat's earlier decision could be taken back
    assert isinstance(plan(game, seat, {seat}), str)

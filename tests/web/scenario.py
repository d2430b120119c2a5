"""The protocol page's walk-through, played for real on an in-process server:
every message it shows, by the name of its ``.. example:`` block."""

from __future__ import annotations

import json

from pillars_rules.web import protocol as P

from .support import create, key_of, receive, receive_until, say_hello

#: The game of the page: two people, the base cards, seed 3.
REQUEST = {
    "players": 2,
    "seats": [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Ben"}],
    "cards": "base",
    "variants": [],
    "takeover": None,
    "seed": 3,
}
#: The page's Ora et Labora table: Ann and Ben, the 2-player game, Ireland.
ORA_REQUEST = {
    "game": "ora-et-labora",
    "players": 2,
    "variants": ["ireland"],
    "seats": [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Ben"}],
}
#: Ann's first answer on the page (one of her choices at decision 1).
ANN_ACTION = {"type": "Hire", "card": "toolmaker"}


def play_ora(c, out: dict, sent: dict) -> list[tuple[str, str]]:
    """The page's Ora et Labora part: its messages into ``out`` and ``sent``; the ids and keys
    to replace by the page's placeholders."""
    sent["ora-create"] = ORA_REQUEST
    res = create(c, **ORA_REQUEST)
    game, ann = res["game"], key_of(res["seats"][0]["link"])
    with c.websocket_connect("/ws") as ws:
        _, out["ora-sync"] = say_hello(ws, game, ann)
        receive(ws)  # who is here
        sent["ora-action"] = {"decision": 1, "action": out["ora-sync"]["choices"][0]["action"]}
        ws.send_text(json.dumps(sent["ora-action"]))
        out["ora-update"] = receive_until(ws, "update")
        ws.send_text(json.dumps({"decision": 2, "action": {"type": "Build", "card": "windmill", "x": 9, "y": 9}}))
        out["ora-refused"] = receive_until(ws, "refused")
    return [(game, "ORA-GAME-ID"), (ann, "ORA-ANN-KEY")]


def play(c) -> tuple[dict, dict]:
    """(messages by example name, sent by example name) with the random ids and
    keys replaced by the page's placeholders."""
    out: dict = {}
    sent: dict = {"create": REQUEST}
    res = create(c, **REQUEST)
    game, ann, ben, spec = (
        res["game"],
        key_of(res["seats"][0]["link"]),
        key_of(res["seats"][1]["link"]),
        key_of(res["spectator"]),
    )
    out["created"] = res
    with c.websocket_connect("/ws") as ws:
        sent["hello"] = json.loads(P.hello(game, ann))
        out["welcome"], out["sync"] = say_hello(ws, game, ann)
        out["seats"] = receive(ws)
        with c.websocket_connect("/ws") as old:  # Ben, in protocol version 1
            sent["hello-v1"] = json.loads(P.hello(game, ben, None, 1))
            out["welcome-v1"], _ = say_hello(old, game, ben, protocol=1)
            action = {"decision": 1, "action": ANN_ACTION}
            sent["action"] = action
            ws.send_text(json.dumps(action))
            out["update"] = receive_until(ws, "update")
            out["update-v1"] = receive_until(old, "update")
        ws.send_text(json.dumps(action))  # the same message again
        out["refused-stale"] = receive_until(ws, "refused")
        ws.send_text(json.dumps({"decision": 2, "action": {"type": "Pass"}}))
        out["refused-not-your-turn"] = receive_until(ws, "refused")
    with c.websocket_connect("/ws") as ws:  # Ann again, with what she saw
        sent["hello-again"] = json.loads(P.hello(game, ann, 1))
        out["welcome-again"], out["catch-up"] = say_hello(ws, game, ann, 1)
    with c.websocket_connect("/ws") as ws:
        out["welcome-spectator"], out["sync-spectator"] = say_hello(ws, game, spec)
        receive(ws)
        ws.send_text(json.dumps({"decision": 2, "action": {"type": "Pass"}}))
        out["refused-spectator"] = receive_until(ws, "refused")
    with c.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "hello", "protocol": 3, "game": game, "key": ben}))
        out["refused-version"] = receive(ws)
    # Ben answers; Ann takes her first answer back, which Ben must agree to (the page's "Undo")
    with c.websocket_connect("/ws") as aws, c.websocket_connect("/ws") as bws:
        say_hello(aws, game, ann)
        _, ben_sync = say_hello(bws, game, ben)
        bws.send_text(json.dumps({"decision": 2, "action": ben_sync["choices"][0]["action"]}))
        receive_until(aws, "update")
        sent["undo"] = {"type": "undo", "decision": 3}
        aws.send_text(json.dumps(sent["undo"]))
        out["undo-request"] = receive_until(bws, "undo_request")
        sent["undo-answer"] = {"type": "undo_answer", "decision": 3, "accept": True}
        bws.send_text(json.dumps(sent["undo-answer"]))
        out["undo-sync"] = receive_until(bws, "sync")
        out["undos"] = receive_until(bws, "undos")
    ora = play_ora(c, out, sent)
    text = json.dumps([out, sent])
    for value, name in ((game, "GAME-ID"), (ann, "ANN-KEY"), (ben, "BEN-KEY"), (spec, "SPECTATOR-KEY"), *ora):
        text = text.replace(value, name)
    out, sent = json.loads(text)
    return out, sent

"""An engine error at a server table (issue #53): when the engine refuses a
server bot's answer taken from its seat's own legal actions, the table does
not freeze -- every client is told (``engine_error``), the operator's log
says so, and the bot plays the seat's next legal action; if none can be
applied the game stops with that said (docs/server.rst).

The server, its store and its bot pool are real; the engine's failure is
injected at the table (``Table.check`` refuses the bot's answer as the engine
did on the issue's cards, 'malformed action ...: AttributeError')."""

from __future__ import annotations

import json
import logging

from pillars_rules.table import EventStore, Table, decode_message

from .support import client, create, key_of, receive, say_hello

BOT = 1
REASON = "malformed action ChooseOption(0): AttributeError: 'Bid' object has no attribute 'options'"


def failing(monkeypatch, every: bool) -> list:
    """Make the table refuse the bot seat's answers: its first one, or every one."""
    real, refused = Table.check, []

    def check(self, seat, message, **kw):
        if seat == BOT and (every or not refused):
            refused.append(decode_message(message))
            return self._refused("illegal", REASON)
        return real(self, seat, message, **kw)

    monkeypatch.setattr(Table, "check", check)
    return refused


def play(ws, sync, until) -> list[dict]:
    """Answer seat 0's decisions with its first choice; every message until ``until(msg)``."""
    seen, msg = [], sync
    while not until(msg):
        if msg["type"] in ("sync", "update") and msg["turn"] and msg["turn"]["seat"] == 0 and msg["choices"]:
            ws.send_text(json.dumps({"decision": msg["decision"], "action": msg["choices"][0]["action"]}))
        msg = receive(ws)
        seen.append(msg)
    return seen


def table(tmp_path, caplog, until) -> tuple[dict, list[dict]]:
    """A person (seat 0) and a random server bot (seat 1) on a real server; the
    game's creation and the messages seat 0 gets until ``until``."""
    caplog.set_level(logging.INFO, logger="pillars_rules.web")
    with client(tmp_path, bot_delay=0.0) as c:
        res = create(c, seats=[{"kind": "person"}, {"kind": "bot", "bot": "random"}])
        with c.websocket_connect("/ws") as ws:
            _, sync = say_hello(ws, res["game"], key_of(res["seats"][0]["link"]))
            return res, play(ws, sync, until)


def test_the_bot_falls_back_to_another_legal_action_and_everyone_is_told(tmp_path, monkeypatch, caplog):
    refused = failing(monkeypatch, every=False)
    res, seen = table(tmp_path, caplog, lambda m: m.get("result") is not None)
    told = [m for m in seen if m["type"] == "refused" and m["code"] == "engine_error"]
    assert len(told) == 1 and "played another legal action" in told[0]["reason"] and not told[0]["closing"]
    assert "AttributeError" in told[0]["reason"]
    with EventStore(tmp_path / "games.sqlite3") as store:
        game = Table.open(store, res["game"]).game
    assert game.is_over  # the table went on to the end
    decision, action = refused[0]
    assert decision == told[0]["decision"]
    assert any(r.getMessage().startswith("engine error game=") for r in caplog.records)
    assert any("fell back" in r.getMessage() for r in caplog.records)


def test_when_no_legal_action_applies_the_game_stops_and_says_so(tmp_path, monkeypatch, caplog):
    refused = failing(monkeypatch, every=True)
    _, seen = table(tmp_path, caplog, lambda m: m.get("code") == "engine_error")
    assert "the game is stopped for the server's operator" in seen[-1]["reason"]
    assert len({d for d, _ in refused}) == 1 and len(refused) >= 2  # every listed action of that one decision
    assert any(r.getMessage().startswith("table stopped game=") for r in caplog.records)

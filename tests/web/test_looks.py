"""What a seat looked at in the event deck reaches its page live (issue #53):
the update right after a look, a reorder or a bury carries the seat's own
event deck (the cards it saw, where they lie now) in protocol versions 1 and
2, and no frame to another seat or a spectator, no undo's sync and no replay
step names one of those cards."""

from __future__ import annotations

import json

import pytest

import pillars_rules as pr
from pillars_rules.pillars_json.codec import converter
from pillars_rules.table import EventStore, Table
from pillars_rules.web.cardinfo import card_catalogue
from pillars_rules.web.statejson import apply_changes

from .support import client, create, key_of, say_hello

#: Every seat starts with it; at each round's start it offers a look, a reorder and a bury.
SEER = """craftsman seer "Seer" de "Seher" {
    round start
    at round_start: choose one: gain 1 gold | look at the next 2 events | reorder the next 3 events | bury the next event
}
"""
GOLD, LOOK, REORDER, BURY = range(4)
ORIGIN = {"origin": "http://testserver", "content-type": "application/json"}


@pytest.fixture
def seers(tmp_path):
    fan = tmp_path / "seers"
    fan.mkdir()
    (fan / "seer.cards").write_text(SEER, encoding="utf-8")
    return str(fan)


class Reader:
    """One connection's frames, with the state its protocol version rebuilds from them."""

    def __init__(self, ws, protocol: int) -> None:
        self.ws, self.protocol, self.frames, self.state = ws, protocol, [], None

    def take(self, text: str) -> dict:
        m = json.loads(text)
        self.frames.append(text)
        if m["type"] == "sync":
            self.state = m["view"]["state"]
        elif m["type"] == "update":
            self.state = m["state"] if "state" in m else apply_changes(self.state, m["changes"])
        return m

    def until(self, decision: int) -> dict:
        """Read up to the sync or update that reaches ``decision``."""
        while True:
            m = self.take(self.ws.receive_text())
            if m["type"] in ("sync", "update") and m["decision"] >= decision:
                return m

    @property
    def deck(self) -> list[str]:
        return self.state["decks"]["event_deck"]


def _stored(tmp_path, game_id: str) -> pr.Game:
    with EventStore(tmp_path / "games.sqlite3") as store:
        return Table.open(store, game_id).game


def _act(reader: Reader, msg: dict, option: int) -> None:
    reader.ws.send_text(json.dumps({"decision": msg["decision"], "action": {"type": "ChooseOption", "index": option}}))


def _hidden_from(frames: list[str], cards: dict[str, str]) -> list[str]:
    """The seen cards (``cards``: id -> name) whose id (in quotes) or name appears in any of ``frames``."""
    return sorted(c for c, name in cards.items() if any(f'"{c}"' in f or name in f for f in frames))


def test_a_seat_sees_its_look_reorder_and_bury_live_and_nobody_else_does(tmp_path, seers):
    with client(tmp_path, cards_dirs=(seers,)) as c:
        res = create(c, seed=5, cards="seers", seats=[{"kind": "person"}, {"kind": "person"}])
        gid, keys = res["game"], [key_of(s["link"]) for s in res["seats"]]
        with (
            c.websocket_connect("/ws") as a2,
            c.websocket_connect("/ws") as a1,
            c.websocket_connect("/ws") as b2,
            c.websocket_connect("/ws") as b1,
            c.websocket_connect("/ws") as s2,
            c.websocket_connect("/ws") as s1,
        ):
            readers = {}
            for name, ws, key, version in (
                ("a2", a2, keys[0], 2),
                ("a1", a1, keys[0], 1),
                ("b2", b2, keys[1], 2),
                ("b1", b1, keys[1], 1),
                ("s2", s2, key_of(res["spectator"]), 2),
                ("s1", s1, key_of(res["spectator"]), 1),
            ):
                r = readers[name] = Reader(ws, version)
                _, first = say_hello(ws, gid, key, protocol=version)
                r.take(json.dumps(first))
            a, b = readers["a2"], readers["b2"]
            start = json.loads(a.frames[-1])
            assert start["turn"]["seat"] == 0 and set(a.deck) == {"?"}

            def step(reader: Reader, msg: dict, option: int) -> dict:
                _act(reader, msg, option)
                return {name: r.until(msg["decision"] + 1) for name, r in readers.items()}

            # seat 0 looks at the next 3 cards to reorder them: its very next update shows them
            got = step(a, start, REORDER)
            truth = _stored(tmp_path, gid)
            top = list(truth.state.event_deck[:3])
            catalogue = card_catalogue(truth.rules)
            seen = {c: catalogue[c]["name"] for c in top}  # what seat 0 saw, by id and by name
            for name in ("a2", "a1"):
                r = readers[name]
                assert r.deck[:3] == top and set(r.deck[3:]) == {"?"}, name
                assert [tuple(x) for x in r.state["seen"]] == [(0, card) for card in top]
            assert "changes" in got["a2"] and "state" in got["a1"]
            assert got["a2"]["changes"]["decks/event_deck"][:3] == top
            # seat 0 puts the last first: the update after shows the new order
            step(a, got["a2"], 4)  # option 5: the third card, then the first, then the second
            order = [top[2], top[0], top[1]]
            assert _stored(tmp_path, gid).state.event_deck[:3] == tuple(order)
            for name in ("a2", "a1"):
                assert readers[name].deck[:3] == order, name
            # seat 1 buries the top card (seen by seat 0 only): seat 0 sees it at the bottom
            turn = json.loads(b.frames[-1])
            assert turn["turn"]["seat"] == 1 and turn["choices"]
            step(b, turn, BURY)
            deck = _stored(tmp_path, gid).state.event_deck
            assert deck[-1] == order[0] and deck[:2] == tuple(order[1:])
            game = _stored(tmp_path, gid)
            for name in ("a2", "a1"):
                r = readers[name]
                assert r.deck[:2] == order[1:] and r.deck[-1] == order[0] and r.deck.count("?") == len(deck) - 3
                # the state each version rebuilt is the seat's own view, as a reload would get it
                assert r.state == json.loads(json.dumps(converter.unstructure(game.view(0).state))), name
            assert _hidden_from(readers["a1"].frames, seen) == sorted(seen)  # the check finds them where they are
            for name in ("b2", "b1", "s2", "s1"):
                r = readers[name]
                assert set(r.deck) == {"?"} and r.state["seen"] == [], name
                assert _hidden_from(r.frames, seen) == [], name

            # a seat that reconnects and catches up from an earlier decision gets its own deck too
            for key, seat in ((keys[0], 0), (keys[1], 1)):
                with c.websocket_connect("/ws") as again:
                    _, caught = say_hello(again, gid, key, seen=start["decision"] + 1, protocol=2)
                assert caught["type"] == "update" and "state" in caught
                assert caught["state"]["decks"]["event_deck"] == list(game.view(seat).state.event_deck)
                if seat == 1:
                    assert _hidden_from([json.dumps(caught)], seen) == []
            # seat 1 takes its bury back: every connection gets a sync, and still only seat 0 the cards
            b.ws.send_text(json.dumps({"type": "undo", "decision": game.decision}))
            while (m := b.take(b.ws.receive_text()))["type"] != "sync":
                assert m["type"] != "refused", m
            for r in readers.values():
                if r is b:
                    continue
                while r.take(r.ws.receive_text())["type"] != "sync":
                    pass
            for name in ("a2", "a1"):
                assert readers[name].deck[:3] == order, name
            for name in ("b2", "b1", "s2", "s1"):
                assert set(readers[name].deck) == {"?"}, name
                assert _hidden_from(readers[name].frames, seen) == [], name
            # seat 0 may take back the order it chose (it knew the cards then too) ...
            a.ws.send_text(json.dumps({"type": "undo", "decision": json.loads(a.frames[-1])["decision"]}))
            for r in readers.values():
                while (m := r.take(r.ws.receive_text()))["type"] != "sync":
                    assert m["type"] != "refused", m
            for name in ("a2", "a1"):
                assert readers[name].deck[:3] == top, name  # as they lay when it looked
            for name in ("b2", "b1", "s2", "s1"):
                assert _hidden_from(readers[name].frames, seen) == [], name
            # ... but not the look itself: nobody can forget what was seen
            a.ws.send_text(json.dumps({"type": "undo", "decision": m["decision"]}))
            while (m := a.take(a.ws.receive_text()))["type"] not in ("refused", "sync"):
                pass
            assert m["type"] == "refused" and m["code"] == "undo" and "revealed" in m["reason"]

        # the replay of the running game, step by step, for seat 1: none of the cards either
        index = c.post("/api/replay", content=json.dumps({"game": gid, "key": keys[1]}), headers=ORIGIN)
        assert index.status_code == 200
        public = {k: v for k, v in index.json().items() if k not in ("catalogue", "board")}  # every card's text
        texts = [json.dumps(public)]
        for d in index.json()["decisions"]:
            step_doc = c.post(
                "/api/replay", content=json.dumps({"game": gid, "key": keys[1], "at": d["n"]}), headers=ORIGIN
            )
            assert step_doc.status_code == 200
            texts.append(step_doc.text)
        assert _hidden_from(texts, seen) == []

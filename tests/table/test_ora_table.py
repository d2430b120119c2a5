"""Ora et Labora at a table (issue #59): stored, reloaded and refused as Pillars' games are,
on both event-store backends; its actions go as JSON by its game type's fields."""

from __future__ import annotations

import json
import random

import pytest

import pillars_rules as pr
from pillars_rules.core import game_type
from pillars_rules.errors import ConfigError, IllegalActionError
from pillars_rules.table import Table, actionjson, encode_message

ORA = "ora-et-labora"


def _play(table: Table, n: int, seed: int = 1) -> None:
    rnd = random.Random(seed)
    for _ in range(n):
        if table.game.is_over:
            return
        action = rnd.choice(table.game.legal_actions())
        out = table.handle(table.game.current_player, encode_message(table.decision, action, table.kind))
        assert out.ok, out


@pytest.mark.parametrize(("players", "variants"), [(1, []), (2, ["ireland"]), (3, ["short"])])
def test_an_ora_game_is_stored_and_reloaded_move_for_move(backend, players, variants):
    with backend.open() as store:
        table = Table.create(store, "ora", players=players, seed=5, variants=variants, game=ORA)
        _play(table, 40)
        again = Table.open(store, "ora")
        assert again.game == table.game and again.kind is game_type(ORA)
        assert again.game.game_type.name == ORA and again.decision == table.decision
        assert json.loads(again.export(0)) == json.loads(table.export(0))
    with backend.open() as store:  # another process, after a restart: the same game, and it plays on
        after = Table.open(store, "ora")
        assert after.game == table.game
        _play(after, 10, seed=2)
        assert after.decision == table.decision + 10 or after.game.is_over


def test_a_whole_solo_game_reaches_its_end_and_replays(backend):
    with backend.open() as store:
        table = Table.create(store, "solo", players=1, seed=1, game=ORA)
        _play(table, 100_000, seed=3)
        assert table.game.is_over and len(table.game.scores()) == 1
        assert Table.open(store, "solo").game == table.game
        assert pr.load(pr.save(table.game)) == table.game


def test_bad_messages_on_an_ora_table_are_refused_and_change_nothing(backend):
    with backend.open() as store:
        table = Table.create(store, "ora", players=2, seed=5, game=ORA)
        _play(table, 3)
        before, rows = table.game, store.read("ora").events
        d = table.decision
        other = 1 - table.game.current_player
        legal = table.game.legal_actions()[0]
        cases = {
            "bad_message": [
                "{",
                json.dumps({"decision": d, "action": {"type": "Buy", "resource": "wood", "n": 2}}),  # Pillars' Buy
                json.dumps({"decision": d, "action": {"type": "Nope"}}),
                json.dumps({"decision": d, "action": {"type": "Fell", "cover": "forest", "x": True}}),
                json.dumps({"decision": d, "action": {"type": "Fell", "cover": "forest", "evil": 1}}),
                json.dumps({"decision": d, "action": {"type": "Settle", "card": "x", "x": 1, "y": 1, "payment": 3}}),
                json.dumps(
                    {"decision": d, "action": {"type": "Settle", "card": "x", "x": 1, "y": 1, "payment": [[[["a"]]]]}}
                ),
                json.dumps({"decision": d, "action": {"type": "Build", "card": "x" * 10_000, "x": 0, "y": 0}}),
                json.dumps({"decision": d, "action": {"type": "Build", "card": "windmill", "x": 2**40, "y": 0}}),
            ],
            "illegal": [json.dumps({"decision": d, "action": {"type": "Build", "card": "windmill", "x": 99, "y": 99}})],
            "stale": [encode_message(d - 1, legal, table.kind)],
            "bad_seat": [encode_message(d, legal, table.kind)],
        }
        for code, messages in cases.items():
            for message in messages:
                seat = 7 if code == "bad_seat" else table.game.current_player
                out = table.handle(seat, message)
                assert (out.ok, out.code) == (False, code), (message[:80], out)
                assert out.reason and len(out.reason) <= 200
        out = table.handle(other, encode_message(d, legal, table.kind))
        assert (out.ok, out.code) == (False, "not_your_turn")
        assert table.game is before and store.read("ora").events == rows


def test_the_action_codec_reads_back_every_listed_action_and_names_its_game():
    kind = game_type(ORA)
    game = pr.playout(pr.new_game(game=ORA, players=2, seed=1), seed=4, max_actions=150)
    for action in game.legal_actions():
        doc = actionjson.encode(kind, action)
        assert "label" not in doc and actionjson.decode(kind, json.loads(json.dumps(doc))) == action
        assert actionjson.label(action) == action.label != ""
    with pytest.raises(IllegalActionError, match="not an action of Ora et Labora"):
        actionjson.encode(kind, pr.actions.Pass())


def test_a_table_of_another_game_refuses_pillars_card_files(tmp_path):
    from pillars_rules.table import EventStore

    with pytest.raises(ConfigError, match="plays its own card set"):
        Table.create(EventStore(":memory:"), "x", players=2, game=ORA, cards=[str(tmp_path / "fan.cards")])


def test_another_process_s_moves_are_followed_without_a_whole_reload(backend):
    from pillars_rules.table.follow import follow_listed

    with backend.open() as store, backend.open() as other:
        here = Table.create(store, "ora", players=2, seed=5, game=ORA)
        there = Table.open(other, "ora")
        _play(there, 25, seed=4)  # another server process answers
        tail = store.events_since("ora", here.rows)
        followed = follow_listed(here.game, tail)
        assert followed == there.game  # recognised decision by decision
        assert here.refresh() and here.game == there.game and here.step == there.step
        bad = [dict(tail[0], amount=99) if tail[0].get("amount") is not None else dict(tail[0], seat=1), *tail[1:]]
        assert follow_listed(Table.create(store, "ora2", players=2, seed=5, game=ORA).game, bad) is None

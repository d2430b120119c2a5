"""The server's group commit (pillars_rules.table): Table.check applies
without storing, Table.commit_many stores several tables' actions in one
transaction, and a table another writer moved on is refused alone."""

from __future__ import annotations

import pytest

import pillars_rules as pr
from pillars_rules.table import Checked, EventStore, Outcome, Table, encode_message


def first_move(table: Table) -> str:
    return encode_message(table.decision, table.game.legal_actions()[0])


def test_check_changes_nothing_until_commit(tmp_path):
    with EventStore(tmp_path / "g.sqlite3") as store:
        table = Table.create(store, "a", players=2, seed=1)
        checked = table.check(0, first_move(table))
        assert isinstance(checked, Checked) and table.decision == 1 and store.decision("a") == 1
        assert table.commit(checked).ok and table.decision == 2 and store.decision("a") == 2
        refused = table.check(0, encode_message(1, pr.actions.Pass()))
        assert isinstance(refused, Outcome) and refused.code == "stale"
        with pytest.raises(pr.ConflictError):
            table.commit(checked)  # the same Checked twice: the table moved on


def test_commit_many_stores_every_table_but_one_another_writer_beat(tmp_path):
    db = tmp_path / "g.sqlite3"
    with EventStore(db) as store, EventStore(db) as other:
        tables = [Table.create(store, g, players=2, seed=i) for i, g in enumerate("abc")]
        checks = [(t, t.check(t.game.current_player, first_move(t))) for t in tables]
        rival = Table.open(other, "b")  # another process answers b's decision first
        assert rival.handle(rival.game.current_player, first_move(rival)).ok
        results = Table.commit_many(store, checks)
        assert [type(r).__name__ for r in results] == ["Outcome", "ConflictError", "Outcome"]
        assert [store.decision(g) for g in "abc"] == [2, 2, 2]
        assert tables[1].game == rival.game  # b reloaded the winner's events
        for g, t in zip("abc", tables):
            assert Table.open(store, g).game == t.game and pr.replay(t.game.events) == t.game


def test_a_group_commit_takes_a_few_statements_whatever_its_size(tmp_path):
    # the store's thread waits for the event loop to hand back the GIL after
    # every SQLite statement: a batch must not cost statements per move (issue #60)
    from pillars_rules.table.store import _ROWS_PER_STATEMENT

    with EventStore(tmp_path / "g.sqlite3") as store:
        ids = [f"g{i}" for i in range(40)]
        for g in ids:
            store.create(g, {"h": g}, {"paths": None}, [{"e": 0}], 1)
        statements: list[str] = []
        store._db.set_trace_callback(statements.append)
        batch = [(g, 1, 1, [{"e": k} for k in range(1, 6)], 2) for g in ids]  # 200 events
        assert store.append_many(batch) == [None] * 40
        store._db.set_trace_callback(None)
        assert 200 > _ROWS_PER_STATEMENT and len(statements) <= 7, statements  # begin, read, 2 inserts, update, commit
        assert all(store.decision(g) == 2 for g in ids)
        stored = store._db.execute("SELECT idx, body FROM events WHERE game_id = 'g7' ORDER BY idx").fetchall()
        assert stored == [(k, '{"e": %d}' % k) for k in range(6)]


def test_a_group_commit_checks_its_calls_in_order(tmp_path):
    with EventStore(tmp_path / "g.sqlite3") as store:
        store.create("a", {"h": 1}, {"paths": None}, [{"e": 0}], 1)
        out = store.append_many(
            [
                ("a", 1, 1, [{"e": 1}], 2),
                ("a", 2, 2, [{"e": 2}], 3),
                ("a", 2, 2, [{"e": 9}], 3),
                ("nope", 1, 1, [{"e": 1}], 2),
            ]
        )
        assert out[:2] == [None, None]
        assert [type(x).__name__ for x in out[2:]] == ["ConflictError", "ConflictError"]
        assert out[2].stored == 3 and out[3].stored is None
        assert store.decision("a") == 3
        assert [r[0] for r in store._db.execute("SELECT body FROM events WHERE game_id = 'a' ORDER BY idx")] == [
            '{"e": 0}',
            '{"e": 1}',
            '{"e": 2}',
        ]

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
            table.commit(checked)   # the same Checked twice: the table moved on


def test_commit_many_stores_every_table_but_one_another_writer_beat(tmp_path):
    db = tmp_path / "g.sqlite3"
    with EventStore(db) as store, EventStore(db) as other:
        tables = [Table.create(store, g, players=2, seed=i) for i, g in enumerate("abc")]
        checks = [(t, t.check(t.game.current_player, first_move(t))) for t in tables]
        rival = Table.open(other, "b")          # another process answers b's decision first
        assert rival.handle(rival.game.current_player, first_move(rival)).ok
        results = Table.commit_many(store, checks)
        assert [type(r).__name__ for r in results] == ["Outcome", "ConflictError", "Outcome"]
        assert [store.decision(g) for g in "abc"] == [2, 2, 2]
        assert tables[1].game == rival.game     # b reloaded the winner's events
        for g, t in zip("abc", tables):
            assert Table.open(store, g).game == t.game and pr.replay(t.game.events) == t.game

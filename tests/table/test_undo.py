"""Taking moves back in the append-only log (issue #56): an ``Undone`` row,
read back by every reader of the store, on both backends."""

from __future__ import annotations

import json

import pytest

import pillars_rules as pr
from pillars_rules.errors import ConflictError, DamagedGameError
from pillars_rules.table import Table, encode_message


def _at(table: Table, decision: int) -> pr.Game:
    """The table's game as it was when ``decision`` became pending."""
    pending = [i for i, e in enumerate(table.game.events) if isinstance(e, pr.events.DecisionPending)]
    return table.rewound(pending[decision - 1] + 1)


def _play(table: Table, n: int) -> None:
    for _ in range(n):
        game = table.game
        action = game.legal_actions()[0]
        assert table.handle(game.current_player, encode_message(game.decision, action)).ok


def test_an_undo_is_a_row_of_its_own_and_every_reader_replays_the_game_as_taken_back(backend):
    store = backend.open()
    table = Table.create(store, "u1", players=2, seed=5)
    _play(table, 3)
    at_two = _at(table, 2)
    assert at_two.decision == 2
    rows_before = table.rows
    u = table.undo(0, at_two)
    assert (u.decision, u.came_from, table.decision, table.step, table.rows) == (2, 4, 2, 5, rows_before + 1)
    _play(table, 2)  # play goes on from decision 2
    assert (table.decision, table.step) == (4, 7)
    again = Table.open(backend.open(), "u1")
    assert again.game.events == table.game.events and (again.step, again.rows) == (table.step, table.rows)
    assert [x.public() for x in again.undos] == [u.public()]
    # the set-aside events stay stored: the log only grew
    stored = backend.open().read("u1")
    assert len(stored.events) == table.rows > table.game.n_events
    assert stored.events[rows_before]["type"] == "Undone"


def test_a_writer_on_a_branch_that_was_taken_back_gets_a_conflict_and_catches_up(backend):
    one = Table.create(backend.open(), "u2", players=2, seed=8)
    _play(one, 3)
    two = Table.open(backend.open(), "u2")
    stale = two.check(two.game.current_player, encode_message(two.decision, two.game.legal_actions()[0]))
    one.undo(1, _at(one, 3))
    with pytest.raises(ConflictError):
        two.commit(stale)
    assert two.game.events == one.game.events and two.step == one.step
    _play(one, 1)
    assert two.refresh() and two.game.events == one.game.events  # an answer after an undo follows


def test_a_malformed_undone_row_is_a_damaged_game_naming_it(backend):
    table = Table.create(backend.open(), "u3", players=2, seed=2)
    _play(table, 1)
    store = backend.open()
    store.append(
        "u3",
        table.step,
        table.rows,
        [{"type": "Undone", "seat": 0, "keep": 10**6, "decision": 1, "from": 2, "step": table.step + 1}],
        table.step + 1,
    )
    with pytest.raises(DamagedGameError, match="u3.*keeps"):
        Table.open(backend.open(), "u3")


def test_an_undo_refuses_a_point_of_another_log():
    from pillars_rules.table import EventStore

    table = Table.create(EventStore(":memory:"), "u4", players=2, seed=2)
    _play(table, 2)
    other = pr.new_game(2, 99)
    with pytest.raises(ValueError, match="earlier point"):
        table.undo(0, other)
    assert json.loads(pr.save(table.game)) == json.loads(pr.save(Table.open(table.store, "u4").game))

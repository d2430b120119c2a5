"""A MoveListener hears every move stored in PostgreSQL, by any process, through
LISTEN/NOTIFY, and after a lost connection (PostgreSQL restarted) listens again
and says so, so that the server catches up from the log (issue #28)."""

import asyncio
import random

import psycopg
import pytest

from pillars_rules.table import Table
from pillars_rules.table.pglisten import MoveListener, parse_payload
from pillars_rules.table.pgstore import PgEventStore

from .test_table import play

pytestmark = pytest.mark.postgres


def test_payloads_are_read_strictly():
    assert parse_payload("12 40 a b c") == ("a b c", 12, 40)
    for bad in ("", "12", "12 40", "x 40 g", "12 -4 g", "12 40 "):
        assert parse_payload(bad) is None


async def _until(condition, what: str, limit: float = 20.0) -> None:
    for _ in range(int(limit / 0.01)):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never happened: {what}")


def test_every_stored_move_is_heard_and_a_restart_is_followed_by_a_gap(pg_cluster, pg_dsn):
    heard, gaps, said = [], [], []

    async def main():
        store = PgEventStore(pg_dsn)
        table = Table.create(store, "g", players=3, seed=2)
        listener = MoveListener(
            pg_dsn,
            lambda *m: heard.append(m),
            lambda: gaps.append(len(heard)),
            ping=0.5,
            channels={"chat": said.append},
        )
        await listener.start()
        with psycopg.connect(pg_dsn, autocommit=True) as other:
            other.execute("NOTIFY chat, 'hello'")
        await _until(lambda: said == ["hello"], "a notification on another channel")
        play(table, random.Random(1), 10)
        await _until(lambda: len(heard) == 10, "ten moves heard")
        assert heard == [("g", d, n) for d, n in _counters(store, "g")][1:]
        pg_cluster.restart("immediate")
        play(table, random.Random(2), 3)  # stored while nobody listened, or after
        await _until(lambda: gaps, "the listener reconnected")
        play(table, random.Random(3), 5)
        await _until(lambda: heard and heard[-1][1] == table.decision, "the moves after it heard")
        await listener.close()
        return table

    table = asyncio.run(main())
    assert table.decision == 19 and len(gaps) == 1
    assert [d for _, d, _ in heard][-5:] == list(range(15, 20))


def _counters(store: PgEventStore, game_id: str) -> list[tuple[int, int]]:
    """(decision reached, events stored) after the creation and after each stored move."""
    import psycopg

    with psycopg.connect(store._dsn) as conn:
        rows = conn.execute(
            "SELECT decision, first + n FROM pillars.decisions WHERE game_id = %s ORDER BY decision", (game_id,)
        ).fetchall()
    return [(d + 1, end) for d, end in rows]

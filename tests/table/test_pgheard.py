"""A move's notification carries its events (issue #28): a process holding the game
moves its table on by them without reading the log, as long as they continue the
table; a move too big for a payload, a notification missed, a damaged text or a
question about the store's own counter all go to the log, so nothing is lost,
nothing is folded twice, and the table ends equal to the stored game."""

import asyncio
import json
import random

import psycopg
import pytest

from pillars_rules.table import Table
from pillars_rules.table.pgheard import MAX_HEARD_EVENTS
from pillars_rules.table.pglisten import MoveListener, parse_payload, payload_events
from pillars_rules.table.pgstore import MAX_PAYLOAD_BYTES, PgEventStore

from .test_table import play

pytestmark = pytest.mark.postgres


class Unreachable:
    """A store's connection that must not be used."""

    broken = closed = False

    def execute(self, *args, **kw):
        raise AssertionError("the database was asked")


def _listen(dsn: str, channel: str) -> psycopg.Connection:
    conn = psycopg.connect(dsn, autocommit=True)
    conn.execute(f'LISTEN "{channel}"')
    return conn


def _moves(conn: psycopg.Connection, n: int) -> list[tuple[str, int, int, list[str] | None]]:
    got = [x.payload for x in conn.notifies(timeout=2, stop_after=n)]
    assert len(got) == n
    return [(*parse_payload(p), payload_events(p)) for p in got]


def _played(dsn: str, players: int, seed: int, n: int, rnd: int):
    """A writer's table, a reader's table of the same game (opened before the moves), a
    connection listening, and the ``n`` moves the writer then played, as heard."""
    writer = Table.create(PgEventStore(dsn), "g", players=players, seed=seed)
    reader = Table.open(PgEventStore(dsn), "g")
    listener = _listen(dsn, writer.store.channel)
    play(writer, random.Random(rnd), n)
    return writer, reader, listener, _moves(listener, n)


def test_a_held_table_follows_the_events_it_heard_without_a_query(pg_dsn):
    writer, reader, _, moves = _played(pg_dsn, 3, 4, 6, 1)
    assert [d for _, d, _, _ in moves] == list(range(2, 8))
    for game_id, _, n_events, events in moves:
        assert reader.store.heard(game_id, n_events, events)
    real, reader.store._conn = reader.store._conn, Unreachable()
    try:
        assert reader.refresh(moves[-1][1])  # six moves, no question to the database
    finally:
        reader.store._conn = real
    assert reader.game == writer.game
    assert reader.store._heard._runs == {}  # handed out once


def test_a_notification_missed_or_without_its_events_sends_the_table_to_the_log(pg_dsn):
    writer, reader, listener, moves = _played(pg_dsn, 2, 9, 5, 2)
    # the second move's notification is missed; the later ones do not continue the table
    for game_id, _, n_events, events in moves[2:]:
        reader.store.heard(game_id, n_events, events)
    assert not reader.store.covers("g", reader.game.n_events)
    assert reader.refresh(moves[-1][1])
    assert reader.game == writer.game
    # a move notified without its events (too big): the run heard before it is dropped
    play(writer, random.Random(3), 2)
    first, second = _moves(listener, 2)
    reader.store.heard(*first[::2], first[3])
    reader.store.heard(second[0], second[2], None or ())
    assert reader.store._heard._runs == {}
    assert reader.refresh(second[1]) and reader.game == writer.game


def test_heard_events_are_not_used_after_asking_the_store_or_when_damaged(pg_dsn):
    writer, reader, _, ((g, d, n, events), later) = _played(pg_dsn, 2, 9, 2, 4)
    store = reader.store
    assert not store.heard(g, n, ["{not json"] + events[1:])  # a damaged text: nothing kept
    assert not store.heard(g, n, ["[1]"])
    assert store.heard(g, n, events) and store.covers(g, reader.game.n_events)
    assert store.decision(g) == 3 and not store.covers(g, reader.game.n_events)
    assert reader.refresh() and reader.game == writer.game  # read from the log
    store.heard(g, later[2], later[3])
    store.forget(g)  # the table was unloaded
    assert store._heard._runs == {}


def test_a_long_run_heard_and_never_read_is_bounded(pg_dsn):
    store = PgEventStore(pg_dsn)
    body = json.dumps({"type": "Pass"})
    for end in range(1, MAX_HEARD_EVENTS + 10):
        store.heard("g", end, [body])
    first, kept = store._heard._runs["g"]
    assert len(kept) <= MAX_HEARD_EVENTS and first + len(kept) == MAX_HEARD_EVENTS + 9


def test_a_move_too_big_for_a_payload_is_notified_by_its_counters_and_read_from_the_log(pg_dsn):
    writer = Table.create(PgEventStore(pg_dsn), "g", players=2, seed=9)
    game = writer.game
    listener = _listen(pg_dsn, writer.store.channel)
    big = [{"type": "Note", "text": "é" * (MAX_PAYLOAD_BYTES // 2)}]  # under the limit in characters
    writer.store.append("g", game.decision, game.n_events, big, game.decision + 1)
    small = [{"type": "Note", "text": "x"}]
    writer.store.append("g", game.decision + 1, game.n_events + 1, small, game.decision + 2)
    (g, d, n, events), (_, _, n2, events2) = _moves(listener, 2)
    assert (g, d, n, events) == ("g", game.decision + 1, game.n_events + 1, None)
    assert [json.loads(x) for x in events2] == small
    reader = PgEventStore(pg_dsn)
    reader.heard(g, n2, events2)
    assert reader.events_since("g", game.n_events) == big + small  # the log: both moves


def test_the_listener_hands_over_the_events_of_each_move(pg_cluster, pg_dsn):
    heard = []

    async def main():
        store = PgEventStore(pg_dsn)
        table = Table.create(store, "g", players=3, seed=2)
        listener = MoveListener(pg_dsn, lambda *m: heard.append(m), lambda: None, events=True)
        await listener.start()
        start = table.game.n_events
        play(table, random.Random(1), 8)
        for _ in range(2000):
            if len(heard) == 8:
                break
            await asyncio.sleep(0.01)
        await listener.close()
        return store.load("g")[2][start:]

    stored = asyncio.run(main())
    assert [json.loads(x) for *_, events in heard for x in events] == stored


def test_the_fan_out_follows_heard_events_on_the_event_loop_and_leaves_the_rest_to_the_log(pg_dsn):
    from types import SimpleNamespace

    from pillars_rules.web.fanout import PgFanout

    fanout = PgFanout(pg_dsn, "pillars")
    writer, reader, _, moves = _played(pg_dsn, 2, 9, 3, 5)
    room = SimpleNamespace(table=reader)
    store = reader.store
    assert not fanout.follow_here(room, None)  # "ask the store": its thread's work
    assert not fanout.follow_here(room, moves[0][1])  # nothing heard
    g, d, n, events = moves[0]
    store.heard(g, n, events)
    real, store._conn = store._conn, Unreachable()
    try:
        assert fanout.follow_here(room, d)  # followed here, without the database
        assert fanout.follow_here(room, d)  # already there
    finally:
        store._conn = real
    assert reader.store is store and reader.decision == d
    # events that do not follow by the rules (a damaged notification): left to the store's thread,
    # which reads the log; nothing of them reaches the table, and no reload runs on the event loop
    g, d, n, events = moves[1]
    bad = [json.loads(x) for x in events]
    bad[0] = {**bad[0], "seat": 1 - bad[0]["seat"]} if "seat" in bad[0] else {"type": "DraftPassed", "seat": 0}
    store.heard(g, n, [json.dumps(x) for x in bad])
    before = reader.game
    assert not fanout.follow_here(room, d)
    assert reader.game is before and reader.store is store
    assert reader.refresh(moves[2][1]) and reader.game == writer.game

"""What only the PostgreSQL event store has (issue #28): its layout, made and
checked by the library; the database's keys; a notification per stored move;
and lost connections that lose no move and store none twice. What both
backends share runs on both in ``test_table.py`` and the other table tests."""

import json
import random

import psycopg
import pytest

import pillars_rules as pr
from pillars_rules.errors import DamagedGameError
from pillars_rules.table import StoreError, Table, encode_message, open_store
from pillars_rules.table.pgstore import SCHEMA_VERSION, PgEventStore, redacted

from .pgproxy import Proxy
from .test_table import play

pytestmark = pytest.mark.postgres


def raw(dsn: str) -> psycopg.Connection:
    return psycopg.connect(dsn, autocommit=True)


def test_the_layout_is_made_on_first_open_with_its_version(pg_dsn):
    with open_store(pg_dsn) as store:
        assert isinstance(store, PgEventStore) and store.games() == []
    with raw(pg_dsn) as conn:
        assert conn.execute("SELECT value FROM pillars.meta WHERE key = 'schema_version'").fetchone() == (
            str(SCHEMA_VERSION),
        )
        tables = {
            r[0]
            for r in conn.execute("SELECT table_name FROM information_schema.tables WHERE table_schema = 'pillars'")
        }
    assert tables == {"meta", "games", "decisions", "events"}
    PgEventStore(pg_dsn).close()  # opening again changes nothing


def test_a_newer_or_damaged_layout_version_is_refused(pg_dsn):
    PgEventStore(pg_dsn).close()
    with raw(pg_dsn) as conn:
        conn.execute("UPDATE pillars.meta SET value = %s", (str(SCHEMA_VERSION + 1),))
        with pytest.raises(StoreError, match=f"layout version {SCHEMA_VERSION + 1}, made by a newer"):
            PgEventStore(pg_dsn)
        conn.execute("UPDATE pillars.meta SET value = 'one'")
        with pytest.raises(StoreError, match="missing or damaged"):
            PgEventStore(pg_dsn)
        conn.execute("DELETE FROM pillars.meta")
        with pytest.raises(StoreError, match="missing or damaged"):
            PgEventStore(pg_dsn)


def test_a_schema_holding_other_tables_is_refused_and_schemas_are_separate_stores(pg_dsn):
    with raw(pg_dsn) as conn:
        conn.execute("CREATE SCHEMA shop; CREATE TABLE shop.games (sku int)")
    with pytest.raises(StoreError, match="'shop' .* not a pillars-rules event store"):
        PgEventStore(pg_dsn, schema="shop")
    for bad in ("Shop", "a-b", "x" * 41, "", 7):
        with pytest.raises(pr.ConfigError, match="schema name"):
            PgEventStore(pg_dsn, schema=bad)
    one, two = PgEventStore(pg_dsn, schema="site_one"), PgEventStore(pg_dsn, schema="site_two")
    Table.create(one, "g", players=2, seed=1)
    assert one.games() == ["g"] and two.games() == []
    Table.create(two, "g", players=3, seed=2)  # the same id in another schema
    assert Table.open(one, "g").game == pr.new_game(players=2, seed=1)


def test_the_decision_rows_tile_the_log_and_the_keys_refuse_a_second_answer(pg_dsn):
    store = PgEventStore(pg_dsn)
    table = Table.create(store, "g", players=3, seed=4)
    play(table, random.Random(3), 40)
    with raw(pg_dsn) as conn:
        rows = conn.execute(
            "SELECT decision, first, n FROM pillars.decisions WHERE game_id = 'g' ORDER BY decision"
        ).fetchall()
        assert [d for d, _, _ in rows] == list(range(0, table.decision))  # 0 is the creation
        assert [f for _, f, _ in rows] == [sum(n for _, _, n in rows[:k]) for k in range(len(rows))]
        assert sum(n for _, _, n in rows) == table.game.n_events
        with pytest.raises(psycopg.errors.UniqueViolation):
            conn.execute("INSERT INTO pillars.decisions VALUES ('g', 5, 999, 1, 'intruder')")
        with pytest.raises(psycopg.errors.UniqueViolation):
            conn.execute("INSERT INTO pillars.events VALUES ('g', 3, '{}')")
    assert Table.open(store, "g").game == table.game


def test_a_stored_move_notifies_its_channel_at_commit_and_a_refused_one_does_not(pg_dsn):
    store = PgEventStore(pg_dsn)
    table = Table.create(store, "g", players=2, seed=6)
    listener = raw(pg_dsn)
    listener.execute(f'LISTEN "{store.channel}"')
    game = table.game
    first = game.legal_actions()[0]
    assert table.handle(0, encode_message(game.decision, first)).ok
    other = Table.open(PgEventStore(pg_dsn), "g")
    with pytest.raises(pr.ConflictError):  # a stale writer: nothing stored, nothing sent
        other.store.append("g", game.decision, game.n_events, [{"type": "DraftPassed", "seat": 0}], 2)
    got = [(n.channel, n.payload) for n in listener.notifies(timeout=0.3, stop_after=2)]
    assert [(c, p.split("\n", 1)[0]) for c, p in got] == [(store.channel, f"{table.decision} {table.game.n_events} g")]
    # the move's events follow, a JSON text a line: the stored ones
    assert [json.loads(x) for x in got[0][1].split("\n")[1:]] == store.load("g")[2][game.n_events :]
    listener.close()


def test_a_stored_id_that_is_not_a_game_id_is_a_damaged_game_error(pg_dsn):
    store = PgEventStore(pg_dsn)
    Table.create(store, "g", players=2, seed=6)
    with raw(pg_dsn) as conn:
        conn.execute(
            "INSERT INTO pillars.games (game_id, header, cards, decision, n_events) "
            "VALUES (E'a\\tb', '{}', 'null', 1, 0)"
        )  # a row written by hand
    with pytest.raises(DamagedGameError, match="not a valid game id"):
        store.games()


def test_the_tail_of_a_log_is_read_alone(pg_dsn):
    store = PgEventStore(pg_dsn)
    table = Table.create(store, "g", players=2, seed=6)
    play(table, random.Random(1), 12)
    everything = store.load("g")[2]
    for start in (0, 5, len(everything) - 1, len(everything)):
        assert store.events_since("g", start) == everything[start:]
    with raw(pg_dsn) as conn:
        conn.execute("DELETE FROM pillars.events WHERE game_id = 'g' AND idx = %s", (len(everything) - 2,))
    with pytest.raises(DamagedGameError, match="game 'g': the store holds .* from index 5 with gaps or extras"):
        store.events_since("g", 5)


@pytest.mark.parametrize(
    "body,why",
    [
        ("{not json", "event 4 is not JSON"),
        ("[1]", "event 4 is not a JSON object"),
        ("[" * 5_000 + "]" * 5_000, "event 4 is nested too deeply"),
        ("[" * 100_000 + "]" * 100_000, "event 4 is longer than"),
        ('{"type": "DraftPassed", "type": "Pass"}', "event 4 repeats the key 'type'"),
    ],
)
def test_a_damaged_event_row_is_a_save_error_naming_the_game(pg_dsn, body, why):
    store = PgEventStore(pg_dsn)
    Table.create(store, "g7", players=2, seed=6)
    with raw(pg_dsn) as conn:
        conn.execute("UPDATE pillars.events SET body = %s WHERE idx = 4", (body,))
    with pytest.raises(DamagedGameError, match=f"game 'g7': {why}") as info:
        Table.open(store, "g7")
    assert info.value.game_id == "g7"


@pytest.mark.parametrize(
    "edit",
    [
        "UPDATE pillars.games SET decision = decision + 1",
        "UPDATE pillars.games SET decision = decision - 1",
        "DELETE FROM pillars.decisions WHERE decision = 3",
        "UPDATE pillars.decisions SET n = n + 1 WHERE decision = (SELECT max(decision) FROM pillars.decisions)",
    ],
)
def test_counters_that_disagree_with_the_log_are_a_save_error_on_open(pg_dsn, edit):
    store = PgEventStore(pg_dsn)
    table = Table.create(store, "g", players=2, seed=6)
    play(table, random.Random(1), 8)
    with raw(pg_dsn) as conn:
        conn.execute(edit)
    with pytest.raises(DamagedGameError, match="game 'g': its counters .* disagree with its decision rows"):
        Table.open(store, "g")


def test_a_restarted_server_is_reconnected_to_and_no_move_is_lost(pg_cluster, pg_dsn):
    store = PgEventStore(pg_dsn)
    table = Table.create(store, "g", players=3, seed=8)
    rnd = random.Random(2)
    play(table, rnd, 20)
    for mode in ("fast", "immediate"):  # a clean stop, then a crash
        pg_cluster.restart(mode)
        play(table, rnd, 20)  # the first move finds the connection gone
    assert Table.open(PgEventStore(pg_dsn), "g").game == table.game
    assert table.decision == 61


@pytest.mark.parametrize("when", ["before", "after_commit"])
def test_a_move_whose_connection_drops_is_stored_exactly_once(pg_cluster, pg_dsn, when):
    """Dropped before the statement reached the server, the move is sent again;
    dropped after its commit, before the answer came back, the store finds its
    own decision row and does not send it again."""
    proxy = Proxy(pg_cluster.folder)
    try:
        dbname = psycopg.conninfo.conninfo_to_dict(pg_dsn)["dbname"]
        store = PgEventStore(proxy.dsn(dbname))
        table = Table.create(store, "g", players=2, seed=9)
        play(table, random.Random(4), 5)
        proxy.cut(when)
        play(table, random.Random(5), 5)
        assert proxy.cuts == 1
        stored = Table.open(PgEventStore(pg_dsn), "g").game
        assert stored == table.game and stored.decision == 11
    finally:
        proxy.close()


def test_a_writer_held_up_past_the_timeout_gets_a_store_error(pg_dsn):
    store = PgEventStore(pg_dsn, timeout=0.3)
    table = Table.create(store, "g", players=2, seed=6)
    blocker = psycopg.connect(pg_dsn)
    blocker.execute("SELECT 1 FROM pillars.games WHERE game_id = 'g' FOR UPDATE")  # holds the row
    with pytest.raises(StoreError, match="another writer held the game"):
        table.handle(0, encode_message(1, table.game.legal_actions()[0]))
    blocker.rollback()
    assert table.decision == 1 and table.handle(0, encode_message(1, table.game.legal_actions()[0])).ok
    blocker.close()


def test_errors_name_the_database_and_never_the_password(pg_cluster):
    dsn = f"postgresql://nobody_here:s3cret-pw@/nowhere?host={pg_cluster.folder}"
    assert "s3cret" not in redacted(dsn) and "nowhere" in redacted(dsn)
    with pytest.raises(StoreError) as info:
        PgEventStore(dsn)
    assert "dbname=nowhere" in str(info.value) and "s3cret" not in str(info.value)
    with pytest.raises(pr.ConfigError, match="not a valid PostgreSQL connection string"):
        open_store("postgresql://[broken")


def test_a_database_not_in_utf8_is_refused(pg_cluster):
    with raw(pg_cluster.dsn()) as conn:
        conn.execute("CREATE DATABASE latin TEMPLATE template0 ENCODING 'LATIN1' LC_COLLATE 'C' LC_CTYPE 'C'")
    with pytest.raises(StoreError, match="encoding LATIN1; an event store needs UTF8"):
        PgEventStore(pg_cluster.dsn("latin"))


def test_headers_and_bodies_are_stored_as_the_sqlite_store_stores_them(pg_dsn, tmp_path):
    """The same JSON text in both backends, so a game moves between them row by row."""
    from pillars_rules.table import EventStore

    names = ["Ann", "Bé", "Ciarán"]
    pg, lite = PgEventStore(pg_dsn), EventStore(tmp_path / "g.sqlite3")
    a = Table.create(pg, "g", players=3, seed=3, names=names)
    b = Table.create(lite, "g", players=3, seed=3, names=names)
    play(a, random.Random(1), 30)
    play(b, random.Random(1), 30)
    with raw(pg_dsn) as conn:
        pg_rows = conn.execute("SELECT idx, body FROM pillars.events ORDER BY idx").fetchall()
        pg_head = conn.execute("SELECT header, cards, decision, n_events FROM pillars.games").fetchone()
    import sqlite3

    with sqlite3.connect(tmp_path / "g.sqlite3") as conn:
        lite_rows = conn.execute("SELECT idx, body FROM events ORDER BY idx").fetchall()
        lite_head = conn.execute("SELECT header, cards, decision, n_events FROM games").fetchone()
    assert pg_rows == lite_rows and pg_head == lite_head
    assert "Bé" in json.loads(pg_head[0])["names"][1]


def _first_move(table: Table) -> str:
    return encode_message(table.decision, table.game.legal_actions()[0])


def test_a_group_commit_stores_every_table_but_one_another_writer_beat(pg_dsn):
    """Table.commit_many on PostgreSQL: one transaction, one pipeline; the table a
    rival moved on is refused alone and reloads the winner's move."""
    store, other = PgEventStore(pg_dsn), PgEventStore(pg_dsn)
    tables = [Table.create(store, g, players=2, seed=i) for i, g in enumerate("abc")]
    checks = [(t, t.check(t.game.current_player, _first_move(t))) for t in tables]
    rival = Table.open(other, "b")
    assert rival.handle(rival.game.current_player, _first_move(rival)).ok
    results = Table.commit_many(store, checks)
    assert [type(r).__name__ for r in results] == ["Outcome", "ConflictError", "Outcome"]
    assert [store.decision(g) for g in "abc"] == [2, 2, 2] and tables[1].game == rival.game
    for g, t in zip("abc", tables):
        assert Table.open(other, g).game == t.game
    assert store.append_many([]) == []


@pytest.mark.parametrize("when", ["before", "after_commit"])
def test_a_group_commit_whose_connection_drops_stores_each_move_once(pg_cluster, pg_dsn, when):
    proxy = Proxy(pg_cluster.folder)
    try:
        store = PgEventStore(proxy.dsn(psycopg.conninfo.conninfo_to_dict(pg_dsn)["dbname"]))
        tables = [Table.create(store, g, players=2, seed=i) for i, g in enumerate("xyz")]
        checks = [(t, t.check(t.game.current_player, _first_move(t))) for t in tables]
        proxy.cut(when)
        results = Table.commit_many(store, checks)
        assert proxy.cuts == 1 and all(r.ok for r in results)
        with PgEventStore(pg_dsn) as direct:
            assert [Table.open(direct, g).game for g in "xyz"] == [t.game for t in tables]
            assert [direct.decision(g) for g in "xyz"] == [2, 2, 2]
    finally:
        proxy.close()

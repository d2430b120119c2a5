"""Damaged event stores end in typed library errors (issue #24, items 3-5).

Item 3: every damaged store is a typed error naming the game (or the store
file) and what is wrong -- before, byte damage escaped as
``UnicodeDecodeError`` or ``sqlite3.OperationalError``, a non-UTF-8 game id
made ``games()`` raise, a header of ``[1]`` a ``TypeError`` and a deeply nested
row a ``RecursionError``. Item 4: a store whose decision counter disagrees with
its log is refused when it is opened (before, it opened and then refused every
message). Item 5: a table created from a ``CardSet`` object reopens after a
restart, from the canonical card text stored with it.
"""

from __future__ import annotations

import json
import random
import sqlite3

import pytest

import pillars_rules as pr
from pillars_rules.table import EventStore, StoreError, Table, encode_message

from . import storefuzz

FAN = storefuzz.FAN


@pytest.fixture
def stored(tmp_path):
    """A file store with a 2-player game 20 actions in: (path, game)."""
    path = tmp_path / "games.sqlite3"
    with EventStore(path) as store:
        table = Table.create(store, "g", players=2, seed=2)
        rng = random.Random(1)
        for _ in range(20):
            game = table.game
            assert table.handle(game.current_player, encode_message(game.decision, rng.choice(game.legal_actions()))).ok
        store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path, table.game


def _sql(path, statement, *args):
    db = sqlite3.connect(path, isolation_level=None)
    db.execute(statement, args)
    db.close()


def _refused_naming_the_game(path, game_id="g") -> pr.SaveError:
    with EventStore(path) as store, pytest.raises(pr.SaveError) as info:
        Table.open(store, game_id)
    assert f"game {game_id!r}" in str(info.value), info.value
    return info.value


# ------------------------------------------------------------------ item 3: the four kinds the issue found
def test_a_damaged_schema_is_a_store_error_not_a_unicode_error(stored):
    """A schema byte that is not UTF-8: SQLite's message holds it, and Python
    raised UnicodeDecodeError from ``EventStore()`` while decoding that message."""
    path, _ = stored
    data = bytearray(path.read_bytes())
    data[data.find(b"CREATE TABLE games") + 3] = 0xBA
    path.write_bytes(bytes(data))
    with pytest.raises(StoreError) as info:
        EventStore(path)
    assert str(path) in str(info.value) and "damaged" in str(info.value)


def test_a_schema_that_is_not_ours_is_refused_when_the_store_opens(stored):
    path, _ = stored
    data = bytearray(path.read_bytes())
    i = data.find(b"game_id TEXT PRIMARY KEY")
    data[i : i + 7] = b"gameXid"  # the column renamed: every query would fail later
    path.write_bytes(bytes(data))
    with pytest.raises(StoreError, match="games.*game_id"):
        EventStore(path)


def test_a_game_id_that_is_not_utf8_is_named_by_games(stored):
    path, _ = stored
    # TEXT holding bytes that are not UTF-8 (before: sqlite3.OperationalError from games())
    _sql(path, "INSERT INTO games VALUES (CAST(? AS TEXT), '{}', 'null', 0, 0)", b"bad\xff")
    with EventStore(path) as store, pytest.raises(pr.SaveError) as info:
        store.games()
    assert "b'bad\\xff'" in str(info.value) and "not UTF-8" in str(info.value)


def test_a_header_that_is_not_an_object_is_a_save_error(stored):
    path, _ = stored
    _sql(path, "UPDATE games SET header = '[1]'")
    assert "header" in str(_refused_naming_the_game(path))


def test_a_deeply_nested_event_row_is_a_save_error(stored):
    path, _ = stored
    _sql(path, "UPDATE events SET body = ? WHERE idx = 5", "[" * 20_000 + "]" * 20_000)
    exc = _refused_naming_the_game(path)
    assert "event 5" in str(exc) and "nested" in str(exc)


@pytest.mark.parametrize(
    "column, value, words",
    [
        ("header", b"\xff", "not text"),
        ("header", 7, "header"),
        ("header", "{", "not JSON"),
        ("cards", "[1]", "card"),
        ("cards", '{"text": 1}', "card"),
        ("decision", "x", "decision"),
        ("n_events", -3, "event counter"),
        ("decision", 2**62, "decision"),
    ],
)
def test_every_damaged_column_of_a_game_names_the_game_and_the_column(stored, column, value, words):
    path, _ = stored
    _sql(path, f"UPDATE games SET {column} = ?", value)  # bytes go in as a BLOB
    assert words in str(_refused_naming_the_game(path))


@pytest.mark.parametrize("column", ["header", "cards"])
def test_a_text_column_that_is_not_utf8_names_the_game_and_the_column(stored, column):
    path, _ = stored
    _sql(path, f"UPDATE games SET {column} = CAST(? AS TEXT)", b'{"a": "\xff"}')
    exc = _refused_naming_the_game(path)
    assert {"header": "header", "cards": "card source"}[column] in str(exc) and "not UTF-8" in str(exc)


@pytest.mark.parametrize("body, words", [(b'{"type": "\xff"}', "not UTF-8"), (b"{}", "not text")])
def test_an_event_row_of_bytes_names_the_game_and_the_event(stored, body, words):
    path, _ = stored
    _sql(
        path,
        "UPDATE events SET body = CAST(? AS TEXT) WHERE idx = 7"
        if words == "not UTF-8"
        else "UPDATE events SET body = ? WHERE idx = 7",
        body,
    )
    exc = _refused_naming_the_game(path)
    assert words in str(exc) and "event 7" in str(exc), exc


@pytest.mark.parametrize(
    "body, words",
    [
        (12, "object"),
        ("[1]", "object"),
        ('{"type": 1}', "type"),
        ("x" * 200_000, "bytes"),
    ],
)
def test_every_damaged_event_row_names_the_game_and_the_event(stored, body, words):
    path, _ = stored
    _sql(path, "UPDATE events SET body = ? WHERE idx = 7", body)
    exc = _refused_naming_the_game(path)
    assert words in str(exc) and ("event 7" in str(exc) or "events[7]" in str(exc)), exc


# ------------------------------------------------------------------ item 3: the fuzzer
@pytest.mark.parametrize("kind, attempts", [("bytes", 100), ("rows", 100)])
def test_fuzzed_stores_end_in_typed_errors_or_faithful_games(tmp_path, kind, attempts):
    counts = storefuzz.fuzz_store(seed=24, attempts=attempts, workdir=tmp_path, kind=kind)
    assert sum(counts.values()) == attempts
    assert counts.get("game refused", 0) + counts.get("store refused", 0) > 0, counts


# ------------------------------------------------------------------ item 4: counter and log
@pytest.mark.parametrize("step", [-1, 1, 5])
def test_a_decision_counter_that_disagrees_with_the_log_is_refused_on_open(stored, step):
    """Before: the table opened, then every message got ConflictError."""
    path, game = stored
    _sql(path, "UPDATE games SET decision = decision + ?", step)
    exc = _refused_naming_the_game(path)
    assert f"decision {game.decision + step}" in str(exc) and f"decision {game.decision}" in str(exc)


# ------------------------------------------------------------------ item 5: a CardSet table reopens
def test_a_table_of_a_card_set_object_reopens_after_a_restart(tmp_path):
    """Before: SaveError unless ``cards=`` was passed again."""
    path = tmp_path / "cs.sqlite3"
    cards = pr.cardlang.load_paths([FAN], known=pr.cardlang.base_cards())
    with EventStore(path) as store:
        table = Table.create(store, "cs", players=2, seed=4, cards=cards)
        game = table.game
        assert table.handle(game.current_player, encode_message(game.decision, game.legal_actions()[0])).ok
    with EventStore(path) as store:  # a restart: a new connection, no cards passed
        again = Table.open(store, "cs")
        assert again.game == table.game and again.game.rules.content_hash == table.game.rules.content_hash
        assert Table.open(store, "cs", cards=cards).game == table.game  # the same set, passed again


def test_a_different_card_set_is_refused_by_identity(tmp_path):
    path = tmp_path / "cs.sqlite3"
    cards = pr.cardlang.load_paths([FAN], known=pr.cardlang.base_cards())
    other = pr.cardlang.compile_text('event other "Other" { now: gain 1 gold }', known=pr.cardlang.base_cards())
    with EventStore(path) as store:
        Table.create(store, "cs", players=2, seed=4, cards=cards)
        with pytest.raises(pr.SaveError, match="different card contents"):
            Table.open(store, "cs", cards=other)


def test_stored_card_text_that_does_not_match_its_identity_is_refused(tmp_path):
    path = tmp_path / "cs.sqlite3"
    cards = pr.cardlang.load_paths([FAN], known=pr.cardlang.base_cards())
    with EventStore(path) as store:
        Table.create(store, "cs", players=2, seed=4, cards=cards)
    db = sqlite3.connect(path, isolation_level=None)
    source = json.loads(db.execute("SELECT cards FROM games").fetchone()[0])
    source["text"] = source["text"].replace("gain 2 gold", "gain 3 gold", 1)
    db.execute("UPDATE games SET cards = ?", (json.dumps(source),))
    db.close()
    assert "identity" in str(_refused_naming_the_game(path, "cs"))


def test_a_damaged_index_that_loses_a_listed_game_is_a_store_error(tmp_path):
    """Found by the slow run (byte damage, seed 2024, attempt 2476; the file is
    ``fixtures/damaged_index.sqlite3``): the store lists a game that a look-up
    then does not find. Before: ``ConfigError`` "no game", as if it were never stored."""
    path = tmp_path / "damaged.sqlite3"
    path.write_bytes((storefuzz.ROOT / "tests" / "reliability" / "fixtures" / "damaged_index.sqlite3").read_bytes())
    with EventStore(path) as store:
        assert "set-2p" in store.games()
        with pytest.raises(StoreError, match="index does not find the game 'set-2p'"):
            Table.open(store, "set-2p")

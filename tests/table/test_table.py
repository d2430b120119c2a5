"""pillars_rules.table (issue #10 item 6): a table owns one game, decodes
client messages, checks seat and move token, applies, persists in its event
store and returns every seat's view; after a crash it reloads and continues
identically. Every test taking ``backend`` or ``store`` runs on SQLite and on
PostgreSQL (issue #28; ``conftest.py``)."""

import json
import random
import sqlite3

import pytest

import pillars_rules as pr
from pillars_rules import actions as A
from pillars_rules.table import EventStore, Outcome, Table, decode_message, encode_message

FAN = "examples/fan_cards"


@pytest.fixture
def store(backend):
    with backend.open() as s:
        yield s


def play(table: Table, rnd: random.Random, n: int) -> list[Outcome]:
    out = []
    for _ in range(n):
        game = table.game
        if game.is_over:
            break
        action = rnd.choice(game.legal_actions())
        out.append(table.handle(game.current_player, encode_message(game.decision, action)))
        assert out[-1].ok, out[-1]
    return out


def test_a_table_plays_a_whole_game_and_reopens_equal(store):
    table = Table.create(store, "g1", players=3, seed=5, names=["Ann", "Ben", "Cy"])
    reference = pr.new_game(players=3, seed=5, names=["Ann", "Ben", "Cy"])
    rnd, ref_rnd = random.Random(2), random.Random(2)
    play(table, rnd, 10_000)
    while not reference.is_over:
        reference = reference.apply(ref_rnd.choice(reference.legal_actions()))
    assert table.game.is_over and table.game == reference
    assert Table.open(store, "g1").game == reference
    assert store.games() == ["g1"]


def test_an_applied_message_returns_every_seats_view_and_the_new_events(store):
    table = Table.create(store, "g", players=2, seed=3)
    out = table.handle(0, json.dumps({"decision": 1, "action": {"type": "Pass"}}))
    assert (out.ok, out.code, out.reason, out.decision) == (True, "applied", "", 2)
    assert [v.seat for v in out.views] == [0, 1]
    assert out.views[1] == table.game.view(1) and out.views[1].decision == 2
    assert out.events == table.game.events[-len(out.events) :]
    assert type(out.events[0]).__name__ == "DraftPassed"


@pytest.mark.parametrize(
    "seat,message,code",
    [
        (0, b"\xff\xfe", "bad_message"),
        (0, "not json", "bad_message"),
        (0, "[1, 2]", "bad_message"),
        (0, '{"action": {"type": "Pass"}}', "bad_message"),
        (0, '{"decision": 1, "action": {"type": "Pass"}, "x": 1}', "bad_message"),
        (0, '{"decision": true, "action": {"type": "Pass"}}', "bad_message"),
        (0, '{"decision": 1.0, "action": {"type": "Pass"}}', "bad_message"),
        (0, '{"decision": 1, "action": {"type": "os.system"}}', "bad_message"),
        (0, '{"decision": 1, "action": {"type": "Hire", "card": 12}}', "bad_message"),
        (0, '{"decision": 1, "action": {"type": "Hire", "card": "no_such_card"}}', "illegal"),
        (0, '{"decision": 1, "action": {"type": "Hire", "card": "x", "cost": 1}}', "bad_message"),
        (0, '{"decision": 1, "action": ' + "[" * 100_000 + "]" * 100_000 + "}", "bad_message"),
        (0, '{"decision": 1, "action": ' + "[" * 5_000 + "]" * 5_000 + "}", "bad_message"),
        (0, '{"decision": 1' + "0" * 5000 + ', "action": {"type": "Pass"}}', "bad_message"),
        (0, '{"decision": 1, "action": {"type": "Pass", "label": "' + "x" * 10_000 + '"}}', "applied"),
        (0, '{"decision": 0, "action": {"type": "Pass"}}', "stale"),
        (0, '{"decision": 7, "action": {"type": "Pass"}}', "stale"),
        (1, '{"decision": 1, "action": {"type": "Pass"}}', "not_your_turn"),
        (0, '{"decision": 1, "action": {"type": "Buy", "resource": "wood", "n": 1}}', "illegal"),
        (2, '{"decision": 1, "action": {"type": "Pass"}}', "bad_seat"),
        (-1, '{"decision": 1, "action": {"type": "Pass"}}', "bad_seat"),
        ("0", '{"decision": 1, "action": {"type": "Pass"}}', "bad_seat"),
        (True, '{"decision": 1, "action": {"type": "Pass"}}', "bad_seat"),
        (0, None, "bad_message"),
        (0, 17, "bad_message"),
    ],
)
def test_each_kind_of_message_gets_its_outcome(store, seat, message, code):
    table = Table.create(store, "g", players=2, seed=3)
    before = table.game
    out = table.handle(seat, message)
    assert out.code == code, out.reason
    assert out.ok == (code == "applied")
    assert len(out.reason) <= 300 and (out.ok or out.reason)
    if not out.ok:
        assert table.game is before and out.decision == 1
        assert Table.open(store, "g").game == before


def test_a_resent_message_is_refused_as_stale(store):
    table = Table.create(store, "g", players=2, seed=3)
    message = encode_message(1, A.Pass())
    assert table.handle(0, message).ok
    out = table.handle(0, message)
    assert (out.ok, out.code) == (False, "stale")
    assert out.reason == "stale or repeated message: it answers decision 1; the game is at decision 2"


def test_messages_round_trip_through_encode_and_decode():
    game = pr.new_game(players=4, seed=8)
    for action in game.legal_actions() + [A.Place("kings_court", 2, True), A.Buy("sand", 3)]:
        assert decode_message(encode_message(17, action)) == (17, action)
        assert decode_message(encode_message(17, action).encode()) == (17, action)


def test_a_game_id_is_created_once_and_must_exist_to_open(store):
    Table.create(store, "g", players=2, seed=1)
    with pytest.raises(pr.ConflictError, match="already exists"):
        Table.create(store, "g", players=2, seed=2)
    with pytest.raises(pr.ConfigError, match="no game 'h'"):
        Table.open(store, "h")
    for bad in ("", "x" * 201, "a\nb", 7, None):
        with pytest.raises(pr.ConfigError, match="game id"):
            Table.create(store, bad, players=2)
    with pytest.raises(pr.ConfigError, match="players"):
        Table.create(store, "five", players=5)
    assert store.games() == ["g"]


def test_a_seedless_table_keeps_its_secret_seed_in_the_store_only(store):
    table = Table.create(store, "s", players=2)
    seed = table.game.state.seed
    assert seed.bit_length() > 32
    assert Table.open(store, "s").game == table.game
    assert all(str(seed) not in table.export(s) for s in (0, 1))
    assert all(
        str(seed) not in json.dumps([str(e) for e in v.events])
        for v in table.handle(0, encode_message(1, A.Pass())).views
    )


def test_fan_cards_are_found_again_by_their_recorded_paths(store, monkeypatch, tmp_path):
    table = Table.create(store, "fan", players=2, seed=4, cards=FAN, variants=["dm"])
    play(table, random.Random(3), 30)
    monkeypatch.chdir(tmp_path)  # the recorded paths are absolute
    assert Table.open(store, "fan").game == table.game


def test_a_card_set_object_is_stored_and_found_again(store):
    cards = pr.load_cards(FAN)
    table = Table.create(store, "cs", players=2, seed=4, cards=cards)
    assert Table.open(store, "cs").game == table.game  # its canonical text is stored (#24 item 5)
    assert Table.open(store, "cs", cards=cards).game == table.game


def test_a_card_set_with_its_own_board_is_stored_with_the_board(store):
    # issue #37: the expansion's resource cards name its board's sites (the Crusades)
    cards = pr.load_cards("expansion")
    table = Table.create(store, "six", players=6, seed=4, cards=cards)
    play(table, random.Random(3), 30)
    assert Table.open(store, "six").game == table.game


def test_an_uncommitted_write_is_lost_and_the_game_continues_identically(backend):
    store = backend.open()
    table = Table.create(store, "g", players=4, seed=21)
    play(table, random.Random(5), 60)
    saved = table.game
    backend.abandon_write("g", saved.n_events)  # a writer dies inside its transaction
    store.close()
    reopened = Table.open(backend.open(), "g")
    assert reopened.game == saved
    rnd_a, rnd_b = random.Random(9), random.Random(9)
    play(reopened, rnd_a, 10_000)
    expected = saved
    while not expected.is_over:
        expected = expected.apply(rnd_b.choice(expected.legal_actions()))
    assert reopened.game == expected and reopened.game.is_over


def test_a_damaged_store_is_refused_with_a_save_error(backend):
    table = Table.create(backend.open(), "g", players=2, seed=2)
    play(table, random.Random(1), 5)
    idx, body = next(
        row for row in backend.execute("SELECT idx, body FROM events ORDER BY idx") if "ResourceCardsDealt" in row[1]
    )
    event = json.loads(body)
    event["cards"] = event["cards"][::-1]  # another deal than the seed gives
    backend.execute("UPDATE events SET body = ? WHERE idx = ?", (json.dumps(event), idx))
    with pytest.raises(pr.SaveError, match=f"events.{idx}. .ResourceCardsDealt. does not follow"):
        Table.open(backend.open(), "g")
    backend.execute("DELETE FROM events WHERE idx = 3")
    with pytest.raises(pr.SaveError, match="gaps"):
        Table.open(backend.open(), "g")


def test_a_table_that_falls_behind_catches_up_when_a_message_is_ahead(backend):
    first = Table.create(backend.open(), "g", players=2, seed=6)
    second = Table.open(backend.open(), "g")
    play(first, random.Random(4), 3)
    game = first.game
    action = game.legal_actions()[0]
    out = second.handle(game.current_player, encode_message(game.decision, action))
    assert out.ok and second.game == first.game.apply(action)


def test_a_message_for_a_decision_another_table_answered_raises_conflict(backend):
    first = Table.create(backend.open(), "g", players=2, seed=6)
    second = Table.open(backend.open(), "g")
    game = first.game
    legal = game.legal_actions()
    assert first.handle(0, encode_message(1, legal[0])).ok
    with pytest.raises(pr.ConflictError, match="decision 1 was already answered") as info:
        second.handle(0, encode_message(1, legal[-1]))
    assert (info.value.decision, info.value.stored) == (1, 2)
    assert second.game == first.game  # reloaded the winner's events
    assert second.handle(0, encode_message(1, legal[-1])).code == "stale"


def test_the_store_is_an_append_only_log_of_the_saved_events(backend):
    table = Table.create(backend.open(), "g", players=2, seed=6)
    play(table, random.Random(2), 4)
    rows = backend.execute("SELECT idx, body FROM events WHERE game_id = 'g' ORDER BY idx")
    assert [json.loads(body) for _, body in rows] == json.loads(pr.save(table.game))["events"]
    header, decision = backend.execute("SELECT header, decision FROM games")[0]
    assert decision == table.decision == 5
    assert json.loads(header)["seed"] == 6 and "events" not in json.loads(header)


def test_the_sqlite_store_is_in_wal_mode(tmp_path):
    path = tmp_path / "wal.sqlite3"
    Table.create(EventStore(path), "g", players=2, seed=6)
    assert sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone() == ("wal",)

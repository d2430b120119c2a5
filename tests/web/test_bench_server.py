"""The server benchmark runs (one table, real server) and writes well-formed
results; it finds a lost or duplicated event when there is one. No speed is
asserted here (see bench/server.py)."""

from __future__ import annotations

import json

import pytest
from bench import server as benchmark
from bench.cli import SUITES


def test_a_tiny_run_writes_json_and_table(tmp_path, capsys):
    out, rst = tmp_path / "server.json", tmp_path / "server.rst"
    assert "--server" in SUITES
    assert (
        benchmark.main(
            [
                "--server",
                "--tables",
                "1",
                "--seats",
                "random,heuristic",
                "--no-pin",
                "--json",
                str(out),
                "--rst",
                str(rst),
            ]
        )
        == 0
    )
    rows = json.loads(out.read_text())["rows"]
    row = rows[0]
    assert row["tables"] == 1 and row["seats"] == 4 and row["clients"] == 4 and row["actions"] > 100
    assert row["lost_or_duplicated"] == 0 and row["latencies"] > 50 and row["rss_mb"] > 10
    # then a 6-seat table with the expansion (issue #37), every seat's log checked the same way
    six = rows[1]
    assert (six["tables"], six["seats"], six["cards"], six["clients"]) == (1, 6, "expansion", 6)
    assert six["lost_or_duplicated"] == 0 and six["actions"] > 100
    assert "6 (expansion)" in rst.read_text()
    assert "Lost or duplicated" in rst.read_text() and "Targets at 1 tables" in rst.read_text()


def test_the_check_sees_a_client_that_missed_an_event(tmp_path):
    import pillars_rules as pr
    from pillars_rules.table import EventStore, Table

    with EventStore(tmp_path / "g.sqlite3") as store:
        table = Table.create(store, "g1", players=2, seed=4)
        while not table.game.is_over:
            table.handle(
                table.game.current_player, pr.table.encode_message(table.decision, table.game.legal_actions()[0])
            )

    class Seen:
        game, seat = "g1", 0
        events = json.loads(table.game.export(0))["events"]

    good = benchmark.check(tmp_path / "g.sqlite3", [{"game": "g1"}], [Seen()])
    Seen.events = Seen.events[:5] + Seen.events[6:]
    bad = benchmark.check(tmp_path / "g.sqlite3", [{"game": "g1"}], [Seen()])
    assert good["bad"] == 0 and bad["bad"] == 1


def test_a_tiny_run_of_ora_tables_writes_its_own_rows(tmp_path):
    """Ora et Labora tables (issue #59): every seat a client choosing among the listed choices, stopped
    at decision 60 (the benchmark proper plays to the end); one of the two games opened and replayed,
    every client's log compared with the stored rows; the rows name the game, and the p95."""
    out, rst = tmp_path / "server.ora.json", tmp_path / "server.ora.rst"
    argv = ["--server", "--game", "ora-et-labora", "--tables", "2", "--moves", "60", "--verify", "1", "--no-pin"]
    assert benchmark.main([*argv, "--json", str(out), "--rst", str(rst)]) == 0
    result = json.loads(out.read_text())
    assert result["game"] == "ora-et-labora" and result["bots"] == "random"
    (row,) = result["rows"]
    assert (row["game"], row["tables"], row["seats"], row["clients"]) == ("ora-et-labora", 2, 2, 4)
    assert row["actions"] == 2 * 60 and row["lost_or_duplicated"] == 0 and row["verified"] == 1
    assert row["latencies"] >= 100 and row["p50_ms"] <= row["p95_ms"] <= row["p99_ms"]
    text = rst.read_text()
    assert "2 (ora-et-labora, the first 60 decisions)" in text and row["moves"] == 60
    assert (
        "Ora et Labora tables" in text and "p95 latency" in text and "Lost or duplicated events in all rows: 0" in text
    )


def test_ora_tables_refuse_bots_their_clients_cannot_be(tmp_path):
    import pillars_rules as pr

    with pytest.raises(pr.ConfigError, match="choose at random: --seats random, not random,heuristic"):
        benchmark.run_tables(1, ["random", "heuristic"], tmp_path, seats=2, game="ora-et-labora")


def test_the_check_compares_another_game_s_clients_with_the_stored_rows(tmp_path):
    """An Ora game not opened (``verify`` 0) is still checked: a client that missed an event, or that was
    not told of the end, counts."""
    from pillars_rules.table import EventStore, Table, encode_message

    with EventStore(tmp_path / "g.sqlite3") as store:
        table = Table.create(store, "o1", players=1, game="ora-et-labora")
        while not table.game.is_over:
            table.handle(0, encode_message(table.decision, table.game.legal_actions()[0], table.kind))
        sent = [table.kind.encode_event(e) for e in table.game.events]

    class Seen:
        game, seat, is_over = "o1", 0, True
        events = sent

    def bad(verify):
        return benchmark.check(tmp_path / "g.sqlite3", [{"game": "o1"}], [Seen()], verify=verify)

    assert bad(0) == {"bad": 0, "actions": table.decision - 1, "verified": 0} and bad(None)["verified"] == 1
    Seen.events = sent[:5] + sent[6:]
    assert bad(0)["bad"] == 1 and bad(None)["bad"] == 1
    Seen.events, Seen.is_over = sent, False
    assert bad(0)["bad"] == 1

"""The scale-out benchmark works (``bench/scaleout.py``; it measures, this only
checks): one table on two processes is played, counted and checked, and a
client log that differs from the store is counted as lost or duplicated."""

import pytest
from bench import scaleout

pytestmark = pytest.mark.postgres


def test_one_table_over_two_processes_is_measured_and_checked(pg_cluster, tmp_path):
    row = scaleout.run("postgres-2", 1, tmp_path, pg_cluster)
    assert row["lost_or_duplicated"] == 0 and row["clients"] == 4 and row["actions"] > 100
    assert row["accepted"] > 0 and row["cross_samples"] > 0 and row["cross_p99_ms"] >= row["cross_p50_ms"] > 0
    result = {
        "date": "d",
        "machine": "m",
        "cpus": 2,
        "tables": 1,
        "rows": {"postgres-2": row},
        "verdicts": scaleout.verdicts({"postgres-2": row}),
    }
    assert "postgres-2" in scaleout.to_rst(result) and result["verdicts"]["lost_or_duplicated"]["met"]


def test_the_verdicts_compare_two_processes_with_one():
    rows = {
        "postgres-1": {"actions_per_s": 100.0, "cross_p99_ms": None, "lost_or_duplicated": 0},
        "postgres-2": {"actions_per_s": 170.0, "cross_p99_ms": 120.0, "lost_or_duplicated": 1},
    }
    v = scaleout.verdicts(rows)
    assert v["speedup"] == {"value": 1.7, "target": 1.6, "met": True}
    assert not v["cross_p99_ms"]["met"] and not v["lost_or_duplicated"]["met"]


def test_a_client_log_that_differs_from_the_store_is_counted(pg_dsn):
    import pillars_rules as pr
    from pillars_rules.pillars_json.codec import event_to_dict
    from pillars_rules.table import Table, open_store

    table = Table.create(open_store(pg_dsn), "g", players=2, seed=1)

    class Seen:
        game, decision = "g", table.decision
        events = [event_to_dict(e) for e in table.game.view(None).events]

    good, dropped, doubled = Seen(), Seen(), Seen()
    dropped.events = good.events[:-1]
    doubled.events = good.events + good.events[-1:]
    assert scaleout.lost_or_duplicated(pg_dsn, ["g"], [good]) == (0, 0)
    assert scaleout.lost_or_duplicated(pg_dsn, ["g"], [good, dropped, doubled])[0] == 2
    assert pr.replay(table.game.events) == table.game

"""10**4 random client messages through tables (issue #10 item 6): garbage
JSON, wrong seats, stale and repeated tokens, random legal and illegal
actions, hostile values. No exception may escape ``Table.handle``; every
answer must be the right one where it is known in advance; every game stays
valid (``check_game``) and reloads from the store unchanged; on SQLite and
on PostgreSQL."""

import random

import pytest

from pillars_rules.table import EventStore, Table
from pillars_rules.testing import check_game

from .msgfuzz import message


def fuzz(seed: int, n_messages: int, store=None) -> dict[str, int]:
    rng = random.Random(seed)
    store = store if store is not None else EventStore(":memory:")
    tables: list[Table] = []
    counts: dict[str, int] = {}
    table, last = None, None
    for i in range(n_messages):
        if table is None or table.game.is_over or rng.random() < 0.002:
            table = Table.create(
                store,
                f"game-{len(tables)}",
                players=rng.choice((2, 3, 4)),
                seed=rng.randrange(2**64),
                variants=rng.choice(((), ("dm",))),
            )
            tables.append(table)
            last = None
        seat, text, want = message(rng, table, last)
        before = table.game
        try:
            out = table.handle(seat, text)
        except Exception as exc:  # noqa: BLE001 - counting is the point
            raise AssertionError(
                f"message {i} (seed {seed}) {text!r:.200} from seat {seat!r} raised {type(exc).__name__}: {exc}"
            ) from exc
        counts[out.code] = counts.get(out.code, 0) + 1
        assert want is None or out.code == want, (i, seed, text, want, out.code, out.reason)
        assert len(out.reason) <= 300 and out.ok == (out.code == "applied") and (out.ok or out.reason)
        if out.ok:
            assert table.game.decision == before.decision + 1
            last = (seat, text)
        else:
            assert table.game is before
    for t in tables:
        check_game(t.game)
        assert Table.open(store, t.game_id).game == t.game
    counts["games"] = len(tables)
    return counts


def test_ten_thousand_random_messages(backend):
    counts = fuzz(seed=10, n_messages=10_000, store=backend.scratch())
    assert counts["applied"] > 2000 and counts["stale"] > 1000
    assert counts["games"] >= 5
    assert {"bad_message", "bad_seat", "not_your_turn", "illegal"} <= set(counts)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10))
def test_ten_times_ten_thousand_random_messages(seed):
    fuzz(seed=100 + seed, n_messages=10_000)

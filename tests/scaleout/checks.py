"""What every scale-out test checks at the end: the stored game replays, and
every client assembled exactly the stored log (the benchmark's own check,
:func:`bench.scaleout.lost_or_duplicated`)."""

from __future__ import annotations

from bench.scaleout import lost_or_duplicated
from bench.serverproc import replays

import pillars_rules as pr
from pillars_rules.table import Table, open_store


def stored_game(dsn: str, game_id: str) -> pr.Game:
    """The game as stored, through the verified load; and it equals a fresh replay of its log."""
    with open_store(dsn) as store:
        game = Table.open(store, game_id).game
    assert replays(game)  # by its own game's replay (Pillars or another)
    return game


def check_clients(dsn: str, game_id: str, clients) -> pr.Game:
    """Each client's log is the stored log as the clients may see it, event for event:
    none lost, none twice, none that the store does not hold."""
    bad, _ = lost_or_duplicated(dsn, [game_id], clients)
    assert bad == 0, [(c.seat, len(c.events), c.decision) for c in clients]
    return stored_game(dsn, game_id)

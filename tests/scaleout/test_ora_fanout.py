"""An Ora et Labora table served by two ``pillars-rules serve --db postgresql://...`` processes
(issue #59): a move accepted by one reaches the clients of the other, Ora's bot runs at the game's
home only, and every client ends holding the stored game."""

import asyncio
import json

import pytest

from pillars_rules.core import game_type
from pillars_rules.table import Table, open_store
from pillars_rules.web.client import GameClient, random_policy

from .servers import create, key_of

pytestmark = pytest.mark.postgres
ORA = "ora-et-labora"


def test_an_ora_table_on_two_processes_reaches_every_client_and_its_bot_runs_at_home(start_servers, pg_dsn, tmp_path):
    a, b = start_servers(2)
    game = create(a, game=ORA, seats=[{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "bot": "heuristic"}])
    link = [s["link"] for s in game["seats"]]
    players = [
        GameClient(a.ws_url, game["game"], key_of(link[0]), origin=a.url, seed=1),
        GameClient(b.ws_url, game["game"], key_of(link[1]), origin=b.url, seed=2),
    ]
    watcher = GameClient(b.ws_url, game["game"], key_of(game["spectator"]), origin=b.url)

    async def main():
        await asyncio.wait_for(
            asyncio.gather(*(c.run(random_policy(k)) for k, c in enumerate(players)), watcher.run()), 300
        )

    asyncio.run(main())
    with open_store(pg_dsn) as store:
        final = Table.open(store, game["game"]).game
    kind = game_type(ORA)
    assert final.is_over
    for c in (*players, watcher):
        assert c.events == [kind.encode_event(e) for e in final.events]
        assert c.state == json.loads(final.export(None)) and c.result["scores"] == list(final.scores())
    logs = [(tmp_path / f"server{k}.log").read_text() for k in (0, 1)]
    assert logs[0].count("by=bot:heuristic") > 0 and logs[1].count("by=bot:heuristic") == 0
    assert "bot refused" not in logs[0] + logs[1] and "Traceback" not in logs[0] + logs[1]

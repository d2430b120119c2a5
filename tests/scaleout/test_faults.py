"""Faults with several server processes on one PostgreSQL (issue #28): a server
killed with SIGKILL under load, its clients going on through the other one;
PostgreSQL restarted mid-game, the servers reconnecting. In each, every stored
game replays and every client assembled exactly the stored log: no accepted
move lost, none applied twice. Each runs its servers on both event loops
(``serve --loop``): on uvloop the first waited for good until issue #60's fix
(a connection joined a room its process had let go of: tests/scaleout/test_join_race.py)."""

import asyncio

import pytest

from pillars_rules.web.client import GameClient, random_policy

from .checks import check_clients
from .servers import LOOPS, Balancer, create, key_of

pytestmark = [pytest.mark.postgres, pytest.mark.parametrize("serve_loop", LOOPS)]


def seat_clients(url: str, ws: str, game: dict, seed: int) -> list[GameClient]:
    return [
        GameClient(ws, game["game"], key_of(s["link"]), origin=url, seed=seed + k, backoff=(0.05, 0.5))
        for k, s in enumerate(game["seats"])
        if s["kind"] == "person"
    ]


def test_a_server_killed_under_load_leaves_its_clients_to_the_other(start_servers, pg_dsn):
    a, b = start_servers(2)
    balancer = Balancer([a.port, b.port])
    try:
        games = [create(server, seed=20 + k, players=2) for k, server in enumerate((a, b, a, b))]
        games.append(create(a, seed=30, seats=[{"kind": "person"}, {"kind": "bot", "bot": "random"}]))
        clients = {g["game"]: seat_clients(balancer.url, balancer.ws_url, g, 10 * k) for k, g in enumerate(games)}
        everyone = [c for cs in clients.values() for c in cs]

        async def killer():
            while sum(c.decision or 0 for c in everyone) < 150:
                await asyncio.sleep(0.01)
            await asyncio.to_thread(a.kill)  # SIGKILL, mid-game for every table

        async def main():
            await asyncio.wait_for(
                asyncio.gather(*(c.run(random_policy(k)) for k, c in enumerate(everyone)), killer()), 600
            )

        asyncio.run(main())
        assert a.proc.poll() is not None and b.proc.poll() is None
        assert sum(c.reconnects for c in everyone) >= 1  # some were on the killed server
        for game_id, cs in clients.items():
            assert check_clients(pg_dsn, game_id, cs).is_over
    finally:
        balancer.close()


def test_a_postgres_restart_mid_game_loses_no_accepted_move(start_servers, pg_cluster, pg_dsn):
    a, b = start_servers(2)
    games = [create(a, seed=40 + k, players=3) for k in range(2)]
    clients = []
    for k, g in enumerate(games):
        for seat, s in enumerate(g["seats"]):
            server = (a, b)[(seat + k) % 2]
            clients.append(
                GameClient(
                    server.ws_url, g["game"], key_of(s["link"]), origin=server.url, seed=seat, backoff=(0.05, 0.5)
                )
            )

    async def restarter():
        for mode, at in (("fast", 60), ("immediate", 250)):
            while sum(c.decision or 0 for c in clients) < at:
                await asyncio.sleep(0.01)
            await asyncio.to_thread(pg_cluster.restart, mode)

    async def main():
        await asyncio.wait_for(
            asyncio.gather(*(c.run(random_policy(k)) for k, c in enumerate(clients)), restarter()), 600
        )

    asyncio.run(main())
    for g in games:
        assert check_clients(pg_dsn, g["game"], [c for c in clients if c.game == g["game"]]).is_over

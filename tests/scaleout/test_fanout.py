"""Several ``pillars-rules serve --db postgresql://...`` processes serve the same
games (issue #28): a move accepted by one reaches the clients of the other
through LISTEN/NOTIFY; a game's bots run in one process only; a seat held by a
person at one process is not taken over by another's bot; two processes racing
on one decision never both win. Real processes, real sockets, a real cluster."""

import asyncio

import pytest

from pillars_rules.web.client import GameClient, random_policy

from .checks import check_clients
from .peers import Peer, settle
from .servers import create, key_of

pytestmark = pytest.mark.postgres


def client(server, game: dict, seat: int | None, seed: int = 0) -> GameClient:
    link = game["spectator"] if seat is None else game["seats"][seat]["link"]
    return GameClient(server.ws_url, game["game"], key_of(link), origin=server.url, seed=seed)


def test_a_move_on_one_process_reaches_the_clients_of_the_other(start_servers, pg_dsn, tmp_path):
    a, b = start_servers(2)
    game = create(a, seed=11, seats=[{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "bot": "random"}])
    players = [client(a, game, 0, 1), client(b, game, 1, 2)]
    watchers = [client(b, game, None), client(a, game, None)]

    async def main():
        await asyncio.wait_for(
            asyncio.gather(*(c.run(random_policy(k)) for k, c in enumerate(players)), *(w.run() for w in watchers)), 300
        )

    asyncio.run(main())
    final = check_clients(pg_dsn, game["game"], players + watchers)
    assert final.is_over and players[0].result == players[1].result
    logs = [(tmp_path / f"server{k}.log").read_text() for k in (0, 1)]
    bot_moves = [log.count("by=bot:random") for log in logs]
    assert bot_moves[0] > 0 and bot_moves[1] == 0  # only the game's home ran its bot
    assert "bot refused" not in logs[0] + logs[1]


@pytest.mark.parametrize("request_game", [{"seed": 5}, {"game": "ora-et-labora"}], ids=["pillars", "ora"])
def test_two_processes_racing_on_one_decision_exactly_one_wins(start_servers, pg_dsn, request_game):
    """Seat 0 is connected to both processes (the same credential twice); each time
    it must act, both connections answer the same decision at once, with
    different actions (the first and the last choice listed, whatever the game's
    actions are). Exactly one is stored; the other is refused as stale and its
    client gets the winner's move from the other process. At a Pillars table and
    an Ora et Labora one (issue #59)."""
    a, b = start_servers(2)
    game = create(a, players=2, **request_game)
    rounds = 5

    async def main():
        racers = [await Peer.hello(a, game, 0), await Peer.hello(b, game, 0)]
        other = await Peer.hello(a, game, 1)
        everyone = racers + [other]
        await settle(lambda: all(p.latest() for p in everyone), "every peer synced")
        won = []
        while len(won) < rounds:
            now = other.latest()
            decision = now["decision"]
            await settle(lambda d=decision: all(p.latest()["decision"] == d for p in everyone), "all at one decision")
            if now["turn"]["seat"] == 1:
                await other.send(decision, other.latest()["choices"][0]["action"])
            else:
                marks = [len(p.got) for p in racers]
                choices = racers[0].latest()["choices"]
                await asyncio.gather(*(p.send(decision, choices[-k]["action"]) for k, p in enumerate(racers)))
                await settle(
                    lambda marks=marks: sum(p.count("refused", m) for p, m in zip(racers, marks)) == 1,
                    "one of the two refused",
                )
                loser = next(k for k, (p, m) in enumerate(zip(racers, marks)) if p.count("refused", m))
                refusal = next(x for x in racers[loser].got[marks[loser] :] if x["type"] == "refused")
                assert refusal["code"] == "stale", refusal
                won.append(1 - loser)
            await settle(
                lambda d=decision: all(p.latest()["decision"] == d + 1 for p in everyone),
                "the move reached every peer, on both processes",
            )
        for p in everyone:
            await p.close()
        return won, decision + 1

    won, decision = asyncio.run(main())
    game_stored = check_clients(pg_dsn, game["game"], [])
    assert game_stored.decision == decision  # one stored move per decision, no more

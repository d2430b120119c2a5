"""The held-out attack scripts' guarantees at Ora et Labora tables (issue #59), against a real
``pillars-rules serve`` on SQLite:

* **no leaks**: nothing a seat or a spectator receives -- every WebSocket frame of a game, the
  replay's index and states, the lobby's peek -- holds another seat's key, the server's admin token
  or the game's seed (the same test at a Pillars table, where the seed gives every deck's order);
* **nothing lost on kill -9**: the server is killed with SIGKILL twice while two people and a
  server bot play (a move may be on its way), and started again on the same store; every event a
  client was ever sent is in the stored game at its place, and the game goes on to its end.

One winner per race is tests/table/test_table_processes.py's and tests/scaleout/test_fanout.py's,
run at an Ora table too. The clients choose among the choices the server lists, whatever the
game's actions are.
"""

from __future__ import annotations

import asyncio
import json
import threading

import pytest
from bench.serverproc import ONE_ADDRESS, ServerProcess, as_sent, replays

from pillars_rules.table import EventStore, Table
from pillars_rules.web.client import GameClient, random_policy

from .support import post_live

ORA = "ora-et-labora"
FAST = ("--bot-delay", "0", "--rate", "1000", "--burst", "1000", "--allow-seeds", *ONE_ADDRESS)
SEED = 918_273_645_546_372


def key_of(link: str) -> str:
    return link.split("key=", 1)[1]


class Heard(GameClient):
    """A client that keeps every message it receives, and every event it was ever told of by its place
    in the log (``told``: place -> the events told there, as JSON text), across reconnections."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.frames: list[str] = []
        self.told: dict[int, set[str]] = {}

    def receive(self, msg: dict) -> None:
        self.frames.append(json.dumps(msg))
        super().receive(msg)
        if msg["type"] in ("sync", "update"):
            for i in range(0 if msg["type"] == "sync" else msg["first"], len(self.events)):
                self.told.setdefault(i, set()).add(json.dumps(self.events[i], sort_keys=True))


@pytest.mark.parametrize("request_game", [{"game": ORA}, {}], ids=["ora", "pillars"])
def test_nothing_a_seat_or_a_spectator_receives_holds_another_seat_s_key_the_token_or_the_seed(tmp_path, request_game):
    with ServerProcess(tmp_path / "games.sqlite3", None, *FAST) as server:
        made = server.create({**request_game, "seats": [{"kind": "person"}] * 2, "seed": SEED})
        gid = made["game"]
        keys = [key_of(s["link"]) for s in made["seats"]]
        watch = key_of(made["spectator"])
        seats = [Heard(server.ws_url, gid, key, seed=k) for k, key in enumerate(keys)]
        watcher = Heard(server.ws_url, gid, watch)

        def far(c: GameClient) -> bool:
            return (c.decision or 0) > 60

        async def main() -> None:
            await asyncio.wait_for(
                asyncio.gather(
                    *(c.run(random_policy(k), until=far) for k, c in enumerate(seats)), watcher.run(until=far)
                ),
                120,
            )

        asyncio.run(main())
        heard = {key: list(c.frames) for key, c in zip(keys, seats)} | {watch: list(watcher.frames)}
        for key in heard:  # and what the key reads by HTTP: the replay's index and states, the peek
            asked = [{"game": gid, "key": key}] + [{"game": gid, "key": key, "at": n} for n in (1, 30, 60)]
            heard[key] += [json.dumps(post_live(server, "/api/replay", doc)) for doc in asked]
            if key != watch:
                heard[key].append(json.dumps(post_live(server, "/api/peek", {"game": gid, "key": key})))
        token = server.admin_token
    assert token and all(c.decision > 60 for c in seats) and len(watcher.frames) > 60
    for key, texts in heard.items():
        text = "\n".join(texts)
        assert '"events"' in text and ('"decisions"' in text or key == watch)  # the frames and the replay were read
        others = [k for k in keys if k != key]
        assert not [k for k in others if k in text], "another seat's key was sent"
        assert token not in text and str(SEED) not in text, "the admin token or the seed was sent"


def test_every_move_a_client_was_told_of_is_stored_after_two_sigkills_of_an_ora_server(tmp_path):
    db = tmp_path / "games.sqlite3"
    server = ServerProcess(db, None, *FAST).start()
    restarted: list[threading.Thread] = []
    kills = {40: False, 100: False}

    def killing(c: GameClient) -> bool:
        """The spectator's ``until``: at those decisions it kills the server (the players' moves may be
        on their way) and starts it again on the same store, in a thread."""
        for at, done in kills.items():
            if not done and (c.decision or 0) >= at:
                kills[at] = True
                server.kill()
                restarted.append(threading.Thread(target=server.start))
                restarted[-1].start()
        return False

    try:
        made = server.create(
            {
                "game": ORA,
                "variants": ["short"],
                "seats": [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "bot": "random"}],
            }
        )
        gid = made["game"]
        players = [Heard(server.ws_url, gid, key_of(made["seats"][k]["link"]), seed=k) for k in (0, 1)]
        watcher = Heard(server.ws_url, gid, key_of(made["spectator"]))

        async def main() -> None:
            runs = [c.run(random_policy(k)) for k, c in enumerate(players)]
            await asyncio.wait_for(asyncio.gather(*runs, watcher.run(until=killing)), 300)

        asyncio.run(main())
        for t in restarted:
            t.join()
        assert all(kills.values()) and server.starts == 3
        with EventStore(db) as store:
            game = Table.open(store, gid).game
    finally:
        server.stop()
    assert game.is_over and replays(game)  # the game went on to its end
    stored = as_sent(game)
    for c in (*players, watcher):
        assert c.reconnects >= 2 and c.events == stored  # it caught up: nothing lost, nothing twice
        # every event it was ever told of, before a kill too, is the stored one at that place
        assert {i: sorted(texts) for i, texts in c.told.items()} == {
            i: [json.dumps(e, sort_keys=True)] for i, e in enumerate(stored)
        }

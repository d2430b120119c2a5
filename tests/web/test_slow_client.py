"""A client that stops reading is dropped, and its table plays on (issue #22).

Driven at the ASGI level: the app runs as uvicorn would run it, with a peer
whose ``send`` never returns after the welcome -- a client whose socket is
full. The room's other clients and the game are not held up."""

from __future__ import annotations

import asyncio
import json

from pillars_rules.table import encode_message
from pillars_rules.web import protocol as P
from pillars_rules.web.app import create_app
from pillars_rules.web.lobby import parse_request

from .support import key_of, settings


def test_a_client_that_does_not_read_is_dropped(tmp_path):
    app = create_app(settings(tmp_path, send_queue=4))
    server = app.state.server

    async def main():
        await server.start()
        try:
            res = await server.create_game(parse_request({"players": 2}, server.catalogue, server.settings), "http://x")
            room = server.rooms[res["game"]]
            incoming: asyncio.Queue = asyncio.Queue()
            for m in (
                {"type": "websocket.connect"},
                {"type": "websocket.receive", "text": P.hello(res["game"], key_of(res["spectator"]))},
            ):
                incoming.put_nowait(m)
            sent = []
            stuck = asyncio.Event()

            async def send(message):
                sent.append(message)
                if len(sent) > 2:  # accept and the welcome went out; then the socket is full
                    stuck.set()
                    await asyncio.Event().wait()

            scope = {
                "type": "websocket",
                "path": "/ws",
                "headers": [(b"host", b"testserver")],
                "query_string": b"",
                "scheme": "ws",
                "server": ("testserver", 80),
                "client": ("1", 1),
                "root_path": "",
                "subprotocols": [],
                "asgi": {"version": "3.0"},
            }
            peer = asyncio.get_running_loop().create_task(app(scope, incoming.get, send))
            await asyncio.wait_for(stuck.wait(), 5)
            assert len(room.clients) == 1
            for _ in range(12):  # the players go on; the spectator's messages pile up
                game = room.game
                message = encode_message(game.decision, game.legal_actions()[0])
                assert await room.act(game.current_player, message) is None
                await asyncio.sleep(0)
            await asyncio.wait_for(peer, 5)  # the connection's task ended: it was dropped
            assert room.clients == set() and room.game.decision == 13
            assert json.loads(sent[1]["text"])["type"] == "welcome"
        finally:
            await server.close()

    asyncio.run(main())

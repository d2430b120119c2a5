"""Raw protocol connections for the scale-out tests, every message kept."""

from __future__ import annotations

import asyncio
import json

from pillars_rules.web import protocol as P

from .servers import key_of


class Peer:
    """One raw WebSocket of the protocol, every message it receives kept in order."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.got: list[dict] = []
        self._task = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def hello(cls, server, game: dict, seat: int | None) -> Peer:
        from websockets.asyncio.client import connect

        ws = await connect(server.ws_url, origin=server.url)
        link = game["spectator"] if seat is None else game["seats"][seat]["link"]
        await ws.send(P.hello(game["game"], key_of(link), None))
        return cls(ws)

    async def _read(self) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            async for text in self.ws:
                self.got.append(json.loads(text))
        except ConnectionClosed:
            pass

    def seats(self) -> list[dict] | None:
        """The last list of seats received (in a welcome or a seats message)."""
        return next((m["seats"] for m in reversed(self.got) if m["type"] in ("welcome", "seats")), None)

    def latest(self) -> dict | None:
        """The last sync or update received."""
        return next((m for m in reversed(self.got) if m["type"] in ("sync", "update")), None)

    def count(self, kind: str, since: int = 0) -> int:
        return sum(1 for m in self.got[since:] if m["type"] == kind)

    async def send(self, decision: int, action: dict) -> None:
        await self.ws.send(P.dumps({"decision": decision, "action": action}))

    async def close(self) -> None:
        await self.ws.close()
        self._task.cancel()


async def settle(condition, what: str) -> None:
    for _ in range(3000):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never happened: {what}")

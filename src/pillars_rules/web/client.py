"""A Python client of the game server: it plays (or watches) one game, reconnects
by itself with backoff and catches up (extra ``[web]``: the ``websockets`` package).

It assembles what the protocol sends -- the seat's log, the state, who must
act, the choices -- and asks a *policy* for an action whenever its seat must
decide. The tests and the load benchmark play with it; it is also a small
model for a client in another language (docs/protocol.rst).

.. code-block:: python

   client = GameClient("ws://127.0.0.1:8000/ws", game_id, key)
   await client.run(random_policy(seed=1))     # until the game is over
   client.result["scores"]
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pillars_rules as pr

from . import protocol as P
from .statejson import apply_changes

if TYPE_CHECKING:
    from websockets.asyncio.client import ClientConnection

#: Largest frame the client reads from the server, by default (a sync of a long game with a
#: large card set stays far below it); a larger one closes the connection (1009), for good.
MAX_SERVER_FRAME = 8 * 1024 * 1024
#: Close codes after which reconnecting cannot help.
FINAL_CLOSES = {4400, 4401, 4406, 4409, 4410, 4429}

Policy = Callable[["GameClient"], dict]


class Refused(Exception):
    """The server refused this client for good (a closing refusal code)."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason


class GameClient:
    """One seat's (or a spectator's) connection to one game, kept up across drops.

    After :meth:`run` or while it runs: ``seat``, ``decision``, ``events``
    (the log as event objects in JSON), ``texts`` (their sentences),
    ``state``, ``next_event``, ``turn``, ``choices``, ``result``, ``seats``,
    ``refusals`` (every ``refused`` message), ``reconnects`` and
    ``latencies`` (seconds from sending an action to the update answering it).
    ``protocol`` is the version it speaks (:data:`~pillars_rules.web.protocol.PROTOCOLS`):
    in version 2 an update carries the state's changes, which the client applies.
    """

    def __init__(
        self,
        url: str,
        game: str,
        key: str,
        *,
        origin: str | None = None,
        backoff: tuple[float, float] = (0.05, 2.0),
        seed: int | None = None,
        protocol: int = P.PROTOCOL,
        max_frame: int = MAX_SERVER_FRAME,
    ) -> None:
        self.url = url
        self.max_frame = max_frame
        self.protocol = protocol
        self.game = game
        self.key = key
        self.origin = origin
        self.backoff = backoff
        self.random = random.Random(seed)
        self.seat: int | None = None
        self.decision: int | None = None
        self.events: list[dict] = []
        self.texts: list[str] = []
        self.state: dict | None = None
        self.next_event: str | None = None
        self.turn: dict | None = None
        self.choices: list[dict] = []
        self.result: dict | None = None
        self.seats: list[dict] = []
        self.refusals: list[dict] = []
        self.reconnects = 0
        self.latencies: list[float] = []
        self.ws: ClientConnection | None = None
        self.rate = 10.0  # messages a second the server allows (from the welcome)
        self.synced = False
        self._sent: tuple[int, float] | None = None  # (decision answered, when)
        self._decoded: list = []  # events[: len(_decoded)] as event objects (for view())

    # ---------------------------------------------------------------- state
    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.turn is not None and self.turn["seat"] == self.seat and bool(self.choices)

    def view(self, cards=None) -> pr.SeatView:
        """What this client holds as a :class:`~pillars_rules.SeatView` (for a bot policy).
        The log is decoded once, event by event as it grows, not at every call."""
        from pillars_rules.pillars_json.strict import event_from_dict
        from pillars_rules.view import EXPORT_FORMAT, EXPORT_FORMAT_VERSION, from_export

        decoded = self._decoded
        for i in range(len(decoded), len(self.events)):
            decoded.append(event_from_dict(self.events[i], i))
        return from_export(
            {
                "format": EXPORT_FORMAT,
                "format_version": EXPORT_FORMAT_VERSION,
                "seat": self.seat,
                "decision": self.decision,
                "state": self.state,
                "next_event": self.next_event,
                "legal_actions": [c["action"] for c in self.choices],
            },
            cards,
            events=decoded,
        )

    def receive(self, msg: dict) -> None:
        """Fold one server message into what the client holds."""
        kind = msg["type"]
        if kind == "welcome":
            self.seat = msg["you"]["seat"]
            self.seats = msg["seats"]
        elif kind in ("sync", "update") and "game" in msg:  # another game's table: its view goes whole
            self._other(msg)
        elif kind == "sync":
            view = msg["view"]
            self.events = list(view["events"])
            self._decoded = []
            self.texts = list(msg["texts"])
            self._take(msg, view["state"], view["next_event"])
        elif kind == "update":
            if msg["first"] != len(self.events):
                raise P.ProtocolError(
                    "bad_message", f"an update starts at event {msg['first']}; this client holds {len(self.events)}"
                )
            changes = msg.get("changes")
            if changes is not None and self.state is None:
                raise P.ProtocolError("bad_message", "an update with changes came before any state")
            self.events.extend(msg["events"])
            self.texts.extend(msg["texts"])
            held = self.state
            state = msg["state"] if changes is None or held is None else apply_changes(held, changes)
            self._take(msg, state, msg["next_event"])
        elif kind == "seats":
            self.seats = msg["seats"]
        elif kind == "refused":
            self.refusals.append(msg)
            if msg["closing"] and P.REFUSALS[msg["code"]].close in FINAL_CLOSES:
                raise Refused(msg["code"], msg["reason"])

    def _other(self, msg: dict) -> None:
        """A ``sync`` or ``update`` of a game other than Pillars (:mod:`.gameframes`): ``state`` is its ``view``."""
        if msg["type"] == "sync":
            self.events, self.texts = [], []
        elif msg["first"] != len(self.events):
            raise P.ProtocolError(
                "bad_message", f"an update starts at event {msg['first']}; this client holds {len(self.events)}"
            )
        self.events.extend(msg["events"])
        self.texts.extend(msg["texts"])
        self._take(msg, msg["view"], None)

    def _take(self, msg: dict, state: dict, next_event) -> None:
        self.decision = msg["decision"]
        self.state = state
        self.next_event = next_event
        self.turn = msg["turn"]
        self.choices = msg["choices"]
        self.result = msg["result"]
        if self._sent is not None and self.decision > self._sent[0]:
            self.latencies.append(time.perf_counter() - self._sent[1])
            self._sent = None

    # ---------------------------------------------------------------- talking
    async def send_action(self, action: dict) -> None:
        """Answer the pending decision with ``action`` (a choice's ``"action"``)."""
        decision, ws = self.decision, self.ws
        if ws is None:
            raise ConnectionError("the client is not connected: run() connects it")
        if decision is None:
            raise P.ProtocolError("bad_message", "no decision to answer: the server has sent no state yet")
        self._sent = (decision, time.perf_counter())
        await ws.send(P.dumps({"decision": decision, "action": action}))

    async def run(
        self,
        policy: Policy | None = None,
        *,
        until: Callable[[GameClient], bool] | None = None,
        gate: asyncio.Event | None = None,
        max_reconnects: int = 1000,
    ) -> GameClient:
        """Play (with ``policy``) or watch (``None``) until the game is over
        (or ``until(self)``), reconnecting after every drop. With ``gate``,
        the client connects and syncs, then waits for the gate before it acts."""
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidHandshake
        from websockets.typing import Origin

        delay = self.backoff[0]
        while True:
            try:
                async with connect(
                    self.url,
                    origin=None if self.origin is None else Origin(self.origin),
                    max_size=self.max_frame,
                    open_timeout=10,
                    ping_interval=None,
                ) as ws:
                    self.ws = ws
                    seen = self.decision if self.events else None
                    await ws.send(P.hello(self.game, self.key, seen, self.protocol))
                    async for text in ws:
                        msg = P.parse(text)
                        self.receive(msg)
                        delay = self.backoff[0]
                        if msg["type"] == "welcome":
                            self.rate = msg["limits"]["rate"]
                        elif msg["type"] == "refused" and msg["code"] == "rate_limited" and self._sent:
                            await asyncio.sleep(1.0 / self.rate)  # dropped unread: send it again
                            self._sent = None
                        if self.is_over or (until is not None and until(self)):
                            return self
                        if gate is not None and not gate.is_set() and self.decision is not None:
                            self.synced = True
                            await gate.wait()
                        if (
                            policy is not None
                            and self.my_turn
                            and (self._sent is None or self._sent[0] != self.decision)
                        ):
                            await self.send_action(policy(self))
                    close = ws.close_code
                if close in FINAL_CLOSES:
                    raise Refused(str(close), ws.close_reason or "closed by the server")
            except P.ProtocolError:  # lost track: start again from a full sync
                self.events, self.texts, self._decoded, self.state = [], [], [], None
            except (TimeoutError, ConnectionClosed, InvalidHandshake, OSError) as exc:
                if getattr(getattr(exc, "sent", None), "code", None) == 1009:  # we closed it: too large
                    raise Refused("too_large", f"the server sent a frame over {self.max_frame} bytes") from None
                rcvd = getattr(exc, "rcvd", None)  # the close frame the server sent, if any
                code = getattr(rcvd, "code", None)
                if rcvd is not None and code in FINAL_CLOSES:
                    raise Refused(str(code), rcvd.reason) from None
            finally:
                self.ws = None
            self._sent = None  # a reply may have been lost with the connection: answer again
            self.reconnects += 1
            if self.reconnects > max_reconnects:
                raise ConnectionError(f"gave up after {max_reconnects} reconnects")
            await asyncio.sleep(delay * (0.5 + self.random.random()))
            delay = min(self.backoff[1], delay * 2)


def random_policy(seed: int | None = None) -> Policy:
    """A policy that picks a uniformly random choice."""
    rnd = random.Random(seed)
    return lambda client: rnd.choice(client.choices)["action"]


def bot_policy(name: str, seed: int | None = None, cards=None) -> Policy:
    """A policy that asks :func:`~pillars_rules.bots.make_bot`'s bot ``name``,
    from the view the client assembled."""
    from pillars_rules.bots import make_bot

    bot = make_bot(name, seed)
    return lambda client: pr.encode_action(bot(client.view(cards)))


__all__ = ["GameClient", "Refused", "random_policy", "bot_policy", "FINAL_CLOSES", "MAX_SERVER_FRAME"]

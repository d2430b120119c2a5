"""One hosted game and the clients at it: a :class:`Room`.

A room owns the game's :class:`~pillars_rules.table.Table` (the only
authority: every message goes through :meth:`Table.handle`, with the sender's
seat from its credential), the connections of its seats and spectators, its
server bots and the takeover timers. Everything here runs on the event loop;
no call in it waits, except the bots' (in the bot pool) and their delay.

After an accepted action the room tells the server's fan-out
(:class:`LocalFanout`: this process only), which calls :meth:`Room.flush`;
``flush`` sends every event the room has not sent yet. A fan-out between
processes would call ``table.refresh()`` then ``flush()`` on a notification
from another process, and nothing else would change.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, Protocol

import attrs

import pillars_rules as pr

from ..errors import ConflictError, PillarsError
from ..table import Outcome, Table, encode_message
from . import protocol as P
from .gamebots import bot_view
from .gameframes import catalogues, frames_for, markers, public_events, scores_text
from .mail import turn_mail
from .registry import GameRecord, tag
from .timers import Clock
from .undo import Undos, caught_up_to, resync

#: Seconds a bot waits before offering again a move the store could not take, doubling
#: each time up to :data:`STORE_RETRY_MOST`.
STORE_RETRY = 0.5
STORE_RETRY_MOST = 30.0

log = logging.getLogger("pillars_rules.web")
#: Refusals of a server bot's answer (one of its seat's legal actions) that
#: mean the engine failed on it, not the bot (issue #53).
ENGINE_ERRORS = ("illegal", "limit")


class Client(Protocol):
    """A connection as a room sees it: its seat (``None``: a spectator), the
    protocol version it speaks and a non-blocking send."""

    seat: int | None
    protocol: int

    def send(self, text: str) -> None: ...


class LocalFanout:
    """Delivers a game's new events to the connections of this process: the
    one seam where a fan-out between server processes plugs in
    (:class:`~pillars_rules.web.fanout.PgFanout`). Alone, a process is the
    home of every game it holds: it runs their bots and takeover timers."""

    async def start(self, server: Any) -> None:
        return None

    def published(self, room: Room) -> None:
        room.flush()

    def is_home(self, room: Room) -> bool:
        return True

    def keeps(self, room: Room) -> bool:
        return True

    def added(self, room: Room) -> None:
        return None

    def removed(self, room: Room) -> None:
        return None

    def seat_changed(self, room: Room, seat: int, present: bool) -> None:
        return None

    def follow_here(self, room: Room, known: int | None) -> bool:
        return False

    async def present_elsewhere(self, room: Room, seat: int) -> bool:
        return False

    def took_over(self, room: Room, seat: int, taken: bool) -> None:
        return None

    async def close(self) -> None:
        return None


class Room:
    """One game being hosted: its table, clients, bots and takeover timers."""

    def __init__(self, server: Any, record: GameRecord, table: Table) -> None:  # server: a Server
        self.server = server
        self.record = record
        self.table = table
        #: The game as the clients know it: the table's, as of the last flush
        #: (the table moves on in the store's thread first).
        self.game = table.game
        self.tag = tag(record.game_id)
        self.frames = frames_for(table.game)
        self._markers = markers(table.game)
        self.marks: list[int] = []  # n_events when decision 1, 2, ... became pending
        self.sent = 0  # events already sent to the clients
        self.clients: set[Client] = set()
        n = record.players
        self.present = [0] * n  # person connections per seat
        self.taken = [False] * n  # seats a bot plays for an absent person
        self._timers: dict[int, asyncio.Task[None]] = {}
        self._bot: tuple[int, asyncio.Task[None]] | None = None
        self._acting = asyncio.Lock()  # one message at a time reaches the table
        self._following = False  # a follow_store runs: later notifications join it
        self._follow_more: tuple[int | None] | None = None  # (known,) of the notifications it still owes
        self._catch_up(table.game)
        self.sent = table.game.n_events
        #: When the game last moved (or was created or loaded here): the expiry's clock.
        self.moved = time.time()
        self.clock = Clock(self, record.clock)  # turn timers (web/timers.py); off unless the game has one
        self.undos = Undos(self)  # taking moves back (web/undo.py)
        self.seen_undos = len(table.undos)  # the table's undos the clients know of

    # ---------------------------------------------------------------- who plays
    def played_by(self, seat: int) -> str | None:
        """The bot name that plays ``seat`` now, or ``None`` if a person does."""
        spec = self.record.seats[seat]
        if spec.kind == "bot":
            return spec.bot
        if self.taken[seat]:
            return self._takeover_bot()
        return self.clock.bot_for(seat, self.game.decision)

    def _takeover_bot(self) -> str | None:
        """The bot that takes a seat over (a seat is taken over only in a game that names one)."""
        takeover = self.record.takeover
        return None if takeover is None else takeover["bot"]

    @property
    def has_person(self) -> bool:
        """Whether a person sits at this table (a seat of kind ``person``, even
        one a bot plays for now): its bots' decisions go in the server's
        foreground lane, a bot-only table's in the background lane."""
        return any(spec.kind == "person" for spec in self.record.seats)

    def seats(self) -> list[dict[str, Any]]:
        out = []
        for i, spec in enumerate(self.record.seats):
            bot = self.played_by(i)
            out.append(
                {
                    "seat": i,
                    "name": spec.name,
                    "kind": spec.kind,
                    "bot": spec.bot,
                    "connected": self.present[i],
                    "played_by": "bot" if bot else "person",
                    "playing_bot": bot,
                }
            )
        return out

    # ---------------------------------------------------------------- clients
    def join(self, client: Client, seat: int | None, seen: int | None) -> None:
        """Seat ``client`` (``seat=None``: a spectator), send it the welcome and
        what it lacks, and tell everyone who is here."""
        self.clients.add(client)
        if seat is not None:
            self.present[seat] += 1
            if self.present[seat] == 1:
                self.server.fanout.seat_changed(self, seat, True)
            self.seat_present(seat)
        game = self.game
        catch_up = seen is not None and 1 <= seen <= caught_up_to(self)
        spec = self.record.seats[seat] if seat is not None else None
        you = (
            {"seat": seat, "name": spec.name, "role": "player"}
            if spec is not None
            else {"seat": None, "name": None, "role": "spectator"}
        )
        s = self.server.settings
        limits = {"message_bytes": P.MAX_MESSAGE_BYTES, "rate": s.rate, "burst": s.burst, "flood": s.flood}
        client.send(
            P.welcome(
                self.record.game_id,
                you,
                self.record.players,
                self.record.cards,
                self.record.variants,
                self.seats(),
                limits,
                "catch_up" if catch_up else "full",
                *catalogues(game, client.protocol),
            )
        )
        if (
            catch_up and seen is not None
        ):  # with the whole state, in either version: the client's is older than the last update's
            client.send(self.frames.update(game, self.marks[seen - 1]).for_seat(seat, client.protocol))
        else:
            client.send(self.frames.sync(game, seat))
        if self.table.undos:
            client.send(self.undos.history())
        if self.undos.request is not None:
            self.undos.tell()
        self.clock.tell(client)
        log.info(
            "%s joined game=%s seat=%s connections=%d",
            "player" if seat is not None else "spectator",
            self.tag,
            "-" if seat is None else seat,
            len(self.clients),
        )
        self._tell_seats()
        self.schedule()

    def leave(self, client: Client) -> None:
        if client not in self.clients:
            return
        self.clients.discard(client)
        seat = client.seat
        log.info(
            "%s left game=%s seat=%s connections=%d",
            "player" if seat is not None else "spectator",
            self.tag,
            "-" if seat is None else seat,
            len(self.clients),
        )
        if seat is not None:
            self.present[seat] -= 1
            if self.present[seat] == 0:
                self.server.fanout.seat_changed(self, seat, False)
                self.seat_absent(seat)
        self._tell_seats()
        self.server.maybe_unload(self)

    def seat_present(self, seat: int, tell: bool = False) -> None:
        """A person is connected to ``seat`` (here, or at another process): no
        takeover; a seat a bot took over is handed back (and, with ``tell``, everyone told)."""
        timer = self._timers.pop(seat, None)
        if timer is not None:
            timer.cancel()
        if self.taken[seat]:
            self.taken[seat] = False
            self._cancel_bot(seat)
            log.info("seat handed back game=%s seat=%d", self.tag, seat)
            self.server.fanout.took_over(self, seat, False)
            if tell:
                self._tell_seats()

    def seat_absent(self, seat: int) -> None:
        """No person is connected to ``seat`` any more: arm its takeover timer."""
        self._start_timer(seat)

    def show_taken(self, seat: int, taken: bool) -> None:
        """Another process (the game's home) let a bot take ``seat`` over, or handed it back."""
        self.taken[seat] = taken
        self._tell_seats()

    async def follow_store(self, known: int | None = None) -> None:
        """Catch up with moves another process stored (``known``: a decision the
        store has reached; ``None``: ask the store), in the store's thread (or
        here, if the fan-out has the events at hand: :meth:`PgFanout.follow_here
        <pillars_rules.web.fanout.PgFanout.follow_here>`) and between this
        room's own messages, then send them to the clients.
        Notifications that come while one catch-up runs are folded into one more
        read at its end (a burst of moves costs one or two reads, not one each)."""
        if self._following:
            more = self._follow_more
            owed = more[0] if more is not None else 0  # None: ask the store
            self._follow_more = (None if known is None or owed is None else max(known, owed),)
            return
        self._following = True
        try:
            while True:
                async with self._acting:
                    if not self.server.fanout.follow_here(self, known):
                        await self.server.in_store(self.table.refresh, known)
                self.flush()
                if self._follow_more is None:
                    return
                (known,), self._follow_more = self._follow_more, None
        finally:
            self._following = False

    def _tell_seats(self) -> None:
        self._tell_all(P.seats_message(self.seats()))

    # ---------------------------------------------------------------- acting
    async def act(self, seat: int, message: str, by: str = "person") -> tuple[str, str] | None:
        """Hand ``message`` from ``seat`` to the table; ``None`` if applied and
        stored, else (refusal code, reason). The game is unchanged by a refusal."""
        async with self._acting:
            if self.server.closing:
                log.info("action refused game=%s seat=%d: the server is stopping", self.tag, seat)
                return "server_error", "the server is stopping; the game goes on when it is back"
            checked = self.table.check(seat, message)
            if isinstance(checked, Outcome):
                log.info("action refused game=%s seat=%d code=%s", self.tag, seat, checked.code)
                return checked.code, checked.reason
            try:
                await self.server.commit(self.table, checked)
            except ConflictError:  # another server process answered first: send what it stored
                self.flush()
                return "stale", "another server process answered this decision first"
            except PillarsError as err:  # the store could not be written: nothing was applied
                log.error("store error game=%s: %s", self.tag, err)
                return "server_error", "the game could not be stored; try again"
            log.info("action accepted game=%s seat=%d by=%s decision=%d", self.tag, seat, by, checked.before.decision)
            self.server.fanout.published(self)
        return None

    def flush(self) -> None:
        """Send every client the events it has not had, then let bots move."""
        if len(self.table.undos) != self.seen_undos:
            return resync(self)
        game = self.table.game
        first = self.sent
        if game.n_events == first:
            return
        first_decision = self.game.decision
        self._catch_up(game)
        self.moved = time.time()
        # every client holds self.game's state (its sync, catch-up or last update): version 2 gets the changes
        update = self.frames.update(game, first, self.game)
        for c in list(self.clients):
            c.send(update.for_seat(c.seat, c.protocol))
        self.sent = game.n_events
        self.game = game
        self.clock.moved()
        self.undos.moved()
        if self.server.settings.mail is not None and game.decision != first_decision:
            turn_mail(self)
        if game.is_over:
            self.server.finished(self.record.game_id)
            self.record = attrs.evolve(self.record, finished=True)
            log.info(
                "game finished game=%s decisions=%d scores=%s",
                self.tag,
                game.decision,
                scores_text(game),
            )
            self.stop()
            self.server.maybe_unload(self)
        else:
            self.schedule()

    def _catch_up(self, game: pr.Game) -> None:
        """Encode the new events and note where each decision began."""
        k = len(self.frames.events)
        self.frames.extend(game)
        events = public_events(game)
        for i in range(k, len(events)):
            if isinstance(events[i], self._markers):
                self.marks.append(i + 1)

    # ---------------------------------------------------------------- bots
    def schedule(self) -> None:
        """Start the bot of the seat that must act, if a bot plays it."""
        game = self.game
        if game.is_over or self.server.closing or not self.server.fanout.is_home(self):
            return
        seat = game.current_player
        assert seat is not None  # a game not over waits on a seat
        name = self.played_by(seat)
        if name is None:
            return
        if self._bot is not None and not self._bot[1].done():
            if self._bot[0] == game.decision:
                return
            self._bot[1].cancel()
        self._bot = (game.decision, asyncio.get_running_loop().create_task(self._move(seat, name, game.decision)))

    async def _move(self, seat: int, name: str, decision: int) -> None:
        delay = self.server.settings.bot_delay
        if delay:
            await asyncio.sleep(delay)
        if self.game.decision != decision or self.played_by(seat) != name:
            return
        seed = (self.record.seats[seat].bot_seed + decision) % 2**63
        view = bot_view(self.game, seat)
        pool = self.server.bots if self.has_person else self.server.background_bots
        owner = self.record.owner or self.record.game_id
        action = await pool.decide(name, seed, view, owner=owner, encoded=self.frames.events)
        if self.game.decision != decision or self.played_by(seat) != name:
            return  # the person came back, or the game moved on, while the bot thought
        wait = STORE_RETRY
        while True:
            # shielded: a bot cancelled once its move is on its way to the store (the person came
            # back) must not stop the move's flush, or this process's clients miss a stored move
            refusal = await asyncio.shield(
                self.act(seat, encode_message(decision, action, self.table.kind), by=f"bot:{name}")
            )
            if refusal is None:
                return
            log.error("bot refused game=%s seat=%d bot=%s code=%s", self.tag, seat, name, refusal[0])
            if refusal[0] in ENGINE_ERRORS:
                await self._fall_back(seat, name, decision, action, refusal[1])
                return
            if refusal[0] != "server_error" or self.server.closing:
                return
            # the store could not take the move: nobody else will move this seat, so the table
            # would wait for good; try again, less often the longer the store stays down (a move
            # stored late after all moves the game on, and this task is then cancelled or stops here)
            await asyncio.sleep(wait)
            wait = min(2 * wait, STORE_RETRY_MOST)
            if self.game.decision != decision or self.played_by(seat) != name:
                return

    async def _fall_back(self, seat: int, name: str, decision: int, refused: Any, reason: str) -> None:
        """The engine refused a bot's answer taken from the seat's own legal
        actions: it contradicts itself (issue #53). The table must not freeze:
        every client is told (``engine_error``) and the operator's log says
        why; the seat's other legal actions are tried in the listed order, and
        the first one applied moves the game on. If none can be, the game stops
        (the operator may inspect or delete it)."""
        log.error("engine error game=%s seat=%d bot=%s decision=%d: %s", self.tag, seat, name, decision, reason)
        try:
            others = [a for a in self.game.legal_actions() if a != refused]
        except Exception as exc:  # the engine failing to list them is the same failure
            log.error("engine error game=%s: listing the legal actions: %s: %s", self.tag, type(exc).__name__, exc)
            others = []
        for other in others:
            if self.game.decision != decision or self.played_by(seat) != name:
                return
            if (
                await asyncio.shield(
                    self.act(seat, encode_message(decision, other, self.table.kind), by=f"fallback:{name}")
                )
                is None
            ):
                log.warning(
                    "engine error game=%s seat=%d: the bot fell back to %s",
                    self.tag,
                    seat,
                    type(other).__name__,
                )
                self._tell_all(
                    P.refused(
                        "engine_error",
                        f"the rules engine failed on {name}'s move for "
                        f"seat {seat} ({reason}); it played another legal action",
                        decision,
                    )
                )
                return
        log.error(
            "table stopped game=%s seat=%d decision=%d: no legal action could be applied", self.tag, seat, decision
        )
        self._tell_all(
            P.refused(
                "engine_error",
                f"the rules engine failed on every legal move of seat {seat} "
                f"({reason}); the game is stopped for the server's operator",
                decision,
            )
        )

    def _tell_all(self, text: str) -> None:
        for c in list(self.clients):
            c.send(text)

    def _cancel_bot(self, seat: int) -> None:
        if self._bot is not None and self.game.current_player == seat:
            self._bot[1].cancel()
            self._bot = None

    # ---------------------------------------------------------------- takeover
    def start_timers(self) -> None:
        """Arm the takeover timer of every person seat nobody is connected to."""
        for seat in range(self.record.players):
            if self.present[seat] == 0:
                self._start_timer(seat)
        self.clock.start()

    def _start_timer(self, seat: int) -> None:
        takeover = self.record.takeover
        if (
            not takeover
            or self.record.seats[seat].kind != "person"
            or self.game.is_over
            or seat in self._timers
            or self.taken[seat]
            or not self.server.fanout.is_home(self)
        ):
            return
        self._timers[seat] = asyncio.get_running_loop().create_task(self._take_over(seat, takeover["grace"]))

    async def _take_over(self, seat: int, grace: float) -> None:
        await asyncio.sleep(grace)
        self._timers.pop(seat, None)
        if self.present[seat] or self.game.is_over or await self.server.fanout.present_elsewhere(self, seat):
            return
        self.taken[seat] = True
        self.server.fanout.took_over(self, seat, True)
        log.info("bot took over game=%s seat=%d bot=%s", self.tag, seat, self._takeover_bot())
        self._tell_seats()
        self.schedule()

    def gone(self, reason: str) -> None:
        """The game was deleted: tell every client (``gone``) and close its connection."""
        text = P.refused("gone", reason, None)
        for c in list(self.clients):
            c.send(text)
            close = getattr(c, "close", None)
            if close is not None:
                close(P.REFUSALS["gone"].close, "gone")
        self.stop()

    async def idle(self) -> None:
        """Return once no action of this room is being checked or stored."""
        async with self._acting:
            return

    def stop(self) -> None:
        """Cancel the room's timers and bot (the game stays as stored)."""
        for t in self._timers.values():
            t.cancel()
        self._timers.clear()
        self.clock.stop()
        if self._bot is not None:
            self._bot[1].cancel()
            self._bot = None


__all__ = ["Room", "LocalFanout", "Client"]

"""The game server's state: storage, card sets, bots, and the rooms of loaded games.

One :class:`Server` lives in the ASGI app (``app.state.server``). It creates
games (:meth:`create_game`), finds a game for a hello (:meth:`find`,
:meth:`load`: from the store on first use), resumes every unfinished game at
start so its bots and takeover timers go on, and counts connections against
the settings' bounds.

The event store is used from one thread of its own (:meth:`in_store`): every
write waits for the disk (``synchronous=FULL``), and the event loop goes on
serving the other tables meanwhile. A room broadcasts an action only once
the store has it. The game records have a thread of their own too
(:meth:`in_registry`), and every read of them or of a game's log for a hello
gives up after ``db_timeout`` seconds (:class:`StoreTimeout`): no database
call runs on the event loop, so a stalled database delays the hellos and
moves that need it and nothing else (``/healthz`` says it is unreachable).
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextlib
import logging
import math
import os
import secrets
import time

import pillars_rules as pr

from ..errors import StoreError
from ..games.pillars import DEFAULT_NAMES
from ..table import Table
from ..table.opening import POSTGRES_PREFIXES
from . import upkeep
from .bots import BotPool
from .cardsets import Catalogue
from .collector import Collector
from .fanout import PgFanout, fanout_for
from .lobby import GameRequest
from .networks import network_of
from .ratelimit import Limits
from .registry import (
    SPECTATOR,
    GameRecord,
    SeatSpec,
    Storage,
    digest,
    new_game_id,
    new_key,
    open_events,
    open_registry,
    tag,
)
from .retention import owners_of
from .rooms import LocalFanout, Room
from .settings import Settings
from .switching import Switching

log = logging.getLogger("pillars_rules.web")


class ServerFull(Exception):
    """The server hosts as many unfinished games as its settings allow."""


class TooMany(Exception):
    """One client address created too many games: ``retry_after`` seconds until it may again."""

    def __init__(self, reason: str, retry_after: float) -> None:
        super().__init__(reason)
        self.retry_after = retry_after


def human(seconds: float) -> str:
    """A duration in words for the lobby's messages: ``48 h``, ``10 min``, ``30 s``."""
    if seconds >= 3600:
        return f"{seconds / 3600:.3g} h"
    if seconds >= 60:
        return f"{seconds / 60:.3g} min"
    return f"{seconds:.3g} s"


class StoreTimeout(StoreError):
    """The database did not answer within the server's ``db_timeout``."""


#: How much lower the CPU priority of the background lane's bot workers is
#: (``nice``; bot-only tables).
BACKGROUND_NICE = 10
#: Decisions each bot worker holds at once (:class:`~.bots.BotPool`'s ``depth``):
#: the one it thinks and the next, so it never idles while the loop hands it one.
#: At people's pace on 2 cores, 2,000 tables: people played 167 -> 211 moves a
#: second (their bots answered sooner), the workers' CPU 64% -> 72-74% (bench
#: --pace --tables 2000 --window 60, compiled, one run each; issue #60).
BOT_DEPTH = 2
#: Seconds of estimated bot work a worker may hold beyond :data:`BOT_DEPTH`
#: (:class:`~.bots.BotPool`'s ``budget``): quick decisions (a ``medium`` bot's
#: take about 1.5 ms) keep the workers fed while the busy loop hands them over;
#: another table waits behind about this much a worker at most (issue #60).
BOT_BUDGET = 0.05


class Server:
    """Everything the endpoints share. :meth:`start` opens the storage; :meth:`close` ends all."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.admin_token = settings.admin_token or secrets.token_urlsafe(32)
        self.catalogue = Catalogue(settings.cards_dirs)
        #: the event store and the game records, opened by :meth:`start`
        self.storage: Storage | None = None
        #: the bots of tables where a person sits, and (the background lane) of
        #: bot-only tables, whose workers run at a lower CPU priority: nobody waits
        #: on a bot-only game's next move, a person waits on theirs (issue #34)
        self.bots = BotPool(
            settings.bot_workers, settings.bot_timeout, games=settings.max_games, depth=BOT_DEPTH, budget=BOT_BUDGET
        )
        self.background_bots = BotPool(
            settings.bot_workers,
            settings.bot_timeout,
            nice=BACKGROUND_NICE,
            games=settings.max_games,
            depth=BOT_DEPTH,
            budget=BOT_BUDGET,
        )
        self.fanout: LocalFanout | PgFanout = LocalFanout()
        self.rooms: dict[str, Room] = {}
        self.connections = 0
        self.limits = Limits(settings)
        self._loading: dict[str, asyncio.Future] = {}
        # games a connection is loading to join: not unloaded meanwhile (see load)
        self._joining: dict[str, int] = {}
        self._resume: asyncio.Task | None = None
        self._store_thread: concurrent.futures.ThreadPoolExecutor | None = None
        self._registry_thread: concurrent.futures.ThreadPoolExecutor | None = None
        self._probe: asyncio.Future | None = None
        self._commits: list = []
        self._committer: asyncio.Task | None = None
        self._tasks: set[asyncio.Task] = set()
        self._created: dict[str, collections.deque] = {}  # per owner: when its last games were made
        self._owned: dict[str, set[str]] = {}  # per owner: its unfinished games
        self._expiry: asyncio.Task | None = None
        #: the garbage collector's policy: full collections walk only what is new (web/collector.py)
        self.collector = Collector()
        #: a shorter thread switch interval, if the settings ask: the store's and the bots' threads
        #: get the GIL back sooner (the interval is the whole process's, so it is not the default)
        self.switching = Switching(self.settings.switch_interval) if self.settings.switch_interval else None
        #: set when :meth:`close` begins: no bot starts and no action is applied after it
        self.closing = False

    @property
    def db_path(self) -> str:
        """Where the games are, for the operator: the SQLite file, or the PostgreSQL
        database without its password."""
        if self.settings.db.startswith(POSTGRES_PREFIXES):
            from ..table.pgstore import redacted

            return f"PostgreSQL {redacted(self.settings.db)}"
        return os.path.abspath(self.settings.db)

    def _stores(self) -> Storage:
        """The opened stores (every caller runs after :meth:`start`)."""
        if self.storage is None:
            raise StoreError("the server's stores are not open: start() opens them")
        return self.storage

    async def start(self) -> None:
        self._store_thread = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="pillars-store")
        self._registry_thread = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="pillars-registry")
        # the event store's connection lives in the store's thread; the game records,
        # read at every hello, have a connection (and a thread) of their own
        games = await self.in_registry(open_registry, self.settings.db, self.settings.db_timeout)
        self.storage = Storage(await self.in_store(open_events, self.settings.db, self.settings.db_timeout), games)
        self.fanout = fanout_for(self.storage) or self.fanout
        await self.fanout.start(self)
        self.collector.install()
        if self.switching is not None:
            self.switching.install()
        self._resume = asyncio.get_running_loop().create_task(self._resume_all())
        self._expiry = asyncio.get_running_loop().create_task(self._expire_forever())

    def commit(self, table: Table, checked) -> asyncio.Future:
        """Store ``checked`` (see :meth:`Table.check`): a future of its Outcome
        (or its ConflictError). Commits that arrive while one is being written
        go together in the next transaction: one wait for the disk for them all."""
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self._commits.append((table, checked, future))
        if self._committer is None or self._committer.done():
            self._committer = loop.create_task(self._write_commits())
        # a stalled database answers the player within db_timeout, as /healthz does; a
        # commit that lands after that is sent to the game's clients then (_stored_late)
        loop.call_later(self.settings.db_timeout, self._commit_timed_out, future)
        return future

    def _commit_timed_out(self, future: asyncio.Future) -> None:
        if not future.done():
            log.error("store timeout: a move was not stored within %g s", self.settings.db_timeout)
            future.set_exception(
                StoreTimeout(f"the event store did not store a move within {self.settings.db_timeout:g} s")
            )
            future.exception()  # retrieved: its awaiter may have gone

    def _stored_late(self, table: Table) -> None:
        """A move stored after its player was told ``server_error``: its game's clients get it now."""
        room = self.rooms.get(table.game_id)
        if room is not None and room.table is table:
            log.warning("a move was stored late game=%s", room.tag)
            room.flush()
            self.fanout.published(room)

    async def _write_commits(self) -> None:
        while self._commits:
            batch, self._commits = self._commits, []
            try:
                results = await self.in_store(Table.commit_many, self._stores().events, [(t, c) for t, c, _ in batch])
            except Exception as exc:  # noqa: BLE001 - the store failed: nothing of the batch is stored
                results = [exc] * len(batch)
            for (table, _, future), result in zip(batch, results):
                if future.done():  # cancelled or timed out: the others still get theirs
                    if not isinstance(result, BaseException):
                        self._stored_late(table)
                    continue
                if isinstance(result, BaseException):
                    future.set_exception(result)
                else:
                    future.set_result(result)

    async def in_store(self, fn, *args):
        """``fn(*args)`` in the store's thread (the event store's connection lives there)."""
        return await asyncio.get_running_loop().run_in_executor(self._store_thread, fn, *args)

    async def in_registry(self, fn, *args):
        """``fn(*args)`` in the game records' thread, or :class:`StoreTimeout` after ``db_timeout``."""
        future = asyncio.get_running_loop().run_in_executor(self._registry_thread, fn, *args)
        return await self.timed(future, "the game records")

    async def timed(self, future, what: str):
        """``future``'s result, or :class:`StoreTimeout` after ``db_timeout`` (the call
        goes on in its thread; its result is dropped)."""
        try:
            return await asyncio.wait_for(asyncio.shield(future), self.settings.db_timeout)
        except TimeoutError:
            log.error("store timeout: %s did not answer within %g s", what, self.settings.db_timeout)
            raise StoreTimeout(f"{what} did not answer within {self.settings.db_timeout:g} s") from None

    async def health(self) -> str | None:
        """``None`` if the game records answer a query within ``db_timeout``, else why not
        (one probe at a time: a stalled database does not pile them up)."""
        if self.storage is None:
            return "the server is starting"
        if self._probe is None or self._probe.done():
            self._probe = asyncio.get_running_loop().run_in_executor(
                self._registry_thread, self._stores().games.open_count
            )
        try:
            await self.timed(self._probe, "the game records")
        except Exception as exc:  # noqa: BLE001 - any failure of the store is an answer here
            log.error("health check: the store is unreachable: %s", type(exc).__name__)
            return "the game store is unreachable"
        return None

    async def _resume_all(self) -> None:
        """Load every unfinished game, so bots and takeover timers go on after a restart."""
        try:
            records = [r for r in await self.in_registry(self._stores().games.records) if not r.finished]
        except StoreError as err:
            log.error("games not resumed: %s", err)
            return
        for record in records:
            for owner in (record.owner, record.network):
                if owner is not None:
                    self._owned.setdefault(owner, set()).add(record.game_id)
            try:
                await self.load(record)
            except Exception:  # noqa: BLE001 - one game that cannot be loaded must not stop the others
                log.exception("game not resumed game=%s", tag(record.game_id))
            await asyncio.sleep(0)
        if records:
            self.collector.settle()  # the resumed games are long-lived: frozen now, and the thaw's base
            log.info("games resumed count=%d", len(records))

    async def close(self) -> None:
        self.closing = True
        for task in (self._resume, self._expiry):
            if task is not None:
                task.cancel()
        for room in self.rooms.values():
            room.stop()
        self.bots.close()
        self.background_bots.close()
        # a move on its way to the store (a bot's move is shielded from its cancelling) ends
        # before the store closes: written whole, not refused half-way by a closed database
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self._moves_done(), self.settings.db_timeout)
        await self.fanout.close()
        if self.storage is not None:
            with contextlib.suppress(Exception):
                await self.in_registry(self._stores().games.close)
            await self.in_store(self._stores().events.close)
        if self._registry_thread is not None:
            self._registry_thread.shutdown(wait=False)
        if self._store_thread is not None:
            self._store_thread.shutdown(wait=True)
        self.collector.uninstall()
        if self.switching is not None:
            self.switching.uninstall()

    async def _moves_done(self) -> None:
        for room in list(self.rooms.values()):
            await room.idle()

    # ---------------------------------------------------------------- games
    async def create_game(self, request: GameRequest, base_url: str, client: str = "-") -> dict:
        """Create and store a game for the client at address ``client``; its id, seats
        and links (:class:`TooMany` if that address may not create one now,
        :class:`ServerFull`, or :class:`~pillars_rules.errors.ConfigError` if it cannot be made)."""
        owner, network = owners_of(client, self.settings.ipv6_prefix)
        self._count_creation(owner, network)  # first: a refused address costs no database call
        game_id = new_game_id()
        held = [self._owned.setdefault(o, set()) for o in (owner, network)]
        for owned in held:  # held from now: parallel requests of one address count it
            owned.add(game_id)
        try:
            return await self._create(request, base_url, game_id, owner, network)
        except BaseException:
            for owned in held:
                owned.discard(game_id)
            raise

    def _full(self) -> ServerFull:
        s = self.settings
        return ServerFull(
            f"this server hosts {s.max_games} unfinished games, its most; try again later (a game "
            f"whose seats nobody took within {human(s.expire_unstarted)}, or with no move for "
            f"{human(s.expire_after)}, is deleted)"
        )

    async def _create(self, request: GameRequest, base_url: str, game_id: str, owner: str, network: str) -> dict:
        games = self._stores().games
        if await self.in_registry(games.open_count) >= self.settings.max_games:
            raise self._full()  # (cheap: most refusals of a full server end here)
        names = [s.name for s in request.seats]

        def make() -> Table:
            return Table.create(
                self._stores().events,
                game_id,
                players=request.players,
                seed=request.seed,
                names=None if not any(names) else _names(names, request),
                variants=request.variants,
                cards=list(request.cards.paths) if request.cards.paths else None,
                game=request.game,
            )

        table = await self.timed(asyncio.ensure_future(self.in_store(make)), "the event store")
        game = table.game
        seat_names = [game.game_type.seat_name(game.state, i) for i in range(request.players)]
        keys = [new_key() if s.kind == "person" else None for s in request.seats]
        spectator_key = new_key()
        record = GameRecord(
            game_id=game_id,
            players=request.players,
            seats=tuple(
                SeatSpec(s.kind, seat_names[i], s.bot, digest(key) if key else None, secrets.randbelow(2**63))
                for i, (s, key) in enumerate(zip(request.seats, keys))
            ),
            spectator_hash=digest(spectator_key),
            cards=request.cards.public(),
            variants=tuple(game.rules.variants) if request.game == "pillars" else request.variants,
            takeover=request.takeover,
            clock=request.clock,
            reveal=request.reveal,
            owner=owner,
            network=network,
            seated=not any(s.kind == "person" for s in request.seats),
            game=request.game,
        )
        # the cap is checked again where the record is stored, atomically with storing it
        if not await self.in_registry(games.add_within, record, self.settings.max_games):
            await self.timed(
                asyncio.ensure_future(self.in_store(self._stores().events.delete, game_id)), "the event store"
            )
            raise self._full()
        room = self._add(record, table)
        log.info(
            "game created game=%s players=%d seats=%s cards=%s variants=%s takeover=%s",
            room.tag,
            record.players,
            ",".join(s.kind if s.kind == "person" else f"bot:{s.bot}" for s in record.seats),
            record.cards["name"],
            ",".join(record.variants) or "-",
            record.takeover["bot"] if record.takeover else "-",
        )
        base = (self.settings.public_url or base_url).rstrip("/")

        def link(key: str) -> str:
            return f"{base}/play#game={game_id}&key={key}"

        return {
            "game": game_id,
            "tag": room.tag,
            "players": record.players,
            "seats": [
                {"seat": i, "name": s.name, "kind": s.kind, "bot": s.bot, "link": link(key) if key else None}
                for i, (s, key) in enumerate(zip(record.seats, keys))
            ],
            "spectator": link(spectator_key),
            "cards": record.cards,
            "variants": list(record.variants),
            "takeover": record.takeover,
            "clock": record.clock,
            "reveal": record.reveal,
        }

    def network(self, address: str) -> str:
        """``address`` as the per-client limits count it (an IPv6 address by its network)."""
        return network_of(address, self.settings.ipv6_prefix)

    def may_create(self, client: str) -> None:
        """:class:`TooMany` if the client at address ``client`` may not create a game now
        (checked before its request is read, so a refused flood costs little)."""
        self._count_creation(*owners_of(client, self.settings.ipv6_prefix), count=False)

    def _count_creation(self, owner: str, network: str | None = None, count: bool = True) -> None:
        """Count a creation by ``owner`` (of ``network``) or refuse it (:class:`TooMany`)."""
        s, now = self.settings, time.monotonic()
        for who, most, what in (
            (owner, s.max_games_per_client, "address"),
            (network, s.max_games_per_network, "network"),
        ):
            if who is not None and len(self._owned.get(who, ())) >= most:
                raise TooMany(
                    f"this {what} hosts {most} unfinished games, its most; finish one first (a game "
                    f"with no move for {human(s.expire_after)} is deleted)",
                    60.0,
                )
        made = self._created.setdefault(owner, collections.deque())
        while made and now - made[0] >= 60.0:
            made.popleft()
        if len(made) >= s.create_rate:
            wait = 60.0 - (now - made[0])
            raise TooMany(
                f"this address may create {s.create_rate} games a minute, its most; try again in {math.ceil(wait)} s",
                wait,
            )
        if count:
            made.append(now)

    # ---------------------------------------------------------------- expiry and deletion
    async def _expire_forever(self) -> None:
        every = min(60.0, max(0.1, min(self.settings.expire_after, self.settings.expire_unstarted) / 4))
        while True:
            await asyncio.sleep(every)
            try:
                await self.expire_abandoned()
            except Exception:  # noqa: BLE001 - the next round tries again
                log.exception("expiry failed")

    async def expire_abandoned(self) -> list[str]:
        """Delete every unfinished game this process is home for that has had no
        move for ``expire_after`` seconds, or whose seats nobody took within
        ``expire_unstarted`` (and the finished games past ``keep_finished``, once
        an hour: :mod:`~pillars_rules.web.upkeep`); their ids."""
        now, after = time.time(), self.settings.expire_after
        old = [
            r.record.game_id
            for r in list(self.rooms.values())
            if not r.game.is_over and now - r.moved >= after and self.fanout.is_home(r)
        ]
        for game_id in old:
            await self.delete_game(game_id, f"no move for {human(after)}: the game was deleted")
        old += await upkeep.expire_unstarted(self)
        await upkeep.prune_if_due(self)
        cutoff = time.monotonic() - 60.0
        for owner in [o for o, made in self._created.items() if not made or made[-1] < cutoff]:
            del self._created[owner]
        return old

    async def delete_game(self, game_id: str, reason: str = "the operator deleted the game") -> bool:
        """Delete ``game_id`` (its record and its log), telling its connections
        ``gone``; ``False`` if there is no such game."""
        try:
            known = await self.in_registry(self._stores().games.get, game_id) is not None
        except pr.errors.DamagedGameError:
            known = True  # a damaged record is deleted all the same
        room = self.rooms.pop(game_id, None)
        if room is None and not known:
            return False
        if room is not None:
            room.stop()
            self.fanout.removed(room)
        try:
            await self.in_registry(self._stores().games.delete, game_id)
            await self.timed(
                asyncio.ensure_future(self.in_store(self._stores().events.delete, game_id)), "the event store"
            )
        finally:
            if room is not None:  # told once it is gone from the store (or could not be)
                room.gone(reason)
        for owned in self._owned.values():
            owned.discard(game_id)
        log.info("game deleted game=%s: %s", tag(game_id), reason)
        return True

    def _add(self, record: GameRecord, table: Table) -> Room:
        room = Room(self, record, table)
        self.rooms[record.game_id] = room
        self.fanout.added(room)
        room.start_timers()
        room.schedule()
        return room

    async def load(self, record: GameRecord, *, joining: bool = False) -> Room | None:
        """The room of ``record``'s game, loaded from the store if need be
        (``None``, logged, if the stored game cannot be opened, or not within
        ``db_timeout``: the load then goes on, and the next hello finds it, or waits
        for the same load).

        ``joining``: a connection joins the room as soon as this returns (with no await
        between), so the room is not unloaded in the meantime (:meth:`maybe_unload`).
        A room loaded with no client yet may be unloaded at once by a process that is
        not the game's home (its claim of the home came back lost: ``PgFanout._claim``),
        and that answer can come before the load's own waiter resumes; a connection
        that joined such a room anyway was on a room nothing moved on any more, and
        its game waited for good (issue #60)."""
        room = self.rooms.get(record.game_id)
        if room is not None:
            return room
        game_id = record.game_id
        if joining:
            self._joining[game_id] = self._joining.get(game_id, 0) + 1
        try:
            pending = self._loading.get(game_id)
            if pending is None:
                pending = self._loading[game_id] = asyncio.ensure_future(self._open(record))
                pending.add_done_callback(lambda _: self._loading.pop(game_id, None))
            try:
                return await self.timed(pending, "the event store")
            except StoreTimeout:
                return None
        finally:
            if joining:
                left = self._joining[game_id] - 1
                if left:
                    self._joining[game_id] = left
                else:
                    del self._joining[game_id]

    async def _open(self, record: GameRecord) -> Room | None:
        try:
            table = await self.in_store(Table.open, self._stores().events, record.game_id)
        except pr.PillarsError as err:
            log.error("game cannot be opened game=%s: %s", tag(record.game_id), err)
            return None
        except Exception:  # noqa: BLE001 - one game that cannot be opened must not stop the others
            log.exception("game cannot be opened game=%s", tag(record.game_id))
            return None
        room = self.rooms.get(record.game_id) or self._add(record, table)
        log.info("game loaded game=%s decision=%d", room.tag, table.decision)
        return room

    async def find(self, game_id: str, key: str) -> tuple[GameRecord, int | None] | None:
        """The game ``game_id`` and the seat whose credential ``key`` is
        (``None`` for a spectator), or ``None`` if either is wrong
        (:class:`~pillars_rules.errors.StoreError` if the records cannot be read)."""
        record = await self.in_registry(self._stores().games.get, game_id)
        if record is None:
            digest(key)  # as long as a wrong key: whether a game exists is not timed away
            return None
        who = record.who(key)
        if who is None:
            return None
        if who != SPECTATOR and not record.seated:
            upkeep.seat_taken(self, record)
        return record, None if who == SPECTATOR else who

    def finished(self, game_id: str) -> None:
        """Mark the game finished in the records (in their thread; a failure is logged)."""
        for owned in self._owned.values():
            owned.discard(game_id)

        async def mark() -> None:
            try:
                await self.in_registry(self._stores().games.finish, game_id)
            except Exception as exc:  # noqa: BLE001 - the next start marks it again from the log
                log.error("game not marked finished game=%s: %s", tag(game_id), type(exc).__name__)

        task = asyncio.get_running_loop().create_task(mark())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def maybe_unload(self, room: Room) -> None:
        """Forget a finished game nobody watches (it stays in the store), or one this
        process need not keep; not while a connection is loading it to join (:meth:`load`)."""
        if (
            not room.clients
            and room.record.game_id not in self._joining
            and (room.game.is_over or not self.fanout.keeps(room))
        ):
            room.stop()
            if self.rooms.get(room.record.game_id) is room:
                del self.rooms[room.record.game_id]
                self.fanout.removed(room)

    async def listing(self) -> list[dict]:
        """Every stored game for the operator: id, tag, seats, state, connections
        (a game whose record is damaged is listed as such, with why)."""
        records, damaged = await self.in_registry(self._stores().games.read_all)
        out = []
        for r in records:
            room = self.rooms.get(r.game_id)
            try:
                decision = (
                    room.game.decision
                    if room
                    else await self.timed(
                        asyncio.ensure_future(self.in_store(self._stores().events.decision, r.game_id)),
                        "the event store",
                    )
                )
            except pr.PillarsError:
                decision = None
            out.append(
                {
                    "game": r.game_id,
                    "tag": tag(r.game_id),
                    "created": r.created,
                    "players": r.players,
                    "cards": r.cards["name"],
                    "variants": list(r.variants),
                    "seats": [s.name + ("" if s.kind == "person" else f" (bot {s.bot})") for s in r.seats],
                    "decision": decision,
                    "finished": r.finished,
                    "loaded": room is not None,
                    "connections": len(room.clients) if room else 0,
                    "damaged": None,
                    "owner": r.owner,
                    "network": r.network,
                    "seated": r.seated,
                }
            )
        for err in damaged:
            game_id = str(err.game_id)
            out.append(
                {
                    "game": game_id,
                    "tag": tag(game_id),
                    "created": None,
                    "players": None,
                    "cards": None,
                    "variants": [],
                    "seats": [],
                    "decision": None,
                    "finished": False,
                    "loaded": False,
                    "connections": 0,
                    "damaged": str(err),
                    "owner": None,
                    "network": None,
                    "seated": None,
                }
            )
        return out


def _names(names: list, request: GameRequest) -> list[str]:
    """Seat names with the default for each seat left unnamed (Red, Blue, Green, Yellow;
    Purple and Orange for the expansion's seats 5 and 6: the game's DEFAULT_NAMES; another
    game's own defaults, those of a game made without names)."""
    if request.game != "pillars":
        plain = pr.new_game(len(names), None, game=request.game, variants=request.variants)
        return [n or plain.game_type.seat_name(plain.state, i) for i, n in enumerate(names)]
    defaults = DEFAULT_NAMES
    return [n or defaults[i] for i, n in enumerate(names)]


__all__ = ["Server", "ServerFull", "StoreTimeout", "TooMany", "human"]

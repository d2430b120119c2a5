"""Server bots in a process pool: they decide from a seat's view, never from the game.

:meth:`BotPool.decide` sends the bot's name, a seed and the seat's
:class:`~pillars_rules.SeatView` to a worker process. A view pickles as its
export (:func:`pillars_rules.view.export`: redacted state and log, the seat's
legal actions) and its public card set, so the worker gets exactly what the
seat may know; it rebuilds the view, asks :func:`~pillars_rules.bots.make_bot`'s
bot and sends back the action as JSON. The log goes as the events that worker lacks
(:mod:`.botlogs`: a worker keeps each game's events; one that lacks the start of the
new ones is sent the whole log). The event loop only waits on a future,
so a thinking bot blocks neither its table nor any other.

Decisions are scheduled fairly between the clients that created the games
(:class:`BotPool`). A bot that thinks longer than the timeout costs that
decision only: the pool is rebuilt, a random legal action is played instead
(logged), and the decisions that were running beside it are tried again.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextlib
import functools
import heapq
import logging
import multiprocessing
import os
import pickle
import random
import signal
import time
from collections.abc import Callable, Sequence
from typing import Any

import pillars_rules as pr

from ..games.pillars import load_cards
from . import gamebots
from .botlogs import DecodedLogs, LogText, LogWanted, keep
from .workers import Workers

log = logging.getLogger("pillars_rules.web")


#: The signals a terminal or a service manager sends the server's whole process group
#: to stop it: the workers ignore them and are ended by the server (:meth:`BotPool.close`).
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


@contextlib.contextmanager
def _stop_signals_held():
    """Hold the stop signals back in this thread while it starts worker processes:
    a new process inherits the mask, so it cannot die of a Ctrl-C to the group
    before :func:`_warm` has told it to ignore them (the server still gets them:
    another of its threads takes them, and Python runs the handler as usual)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _warm(parent: int, nice: int = 0, games: int = 1024) -> None:
    """Worker start-up: ignore the stop signals (a Ctrl-C or SIGTERM to the process
    group is the server's to handle: it ends its workers when it has stopped taking
    moves, so none dies under a decision), lower its CPU priority by ``nice`` (the
    background lane's workers), import the bots, compile the base cards once, and
    watch the server: a server killed outright (SIGKILL) runs no shutdown code, so
    the worker ends itself when its parent is gone. It keeps the decoded logs of
    ``games`` games (:class:`DecodedLogs`) under the server's collector policy."""
    import os
    import threading
    import time

    for signum in STOP_SIGNALS:
        signal.signal(signum, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)  # held back while it started

    import pillars_rules.bots  # noqa: F401

    if nice and hasattr(os, "nice"):
        os.nice(nice)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="pillars-parent-watch", daemon=True).start()
    load_cards()
    keep(games)
    from .collector import Collector

    Collector().install()  # the kept logs are long-lived: frozen, not walked by every collection


def _timed(job: Callable[..., Any], name: str, seed: int, shipped: bytes) -> tuple[Any, float]:
    """In a worker: ``job``'s answer and the seconds the worker spent on it (the
    unpickling of the view and the thinking: what the pool charges the owner)."""
    began = time.monotonic()
    view = pickle.loads(shipped)  # a _Shipped: the view (see LogText.ship); LogWanted if it lacks the log's start
    return job(name, seed, view), time.monotonic() - began


def decide(name: str, seed: int, view: pr.SeatView) -> dict:
    """In a worker: the action the bot ``name`` chooses from ``view``, as JSON
    (another game's seat: :func:`.gamebots.decide`)."""
    from pillars_rules.bots import make_bot

    if not isinstance(view, pr.SeatView):
        return gamebots.decide(name, seed, view)
    return pr.encode_action(make_bot(name, seed)(view))


class _Job:
    """One decision waiting for (or running in) a worker."""

    __slots__ = ("args", "future", "tries", "owner", "queued")

    def __init__(self, args: tuple, future: asyncio.Future, owner: object) -> None:
        self.args = args
        self.future = future
        self.tries = 0
        self.owner = owner
        self.queued = time.monotonic()


class BotPool:
    """Worker processes for the server's bots (started on first use).

    Decisions wait in one queue per *owner* (the client that created the game,
    :attr:`GameRecord.owner <pillars_rules.web.registry.GameRecord.owner>`), and
    a free worker takes the next decision of the waiting owner that has used the
    least worker time (fair queuing by time, not by count: a ``hard`` bot of four
    players thinks several times longer than one of two). The pool keeps a
    clock, the charge of the owner it served last (with nothing waiting, that
    owner's charge after the decision); an owner that starts waiting
    is charged at least that, so time saved up while idle buys no head start,
    and time used before a newcomer came gives the newcomer none either (it
    waits behind no backlog). Between owners charged alike, the one with fewer
    decisions waiting goes first: a person's table, one decision at a time,
    goes before a client with a queue of them. A client with thirty games of
    ``hard`` bots thus delays another client's table by the decision it has in a
    worker at most. ``nice`` lowers the workers' CPU priority (the server's
    background lane, bot-only games: on a busy core a person's table then gets
    the CPU first, even while a background decision is being thought). At most
    ``workers * depth`` decisions are in the processes at once: with ``depth``
    2 each worker has its next decision at hand when it finishes one, instead
    of idling while the server's loop hands it the next (at people's pace, with
    the loop busy, a worker idled about a third of the time; issue #60), and a
    client's crowd delays another table by up to ``depth`` decisions a worker.
    Past ``depth``, a *work budget* lets more in: a decision is handed over
    while the estimated work already in the processes, its own included, is at
    most ``budget`` seconds a worker (each bot's estimate is the moving average
    of the worker time its decisions took; a bot not yet measured waits for
    ``depth``), up to ``most`` decisions a worker. Quick decisions then keep the
    workers fed however slowly a busy loop hands them over (with ``depth`` alone,
    the decisions a second were at most the decisions in the processes over
    the loop's round trip: issue #60), while a crowd's slow decisions are held
    to ``depth``; another table waits behind at most ``depth`` decisions and
    about ``budget`` seconds a worker.
    An owner is charged the time the worker spent on its decision, whatever
    waited beside it. The timeout runs from the moment a decision is handed to
    the processes, and is ``depth`` times ``timeout`` plus twice the ``budget``
    (it may wait behind the decisions at hand; a new worker's first decision
    gets :data:`STARTUP` seconds more). A decision that
    passes it is played at random (logged, counted in :attr:`fallbacks`); the
    pool is rebuilt, and the decisions that were running beside it go back to
    the head of their queues (retried, :data:`RETRIES` times at most)."""

    #: Times a decision is tried again after its worker was lost under it.
    RETRIES = 2
    #: Seconds a new worker process gets to start (import, compile the cards)
    #: on top of the timeout of its first decision.
    STARTUP = 60.0
    #: Weight of a decision's worker time in its bot's estimate (a moving average).
    LEARN = 0.2

    def __init__(
        self,
        workers: int = 1,
        timeout: float = 120.0,
        job=None,
        nice: int = 0,
        games: int = 1024,
        depth: int = 1,
        budget: float = 0.0,
        most: int = 64,
    ) -> None:
        if depth < 1:
            raise ValueError(f"depth must be at least 1, not {depth}")
        if not budget >= 0.0:
            raise ValueError(f"budget must be seconds >= 0, not {budget}")
        if most < depth:
            raise ValueError(f"most must be at least depth ({depth}), not {most}")
        self.workers = workers
        self.depth = depth
        self.budget = budget
        self.most = most
        #: Each bot's estimated worker seconds a decision (bots measured so far).
        self.estimates: dict[str, float] = {}
        self._at_hand = 0.0  # the estimated work of the decisions in the processes
        self.timeout = timeout
        self.nice = nice
        self._job: Callable[..., Any] = job or decide  # decide, given a _Shipped that unpickles as the view
        self._pool: Workers | None = None
        self._started = 0  # decisions the current pool was given (its first ones start workers)
        self._queues: dict[object, collections.deque] = {}
        # the waiting owners by (charge, decisions waiting, when their queue began): a heap whose
        # entries go stale when an owner's key changes (each change pushes its new key; see _head)
        self._heap: list[tuple[float, int, int, object]] = []
        self._since: dict[object, int] = {}  # each queue's place in line among equals
        self._seq = 0
        self._used: dict[object, float] = {}  # worker seconds charged to each owner
        self._clock = 0.0  # the charge of the owner served last
        self._running: set[asyncio.Task] = set()
        self._logs = LogText(games)  # each game's log as JSON, encoded once per event
        #: Decisions played at random because their bot failed or timed out.
        self.fallbacks = 0
        #: Decisions sent again with the whole log, their worker lacking its start (:class:`LogWanted`).
        self.resent = 0

    def _executor(self) -> Workers:
        if self._pool is None:
            # spawn, not fork: the server process runs threads (the event loop's executors)
            self._pool = Workers(
                self.workers,
                initializer=_warm,
                initargs=(os.getpid(), self.nice, self._logs.size),
                context=multiprocessing.get_context("spawn"),
                hold_collector=True,  # no collection inside a decision: one after it is answered
            )
            self._started = 0
        return self._pool

    @staticmethod
    def _start(pool: Workers) -> None:
        with _stop_signals_held():  # the new processes must not die of a Ctrl-C before _warm
            pool.start()

    def queued(self, owner: object = None) -> int:
        """Decisions waiting for a worker (of ``owner``, or in all)."""
        if owner is not None:
            return len(self._queues.get(owner, ()))
        return sum(len(q) for q in self._queues.values())

    async def decide(self, name: str, seed: int, view: pr.SeatView, owner: object = None, encoded: Sequence[str] = ()):
        """The action the bot ``name`` takes from ``view`` (one of ``view.legal_actions``),
        queued behind ``owner``'s other decisions. ``encoded``: the JSON of the log's
        events as far as the caller has it (:meth:`LogText.text`)."""
        future = asyncio.get_running_loop().create_future()
        queue = self._queues.get(owner)
        if queue is None:
            self._used[owner] = max(self._used.get(owner, 0.0), self._clock)
            queue = self._new_queue(owner)
            if len(self._used) > 4 * len(self._queues) + 1024:  # forget the owners long gone
                self._used = {o: self._used[o] for o in self._queues}
        queue.append(_Job((name, seed, view, encoded), future, owner))
        self._mark(owner)
        self._dispatch()
        return await future  # cancelled (the table moved on): the dispatcher skips it

    def _new_queue(self, owner: object) -> collections.deque:
        queue = self._queues[owner] = collections.deque()
        self._since[owner] = self._seq
        self._seq += 1
        return queue

    def _drop_queue(self, owner: object) -> None:
        del self._queues[owner]
        del self._since[owner]

    def _mark(self, owner: object) -> None:
        """Push ``owner``'s current key (after its charge or its queue changed)."""
        queue = self._queues.get(owner)
        if queue is None:
            return
        heap = self._heap
        if len(heap) > 4 * len(self._queues) + 64:  # mostly stale entries: rebuild from the live keys
            used, since = self._used, self._since
            heap[:] = [(used.get(o, 0.0), len(q), since[o], o) for o, q in self._queues.items()]
            heapq.heapify(heap)
            return
        heapq.heappush(heap, (self._used.get(owner, 0.0), len(queue), self._since[owner], owner))

    def _head(self) -> collections.deque | None:
        """The queue of the waiting owner charged the least worker time, its first
        job live (``None``: nothing waits). Between owners charged alike, the one with
        fewer decisions queued, then the one that began waiting first."""
        heap, queues = self._heap, self._queues
        while heap:
            used, n, since, owner = heap[0]
            queue = queues.get(owner)
            if queue is None or self._since[owner] != since or n != len(queue) or used != self._used.get(owner, 0.0):
                heapq.heappop(heap)  # stale: the owner's key changed since
                continue
            while queue and queue[0].future.done():  # decisions cancelled (their tables moved on)
                queue.popleft()
            if len(queue) == n:
                return queue
            heapq.heappop(heap)
            if queue:
                self._mark(owner)
                return queue
            self._drop_queue(owner)
        return None

    def _room(self) -> bool:
        """Whether any decision could be handed over now (:meth:`_fits` of the cheapest one)."""
        running = len(self._running)
        if running < self.workers * self.depth:
            return True
        return (
            bool(self.estimates)
            and running < self.workers * self.most
            and self._at_hand + min(self.estimates.values()) <= self.workers * self.budget
        )

    def _fits(self, job: _Job) -> bool:
        """Whether ``job`` may be handed to the processes now: within ``depth``
        decisions a worker, or within the work budget (see the class)."""
        running = len(self._running)
        if running < self.workers * self.depth:
            return True
        cost = self.estimates.get(job.args[0])
        return (
            cost is not None
            and running < self.workers * self.most
            and self._at_hand + cost <= self.workers * self.budget
        )

    def _dispatch(self) -> None:
        while self._queues and self._room():
            queue = self._head()
            if queue is None or not self._fits(queue[0]):
                return
            job = queue.popleft()
            self._clock = max(self._clock, self._used.get(job.owner, 0.0))
            if queue:
                self._mark(job.owner)
            else:
                self._drop_queue(job.owner)
            cost = self.estimates.get(job.args[0], 0.0)
            self._at_hand += cost
            task = asyncio.get_running_loop().create_task(self._run(job))
            self._running.add(task)
            task.add_done_callback(functools.partial(self._finished, cost=cost))

    def _finished(self, task: asyncio.Task, cost: float = 0.0) -> None:
        self._running.discard(task)
        self._at_hand = max(0.0, self._at_hand - cost) if self._running else 0.0
        if self._pool is not None or self._queues:
            self._dispatch()

    def _learn(self, name: str, worked: float) -> None:
        """Fold a decision's worker seconds into its bot's estimate."""
        old = self.estimates.get(name)
        self.estimates[name] = worked if old is None else old + self.LEARN * (worked - old)

    def _requeue(self, job: _Job) -> None:
        """Put a job whose worker was lost back at the head of its owner's queue."""
        queue = self._queues.get(job.owner)
        if queue is None:
            queue = self._new_queue(job.owner)
        queue.appendleft(job)
        self._mark(job.owner)

    def _submit(self, pool: Workers, job: _Job, to: int | None, whole: bool = False) -> asyncio.Future:
        """Hand ``job`` to the worker ``to`` of ``pool``: its view with the log's events past those
        sent that worker before (``whole``: all of them; :class:`~pillars_rules.web.botlogs.LogText`)."""
        name, seed, view, encoded = job.args
        cost = self.estimates.get(name, 0.0)
        ship = functools.partial(self._logs.ship, encoded=encoded, to=to, whole=whole)
        shipped = pickle.dumps(gamebots.shipped(view, ship), protocol=pickle.HIGHEST_PROTOCOL)
        return pool.submit(_timed, self._job, name, seed, shipped, cost=cost, to=to)

    async def _run(self, job: _Job) -> None:
        name, seed, view, encoded = job.args
        pool = self._executor()
        self._started += 1
        timeout = self.timeout * self.depth + 2 * self.budget + (self.STARTUP if self._started <= self.workers else 0.0)
        began = time.monotonic()
        worked = None  # the seconds the worker spent, once it answers
        try:
            if not pool.started:
                # starting the processes blocks (0.45 s of the loop on a loaded machine; issue #60)
                await asyncio.to_thread(self._start, pool)
            to = pool.pick()
            try:
                try:
                    doc, worked = await asyncio.wait_for(self._submit(pool, job, to), timeout)
                except LogWanted:  # the worker lacks the log's start: it gets the whole log
                    self.resent += 1
                    doc, worked = await asyncio.wait_for(self._submit(pool, job, to, whole=True), timeout)
                self._learn(name, worked)
            finally:
                spent = time.monotonic() - began if worked is None else worked
                self._used[job.owner] = self._used.get(job.owner, 0.0) + spent
                self._mark(job.owner)  # its charge changed: its place among the waiting too
                if not self._queues:  # nothing waits: the clock moves on to what was served
                    self._clock = max(self._clock, self._used[job.owner])
                log.debug(
                    "bot decision bot=%s owner=%s waited=%.3f s thought=%.3f s",
                    name,
                    job.owner,
                    began - job.queued,
                    spent,
                )
            action = gamebots.decoded(view, doc)
        except asyncio.CancelledError as exc:
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                raise  # the pool is closing
            return self._lost(job, pool, exc)  # the executor dropped it under us
        except (concurrent.futures.process.BrokenProcessPool, RuntimeError) as exc:
            return self._lost(job, pool, exc)
        except (TimeoutError, OSError, pr.PillarsError) as exc:
            if pool is self._pool:
                self._restart()
            return self._fallback(job, exc)
        if not job.future.done():
            job.future.set_result(action)

    def _lost(self, job: _Job, pool, exc: BaseException) -> None:
        """The worker was lost under ``job`` (another decision timed out, or it died): again."""
        if pool is self._pool:
            self._restart()
        job.tries += 1
        if job.tries <= self.RETRIES and not job.future.done():
            log.warning("bot decision retried bot=%s: %s", job.args[0], type(exc).__name__)
            self._requeue(job)
            return
        self._fallback(job, exc)

    def _fallback(self, job: _Job, exc: BaseException) -> None:
        name, seed, view, _ = job.args
        log.error(
            "bot failed bot=%s: %s: %s; a random legal action is played", name, type(exc).__name__, str(exc)[:120]
        )
        self.fallbacks += 1
        if not job.future.done():
            job.future.set_result(random.Random(seed).choice(view.legal_actions))

    def _restart(self) -> None:
        pool, self._pool = self._pool, None
        self._logs.forget_all()  # the new workers hold no log
        if pool is not None:
            # a worker still thinking would run on after shutdown: end it (SIGKILL:
            # the workers ignore SIGTERM, see _warm)
            pool.kill()

    def close(self) -> None:
        """Stop the workers (waiting for none) and drop the queued decisions."""
        for queue in self._queues.values():
            for job in queue:
                job.future.cancel()
        self._queues.clear()
        self._since.clear()
        self._heap.clear()
        for task in list(self._running):
            task.cancel()
        self._restart()


__all__ = ["BotPool", "DecodedLogs", "decide"]

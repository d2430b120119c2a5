"""Server bots in a process pool: they decide from a seat's view, never from the game.

:meth:`BotPool.decide` sends the bot's name, a seed and the seat's
:class:`~pillars_rules.SeatView` to a worker process. A view pickles as its
export (:func:`pillars_rules.view.export`: redacted state and log, the seat's
legal actions) and its public card set, so the worker gets exactly what the
seat may know; it rebuilds the view, asks :func:`~pillars_rules.bots.make_bot`'s
bot and sends back the action as JSON. The event loop only waits on a future,
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
import json
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
from .protocol import dumps
from .statejson import StateJSON
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
    _DECODED.size = games
    from .collector import Collector

    Collector().install()  # the kept logs are long-lived: frozen, not walked by every collection


class LogText:
    """The JSON text of each game's redacted log, kept as it grows, for the views
    sent to the bot workers.

    A view pickles as its whole export, log included, and encoding the log was
    most of the server's CPU for a bot's move at people's pace (a game ends with
    about a thousand events; issue #60). The redacted events of a game
    are the same objects from one decision and one seat to the next, so each is
    encoded once here: a game is known by its first event, and its text is
    grown by the events past the last one encoded. A log that is not the
    known one's continuation (a game reloaded from the store, a shorter log) is
    encoded again from its start. The ``size`` games used last are kept (the
    server's ``max_games``: about 35 kB of text a game at mid-game)."""

    def __init__(self, size: int = 1024) -> None:
        self.size = size
        self._games: collections.OrderedDict[int, tuple] = collections.OrderedDict()

    def text(self, events, encoded: Sequence[str] = ()) -> str:
        """``[event_to_dict(e) for e in events]`` as JSON text (as :func:`pillars_rules.view.export` writes it).
        ``encoded``: the JSON of the log's first events, made already (the game's room has it:
        :class:`~pillars_rules.web.protocol.Frames`); only the events past them are encoded here."""
        return self._known(events, encoded)[3]

    def _known(self, events, encoded: Sequence[str] = ()) -> tuple:
        """The kept record of the game whose log is ``events``: (first event, last event,
        events encoded, their JSON text, the game's :class:`StateJSON`), grown to ``events``."""
        from pillars_rules.pillars_json.codec import event_to_dict

        if not events:
            return (None, None, 0, "[]", StateJSON())
        first, n = events[0], len(events)
        key = id(first)
        known = self._games.get(key)
        if known is None or known[0] is not first or known[2] > n or events[known[2] - 1] is not known[1]:
            known = (first, first, 0, "", StateJSON())
        text = known[3]
        if known[2] < n:
            had = min(len(encoded), n)
            new = ",".join(
                [
                    *encoded[known[2] : had],
                    *(dumps(event_to_dict(e)) for e in events[max(known[2], had) :]),
                ]
            )
            text = "[" + new + "]" if not text else text[:-1] + "," + new + "]"
        known = self._games[key] = (first, events[-1], n, text, known[4])
        self._games.move_to_end(key)
        while len(self._games) > self.size:
            self._games.popitem(last=False)
        return known

    def ship(self, view: pr.SeatView, encoded: Sequence[str] = ()) -> _Shipped:
        """``view`` as it goes to a worker: its export without the log, the log's kept text,
        and its card set; the worker gets the same view as from pickling ``view``. The
        state's JSON is made part by part, each part once per game (:class:`StateJSON`);
        ``encoded`` as in :meth:`text`."""
        from pillars_rules.pillars_json.actions_json import encode_action
        from pillars_rules.view import EXPORT_FORMAT, EXPORT_FORMAT_VERSION, _CardsRef

        known = self._known(view.events, encoded)
        head = dumps(
            {
                "format": EXPORT_FORMAT,
                "format_version": EXPORT_FORMAT_VERSION,
                "seat": view.seat,
                "decision": view.decision,
                "state": None,
                "next_event": view.next_event,
                "legal_actions": [encode_action(a) for a in view.legal_actions],
            }
        ).replace('"state":null', '"state":' + known[4].whole(view.state), 1)
        key = id(view.events[0]) if view.events else 0  # the game's, as in text()
        return _Shipped(head, known[3], _CardsRef(view.rules), key)


class _Shipped:
    """A view on its way to a worker (:meth:`LogText.ship`): it unpickles as the view."""

    __slots__ = ("head", "log", "cards", "key")

    def __init__(self, head: str, log: str, cards, key: int = 0) -> None:
        self.head, self.log, self.cards, self.key = head, log, cards, key

    def __reduce__(self):
        return (_arrived, (self.head, self.log, self.cards, self.key))


class DecodedLogs:
    """In a worker: the decoded events of the games it saw last, so a decision
    decodes only the events past the ones it decoded for the game before.

    Decoding a game's whole log again for each decision was about half of a
    ``medium`` bot's time in a worker (issue #60). A log text (as
    :class:`LogText` sends it) comes with its game's key (the server's
    :class:`LogText` key); the kept text must be the start of the new one, so a
    game reloaded, a shorter log or a key used again by another game is decoded
    again whole. The ``size`` games used last are kept (the server's ``max_games``)."""

    def __init__(self, size: int = 1024) -> None:
        self.size = size
        self._games: collections.OrderedDict[int, tuple[str, tuple]] = collections.OrderedDict()
        #: Events decoded by the last call (the rest were kept).
        self.fresh = 0

    def events(self, log: str, key: int) -> tuple:
        """The events of ``log`` (JSON text of a list of event objects) of the game ``key``, decoded."""
        from pillars_rules.pillars_json.strict import event_from_dict

        kept = self._games.get(key)
        if kept is not None and kept[1] and len(kept[0]) <= len(log) and log.startswith(kept[0][:-1]):
            text, old = kept
            rest = log[len(text) - 1 :]  # "]" or ",{...},...]"
            docs = json.loads("[" + rest[1:]) if rest != "]" else []
        else:
            old, docs = (), json.loads(log)
        if type(docs) is not list:
            raise pr.SaveError("$.events must be a list")
        events = old + tuple(event_from_dict(d, len(old) + i) for i, d in enumerate(docs))
        self.fresh = len(docs)
        self._games[key] = (log, events)
        self._games.move_to_end(key)
        while len(self._games) > self.size:
            self._games.popitem(last=False)
        return events


#: The worker's decoded logs (:func:`_warm` sizes it).
_DECODED = DecodedLogs()


def _arrived(head: str, log: str, rules, key: int = 0) -> pr.SeatView:
    """In a worker: the view :meth:`LogText.ship` sent (its log decoded from where
    this worker's last view of the game ``key`` left off: :class:`DecodedLogs`)."""
    from pillars_rules.view import from_export

    return from_export(json.loads(head), rules=rules, events=_DECODED.events(log, key))


def _timed(job: Callable[..., Any], name: str, seed: int, shipped: bytes) -> tuple[Any, float]:
    """In a worker: ``job``'s answer and the seconds the worker spent on it (the
    unpickling of the view and the thinking: what the pool charges the owner)."""
    began = time.monotonic()
    view = pickle.loads(shipped)  # a _Shipped: the view (see LogText.ship)
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

    async def _run(self, job: _Job) -> None:
        name, seed, view, encoded = job.args
        pool = self._executor()
        self._started += 1
        timeout = self.timeout * self.depth + 2 * self.budget + (self.STARTUP if self._started <= self.workers else 0.0)
        began = time.monotonic()
        worked = None  # the seconds the worker spent, once it answers
        try:
            ship = functools.partial(self._logs.ship, encoded=encoded)
            shipped = pickle.dumps(gamebots.shipped(view, ship), protocol=pickle.HIGHEST_PROTOCOL)

            if not pool.started:
                # starting the processes blocks (0.45 s of the loop on a loaded machine; issue #60)
                await asyncio.to_thread(self._start, pool)
            future = pool.submit(_timed, self._job, name, seed, shipped, cost=self.estimates.get(name, 0.0))
            try:
                doc, worked = await asyncio.wait_for(future, timeout)
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

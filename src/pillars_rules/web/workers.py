"""Worker processes driven by the event loop itself: one pipe each, no helper threads.

The server's bots think in worker processes (:class:`~pillars_rules.web.bots.BotPool`).
:class:`concurrent.futures.ProcessPoolExecutor` hands each job over through two
threads of the server's process (its manager and its queue's feeder), and every
hand-over wakes them: at people's pace that was most of the CPU a bot's move cost
the server beside its own work, and each wake-up took the interpreter's lock from
the event loop (issue #60; measured in docs/performance.rst). Here the event loop
writes a job's bytes into its worker's pipe and reads the answer when the pipe
is readable: nothing else runs in the server.

Each worker runs its jobs one after another, in the order written. A job goes
to the worker with the least work outstanding (the caller's estimate of each
job's cost; equal: the fewest jobs). A worker that dies, or whose pipe breaks,
fails the jobs it held with :class:`WorkerLost`; :meth:`Workers.kill` ends every
worker and cancels every job it held. The pipes carry :mod:`multiprocessing`'s framing
(a 4-byte big-endian length, or -1 and an 8-byte one), read and written here
without blocking: a job larger than the pipe's buffer is written as the worker
reads it.

With ``hold_collector`` (the bot pool's), no garbage collection runs inside a
job: the worker turns the cyclic collector off before it (:func:`.collector.hold`)
and, once the answer is sent, turns it on and collects what the job left
(:func:`.collector.release`), off the job's clock.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures.process
import itertools
import multiprocessing
import multiprocessing.connection
import os
import pickle
import struct
import threading
from collections.abc import Callable, Iterator
from typing import Any

from .collector import hold, release


class WorkerLost(concurrent.futures.process.BrokenProcessPool):
    """The worker holding a job died or was ended before it answered."""


def _serve(
    conn: multiprocessing.connection.Connection,
    initializer: Callable[..., Any] | None,
    initargs: tuple,
    hold_collector: bool = False,
) -> None:
    """A worker: run ``initializer``, then each job read from ``conn``, answering ``(True, result)``
    or ``(False, exception)``; end when the server closes the pipe. ``hold_collector``: no
    garbage collection inside a job, one after its answer is sent (see the module)."""
    if initializer is not None:
        initializer(*initargs)
    while True:
        try:
            fn, args = pickle.loads(conn.recv_bytes())
        except EOFError:
            return
        was = hold() if hold_collector else None
        try:
            answer: tuple[bool, Any] = (True, fn(*args))
        except BaseException as exc:  # noqa: BLE001 -- the job's failure goes back to the server
            answer = (False, exc)
        try:
            out = pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # noqa: BLE001 -- an answer that cannot be pickled
            out = pickle.dumps((False, RuntimeError(f"the answer could not be sent: {exc!r}")))
        conn.send_bytes(out)
        if was is not None:
            release(was)


def _frame(payload: bytes) -> bytes:
    """``payload`` with :mod:`multiprocessing`'s length header."""
    n = len(payload)
    return (struct.pack("!i", n) if n <= 0x7FFFFFFF else struct.pack("!iQ", -1, n)) + payload


#: Bytes read from a worker's pipe at a time.
_READ = 1 << 18

#: Each worker's number (never given twice in a process: a worker's jobs may be shaped for it).
_NUMBERS: Iterator[int] = itertools.count(1)


class _Worker:
    __slots__ = ("process", "conn", "fd", "out", "into", "jobs", "work", "lost", "number")

    def __init__(self, process: Any, conn: multiprocessing.connection.Connection) -> None:
        self.number = next(_NUMBERS)
        self.process = process
        self.conn = conn  # the server's end (kept open: its descriptor is fd)
        self.fd = conn.fileno()
        self.out = bytearray()  # bytes written to the pipe as it takes them
        self.into = bytearray()  # bytes read, not yet a whole answer
        self.jobs: collections.deque[tuple[asyncio.Future, float]] = collections.deque()
        self.work = 0.0  # the estimated cost of the jobs it holds
        self.lost = False


class Workers:
    """``n`` worker processes (``context``'s, spawned by default), each running
    ``initializer(*initargs)`` first (``hold_collector``: and no garbage collection inside a
    job, see the module). :meth:`start` starts them (it blocks for
    the processes' start: call it off the event loop); :meth:`submit` hands a job
    to one and returns an :class:`asyncio.Future` of its result. Used from one
    event loop (the one running when the first job is submitted)."""

    def __init__(
        self,
        n: int,
        initializer: Callable[..., Any] | None = None,
        initargs: tuple = (),
        context: Any = None,
        hold_collector: bool = False,
    ) -> None:
        if n < 1:
            raise ValueError(f"a pool needs at least one worker, not {n}")
        self.n = n
        self._initializer, self._initargs = initializer, initargs
        self.hold_collector = hold_collector
        self._context = context or multiprocessing.get_context("spawn")
        self._workers: list[_Worker] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lock = threading.Lock()
        self.started = False
        self.closed = False

    @property
    def _processes(self) -> dict[int, Any]:
        """The live workers' processes by pid (as :class:`ProcessPoolExecutor` names them)."""
        return {w.process.pid: w.process for w in self._workers if not w.lost}

    def start(self) -> None:
        """Start the processes (once; blocks until each has started)."""
        with self._lock:
            if self.started or self.closed:
                return
            for _ in range(self.n):
                mine, theirs = self._context.Pipe(duplex=True)
                process = self._context.Process(
                    target=_serve, args=(theirs, self._initializer, self._initargs, self.hold_collector), daemon=True
                )
                process.start()
                theirs.close()
                os.set_blocking(mine.fileno(), False)
                self._workers.append(_Worker(process, mine))
            self.started = True

    def pick(self) -> int | None:
        """The number of the worker the next job goes to: the one with the least work
        outstanding, then the fewest jobs (``None``: none is live). The caller may shape the job for
        that worker, then :meth:`submit` it with ``to`` (nothing may run in between)."""
        live = [w for w in self._workers if not w.lost]
        return min(live, key=lambda w: (w.work, len(w.jobs))).number if live else None

    def submit(self, fn: Callable[..., Any], *args: Any, cost: float = 0.0, to: int | None = None) -> asyncio.Future:
        """Hand ``fn(*args)`` (picklable) to the worker numbered ``to`` if it is live, else
        to the worker with the least work outstanding (:meth:`pick`)."""
        loop = asyncio.get_running_loop()
        if self.closed:
            raise RuntimeError("the workers have been ended")
        if not self.started:
            self.start()
        if self._loop is None:
            self._loop = loop
            for w in self._workers:
                loop.add_reader(w.fd, self._readable, w)
        live = [w for w in self._workers if not w.lost]
        future = loop.create_future()
        if not live:
            future.set_exception(WorkerLost("every worker was lost"))
            return future
        w = next((w for w in live if w.number == to), None) or min(live, key=lambda w: (w.work, len(w.jobs)))
        payload = pickle.dumps((fn, args), protocol=pickle.HIGHEST_PROTOCOL)
        w.jobs.append((future, cost))
        w.work += cost
        pending = bool(w.out)
        w.out += _frame(payload)
        if not pending:
            self._writable(w)
        return future

    def _writable(self, w: _Worker) -> None:
        try:
            while w.out:
                sent = os.write(w.fd, w.out)
                del w.out[:sent]
        except BlockingIOError:
            pass
        except OSError as exc:
            self._lose(w, exc)
            return
        loop = self._loop
        if loop is None:
            return
        if w.out:
            loop.add_writer(w.fd, self._writable, w)
        else:
            loop.remove_writer(w.fd)

    def _readable(self, w: _Worker) -> None:
        try:
            while True:
                chunk = os.read(w.fd, _READ)
                if not chunk:
                    self._lose(w, EOFError("the worker's pipe closed"))
                    return
                w.into += chunk
                if (
                    len(chunk) < _READ
                ):  # the pipe is empty: no second read that fails (the selector says when more comes)
                    break
        except BlockingIOError:
            pass
        except OSError as exc:
            self._lose(w, exc)
            return
        self._answers(w)

    def _answers(self, w: _Worker) -> None:
        buf = w.into
        while len(buf) >= 4:
            (n,) = struct.unpack_from("!i", buf)
            head = 4
            if n == -1:
                if len(buf) < 12:
                    return
                (n,) = struct.unpack_from("!Q", buf, 4)
                head = 12
            if len(buf) < head + n:
                return
            answer = bytes(buf[head : head + n])
            del buf[: head + n]
            future, cost = w.jobs.popleft()
            w.work = max(0.0, w.work - cost) if w.jobs else 0.0
            if future.cancelled():
                continue
            try:
                ok, value = pickle.loads(answer)
            except Exception as exc:  # noqa: BLE001 -- an answer the server cannot read
                future.set_exception(RuntimeError(f"a worker's answer could not be read: {exc!r}"))
                continue
            if ok:
                future.set_result(value)
            else:
                future.set_exception(value)

    def _lose(self, w: _Worker, why: BaseException, cancel: bool = False) -> None:
        """``w`` is gone: stop watching its pipe and fail the jobs it held (``cancel``: cancel them)."""
        if w.lost:
            return
        w.lost = True
        if self._loop is not None:
            self._loop.remove_reader(w.fd)
            self._loop.remove_writer(w.fd)
        w.conn.close()
        jobs, w.jobs, w.work = w.jobs, collections.deque(), 0.0
        for future, _ in jobs:
            if future.done():
                continue
            if cancel:
                future.cancel()
            else:
                future.set_exception(WorkerLost(f"a bot worker was lost: {why!r}"))

    def kill(self) -> None:
        """End every worker now (SIGKILL) and cancel the jobs they held; the pool takes no more."""
        self.closed = True
        processes = [w.process for w in self._workers]
        for p in processes:
            if p.is_alive():
                p.kill()
        for w in self._workers:
            self._lose(w, RuntimeError("the workers were ended"), cancel=True)
        if processes:  # reap them without holding the caller (the event loop)
            threading.Thread(target=lambda: [p.join(10) for p in processes], daemon=True).start()


__all__ = ["Workers", "WorkerLost"]

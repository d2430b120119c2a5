"""Where a served process's time goes, for ``python -m bench --pace --watch`` (issue #60).

Installed in the server process by ``bench/gcserve.py`` when the environment
names a file in ``PILLARS_STALLWATCH``; at the server's clean stop it writes
there, as JSON:

* ``callbacks``: every event-loop callback that ran longer than 20 ms:
  ``[wall clock at its end, seconds, what]`` (a task by its coroutine's name);
* ``busy``: the loop's seconds in callbacks, per wall-clock second;
* ``lags``: a heartbeat scheduled every 10 ms on the loop: ``[wall, seconds late]``
  of each beat later than 5 ms (a long callback, the GIL held by another
  thread, or the process waiting for a core);
* ``stalls``: the main thread's stack, sampled every 20 ms by a watchdog thread
  while the heartbeat is more than 100 ms late, counted per stack;
* ``commits``: each group commit in the store's thread: ``[wall, seconds,
  thread CPU seconds, moves]``, and ``commit_waits``: ``[wall, seconds]`` from a
  move's hand-over to the store until its commit answered;
* ``bots``: per bot decision ``[wall, seconds in the pool's queue, seconds from
  leaving it to the answer]``, and ``worker``: each decision's seconds in the
  worker itself (``[wall, seconds, CPU seconds]``, written by the workers to
  ``<file>.worker.<pid>``).

It only measures: the server behaves as without it (a few microseconds a callback).
"""

from __future__ import annotations

import asyncio
import asyncio.events
import collections
import json
import os
import sys
import threading
import time

ENV = "PILLARS_STALLWATCH"
SLOW = 0.020
LATE = 0.005
STALL = 0.100


class Watch:
    def __init__(self, path: str) -> None:
        self.path = path
        self.callbacks: list = []
        self.busy: collections.Counter = collections.Counter()
        self.lags: list = []
        self.stalls: collections.Counter = collections.Counter()
        self.commits: list = []
        self.commit_waits: list = []
        self.bots: list = []
        self.beat = time.perf_counter()
        self.loop = None
        self.main = threading.get_ident()

    # ------------------------------------------------------------ the loop
    def _heartbeat(self, expected: float) -> None:
        now = time.perf_counter()
        self.beat = now
        late = now - expected
        if late > LATE:
            self.lags.append((round(time.time(), 3), round(late, 4)))
        self.loop.call_at(self.loop.time() + 0.010, self._heartbeat, now + 0.010)

    def _watchdog(self) -> None:
        while True:
            time.sleep(0.020)
            if time.perf_counter() - self.beat > STALL:
                frame = sys._current_frames().get(self.main)
                stack = []
                while frame is not None and len(stack) < 10:
                    code = frame.f_code
                    stack.append(f"{os.path.basename(code.co_filename)}:{code.co_name}:{frame.f_lineno}")
                    frame = frame.f_back
                self.stalls[" < ".join(stack)] += 1

    def install(self) -> None:
        watch = self
        original = asyncio.events.Handle._run

        def _run(handle) -> None:
            if watch.loop is None:
                watch.loop = handle._loop
                watch.loop.call_soon(watch._heartbeat, time.perf_counter())
                threading.Thread(target=watch._watchdog, name="stallwatch", daemon=True).start()
            t0 = time.perf_counter()
            original(handle)
            dt = time.perf_counter() - t0
            watch.busy[int(time.time())] += dt
            if dt > SLOW:
                watch.callbacks.append((round(time.time(), 3), round(dt, 4), _what(handle)))

        asyncio.events.Handle._run = _run
        self._patch_server()

    def _patch_server(self) -> None:
        from pillars_rules.table import Table
        from pillars_rules.web.bots import BotPool
        from pillars_rules.web.server import Server

        watch = self
        commit_many = Table.commit_many

        def timed_commit_many(store, items):
            t0, c0 = time.perf_counter(), time.thread_time()
            try:
                return commit_many(store, items)
            finally:
                watch.commits.append(
                    (
                        round(time.time(), 3),
                        round(time.perf_counter() - t0, 5),
                        round(time.thread_time() - c0, 5),
                        len(items),
                    )
                )

        Table.commit_many = staticmethod(timed_commit_many)
        commit = Server.commit

        def timed_commit(server, table, checked):
            future, t0 = commit(server, table, checked), time.perf_counter()
            future.add_done_callback(
                lambda _: watch.commit_waits.append((round(time.time(), 3), round(time.perf_counter() - t0, 5)))
            )
            return future

        Server.commit = timed_commit
        run = BotPool._run

        async def timed_run(pool, job):
            waited, t0 = time.monotonic() - job.queued, time.perf_counter()
            try:
                return await run(pool, job)
            finally:
                watch.bots.append((round(time.time(), 3), round(waited, 5), round(time.perf_counter() - t0, 5)))

        BotPool._run = timed_run
        init = BotPool.__init__

        def init_timed(pool, *args, **kw):
            init(pool, *args, **kw)
            if kw.get("job") is None and (len(args) < 3 or args[2] is None):
                pool._job = worker_decide

        BotPool.__init__ = init_timed

    def dump(self) -> None:
        doc = {
            "callbacks": self.callbacks,
            "busy": sorted(self.busy.items()),
            "lags": self.lags,
            "stalls": self.stalls.most_common(40),
            "commits": self.commits,
            "commit_waits": self.commit_waits,
            "bots": self.bots,
        }
        with open(self.path, "w", encoding="utf-8") as f:
            json.dump(doc, f)


def worker_decide(name, seed, view):
    """In a bot worker: :func:`pillars_rules.web.bots.decide`, its time appended to ``<file>.worker.<pid>``."""
    from pillars_rules.web.bots import decide

    t0, c0 = time.perf_counter(), time.process_time()
    try:
        return decide(name, seed, view)
    finally:
        path = os.environ.get(ENV)
        if path:
            with open(f"{path}.worker.{os.getpid()}", "a", encoding="utf-8") as f:
                f.write(f"[{time.time():.3f},{time.perf_counter() - t0:.5f},{time.process_time() - c0:.5f}]\n")


def _what(handle) -> str:
    callback = handle._callback
    owner = getattr(callback, "__self__", None)
    if isinstance(owner, asyncio.Task):
        coro = owner.get_coro()
        return "task " + getattr(coro, "__qualname__", repr(coro))[:80]
    return getattr(callback, "__qualname__", repr(callback))[:80]


def install_from_env() -> Watch | None:
    path = os.environ.get(ENV)
    if not path:
        return None
    watch = Watch(path)
    watch.install()
    return watch


def _pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def summary(path: str, wall: tuple[float, float]) -> dict:
    """The window's figures from a dump (and its workers' files)."""
    import glob

    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    a, b = wall

    def inside(rows):
        return [r for r in rows if a <= r[0] < b]

    seconds = b - a
    callbacks = inside(doc["callbacks"])
    lags = [r[1] for r in inside(doc["lags"])]
    commits = inside(doc["commits"])
    waits = [r[1] for r in inside(doc["commit_waits"])]
    bots = inside(doc["bots"])
    worker = []
    for name in glob.glob(path + ".worker.*"):
        with open(name, encoding="utf-8") as f:
            worker += [json.loads(line) for line in f if line.strip()]
    worker = inside(worker)
    busy = sum(s for t, s in doc["busy"] if a <= int(t) < b)
    ms = 1000
    return {
        "loop_busy_share": busy / seconds,
        "slow_callbacks": len(callbacks),
        "slow_callbacks_100ms": sum(1 for r in callbacks if r[1] > 0.1),
        "slowest_callbacks": sorted(callbacks, key=lambda r: -r[1])[:8],
        "slow_callback_kinds": collections.Counter(r[2] for r in callbacks).most_common(8),
        "late_beats_per_s": len(lags) / seconds,
        "beat_late_p99_ms": ms * _pct(lags, 0.99),
        "beat_late_max_ms": ms * max(lags, default=0.0),
        "beats_late_100ms": sum(1 for x in lags if x > 0.1),
        "stall_stacks": doc["stalls"][:6],
        "commits": len(commits),
        "commit_moves_mean": sum(r[3] for r in commits) / max(1, len(commits)),
        "commit_p50_ms": ms * _pct([r[1] for r in commits], 0.5),
        "commit_p99_ms": ms * _pct([r[1] for r in commits], 0.99),
        "commit_max_ms": ms * max((r[1] for r in commits), default=0.0),
        "commit_cpu_p50_ms": ms * _pct([r[2] for r in commits], 0.5),
        "commit_store_busy_share": sum(r[1] for r in commits) / seconds,
        "commit_wait_p50_ms": ms * _pct(waits, 0.5),
        "commit_wait_p99_ms": ms * _pct(waits, 0.99),
        "commit_wait_max_ms": ms * max(waits, default=0.0),
        "bots": len(bots),
        "bot_queue_p50_ms": ms * _pct([r[1] for r in bots], 0.5),
        "bot_queue_p99_ms": ms * _pct([r[1] for r in bots], 0.99),
        "bot_run_p50_ms": ms * _pct([r[2] for r in bots], 0.5),
        "bot_run_p99_ms": ms * _pct([r[2] for r in bots], 0.99),
        "worker_p50_ms": ms * _pct([r[1] for r in worker], 0.5),
        "worker_p99_ms": ms * _pct([r[1] for r in worker], 0.99),
        "worker_cpu_p50_ms": ms * _pct([r[2] for r in worker], 0.5),
    }

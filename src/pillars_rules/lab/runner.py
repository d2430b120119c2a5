"""Run many games: serially, in local processes, or on a Dask cluster.

:func:`run` plays games ``0..games-1`` of each :class:`~.games.GameSpec`
(labelled sets, e.g. ``{"A": base, "B": base + fan cards}``) and returns the
records sorted by set and index. Every game is a pure function of its spec
and index, so the result is the same whichever executor runs it:

* ``"serial"`` -- in this process (small runs, debugging);
* ``"processes"`` (default) -- a local process pool, no setup;
* ``"local"`` -- a Dask ``LocalCluster`` started for the run;
* ``"tcp://host:port"`` -- an existing Dask scheduler.

With ``out`` every finished game is appended to a JSON-lines file as it
finishes (:mod:`pillars_rules.lab.store`); an interrupted run (Ctrl-C: ``KeyboardInterrupt``)
keeps them, and ``resume=True`` plays only the games still missing.

A worker process that dies loses only the game it was playing: the local
pool is rebuilt and Dask reschedules the task, and the game is played again
(to the same record). Both keep a window of :data:`IN_FLIGHT` games per
worker in flight, not the whole run (on Dask the window follows the
cluster's worker count, so a cluster that grows mid-run is used). A Dask game
whose completion notice never reaches the run, though the scheduler finished
it, is played again after :data:`STALL_CHECK` seconds without a result
(:class:`_Stall`), not waited for forever.
"""

from __future__ import annotations

import itertools
import os
import re
import signal
import time
import uuid
from collections.abc import Callable, Collection, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pillars_rules as pr

from . import store
from .games import GameSpec, play_game

Task = tuple[str, int]
#: How often a local pool whose worker died is rebuilt before the run gives up.
POOL_RESTARTS = 3
_ADDRESS = re.compile(r"^(tcp|tls)://[^\s:/]+:\d{1,5}$")


def check_executor(executor: str) -> str:
    """``executor`` if it names one (see the module docs), else :class:`~pillars_rules.errors.ConfigError`."""
    if executor in ("serial", "processes", "local") or _ADDRESS.match(executor or ""):
        return executor
    raise pr.ConfigError(
        f"bad executor or Dask scheduler address {executor!r} (use serial, processes, local or tcp://host:port)"
    )


Stop = Callable[[dict[str, list[dict]]], "bool | Collection[str]"]


def run(
    specs: Mapping[str, GameSpec],
    games: int,
    *,
    executor: str = "processes",
    workers: int | None = None,
    out: str | Path | None = None,
    resume: bool = False,
    on_game: Callable[[int, int], None] | None = None,
    on_record: Callable[[str, dict], None] | None = None,
    timeout: float = 10.0,
    deadline: float | None = None,
    clock: Callable[[], float] = time.monotonic,
    stop: Stop | None = None,
) -> dict[str, list[dict]]:
    """Play ``games`` games of every spec; ``{label: [record, ...]}`` in index order.

    ``on_game(done, total)`` is called after each finished game (a progress
    bar); ``on_record(label, record)`` before it, with the game's record
    (running estimates). With ``resume`` the games already in ``out`` are kept (their specs
    must match) and only the missing ones are played. ``timeout`` (seconds)
    bounds connecting to a Dask scheduler.

    ``deadline`` (a ``clock()`` time, :func:`time.monotonic` by default) is a
    time budget: once it passes, no game is started, the games being played
    are dropped (the workers are ended) and the result holds the games
    ``0..k-1`` of every set, ``k`` the first index some set is missing --
    the same games in every set, chosen by their index, never by how they
    came out (the games finished beyond ``k`` stay in ``out`` for a
    ``--resume``).

    ``stop(records)`` ends the run the same way, on the games' own results:
    it is asked with the records of games ``0..k-1`` of every set for every
    ``k`` in turn, as soon as every set has finished game ``k-1`` (games
    that finish out of order never make it skip a ``k``, so the run stops
    at the same ``k`` on every executor). ``True`` ends the run with those
    games. A collection of labels *closes* those sets at ``k``: none of
    their games after ``k-1`` is started or kept (the result holds their
    games ``0..k-1``; the records ``stop`` sees later hold them too), and
    the run goes on with the others until ``stop`` says ``True`` or every
    set is closed. A resumed run asks ``stop`` again from ``k = 1``, so it
    closes and stops where the first run would have. (It should look at
    how wide the estimates are, or at always-valid tests, so that stopping
    leaves their intervals honest: see the lab's ``--precision``.)
    """
    check_executor(executor)
    if games < 1:
        raise pr.ConfigError(f"games must be at least 1, not {games}")
    specs = {label: spec.check() for label, spec in specs.items()}
    done: dict[Task, dict] = {}
    if resume:
        if out is None or not Path(out).exists():
            raise pr.ConfigError(f"nothing to resume: {out} does not exist")
        old, done = store.read(out)
        if old != specs:
            raise pr.ConfigError(
                f"{out} holds another run (different cards, bots, seed, players "
                "or variants); resume it with the same options"
            )
        done = {k: r for k, r in done.items() if k[1] < games}
    watch = _Prefixes(specs, games, done, stop)
    ended = watch.advance()  # a resumed run closes and stops where the first one did
    watch.prune()
    writer = store.ResultWriter(out, specs, resume) if out is not None else None
    # game by game across the sets, so that progress and its rate are alike all along
    todo = [(label, i) for i in range(games) for label in specs if (label, i) not in done]
    total = len(specs) * games
    if on_record:
        for (label, _), record in sorted(done.items(), key=lambda kv: kv[0][1]):
            on_record(label, record)
    if on_game:
        on_game(len(done), total)
    stream = _execute(specs, todo, executor, workers, timeout, watch.closed)
    timed_out = ended or (deadline is not None and clock() >= deadline)
    stopped = ended  # by stop(): exactly its games 0..k-1, whatever else has finished
    try:
        for (label, i), record in () if timed_out else stream:
            if (label, i) in done or label in watch.closed:  # a closed set's game still in flight
                continue
            done[label, i] = record
            if writer:
                writer.write(label, record)
            if on_record:
                on_record(label, record)
            if on_game:
                on_game(len(done), total)
            if deadline is not None and clock() >= deadline:
                timed_out = True
                break
            if watch.advance():
                timed_out = stopped = True
                break
    finally:
        close = getattr(stream, "close", None)
        if close is not None:
            close()  # ends the workers of a stopped run
        if writer:
            writer.close()
    if timed_out:
        opened = [label for label in specs if label not in watch.closed]
        k = (
            watch.k
            if stopped
            else next((i for i in range(games) if any((label, i) not in done for label in opened)), games)
        )
        done = {t: r for t, r in done.items() if t[1] < watch.closed.get(t[0], k)}
    result: dict[str, list[dict]] = {label: [] for label in specs}
    for label, i in sorted(done, key=lambda t: (list(specs).index(t[0]), t[1])):
        if i < watch.closed.get(label, games):
            rec = dict(done[label, i])
            rec.pop("set", None)
            result[label].append(rec)
    return result


class _Prefixes:
    """The games every open set has finished in a row from game 0, with
    ``stop`` asked at each new prefix in turn (see :func:`run`); ``closed``
    maps each closed set to the games it keeps."""

    def __init__(self, specs: Mapping[str, GameSpec], games: int, done: dict[Task, dict], stop: Stop | None):
        self.specs, self.games, self.done, self.stop = specs, games, done, stop
        self.k = 0
        self.closed: dict[str, int] = {}

    def advance(self) -> bool:
        """Move past every prefix the finished games complete; ``True`` when the run ends."""
        while True:
            opened = [label for label in self.specs if label not in self.closed]
            if not opened:
                return True
            if self.k >= self.games or not all((label, self.k) in self.done for label in opened):
                return False
            self.k += 1
            if self.stop is None:
                continue
            answer = self.stop(_prefix(self.done, self.specs, self.k, self.closed))
            if isinstance(answer, bool) or answer is None:
                if answer:
                    return True
                continue
            for label in answer:
                if label in self.specs:
                    self.closed.setdefault(label, self.k)

    def prune(self) -> None:
        """Forget a closed set's games after its close (a resumed run's file may hold some)."""
        for t in [t for t in self.done if t[1] >= self.closed.get(t[0], self.games)]:
            del self.done[t]


def _prefix(
    done: Mapping[Task, dict], specs: Mapping[str, GameSpec], k: int, closed: Mapping[str, int] | None = None
) -> dict[str, list[dict]]:
    """Games ``0..k-1`` of every set (a closed set's games up to its close)."""
    out: dict[str, list[dict]] = {}
    for label in specs:
        out[label] = []
        for i in range(min(k, (closed or {}).get(label, k))):
            rec = dict(done[label, i])
            rec.pop("set", None)
            out[label].append(rec)
    return out


def play(spec: GameSpec, index: int) -> dict:
    """Game ``index`` of ``spec``: with branches (:func:`~.causal.play_causal`)
    when the spec has targets or measures the gold scale, else a plain game
    (:func:`~.games.play_game`)."""
    if (spec.targets or spec.scale) and spec.game != "pillars":
        from .ora import play_causal as play_ora

        return play_ora(spec, index)
    if spec.targets or spec.scale:
        from .causal import play_causal

        return play_causal(spec, index)
    return play_game(spec, index)


def _execute(specs, todo, executor, workers, timeout, closed: Collection[str] = ()) -> Iterator[tuple[Task, dict]]:
    """The finished games of ``todo``; a game of a set in ``closed`` (a
    collection the caller may add to while the run goes on) is not started."""
    if not todo:
        return iter(())
    if executor == "serial":
        return ((t, play(specs[t[0]], t[1])) for t in todo if t[0] not in closed)
    if executor == "processes":
        return _processes(specs, todo, workers, closed)
    return _dask(specs, todo, executor, workers, timeout, closed)


# ----------------------------------------------------------------- local processes
_SPECS: dict[str, GameSpec] = {}
#: Games in flight per worker (a local process or a Dask worker).
IN_FLIGHT = 4


def _init_worker(specs: dict[str, GameSpec]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _SPECS.update(specs)


def _play_task(label: str, index: int) -> dict:
    return play(_SPECS[label], index)


def _processes(
    specs, todo: list[Task], workers: int | None, closed: Collection[str] = ()
) -> Iterator[tuple[Task, dict]]:
    workers = workers or os.cpu_count() or 1
    left = dict.fromkeys(todo)
    for _ in range(POOL_RESTARTS + 1):
        pool = ProcessPoolExecutor(workers, initializer=_init_worker, initargs=(dict(specs),))
        broken = False
        try:
            # a window of games in flight, not the whole run at once: a run of 100,000
            # games (cut short by --time) starts at once and holds a few futures
            queue = (t for t in list(left) if t[0] not in closed)
            pending = {pool.submit(_play_task, *t): t for t in itertools.islice(queue, workers * IN_FLIGHT)}
            while pending and not broken:
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for fut in finished:
                    task = pending.pop(fut)
                    try:
                        record = fut.result()
                    except BrokenProcessPool:  # a worker died: its game is played again in a new pool
                        broken = True
                        continue
                    del left[task]
                    for t in [] if broken else itertools.islice(queue, 1):
                        try:
                            pending[pool.submit(_play_task, *t)] = t
                        except BrokenProcessPool:  # the pool broke under us: a new one plays what is left
                            broken = True
                    yield task, record
        except BaseException:  # Ctrl-C, or the caller stopped early: no worker plays on
            _stop(pool)
            raise
        # every game of this pool is in (or its pool broke): wait for the pool's
        # manager thread, which would otherwise race the interpreter's exit handler
        pool.shutdown(wait=True, cancel_futures=True)
        for t in [t for t in left if t[0] in closed]:  # a closed set's games are not played
            del left[t]
        if not left:
            return
    raise pr.PillarsError(f"local worker processes kept dying; {len(left)} games not played")


def _stop(pool: ProcessPoolExecutor) -> None:
    """End the pool's worker processes now (their unfinished games are lost;
    the finished ones are already kept), so that neither they nor the pool's
    exit handler keep the interrupted run going."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    for proc in processes:
        if proc.is_alive():
            proc.terminate()
    for proc in processes:
        proc.join(timeout=2)
        if proc.is_alive():
            proc.kill()
    pool.shutdown(wait=False, cancel_futures=True)
    # The manager thread sees its workers gone and closes its wake-up pipe. Left
    # running, it races the interpreter's exit handler, which writes to that pipe
    # (``OSError: Bad file descriptor`` printed after the run ended): wait for it.
    if manager is not None:
        manager.join(timeout=5)


# ----------------------------------------------------------------- Dask
def _dask(specs, todo: list[Task], executor: str, workers: int | None, timeout: float, closed: Collection[str] = ()):
    import logging

    try:  # the CLI checks that it is installed without importing it (lab_missing): a broken install fails here
        from distributed import Client, LocalCluster, as_completed
    except ImportError as exc:
        raise pr.ConfigError(
            f"the Dask executor needs the [lab] extra's distributed, which does not import "
            f"({exc}): pip install 'pillars-rules[lab]'"
        ) from exc

    cluster = None
    if executor == "local":
        cluster = LocalCluster(
            n_workers=workers or os.cpu_count() or 1,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            silence_logs=logging.ERROR,
        )
        address = cluster.scheduler_address
    else:
        address = executor
    try:
        try:
            client = Client(address, timeout=timeout)
        except (OSError, TimeoutError, ValueError) as exc:
            raise pr.ConfigError(
                f"cannot reach the Dask scheduler at {address}: "
                f"{str(exc).splitlines()[0] if str(exc) else type(exc).__name__}"
            ) from None
        try:
            try:
                client.wait_for_workers(1, timeout=timeout)
            except (OSError, TimeoutError):
                raise pr.ConfigError(
                    f"the Dask scheduler at {address} has no workers (none joined within {timeout:g} s)"
                ) from None
            token = uuid.uuid4().hex[:10]
            shared = {label: client.scatter(spec, broadcast=True) for label, spec in specs.items()}
            queue = (t for t in todo if t[0] not in closed)
            futures: dict = {}

            def start(tasks: list[Task], again: int = 0) -> list:
                tail = f"-again{again}" if again else ""
                new = [
                    client.submit(play, shared[label], i, key=f"pillars-game-{label}-{i}-{token}{tail}", pure=False)
                    for label, i in tasks
                ]
                futures.update(zip(new, tasks))
                return new

            def submit(n: int) -> list:
                return start(list(itertools.islice(queue, n)))

            # a window of games in flight that grows with the cluster, not the whole run
            # at once (a run of 100,000 games cut short by --time would hold them all)
            window = _Window(client)
            # the client's own loop: with two clients in one process (a notebook's and the run's)
            # the default one may be the other's
            results = as_completed(submit(window.size()), loop=client.loop, with_results=True, raise_errors=False)
            watch = _Stall(client, futures, results, start)
            try:
                for task, record in _dask_results(results, futures, specs, watch):
                    for fut in submit(max(0, window.size() - len(futures))):
                        results.add(fut)
                    yield task, record
            except BaseException:  # Ctrl-C: the scheduler drops the games not finished
                client.cancel(list(futures))
                raise
        finally:
            client.close()
    finally:
        if cluster is not None:
            cluster.close()


class _Window:
    """How many games a Dask run keeps in flight: :data:`IN_FLIGHT` per
    worker the scheduler knows (asked at most once a second, so a cluster
    that grows mid-run gets games for its new workers)."""

    def __init__(self, client) -> None:
        self.client, self.asked, self.workers = client, -1.0, 1

    def size(self) -> int:
        now = time.monotonic()
        if now - self.asked >= 1.0:
            self.asked = now
            try:
                self.workers = max(1, len(self.client.scheduler_info().get("workers", ())))
            except Exception:  # noqa: BLE001 -- a slow answer, or the comm's write racing (tornado's
                # AssertionError in CI): keep the last count; the window only paces submissions, and
                # a scheduler really gone fails the run where its results are read
                pass
        return self.workers * IN_FLIGHT


#: Seconds without a finished game after which a Dask run asks the scheduler
#: about the games it still waits for (:class:`_Stall`).
STALL_CHECK = 20.0


class _Stall:
    """A Dask run that waits for a game the scheduler no longer runs.

    A CI check of this lab hung in a run whose cluster grew mid-run: the
    scheduler held no task and two idle workers, and the client still waited
    for a game's completion notice. Once no game has finished for
    :data:`STALL_CHECK` seconds, the scheduler is asked the state of every
    game still awaited; a game it has finished or forgotten at two such looks
    in a row was lost on its way back, and is played again under a new key (a
    game is a pure function of its spec and index: the same record). A game
    the scheduler still runs or queues is waited for, however long it takes."""

    def __init__(self, client, futures: dict, results, start: Callable) -> None:
        self.client, self.futures, self.results, self.start = client, futures, results, start
        self.suspects: set = set()
        self.again = 0

    def __call__(self) -> None:
        keys = [f.key for f in self.futures]
        if not keys:
            return
        states = self.client.run_on_scheduler(_task_states, keys=keys)
        lost = {k for k in keys if states.get(k) not in _RUNNING}
        again, self.suspects = lost & self.suspects, lost - self.suspects
        if not again:
            return
        self.again += 1
        old = [f for f in list(self.futures) if f.key in again]
        tasks = [self.futures.pop(f) for f in old]
        for f in old:
            f.release()
        for fut in self.start(tasks, self.again):
            self.results.add(fut)


_RUNNING = frozenset({"released", "waiting", "queued", "no-worker", "processing"})


def _task_states(dask_scheduler, keys) -> dict:
    """On the scheduler: the state of each of ``keys`` it knows."""
    return {k: ts.state for k in keys if (ts := dask_scheduler.tasks.get(k)) is not None}


def _ready(results, timeout: float) -> list:
    """The finished games ``results`` holds, waiting up to ``timeout`` seconds for one."""
    condition = results.thread_condition
    with condition:
        condition.wait_for(results.has_ready, timeout)
    return results.next_batch(block=False)


def _dask_results(results, futures: dict, specs, stalled: Callable[[], None]) -> Iterator[tuple[Task, dict]]:
    from distributed.scheduler import KilledWorker

    while futures:
        batch = _ready(results, STALL_CHECK)  # results arrive in batches: fewer round trips
        if not batch:
            stalled()
            continue
        for fut, record in batch:
            yield from _finished(fut, record, futures, specs, KilledWorker)


def _finished(fut, record, futures: dict, specs, killed) -> Iterator[tuple[Task, dict]]:
    task = futures.pop(fut, None)
    if task is None:  # a game played again after its notice was lost, whose notice came after all
        fut.release()
        return
    if fut.status == "error":
        label, i = task
        if isinstance(fut.exception(), killed):  # rerun elsewhere, and those died too
            raise pr.PillarsError(
                f"game {i} of set {label} (seed {specs[label].seed + i}) killed every Dask worker that played it"
            ) from None
        fut.result()  # the game's own error
    fut.release()
    yield task, record

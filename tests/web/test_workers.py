"""The bots' worker processes, driven by the event loop (web/workers.py, issue #60):
answers come back to their own jobs, in any size, failures come back as the job's
exception, a worker that dies fails only what it held, and ``kill`` ends them all."""

from __future__ import annotations

import asyncio
import os
import time

import pytest

from pillars_rules.web.workers import WorkerLost, Workers


def echo(x):
    return x


def pid_and(x):
    return os.getpid(), x


def fail(message):
    raise ValueError(message)


def die(_):
    os._exit(3)


def nap(seconds):
    time.sleep(seconds)
    return seconds


def unpicklable(_):
    return lambda: None


class _Marker:
    pass


_LEFT: list = []


def leave_cycle(_):
    """In a worker: leave a reference cycle behind, its marker watched; is the collector on?"""
    import gc
    import weakref

    a, b = _Marker(), _Marker()
    a.other, b.other = b, a
    _LEFT[:] = [weakref.ref(a)]
    return gc.isenabled()


def cycle_gone(_):
    import gc

    return _LEFT[0]() is None, gc.isenabled()


def run(coro):
    return asyncio.run(coro)


def test_a_bot_pools_workers_collect_garbage_between_jobs_not_inside_them():
    async def main(hold):
        pool = Workers(1, hold_collector=hold)
        try:
            inside = await pool.submit(leave_cycle, None)
            return inside, await pool.submit(cycle_gone, None)
        finally:
            pool.kill()

    # held: off inside the job; the cycle the job left was collected after its answer, and on again
    assert run(main(True)) == (False, (True, False))
    assert run(main(False))[0] is True  # by default the collector is left as it is


def test_each_job_gets_its_own_answer_whatever_its_size():
    big = os.urandom(3 * 1024 * 1024)  # far past a pipe's buffer, both ways

    async def main():
        pool = Workers(2)
        try:
            futures = [pool.submit(echo, i) for i in range(50)]
            futures.append(pool.submit(echo, big))
            futures.append(pool.submit(echo, "last"))
            return await asyncio.gather(*futures)
        finally:
            pool.kill()

    got = run(main())
    assert got[:50] == list(range(50)) and got[50] == big and got[51] == "last"


def test_a_failing_job_raises_its_exception_and_the_worker_goes_on():
    async def main():
        pool = Workers(1)
        try:
            with pytest.raises(ValueError, match="no such move"):
                await pool.submit(fail, "no such move")
            with pytest.raises(RuntimeError, match="the answer could not be sent"):
                await pool.submit(unpicklable, 0)
            return await pool.submit(echo, "still here")
        finally:
            pool.kill()

    assert run(main()) == "still here"


def test_jobs_go_to_the_worker_with_the_least_work_outstanding():
    async def main():
        pool = Workers(2)
        try:
            pool.start()
            slow = pool.submit(nap, 1.0, cost=1.0)  # one worker holds a long job
            quick = [pool.submit(pid_and, i, cost=0.01) for i in range(5)]
            got = await asyncio.gather(*quick)
            first = await pool.submit(pid_and, "x")
            await slow
            return got, first
        finally:
            pool.kill()

    got, _ = run(main())
    assert len({pid for pid, _ in got}) == 1  # all five beside the long job, on the other worker
    assert [x for _, x in got] == list(range(5))


def test_a_worker_that_dies_fails_only_the_jobs_it_held():
    async def main():
        pool = Workers(2)
        try:
            pool.start()
            held = pool.submit(nap, 0.5, cost=5.0)  # the other worker's
            lost = pool.submit(die, 0)
            with pytest.raises(WorkerLost):
                await lost
            assert len(pool._processes) == 1
            return await held, await pool.submit(echo, "on the survivor")
        finally:
            pool.kill()

    assert run(main()) == (0.5, "on the survivor")


def test_kill_ends_every_worker_and_cancels_what_they_held():
    async def main():
        pool = Workers(2)
        pool.start()
        processes = list(pool._processes.values())
        futures = [pool.submit(nap, 30, cost=1.0) for _ in range(3)]
        await asyncio.sleep(0.2)
        pool.kill()
        outcomes = await asyncio.gather(*futures, return_exceptions=True)
        with pytest.raises(RuntimeError, match="ended"):
            pool.submit(echo, 1)
        return outcomes, processes

    outcomes, processes = run(main())
    assert all(isinstance(o, asyncio.CancelledError) for o in outcomes)
    deadline = time.monotonic() + 10
    while any(p.is_alive() for p in processes) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(p.is_alive() for p in processes)


def test_a_pool_needs_a_worker():
    with pytest.raises(ValueError, match="at least one worker"):
        Workers(0)


def test_the_bot_pools_workers_hold_the_collector():
    from pillars_rules.web.bots import BotPool

    workers = BotPool(workers=1)._executor()  # made, not started
    assert workers.hold_collector is True and not workers.started


def test_a_job_goes_to_the_worker_picked_for_it_or_to_the_least_busy_if_that_one_is_gone():
    # the bot pool shapes a job for the worker it goes to (its log's events that worker lacks,
    # web/botlogs.py): pick names the worker, submit(to=) keeps the job there while it lives
    async def main():
        pool = Workers(2)
        try:
            await asyncio.to_thread(pool.start)
            numbers = [w.number for w in pool._workers]
            assert pool.pick() in numbers
            pids = {}
            for n in numbers:
                for i in range(3):
                    pid, _ = await pool.submit(pid_and, i, to=n)
                    pids.setdefault(n, set()).add(pid)
            assert all(len(p) == 1 for p in pids.values()) and len(set().union(*pids.values())) == 2
            gone = numbers[0]
            with pytest.raises(WorkerLost):
                await pool.submit(die, None, to=gone)
            assert pool.pick() == numbers[1]
            pid, _ = await pool.submit(pid_and, 9, to=gone)  # the picked worker is gone: another takes it
            assert {pid} == pids[numbers[1]]
            assert await pool.submit(echo, 5, to=12345) == 5  # a number no worker has: the least busy
        finally:
            pool.kill()
        return True

    assert asyncio.run(main())

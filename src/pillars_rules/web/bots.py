"""Server bots in a process pool: they decide from a seat's view, never from the game.

:meth:`BotPool.decide` sends the bot's name, a seed and the seat's
:class:`~pillars_rules.SeatView` to a worker process. A view pickles as its
export (:func:`pillars_rules.view.export`: redacted state and log, the seat's
legal actions) and its public card set, so the worker gets exactly what the
seat may know; it rebuilds the view, asks :func:`~pillars_rules.bots.make_bot`'s
bot and sends back the action as JSON. The event loop only waits on a future,
so a thinking bot blocks neither its table nor any other.

A worker that dies or a bot that thinks longer than the timeout costs that
decision only: the pool is rebuilt and a random legal action is played
instead (logged).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
import os
import random

import pillars_rules as pr

log = logging.getLogger("pillars_rules.web")


def _warm(parent: int) -> None:
    """Worker start-up: import the bots, compile the base cards once, and watch
    the server: a server killed outright (SIGKILL) runs no shutdown code, so
    the worker ends itself when its parent is gone."""
    import os
    import threading
    import time

    import pillars_rules.bots  # noqa: F401

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="pillars-parent-watch", daemon=True).start()
    pr.load_cards()


def decide(name: str, seed: int, view: pr.SeatView) -> dict:
    """In a worker: the action the bot ``name`` chooses from ``view``, as JSON."""
    from pillars_rules.bots import make_bot

    return pr.encode_action(make_bot(name, seed)(view))


class BotPool:
    """Worker processes for the server's bots (started on first use)."""

    def __init__(self, workers: int = 1, timeout: float = 120.0) -> None:
        self.workers = workers
        self.timeout = timeout
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            # spawn, not fork: the server process runs threads (the event loop's executors)
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"), initializer=_warm,
                initargs=(os.getpid(),))
        return self._pool

    async def decide(self, name: str, seed: int, view: pr.SeatView):
        """The action the bot ``name`` takes from ``view`` (one of ``view.legal_actions``)."""
        loop = asyncio.get_running_loop()
        try:
            future = loop.run_in_executor(self._executor(), decide, name, seed, view)
            doc = await asyncio.wait_for(future, self.timeout)
            return pr.decode_action(doc)
        except (concurrent.futures.process.BrokenProcessPool, asyncio.TimeoutError, OSError,
                pr.PillarsError) as exc:
            log.error("bot failed bot=%s: %s: %s; a random legal action is played",
                      name, type(exc).__name__, str(exc)[:120])
            self._restart()
            return random.Random(seed).choice(view.legal_actions)

    def _restart(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            # a worker still thinking would run on after shutdown: end it
            for process in list(getattr(pool, "_processes", {}).values()):
                process.terminate()
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the workers (waiting for none)."""
        self._restart()


__all__ = ["BotPool", "decide"]

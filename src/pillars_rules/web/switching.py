"""How often the server's interpreter hands Python's lock (the GIL) from one thread to another.

The event loop runs in one thread; the event store, the game records and the
bot pool's executor each hand work to threads of their own and back. A
thread that wants the lock while the loop holds it waits until the loop
blocks (in ``epoll``, a socket call) or until the *switch interval* has
passed -- 5 ms by default. The store's thread gives the lock up around each
SQLite statement and so waits again after each; a bot's decision crosses
two threads each way. With the loop busy, those waits added up to most of
a move's latency at people's pace and capped the bots' decisions a second
(issue #60; the measurements in docs/performance.rst, "The server at people's
pace"). :class:`Switching` shortens the interval while the server runs; a
forced switch costs microseconds, and happens only when another thread is
waiting.
"""

from __future__ import annotations

import sys

#: The switch interval while a server runs, in seconds (Python's default is 0.005).
SWITCH_INTERVAL = 0.0005


class Switching:
    """Set the interpreter's switch interval to ``interval`` at :meth:`install`;
    :meth:`uninstall` puts back the one it found."""

    def __init__(self, interval: float = SWITCH_INTERVAL) -> None:
        self.interval = interval
        self._before: float | None = None

    def install(self) -> None:
        if self._before is None:
            self._before = sys.getswitchinterval()
        sys.setswitchinterval(self.interval)

    def uninstall(self) -> None:
        if self._before is not None:
            sys.setswitchinterval(self._before)
            self._before = None


__all__ = ["Switching", "SWITCH_INTERVAL"]

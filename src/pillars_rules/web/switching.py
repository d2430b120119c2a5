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
pace"). :class:`Switching` shortens the interval while a server runs whose
settings ask for it (``Settings(switch_interval=...)``; off by default: the
interval is the whole process's, and the measurements could not isolate its
gain from the machine's load); a forced switch costs microseconds, and
happens only when another thread is waiting.
"""

from __future__ import annotations

import sys

#: The switch interval while a server runs, in seconds (Python's default is 0.005).
SWITCH_INTERVAL = 0.0005


class Switching:
    """Set the interpreter's switch interval to ``interval`` at :meth:`install`;
    :meth:`uninstall` puts back the one found before the first. The interval is
    the whole process's: servers that overlap in one process (tests, an embedding
    application) share one setting, and the last to stop restores the old one."""

    def __init__(self, interval: float = SWITCH_INTERVAL) -> None:
        self.interval = interval
        self._installed = False

    def install(self) -> None:
        global _saved, _users
        if self._installed:
            return
        if _users == 0:
            _saved = sys.getswitchinterval()
        _users += 1
        self._installed = True
        sys.setswitchinterval(self.interval)

    def uninstall(self) -> None:
        global _users
        if not self._installed:
            return
        self._installed = False
        _users -= 1
        if _users == 0 and _saved is not None:
            sys.setswitchinterval(_saved)


#: How many installed :class:`Switching` hold the interval, and the one to restore after the last.
_users = 0
_saved: float | None = None


__all__ = ["Switching", "SWITCH_INTERVAL"]

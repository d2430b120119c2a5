"""The server's policy for Python's cyclic garbage collector: short full collections.

A loaded server holds hundreds of tracked objects per table (its game's
events, states, views: about 450 a table at mid-game), nearly all of them
long-lived and acyclic -- they are freed by reference counting, not by the
collector. A full (generation 2) collection still walks every one of them,
and it comes every time the long-lived objects have grown by a quarter: with
a thousand warm tables, pauses of several hundred milliseconds every few
seconds to tens of seconds, each freeing almost nothing (issue #60).

:class:`Collector` freezes (:func:`gc.freeze`) what a full collection leaves:
the survivors move to the permanent generation, which later collections do
not walk, so each full collection walks only what became long-lived since
the last one. Frozen objects are still freed by reference counting when the
game lets go of them; only a *cycle* among them that becomes garbage is kept.
So that those cannot pile up, the collector thaws everything
(:func:`gc.unfreeze`) at most once per :attr:`Collector.thaw_every` seconds:
the next full collection then walks all and frees them (one long pause an
hour by default), and freezes again.

:class:`~pillars_rules.web.server.Server` installs one at :meth:`start
<pillars_rules.web.server.Server.start>` (after a collection of what start-up
left) and removes it at :meth:`close <pillars_rules.web.server.Server.close>`.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

#: Seconds between two thaws of the frozen objects (see :class:`Collector`).
THAW_EVERY = 3600.0


class Collector:
    """Freeze the survivors of every full collection; thaw all every ``thaw_every`` seconds.

    ``clock`` is the time source (monotonic seconds). :attr:`full` counts the
    full collections seen, :attr:`thaws` the thaws."""

    def __init__(self, thaw_every: float = THAW_EVERY, clock: Callable[[], float] = time.monotonic) -> None:
        self.thaw_every = thaw_every
        self.clock = clock
        self.full = 0
        self.thaws = 0
        self._thawed = clock()
        self._installed = False

    def install(self) -> None:
        """Start: collect what is garbage now, then freeze the rest (the first full collection)."""
        if not self._installed:
            gc.callbacks.append(self._seen)
            self._installed = True
        gc.collect()

    def uninstall(self) -> None:
        """Stop, and thaw what is frozen (the collector walks it all again)."""
        if self._installed:
            gc.callbacks.remove(self._seen)
            self._installed = False
            gc.unfreeze()

    def _seen(self, phase: str, info: dict[str, int]) -> None:
        # called by the interpreter after every collection; a full one has just
        # finished, so moving its survivors to the permanent generation is safe here
        if phase != "stop" or info["generation"] != 2:
            return
        self.full += 1
        now = self.clock()
        if now - self._thawed >= self.thaw_every:
            self._thawed = now
            self.thaws += 1
            gc.unfreeze()  # the next full collection walks everything once
        else:
            gc.freeze()


__all__ = ["Collector", "THAW_EVERY"]

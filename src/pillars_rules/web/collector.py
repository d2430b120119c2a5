"""The server's policy for Python's cyclic garbage collector: short full collections.

A loaded server holds hundreds of tracked objects per table (its game's
events, states, views: about 500 a table at mid-game), nearly all of them
long-lived and acyclic -- they are freed by reference counting, not by the
collector. A full (generation 2) collection walks every one of them that is
in a generation: with a thousand warm tables, pauses of several hundred
milliseconds, each freeing almost nothing (issue #60).

:class:`Collector` freezes (:func:`gc.freeze`) what every collection leaves:
an object that has survived one collection moves to the permanent
generation, which no collection walks. So every collection walks only what
was made since the one before (a few thousand objects at most), however many
games the process holds; and since freezing also resets the collector's
counts, the collections are all of the youngest generation, unless a thaw
waits. (Freezing only what full collections left, as before, let the older
generations fill between two of them with every game's new events and
states: about 50,000 objects walked by a full collection, 60-140 ms, and
19,000 by a collection of the middle generation; ``docs/performance.rst``.)

Frozen objects are still freed by reference counting when the game lets go of
them; only a *cycle* among them that becomes garbage is kept. The server's
own long-lived objects hold no such cycles (a room and its clock or undo
requests refer to each other weakly; a JSON reader holds no bound method of
itself), so what is kept is little: the odd closed connection's transport.
So that it cannot pile up, the collector thaws everything
(:func:`gc.unfreeze`) at the end of a collection when both at least
:attr:`Collector.thaw_every` seconds have passed since the last thaw and the
frozen objects have grown by :attr:`Collector.growth` since the full
collection after it; nothing is frozen until the next full collection, which
walks all and frees the kept cycles (one long pause), and what it leaves is
frozen again. Kept garbage is so bounded by a share of what is live, and a
process whose games do not grow thaws rarely, if ever.

:class:`~pillars_rules.web.server.Server` installs one at :meth:`start
<pillars_rules.web.server.Server.start>` (after a collection of what start-up
left) and removes it at :meth:`close <pillars_rules.web.server.Server.close>`.

A bot worker process installs one too, and keeps every collection out of a
bot's decision (:func:`hold` before the job, :func:`release` after its answer
is sent): a collection that lands inside a decision is charged to the bot's
budget (:data:`~pillars_rules.web.server.BOT_BUDGET`), and before this a full
one of a process that had played many games took 30 to 90 ms of CPU there
(issue #59). The collection after the answer walks only what the decision
made, since the collector froze what the one before left. The bench that rates
the bots (``bench/ora_ratings.py``) runs its bots the same way.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

#: Seconds between two thaws of the frozen objects, at least (see :class:`Collector`).
THAW_EVERY = 3600.0
#: How much the frozen objects must have grown, as a share, before a thaw (see :class:`Collector`).
GROWTH = 0.25
#: Seconds between two counts of the frozen objects once a thaw is due by time: counting
#: walks every frozen object (:func:`gc.get_freeze_count` is a walk), so it is never done
#: at every collection.
COUNT_EVERY = 60.0


#: The collector installed in this process, if any.
_ACTIVE: Collector | None = None


class Collector:
    """Freeze the survivors of every collection; thaw
    all when ``thaw_every`` seconds have passed and the frozen objects have grown by ``growth``.

    ``clock`` is the time source (monotonic seconds). :attr:`full` counts the
    full collections seen, :attr:`thaws` the thaws; :attr:`frozen` is how many
    objects the full collection after the last thaw left (the growth's base).
    The growth is counted only once ``thaw_every`` has passed, and then at most
    once per ``count_every`` seconds: a count walks every frozen object, and a
    collection comes every few hundred allocations."""

    def __init__(
        self,
        thaw_every: float = THAW_EVERY,
        clock: Callable[[], float] = time.monotonic,
        growth: float = GROWTH,
        count_every: float = COUNT_EVERY,
    ) -> None:
        self.thaw_every = thaw_every
        self.growth = growth
        self.count_every = count_every
        self.counts = 0  # how often the frozen objects were counted (each count walks them all)
        self._next_count = 0.0
        self.clock = clock
        self.full = 0
        self.thaws = 0
        self.frozen: int | None = None
        self._thawed = clock()
        self._thawing = True  # until the next full collection: nothing frozen yet, or all thawed
        self._installed = False

    def install(self) -> None:
        """Start: collect what is garbage now, then freeze the rest (the first full
        collection). A process has one collector: installing one removes the one
        installed before (two would freeze and thaw against each other)."""
        global _ACTIVE
        if _ACTIVE is not None and _ACTIVE is not self:
            _ACTIVE.uninstall()
        _ACTIVE = self
        if not self._installed:
            gc.callbacks.append(self._seen)
            self._installed = True
        gc.collect()

    def settle(self) -> None:
        """Collect, freeze, and take what is frozen now as the base of the growth a
        thaw waits for: after a start-up's games are loaded, the process's normal size."""
        gc.collect()
        if self._installed and not self._thawing:
            self.frozen = gc.get_freeze_count()

    def uninstall(self) -> None:
        """Stop, and thaw what is frozen (the collector walks it all again)."""
        global _ACTIVE
        if _ACTIVE is self:
            _ACTIVE = None
        if self._installed:
            gc.callbacks.remove(self._seen)
            self._installed = False
            gc.unfreeze()

    def _seen(self, phase: str, info: dict[str, int]) -> None:
        # called by the interpreter after every collection, which has just finished:
        # moving its survivors to the permanent generation is safe here
        if phase != "stop":
            return
        full = info["generation"] == 2
        self.full += full
        if self._thawing:  # a thaw waits for the full collection that walks all
            if full:
                self._thawing = False
                gc.freeze()
                self.frozen = gc.get_freeze_count()
            return
        if self._thaw_due():
            self._thawed = self.clock()
            self._thawing = True
            self.thaws += 1
            gc.unfreeze()  # the next full collection walks everything once
        else:
            gc.freeze()

    def _thaw_due(self) -> bool:
        now = self.clock()
        if now - self._thawed < self.thaw_every or now < self._next_count:
            return False  # the cheap test first: counting walks every frozen object
        self._next_count = now + self.count_every
        self.counts += 1
        return gc.get_freeze_count() > (self.frozen or 0) * (1 + self.growth)


def hold() -> bool:
    """Keep the cyclic collector from running until :func:`release` (a bot's decision runs
    between the two); returns whether it was enabled, for :func:`release`."""
    was = gc.isenabled()
    gc.disable()
    return was


def release(was: bool = True) -> None:
    """After :func:`hold`'s work (in a bot worker, once its answer is sent): enable the collector
    again if it was enabled, and collect what the work left (with a :class:`Collector` installed,
    only what was made since the collection before is walked, and what survives is frozen)."""
    if was:
        gc.enable()
    gc.collect()


__all__ = ["Collector", "COUNT_EVERY", "GROWTH", "THAW_EVERY", "hold", "release"]

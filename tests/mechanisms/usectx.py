"""A :class:`~pillars_rules.mechanisms.use.UseContext` for tests: a stock, track values and counts given as mappings."""

from __future__ import annotations


class Ctx:
    """What a function reads; ``mode`` (optional) is the mode a rate may depend on."""

    def __init__(self, stock, track=None, counts=None, mode=None):
        self._stock, self._track, self._counts = stock, track or {}, counts or {}
        if mode is not None:
            self.mode = mode

    def stock(self):
        return self._stock

    def track(self, name):
        return self._track.get(name)

    def count(self, what):
        return self._counts.get(what, 0)

"""Rates that hold across connections: per credential, per client address.

A connection's frames take a token from its credential's bucket (a seat's,
or the spectators' of a game: ``rate``, ``burst``) and from its client
address's (``client_rate``, bursts of ``burst`` or three seconds' worth,
whichever is more), so reconnecting or opening connections in parallel gives
no fresh tokens. Hellos take one
from the address's hello bucket (``hello_rate``, bursts of five seconds'
worth, at least one), and an address holds ``max_connections_per_client``
connections at most. Buckets nobody used for a while are forgotten (a full
bucket is the same as none).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .settings import Settings


class TokenBucket:
    """``burst`` tokens at once, refilled at ``rate`` a second."""

    __slots__ = ("rate", "burst", "tokens", "stamp")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def _refill(self, now: float) -> None:
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def take(self) -> bool:
        self._refill(time.monotonic())
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def give_back(self) -> None:
        self.tokens = min(self.burst, self.tokens + 1)

    def full(self, now: float) -> bool:
        return self.tokens + (now - self.stamp) * self.rate >= self.burst


class Limits:
    """The server's buckets and connection counts, by credential and by address."""

    #: Takes between two sweeps of the idle buckets.
    SWEEP = 4096

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._buckets: dict[tuple[object, ...], TokenBucket] = {}
        self._takes = 0
        self.connections: dict[str, int] = {}

    def _bucket(self, key: tuple[object, ...], rate: float, burst: float) -> TokenBucket:
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = TokenBucket(rate, burst)
        self._takes += 1
        if self._takes >= self.SWEEP:
            self._sweep()
        return bucket

    def _sweep(self) -> None:
        self._takes = 0
        now = time.monotonic()
        for key in [k for k, b in self._buckets.items() if b.full(now)]:
            del self._buckets[key]

    def message(self, address: str, credential: tuple[str, int | str]) -> bool:
        """Whether a frame from ``address`` with ``credential`` is within both rates."""
        s = self.settings
        mine = self._bucket(("cred",) + credential, s.rate, s.burst)
        if not mine.take():
            return False
        if not self._bucket(("addr", address), s.client_rate, max(float(s.burst), 3 * s.client_rate)).take():
            mine.give_back()
            return False
        return True

    def hello(self, address: str) -> bool:
        """Whether ``address`` may say hello now."""
        rate = self.settings.hello_rate
        return self._bucket(("hello", address), rate, max(1.0, 5 * rate)).take()

    def replay(self, address: str) -> bool:
        """Whether ``address`` may ask for a replay step or a rematch now."""
        rate = self.settings.replay_rate
        return self._bucket(("replay", address), rate, max(1.0, 10 * rate)).take()

    def connect(self, address: str) -> bool:
        """Count a connection from ``address``; ``False`` (not counted) if it holds its most."""
        n = self.connections.get(address, 0)
        if n >= self.settings.max_connections_per_client:
            return False
        self.connections[address] = n + 1
        return True

    def disconnect(self, address: str) -> None:
        n = self.connections.get(address, 0) - 1
        if n > 0:
            self.connections[address] = n
        else:
            self.connections.pop(address, None)


__all__ = ["TokenBucket", "Limits"]

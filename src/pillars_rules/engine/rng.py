"""Deterministic randomness from the game seed.

Only :mod:`.decide` draws numbers, and every outcome is recorded as a chance
event, so replay never calls this module. Numbers depend only on
``(seed, counter)`` (SplitMix64), never on the interpreter, platform or
``PYTHONHASHSEED``.

Seeds below ``2**64`` start each chance point's stream with SplitMix64 (the
original derivation: every such seed plays exactly as before). Wider seeds --
:func:`~pillars_rules.new_game` draws :data:`SEED_BITS` secret bits when no
seed is given -- start it from BLAKE2b keyed by the whole seed, so every bit
counts and learning one chance point's numbers tells nothing about the next.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterator, Sequence
from typing import Final, TypeVar

T = TypeVar("T")
_MASK: Final = (1 << 64) - 1
#: Bits of a secret seed; seeds lie in ``[0, MAX_SEED]``.
SEED_BITS: Final = 128
MAX_SEED = (1 << SEED_BITS) - 1


def secret_seed() -> int:
    """A fresh seed of :data:`SEED_BITS` bits from the operating system's CSPRNG."""
    return secrets.randbits(SEED_BITS)


def _mix(z: int) -> int:
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & _MASK
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _MASK
    return z ^ (z >> 31)


def stream(seed: int, counter: int) -> Iterator[int]:
    """An endless stream of 64-bit numbers for the ``counter``-th chance point."""
    if seed >> 64:
        key = seed.to_bytes(SEED_BITS // 8, "little")
        digest = hashlib.blake2b(counter.to_bytes(8, "little"), digest_size=8, key=key).digest()
        x = int.from_bytes(digest, "little")
    else:
        x = _mix((seed & _MASK) ^ _mix(counter + 0x9E3779B97F4A7C15))
    while True:
        x = (x + 0x9E3779B97F4A7C15) & _MASK
        yield _mix(x)


def below(numbers: Iterator[int], n: int) -> int:
    """A number in ``range(n)`` (rejection sampling, no modulo bias)."""
    limit = (1 << 64) - (1 << 64) % n
    while True:
        x = next(numbers)
        if x < limit:
            return x % n


def shuffled(numbers: Iterator[int], items: Sequence[T]) -> tuple[T, ...]:
    """A Fisher-Yates shuffle of ``items``."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = below(numbers, i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out)

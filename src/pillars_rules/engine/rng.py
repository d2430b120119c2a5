"""Deterministic randomness from the game seed.

Only :mod:`.decide` draws numbers, and every outcome is recorded as a chance
event, so replay never calls this module. Numbers depend only on
``(seed, counter)`` (SplitMix64), never on the interpreter, platform or
``PYTHONHASHSEED``.
"""

from __future__ import annotations

from typing import Iterator, Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


def _mix(z: int) -> int:
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & _MASK
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _MASK
    return z ^ (z >> 31)


def stream(seed: int, counter: int) -> Iterator[int]:
    """An endless stream of 64-bit numbers for the ``counter``-th chance point."""
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

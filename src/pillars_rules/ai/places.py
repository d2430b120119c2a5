"""Utilities from a final ranking, shared by the adapters of both games (no extra dependency)."""

from __future__ import annotations


def place_values(ranking: list[list[int]], n: int) -> list[float]:
    """Utilities from a ranking (groups of tied seats, best first): zero-sum, in [-1, 1]."""
    out = [0.0] * n
    place = 0
    for group in ranking:
        value = sum(1 - 2 * k / (n - 1) for k in range(place, place + len(group))) / len(group)
        for seat in group:
            out[seat] = value
        place += len(group)
    return out


__all__ = ["place_values"]

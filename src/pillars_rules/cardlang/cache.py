"""Compiled card sets, kept by the bytes they were compiled from (issue #24, item 2).

Compiling the same card files again costs nothing: :func:`cached` keys a
compile by a SHA-256 over every file's name and text and the identity of the
``known`` set it was compiled on top of, and keeps the result -- the
:class:`~.cardset.CardSet`, or the diagnostics of a
:class:`~pillars_rules.errors.CardError` -- for the rest of the process. Card
sets are read-only values, so every caller may share one. The cache holds at
most :data:`MAX_ENTRIES` compiles and :data:`MAX_TEXT_BYTES` of card text, the
least recently used going first.

There is no cache on disk: compiling the largest set the limits allow takes
well under a second (``bench/cards.py``), and a disk cache would have to be
read as carefully as card text itself -- a damaged or hostile cache file must
never become cards -- which would cost about what the compile costs.

:func:`no_gc` pauses Python's cyclic garbage collector while a compile runs:
compiling makes hundreds of thousands of small objects and no reference
cycles, and the collector's passes over them took half the time of a large
compile.
"""

from __future__ import annotations

import gc
import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ..errors import CardError
from .cardset import CardSet

#: Most compiles kept, and most card text (UTF-8 bytes) they may have been compiled from.
MAX_ENTRIES = 32
MAX_TEXT_BYTES = 64 * 1024 * 1024

_LOCK = threading.Lock()
_ENTRIES: OrderedDict[bytes, tuple[int, CardSet | tuple[Any, ...]]] = OrderedDict()
_SIZE = [0]
_STATS = {"hits": 0, "misses": 0}


def key(files: list[tuple[str, str]], known: CardSet | None) -> tuple[bytes, int]:
    """(digest, text bytes) of a compile of ``files`` on top of ``known``."""
    h = hashlib.sha256(b"pillars-rules compile 1\n")
    h.update((known.identity if known is not None else "-").encode("ascii"))
    size = 0
    for name, text in files:
        for part in (name.encode("utf-8", "surrogatepass"), text.encode("utf-8", "surrogatepass")):
            h.update(len(part).to_bytes(8, "big"))
            h.update(part)
            size += len(part)
    return h.digest(), size


def cached(files: list[tuple[str, str]], known: CardSet | None, compile_: Callable[[], CardSet]) -> CardSet:
    """``compile_()``'s card set (or its :class:`CardError`), computed once per
    set of file names and texts and ``known`` set."""
    digest, size = key(files, known)
    with _LOCK:
        hit = _ENTRIES.get(digest)
        if hit is not None:
            _ENTRIES.move_to_end(digest)
            _STATS["hits"] += 1
    if hit is not None:
        return _result(hit[1])
    try:
        value: CardSet | tuple[Any, ...] = compile_()
    except CardError as exc:
        value = exc.diagnostics
    with _LOCK:
        _STATS["misses"] += 1
        if size <= MAX_TEXT_BYTES and digest not in _ENTRIES:
            _ENTRIES[digest] = (size, value)
            _SIZE[0] += size
            while len(_ENTRIES) > MAX_ENTRIES or _SIZE[0] > MAX_TEXT_BYTES:
                _, (old, _) = _ENTRIES.popitem(last=False)
                _SIZE[0] -= old
    return _result(value)


def _result(value: CardSet | tuple[Any, ...]) -> CardSet:
    if isinstance(value, CardSet):
        return value
    raise CardError(value)  # a new error each time: tracebacks are not shared


def clear() -> None:
    """Forget every compile (tests, and a process that wants the memory back)."""
    with _LOCK:
        _ENTRIES.clear()
        _SIZE[0] = 0


def stats() -> dict[str, int]:
    """Hits, misses, entries and text bytes held, for tools and tests."""
    with _LOCK:
        return {**_STATS, "entries": len(_ENTRIES), "bytes": _SIZE[0]}


_PAUSED = [0, False]  # compiles running, and whether the collector was on before the first


@contextmanager
def no_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector while the block runs (nested and
    concurrent uses count: it is switched on again after the last, and only
    if it was on before the first)."""
    with _LOCK:
        if _PAUSED[0] == 0:
            _PAUSED[1] = gc.isenabled()
            gc.disable()
        _PAUSED[0] += 1
    try:
        yield
    finally:
        with _LOCK:
            _PAUSED[0] -= 1
            if _PAUSED[0] == 0 and _PAUSED[1]:
                gc.enable()


__all__ = ["cached", "clear", "stats", "key", "no_gc", "MAX_ENTRIES", "MAX_TEXT_BYTES"]

"""``python -m bench.gcserve OUT serve ...``: ``pillars-rules serve`` with its garbage collections logged.

Every collection of the server process (any generation) is timed through
:data:`gc.callbacks` and written to ``OUT`` as one line of JSON:
``[wall clock at its end, generation, pause in seconds, objects collected]``
(flushed at once, so a run can read it while the server goes on). The
people's-pace benchmark (``bench/pace.py``) uses it to count the pauses and
find the longest in its windows.

Two diagnostics, off by default (each costs time inside the logged collections'
callbacks, not in the pause they time):

* ``PILLARS_GC_WALKED=1`` appends to each line the number of objects the
  collection walks (those of its generation and the younger ones; frozen
  objects are not walked) and, for a full collection, the ten commonest types
  among them;
* ``PILLARS_GC_GARBAGE=1`` keeps what each collection finds to be cyclic
  garbage (:data:`gc.DEBUG_SAVEALL`: memory grows, for short runs only) and
  appends its count by type: what makes the cycles the collector must free.
"""

from __future__ import annotations

import gc
import json
import signal
import sys
import time
from collections.abc import Callable


def _types(objs) -> list:
    counts: dict[str, int] = {}
    for o in objs:
        name = type(o).__qualname__
        counts[name] = counts.get(name, 0) + 1
    return sorted(counts.items(), key=lambda kv: -kv[1])[:10]


def log_collections(out, walked: bool = False, garbage: bool = False) -> Callable[[str, dict], None]:
    """Append one JSON line to the open file ``out`` per collection of this process
    (``walked``, ``garbage``: the diagnostics of the module's docstring)."""
    began = [0.0]
    extra: list = []
    kept: list = []
    if garbage:
        gc.set_debug(gc.DEBUG_SAVEALL)

    def timed(phase: str, info: dict) -> None:
        gen = info["generation"]
        if phase == "start":
            extra.clear()
            if walked:
                objs = [o for g in range(gen + 1) for o in gc.get_objects(g)]
                extra.append(len(objs))
                extra.append(_types(objs) if gen == 2 else None)
                del objs
            began[0] = time.perf_counter()
            return
        pause = time.perf_counter() - began[0]
        if garbage:
            extra.append(_types(gc.garbage))
            kept.extend(gc.garbage)  # kept alive: found once, not again by a later collection
            gc.garbage.clear()
        out.write(json.dumps([time.time(), gen, round(pause, 6), info["collected"], *extra]) + "\n")
        out.flush()

    gc.callbacks.append(timed)
    return timed  # to remove from gc.callbacks before ``out`` is closed


def _exit(signum, frame):  # uvicorn restores this handler and raises the signal again after its shutdown
    raise SystemExit(0)


def main(argv: list[str]) -> int:
    out, rest = argv[0], argv[1:]
    from pillars_rules.cli import main as cli

    signal.signal(signal.SIGTERM, _exit)
    from bench.stallwatch import install_from_env

    watch = install_from_env()  # where the loop's time goes (``--watch``), if asked
    import os

    if os.environ.get("PILLARS_SWITCH"):  # an experiment: the interpreter's thread switch interval
        interval = float(os.environ["PILLARS_SWITCH"])
        sys.setswitchinterval(interval)
        try:  # the server's own setting (web/switching.py), where it has one
            from pillars_rules.web import switching

            switching.Switching.__init__.__defaults__ = (interval,)
        except ImportError:
            pass
    with open(out, "a", encoding="utf-8") as f:
        timed = log_collections(
            f, bool(os.environ.get("PILLARS_GC_WALKED")), bool(os.environ.get("PILLARS_GC_GARBAGE"))
        )
        try:
            return cli(rest) or 0
        finally:
            gc.callbacks.remove(timed)
            if watch is not None:
                watch.dump()


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

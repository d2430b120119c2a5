"""``python -m bench.gcserve OUT serve ...``: ``pillars-rules serve`` with its garbage collections logged.

Every collection of the server process (any generation) is timed through
:data:`gc.callbacks` and written to ``OUT`` as one line of JSON:
``[wall clock at its end, generation, pause in seconds, objects collected]``
(flushed at once, so a run can read it while the server goes on). The
people's-pace benchmark (``bench/pace.py``) uses it to count the pauses and
find the longest in its windows.
"""

from __future__ import annotations

import gc
import json
import signal
import sys
import time


def log_collections(out) -> None:
    """Append one JSON line to the open file ``out`` per collection of this process."""
    began = [0.0]

    def timed(phase: str, info: dict) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
            return
        pause = time.perf_counter() - began[0]
        out.write(json.dumps([time.time(), info["generation"], round(pause, 6), info["collected"]]) + "\n")
        out.flush()

    gc.callbacks.append(timed)


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
        log_collections(f)
        try:
            return cli(rest) or 0
        finally:
            if watch is not None:
                watch.dump()


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

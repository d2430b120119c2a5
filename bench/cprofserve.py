"""``python -m bench.cprofserve OUT serve ...``: ``pillars-rules serve`` under cProfile.

The server's main thread (the event loop: protocol, rooms, encoding) is
profiled from start to a clean stop (SIGTERM: uvicorn shuts down and
``serve`` returns); the stats go to ``OUT`` (a ``pstats`` file). The load
benchmark's ``--cprofile`` uses it to say where the server's CPU per action goes.
"""

from __future__ import annotations

import cProfile
import signal
import sys


def _exit(signum, frame):  # uvicorn restores this handler and raises the signal again after its shutdown
    raise SystemExit(0)


def main(argv: list[str]) -> int:
    out, rest = argv[0], argv[1:]
    from pillars_rules.cli import main as cli

    signal.signal(signal.SIGTERM, _exit)
    prof = cProfile.Profile()
    prof.enable()
    try:
        code = cli(rest)
    finally:
        prof.disable()
        prof.dump_stats(out)
    return code or 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

"""What one server process holds, as measured at people's pace, and the defaults taken from it.

The figures come from ``python -m bench --pace`` (``bench/pace.py``, issue #60;
its results in ``bench/results/pace.json``): tables of 2 people thinking a
log-normal time (median 4 s) and 2 ``medium`` server bots, one uvicorn process
on a 2-core machine, SQLite. :data:`TABLES` is the table count the process
is sized for -- the default ``--max-games`` -- and every seat of each of them
may be a person with a connection open: the default ``--max-connections`` is
:data:`SEATS` times that. ``serve`` prints :func:`sized_for` at start.
"""

from __future__ import annotations

#: Unfinished games (tables) one process is sized for: the default ``max_games``.
TABLES = 1500
#: Connections a table may hold at once (each of its four seats a person).
SEATS = 4
#: Resident memory a warm table adds to the process, in kB (measured; games at every stage).
KB_PER_TABLE = 350
#: Resident memory of a process holding no game, in MB (measured).
BASE_MB = 50
#: The server's CPU per accepted action at people's pace, in ms (measured, compiled build).
CPU_MS_PER_ACTION = 1.4


#: Bot worker processes at most, by default (each holds the compiled cards: tens of MB).
MAX_BOT_WORKERS = 8


def default_bot_workers() -> int:
    """The default ``bot_workers``: one per core of the machine, 8 at most. One
    worker was the knee at people's pace: a decision crosses the server's threads
    twice, so one worker answered about 100 a second, the bots of about 1,000 tables
    on a busy core (issue #60)."""
    import os

    return max(1, min(MAX_BOT_WORKERS, os.cpu_count() or 1))


#: File descriptors a process needs besides its connections (databases, bot workers, logs).
SPARE_FILES = 64


def open_files(needed: int) -> int:
    """Raise this process's soft limit of open files (``ulimit -n``) towards
    ``needed``, up to the hard limit; the limit now (``needed`` where there is none)."""
    try:
        import resource
    except ImportError:  # not a POSIX system: no such limit to raise
        return needed
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        want = needed if hard == resource.RLIM_INFINITY else min(hard, needed)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
            soft = want
        except (ValueError, OSError):
            pass
    return needed if soft == resource.RLIM_INFINITY else soft


def sized_for(max_games: int, max_connections: int, files: int | None = None) -> str:
    """The start-up line that says what this process is sized for (and, when ``files``,
    the open-files limit, is too low for ``max_connections``, how many it can take)."""
    mb = BASE_MB + max_games * KB_PER_TABLE / 1024
    line = (
        f"sized for {max_games} unfinished games and {max_connections} connections: about {mb:,.0f} MB "
        f"of memory when every game is loaded ({KB_PER_TABLE} kB a table) and {CPU_MS_PER_ACTION:g} ms of "
        f"CPU per move (measured at people's pace: see the deployment guide)"
    )
    if files is not None and files < max_connections + SPARE_FILES:
        line += (
            f"; but only {files} open files are allowed (ulimit -n), so about {max(0, files - SPARE_FILES)} connections"
        )
    return line


__all__ = [
    "TABLES",
    "SEATS",
    "MAX_BOT_WORKERS",
    "default_bot_workers",
    "KB_PER_TABLE",
    "BASE_MB",
    "CPU_MS_PER_ACTION",
    "SPARE_FILES",
    "open_files",
    "sized_for",
]

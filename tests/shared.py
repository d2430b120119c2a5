"""Work computed once per test run and shared by every pytest-xdist worker.

A session- or module-scoped fixture runs once per *worker* under ``-n auto``: an
expensive one (a whole quick benchmark, a training run) then runs on every core at
once, each copy slowing the others. :func:`once` runs ``make`` in the first worker
that asks and hands its JSON result to the others: the result is kept in a file in
the folder the workers' temporary folders share (``pytest-N/``, the parent of each
worker's ``popen-gwK/``), behind an exclusive lock (``fcntl.flock``), so the others
wait for it instead of computing it again. Without xdist it is a plain call.

``make`` must return what :func:`json.dumps` takes; a ``make`` that raises leaves no
file behind, so the next worker tries again (and fails the same way, in its own test).
"""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any


def shared_dir(tmp_path_factory) -> Path:
    """The folder every worker of this run shares (its own base folder without xdist)."""
    base = Path(tmp_path_factory.getbasetemp())
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def once(tmp_path_factory, name: str, make: Callable[[], Any]) -> Any:
    """``make()``'s result, computed by one worker of this run and read by the others."""
    folder = shared_dir(tmp_path_factory)
    done = folder / f"shared-{name}.json"
    with open(folder / f"shared-{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if done.exists():
                return json.loads(done.read_text(encoding="utf-8"))
            value = make()
            text = json.dumps(value)
            part = done.with_suffix(".part")
            part.write_text(text, encoding="utf-8")
            part.replace(done)  # whole or absent: a worker never reads half a result
            return json.loads(text)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)

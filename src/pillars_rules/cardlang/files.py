"""Reading card files safely: only regular files, at most
:data:`~pillars_rules.limits.MAX_FILES` of them, each no larger than
:data:`~pillars_rules.limits.MAX_FILE_BYTES` -- checked with ``stat`` before a
file is opened, and never more than the limit read. A FIFO or device named
``*.cards`` is reported, not opened (opening a FIFO would wait for a writer).
Every problem becomes a :class:`~.diagnostics.Diagnostic` of the whole file (no line).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path

from ..limits import MAX_FILE_BYTES, MAX_FILES
from .diagnostics import Diagnostic


def _not_regular(st: os.stat_result) -> str | None:
    if stat.S_ISREG(st.st_mode):
        return None
    what = "a folder" if stat.S_ISDIR(st.st_mode) else "a FIFO, socket or device"
    return f"not a regular file ({what}); card files must be regular files"


def _shipped_hint(path: Path) -> str:
    """For a missing ``cards/expansion`` (a path that works only in a checkout's root):
    the name of the set the library ships under that folder name, which works from anywhere."""
    from .data import data_dir

    try:
        shipped = data_dir("cards") / path.name
    except FileNotFoundError:  # pragma: no cover - broken installation
        return ""
    if path.name != "base" and shipped.is_dir():
        return f"the library ships the set '{path.name}': pass --cards {path.name} (cards=['{path.name}'] in Python)"
    return ""


def expand(paths: Iterable[str | Path]) -> tuple[list[tuple[str, Path]], list[Diagnostic]]:
    """The card files named by ``paths`` (folders give every ``*.cards`` inside,
    sorted); only regular files, at most :data:`~pillars_rules.limits.MAX_FILES`."""
    files: list[tuple[str, Path]] = []
    problems: list[Diagnostic] = []
    for p in paths:
        p = Path(p)
        found = sorted(p.rglob("*.cards")) if p.is_dir() else [p]
        if not p.is_dir() and not os.path.lexists(p):
            problems.append(Diagnostic(str(p), 0, 0, "no such card file or folder", hint=_shipped_hint(p)))
            continue
        for f in found:
            try:
                why = _not_regular(f.stat())
            except OSError as e:
                why = f"cannot read file: {e.strerror}"
            if why:
                problems.append(Diagnostic(str(f), 0, 0, why))
                continue
            if len(files) == MAX_FILES:
                problems.append(
                    Diagnostic(
                        str(f),
                        0,
                        0,
                        f"too many card files in one load (limit "
                        f"{MAX_FILES} files); this one and the rest "
                        "are not read",
                    )
                )
                return files, problems
            files.append((str(f), f))
    return files, problems


def read_one(path: Path) -> str:
    """The text of a regular card file, its size checked before reading and
    never more than the limit read; :class:`ValueError` says why not."""
    st = path.stat()
    why = _not_regular(st)
    if why:
        raise ValueError(why)
    if st.st_size > MAX_FILE_BYTES:
        raise ValueError(f"card file is too large ({st.st_size} bytes; limit {MAX_FILE_BYTES} bytes)")
    # O_NONBLOCK: should the file have been swapped for a FIFO since the check, opening it
    # returns at once instead of waiting for a writer; fstat then refuses it
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as f:
        why = _not_regular(os.fstat(fd))
        if why:
            raise ValueError(why)
        data = f.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise ValueError(f"card file is too large (limit {MAX_FILE_BYTES} bytes)")
    return data.decode("utf-8")


def read(files: list[tuple[str, Path]], problems: list[Diagnostic]) -> list[tuple[str, str]]:
    out = []
    for name, path in files:
        try:
            out.append((name, read_one(path)))
        except UnicodeDecodeError as e:
            problems.append(Diagnostic(name, 1, 1, f"card files must be UTF-8 text ({e.reason} at byte {e.start})"))
        except OSError as e:
            problems.append(Diagnostic(name, 0, 0, f"cannot read file: {e.strerror}"))
        except ValueError as e:
            problems.append(Diagnostic(name, 0, 0, str(e)))
    return out

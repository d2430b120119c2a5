"""Save files on disk, read and written with care.

:func:`read_save_file` reads only a regular file no larger than
:data:`~pillars_rules.limits.MAX_SAVE_BYTES`, checked with ``stat`` before the
file is opened and again on the open file, and never reads more than the
limit: ``/dev/zero`` or a FIFO named as a save is refused at once instead of
filling memory or waiting for a writer (as card files are, see
:mod:`pillars_rules.cardlang.files`). :func:`write_save_file` writes a whole
file or none: the text goes to a temporary file beside the target, which then
replaces it, so a crash while writing never leaves half a save.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from ..errors import SaveError
from ..limits import MAX_SAVE_BYTES


def _kind(mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    return "a FIFO, socket or device"


def read_save_file(path: str | os.PathLike[str], limit: int = MAX_SAVE_BYTES) -> str:
    """The text of the save file at ``path``; :class:`~pillars_rules.errors.SaveError`
    says why not (missing, not a regular file, too large, not UTF-8, unreadable)."""
    try:
        p = Path(path)
        st = p.stat()
        why = _kind(st.st_mode)
        if why:
            raise SaveError(f"not a regular file ({why}); a save must be a regular file")
        if st.st_size > limit:
            raise SaveError(f"the file is too large ({st.st_size} bytes; a save is at most {limit} bytes)")
        # O_NONBLOCK: a file swapped for a FIFO since the check opens at once; fstat then refuses it
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            why = _kind(os.fstat(fd).st_mode)
            if why:
                raise SaveError(f"not a regular file ({why}); a save must be a regular file")
            data = f.read(limit + 1)
    except SaveError:
        raise
    except OSError as exc:
        raise SaveError(exc.strerror or str(exc)) from None
    except ValueError as exc:  # a NUL in the name, a name the file system cannot encode
        raise SaveError(f"not a usable file name ({exc})") from None
    if len(data) > limit:
        raise SaveError(f"the file is too large (a save is at most {limit} bytes)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None


def write_save_file(path: str | os.PathLike[str], text: str) -> Path:
    """Write ``text`` to ``path`` whole (a temporary file, then an atomic
    replace); the absolute path written. Raises :class:`OSError` or
    :class:`ValueError` (a NUL in the name) as the file system does."""
    p = Path(path)
    if "\x00" in str(p):
        raise ValueError("a file name cannot contain a NUL character")
    target = p.resolve()
    fd, tmp = tempfile.mkstemp(prefix=".pillars-save-", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return target


__all__ = ["read_save_file", "write_save_file"]

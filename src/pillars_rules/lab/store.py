"""The partial-result file of a run: JSON lines, one finished game per line.

The first line is a header naming the run (its game specs by set label); each
further line is one game record with its ``set`` label. Lines are written and
flushed as games finish, so an interrupted run keeps every finished game and
``--resume`` continues it. A last line cut off mid-write is ignored.

The file is untrusted input when it is read back: it must be a regular file
(``stat`` first, so a FIFO never blocks), at most :data:`MAX_BYTES`, each
line is parsed by the library's bounded JSON reader
(:class:`pillars_rules.saves.jsonguard.GuardedJson`: no nesting deep enough
to recurse without end) and checked field by field (:func:`check_record`).
Whatever is wrong raises :class:`~pillars_rules.errors.ConfigError` naming
the file, the line and the field; nothing else escapes.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pillars_rules as pr
from pillars_rules.saves.jsonguard import GuardedJson, JsonWords

from .games import RECORD_VERSION, GameSpec

FORMAT = "pillars-lab-results"
#: A result file larger than this is refused (a million games of a few KB each).
MAX_BYTES = 4 << 30
#: One line (one game with its branches) larger than this is refused.
MAX_LINE = 1 << 22

_WORDS = JsonWords(
    too_many_bytes="line of {size} bytes; the limit is {limit}",
    not_utf8="not UTF-8 ({reason})",
    not_text="not text: {kind}",
    too_large="a line over {limit} bytes",
    duplicate_key="key {key!r} twice",
    not_json="not JSON ({msg})",
    too_deep="nested too deeply",
    unreadable="not JSON ({shown})",
)
_LINE = GuardedJson(limit=MAX_LINE, error=pr.ConfigError, words=_WORDS)


def header(specs: Mapping[str, GameSpec]) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": RECORD_VERSION,
        "specs": {label: spec.to_dict() for label, spec in specs.items()},
    }


def _regular(path: Path, what: str) -> os.stat_result | None:
    """The file's stat, ``None`` if it does not exist; refuse anything but a regular file."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise pr.ConfigError(f"{path}: cannot use the {what} ({exc.strerror})") from None
    if not stat.S_ISREG(st.st_mode):
        kind = "a folder" if stat.S_ISDIR(st.st_mode) else "a FIFO, socket or device"
        raise pr.ConfigError(f"{path}: not a regular file ({kind}); the {what} must be a regular file")
    return st


def check_out(path: str | Path, resume: bool, overwrite: bool) -> None:
    """Refuse a result path that cannot be used before any game is played:
    not a regular file, missing when resuming, present when neither resuming
    nor overwriting, or in a folder that does not exist."""
    path = Path(path)
    st = _regular(path, "result file")
    if st is None and resume:
        raise pr.ConfigError(f"nothing to resume: {path} does not exist")
    if st is not None and not (resume or overwrite):
        raise pr.ConfigError(f"{path} exists: --resume to continue that run, or --overwrite to replace it")
    if not path.parent.is_dir():
        raise pr.ConfigError(f"{path}: the folder {path.parent} does not exist")


def _spec(path: str | Path, label: object, data: object) -> GameSpec:
    where = f"{path}:1: specs[{label!r}]"
    if not isinstance(label, str) or not isinstance(data, dict):
        raise pr.ConfigError(f"{where}: not a game spec")
    fields = {a.name for a in __import__("attrs").fields(GameSpec)}
    unknown = set(data) - fields
    if unknown:
        raise pr.ConfigError(f"{where}: unknown field {sorted(unknown)[0]!r}")
    types = {"players": int, "seed": int, "gold": int, "card_hash": str, "rotate": bool, "scale": bool}
    for name, kind in types.items():
        if name in data and (type(data[name]) is not kind):
            raise pr.ConfigError(f"{where}.{name}: expected {kind.__name__}, not {type(data[name]).__name__}")
    for name in ("bots", "variants", "targets", "without"):
        if name in data and not (isinstance(data[name], list) and all(isinstance(x, str) for x in data[name])):
            raise pr.ConfigError(f"{where}.{name}: expected a list of names")
    if "sources" in data and not (
        isinstance(data["sources"], list)
        and all(isinstance(s, list) and len(s) == 2 and all(isinstance(x, str) for x in s) for s in data["sources"])
    ):
        raise pr.ConfigError(f"{where}.sources: expected a list of [name, text] pairs")
    try:
        return GameSpec.from_dict(data)
    except (TypeError, ValueError) as exc:
        raise pr.ConfigError(f"{where}: {exc}") from None


def _num(x: object) -> bool:
    return type(x) in (int, float)


def _need(ok: bool, where: str, what: str) -> None:
    if not ok:
        raise pr.ConfigError(f"{where}: {what}")


def _seat(where: str, s: Any, keys: tuple[str, ...] = ("vp", "win", "rank", "gold")) -> None:
    _need(isinstance(s, dict), where, "expected an object")
    for k in keys:
        _need(_num(s.get(k)), f"{where}.{k}", "expected a number")


def check_record(where: str, rec: Any, players: int) -> None:
    """Refuse a game record whose fields the report cannot read (types and
    sizes of everything the statistics use)."""
    _need(isinstance(rec, dict), where, "not a game record (expected an object)")
    _need(type(rec.get("set")) is str, f"{where}.set", "expected a set label")
    _need(type(rec.get("i")) is int and rec["i"] >= 0, f"{where}.i", "expected a game index")
    _need(type(rec.get("seed")) is int, f"{where}.seed", "expected a seed")
    if "aborted" in rec:
        _need(isinstance(rec["aborted"], str), f"{where}.aborted", "expected the reason as text")
        return
    _need(
        isinstance(rec.get("winners"), list)
        and rec["winners"]
        and all(type(w) is int and 0 <= w < players for w in rec["winners"]),
        f"{where}.winners",
        "expected seats",
    )
    for k in ("events", "decisions", "rounds"):
        _need(type(rec.get(k)) is int and rec[k] >= 0, f"{where}.{k}", "expected a count")
    _need(_num(rec.get("choices", 0)), f"{where}.choices", "expected a count")
    _need(isinstance(rec.get("drawn", []), list), f"{where}.drawn", "expected a list of cards")
    seats = rec.get("seats")
    _need(isinstance(seats, list) and len(seats) == players, f"{where}.seats", f"expected {players} seats")
    for n, s in enumerate(seats):
        _seat(f"{where}.seats[{n}]", s)
        _need(
            isinstance(s.get("cards"), dict) and all(type(v) is int for v in s["cards"].values()),
            f"{where}.seats[{n}].cards",
            "expected card ids and rounds",
        )
        _need(isinstance(s.get("held"), list), f"{where}.seats[{n}].held", "expected a list of cards")
        _need(
            isinstance(s.get("vp_rounds"), list) and all(_num(v) for v in s["vp_rounds"]),
            f"{where}.seats[{n}].vp_rounds",
            "expected VP per round",
        )
    for n, u in enumerate(rec.get("units", [])):
        w = f"{where}.units[{n}]"
        _need(
            isinstance(u, dict)
            and type(u.get("card")) is str
            and type(u.get("round")) is int
            and type(u.get("took")) is bool
            and type(u.get("seat")) is int,
            w,
            "not a branch unit",
        )
        _seat(f"{w}.take", u.get("take"))
        _seat(f"{w}.ref", u.get("ref"))
    for n, g in enumerate(rec.get("gold", [])):
        w = f"{where}.gold[{n}]"
        _need(isinstance(g, dict) and type(g.get("round")) is int and _num(g.get("n")), w, "not a gold scale arm")
        _seat(f"{w}.more", g.get("more"))
        _seat(f"{w}.less", g.get("less"))
    _need(
        isinstance(rec.get("units", []), list) and isinstance(rec.get("gold", []), list),
        where,
        "units and gold must be lists",
    )


def read(path: str | Path) -> tuple[dict[str, GameSpec], dict[tuple[str, int], dict[str, Any]]]:
    """The specs and the finished records ``{(set, index): record}`` of a result file."""
    path = Path(path)
    st = _regular(path, "result file")
    if st is None:
        raise pr.ConfigError(f"{path}: no such result file")
    if st.st_size > MAX_BYTES:
        raise pr.ConfigError(f"{path}: {st.st_size} bytes; a result file holds at most {MAX_BYTES}")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise pr.ConfigError(f"{path}: not a regular file; the result file must be a regular file")
            data = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise pr.ConfigError(f"{path}: cannot read the result file ({exc.strerror})") from None
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    try:
        head = _LINE(lines[0]) if lines else None
    except pr.ConfigError:
        head = None
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        raise pr.ConfigError(f"{path}: not a pillars-rules balance result file")
    if head.get("version") != RECORD_VERSION:
        raise pr.ConfigError(f"{path}: result format {head.get('version')!r:.20}, this version writes {RECORD_VERSION}")
    _need(isinstance(head.get("specs"), dict) and head["specs"], f"{path}:1: specs", "expected the run's game specs")
    specs = {label: _spec(path, label, d) for label, d in head["specs"].items()}
    records: dict[tuple[str, int], dict[str, Any]] = {}
    for n, line in enumerate(lines[1:], start=2):
        try:
            rec = _LINE(line)
        except pr.ConfigError as exc:
            if n == len(lines) and not data.endswith(b"\n"):  # cut off by an interruption mid-write
                break
            raise pr.ConfigError(f"{path}:{n}: {exc}") from None
        check_record(f"{path}:{n}", rec, next(iter(specs.values())).players)
        if rec["set"] not in specs:
            raise pr.ConfigError(f"{path}:{n}.set: no set {rec['set']!r:.40} in this run")
        records.setdefault((rec["set"], rec["i"]), rec)
    return specs, records


def write_text(path: str | Path, text: str) -> None:
    """Write ``text`` to a regular file (or a new one), never into a FIFO or device."""
    path = Path(path)
    _regular(path, "output file")
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NONBLOCK", 0), 0o644)
    except OSError as exc:
        raise pr.ConfigError(f"{path}: cannot write ({exc.strerror})") from None
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)


class ResultWriter:
    """Appends finished games to ``path`` (a new file with a header, or an
    existing one when resuming), flushing each line. Only a regular file (or a
    new one) is opened, without blocking."""

    def __init__(self, path: str | Path, specs: Mapping[str, GameSpec], resume: bool) -> None:
        self.path = Path(path)
        _regular(self.path, "result file")
        flags = getattr(os, "O_NONBLOCK", 0) | (os.O_RDWR if resume else os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        try:
            fd = os.open(self.path, flags, 0o644)
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                os.close(fd)
                raise pr.ConfigError(f"{self.path}: not a regular file; the result file must be a regular file")
        except OSError as exc:
            raise pr.ConfigError(f"{self.path}: cannot write the result file ({exc.strerror})") from None
        self._file = os.fdopen(fd, "r+b" if resume else "wb")
        if resume:
            data = self._file.read()
            self._file.truncate(data.rfind(b"\n") + 1)  # drop a line cut off mid-write
            self._file.seek(0, os.SEEK_END)
        else:
            self._line(header(specs))

    def _line(self, data: dict[str, Any]) -> None:
        self._file.write((json.dumps(data, separators=(",", ":")) + "\n").encode("utf-8"))
        self._file.flush()

    def write(self, label: str, record: dict[str, Any]) -> None:
        self._line({"set": label, **record})

    def close(self) -> None:
        self._file.close()

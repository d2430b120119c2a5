"""The partial-result file of a run: JSON lines, one finished game per line.

The first line is a header naming the run (its game specs by set label); each
further line is one game record with its ``set`` label. Lines are written and
flushed as games finish, so an interrupted run keeps every finished game and
``--resume`` continues it. A last line cut off mid-write is ignored.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Mapping

import pillars_rules as pr

from .games import RECORD_VERSION, GameSpec

FORMAT = "pillars-lab-results"


def header(specs: Mapping[str, GameSpec]) -> dict:
    return {"format": FORMAT, "version": RECORD_VERSION,
            "specs": {label: spec.to_dict() for label, spec in specs.items()}}


def read(path: str | Path) -> tuple[dict[str, GameSpec], dict[tuple[str, int], dict]]:
    """The specs and the finished records ``{(set, index): record}`` of a result file."""
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise pr.ConfigError(f"{path}: cannot read the result file ({exc.__class__.__name__})") from None
    try:
        head = json.loads(lines[0]) if lines else None
    except json.JSONDecodeError:
        head = None
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        raise pr.ConfigError(f"{path}: not a pillars-rules balance result file")
    if head.get("version") != RECORD_VERSION:
        raise pr.ConfigError(f"{path}: result format {head.get('version')!r}, this version writes {RECORD_VERSION}")
    specs = {label: GameSpec.from_dict(d) for label, d in head["specs"].items()}
    records: dict[tuple[str, int], dict] = {}
    for n, line in enumerate(lines[1:], start=2):
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            if n == len(lines):  # cut off by an interruption mid-write
                break
            raise pr.ConfigError(f"{path}:{n}: not a JSON game record") from None
        records.setdefault((rec["set"], rec["i"]), rec)
    return specs, records


class ResultWriter:
    """Appends finished games to ``path`` (a new file with a header, or an
    existing one when resuming), flushing each line."""

    def __init__(self, path: str | Path, specs: Mapping[str, GameSpec], resume: bool) -> None:
        self.path = Path(path)
        if resume:
            data = self.path.read_bytes()
            with self.path.open("r+b") as f:  # drop a line cut off mid-write
                f.truncate(data.rfind(b"\n") + 1)
            self._file = self.path.open("a", encoding="utf-8")
        else:
            try:
                self._file = self.path.open("w", encoding="utf-8")
            except OSError as exc:
                raise pr.ConfigError(f"{self.path}: cannot write the result file ({exc.strerror})") from None
            self._line(header(specs))

    def _line(self, data: dict) -> None:
        self._file.write(json.dumps(data, separators=(",", ":")) + "\n")
        self._file.flush()

    def write(self, label: str, record: dict) -> None:
        self._line({"set": label, **record})

    def close(self) -> None:
        self._file.close()

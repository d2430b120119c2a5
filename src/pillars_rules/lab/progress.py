"""The progress of a balance run on stderr: how far, how long still, and
the estimates as they narrow.

``progress(done, total)`` after every game and ``progress.record(label,
record)`` for every game's record: a rich bar on a terminal, else one plain
line every ``every`` seconds (and one at the end), e.g.::

    pillars-rules balance: 40/200 games (20%), 0.52 games/s, about 5 min left; jack: +0.4 VP [-1.1, +1.9]

The time left is the work left at the rate of the games played *in this
run* since it started: games kept from an earlier run (``--resume``) count
as done but not for the rate (a bar whose speed saw them arrive at once
would say a resumed run is nearly over). With a time budget (``deadline``)
it is never more than the budget left: ``at most 3 min left (time
budget)``. A run that stops by itself (``open_ended``: on its verdicts,
its precision or its time) shows its games without a share of the most it
may play, e.g. ``40 games (at most 1,000)``. Each watched card's estimate is
its causal value in VP so far (take minus reference, the seed as the
cluster, :func:`.effects.ratio_ci`), for the set that judges it.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable
from types import TracebackType
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from rich.progress import Progress as Bar
    from rich.progress import TaskID

#: At most this many cards' estimates on one progress line.
SHOWN = 3


def duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


class Progress:
    """See the module docs. ``watch``: ``(label, card)`` pairs whose estimates are shown."""

    def __init__(
        self,
        total: int,
        quiet: bool,
        every: float = 5.0,
        stream: TextIO | None = None,
        watch: Iterable[tuple[str, str]] = (),
        clock: Callable[[], float] = time.monotonic,
        deadline: float | None = None,
        open_ended: bool = False,
        score: str = "VP",
    ) -> None:
        self.total, self.quiet, self.every, self.clock = total, quiet, every, clock
        #: the word of the score the estimates are in (Ora et Labora's: ``points``)
        self.score = score
        #: the time budget's end (a ``clock()`` time), or None
        self.deadline = deadline
        #: whether the run may stop before ``total`` by itself (its verdicts, precision or time)
        self.open_ended = open_ended
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self.bar: Bar | None = None
        self.task: TaskID | None = None  # the bar's one task, made with it
        self.start = self.last = clock()
        self.first: int | None = None
        self.done = 0
        self.watch = list(dict.fromkeys(watch))
        self.sums: dict[tuple[str, str], dict[int, list[float]]] = {w: {} for w in self.watch}

    def __enter__(self) -> Progress:
        if not self.quiet and self.tty:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, TextColumn
            from rich.progress import Progress as Bar

            self.bar = Bar(
                TextColumn("games"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("{task.fields[left]}"),
                TextColumn("{task.fields[estimates]}"),
                console=Console(file=self.stream),
                transient=True,
            )
            # a run that stops by itself has no share done to show: an open bar
            self.task = self.bar.add_task("games", total=None if self.open_ended else self.total, left="", estimates="")
            self.bar.__enter__()
        return self

    def record(self, label: str, record: dict[str, Any]) -> None:
        """Count a finished game's units towards the watched estimates."""
        for u in record.get("units", ()):
            key = (label, u["card"])
            if key in self.sums:
                cell = self.sums[key].setdefault(record["i"], [0.0, 0.0, 0.0])
                d = u["take"]["vp"] - u["ref"]["vp"]
                cell[0] += d
                cell[1] += 1
                cell[2] += d * d

    def __call__(self, done: int, total: int) -> None:
        self.done = done
        if self.first is None:
            self.first = done  # games kept from an earlier run do not count for the rate
        now = self.clock()
        if self.bar is not None and self.task is not None:
            if now - self.last >= min(self.every, 1.0) or done == total:
                self.last = now
                self.bar.update(self.task, completed=done, left=self.left(done, total, now), estimates=self.estimates())
            else:
                self.bar.update(self.task, completed=done)
        elif not self.quiet and not self.tty:
            if now - self.last >= self.every or (done == total and done > self.first):
                self.last = now
                print(self.line(done, total, now), file=self.stream, flush=True)

    def rate(self, done: int, now: float) -> float:
        played, spent = done - (self.first or 0), now - self.start
        return played / spent if spent > 0 and played > 0 else 0.0

    def left(self, done: int, total: int, now: float) -> str:
        """``"about 5 min left"`` from the games left at this run's own rate ("" when not known yet),
        or ``"at most 3 min left (time budget)"`` when the time budget ends first."""
        rate = self.rate(done, now)
        work = (total - done) / rate if rate > 0 and done < total else None
        if self.deadline is not None and done < total:
            budget = max(0.0, self.deadline - now)
            if work is None or budget < work:
                return f"at most {duration(budget)} left (time budget)"
        return f"about {duration(work)} left" if work is not None else ""

    def name(self, label: str, card: str) -> str:
        """A watched card by its id, with its set when it is watched in more than one
        (``balance tune``'s sets hold one card each: ``glazier (cost=8)``)."""
        return card if sum(c == card for _, c in self.watch) == 1 else f"{card} ({label})"

    def estimates(self) -> str:
        """``"jack: +0.4 VP [-1.1, +1.9]"`` per watched card (at most ``SHOWN``), so far."""
        import numpy as np

        from .effects import ratio_ci

        parts = []
        for label, card in self.watch[:SHOWN]:
            cells = list(self.sums[label, card].values())
            if len(cells) < 2:
                continue
            a = np.array(cells)
            e = ratio_ci(a[:, 0], a[:, 1], sq=a[:, 2])
            if e["value"] == e["value"] and e["lo"] == e["lo"]:
                parts.append(
                    f"{self.name(label, card)}: {e['value']:+.1f} {self.score} [{e['lo']:+.1f}, {e['hi']:+.1f}]"
                )
        more = len(self.watch) - SHOWN
        return "; ".join(parts) + (f" (+{more} more)" if parts and more > 0 else "")

    def line(self, done: int, total: int, now: float) -> str:
        left = self.left(done, total, now)
        est = self.estimates()
        count = (
            f"{done} games (at most {total:,})"
            if self.open_ended
            else f"{done}/{total} games ({100 * done / total:.0f}%)"
        )
        return (
            f"pillars-rules balance: {count}, "
            f"{self.rate(done, now):.2f} games/s" + (f", {left}" if left else "") + (f"; {est}" if est else "")
        )

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        if self.bar is not None:
            self.bar.__exit__(kind, exc, tb)

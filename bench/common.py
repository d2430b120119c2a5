"""Shared pieces of the benchmark: workload sizes, the clock, timed blocks,
seeded bots and the corpus of recorded games every measurement reuses."""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

SCHEMA = "pillars-rules-bench/1"
PLAYERS = 4
FIRST_SEED = 1000

#: Workload sizes. ``quick`` only checks that every measurement runs.
MODES: dict[str, dict[str, int]] = {
    "full": dict(
        games=100,
        game_repeats=5,
        apply_repeats=5,
        legal_inner=20,
        replay_games=30,
        replay_repeats=5,
        save_games=30,
        save_repeats=5,
        cold_runs=9,
        warm_runs=30,
        growth_repeats=5,
        growth_max_k=8,
        peer_rounds=7,
        peer_engine_games=4,
        peer_games=60,
        six_games=40,
        bot_decisions=30,
        ora_passes=5,
        ora_pillars_games=20,
        ora_games_4=4,
        ora_games_2=2,
        ora_games_1=4,
    ),
    "quick": dict(
        games=2,
        game_repeats=1,
        apply_repeats=1,
        legal_inner=2,
        replay_games=2,
        replay_repeats=1,
        save_games=2,
        save_repeats=1,
        cold_runs=1,
        warm_runs=2,
        growth_repeats=1,
        growth_max_k=8,
        peer_rounds=1,
        peer_engine_games=1,
        peer_games=2,
        six_games=2,
        bot_decisions=2,
        ora_passes=1,
        ora_pillars_games=1,
        ora_games_4=1,
        ora_games_2=1,
        ora_games_1=1,
    ),
}


# ====================================================================== helpers
#: The clock of timed blocks: ``wall`` (time.perf_counter, default) or ``cpu``
#: (time.process_time: this process's CPU time, steadier on a shared machine).
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
CLOCK = ["wall"]


def clock() -> Callable[[], float]:
    return CLOCKS[CLOCK[0]]


def now() -> float:
    return CLOCKS[CLOCK[0]]()


class Timing:
    """How timed blocks run: gc collected before, disabled during (unless ``keep_gc``)."""

    def __init__(self, keep_gc: bool) -> None:
        self.keep_gc = keep_gc

    @contextmanager
    def block(self) -> Iterator[None]:
        gc.collect()
        was = gc.isenabled()
        if not self.keep_gc:
            gc.disable()
        try:
            yield
        finally:
            if was:
                gc.enable()

    def time(self, fn: Callable[[], Any]) -> tuple[float, Any]:
        """Seconds one call of ``fn`` takes, and its result."""
        with self.block():
            t0 = now()
            out = fn()
            dt = now() - t0
        return dt, out


def pct(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, linear interpolation."""
    xs = sorted(values)
    if not xs:
        return 0.0
    pos = (len(xs) - 1) * q
    lo = int(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def stats(values: Sequence[float]) -> dict[str, float]:
    return {
        "median": statistics.median(values),
        "p90": pct(values, 0.9),
        "min": min(values),
        "max": max(values),
        "n": len(values),
    }


class Recorder:
    """A RandomBot that also records the actions it chose."""

    def __init__(self, seed: int, log: list) -> None:
        import pillars_rules as pr

        self.bot = pr.RandomBot(seed)
        self.log = log

    def __call__(self, view):
        a = self.bot(view)
        self.log.append(a)
        return a


def seat_bots(seed: int, log: list | None = None) -> list:
    import pillars_rules as pr

    if log is None:
        return [pr.RandomBot(seed * 10 + i) for i in range(PLAYERS)]
    return [Recorder(seed * 10 + i, log) for i in range(PLAYERS)]


def seed_range(n: int) -> list[int]:
    return [FIRST_SEED + i for i in range(n)]


def play_one(seed: int):
    import pillars_rules as pr

    return pr.play(pr.new_game(PLAYERS, seed), seat_bots(seed))


def fold_with(rules) -> Callable[[Any, Any], Any]:
    """``evolve`` with the game's ``rules`` bound: ``fold(state, event)``. The fold
    takes the rules since issue #57; a source from before takes two arguments
    (``--source`` may name one), and gets evolve itself."""
    from pillars_rules.engine.evolve import evolve
    from pillars_rules.games.pillars import game_started

    try:
        evolve(None, game_started(rules, ("a", "b"), 0), rules)
    except TypeError:  # evolve(state, event): a source from before issue #57
        return evolve
    return lambda state, event: evolve(state, event, rules)


# ====================================================================== corpus
class Corpus:
    """The recorded games every later measurement reuses (built untimed)."""

    def __init__(self, n: int) -> None:
        import pillars_rules as pr

        self.seeds = seed_range(n)
        self.games = []
        self.actions: list[list] = []
        for seed in self.seeds:
            log: list = []
            game = pr.play(pr.new_game(PLAYERS, seed), seat_bots(seed, log))
            self.games.append(game)
            self.actions.append(log)
        self.events = [g.events for g in self.games]


def write_results(results: dict, output: str | None, rst: str | None, render_rst: Callable[[dict], str]) -> None:
    """Write ``results`` as JSON to ``output`` and rendered to ``rst`` (each when given; folders made)."""
    import json
    from pathlib import Path

    for path, text in ((output, lambda: json.dumps(results, indent=2) + "\n"), (rst, lambda: render_rst(results))):
        if path:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            Path(path).write_text(text(), encoding="utf-8")


def print_and_write(result: dict, output: str) -> int:
    """Print ``result`` as indented JSON and write it to ``output`` (a command's last step)."""
    import json
    from pathlib import Path

    text = json.dumps(result, indent=2)
    print(text)
    Path(output).write_text(text + "\n", encoding="utf-8")
    return 0


# ====================================================================== sources
def source_env(source, root) -> dict[str, str]:
    """The environment of a child process that imports ``pillars_rules`` from
    the folder ``source`` (a checkout's ``src/``, an old tree from ``git
    archive``, a compiled wheel's site folder) with ``root`` (the benchmark's
    checkout) on the path too; a fixed hash seed, and never the pure switch."""
    import os

    env = {key: v for key, v in os.environ.items() if key not in ("PYTHONPATH", "PILLARS_RULES_PURE")}
    env["PYTHONPATH"] = os.pathsep.join([str(source), str(root)])
    env["PYTHONHASHSEED"] = "0"
    return env


def parse_sources(items, default):
    """``LABEL=DIR`` items (``--source``, repeatable) as (label, resolved
    path) pairs; a bare ``DIR`` is labelled by its name; ``default`` when
    none is given."""
    from pathlib import Path

    sources = []
    for item in items or [default]:
        label, sep, path = item.partition("=")
        if not sep:
            label, path = Path(item).name, item
        sources.append((label, Path(path).resolve()))
    return sources

"""The benchmark suite: a fixed, seeded workload timed on one core.

Run it with ``python -m bench`` (from a checkout) or ``pillars-rules bench``::

    python -m bench                     # full run, about 1-3 minutes
    python -m bench --quick             # tiny workload: checks the suite works (CI)
    python -m bench --output bench/results/latest.json --rst bench/results/latest.rst
    python -m bench --profile           # also print cProfile hot spots

What is measured (every number is printed and written to the JSON):

1. full random 4-player games per second (``new_game`` + ``play`` with seeded
   :class:`~pillars_rules.RandomBot` per seat, base rules, no variants);
2. applied actions per second (actions pre-chosen by the bots, re-applied with
   ``Game.apply`` on a fresh game: the time includes validation, i.e. the
   ``legal_actions`` each fresh ``Game`` computes) and the median / p90 time
   of the engine's ``legal_actions(state, rules)`` on every decision state;
3. replay of a complete game from its event log, pure fold
   (``replay(events, verify=False)``) and verified (``replay(events)``);
4. ``save`` and ``load`` of a complete game (``load`` verifies by default);
5. parse + compile of the base card set, cold (a new interpreter) and warm
   (in process, parser built, the ``base_cards`` cache bypassed);
6. memory retained by 1,000 successive states (structural sharing), by the
   successive ``Game`` objects, and bytes per event of a save;
7. growth: the time per event of folding 1, 2, 4, 8 complete logs back to back.

Timed blocks run with the garbage collector collected before and disabled
during the block (``--gc`` keeps it enabled); the process is pinned to one
core where the platform allows; times are wall-clock (``--clock cpu`` uses the
process's CPU time instead, steadier on a shared machine). The JSON records
how busy the machine was (``contention``). No number here is asserted by the
tests.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime as _dt
import gc
import io
import json
import os
import platform
import pstats
import statistics
import subprocess
import sys
import time
import tracemalloc
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

SCHEMA = "pillars-rules-bench/1"
PLAYERS = 4
FIRST_SEED = 1000

#: Workload sizes. ``quick`` only checks that every measurement runs.
MODES: dict[str, dict[str, int]] = {
    "full": dict(games=100, game_repeats=5, apply_repeats=5, legal_inner=20, replay_games=30,
                 replay_repeats=5, save_games=30, save_repeats=5, cold_runs=9, warm_runs=30,
                 growth_repeats=5, growth_max_k=8),
    "quick": dict(games=2, game_repeats=1, apply_repeats=1, legal_inner=2, replay_games=2,
                  replay_repeats=1, save_games=2, save_repeats=1, cold_runs=1, warm_runs=2,
                  growth_repeats=1, growth_max_k=8),
}

#: (key, label, unit, comparison, target value). Checked against ``results["summary"]``.
TARGETS: list[tuple[str, str, str, str, float]] = [
    ("games_per_s", "full random 4-player games", "games/s", ">=", 100),
    ("legal_actions_median_us", "legal_actions, median", "us", "<=", 20),
    ("replay_fold_ms", "replay, pure fold (verify=False)", "ms", "<=", 10),
    ("replay_verified_ms", "replay, verified (default)", "ms", "<=", 10),
    ("save_load_ms", "load(save(game))", "ms", "<=", 20),
    ("cards_warm_ms", "base cards parse + compile, warm", "ms", "<=", 50),
    ("cards_cold_ms", "base cards parse + compile, cold process", "ms", "<=", 300),
    ("states_1000_mb", "1,000 retained successive states", "MB", "<=", 5),
]


# ====================================================================== helpers
#: The clock of timed blocks: ``wall`` (time.perf_counter, default) or ``cpu``
#: (time.process_time: this process's CPU time, steadier on a shared machine).
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
_CLOCK = ["wall"]


def _clock() -> Callable[[], float]:
    return CLOCKS[_CLOCK[0]]


def _now() -> float:
    return CLOCKS[_CLOCK[0]]()


class _Timing:
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
            t0 = _now()
            out = fn()
            dt = _now() - t0
        return dt, out


def _pct(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, linear interpolation."""
    xs = sorted(values)
    if not xs:
        return 0.0
    pos = (len(xs) - 1) * q
    lo = int(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def _stats(values: Sequence[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "p90": _pct(values, 0.9),
            "min": min(values), "max": max(values), "n": len(values)}


class _Recorder:
    """A RandomBot that also records the actions it chose."""

    def __init__(self, seed: int, log: list) -> None:
        import pillars_rules as pr

        self.bot = pr.RandomBot(seed)
        self.log = log

    def __call__(self, view):
        a = self.bot(view)
        self.log.append(a)
        return a


def _bots(seed: int, log: list | None = None) -> list:
    import pillars_rules as pr

    if log is None:
        return [pr.RandomBot(seed * 10 + i) for i in range(PLAYERS)]
    return [_Recorder(seed * 10 + i, log) for i in range(PLAYERS)]


def _seeds(n: int) -> list[int]:
    return [FIRST_SEED + i for i in range(n)]


def _play_one(seed: int):
    import pillars_rules as pr

    return pr.play(pr.new_game(PLAYERS, seed), _bots(seed))


# ====================================================================== corpus
class Corpus:
    """The recorded games every later measurement reuses (built untimed)."""

    def __init__(self, n: int) -> None:
        import pillars_rules as pr

        self.seeds = _seeds(n)
        self.games = []
        self.actions: list[list] = []
        for seed in self.seeds:
            log: list = []
            game = pr.play(pr.new_game(PLAYERS, seed), _bots(seed, log))
            self.games.append(game)
            self.actions.append(log)
        self.events = [g.events for g in self.games]


# ====================================================================== measurements
def bench_games(cfg: dict, timing: _Timing, corpus: Corpus) -> dict:
    """1. Full random games per second (new_game + play), bot-chosen actions."""
    seeds = _seeds(cfg["games"])

    def workload():
        return [_play_one(s) for s in seeds]

    times = []
    for _ in range(cfg["game_repeats"]):
        dt, games = timing.time(workload)
        times.append(dt)
    n_events = sum(g.n_events for g in games)
    n_actions = sum(len(a) for a in corpus.actions[: len(seeds)])  # same seeds as the corpus
    best = statistics.median(times)
    out = {
        "games": len(seeds), "repeats": len(times), "seconds": times,
        "games_per_s": len(seeds) / best,
        "ms_per_game": 1000 * best / len(seeds),
        "events_per_game": n_events / len(seeds),
        "events_per_s": n_events / best,
    }
    out["actions_per_game"] = n_actions / len(seeds)
    out["bot_actions_per_s"] = n_actions / best
    return out


def bench_apply(cfg: dict, timing: _Timing, corpus: Corpus) -> dict:
    """2a. Applied actions per second: pre-chosen actions, ``Game.apply`` only."""
    import pillars_rules as pr

    n_actions = sum(len(a) for a in corpus.actions)
    times = []
    for _ in range(cfg["apply_repeats"]):
        starts = [pr.new_game(PLAYERS, s) for s in corpus.seeds]  # untimed

        def workload():
            for game, actions in zip(starts, corpus.actions):
                for a in actions:
                    game = game.apply(a)
            return game

        dt, _ = timing.time(workload)
        times.append(dt)
    best = statistics.median(times)
    return {
        "actions": n_actions, "repeats": len(times), "seconds": times,
        "actions_per_s": n_actions / best,
        "us_per_action": 1e6 * best / n_actions,
        "how": "actions pre-chosen by RandomBot, re-applied with Game.apply on fresh games "
               "(includes validation: each fresh Game computes legal_actions once)",
    }


def _decision_states(corpus: Corpus) -> list:
    """(state, rules) at every decision point of the corpus games (rebuilt untimed)."""
    import pillars_rules as pr

    out = []
    for seed, actions in zip(corpus.seeds, corpus.actions):
        game = pr.new_game(PLAYERS, seed)
        for a in actions:
            out.append((game.state, game.rules))
            game = game.apply(a)
    return out


def bench_legal(cfg: dict, timing: _Timing, corpus: Corpus) -> dict:
    """2b. ``engine.legal.legal_actions(state, rules)`` per decision state."""
    from pillars_rules.engine.legal import legal_actions

    states = _decision_states(corpus)
    inner = cfg["legal_inner"]
    per_call: list[float] = []
    by_kind: dict[str, list[float]] = {}
    counts: list[int] = []
    with timing.block():
        clock = _clock()
        for state, rules in states:
            t0 = clock()
            for _ in range(inner):
                legal = legal_actions(state, rules)
            us = 1e6 * (clock() - t0) / inner
            per_call.append(us)
            by_kind.setdefault(state.pending.kind, []).append(us)
            counts.append(len(legal))
    return {
        "states": len(states), "calls_per_state": inner,
        "median_us": statistics.median(per_call), "p90_us": _pct(per_call, 0.9),
        "mean_us": statistics.fmean(per_call), "max_us": max(per_call),
        "mean_legal_actions": statistics.fmean(counts),
        "by_kind": {k: {"states": len(v), "median_us": statistics.median(v), "p90_us": _pct(v, 0.9)}
                    for k, v in sorted(by_kind.items())},
        "how": "engine legal_actions(state, rules) on each decision state of the corpus games "
               "(not Game.legal_actions, which caches per Game); mean of repeated calls per state",
    }


def bench_replay(cfg: dict, timing: _Timing, corpus: Corpus) -> dict:
    """3. Replay a complete game from its log, pure fold and verified."""
    import pillars_rules as pr

    logs = corpus.events[: cfg["replay_games"]]
    n_events = sum(len(e) for e in logs)
    out: dict[str, Any] = {"games": len(logs), "events_per_game": n_events / len(logs)}
    for name, verify in (("fold", False), ("verified", True)):
        per_game: list[float] = []
        totals = []
        for _ in range(cfg["replay_repeats"]):
            with timing.block():
                t_all = _now()
                for events in logs:
                    t0 = _now()
                    pr.replay(events, verify=verify)
                    per_game.append(1000 * (_now() - t0))
                totals.append(_now() - t_all)
        best = statistics.median(totals)
        out[name] = {"ms_per_game": statistics.median(per_game), "ms_p90": _pct(per_game, 0.9),
                     "events_per_s": n_events / best, "repeats": len(totals)}
    return out


def bench_save_load(cfg: dict, timing: _Timing, corpus: Corpus) -> dict:
    """4. ``save`` and ``load`` (verified) of complete games."""
    import pillars_rules as pr

    games = corpus.games[: cfg["save_games"]]
    save_ms: list[float] = []
    load_ms: list[float] = []
    trip_ms: list[float] = []
    sizes = []
    for _ in range(cfg["save_repeats"]):
        with timing.block():
            for game in games:
                t0 = _now()
                text = pr.save(game)
                t1 = _now()
                pr.load(text)
                t2 = _now()
                save_ms.append(1000 * (t1 - t0))
                load_ms.append(1000 * (t2 - t1))
                trip_ms.append(1000 * (t2 - t0))
                sizes.append(len(text.encode("utf-8")))
    return {
        "games": len(games), "repeats": cfg["save_repeats"],
        "save_ms": statistics.median(save_ms), "load_ms": statistics.median(load_ms),
        "load_ms_p90": _pct(load_ms, 0.9),
        "save_load_ms": statistics.median(trip_ms),
        "save_bytes_median": statistics.median(sizes),
    }


_COLD_CODE = ("import time; t=time.perf_counter(); u=time.process_time(); import pillars_rules.cardlang as c; "
              "c.base_cards(); print(time.perf_counter()-t, time.process_time()-u)")
_IMPORT_CODE = ("import time; t=time.perf_counter(); u=time.process_time(); import pillars_rules.cardlang as c; "
                "print(time.perf_counter()-t, time.process_time()-u)")


_SUBPROCESS_WALL = [0.0]  # wall time spent waiting for child interpreters


def _subprocess_seconds(code: str) -> float:
    import pillars_rules

    src = str(Path(pillars_rules.__file__).resolve().parent.parent)
    env = dict(os.environ)
    env["PYTHONPATH"] = src + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, check=True, timeout=120)
    _SUBPROCESS_WALL[0] += time.perf_counter() - t0
    wall, cpu = proc.stdout.strip().splitlines()[-1].split()
    return float(cpu if _CLOCK[0] == "cpu" else wall)


def bench_cards(cfg: dict, timing: _Timing) -> dict:
    """5. Parse + compile of the whole base card set, cold and warm."""
    from pillars_rules import cardlang
    from pillars_rules._paths import data_dir
    from pillars_rules.cardlang import compiler

    # cold: a new interpreter each time (Lark's on-disk grammar cache may be warm)
    cold = [1000 * _subprocess_seconds(_COLD_CODE) for _ in range(cfg["cold_runs"])]
    imports = [1000 * _subprocess_seconds(_IMPORT_CODE) for _ in range(cfg["cold_runs"])]

    # warm: parser built; base_cards() is functools.cache'd, so call the wrapped
    # (uncached) function: it reads the four files, parses and compiles them.
    reference = cardlang.base_cards()
    fresh = getattr(compiler.base_cards, "__wrapped__", None)
    if fresh is None:  # pragma: no cover - cache implementation changed
        def fresh():
            return cardlang.load_paths([data_dir("cards") / "base"])
    check = fresh()
    if check.content_hash != reference.content_hash or len(check.cards) != len(reference.cards):
        raise RuntimeError("warm compile of the base cards differs from base_cards()")
    root = data_dir("cards") / "base"
    texts = [(f.name, f.read_text(encoding="utf-8")) for f in sorted(root.glob("*.cards"))]
    warm: list[float] = []
    parse_only: list[float] = []
    for _ in range(cfg["warm_runs"]):
        dt, _ = timing.time(fresh)
        warm.append(1000 * dt)
        dt, _ = timing.time(lambda: [cardlang.parse(t, n) for n, t in texts])
        parse_only.append(1000 * dt)
    return {
        "cards": len(reference.cards), "files": len(texts),
        "cold_ms": statistics.median(cold), "cold_runs_ms": cold,
        "cold_import_only_ms": statistics.median(imports),
        "warm_ms": statistics.median(warm), "warm_min_ms": min(warm),
        "warm_parse_only_ms": statistics.median(parse_only),
        "how": "cold: `python -c` importing pillars_rules.cardlang and calling base_cards(), median of runs "
               "(Lark's disk cache of the grammar is warm after the first run); "
               "warm: base_cards.__wrapped__() (read + parse + compile, the per-process cache bypassed)",
    }


def _traced(build: Callable[[], Any]) -> tuple[int, Any]:
    """Bytes still allocated after ``build()`` (which keeps its result alive)."""
    started = not tracemalloc.is_tracing()
    if started:
        tracemalloc.start()
    try:
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        kept = build()
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        if started:
            tracemalloc.stop()
    return after - before, kept


def bench_memory(cfg: dict, corpus: Corpus) -> dict:
    """6. Retained memory of successive states / Game objects; bytes per event of a save."""
    import pillars_rules as pr
    from pillars_rules.engine.evolve import evolve

    # the longest corpus game; successive states = the state after every event
    idx = max(range(len(corpus.events)), key=lambda i: len(corpus.events[i]))
    events = corpus.events[idx]
    n_states = min(1000, len(events))

    def states():
        out = []
        s = None
        for e in events[:n_states]:
            s = evolve(s, e)
            out.append(s)
        return out

    state_bytes, kept = _traced(states)
    del kept

    # successive Game objects (one per applied action) of the same game
    seed, actions = corpus.seeds[idx], corpus.actions[idx]
    start = pr.new_game(PLAYERS, seed)  # rules + first state, outside the trace

    def games():
        g = start
        out = [g]
        for a in actions:
            g = g.apply(a)
            out.append(g)
        return out

    games()  # warm the rules' modifier cache outside the trace
    game_bytes, kept_games = _traced(games)
    # how much of that is the per-Game cached legal action lists
    started = not tracemalloc.is_tracing()
    if started:
        tracemalloc.start()
    try:
        probe = games()
        gc.collect()
        with_legal = tracemalloc.get_traced_memory()[0]
        for g in probe:
            g._legal = None
        gc.collect()
        legal_cache_bytes = with_legal - tracemalloc.get_traced_memory()[0]
        del probe
    finally:
        if started:
            tracemalloc.stop()
    n_games = len(kept_games)
    del kept_games

    per_event = [len(pr.save(g).encode("utf-8")) / g.n_events for g in corpus.games]
    per_state = state_bytes / n_states
    return {
        "states_retained": n_states, "states_bytes": state_bytes,
        "bytes_per_state": per_state,
        "states_1000_mb": per_state * 1000 / 1e6,
        "games_retained": n_games, "games_bytes": game_bytes,
        "bytes_per_game_object": game_bytes / n_games,
        "games_1000_mb": game_bytes / n_games * 1000 / 1e6,
        "games_legal_cache_bytes": legal_cache_bytes,
        "save_bytes_per_event": statistics.fmean(per_event),
        "how": "tracemalloc: bytes still allocated after building a list of the state after each "
               "event of one game (1,000 or all events; scaled to 1,000), and of the Game after each "
               "action (includes the shared event log and each Game's cached legal_actions list)",
    }


def bench_growth(cfg: dict, timing: _Timing, corpus: Corpus) -> dict:
    """7. Time per event of folding k complete logs back to back (k = 1, 2, 4, 8)."""
    from pillars_rules.engine.evolve import evolve

    ks = [k for k in (1, 2, 4, 8) if k <= cfg["growth_max_k"]]
    rows = []
    for k in ks:
        logs = [corpus.events[i % len(corpus.events)] for i in range(k)]
        flat = [e for log in logs for e in log]

        def fold():
            s = None
            for e in flat:
                s = evolve(s, e)
            return s

        fold()  # warm-up
        times = [timing.time(fold)[0] for _ in range(cfg["growth_repeats"])]
        best = min(times)
        rows.append({"k": k, "events": len(flat), "seconds": best, "us_per_event": 1e6 * best / len(flat)})
    ratio = rows[-1]["us_per_event"] / rows[0]["us_per_event"]
    return {"rows": rows, "ratio_k8_k1": ratio, "linear": ratio <= 1.5,
            "how": "evolve folded over k complete logs concatenated (GameStarted starts each game "
                   "afresh); best of repeats; ratio = per-event time at the largest k / at k=1"}


# ====================================================================== profile
def profile(top: int = 15, n_games: int = 10, out: Any = None) -> str:
    """cProfile of the random-game workload and of verified replay + load; text report."""
    import pillars_rules as pr

    buf = io.StringIO()
    seeds = _seeds(n_games)
    games = [_play_one(s) for s in seeds]  # warm-up + corpus
    texts = [pr.save(g) for g in games]
    jobs = [
        ("random 4-player games (new_game + play)", lambda: [_play_one(s) for s in seeds]),
        ("verified replay", lambda: [pr.replay(g.events) for g in games]),
        ("load (verified)", lambda: [pr.load(t) for t in texts]),
        ("replay, pure fold", lambda: [pr.replay(g.events, verify=False) for g in games]),
    ]
    for title, fn in jobs:
        prof = cProfile.Profile()
        prof.enable()
        fn()
        prof.disable()
        st = pstats.Stats(prof, stream=buf)
        total = st.total_tt  # type: ignore[attr-defined]
        buf.write(f"\n=== {title}: {n_games} games, {total:.3f} s under cProfile ===\n")
        buf.write(f"{'tottime%':>9} {'cum%':>6} {'ncalls':>9}  function\n")
        rows = []
        for (file, line, name), (cc, nc, tt, ct, _callers) in st.stats.items():  # type: ignore[attr-defined]
            rows.append((tt, ct, nc, f"{_short(file)}:{line}({name})"))
        rows.sort(key=lambda r: -r[0])
        for tt, ct, nc, where in rows[:top]:
            buf.write(f"{100 * tt / total:8.1f}% {100 * ct / total:5.1f}% {nc:>9}  {where}\n")
        buf.write("-- by cumulative --\n")
        rows.sort(key=lambda r: -r[1])
        for tt, ct, nc, where in rows[:top]:
            buf.write(f"{100 * tt / total:8.1f}% {100 * ct / total:5.1f}% {nc:>9}  {where}\n")
    text = buf.getvalue()
    if out is not None:
        out.write(text)
    return text


def _short(file: str) -> str:
    for marker in ("pillars_rules" + os.sep, "site-packages" + os.sep):
        if marker in file:
            return file.split(marker, 1)[1]
    return os.path.basename(file) if file != "~" else "~"


# ====================================================================== report
def machine_info() -> dict:
    import pillars_rules

    info: dict[str, Any] = {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "cpu_count": os.cpu_count(),
        "pillars_rules": pillars_rules.__version__,
    }
    try:
        info["cpu_count_usable"] = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        pass
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    info["cpu_model"] = line.split(":", 1)[1].strip()
                    break
    except OSError:
        info["cpu_model"] = platform.processor() or "unknown"
    try:
        root = Path(pillars_rules.__file__).resolve().parents[2]
        rev = subprocess.run(["git", "-C", str(root), "rev-parse", "--short", "HEAD"],
                             capture_output=True, text=True, timeout=10)
        if rev.returncode == 0:
            info["git_commit"] = rev.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        pass
    return info


def summarize(r: dict) -> dict:
    return {
        "games_per_s": r["games"]["games_per_s"],
        "actions_per_s": r["apply"]["actions_per_s"],
        "legal_actions_median_us": r["legal_actions"]["median_us"],
        "legal_actions_p90_us": r["legal_actions"]["p90_us"],
        "replay_fold_ms": r["replay"]["fold"]["ms_per_game"],
        "replay_verified_ms": r["replay"]["verified"]["ms_per_game"],
        "replay_fold_events_per_s": r["replay"]["fold"]["events_per_s"],
        "replay_verified_events_per_s": r["replay"]["verified"]["events_per_s"],
        "save_ms": r["save_load"]["save_ms"],
        "load_ms": r["save_load"]["load_ms"],
        "save_load_ms": r["save_load"]["save_load_ms"],
        "cards_warm_ms": r["cards"]["warm_ms"],
        "cards_cold_ms": r["cards"]["cold_ms"],
        "states_1000_mb": r["memory"]["states_1000_mb"],
        "games_1000_mb": r["memory"]["games_1000_mb"],
        "save_bytes_per_event": r["memory"]["save_bytes_per_event"],
        "growth_ratio_k8_k1": r["growth"]["ratio_k8_k1"],
    }


def check_targets(summary: dict) -> list[dict]:
    out = []
    for key, label, unit, op, target in TARGETS:
        value = summary[key]
        met = value >= target if op == ">=" else value <= target
        out.append({"key": key, "label": label, "unit": unit, "op": op, "target": target,
                    "value": value, "met": met})
    return out


def _fmt(v: float) -> str:
    if v >= 1000:
        return f"{v:,.0f}"
    if v >= 100:
        return f"{v:.0f}"
    if v >= 10:
        return f"{v:.1f}"
    return f"{v:.2f}"


def table_rows(r: dict) -> list[tuple[str, str, str, str]]:
    """(measurement, value, target, status) rows shared by the text and rst tables."""
    s = r["summary"]
    t = {x["key"]: x for x in r["targets"]}

    def tgt(key):
        x = t.get(key)
        if x is None:
            return "", ""
        return f"{x['op']} {_fmt(x['target'])} {x['unit']}", ("met" if x["met"] else "MISSED")

    g, a, c, m, gr = r["games"], r["apply"], r["cards"], r["memory"], r["growth"]
    rows = [
        ("full random 4-player games", f"{_fmt(s['games_per_s'])} games/s "
         f"({_fmt(g['ms_per_game'])} ms/game, {_fmt(g['events_per_game'])} events)", *tgt("games_per_s")),
        ("applied actions (pre-chosen, Game.apply)", f"{_fmt(s['actions_per_s'])} actions/s "
         f"({_fmt(a['us_per_action'])} us each)", "", ""),
        ("legal_actions, median", f"{_fmt(s['legal_actions_median_us'])} us", *tgt("legal_actions_median_us")),
        ("legal_actions, p90", f"{_fmt(s['legal_actions_p90_us'])} us", "", ""),
        ("replay, pure fold (verify=False)", f"{_fmt(s['replay_fold_ms'])} ms/game "
         f"({_fmt(s['replay_fold_events_per_s'])} events/s)", *tgt("replay_fold_ms")),
        ("replay, verified (default)", f"{_fmt(s['replay_verified_ms'])} ms/game "
         f"({_fmt(s['replay_verified_events_per_s'])} events/s)", *tgt("replay_verified_ms")),
        ("save", f"{_fmt(s['save_ms'])} ms", "", ""),
        ("load (verified)", f"{_fmt(s['load_ms'])} ms", "", ""),
        ("load(save(game))", f"{_fmt(s['save_load_ms'])} ms", *tgt("save_load_ms")),
        ("base cards parse + compile, warm", f"{_fmt(s['cards_warm_ms'])} ms "
         f"(parse only {_fmt(c['warm_parse_only_ms'])} ms)", *tgt("cards_warm_ms")),
        ("base cards parse + compile, cold process", f"{_fmt(s['cards_cold_ms'])} ms "
         f"(import alone {_fmt(c['cold_import_only_ms'])} ms)", *tgt("cards_cold_ms")),
        ("1,000 retained successive states", f"{_fmt(s['states_1000_mb'])} MB "
         f"({_fmt(m['bytes_per_state'])} B/state)", *tgt("states_1000_mb")),
        ("1,000 retained Game objects", f"{_fmt(s['games_1000_mb'])} MB "
         f"({_fmt(m['bytes_per_game_object'])} B/Game)", "", ""),
        ("save size", f"{_fmt(s['save_bytes_per_event'])} bytes/event", "", ""),
        ("replay growth, per-event time k=8 / k=1", f"{gr['ratio_k8_k1']:.2f}",
         "<= 1.50", "met" if gr["linear"] else "FLAG: superlinear"),
    ]
    return rows


def render_text(r: dict) -> str:
    rows = table_rows(r)
    w0 = max(len(x[0]) for x in rows)
    w1 = max(len(x[1]) for x in rows)
    w2 = max(len(x[2]) for x in rows)
    m = r["machine"]
    lines = [f"pillars-rules {m['pillars_rules']} benchmark ({r['mode']} mode), Python {m['python']}, "
             f"{m['platform']}, {m['cpu_count']} CPUs ({m.get('cpu_model', '?')})",
             f"pinned to one core: {r['settings']['pinned']}; gc: {r['settings']['gc']}; "
             f"clock: {r['settings'].get('clock', 'wall clock')}", ""]
    head = ("measurement", "result", "target", "")
    lines.append(f"{head[0]:<{w0}}  {head[1]:<{w1}}  {head[2]:<{w2}}  status")
    lines.append("-" * (w0 + w1 + w2 + 14))
    for a, b, c, d in rows:
        lines.append(f"{a:<{w0}}  {b:<{w1}}  {c:<{w2}}  {d}")
    lines.append("")
    gr = r["growth"]
    lines.append("growth (evolve fold of k logs): " + ", ".join(
        f"k={x['k']}: {x['us_per_event']:.2f} us/event" for x in gr["rows"]))
    la = r["legal_actions"]["by_kind"]
    lines.append("legal_actions by decision kind (median us): " + ", ".join(
        f"{k} {v['median_us']:.1f} (n={v['states']})" for k, v in la.items()))
    c = r.get("contention", {})
    if c:
        lines.append(f"process CPU share of wall time: {c['cpu_share']:.2f}; load average before/after: "
                     f"{c['loadavg_before']} / {c['loadavg_after']}"
                     + (_busy_note(r) if c["cpu_share"] < 0.8 else ""))
    met = sum(t["met"] for t in r["targets"])
    lines.append(f"targets met: {met}/{len(r['targets'])}; total run {r['elapsed_s']:.1f} s")
    return "\n".join(lines)


def _busy_note(r: dict) -> str:
    if "CPU" in r["settings"].get("clock", ""):
        return "  (note: the machine was busy; CPU-time clock in use, so timings are less affected)"
    return "  (WARNING: the machine was busy; wall-clock numbers are pessimistic -- try --clock cpu)"


def render_rst(r: dict) -> str:
    """The results table as reStructuredText (included by docs/performance.rst)."""
    rows = table_rows(r)
    m = r["machine"]
    date = r["date"][:10]

    def esc(s: str) -> str:
        return s.replace("*", r"\*").replace("|", r"\|")

    out = [
        ".. This file is generated by `python -m bench --rst PATH`; do not edit by hand.",
        "",
        ".. list-table:: Results ({} mode, {})".format(r["mode"], date),
        "   :header-rows: 1",
        "   :widths: 40 40 12 8",
        "",
        "   * - Measurement",
        "     - Result",
        "     - Target",
        "     - Status",
    ]
    for a, b, c, d in rows:
        out += [f"   * - {esc(a)}", f"     - {esc(b)}", f"     - {esc(c) or '--'}", f"     - {esc(d) or '--'}"]
    out += [
        "",
        "Measured on: Python {} ({}), {}, {} CPUs ({}), pillars-rules {}{}; pinned to one core: {}; "
        "gc: {}; clock: {}.".format(m["python"], m["implementation"], m["platform"], m["cpu_count"],
                        m.get("cpu_model", "unknown CPU"), m["pillars_rules"],
                        f" at commit {m['git_commit']}" if m.get("git_commit") else "",
                        "yes" if r["settings"]["pinned"] else "no", r["settings"]["gc"],
                        r["settings"].get("clock", "wall clock")),
        "",
    ]
    c = r.get("contention")
    if c:
        out[-1:] = [
            "",
            "Process CPU share of wall time {:.2f}; load average before / after the run: {} / {}.".format(
                c["cpu_share"], c["loadavg_before"], c["loadavg_after"]),
            "",
        ]
    return "\n".join(out)


# ====================================================================== main
def run(mode: str = "full", keep_gc: bool = False, progress: Callable[[str], None] | None = None) -> dict:
    """Run every measurement; the results as a JSON-ready dict."""
    cfg = MODES[mode]
    timing = _Timing(keep_gc)
    say = progress or (lambda msg: None)
    load_before = _loadavg()
    t_start = time.perf_counter()
    cpu_start = time.process_time()
    wall_before = _SUBPROCESS_WALL[0]
    import pillars_rules as pr

    pr.load_cards()  # compile the base cards once, outside every timed block
    say("recording the corpus games ...")
    corpus = Corpus(max(cfg["games"], cfg["replay_games"], cfg["save_games"]))
    results: dict[str, Any] = {"schema": SCHEMA, "mode": mode,
                               "date": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
                               "workload": dict(cfg, players=PLAYERS, first_seed=FIRST_SEED,
                                                variants=[], bots="RandomBot(seed*10+seat)")}
    steps = [
        ("games", lambda: bench_games(cfg, timing, corpus)),
        ("apply", lambda: bench_apply(cfg, timing, corpus)),
        ("legal_actions", lambda: bench_legal(cfg, timing, corpus)),
        ("replay", lambda: bench_replay(cfg, timing, corpus)),
        ("save_load", lambda: bench_save_load(cfg, timing, corpus)),
        ("cards", lambda: bench_cards(cfg, timing)),
        ("memory", lambda: bench_memory(cfg, corpus)),
        ("growth", lambda: bench_growth(cfg, timing, corpus)),
    ]
    for name, fn in steps:
        say(f"measuring {name} ...")
        results[name] = fn()
    results["summary"] = summarize(results)
    results["targets"] = check_targets(results["summary"])
    results["elapsed_s"] = time.perf_counter() - t_start
    cpu = time.process_time() - cpu_start
    # Share of the wall time (less the time waiting for cold-start child
    # interpreters) this process was on a CPU: ~1 on an idle machine; well
    # below means other processes competed for the core (pessimistic numbers).
    own_wall = max(1e-9, results["elapsed_s"] - (_SUBPROCESS_WALL[0] - wall_before))
    results["contention"] = {
        "cpu_s": cpu, "cpu_share": min(1.0, cpu / own_wall),
        "loadavg_before": load_before, "loadavg_after": _loadavg(),
    }
    return results


def _loadavg() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def _pin() -> tuple[bool, Any]:
    """Pin this process to one core; (pinned?, previous affinity to restore)."""
    try:
        before = os.sched_getaffinity(0)
        core = min(before)
        os.sched_setaffinity(0, {core})
        return True, before
    except (AttributeError, OSError, ValueError):
        return False, None


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m bench", description="pillars-rules benchmark suite")
    p.add_argument("--quick", action="store_true", help="tiny workload (a few seconds): checks the suite works")
    p.add_argument("--output", metavar="FILE", help="write the results as JSON here")
    p.add_argument("--rst", metavar="PATH", help="write the results table as reStructuredText here")
    p.add_argument("--clock", choices=sorted(CLOCKS), default="wall",
                   help="time with wall-clock (default) or this process's CPU time (steadier on a busy machine)")
    p.add_argument("--gc", action="store_true", help="keep the garbage collector enabled while timing")
    p.add_argument("--no-pin", action="store_true", help="do not pin the process to one core")
    p.add_argument("--profile", action="store_true",
                   help="also print cProfile hot spots (random games, verified replay, load)")
    p.add_argument("--quiet", action="store_true", help="print nothing but errors")
    p.add_argument("--from-json", metavar="FILE",
                   help="measure nothing: re-print (and with --rst re-render) the results in FILE")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.from_json:
        results = json.loads(Path(args.from_json).read_text(encoding="utf-8"))
        if not args.quiet:
            print(render_text(results))
        if args.rst:
            Path(args.rst).write_text(render_rst(results), encoding="utf-8")
        return 0
    mode = "quick" if args.quick else "full"
    out = sys.stdout
    say = (lambda msg: None) if args.quiet else (lambda msg: print(msg, file=sys.stderr, flush=True))
    pinned, before = (False, None) if args.no_pin else _pin()
    _CLOCK[0] = args.clock
    try:
        results = run(mode, keep_gc=args.gc, progress=say)
        results["machine"] = machine_info()
        results["settings"] = {
            "pinned": pinned,
            "gc": "enabled while timing" if args.gc else "collected before, disabled during timed blocks",
            "clock": "process CPU time (time.process_time)" if args.clock == "cpu"
                     else "wall clock (time.perf_counter)",
        }
        if not args.quiet:
            print(render_text(results), file=out)
        if args.output:
            path = Path(args.output)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(results, indent=2, sort_keys=False) + "\n", encoding="utf-8")
        if args.rst:
            path = Path(args.rst)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(render_rst(results), encoding="utf-8")
        if args.profile:
            profile(n_games=2 if args.quick else 10, out=out)
    finally:
        _CLOCK[0] = "wall"
        if pinned and before is not None:
            try:
                os.sched_setaffinity(0, before)
            except OSError:  # pragma: no cover
                pass
    return 0


__all__ = ["main", "run", "profile", "render_rst", "render_text", "TARGETS", "MODES"]

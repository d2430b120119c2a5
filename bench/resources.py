"""Card compilation (cold and warm) and memory (retained states and games, save size)."""

from __future__ import annotations

import gc
import os
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .common import CLOCK, PLAYERS, Corpus, Timing, fold_with

_COLD_CODE = (
    "import time; t=time.perf_counter(); u=time.process_time(); import pillars_rules.cardlang as c; "
    "c.base_cards(); print(time.perf_counter()-t, time.process_time()-u)"
)
_IMPORT_CODE = (
    "import time; t=time.perf_counter(); u=time.process_time(); import pillars_rules.cardlang as c; "
    "print(time.perf_counter()-t, time.process_time()-u)"
)


SUBPROCESS_WALL = [0.0]  # wall time spent waiting for child interpreters


def _subprocess_seconds(code: str) -> float:
    import pillars_rules

    src = str(Path(pillars_rules.__file__).resolve().parent.parent)
    env = dict(os.environ)
    env["PYTHONPATH"] = src + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    t0 = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True, timeout=120
    )
    SUBPROCESS_WALL[0] += time.perf_counter() - t0
    wall, cpu = proc.stdout.strip().splitlines()[-1].split()
    return float(cpu if CLOCK[0] == "cpu" else wall)


def bench_cards(cfg: dict, timing: Timing) -> dict:
    """5. Parse + compile of the whole base card set, cold and warm."""
    from pillars_rules import cardlang
    from pillars_rules.cardlang import compiler
    from pillars_rules.cardlang.data import data_dir

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

    compiled = fresh

    def fresh():  # a compile, not a look-up in the compile cache (pillars_rules.cardlang.cache)
        try:
            from pillars_rules.cardlang import cache
        except ImportError:  # pragma: no cover - a library without the cache
            pass
        else:
            cache.clear()
        return compiled()

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
        "cards": len(reference.cards),
        "files": len(texts),
        "cold_ms": statistics.median(cold),
        "cold_runs_ms": cold,
        "cold_import_only_ms": statistics.median(imports),
        "warm_ms": statistics.median(warm),
        "warm_min_ms": min(warm),
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

    # the longest corpus game; successive states = the state after every event
    idx = max(range(len(corpus.events)), key=lambda i: len(corpus.events[i]))
    events = corpus.events[idx]
    evolve = fold_with(corpus.games[idx].rules)
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
        "states_retained": n_states,
        "states_bytes": state_bytes,
        "bytes_per_state": per_state,
        "states_1000_mb": per_state * 1000 / 1e6,
        "games_retained": n_games,
        "games_bytes": game_bytes,
        "bytes_per_game_object": game_bytes / n_games,
        "games_1000_mb": game_bytes / n_games * 1000 / 1e6,
        "games_legal_cache_bytes": legal_cache_bytes,
        "save_bytes_per_event": statistics.fmean(per_event),
        "how": "tracemalloc: bytes still allocated after building a list of the state after each "
        "event of one game (1,000 or all events; scaled to 1,000), and of the Game after each "
        "action (includes the shared event log and each Game's cached legal_actions list)",
    }

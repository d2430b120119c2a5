"""``--profile``: cProfile hot spots of the main workloads."""

from __future__ import annotations

import cProfile
import io
import os
import pstats
from typing import Any

from .common import play_one, seed_range


# ====================================================================== profile
def profile(top: int = 15, n_games: int = 10, out: Any = None) -> str:
    """cProfile of the random-game workload and of verified replay + load; text report."""
    import pillars_rules as pr

    buf = io.StringIO()
    seeds = seed_range(n_games)
    games = [play_one(s) for s in seeds]  # warm-up + corpus
    texts = [pr.save(g) for g in games]
    jobs = [
        ("random 4-player games (new_game + play)", lambda: [play_one(s) for s in seeds]),
        ("random playouts (pr.playout)", lambda: [pr.playout(pr.new_game(4, s), seed=s) for s in seeds]),
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
        for (file, line, name), (_cc, nc, tt, ct, _callers) in st.stats.items():  # type: ignore[attr-defined]
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

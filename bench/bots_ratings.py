"""The rating table: a round robin of every registered bot, with ratings.

``python -m bench --bots --ratings`` plays, with the counts fixed here before
any run (:data:`GAMES`; ``--ratings-scale`` scales them for a quick look):

* **2 players** -- every pair of bots, the seats swapped from game to game;
* **4 players** -- every set of four bots (all bots when there are only
  four), the seating rotated from game to game.

Every game has its own seed (30 000 + k for the 2-player games of a pair,
40 000 + k for the 4-player games of a table), so a re-run plays the same
games (bots with a wall-clock budget excepted). Names that make the same bot
(``medium`` and ``heuristic``) are rated once, under all their names.

Ratings are Bradley-Terry strengths on the Elo scale (a 400-point gap is a
10:1 edge), fitted by maximum likelihood with one virtual drawn game per pair
(so a bot that never wins still gets a finite rating), ``medium`` anchored at
1500. A 4-player game counts as the six pairwise results of its ranking (a
shared place is half a win each). The 95% intervals are the 2.5 and 97.5
percentiles over :data:`BOOTSTRAP` refits on games resampled with
replacement (within each pairing). Win rates between two bots are read off
the games themselves, with Wilson intervals.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence

#: Games per pairing, fixed before the runs: (2-player games per pair, 4-player games per table).
GAMES = {"2p": 30, "4p": 30}
#: Bootstrap refits for the intervals.
BOOTSTRAP = 200
ANCHOR = ("medium", 1500.0)
FIRST_SEED = {"2p": 30_000, "4p": 40_000}


def rated_bots() -> list[tuple[str, ...]]:
    """Every registered bot once: the tuple of its names (first the level
    name when it has one), in the registry's order."""
    from pillars_rules.bots import BOTS, LEVELS

    groups: dict[object, list[str]] = {}
    for name, factory in BOTS.items():
        groups.setdefault(factory, []).append(name)
    out = []
    for names in groups.values():
        names.sort(key=lambda n: (n not in LEVELS, list(BOTS).index(n)))
        out.append(tuple(names))
    return out


def _play(names: Sequence[str], seed: int) -> list[float]:
    """One game of the bots ``names`` (by seat): each seat's points in its
    pairwise results against every other seat (1 ahead, 0.5 level, 0 behind)."""
    import pillars_rules as pr
    from pillars_rules.bots import make_bot

    bots = [make_bot(name, seed * 10 + i) for i, name in enumerate(names)]
    game = pr.play(pr.new_game(len(bots), seed), bots)
    return seat_ranks(game)


def seat_ranks(game) -> list[int]:
    """Each seat's place in a finished game (0 first; tied seats share a place)."""
    ranks = {}
    for place, group in enumerate(game.ranking()):
        for seat in group:
            ranks[seat] = place
    return [ranks[s] for s in range(len(ranks))]


def schedule(bots: Sequence[str], games: dict) -> list[tuple[str, int, tuple[str, ...], int]]:
    """Every game of the round robin: (format, pairing index, bots by seat, seed)."""
    out = []
    for i, (a, b) in enumerate(itertools.combinations(bots, 2)):
        for k in range(games["2p"]):
            seats = (a, b) if k % 2 == 0 else (b, a)
            out.append(("2p", i, seats, FIRST_SEED["2p"] + 1000 * i + k))
    tables = list(itertools.combinations(bots, 4)) if len(bots) >= 4 else []
    for i, table in enumerate(tables):
        for k in range(games["4p"]):
            r = k % 4
            seats = table[r:] + table[:r]
            if (k // 4) % 2:
                seats = seats[::-1]  # the other neighbours too
            out.append(("4p", i, tuple(seats), FIRST_SEED["4p"] + 1000 * i + k))
    return out


def play_scheduled(item) -> dict:
    fmt, pairing, seats, seed = item
    return {"format": fmt, "pairing": pairing, "seats": list(seats), "seed": seed, "ranks": _play(seats, seed)}


def pairwise(games: Sequence[dict]) -> dict[tuple[str, str], list[float]]:
    """(a, b) -> [a's points against b, games]: every pair of seats of every game."""
    out: dict[tuple[str, str], list[float]] = {}
    for g in games:
        seats, ranks = g["seats"], g["ranks"]
        for i, j in itertools.combinations(range(len(seats)), 2):
            a, b = seats[i], seats[j]
            if a == b:
                continue
            pa = 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
            key, pts = ((a, b), pa) if a < b else ((b, a), 1.0 - pa)
            rec = out.setdefault(key, [0.0, 0])
            rec[0] += pts
            rec[1] += 1
    return out


def fit(bots: Sequence[str], pairs: dict, anchor: tuple[str, float] = ANCHOR, iterations: int = 2000) -> dict:
    """Bradley-Terry ratings on the Elo scale (MM algorithm), one virtual draw per pair."""
    idx = {b: i for i, b in enumerate(bots)}
    n = len(bots)
    wins = [0.0] * n
    games = [[0.0] * n for _ in range(n)]
    for a, b in itertools.combinations(bots, 2):
        key = (a, b) if a < b else (b, a)
        pts, m = pairs.get(key, [0.0, 0])
        pa = pts if key[0] == a else m - pts
        i, j = idx[a], idx[b]
        wins[i] += pa + 0.5
        wins[j] += m - pa + 0.5
        games[i][j] += m + 1
        games[j][i] += m + 1
    p = [1.0] * n
    for _ in range(iterations):
        new = []
        for i in range(n):
            d = sum(games[i][j] / (p[i] + p[j]) for j in range(n) if j != i and games[i][j])
            new.append(wins[i] / d if d else p[i])
        g = math.exp(sum(math.log(x) for x in new) / n)
        new = [x / g for x in new]
        done = max(abs(math.log(x / y)) for x, y in zip(new, p)) < 1e-10
        p = new
        if done:
            break
    scale = 400.0 / math.log(10.0)
    r = {b: scale * math.log(p[idx[b]]) for b in bots}
    shift = anchor[1] - r[anchor[0]] if anchor[0] in r else 0.0
    return {b: x + shift for b, x in r.items()}


def ratings(bots: Sequence[str], games: Sequence[dict], boot: int = BOOTSTRAP, seed: int = 1) -> dict:
    """{bot: (rating, low, high)} from ``games`` (bootstrap intervals)."""
    point = fit(bots, pairwise(games))
    by_pairing: dict[tuple[str, int], list[dict]] = {}
    for g in games:
        by_pairing.setdefault((g["format"], g["pairing"]), []).append(g)
    rnd = random.Random(seed)
    samples: dict[str, list[float]] = {b: [] for b in bots}
    for _ in range(boot):
        resampled = [rnd.choice(gs) for gs in by_pairing.values() for _ in gs]
        for b, x in fit(bots, pairwise(resampled), iterations=300).items():
            samples[b].append(x)
    out = {}
    for b in bots:
        xs = sorted(samples[b])
        lo = xs[int(0.025 * (len(xs) - 1))] if xs else point[b]
        hi = xs[int(math.ceil(0.975 * (len(xs) - 1)))] if xs else point[b]
        out[b] = (point[b], lo, hi)
    return out


__all__ = ["GAMES", "rated_bots", "schedule", "play_scheduled", "pairwise", "fit", "ratings", "seat_ranks"]


def _timed_play(item) -> dict:
    """One scheduled game, with each seat's CPU time per decision."""
    import pillars_rules as pr
    from pillars_rules.bots import make_bot

    from .bots import Timed

    fmt, pairing, seats, seed = item
    bots = [Timed(make_bot(name, seed * 10 + i)) for i, name in enumerate(seats)]
    game = pr.play(pr.new_game(len(bots), seed), bots)
    return {
        "format": fmt,
        "pairing": pairing,
        "seats": list(seats),
        "seed": seed,
        "ranks": seat_ranks(game),
        "cpu": [[sum(b.cpu), len(b.cpu)] for b in bots],
    }


def head_to_head(games: Sequence[dict], fmt: str) -> dict:
    """(a, b) -> (a's points, games) over the games of ``fmt``."""
    return pairwise([g for g in games if g["format"] == fmt])


def ratings_main(scale: float = 1.0, jobs: int = 1, say=print) -> dict:
    """Play the round robin (counts :data:`GAMES` times ``scale``) and rate every bot."""
    from .bots import pool_map

    groups = rated_bots()
    bots = [names[0] for names in groups]
    counts = {k: max(1, round(v * scale)) for k, v in GAMES.items()}
    # game k of every pairing before game k + 1 of any, so a stopped run still rates every pairing
    plan = sorted(schedule(bots, counts), key=lambda item: (item[3] % 1000, item[0], item[1]))
    say(f"rating {', '.join(bots)}: {len(plan)} games ...")
    games = pool_map(
        _timed_play, plan, jobs=jobs, keys=[f"{fmt}|{'/'.join(seats)}|{seed}" for fmt, _, seats, seed in plan]
    )
    games = [g for g in games if g is not None]
    cpu: dict[str, list[float]] = {b: [0.0, 0] for b in bots}
    for g in games:
        for name, (t, n) in zip(g["seats"], g["cpu"]):
            cpu[name][0] += t
            cpu[name][1] += n
    out = {
        "bots": bots,
        "names": {names[0]: list(names) for names in groups},
        "counts": counts,
        "ratings": {},
        "cpu_ms_per_decision": {b: round(1000 * t / max(1, n), 2) for b, (t, n) in cpu.items()},
        "head_to_head": {},
        "games": len(games),
        "games_fixed": len(plan),
    }
    for fmt in ("2p", "4p", "all"):
        chosen = games if fmt == "all" else [g for g in games if g["format"] == fmt]
        if chosen:
            out["ratings"][fmt] = {b: [round(x, 1) for x in r] for b, r in ratings(bots, chosen).items()}
            if fmt != "all":
                out["head_to_head"][fmt] = {f"{a}|{b}": [round(p, 1), m] for (a, b), (p, m) in pairwise(chosen).items()}
    return out


def _rate(h2h: dict, a: str, b: str) -> tuple[float, int] | None:
    """a's points share against b, and the games."""
    if f"{a}|{b}" in h2h:
        p, m = h2h[f"{a}|{b}"]
        return p / m, m
    if f"{b}|{a}" in h2h:
        p, m = h2h[f"{b}|{a}"]
        return 1 - p / m, m
    return None


def sentences(results: dict) -> list[str]:
    """One sentence per pair of bots next to each other in the 2-player ratings."""
    from .bots import wilson

    r2 = results["ratings"].get("2p") or results["ratings"]["all"]
    order = sorted(results["bots"], key=lambda b: -r2[b][0])
    out = []
    for a, b in zip(order, order[1:]):
        parts = []
        for fmt, what in (
            ("2p", "of 2-player games"),
            ("4p", "of the 4-player games they both play (finishing ahead)"),
        ):
            got = _rate(results["head_to_head"].get(fmt, {}), a, b)
            if got:
                share, m = got
                lo, hi = wilson(share * m, m)
                parts.append(f"{100 * share:.0f}% {what} [{100 * lo:.0f}, {100 * hi:.0f}]")
        if parts:
            out.append(f"``{a}`` beats ``{b}`` in " + "; and in ".join(parts) + ".")
    return out


def render_ratings_rst(results: dict) -> str:
    """The rating table, the 2-player head-to-head table and the sentences, as reStructuredText."""
    bots = results["bots"]
    rall = results["ratings"]["all"]
    order = sorted(bots, key=lambda b: -rall[b][0])
    c = results["counts"]
    lines = [
        f".. list-table:: Bot ratings (``python -m bench --bots --ratings``: {c['2p']} games per pair "
        f"with 2 players, {c['4p']} per table of four; Bradley-Terry on the Elo scale, "
        f"{ANCHOR[0]} = {ANCHOR[1]:g}, 95% bootstrap intervals)",
        "   :header-rows: 1",
        "",
        "   * - bot (names)",
        "     - rating, all games",
        "     - 2 players",
        "     - 4 players",
        "     - CPU time per decision",
    ]
    for b in order:
        names = ", ".join(f"``{n}``" for n in results["names"][b])
        cells = []
        for fmt in ("all", "2p", "4p"):
            r = results["ratings"].get(fmt, {}).get(b)
            cells.append(f"{r[0]:.0f} [{r[1]:.0f}, {r[2]:.0f}]" if r else "--")
        lines += (
            [f"   * - {names}"] + [f"     - {x}" for x in cells] + [f"     - {results['cpu_ms_per_decision'][b]:g} ms"]
        )
    h2h = results["head_to_head"].get("2p", {})
    if h2h:
        lines += [
            "",
            ".. list-table:: 2-player games: how often the row's bot beats the column's",
            "   :header-rows: 1",
            "",
            "   * - ",
        ] + [f"     - ``{b}``" for b in order]
        for a in order:
            lines.append(f"   * - ``{a}``")
            for b in order:
                got = _rate(h2h, a, b) if a != b else None
                lines.append(f"     - {100 * got[0]:.0f}%" if got else "     -")
    lines += [""] + [f"* {s}" for s in sentences(results)]
    if results.get("games_fixed", 0) > results.get("games", 0):
        lines += [
            "",
            f"The run was stopped after {results['games']} of the {results['games_fixed']} games "
            "fixed (game k of every pairing before game k + 1 of any).",
        ]
    return "\n".join(lines) + "\n"


__all__ += ["ratings_main", "render_ratings_rst", "sentences", "head_to_head"]

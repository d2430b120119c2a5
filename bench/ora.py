"""Ora et Labora's speed beside Pillars' (issue #58): random games at 1, 2 and 4 players.

Issue #58's target: random Ora games at 4 players reach at least Pillars'
4-player actions per second *in the same run*. The machine may be shared, so
the two games are measured in alternation: each pass plays the fixed Pillars
games, then the fixed Ora games at 4, 2 and 1 players, and the ratio of Ora's
4-player actions per second to Pillars' is taken within each pass; the
reported figures are the medians over the passes, with their ranges.

Every game is ``new_game`` and ``pr.play`` with ``RandomBot(seed * 10 + seat)``
per seat (as the Pillars rows of :mod:`bench.engine`), the seeds from
:data:`~bench.common.FIRST_SEED`; an *action* is one bot decision (the bot is
wrapped to count its calls). The counts of games and passes are fixed by the
mode (:data:`~bench.common.MODES`: ``ora_*``), never by the time taken.
"""

from __future__ import annotations

import statistics
from typing import Any

from .common import PLAYERS, Timing, seed_range

#: The Ora rows: players -> the mode's key for the games per pass.
ORA_ROWS = {4: "ora_games_4", 2: "ora_games_2", 1: "ora_games_1"}
GAME = "ora-et-labora"


class _Counted:
    """A RandomBot that counts its decisions."""

    def __init__(self, seed: int, tally: list[int]) -> None:
        import pillars_rules as pr

        self.bot = pr.RandomBot(seed)
        self.tally = tally

    def __call__(self, view: Any) -> Any:
        self.tally[0] += 1
        return self.bot(view)


def _games(game: str | None, players: int, seeds: list[int]) -> tuple[int, int]:
    """Play the seeded random games: (games, actions)."""
    import pillars_rules as pr

    tally = [0]
    for s in seeds:
        start = pr.new_game(players, s) if game is None else pr.new_game(game=game, players=players, seed=s)
        pr.play(start, [_Counted(s * 10 + i, tally) for i in range(players)])
    return len(seeds), tally[0]


def _row(label: str, passes: list[tuple[float, int, int]]) -> dict[str, Any]:
    aps = [a / dt for dt, _, a in passes]
    gps = [g / dt for dt, g, _ in passes]
    return {
        "row": label,
        "games": passes[0][1],
        "actions": passes[0][2],
        "seconds": [dt for dt, _, _ in passes],
        "games_per_s": statistics.median(gps),
        "games_per_s_range": [min(gps), max(gps)],
        "actions_per_s": statistics.median(aps),
        "actions_per_s_range": [min(aps), max(aps)],
    }


def bench_ora(cfg: dict, timing: Timing) -> dict[str, Any]:
    """Pillars' 4-player random games and Ora's at 4, 2 and 1 players, alternated pass by pass."""
    import pillars_rules as pr

    pr.load_cards()  # compiled once, outside every timed block
    pr.new_game(game=GAME, players=PLAYERS, seed=0)  # Ora's package and cards, imported and compiled once
    runs: dict[str, list[tuple[float, int, int]]] = {"pillars 4": []}
    runs.update({f"ora {n}": [] for n in ORA_ROWS})
    for _ in range(cfg["ora_passes"]):
        dt, (games, actions) = timing.time(lambda: _games(None, PLAYERS, seed_range(cfg["ora_pillars_games"])))
        runs["pillars 4"].append((dt, games, actions))
        for players, key in ORA_ROWS.items():
            seeds = seed_range(cfg[key])
            dt, (games, actions) = timing.time(lambda p=players, s=seeds: _games(GAME, p, s))
            runs[f"ora {players}"].append((dt, games, actions))
    ratios = [
        (oa / odt) / (pa / pdt) for (pdt, _, pa), (odt, _, oa) in zip(runs["pillars 4"], runs["ora 4"], strict=True)
    ]
    return {
        "passes": cfg["ora_passes"],
        "rows": [_row(label, passes) for label, passes in runs.items()],
        "ratio_4p": statistics.median(ratios),
        "ratio_4p_range": [min(ratios), max(ratios)],
        "ratios_4p": ratios,
        "how": "each pass: the Pillars games, then the Ora games at 4, 2, 1 players (new_game + pr.play, "
        "RandomBot(seed*10+seat), seeds from FIRST_SEED); actions = bot decisions; medians and ranges over "
        "the passes; ratio_4p = Ora 4-player actions/s over Pillars' in the same pass",
    }


def ora_rows(r: dict) -> list[tuple[str, str, str, str]]:
    """The rows of the results table (results written before the Ora rows lack them)."""
    from .report import _fmt

    o = r.get("ora")
    if not o:
        return []
    rows = []
    for row in o["rows"]:
        game, players = row["row"].split()
        name = "Pillars" if game == "pillars" else "Ora et Labora"
        lo, hi = row["actions_per_s_range"]
        rows.append(
            (
                f"{name}: random {players}-player games ({row['games']} games, {row['actions']} actions a pass)",
                f"{_fmt(row['actions_per_s'])} actions/s ({_fmt(lo)} to {_fmt(hi)}), "
                f"{_fmt(row['games_per_s'])} games/s",
                "",
                "",
            )
        )
    t = {x["key"]: x for x in r.get("targets", [])}.get("ora_ratio_4p")
    lo, hi = o["ratio_4p_range"]
    rows.append(
        (
            f"Ora / Pillars, 4-player actions/s (median of {o['passes']} passes)",
            f"{o['ratio_4p']:.3f}x ({lo:.3f}x to {hi:.3f}x)",
            f">= {t['target']:.2f}x" if t else "",
            ("met" if t["met"] else "MISSED") if t else "",
        )
    )
    return rows

"""Habits of the heuristic bots, traced over a fixed set of games: the leaks issue #27 names.

``python -m bench --bots --habits`` plays each of :data:`BOTS` in every seat
of ``--habits-games`` 4-player games (default 100; seeds 20 000 + k, the same
deals for every bot) and counts, per game (every seat together):

``debt_payments``
    gold losses the seat could not pay in full (§2.5), split by reason (tax,
    an event card, other), and the VP they cost;
``placements_5plus``
    builders placed at a price of 5 gold or more (§2.3), and the share of the
    Shiring placements that cost 6 or 7;
``cubes_lost``
    cubes returned to the supply at the cube limit (§2.4 step 13);
``never_trade``
    the share of seats that never bought or sold at the market (§4);
``hired_then_discarded``
    craftsmen hired (draft or Shiring) and discarded later by the same seat.

Nothing is asserted here; the numbers are for the bots page and the report.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence

FIRST_SEED = 20_000


def trace_game(game) -> dict:
    """The habit counts of one finished game (every seat together)."""
    from pillars_rules import events as E

    debts = {"tax": 0, "event": 0, "other": 0}
    debt_vp = 0
    dear = shiring = shiring_dear = lost = discards = 0
    traded: set[int] = set()
    hired: dict[int, set[str]] = {}
    state = None
    for e, after in zip(game.events, game.states()):
        before, state = state, after
        t = type(e)
        if t is E.Lost and before is not None:
            gold = sum(a.n for a in e.amounts if a.kind == "gold")
            have = before.players[e.seat].gold
            if gold > have:
                kind = (
                    "tax"
                    if e.reason == "tax"
                    else "event"
                    if game.rules.by_id.get(e.reason) is not None and game.rules.by_id[e.reason].kind == "event"
                    else "other"
                )
                debts[kind] += 1
                debt_vp += before.players[e.seat].vp - state.players[e.seat].vp
        elif t is E.BuilderPlaced and e.source == "bag":
            if e.price >= 5:
                dear += 1
            if e.location == "shiring":
                shiring += 1
                shiring_dear += e.price >= 6
        elif t is E.CubesReturned:
            lost += e.n
        elif t is E.Bought or t is E.Sold:
            traded.add(e.seat)
        elif t is E.CraftsmanHired:
            hired.setdefault(e.seat, set()).add(e.card)
        elif t is E.CraftsmanDiscarded:
            if e.card in hired.get(e.seat, ()):
                discards += 1
    n = game.state.n_players
    return {
        "debt_payments": sum(debts.values()),
        "debt_by": debts,
        "debt_vp": debt_vp,
        "placements_5plus": dear,
        "shiring": shiring,
        "shiring_6plus": shiring_dear,
        "cubes_lost": lost,
        "never_trade_seats": n - len(traded),
        "seats": n,
        "hired_then_discarded": discards,
        "scores": [p.vp for p in game.state.players],
    }


def play_habit_game(name: str, k: int, players: int = 4) -> dict:
    import pillars_rules as pr
    from pillars_rules.bots import make_bot

    seed = FIRST_SEED + k
    bots = [make_bot(name, seed * 10 + i) for i in range(players)]
    return trace_game(pr.play(pr.new_game(players, seed), bots))


def summarize_habits(games: Sequence[dict]) -> dict:
    n = len(games)

    def mean(key):
        return round(sum(g[key] for g in games) / n, 3)

    shiring = sum(g["shiring"] for g in games)
    seats = sum(g["seats"] for g in games)
    return {
        "games": n,
        "debt_payments": mean("debt_payments"),
        "debt_tax": round(sum(g["debt_by"]["tax"] for g in games) / n, 3),
        "debt_event": round(sum(g["debt_by"]["event"] for g in games) / n, 3),
        "debt_vp": mean("debt_vp"),
        "placements_5plus": mean("placements_5plus"),
        "shiring_6plus_share": round(sum(g["shiring_6plus"] for g in games) / shiring, 3) if shiring else 0.0,
        "cubes_lost": mean("cubes_lost"),
        "never_trade_share": round(sum(g["never_trade_seats"] for g in games) / seats, 3),
        "hired_then_discarded": mean("hired_then_discarded"),
        "median_winner": statistics.median(max(g["scores"]) for g in games),
        "median_all": statistics.median(s for g in games for s in g["scores"]),
    }


#: The bots traced, before and after.
BOTS = ("heuristic-v1", "heuristic")


def habits_main(games: int, jobs: int = 1, say=print) -> dict:
    """The habits of :data:`BOTS` over ``games`` games each, JSON-ready."""
    return {"games": games, "first_seed": FIRST_SEED, "habits": run_habits(BOTS, games, jobs, say)}


def render_habits_rst(results: dict) -> str:
    return "\n".join(render_habits(results["habits"])) + "\n"


def run_habits(names: Sequence[str], games: int, jobs: int = 1, say=print) -> dict:
    from .bots import pool_map

    out = {}
    for name in names:
        say(f"habits of {name}: {games} 4-player games ...")
        traced = pool_map(play_habit_game, [name] * games, list(range(games)), jobs=jobs)
        out[name] = summarize_habits(traced)
        say(f"  {out[name]}")
    return out


HABIT_ROWS = (
    ("debt_payments", "debt payments per game (tax / event)"),
    ("debt_vp", "VP lost to debt per game"),
    ("placements_5plus", "builders placed at 5 gold or more per game"),
    ("shiring_6plus_share", "Shiring placements at 6-7 gold"),
    ("cubes_lost", "cubes lost to the 5-cube limit per game"),
    ("never_trade_share", "seats that never trade"),
    ("hired_then_discarded", "craftsmen hired and later discarded per game"),
    ("median_winner", "median winning score (VP)"),
)


def render_habits(habits: dict) -> list[str]:
    """The habits as a reStructuredText list table (one column per bot)."""
    names = list(habits)
    games = {habits[n]["games"] for n in names}
    lines = [
        f".. list-table:: Habits in 4-player self-play ({'/'.join(map(str, sorted(games)))} games, "
        "the same seeds for every bot)",
        "   :header-rows: 1",
        "",
        "   * - per game",
    ]
    lines += [f"     - ``{n}``" for n in names]
    for key, label in HABIT_ROWS:
        lines.append(f"   * - {label}")
        for n in names:
            h = habits[n]
            if key == "debt_payments":
                cell = f"{h[key]:g} ({h['debt_tax']:g} / {h['debt_event']:g})"
            elif key.endswith("share"):
                cell = f"{100 * h[key]:.0f}%"
            else:
                cell = f"{h[key]:g}"
            lines.append(f"     - {cell}")
    return lines


__all__ = [
    "trace_game",
    "play_habit_game",
    "summarize_habits",
    "run_habits",
    "render_habits",
    "habits_main",
    "render_habits_rst",
    "BOTS",
]

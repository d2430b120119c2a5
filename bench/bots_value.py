"""Which evaluation the search uses: the heuristic's or the learned one.

``python -m bench --bots --value`` measures, with counts fixed here:

* **prediction** -- on :data:`HELD_OUT` heuristic self-play games that the
  training never saw (seed :data:`HELD_OUT_SEED`), at every third decision:
  the error of each evaluation's predicted final VP (root mean square) and
  how often the seat it values most is the game's winner;
* **play** -- the ISMCTS bot at a fixed budget (:data:`ITERATIONS` playouts
  per decision, so the games do not depend on the machine's load) scoring its
  playouts with each evaluation, against three improved heuristic bots
  (:data:`GAMES` 4-player games) and against one (2-player), the same deals
  and seats for both.

Nothing is asserted; the results are for the bots page.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

HELD_OUT_SEED = 99
HELD_OUT = 40
ITERATIONS = 200
GAMES = {"4p": 200, "2p": 100}
FIRST_SEED = 60_000


def _trainer():
    path = Path(__file__).resolve().parents[1] / "tools" / "train_value.py"
    spec = importlib.util.spec_from_file_location("train_value", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def prediction(seed: int | None = None, games: int | None = None) -> dict:
    """Prediction errors of both evaluations on held-out self-play positions
    (by default :data:`HELD_OUT` games from :data:`HELD_OUT_SEED`)."""
    seed = HELD_OUT_SEED if seed is None else seed
    games = HELD_OUT if games is None else games
    from pillars_rules.bots.learned import shipped_model

    trainer = _trainer()
    weights = shipped_model().weights
    out = {name: {"se": 0.0, "n": 0, "hits": 0, "positions": 0} for name in ("heuristic", "learned")}
    for players, s in trainer.game_seeds(seed, games):
        rows = trainer.samples(players, s)
        for i in range(0, len(rows), players):
            pos = rows[i : i + players]
            final = [y for _, _, y in pos]
            for name, st in out.items():
                if name == "heuristic":
                    preds = [sum(parts) for _, parts, _ in pos]
                else:
                    preds = [weights[ph][-1] + sum(a * b for a, b in zip(weights[ph], parts)) for ph, parts, _ in pos]
                st["se"] += sum((p - y) ** 2 for p, y in zip(preds, final))
                st["n"] += len(pos)
                st["positions"] += 1
                st["hits"] += final[preds.index(max(preds))] == max(final)
    return {
        name: {
            "rmse_vp": round((st["se"] / st["n"]) ** 0.5, 2),
            "winner_share": round(st["hits"] / st["positions"], 4),
            "positions": st["positions"],
        }
        for name, st in out.items()
    }


def play_game(value: str, players: int, k: int) -> dict:
    import pillars_rules as pr
    from pillars_rules.bots import make_bot
    from pillars_rules.bots.mcts import MCTSBot

    seed = FIRST_SEED + k
    focus = k % players
    bots = [make_bot("heuristic", seed * 10 + i) for i in range(players)]
    bots[focus] = MCTSBot(seed * 10 + focus, iterations=ITERATIONS, value=value)
    game = pr.play(pr.new_game(players, seed), bots)
    winners = game.winners()
    return {"win": 1 / len(winners) if focus in winners else 0.0}


def value_main(jobs: int = 1, say=print, scale: float = 1.0) -> dict:
    from .bots import pool_map, wilson

    say("prediction on held-out games ...")
    results = {"prediction": prediction(), "held_out_games": HELD_OUT, "iterations": ITERATIONS, "play": {}}
    for fmt, n in GAMES.items():
        n = max(1, round(n * scale))
        players = int(fmt[0])
        # both evaluations on deal k before either on deal k + 1, so a stopped run compares like with like
        plan = [(value, k) for k in range(n) for value in ("heuristic", "learned")]
        say(f"ISMCTS with either value, {fmt}: {n} games each ...")
        games = pool_map(
            play_game,
            [v for v, _ in plan],
            [players] * len(plan),
            [k for _, k in plan],
            jobs=jobs,
            keys=[f"value|{v}|{fmt}|{ITERATIONS}|{k}" for v, k in plan],
        )
        both = [(h, le) for h, le in zip(games[0::2], games[1::2]) if h is not None and le is not None]
        for i, value in enumerate(("heuristic", "learned")):
            mine = [pair[i] for pair in both]
            wins = sum(g["win"] for g in mine)
            lo, hi = wilson(wins, len(mine))
            results["play"][f"{value}|{fmt}"] = {
                "games": len(mine),
                "games_fixed": n,
                "win_rate": round(wins / max(1, len(mine)), 4),
                "win_rate_ci": [round(lo, 4), round(hi, 4)],
            }
    return results


def render_value_rst(results: dict) -> str:
    p = results["prediction"]
    lines = [
        f".. list-table:: The heuristic evaluation and the learned one (``python -m bench --bots --value``; "
        f"ISMCTS at {results['iterations']} playouts per decision against improved heuristic bots)",
        "   :header-rows: 1",
        "",
        "   * - evaluation",
        "     - error of the predicted final VP (held-out positions)",
        "     - valued the winner highest",
        "     - ISMCTS wins, 1 against 3",
        "     - ISMCTS wins, 1 against 1",
    ]
    for name in ("heuristic", "learned"):
        cells = [f"{p[name]['rmse_vp']:g} VP", f"{100 * p[name]['winner_share']:.1f}% of {p[name]['positions']}"]
        for fmt in ("4p", "2p"):
            r = results["play"].get(f"{name}|{fmt}")
            cells.append(
                f"{100 * r['win_rate']:.1f}% [{100 * r['win_rate_ci'][0]:.1f}, "
                f"{100 * r['win_rate_ci'][1]:.1f}] of {r['games']}"
                + (f" (of {r['games_fixed']} fixed; stopped)" if r.get("games_fixed", 0) > r["games"] else "")
                if r
                else "--"
            )
        lines += [f"   * - {name}"] + [f"     - {c}" for c in cells]
    if results.get("notes"):
        lines += ["", results["notes"]]
    return "\n".join(lines) + "\n"


__all__ = ["prediction", "value_main", "render_value_rst", "GAMES", "ITERATIONS"]

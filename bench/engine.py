"""Engine workloads: random games, applied actions, ``legal_actions``,
replay, save/load and the growth of the fold with the log length."""

from __future__ import annotations

import statistics
from typing import Any

from .common import PLAYERS, Corpus, Timing, clock, fold_with, now, pct, play_one, seed_range


# ====================================================================== measurements
def bench_games(cfg: dict, timing: Timing, corpus: Corpus) -> dict:
    """1. Full random games per second (new_game + play), bot-chosen actions."""
    seeds = seed_range(cfg["games"])

    def workload():
        return [play_one(s) for s in seeds]

    times = []
    for _ in range(cfg["game_repeats"]):
        dt, games = timing.time(workload)
        times.append(dt)
    n_events = sum(g.n_events for g in games)
    n_actions = sum(len(a) for a in corpus.actions[: len(seeds)])  # same seeds as the corpus
    best = statistics.median(times)
    out = {
        "games": len(seeds),
        "repeats": len(times),
        "seconds": times,
        "games_per_s": len(seeds) / best,
        "ms_per_game": 1000 * best / len(seeds),
        "events_per_game": n_events / len(seeds),
        "events_per_s": n_events / best,
    }
    out["actions_per_game"] = n_actions / len(seeds)
    out["bot_actions_per_s"] = n_actions / best
    return out


def bench_apply(cfg: dict, timing: Timing, corpus: Corpus) -> dict:
    """2a. Applied actions per second: pre-chosen actions, ``Game.apply`` only."""
    import pillars_rules as pr

    n_actions = sum(len(a) for a in corpus.actions)
    times = []
    for _ in range(cfg["apply_repeats"]):
        starts = [pr.new_game(PLAYERS, s) for s in corpus.seeds]  # untimed

        def workload(starts: list = starts):  # this repeat's games (a default: bound now)
            for game, actions in zip(starts, corpus.actions):
                for a in actions:
                    game = game.apply(a)
            return game

        dt, _ = timing.time(workload)
        times.append(dt)
    best = statistics.median(times)
    return {
        "actions": n_actions,
        "repeats": len(times),
        "seconds": times,
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


def bench_legal(cfg: dict, timing: Timing, corpus: Corpus) -> dict:
    """2b. ``engine.legal.legal_actions(state, rules)`` per decision state."""
    from pillars_rules.engine.legal import legal_actions

    states = _decision_states(corpus)
    inner = cfg["legal_inner"]
    per_call: list[float] = []
    by_kind: dict[str, list[float]] = {}
    counts: list[int] = []
    with timing.block():
        tick = clock()
        for state, rules in states:
            t0 = tick()
            for _ in range(inner):
                legal = legal_actions(state, rules)
            us = 1e6 * (tick() - t0) / inner
            per_call.append(us)
            by_kind.setdefault(state.pending.kind, []).append(us)
            counts.append(len(legal))
    return {
        "states": len(states),
        "calls_per_state": inner,
        "median_us": statistics.median(per_call),
        "p90_us": pct(per_call, 0.9),
        "mean_us": statistics.fmean(per_call),
        "max_us": max(per_call),
        "mean_legal_actions": statistics.fmean(counts),
        "by_kind": {
            k: {"states": len(v), "median_us": statistics.median(v), "p90_us": pct(v, 0.9)}
            for k, v in sorted(by_kind.items())
        },
        "how": "engine legal_actions(state, rules) on each decision state of the corpus games "
        "(not Game.legal_actions, which caches per Game); mean of repeated calls per state",
    }


def bench_replay(cfg: dict, timing: Timing, corpus: Corpus) -> dict:
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
                t_all = now()
                for events in logs:
                    t0 = now()
                    pr.replay(events, verify=verify)
                    per_game.append(1000 * (now() - t0))
                totals.append(now() - t_all)
        best = statistics.median(totals)
        out[name] = {
            "ms_per_game": statistics.median(per_game),
            "ms_p90": pct(per_game, 0.9),
            "events_per_s": n_events / best,
            "repeats": len(totals),
        }
    return out


def bench_save_load(cfg: dict, timing: Timing, corpus: Corpus) -> dict:
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
                t0 = now()
                text = pr.save(game)
                t1 = now()
                pr.load(text)
                t2 = now()
                save_ms.append(1000 * (t1 - t0))
                load_ms.append(1000 * (t2 - t1))
                trip_ms.append(1000 * (t2 - t0))
                sizes.append(len(text.encode("utf-8")))
    return {
        "games": len(games),
        "repeats": cfg["save_repeats"],
        "save_ms": statistics.median(save_ms),
        "load_ms": statistics.median(load_ms),
        "load_ms_p90": pct(load_ms, 0.9),
        "save_load_ms": statistics.median(trip_ms),
        "save_bytes_median": statistics.median(sizes),
    }


def bench_growth(cfg: dict, timing: Timing, corpus: Corpus) -> dict:
    """7. Time per event of folding k complete logs back to back (k = 1, 2, 4, 8)."""
    evolve = fold_with(corpus.games[0].rules)
    ks = [k for k in (1, 2, 4, 8) if k <= cfg["growth_max_k"]]
    rows = []
    for k in ks:
        logs = [corpus.events[i % len(corpus.events)] for i in range(k)]
        flat = [e for log in logs for e in log]

        def fold(flat: list = flat):  # this k's log (a default: bound now)
            s = None
            for e in flat:
                s = evolve(s, e)
            return s

        fold()  # warm-up
        times = [timing.time(fold)[0] for _ in range(cfg["growth_repeats"])]
        best = min(times)
        rows.append({"k": k, "events": len(flat), "seconds": best, "us_per_event": 1e6 * best / len(flat)})
    ratio = rows[-1]["us_per_event"] / rows[0]["us_per_event"]
    return {
        "rows": rows,
        "ratio_k8_k1": ratio,
        "linear": ratio <= 1.5,
        "how": "evolve folded over k complete logs concatenated (GameStarted starts each game "
        "afresh); best of repeats; ratio = per-event time at the largest k / at k=1",
    }


def bench_six(cfg: dict, timing: Timing) -> dict:
    """8. Six seats with the official expansion (issue #37): full random
    6-player games per second, and the heuristic and ``hard`` bots' CPU time
    per decision at 6 players (beside 4 players of the base game)."""
    import pillars_rules as pr

    from .bots import decision_cpu

    cards = "expansion"
    pr.load_cards(cards)  # compiled once, outside every timed block
    seeds = seed_range(cfg["six_games"])

    def workload():
        return [pr.play(pr.new_game(6, s, cards=cards), [pr.RandomBot(s * 10 + i) for i in range(6)]) for s in seeds]

    times = []
    for _ in range(cfg["game_repeats"]):
        dt, games = timing.time(workload)
        times.append(dt)
    best = statistics.median(times)
    out: dict[str, Any] = {
        "players": 6,
        "cards": cards,
        "games": len(seeds),
        "repeats": len(times),
        "seconds": times,
        "games_per_s": len(seeds) / best,
        "ms_per_game": 1000 * best / len(seeds),
        "events_per_game": sum(g.n_events for g in games) / len(seeds),
    }
    out["bots"] = [
        decision_cpu(name, players, cfg["bot_decisions"], cards=c, block=timing.block)
        for name in ("heuristic", "hard")
        for players, c in ((4, None), (6, cards))
    ]
    return out

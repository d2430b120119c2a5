"""Throughput of the AI adapters against the raw engine (steps per second).

``python -m bench.ai_adapters [--games N] [--players P] [--json PATH]`` plays N
random games (uniform over legal actions) per mode, the same deals in every
mode (after one untimed warm-up game), and prints decisions per second:

* ``engine`` -- ``game.apply(choice(game.legal_actions()))``, no views;
* ``engine+view`` -- the same, the acting seat's view made first (what a bot gets);
* ``openspiel`` -- ``state.apply_action(choice(state.legal_actions()))``;
* ``openspiel+obs`` -- the same plus the acting seat's observation tensor;
* ``openspiel+infostate`` -- the same plus its information-state tensor and string;
* ``pettingzoo`` -- ``env.last()`` (observation tensor and action mask) then ``env.step``.

The numbers vary with the machine and its load; ``--clock cpu`` times the
process's CPU time, steadier on a shared machine.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

import pillars_rules as pr


def _engine(players: int, seeds: list[int], views: bool) -> int:
    steps = 0
    for seed in seeds:
        rng = random.Random(seed)
        game = pr.new_game(players, seed)
        while not game.is_over:
            if views:
                legal = game.view(game.current_player).legal_actions
            else:
                legal = game.legal_actions()
            game = game.apply(rng.choice(legal))
            steps += 1
    return steps


def _openspiel(players: int, seeds: list[int], obs: str) -> int:
    import pyspiel

    from pillars_rules.ai import openspiel_game  # noqa: F401  (registers the game)

    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"players": players, "deals": 1})
    steps = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state(engine_game=pr.new_game(players, seed))
        while not state.is_terminal():
            player = state.current_player()
            if obs == "obs":
                state.observation_tensor(player)
            elif obs == "infostate":
                state.information_state_tensor(player)
                state.information_state_string(player)
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps


def _pettingzoo(players: int, seeds: list[int]) -> int:
    import numpy as np

    from pillars_rules.ai.pettingzoo_env import env

    e = env(players=players)
    steps = 0
    for seed in seeds:
        rng = random.Random(seed)
        e.reset()
        e.game = pr.new_game(players, seed)  # the same deal as the other modes
        e.agent_selection = e.possible_agents[e.game.current_player]
        for _agent in e.agent_iter():
            obs, _reward, term, trunc, _info = e.last()
            if term or trunc:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps


MODES = {
    "engine": lambda p, s: _engine(p, s, False),
    "engine+view": lambda p, s: _engine(p, s, True),
    "openspiel": lambda p, s: _openspiel(p, s, ""),
    "openspiel+obs": lambda p, s: _openspiel(p, s, "obs"),
    "openspiel+infostate": lambda p, s: _openspiel(p, s, "infostate"),
    "pettingzoo": _pettingzoo,
}


def run(games: int = 5, players: int = 4, clock=time.perf_counter) -> dict:
    seeds = list(range(1, games + 1))
    out = {}
    for name, mode in MODES.items():
        mode(players, [0])  # warm up: imports, card-set caches, first-call costs
        start = clock()
        steps = mode(players, seeds)
        seconds = clock() - start
        out[name] = {"steps": steps, "seconds": round(seconds, 3), "steps_per_s": round(steps / seconds)}
    raw = out["engine"]["steps_per_s"]
    for row in out.values():
        row["vs_engine"] = round(row["steps_per_s"] / raw, 3)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ai_adapters", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="random games per mode (default 5)")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="time with the wall clock (default) or this process's CPU time (steadier on a busy, shared machine)",
    )
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    clock = time.perf_counter if args.clock == "wall" else time.process_time
    results = run(args.games, args.players, clock)
    print(f"{'mode':<22}{'steps':>8}{'steps/s':>10}{'x engine':>10}")
    for name, row in results.items():
        print(f"{name:<22}{row['steps']:>8}{row['steps_per_s']:>10}{row['vs_engine']:>10.3f}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(
                {"players": args.players, "games": args.games, "clock": args.clock, "modes": results}, f, indent=2
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())

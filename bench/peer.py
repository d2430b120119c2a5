"""The peer measurement: random playouts of this engine and of OpenSpiel's
pure-Python ``python_team_dominoes`` (4 players), side by side in one process.

Both loops do the same thing: start a game, then until it is over pick a
uniformly random legal action and apply it; the result is applied actions per
second. OpenSpiel's chance nodes (dealing the tiles) are applied too and
counted as actions, as its ``apply_action`` does the same work for them; the
player-only rate is reported next to it. The engine loop uses the public
playout path a search bot would use (:func:`pillars_rules.playout`). Engine
and peer runs are interleaved (engine, peer, engine, peer, ...) so that a
change in machine load hits both, and the ratio is the median of the
per-round ratios.

OpenSpiel is an optional dependency (``pip install 'pillars-rules[bench]'``);
without it the peer is skipped with a message and only the engine is measured.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from typing import Any

from .common import PLAYERS, Timing

PEER_GAME = "python_team_dominoes"
MISSING = (
    "OpenSpiel is not installed: the peer measurement is skipped "
    "(pip install 'pillars-rules[bench]' to compare with python_team_dominoes)"
)


def load_peer() -> Any | None:
    """OpenSpiel's ``python_team_dominoes`` game object, or ``None`` when not installed."""
    try:
        import pyspiel
        from open_spiel.python.games import team_dominoes  # noqa: F401  (registers the game)
    except ImportError:
        return None
    return pyspiel.load_game(PEER_GAME)


def peer_playouts(game: Any, n: int, seed: int) -> tuple[int, int]:
    """``n`` random playouts of the OpenSpiel game: (applied actions, of which chance)."""
    rng = random.Random(seed)
    actions = chance = 0
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()  # uniform: dealing from the boneyard
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                chance += 1
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            actions += 1
    return actions, chance


def engine_playouts(n: int, seed: int) -> int:
    """``n`` random playouts of 4-player games with the engine's playout path
    (:func:`pillars_rules.playout`, what a search bot uses): applied actions."""
    import pillars_rules as pr

    randrange = random.Random(seed).randrange
    actions = 0

    def policy(state, legal) -> int:
        nonlocal actions
        actions += 1
        return randrange(len(legal))

    for k in range(n):
        pr.playout(pr.new_game(PLAYERS, seed + k), policy)
    return actions


def _rate(timing: Timing, fn: Callable[[], Any], count: Callable[[Any], int]) -> float:
    dt, out = timing.time(fn)
    return count(out) / dt


def bench_peer(cfg: dict, timing: Timing, say: Callable[[str], None] = lambda m: None) -> dict:
    """Interleaved random-playout rates of the engine and of the peer, and their ratio."""
    rounds, n_engine, n_peer = cfg["peer_rounds"], cfg["peer_engine_games"], cfg["peer_games"]
    peer = load_peer()
    if peer is None:
        say(MISSING)
    engine_rates: list[float] = []
    peer_rates: list[float] = []
    peer_player_rates: list[float] = []
    engine_playouts(1, 1)  # warm-up: cards compiled, caches filled
    if peer is not None:
        peer_playouts(peer, 5, 1)
    for r in range(rounds):
        engine_rates.append(_rate(timing, lambda r=r: engine_playouts(n_engine, 5000 + r * n_engine), lambda a: a))
        if peer is not None:
            dt, (total, chance) = timing.time(lambda r=r: peer_playouts(peer, n_peer, 7000 + r))
            peer_rates.append(total / dt)
            peer_player_rates.append((total - chance) / dt)
    out: dict[str, Any] = {
        "rounds": rounds,
        "engine_games_per_round": n_engine,
        "engine_actions_per_s": statistics.median(engine_rates),
        "engine_rates": engine_rates,
        "how": "random playouts, uniformly random legal action each step, applied actions per second; "
        "engine (4-player games, public API) and peer runs interleaved; ratio = median of the "
        "per-round ratios engine / peer",
    }
    if peer is None:
        out.update(peer=None, skipped=MISSING)
        return out
    ratios = [e / p for e, p in zip(engine_rates, peer_rates)]
    # Like for like: the engine's chance draws (builders, tax, deals) happen
    # inside its actions and are never applied as actions, so its rate counts
    # player decisions only; so does this second ratio for the peer.
    player_ratios = [e / p for e, p in zip(engine_rates, peer_player_rates)]
    out.update(
        peer=f"OpenSpiel {_peer_version()} {PEER_GAME} (4 players, pure Python)",
        peer_games_per_round=n_peer,
        peer_actions_per_s=statistics.median(peer_rates),
        peer_rates=peer_rates,
        peer_player_actions_per_s=statistics.median(peer_player_rates),
        ratio=statistics.median(ratios),
        ratios=ratios,
        player_ratio=statistics.median(player_ratios),
        player_ratios=player_ratios,
    )
    return out


def _peer_version() -> str:
    try:
        from importlib.metadata import version

        return version("open_spiel")
    except Exception:  # pragma: no cover - metadata missing
        return "?"

"""From game records to a descriptive summary: per card, per seat, per bot,
scores and game length (the game-level metrics are in :mod:`.metrics`).

A card's *holders* are the seats that took it during the game (hired, or
took the privilege; every seat holds its starting craftsmen). How the
holders fare is an *association*, not an effect: good players take good
positions, so holders of any card a strong seat likes win more often. The
summary therefore flags nothing; a card's effect is measured by
intervention (:mod:`.causal`, :mod:`pillars_rules.lab.effects`).
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from typing import Any

import numpy as np

from . import stats


def decisiveness(record: dict[str, Any]) -> float:
    """The fraction of the game played when the eventual winner took the lead
    for good: ``k / rounds`` for the first round ``k`` after which the winner
    had strictly more VP than every other seat at every later round end (1.0
    when the lead came only at the end, or the win on a tie-break)."""
    winners = set(record["winners"])
    rounds = [list(r) for r in zip(*(s["vp_rounds"] for s in record["seats"]))]
    if not rounds or len(winners) == len(record["seats"]):
        return 1.0
    first = len(rounds)
    for k in range(len(rounds) - 1, -1, -1):
        vps = rounds[k]
        best = max(vps[s] for s in winners)
        if all(best > v for s, v in enumerate(vps) if s not in winners):
            first = k + 1
        else:
            break
    return first / len(rounds)


def _seed(seed: int, name: str) -> int:
    return seed * 1_000_003 + zlib.crc32(name.encode("utf-8"))


def _group(wins: list[float], vps: list[float], seed: int, name: str) -> dict[str, Any]:
    return {"win_rate": stats.rate_ci(sum(wins), len(wins)), "mean_vp": stats.mean_dict(vps, _seed(seed, name))}


def seat_win_matrix(records: Sequence[dict[str, Any]]) -> np.ndarray:
    """Games x seats array of win shares."""
    return np.array([[s["win"] for s in r["seats"]] for r in records], dtype=float)


def balance_ci(records: Sequence[dict[str, Any]], seed: int = 0) -> dict[str, Any]:
    """Balance = 1 - (highest - lowest seat win rate), with a bootstrap
    interval over games (1 is perfectly balanced)."""
    wins = seat_win_matrix(records)
    rates = wins.mean(axis=0)
    value = 1 - float(rates.max() - rates.min())
    rng = np.random.default_rng(_seed(seed, "balance"))
    idx = rng.integers(0, len(wins), size=(stats.RESAMPLES, len(wins)))
    boot = wins[idx].mean(axis=1)
    lo, hi = np.percentile(1 - (boot.max(axis=1) - boot.min(axis=1)), [2.5, 97.5])
    return {"value": value, "lo": float(lo), "hi": float(hi), "n": len(wins)}


def card_stats(
    records: Sequence[dict[str, Any]], players: int, seed: int = 0, names: dict[str, str] | None = None
) -> dict[str, dict[str, Any]]:
    """Per card id: how often and when it was taken, and how holders and
    others fared (descriptive only, see the module docs)."""
    seat_obs = [(s, r) for r in records for s in r["seats"]]
    ids = sorted({c for s, _ in seat_obs for c in s["cards"]})
    out: dict[str, dict[str, Any]] = {}
    for card in ids:
        held = [(s, r) for s, r in seat_obs if card in s["cards"]]
        others = [s for s, r in seat_obs if card not in s["cards"]]
        rounds: dict[int, int] = {}
        for s, _ in held:
            rounds[s["cards"][card]] = rounds.get(s["cards"][card], 0) + 1
        games_taken = len({r["i"] for _, r in held})
        hw, hv = [s["win"] for s, _ in held], [s["vp"] for s, _ in held]
        ow, ov = [s["win"] for s in others], [s["vp"] for s in others]
        holders = _group(hw, hv, seed, card)
        out[card] = {
            "name": (names or {}).get(card, card),
            "taken": len(held),
            "taken_rate": stats.rate_ci(games_taken, len(records)),
            "rounds": {str(k): v for k, v in sorted(rounds.items())},
            "mean_round": float(np.mean([s["cards"][card] for s, _ in held])),
            "holders": holders,
            "others": _group(ow, ov, seed, card + "/others"),
            "win_diff": stats.rate_diff_ci(sum(ow), len(ow), sum(hw), len(hw)),
            "vp_diff": stats.mean_diff_ci(ov, hv, _seed(seed, card + "/diff")),
            "every_seat": not others,
        }
    return out


def summarize(
    records: Sequence[dict[str, Any]], players: int, seed: int = 0, names: dict[str, str] | None = None
) -> dict[str, Any]:
    """Seats, bots, scores, length and cards of the finished games, as
    JSON-ready data (see the module docs)."""
    records = [r for r in records if "aborted" not in r]
    if not records:
        raise ValueError("no finished games to summarize")
    n = len(records)
    fair = 1 / players
    seats = []
    for seat in range(players):
        obs = [r["seats"][seat] for r in records]
        seats.append({"seat": seat, **_group([o["win"] for o in obs], [o["vp"] for o in obs], seed, f"seat{seat}")})
    bots: dict[str, dict[str, Any]] = {}
    for name in sorted({b for r in records for b in r["bots"]}):
        obs = [r["seats"][k] for r in records for k, b in enumerate(r["bots"]) if b == name]
        bots[name] = _group([o["win"] for o in obs], [o["vp"] for o in obs], seed, "bot:" + name)
    all_vp = [s["vp"] for r in records for s in r["seats"]]
    winner_vp = [max(s["vp"] for s in r["seats"]) for r in records]
    margins = [
        sorted((s["vp"] for s in r["seats"]), reverse=True)[0] - sorted((s["vp"] for s in r["seats"]), reverse=True)[1]
        for r in records
    ]
    return {
        "games": n,
        "players": players,
        "fair_share": fair,
        "seats": seats,
        "bots": bots,
        "scores": {
            "all": stats.distribution(all_vp),
            "winner": stats.distribution(winner_vp),
            "margin": stats.distribution(margins),
            "values": all_vp,
        },
        "length": {
            "decisions": stats.distribution([r["decisions"] for r in records]),
            "events": stats.distribution([r["events"] for r in records]),
            "rounds": stats.distribution([r["rounds"] for r in records]),
            "values": [r["decisions"] for r in records],
        },
        "balance": balance_ci(records, seed),
        "cards": card_stats(records, players, seed, names),
    }

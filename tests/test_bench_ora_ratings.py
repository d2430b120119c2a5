"""bench/ora_ratings.py's arithmetic: the schedule, the figures of the games and their table
(no game is played here but one tiny run)."""

from __future__ import annotations

from bench import ora_ratings


def test_the_schedule_swaps_and_alternates_seats_and_plays_game_k_of_every_pairing_first():
    plan = ora_ratings.schedule(["easy", "medium", "hard"], {"2p": 2, "4p": 2, "solo": 1})
    assert len(plan) == 3 * (2 + 2) + 3
    two = [seats for fmt, i, seats, _ in plan if fmt == "2p" and i == 0]
    assert two == [("easy", "medium"), ("medium", "easy")]
    four = [seats for fmt, i, seats, _ in plan if fmt == "4p" and i == 2]
    assert four == [("medium", "hard", "medium", "hard"), ("hard", "medium", "hard", "medium")]
    assert [seed % 1000 for *_, seed in plan] == sorted(seed % 1000 for *_, seed in plan)
    assert len({ora_ratings.key(item) for item in plan}) == len(plan)


def _game(fmt: str, seats: list[str], ranks: list[int], cpu: list[list[float]], cut: int = 0) -> dict:
    return {
        "format": fmt,
        "pairing": 0,
        "seats": seats,
        "seed": 1,
        "ranks": ranks,
        "scores": [100 - 10 * r for r in ranks],
        "cpu_ms": cpu,
        "cut": [cut if s == "hard" else 0 for s in seats],
    }


def test_the_figures_rate_the_levels_and_give_cpu_quantiles_and_decisions_over_budget():
    games = [_game("2p", ["hard", "medium"], [0, 1], [[10.0, 60.0], [1.0]], cut=1) for _ in range(6)]
    games += [_game("2p", ["medium", "easy"], [0, 1], [[2.0], [1.0]]) for _ in range(6)]
    games += [_game("solo", ["hard"], [0], [[5.0]]), _game("solo", ["hard"], [0], [[7.0]])]
    out = ora_ratings.summarize(["easy", "medium", "hard"], games, {"2p": 6, "4p": 0, "solo": 1})
    r = out["ratings"]["2p"]
    assert r["hard"][0] > r["medium"][0] == 1500 > r["easy"][0]
    assert out["head_to_head"]["2p"]["hard|medium"]["rate"] == 1.0
    assert out["cpu_ms"]["hard"]["max"] == 60.0 and out["cpu_ms"]["hard"]["over_budget"] == 6
    assert out["clock_stopped"] == {"hard": [6, 14]}
    assert out["solo"]["hard"]["mean"] == 100.0 and out["solo"]["hard"]["n"] == 2
    table = ora_ratings.render_rst({**out, "games_fixed": 20})
    assert "``hard`` over ``medium``" in table and "100% [" in table and "6 of 14" in table
    assert "stopped after 14 of the 20 games" in table
    # hard: 10 and 60 ms six times, 5 and 7
    assert "mean / p50 / p99 / max" in table and "30.86 / 10 / 60 / 60" in table


def test_a_part_of_the_schedule_keeps_the_seeds_it_has_in_the_whole_one():
    whole = ora_ratings.schedule(["easy", "medium", "hard"], {"2p": 2, "4p": 3, "solo": 1})
    part = ora_ratings.schedule(["easy", "medium", "hard"], {"2p": 0, "4p": 3, "solo": 0}, ["medium", "hard"])
    assert part == [item for item in whole if item[0] == "4p" and set(item[2]) == {"medium", "hard"}]
    assert len(part) == 3 and all(seed // 1000 == 72 for *_, seed in part)

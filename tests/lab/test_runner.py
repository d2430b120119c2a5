"""Many games: executors agree, results persist game by game, a run resumes,
and a local worker that dies costs only its game (pillars_rules.lab.runner)."""

import json
import os

import pytest

import pillars_rules as pr
from pillars_rules.lab import runner, store
from pillars_rules.lab.games import GameSpec, play_game

SPECS = {"A": GameSpec(players=2, bots=("random",), seed=3)}


def test_serial_and_local_processes_give_the_same_records(tmp_path):
    serial = runner.run(SPECS, 8, executor="serial")
    pooled = runner.run(SPECS, 8, executor="processes", workers=2, out=tmp_path / "r.jsonl")
    assert serial == pooled
    assert [r["i"] for r in serial["A"]] == list(range(8))
    assert serial["A"][5] == play_game(SPECS["A"], 5)
    specs, records = store.read(tmp_path / "r.jsonl")  # the file holds the same games
    assert specs == SPECS and [records["A", i] for i in range(8)] == [{"set": "A", **r} for r in serial["A"]]


def test_resume_plays_only_the_missing_games_and_ignores_a_cut_off_line(tmp_path):
    out = tmp_path / "r.jsonl"
    full = runner.run(SPECS, 6, executor="serial", out=out)
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:3]) + lines[3][:20])  # header, 2 games, half a line
    played = []
    resumed = runner.run(
        SPECS, 6, executor="serial", out=out, resume=True, on_game=lambda done, total: played.append(done)
    )
    assert resumed == full
    assert played == [2, 3, 4, 5, 6]
    assert len(out.read_text().splitlines()) == 7 and all(json.loads(x) for x in out.read_text().splitlines())


def test_resume_refuses_another_run(tmp_path):
    out = tmp_path / "r.jsonl"
    runner.run(SPECS, 2, executor="serial", out=out)
    other = {"A": GameSpec(players=2, bots=("random",), seed=4)}
    with pytest.raises(pr.ConfigError, match="holds another run"):
        runner.run(other, 2, executor="serial", out=out, resume=True)
    with pytest.raises(pr.ConfigError, match="nothing to resume"):
        runner.run(SPECS, 2, executor="serial", out=tmp_path / "none.jsonl", resume=True)
    (tmp_path / "junk.jsonl").write_text("hello\n")
    with pytest.raises(pr.ConfigError, match="not a pillars-rules balance result file"):
        runner.run(SPECS, 2, executor="serial", out=tmp_path / "junk.jsonl", resume=True)


@pytest.mark.parametrize("executor", ["dask", "tcp://nohost", "http://h:1", ""])
def test_bad_executor_names_are_refused(executor):
    with pytest.raises(pr.ConfigError, match="bad executor"):
        runner.check_executor(executor)


def test_a_local_worker_that_dies_loses_only_its_game(tmp_path, monkeypatch):
    """The pool is rebuilt and the lost game played again, to the same record.
    (Worker processes are forked, so they see the patched task.)"""
    marker = tmp_path / "killed"
    real = runner._play_task

    def dying(label, index):
        if index == 3:
            try:
                os.close(os.open(marker, os.O_CREAT | os.O_EXCL))
            except FileExistsError:
                pass
            else:
                os._exit(1)  # the worker process dies mid-game, once
        return real(label, index)

    # pickled by name: the forked workers look up runner._play_task and find this one
    dying.__module__, dying.__qualname__ = runner.__name__, "_play_task"
    monkeypatch.setattr(runner, "_play_task", dying)
    records = runner.run(SPECS, 8, executor="processes", workers=2)
    assert marker.exists()
    assert records == runner.run(SPECS, 8, executor="serial")


def test_a_time_budget_keeps_the_same_first_games_of_every_set(tmp_path):
    from pillars_rules.lab import runner as R

    specs = {
        "A": GameSpec(players=2, bots=("random",), seed=3),
        "B": GameSpec(players=2, bots=("random",), seed=3, variants=("dm",)),
    }
    ticks = iter(range(10_000))
    out = tmp_path / "r.jsonl"
    # the clock moves one step per look: the budget runs out after a few games
    got = R.run(specs, 20, executor="serial", out=out, deadline=7, clock=lambda: next(ticks))
    k = len(got["A"])
    assert 0 < k < 20 and len(got["B"]) == k
    full = R.run(specs, k, executor="serial")
    assert got == full  # games 0..k-1 of each set, as a run of k games plays them
    done = R.run(specs, 20, executor="serial", out=out, resume=True)  # --resume plays the rest
    assert done == R.run(specs, 20, executor="serial")
    assert R.run(specs, 5, executor="serial", deadline=0, clock=lambda: 1.0) == {"A": [], "B": []}


def test_the_time_option_reads_durations():
    import argparse

    import pytest

    from pillars_rules.cli.balance import duration

    assert (duration("5m"), duration("90s"), duration("1h"), duration("300"), duration("2.5min")) == (
        300.0,
        90.0,
        3600.0,
        300.0,
        150.0,
    )
    for bad in ("", "5 days", "-1m", "0"):
        with pytest.raises(argparse.ArgumentTypeError):
            duration(bad)


def test_a_stopping_rule_sees_whole_prefixes_and_ends_the_run_there():
    """``stop`` is asked after each game every set has finished, with games 0..k-1
    of every set; when it says so, the result is those games (the rest unplayed)."""
    specs = {"A": SPECS["A"], "B": GameSpec(players=2, bots=("random",), seed=5)}
    seen = []

    def stop(records):
        seen.append({label: len(r) for label, r in records.items()})
        assert all(r["seed"] == specs[label].seed + i for label, rs in records.items() for i, r in enumerate(rs))
        return len(records["A"]) == 3

    result = runner.run(specs, 40, executor="serial", stop=stop)
    assert seen == [{"A": k, "B": k} for k in (1, 2, 3)]
    assert [len(r) for r in result.values()] == [3, 3]
    assert result["B"][2] == play_game(specs["B"], 2)
    never = runner.run(specs, 4, executor="serial", stop=lambda records: False)
    assert [len(r) for r in never.values()] == [4, 4]


def test_a_long_run_cut_short_keeps_only_a_window_of_games_in_flight(monkeypatch):
    """``--games 100000 --time 5m``: the local pool is fed a few games per
    worker at a time, not the whole run at once (which held 600 MB of futures
    for 100,000 games), and the games come back in index order as before."""
    from concurrent.futures import ProcessPoolExecutor

    submitted, flying, peak = [], [0], [0]
    real = ProcessPoolExecutor.submit

    def landed(_):
        flying[0] -= 1

    def counting(self, fn, *args, **kwargs):
        submitted.append(args)
        flying[0] += 1
        peak[0] = max(peak[0], flying[0])
        fut = real(self, fn, *args, **kwargs)
        fut.add_done_callback(landed)
        return fut

    monkeypatch.setattr(ProcessPoolExecutor, "submit", counting)
    seen = []

    def stop(recs):
        seen.append(min(len(r) for r in recs.values()))
        return seen[-1] >= 6

    records = runner.run(SPECS, 100_000, executor="processes", workers=2, stop=stop)
    k = 6  # games finishing out of order never make the rule skip a prefix, nor keep games past it
    assert seen == list(range(1, k + 1))
    assert [r["i"] for r in records["A"]] == list(range(k))
    assert records == runner.run(SPECS, k, executor="serial")
    # never more than the window in the pool at once (how many games were fed in all depends on how
    # far the other worker got while game 5 was still playing: a busy machine feeds a few more)
    assert peak[0] <= 2 * runner.IN_FLIGHT, peak[0]
    assert len(submitted) < 100, len(submitted)
    assert [i for _, i in submitted] == list(range(len(submitted)))  # fed in order


def _closing(close_at: dict, end_at: int, seen: list):
    """A stopping rule that closes set ``label`` at ``close_at[label]`` games and
    ends the run when the open sets reach ``end_at``."""

    def stop(records):
        open_ = {label: len(r) for label, r in records.items() if label not in close_at or len(r) < close_at[label]}
        seen.append({label: len(r) for label, r in records.items()})
        if open_ and min(open_.values()) >= end_at:
            return True
        return {label for label, n in close_at.items() if len(records[label]) == n}

    return stop


def test_a_set_closed_by_the_stopping_rule_plays_no_more_games_and_the_others_go_on(tmp_path):
    """``stop`` may close some sets (a card decided early): their games after
    the close are neither played nor kept, the other sets play on, and the
    records are the same on every executor and after a resume."""
    specs = {
        "A": SPECS["A"],
        "B": GameSpec(players=2, bots=("random",), seed=5),
        "C": GameSpec(players=2, bots=("random",), seed=7),
    }
    played = []
    real = runner.play

    def counting(spec, index):
        played.append((spec.seed, index))
        return real(spec, index)

    seen: list = []
    try:
        runner.play = counting
        serial = runner.run(specs, 50, executor="serial", stop=_closing({"A": 3, "B": 5}, 9, seen))
    finally:
        runner.play = real
    assert [len(serial[label]) for label in specs] == [3, 5, 9]
    assert seen[:3] == [{"A": 1, "B": 1, "C": 1}, {"A": 2, "B": 2, "C": 2}, {"A": 3, "B": 3, "C": 3}]
    assert seen[-1] == {"A": 3, "B": 5, "C": 9}  # a closed set's games stay in what the rule sees
    # serially the sets take turns game by game: A closed at 3 once C finished game 2, so A's game 3 never started
    assert max(i for seed, i in played if seed == 3) == 2 and max(i for seed, i in played if seed == 5) == 4
    assert max(i for seed, i in played if seed == 7) == 8
    assert serial["B"][4] == play_game(specs["B"], 4) and serial["C"][8] == play_game(specs["C"], 8)
    out = tmp_path / "r.jsonl"
    pooled = runner.run(specs, 50, executor="processes", workers=2, out=out, stop=_closing({"A": 3, "B": 5}, 9, []))
    assert pooled == serial
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:8]))  # the header and the first 7 games
    resumed = runner.run(specs, 50, executor="serial", out=out, resume=True, stop=_closing({"A": 3, "B": 5}, 9, []))
    assert resumed == serial

"""The progress of a balance run (pillars_rules.lab.progress): the time left
from this run's own games, and the estimates as they narrow."""

import io

from pillars_rules.lab.progress import Progress


class _Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


class _Tty(io.StringIO):
    def isatty(self):
        return True


def _record(i, diff):
    return {"i": i, "units": [{"card": "jack", "seat": 0, "take": {"vp": 40 + diff}, "ref": {"vp": 40}}]}


def test_a_resumed_run_estimates_the_time_left_from_its_own_games_on_a_terminal_too():
    for stream in (_Tty(), io.StringIO()):
        clock = _Clock()
        with Progress(160, quiet=False, every=0.0, stream=stream, clock=clock) as p:
            p(25, 160)  # 25 games kept from the interrupted run
            clock.now = 60.0
            p(26, 160)  # one game a minute in this run: 134 games left is 2.2 hours
            assert p.left(26, 160, clock.now) == "about 2.2 h left"
            if p.bar is not None:
                assert p.bar.tasks[0].fields["left"] == "about 2.2 h left"
        if not stream.isatty():
            assert "about 2.2 h left" in stream.getvalue()


def test_the_progress_line_shows_each_watched_cards_estimate_and_interval():
    clock = _Clock()
    stream = io.StringIO()
    with Progress(20, quiet=False, every=0.0, stream=stream, watch=[("A", "jack")], clock=clock) as p:
        p(0, 20)  # the runner's first call, before any game
        for i in range(10):
            p.record("A", _record(i, 3 + (i % 3)))
            p.record("B", _record(i, 100))  # another set's units are not this card's estimate
            clock.now += 1
            p(i + 1, 20)
    last = stream.getvalue().splitlines()[-1]
    assert last.startswith(
        "pillars-rules balance: 10/20 games (50%), 1.00 games/s, about 10 s left; jack: +3.9 VP [+3.3, +4.5]"
    )


def test_a_time_budget_bounds_the_time_left_and_a_run_that_stops_by_itself_shows_no_share():
    """A run of at most 1,000 games with 60 s of its budget left, at one game a
    second: the work left would take 16 minutes, the budget ends first; and the
    line counts the games against the most it may play, not as a share done."""
    clock = _Clock()
    stream = io.StringIO()
    with Progress(1000, quiet=False, every=0.0, stream=stream, clock=clock, deadline=100.0, open_ended=True) as p:
        p(0, 1000)
        clock.now = 40.0
        p(40, 1000)
        assert p.left(40, 1000, clock.now) == "at most 60 s left (time budget)"
        clock.now = 130.0
        assert p.left(41, 1000, clock.now) == "at most 0 s left (time budget)"
    assert (
        "pillars-rules balance: 40 games (at most 1,000), 1.00 games/s, at most 60 s left (time budget)"
        in stream.getvalue()
    )
    clock = _Clock()
    with Progress(100, quiet=False, every=0.0, stream=io.StringIO(), clock=clock, deadline=1000.0) as p:
        p(0, 100)
        clock.now = 20.0
        assert p.left(20, 100, clock.now) == "about 80 s left"  # the work ends before the budget
    with Progress(100, quiet=False, every=0.0, stream=_Tty(), clock=_Clock(), open_ended=True) as p:
        assert p.bar.tasks[0].total is None  # an open bar: no share done to show


def test_a_card_watched_in_several_sets_is_named_with_its_set():
    """``balance tune`` plays one set per value, each judging the same card: the
    line names each value (it showed ``glazier: ...`` three times)."""
    clock = _Clock()
    stream = io.StringIO()
    watch = [("cost=2", "jack"), ("cost=8", "jack"), ("cost=14", "jack"), ("cost=20", "jack")]
    with Progress(40, quiet=False, every=0.0, stream=stream, watch=watch, clock=clock) as p:
        for i in range(10):
            for k, (label, _) in enumerate(watch):
                p.record(label, _record(i, 4 - k + (i % 3)))
            clock.now += 1
            p(4 * (i + 1), 40)
    last = stream.getvalue().splitlines()[-1]
    assert "; jack (cost=2): +4.9 VP [+4.3, +5.5]; jack (cost=8): +3.9 VP [" in last
    assert "jack (cost=14): " in last and last.endswith(" (+1 more)")

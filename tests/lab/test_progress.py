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
    assert last.startswith("pillars-rules balance: 10/20 games (50%), 1.00 games/s, about 10 s left; jack: +3.9 VP [+3.3, +4.5]")

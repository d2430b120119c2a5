"""Turn timers at creation (issue #38): the clock is checked, stored with the
game's record, and chosen in the lobby's form; bad clocks are refused by name."""

from __future__ import annotations

import pytest

from pillars_rules.errors import ConfigError
from pillars_rules.web.lobby import request_from_form
from pillars_rules.web.timers import parse_clock

from .support import client, create, records


@pytest.mark.parametrize(
    "clock, words",
    [
        ({"kind": "hourglass"}, "clock.kind"),
        ({"kind": "move"}, "clock.seconds"),
        ({"kind": "move", "seconds": 1}, "clock.seconds"),
        ({"kind": "game", "seconds": 10**9}, "clock.seconds"),
        ({"kind": "move", "seconds": True}, "clock.seconds"),
        ({"kind": "move", "seconds": 60, "bot": "nobody"}, "clock.bot"),
        ({"kind": "move", "seconds": 60, "when": 1}, "clock must be"),
        ("fast", "clock must be"),
    ],
)
def test_a_bad_clock_is_refused_by_name(clock, words):
    with pytest.raises(ConfigError, match=words):
        parse_clock(clock, "games.sqlite3")


def test_a_clock_needs_the_sqlite_store_and_none_is_no_clock():
    assert parse_clock(None, "x") is None and parse_clock({"kind": "none"}, "x") is None
    with pytest.raises(ConfigError, match="SQLite"):
        parse_clock({"kind": "move", "seconds": 60}, "postgresql://somewhere/db")


def test_the_clock_is_stored_with_the_game_and_the_form_offers_it(tmp_path):
    form = request_from_form(
        {"players": "2", "clock": "game", "clock_minutes": "1440", "clock_bot": "easy", "reveal": "on"}, []
    )
    assert form["clock"] == {"kind": "game", "seconds": 86400.0, "bot": "easy"} and form["reveal"] is True
    assert "clock" not in request_from_form({"players": "2", "clock": "none"}, [])
    with client(tmp_path) as c:
        made = create(c, players=2, clock={"kind": "move", "seconds": 120, "bot": "medium"})
        plain = create(c, players=2)
        assert 'name="clock"' in c.get("/").text
        by_id = {r.game_id: r for r in records(c)}
    assert made["clock"] == by_id[made["game"]].clock == {"kind": "move", "seconds": 120.0, "bot": "medium"}
    assert plain["clock"] is None and by_id[plain["game"]].clock is None


def _clock_state(tmp_path, game_id: str) -> dict | None:
    import json
    import sqlite3

    with sqlite3.connect(tmp_path / "games.sqlite3") as db:
        row = db.execute("SELECT state FROM server_clocks WHERE game_id = ?", (game_id,)).fetchone()
    return json.loads(row[0]) if row else None


def test_a_spent_chess_clock_lets_the_bot_decide_every_later_decision_of_that_seat(tmp_path):
    import time

    with client(tmp_path) as c:
        made = create(
            c,
            seats=[{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}],
            seed=81,
            clock={"kind": "game", "seconds": 5, "bot": "random"},
        )
        end = time.monotonic() + 90
        state = None
        while time.monotonic() < end:
            state = _clock_state(tmp_path, made["game"])
            if state and len(state["ran_out"]) >= 3:
                break
            time.sleep(0.2)
    assert state is not None and len(state["ran_out"]) >= 3, state
    assert {seat for _, seat, _ in state["ran_out"]} == {0}  # only the person's seat is timed
    assert state["left"][0] == 0.0 and state["left"][1] == 5.0
    decisions = [d for d, _, _ in state["ran_out"]]
    assert decisions == sorted(set(decisions))


@pytest.mark.parametrize(
    "clock",
    [
        {"kind": "move"},
        {"kind": "sundial", "seconds": 5, "bot": "random"},
        {"kind": "move", "seconds": "5", "bot": "random"},
        [1],
        "move",
    ],
)
def test_a_damaged_stored_clock_is_named(clock):
    from pillars_rules.web.timers import clock_problem

    assert clock_problem(clock) == "'clock' is not a kind, seconds and a bot"
    assert clock_problem(None) is None and clock_problem({"kind": "game", "seconds": 60.0, "bot": "easy"}) is None


def test_reveal_is_true_or_false(tmp_path):
    with client(tmp_path) as c:
        r = c.post("/games", json={"players": 2, "reveal": "yes"})
    assert r.status_code == 400 and r.json() == {"error": "reveal must be true or false"}

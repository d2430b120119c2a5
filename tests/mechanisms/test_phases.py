"""Phases triggered by a track or a moment (``mechanisms.phases``): the laws as
properties, bad configs refused, and Ora et Labora's settlement phases, bonus round
and ends per mode (``ORA_RULES.md`` §13, cited by number and §; rounds: R7)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pillars_rules.errors import ConfigError, IllegalActionError
from pillars_rules.mechanisms.phases import (
    End,
    Phase,
    PhaseConfig,
    ended,
    moment,
    rotate,
    schedule,
    start,
    start_at,
    waiting,
)

from . import ora

# -- the laws (docs/ora/mechanisms.rst, "phases") ---------------------------------------------


@st.composite
def configs(draw: st.DrawFn) -> PhaseConfig:
    board = draw(st.integers(1, 9))
    n = draw(st.integers(1, 6))
    phases = tuple(
        Phase(f"p{i}", space=draw(st.integers(0, board - 1)))
        if draw(st.booleans())
        else Phase(f"p{i}", after=draw(st.sampled_from(["m", "n"])))
        for i in range(n)
    )
    return PhaseConfig(board=board, phases=phases)


@given(configs(), st.lists(st.sampled_from(["rotate", "m", "n"]), max_size=60))
def test_phases_fire_in_order_each_once_on_their_space_or_moment(cfg: PhaseConfig, ops: list[str]) -> None:
    s, fired = start(cfg), []
    for op in ops:
        ph = waiting(cfg, s)
        got = rotate(cfg, s) if op == "rotate" else moment(cfg, s, op)
        if got.fired is not None:
            assert ph is not None and got.fired == ph.name
            assert (ph.space == got.phases.arm) if op == "rotate" else (ph.after == op)
            fired.append(got.fired)
        else:
            assert got.phases.next == s.next
        s = got.phases
        assert s.arm == s.rotations % cfg.board
    assert fired == [ph.name for ph in cfg.phases[: len(fired)]]
    assert ended(cfg, s) == (len(fired) == len(cfg.phases))


@given(configs())
def test_a_waiting_space_phase_fires_within_one_lap(cfg: PhaseConfig) -> None:
    s = start(cfg)
    ph = waiting(cfg, s)
    if ph is None or ph.space is None:
        return
    laps = [rotate(cfg, start_at(cfg, k)).fired for k in range(cfg.board)]
    assert laps.count(ph.name) == 1
    assert schedule(cfg, cfg.board)[0] == (ph.name, laps.index(ph.name) + 1)


@pytest.mark.parametrize(
    ("kwargs", "where"),
    [
        ({"board": 0, "phases": (Phase("a", space=0),)}, "board"),
        ({"board": 3, "phases": ()}, "phases"),
        ({"board": 3, "phases": ("a",)}, "phases[0]"),
        ({"board": 3, "phases": (Phase("", space=0),)}, "phases[0].name"),
        ({"board": 3, "phases": (Phase("a", space=0), Phase("a", space=1))}, "phases['a']"),
        ({"board": 3, "phases": (Phase("a"),)}, "phases['a']"),
        ({"board": 3, "phases": (Phase("a", space=1, after="m"),)}, "phases['a']"),
        ({"board": 3, "phases": (Phase("a", space=3),)}, "phases['a'].space"),
        ({"board": 3, "phases": (Phase("a", after=""),)}, "phases['a'].after"),
        ({"board": 3, "phases": (Phase("a", space=0, steps=("",)),)}, "phases['a'].steps[0]"),
        ({"board": 3, "phases": (Phase("a", space=0, grants={"x": 0}),)}, "phases['a'].grants['x']"),
        ({"board": 3, "phases": (Phase("a", space=0),), "end": End("z", "c", 1)}, "end.after"),
        ({"board": 3, "phases": (Phase("a", space=0),), "end": End("a", "c", -1)}, "end.at_most"),
    ],
)
def test_a_bad_config_is_refused_saying_where(kwargs: dict[str, object], where: str) -> None:
    with pytest.raises(ConfigError, match=rf"phase config, {re.escape(where)}:"):
        PhaseConfig(**kwargs)  # type: ignore[arg-type]


# -- Ora's phases (data: games/ora/setup.py, via tests/mechanisms/ora.py) -----------------------

R7 = {
    "4 players": (7, 10, 16, 19),
    "3 players": (6, 11, 15, 20),
    "short": (3, 5, 7, 9),
    "2 players": (7, 14, 21, 28),
    "long 2 players": (7, 14, 21, 28),
    "solo": (12, 16, 22, 26),
}


@pytest.mark.parametrize("mode", sorted(R7))
def test_the_marker_on_a_13_space_board_gives_r7s_rounds(mode: str) -> None:
    """R7: the engine triggers by the house marker's space (§3.4); these rounds are the tests."""
    got = schedule(ora.phases(mode), 40)
    assert tuple(r for name, r in got if name in "ABCD") == R7[mode]
    extra = {"4 players": ("bonus round", 25), "3 players": ("bonus round", 25), "short": ("bonus round", 13)}
    extra["solo"] = ("E", 32)  # §9.6; R7
    assert got[4:] == ((extra[mode],) if mode in extra else ())


def test_scenario_26_passing_a_later_decks_space_fires_nothing() -> None:
    """§13 scenario 26 (§3.4, §6.2): 3 players; after A (round 6) the arm passes deck D's
    space (round 7) before B's -> no phase; B's space (round 11) -> phase B."""
    cfg = ora.phases("3 players")
    s = start_at(cfg, 6)
    assert waiting(cfg, s) is not None and waiting(cfg, s).name == "B"  # type: ignore[union-attr]
    after = rotate(cfg, s)
    assert after.phases.arm == cfg.phases[3].space and after.fired is None
    assert [rotate(cfg, start_at(cfg, k)).fired for k in range(7, 11)] == [None, None, None, "B"]


@pytest.mark.parametrize(("mode", "players"), [("4 players", 4), ("3 players", 3)])
def test_phase_a_falls_in_player_3s_round(mode: str, players: int) -> None:
    """R7's check of the caption (§3.7): "the third player will be the first who can build an A building"."""
    (name, round_), *_ = schedule(ora.phases(mode), 40)
    assert name == "A" and (round_ - 1) % players + 1 == 3


def test_the_bonus_round_then_phase_e_ends_the_game() -> None:
    """§4.12, §6.7, §7.1: E comes only after the bonus round; then the game is over."""
    cfg = ora.phases("4 players")
    s = start_at(cfg, 24)
    assert moment(cfg, s, "bonus round over").fired is None and not ended(cfg, s)
    got = rotate(cfg, s)
    assert got.fired == "bonus round" and got.phases.rotations == 25
    last = moment(cfg, got.phases, "bonus round over")
    assert last.fired == "E" and ended(cfg, last.phases)
    a = cfg.phases[0]
    assert a.grants == (("landscape", 1), ("settlement", 1)) and a.steps[-1] == "reveal A"


@pytest.mark.parametrize(("mode", "shown"), [("2 players", 1), ("long 2 players", 3)])
def test_two_players_end_once_d_is_out_and_few_buildings_are_displayed(mode: str, shown: int) -> None:
    """§8.6, §8.7: no fixed length; deck D out and at most 1 (long: 3) buildings displayed."""
    cfg = ora.phases(mode)
    before, after = start_at(cfg, 27), start_at(cfg, 28)
    assert not ended(cfg, before, {"buildings displayed": 0})
    assert ended(cfg, after, {"buildings displayed": shown})
    assert not ended(cfg, after, {"buildings displayed": shown + 1})
    with pytest.raises(IllegalActionError, match="buildings displayed"):
        ended(cfg, after)


def test_solo_e_runs_your_actions_first() -> None:
    """§9.6: in the last round your two actions come between the rotation and the neutral build."""
    cfg = ora.phases("solo")
    assert cfg.phases[0].steps[:3] == ("neutral builds", "neutral prior", "neutral recall")
    assert cfg.phases[-1].steps[:2] == ("two actions", "neutral builds")
    assert ended(cfg, start_at(cfg, 32)) and not ended(cfg, start_at(cfg, 31))

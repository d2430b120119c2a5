"""The rotating track of values (``mechanisms.wheel``): its laws as properties, bad
configs refused, and Ora et Labora's production wheel played through the
rulebook's scenarios (``ORA_RULES.md`` §13, cited by number and §)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pillars_rules.errors import ConfigError, IllegalActionError
from pillars_rules.mechanisms.wheel import (
    Wheel,
    WheelConfig,
    enter,
    new_round,
    rotate,
    start,
    take,
    take_wild,
    worth,
)

from . import ora

# -- the laws (docs/ora/mechanisms.rst, "wheel": State) ---------------------------------------


@st.composite
def configs(draw: st.DrawFn) -> WheelConfig:
    steps = draw(st.lists(st.integers(0, 3), min_size=1, max_size=8))
    values = tuple(sum(steps[: i + 1]) for i in range(len(steps)))
    names = draw(st.lists(st.sampled_from("abcdefg"), min_size=1, max_size=7, unique=True))
    k = draw(st.integers(1, len(names)))
    entering = {n: draw(st.integers(1, 6)) for n in names[k:]}
    wild = draw(st.none() | st.sampled_from(names))
    return WheelConfig(
        values=values,
        indicators=tuple(names[:k]),
        entering=entering,
        at_end=draw(st.sampled_from(["cap", "remove"])),
        wild=wild,
        idle_resets=draw(st.booleans()),
    )


OPS = st.lists(st.tuples(st.sampled_from(["round", "take", "wild", "idle"]), st.sampled_from("abcdefg")), max_size=40)


def _run(cfg: WheelConfig, ops: list[tuple[str, str]]):
    """Play ``ops``, checking each law as it goes; returns (taken, read) totals."""
    w, rnd, taken, read = start(cfg), 0, 0, 0
    for op, name in ops:
        before = dict(w.steps)
        if op == "round":
            rnd += 1
            w = new_round(cfg, w, rnd)
            for n, s in before.items():  # a rotation never lowers a worth
                if n in dict(w.steps):
                    assert cfg.values[dict(w.steps)[n]] >= cfg.values[s]
                else:
                    assert cfg.at_end == "remove" and s == len(cfg.values) - 1
        else:
            wild = op == "wild"
            target = cfg.wild if wild else name
            if target is None or target not in before or (wild and name == cfg.wild) or name not in cfg.names:
                with pytest.raises(IllegalActionError):
                    (take_wild if wild else take)(cfg, w, name)
                continue
            read_now = cfg.values[before[target]]
            got = (take_wild if wild else take)(cfg, w, name, idle=op == "idle")
            assert got.good == name
            after = dict(got.wheel.steps)
            changed = {n for n in before if before[n] != after[n]}
            if op == "idle":
                assert got.amount == 0
                assert got.reset == (target if cfg.idle_resets else None)
                assert changed <= ({target} if cfg.idle_resets else set())
            else:  # a taking resets exactly one indicator, the one taken (or the wild one)
                assert got.reset == target and after[target] == 0 and changed <= {target}
                read += read_now
            taken += got.amount
            w = got.wheel
        assert all(0 <= s < len(cfg.values) for _, s in w.steps)
        assert [n for n, _ in w.steps] == [n for n in cfg.names if n in dict(w.steps)]
    return taken, read


@given(configs(), OPS)
def test_the_laws_hold_along_any_play(cfg: WheelConfig, ops: list[tuple[str, str]]) -> None:
    taken, read = _run(cfg, ops)
    assert taken == read  # the goods taken are the worths read


@given(configs())
def test_a_rotation_reaches_the_last_value_and_caps_or_removes(cfg: WheelConfig) -> None:
    w = start(cfg)
    for _ in range(len(cfg.values) - 1):
        w = rotate(cfg, w)
    assert all(s == len(cfg.values) - 1 for _, s in w.steps)
    once_more = rotate(cfg, w)
    assert once_more == (w if cfg.at_end == "cap" else Wheel(()))


# -- bad configs: a typed error that says what and where ---------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "where"),
    [
        ({"values": ()}, "values: a non-empty tuple"),
        ({"values": [0, 1]}, "values: a non-empty tuple"),
        ({"values": (0, 2, 1)}, "values[2]: 1 is lower than 2"),
        ({"values": (0, "2")}, "values[1]: '2' is not a whole number"),
        ({"values": (0, True)}, "values[1]"),
        ({"indicators": ("a", "a")}, "indicators[1]: 'a' is named twice"),
        ({"indicators": ("a", "")}, "indicators[1]: a name must be a non-empty string"),
        ({"indicators": ["a"]}, "indicators: a tuple of names"),
        ({"entering": {"a": 3}}, "entering['a']: it is named twice"),
        ({"entering": {"c": 0}}, "entering['c']: the round must be a whole number from 1"),
        ({"entering": 5}, "entering: a mapping of name to round"),
        ({"at_end": "wrap"}, "at_end: 'wrap' is not one of cap, remove"),
        ({"wild": "z"}, "wild: 'z' is not one of the track's indicators"),
        ({"idle_resets": "no"}, "idle_resets"),
    ],
)
def test_a_bad_config_is_refused_with_where(kwargs: dict, where: str) -> None:
    base = {"values": (0, 1, 2), "indicators": ("a", "b")}
    with pytest.raises(ConfigError) as e:
        WheelConfig(**{**base, **kwargs})
    assert e.value.reason.startswith("wheel config, ") and where in e.value.reason, e.value.reason


def test_unknown_and_absent_indicators_are_illegal_with_a_reason() -> None:
    cfg = ora.wheel()
    w = start(cfg)
    with pytest.raises(IllegalActionError, match="no indicator 'gold'"):
        take(cfg, w, "gold")
    with pytest.raises(IllegalActionError, match="'stone' is not on the track"):
        take(cfg, w, "stone")
    with pytest.raises(IllegalActionError, match="no wild indicator"):
        take_wild(WheelConfig(values=(0, 1), indicators=("a",)), Wheel((("a", 0),)), "a")


# -- Ora et Labora's wheel: the rulebook's scenarios (ORA_RULES.md §13) ------------------------


def _at(cfg: WheelConfig, **steps: int) -> Wheel:
    return Wheel(tuple((n, steps[n]) for n in cfg.names if n in steps))


def test_r9_indicators_start_on_0_and_round_1_rotates() -> None:
    """R9 (§2.4, §3.3): round 1 rotates, so every indicator is worth 2 (front) or 1 (back)."""
    for mode, first in (("4 players", 2), ("2 players", 1)):
        cfg = ora.wheel(mode)
        w = new_round(cfg, start(cfg), 1)
        assert {worth(cfg, w, n) for n in ora.BASIC} == {first}


def test_scenario_4_an_indicator_on_10_stays_on_10() -> None:
    """§13.4 (§3.3, §5.1): the sheep indicator on 10 is still on 10 after the rotation."""
    cfg = ora.wheel()
    w = rotate(cfg, _at(cfg, sheep=12, wood=11))
    assert worth(cfg, w, "sheep") == 10 and w.step("sheep") == 12
    assert worth(cfg, w, "wood") == 10


def test_scenario_5_solo_an_indicator_on_10_leaves_the_game() -> None:
    """§13.5 (§9.2; R23): solo, clay on 10 is removed by the rotation; the joker can still give clay."""
    cfg = ora.wheel("solo")
    w = rotate(cfg, _at(cfg, clay=12, joker=4))
    assert "clay" not in w.present()
    with pytest.raises(IllegalActionError):
        take(cfg, w, "clay")
    got = take_wild(cfg, w, "clay")
    assert (got.good, got.amount, got.wheel.step("joker")) == ("clay", 6, 0)
    # R23: the joker itself leaves at 10 as well
    assert "joker" not in rotate(cfg, _at(cfg, joker=12)).present()


def test_scenario_6_a_taking_resets_and_the_next_taker_gets_0() -> None:
    """§13.6 (§5.1): sheep worth 4 -> 4 sheep, indicator to 0; a second player gets 0."""
    cfg = ora.wheel()
    w = _at(cfg, sheep=3, wood=5)
    assert worth(cfg, w, "sheep") == 4
    first = take(cfg, w, "sheep")
    assert (first.amount, first.wheel.step("sheep"), first.wheel.step("wood")) == (4, 0, 5)
    assert take(cfg, first.wheel, "sheep").amount == 0


def test_scenario_7_the_joker_instead_of_clay() -> None:
    """§13.7 (§5.2 example 1): clay on 3, joker on 5, joker chosen -> 5 clay; joker to 0; clay stays."""
    cfg = ora.wheel()
    w = _at(cfg, clay=2, joker=4)  # front: 2 steps worth 3, 4 steps worth 5
    assert (worth(cfg, w, "clay"), worth(cfg, w, "joker")) == (3, 5)
    got = take_wild(cfg, w, "clay")
    assert (got.good, got.amount, got.reset) == ("clay", 5, "joker")
    assert (got.wheel.step("joker"), worth(cfg, got.wheel, "clay")) == (0, 3)


def test_scenario_8_the_joker_for_stone_not_yet_in_play() -> None:
    """§13.8 (§5.2 example 2): round 5, stone not on the wheel, joker on 5 -> 5 stone; joker to 0."""
    cfg = ora.wheel()
    w = start(cfg)
    for r in range(1, 6):
        w = new_round(cfg, w, r)
    assert "stone" not in w.present() and worth(cfg, w, "joker") == 6  # 5 rotations
    w = _at(cfg, **{**dict(w.steps), "joker": 4})
    got = take_wild(cfg, w, "stone")
    assert (got.good, got.amount, got.wheel.step("joker")) == ("stone", 5, 0)
    assert "stone" not in got.wheel.present()


def test_scenario_9_grapes_and_stone_enter_on_0() -> None:
    """§13.9 (§3.3, §5.3; R6): France, round 8 -> grapes on 0 (after that round's rotation),
    round 13 -> stone on 0; Ireland round 8 -> no grape indicator."""
    for variant in ("france", "ireland"):
        cfg = ora.wheel(variant=variant)
        w = start(cfg)
        for r in range(1, 14):
            w = new_round(cfg, w, r)
            if r == 7:
                assert "grapes" not in w.present()
            if r == 8:
                assert ("grapes" in w.present()) == (variant == "france")
                assert variant == "ireland" or worth(cfg, w, "grapes") == 0
            if r == 12:
                assert "stone" not in w.present()
        assert w.step("stone") == 0
        assert variant == "ireland" or w.step("grapes") == 5
    # entering twice (an indicator present already) leaves it alone
    cfg = ora.wheel()
    w = _at(cfg, wood=1, grapes=3)
    assert enter(cfg, w, 8) == w


def test_short_game_and_2_player_entries() -> None:
    """§5.3 table (R6): short game rounds 4 and 6; 2 players turns 11 and 18 on the back."""
    assert dict(ora.wheel("short").entering) == {"grapes": 4, "stone": 6}
    cfg = ora.wheel("2 players")
    assert cfg.values == ora.BACK and dict(cfg.entering) == {"grapes": 11, "stone": 18}


def test_scenario_10_felling_with_wood_on_0() -> None:
    """§13.10 (§4.5): wood on 0 -> 0 wood; the taking still counts (the indicator stays on 0)."""
    cfg = ora.wheel()
    got = take(cfg, _at(cfg, wood=0, peat=3), "wood")
    assert (got.amount, got.reset, got.wheel.step("wood")) == (0, "wood", 0)


def test_scenario_11_cutting_peat_with_no_moor_left_does_not_reset() -> None:
    """§13.11 (§4.5): no moor card left, peat worth 5 -> 0 peat, the peat indicator stays on 5."""
    cfg = ora.wheel()
    w = _at(cfg, peat=4)
    assert worth(cfg, w, "peat") == 5
    got = take(cfg, w, "peat", idle=True)
    assert (got.amount, got.reset, got.wheel) == (0, None, w)
    assert worth(cfg, got.wheel, "peat") == 5


def test_scenario_12_felling_with_the_joker() -> None:
    """§13.12 (§4.5, §5.2): joker 6, wood 2, joker chosen -> 6 wood; joker to 0; wood still 2."""
    cfg = ora.wheel()
    w = _at(cfg, wood=1, joker=5)
    assert (worth(cfg, w, "wood"), worth(cfg, w, "joker")) == (2, 6)
    got = take_wild(cfg, w, "wood")
    assert (got.amount, got.wheel.step("joker"), worth(cfg, got.wheel, "wood")) == (6, 0, 2)


def test_r21_solo_joker_waits_for_round_12() -> None:
    """R21 (§9.1): solo, the joker enters the wheel on 0 at settlement phase A (round 12)."""
    cfg = ora.wheel("solo")
    w = start(cfg)
    for r in range(1, 12):
        w = new_round(cfg, w, r)
    assert "joker" not in w.present() and "grapes" not in cfg.names and "stone" not in cfg.names
    w = new_round(cfg, w, 12)
    assert w.step("joker") == 0
    # 12 rotations put every basic indicator on 10; the 13th removes those never taken (§9.2)
    assert {worth(cfg, w, n) for n in ora.BASIC[:-1]} == {10}
    assert rotate(cfg, w).present() == ("joker",)

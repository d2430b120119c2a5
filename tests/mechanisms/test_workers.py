"""Workers that stay on a card until recalled (``mechanisms.workers``): the laws as
properties, bad configs refused, and Ora et Labora's clergy through the rulebook's
scenarios (``ORA_RULES.md`` §13, cited by number and §)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pillars_rules.errors import ConfigError, IllegalActionError
from pillars_rules.mechanisms.workers import (
    Recall,
    WorkerConfig,
    all_placed,
    can_place,
    free,
    on_card,
    place,
    recall,
    recall_at,
    start,
)

from . import ora

# -- the laws (docs/ora/mechanisms.rst, "worker": State) --------------------------------------

CONFIG = WorkerConfig(
    kinds=(("a", 1), ("b", 2)),
    recalls=(Recall("dawn"), Recall("dusk", when="always", kinds={"a"})),
)
OPS = st.lists(
    st.tuples(
        st.sampled_from(["place", "shared", "recall", "dawn", "dusk"]),
        st.integers(0, 2),
        st.sampled_from("ab"),
        st.sampled_from(["c1", "c2", "c3", "c4"]),
    ),
    max_size=40,
)


@given(OPS)
def test_the_laws_hold_along_any_play(ops: list[tuple[str, int, str, str]]) -> None:
    w, shared_cards = start(CONFIG, 3), set()
    for op, seat, kind, card in ops:
        before = w
        if op in ("place", "shared"):
            why = can_place(CONFIG, w, seat, kind, card, shared=op == "shared")
            if why is None:
                w = place(CONFIG, w, seat, kind, card, shared=op == "shared")
                if op == "shared":
                    shared_cards.add(card)
                assert len(free(w, seat)) == len(free(before, seat)) - 1
            else:
                with pytest.raises(IllegalActionError):
                    place(CONFIG, w, seat, kind, card, shared=op == "shared")
        elif op == "recall":
            w = recall(w, seat, {kind})
            assert kind not in {x.kind for x in w.of(seat) if x.at is not None}
        else:
            w = recall_at(CONFIG, w, op)
        for s in range(3):  # the count of workers per seat, and per kind, is constant
            assert sorted(x.kind for x in w.of(s)) == ["a", "b", "b"]
        for x, y in zip(before.all, w.all, strict=True):  # a recall never places; a place moves one
            if op not in ("place", "shared"):
                assert y.at in (None, x.at)
        for c in {"c1", "c2", "c3", "c4"} - shared_cards:  # one worker per card, unless shared
            assert len(on_card(w, c)) <= 1


def test_recall_when_all_placed_reads_the_seats_before_the_moment() -> None:
    cfg = WorkerConfig(kinds=(("a", 1),), recalls=(Recall("m", kinds={"a"}), Recall("m")))
    w = place(cfg, start(cfg, 2), 0, "a", "x")
    assert free(recall_at(cfg, w, "m"), 0) == ("a",)
    assert recall_at(cfg, w, "other") == w


@pytest.mark.parametrize(
    ("kwargs", "where"),
    [
        ({"kinds": ()}, "kinds"),
        ({"kinds": (("a", 0),)}, "kinds['a']"),
        ({"kinds": (("a", 1), ("a", 2))}, "kinds[1]"),
        ({"kinds": (("", 1),)}, "kinds[0]"),
        ({"kinds": (("a", 1),), "recalls": (Recall("m", when="soon"),)}, "recalls[0].when"),
        ({"kinds": (("a", 1),), "recalls": (Recall("m", kinds={"z"}),)}, "recalls[0].kinds"),
        ({"kinds": (("a", 1),), "recalls": (Recall(""),)}, "recalls[0].moment"),
    ],
)
def test_a_bad_config_is_refused_saying_where(kwargs: dict[str, object], where: str) -> None:
    with pytest.raises(ConfigError, match=rf"worker config, {__import__('re').escape(where)}:"):
        WorkerConfig(**kwargs)  # type: ignore[arg-type]


def test_bad_placements_say_why() -> None:
    w = start(CONFIG, 2)
    assert can_place(CONFIG, w, 2, "a", "c") == "there is no seat 2"
    assert "not a kind" in (can_place(CONFIG, w, 0, "z", "c") or "")
    w = place(CONFIG, w, 0, "a", "c")
    assert can_place(CONFIG, w, 0, "a", "d") == "seat 0 has no a worker left to place"
    assert can_place(CONFIG, w, 1, "a", "c") == "the card c is occupied"
    assert can_place(CONFIG, w, 1, "a", "c", shared=True) is None


# -- Ora's clergy (data: games/ora/setup.py, via tests/mechanisms/ora.py) -----------------------


def _placed(cfg: WorkerConfig, w, seat: int, kinds: list[str]):  # type: ignore[no-untyped-def]
    for i, kind in enumerate(kinds):
        w = place(cfg, w, seat, kind, f"s{seat}-b{i}")
    return w


def test_scenario_3_only_a_player_with_all_three_placed_takes_them_back() -> None:
    """§13 scenario 3 (§3.2): A has 2 of 3 placed, B all 3 -> B takes all 3 back, A none."""
    cfg = ora.clergy()
    w = _placed(cfg, start(cfg, 2), 0, ["prior", "lay brother"])
    w = _placed(cfg, w, 1, ["prior", "lay brother", "lay brother"])
    assert all_placed(w, 1) and not all_placed(w, 0)
    after = recall_at(cfg, w, "round start")
    assert free(after, 1) == ("prior", "lay brother", "lay brother")
    assert free(after, 0) == ("lay brother",)


def test_short_game_two_clergymen_return_when_both_are_placed() -> None:
    """§10.4: 1 prior + 1 lay brother; both return when both are on buildings."""
    cfg = ora.clergy("short")
    w = _placed(cfg, start(cfg, 1), 0, ["prior", "lay brother"])
    assert free(recall_at(cfg, w, "round start"), 0) == ("prior", "lay brother")


def test_two_players_recall_after_the_rotation() -> None:
    """§8.3, R20: the return follows the rotation; nothing returns at the round's start."""
    cfg = ora.clergy("2 players")
    w = _placed(cfg, start(cfg, 2), 0, ["prior", "lay brother", "lay brother"])
    assert recall_at(cfg, w, "round start") == w
    assert free(recall_at(cfg, w, "after rotation"), 0) == ("prior", "lay brother", "lay brother")


def test_scenario_29_bonus_round_the_prior_comes_home_and_may_join_an_occupied_card() -> None:
    """§13 scenario 29 (§4.12): at the bonus round's start every prior comes home (lay
    brothers stay); the prior may go, free, on an opponent's occupied building."""
    cfg = ora.clergy()
    w = _placed(cfg, start(cfg, 2), 0, ["prior", "lay brother", "lay brother"])
    w = place(cfg, w, 1, "lay brother", "s1-b0")
    w = recall_at(cfg, w, "bonus round")
    assert free(w, 0) == ("prior",)
    assert can_place(cfg, w, 0, "prior", "s1-b0") == "the card s1-b0 is occupied"
    w = place(cfg, w, 0, "prior", "s1-b0", shared=True)
    assert {(x.seat, x.kind) for x in on_card(w, "s1-b0")} == {(0, "prior"), (1, "lay brother")}


def test_a_card_recalls_the_prior_only() -> None:
    """The Locutory's recall (lexicon I23): the prior comes home, the lay brothers stay."""
    cfg = ora.clergy()
    w = _placed(cfg, start(cfg, 1), 0, ["prior", "lay brother"])
    assert free(recall(w, 0, {"prior"}), 0) == ("prior", "lay brother")

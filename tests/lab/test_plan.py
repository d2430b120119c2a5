"""Which sets a run plays and what each judges (pillars_rules.lab.plan), and
the numbers of a card that tune may vary (pillars_rules.lab.tune)."""

import numpy as np
import pytest

import pillars_rules as pr
from pillars_rules.lab import tune
from pillars_rules.lab.games import cardset, read_sources
from pillars_rules.lab.plan import Role, plan

COMMON = dict(players=2, bots=("random",), seed=1, rotate=True, gold=6)


def test_one_new_card_is_judged_alone_against_the_base_set():
    specs, roles = plan(COMMON, (), read_sources(["examples/lab/alchemist.cards"]))
    assert list(specs) == ["base", "alone: alchemist"]
    assert specs["alone: alchemist"].targets == ("alchemist",) and specs["base"].targets == ()
    assert roles["alone: alchemist"].kind == "alone"


def test_several_cards_each_alone_then_together_and_events_by_a_b():
    cards = read_sources(["examples/fan_cards/craftsmen.cards", "examples/fan_cards/events.cards"])
    specs, roles = plan(COMMON, (), cards, against=("joiner_r2",))
    new = [c for c in cardset(specs["together"]).by_id if c not in pr.load_cards()]
    events = [c for c in new if cardset(specs["together"])[c].kind == "event"]
    assert events and list(specs) == [
        "base",
        *(f"alone: {c}" for c in new),
        "together",
        *(f"together without: {e}" for e in events),
    ]
    for e in events:  # judged together by the A/B of the together set with and without it
        without = cardset(specs[f"together without: {e}"])
        assert e not in without.by_id and set(without.by_id) == set(cardset(specs["together"]).by_id) - {e}
        assert roles[f"together without: {e}"] == Role("without", (e,), reference="together")
    for c in new:
        s = specs[f"alone: {c}"]
        assert {x.id for x in cardset(s)} - set(pr.load_cards().by_id) == {c}  # that card only
        if cardset(s)[c].kind == "event":
            assert s.targets == () and s.scale
        else:
            assert s.targets == (c, "joiner_r2")
    assert "market_day" not in specs["together"].targets and "tiler" in specs["together"].targets


def test_a_changed_base_card_is_compared_with_its_base_version():
    specs, roles = plan(COMMON, (), read_sources(["examples/lab/joiner_capacity3.cards"]))
    assert specs["base"].targets == ("joiner_r2",) and specs["alone: joiner_r2"].targets == ("joiner_r2",)
    assert cardset(specs["alone: joiner_r2"])["joiner_r2"] != pr.load_cards()["joiner_r2"]


def test_the_base_report_judges_every_base_card_a_seat_can_take_and_base_events_without_them():
    specs, roles = plan(COMMON)
    judged = specs["base"].targets
    assert "carpenter" not in judged and "cold_winter" not in judged
    assert {"mason_r1", "jack", "forest_3"} <= set(judged)
    specs, roles = plan(COMMON, targets=("cold_winter", "jack"))
    assert specs["base"].targets == ("jack",) and specs["without: cold_winter"].without == ("cold_winter",)
    assert "cold_winter" not in cardset(specs["without: cold_winter"])
    with pytest.raises(pr.ConfigError, match="no card nope"):
        plan(COMMON, targets=("nope",))
    with pytest.raises(pr.ConfigError, match="--against carpenter"):
        plan(COMMON, (), read_sources(["examples/lab/alchemist.cards"]), against=("carpenter",))


def test_numbers_of_a_card_have_names_and_vary_rewrites_exactly_one():
    cards = pr.load_cards()
    names = {n["name"]: n["value"] for n in tune.numbers(cards["joiner_r2"])}
    assert names == {"round": 2, "cost": 3, "in_wood": 1, "out_vp": 1, "capacity": 2}
    assert {n["name"] for n in tune.numbers(cards["forest_3"])} == {"yields", "workers"}
    text = tune.vary(cards["joiner_r2"], "capacity", 3, cards)
    assert "capacity 3" in text and "cost 3 gold" in text
    assert tune.vary(cards["joiner_r2"], "#2", 9, cards).count("cost 9 gold") == 1
    with pytest.raises(pr.CardError):
        tune.vary(cards["joiner_r2"], "round", 9, cards)
    with pytest.raises(pr.ConfigError, match="no number called 'speed'.*capacity=2"):
        tune.find(cards["joiner_r2"], "speed")
    assert tune.parse_range("cost=2..10:4") == ("cost", [2, 6, 10])
    for bad in ("cost", "cost=5..2", "cost=1..100"):
        with pytest.raises(pr.ConfigError):
            tune.parse_range(bad)


def _units(i, value, rng):
    # a card whose effect falls by 0.5 VP per gold of cost: zero at cost 6
    return [
        {
            "card": "x",
            "seat": 0,
            "round": 2,
            "at": "draft",
            "took": True,
            "take": {"vp": 40 + 0.5 * (6 - value) + rng.normal(0, 1), "win": 0, "rank": 1, "gold": 0},
            "ref": {"vp": 40, "win": 0, "rank": 1, "gold": 0},
        }
    ]


def test_analyse_finds_where_the_fitted_effect_crosses_zero_with_an_interval():
    rng = np.random.default_rng(5)
    values = [2, 4, 6, 8, 10]
    records = {
        f"cost={v}": [{"i": i, "seed": i, "units": _units(i, v, rng), "gold": []} for i in range(80)] for v in values
    }
    out = tune.analyse(records, "x", "cost", values)
    assert out["how"] == "fitted" and out["fair"] == 6 and out["fit"]["ordered"]
    assert out["fit"]["lo"] < 6 < out["fit"]["hi"] and out["fit"]["hi"] - out["fit"]["lo"] < 2
    flat = {
        k: [dict(r, units=[dict(u, take=dict(u["take"], vp=40 + rng.normal(0, 1))) for u in r["units"]]) for r in rs]
        for k, rs in records.items()
    }
    assert tune.analyse(flat, "x", "cost", values)["how"] == "closest"


def _strong(i, value, rng):
    # far too strong at every cost: +45 VP whatever it costs (the author's card)
    return [
        {
            "card": "x",
            "seat": 0,
            "round": 2,
            "at": "draft",
            "took": True,
            "take": {"vp": 85 + rng.normal(0, 1) - 0.01 * value, "win": 1, "rank": 1, "gold": 0},
            "ref": {"vp": 40, "win": 0, "rank": 2, "gold": 0},
        }
    ]


def test_no_fair_value_when_every_value_is_too_strong_or_the_fitted_zero_lies_outside():
    rng = np.random.default_rng(7)
    values = [2, 9, 16, 23, 30]
    records = {
        f"cost={v}": [{"i": i, "seed": i, "units": _strong(i, v, rng), "gold": []} for i in range(40)] for v in values
    }
    out = tune.analyse(records, "x", "cost", values)
    assert out["fair"] is None and out["how"] in ("outside", "none")
    assert {r["status"] for r in out["rows"]} == {"too strong"}
    # ordered, but the line crosses zero far outside the range tried
    rng = np.random.default_rng(8)
    steep = {
        f"cost={v}": [
            {
                "i": i,
                "seed": i,
                "units": [
                    dict(u, take=dict(u["take"], vp=85 - 0.5 * v + rng.normal(0, 0.1))) for u in _strong(i, v, rng)
                ],
                "gold": [],
            }
            for i in range(40)
        ]
        for v in values
    }
    out = tune.analyse(steep, "x", "cost", values)
    assert out["fit"]["ordered"] and out["fit"]["root"] > 30 and out["how"] == "outside" and out["fair"] is None


def test_values_with_too_few_chances_are_not_judged_and_never_chosen():
    rng = np.random.default_rng(9)
    values = [2, 4]
    records = {
        f"cost={v}": [
            {"i": i, "seed": i, "units": _units(i, 6, rng) if (v == 4 or i < 5) else [], "gold": []} for i in range(40)
        ]
        for v in values
    }
    out = tune.analyse(records, "x", "cost", values)
    assert [r["status"] for r in out["rows"]] == ["not judged", "fair"]
    assert out["closest"] == 4 and out["fair"] in (4, None)


def test_the_expansion_board_is_shared_by_every_set_and_six_seats_play():
    common = {**COMMON, "players": 6}
    specs, roles = plan(common, (), read_sources(["cards/expansion"]))
    judged = {c for r in roles.values() for c in r.cards}
    assert {"brickmaker", "day_labourer", "gravel_pit", "black_builder"} <= judged
    assert not judged & {"tax_collector", "crusades", "crusade_1a"}  # the board is the table, not judged
    for spec in specs.values():
        assert cardset(spec).board.spec.players == (2, 3, 4, 5, 6)

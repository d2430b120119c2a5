"""From paired units to causal values, gold, flags and power
(pillars_rules.lab.effects, .verdict, .metrics)."""

import math

import numpy as np
import pytest

from pillars_rules.lab import effects, metrics
from pillars_rules.lab.verdict import say


def _unit(card, d_vp, d_win=0.0, rnd=2, took=True):
    return {
        "card": card,
        "seat": 0,
        "round": rnd,
        "at": "draft",
        "took": took,
        "take": {"vp": 40 + d_vp, "win": d_win, "rank": 1, "gold": 0},
        "ref": {"vp": 40, "win": 0.0, "rank": 2, "gold": 0},
    }


def _record(i, units, gold_swing=None, rnd=2):
    gold = (
        []
        if gold_swing is None
        else [
            {
                "round": rnd,
                "seat": 0,
                "n": 6,
                "gold_before": 10,
                "given": [6, 6],
                "more": {"vp": 40 + gold_swing, "win": 0, "rank": 1, "gold": 0},
                "less": {"vp": 40, "win": 0, "rank": 1, "gold": 0},
            }
        ]
    )
    return {"i": i, "seed": i, "units": units, "gold": gold}


def test_ratio_interval_is_the_cluster_robust_one_over_the_games_with_a_chance():
    num, den = np.array([3.0, -1.0, 4.0, 0.0, 2.0, 0.0]), np.array([2.0, 1.0, 2.0, 1.0, 1.0, 0.0])
    r = effects.ratio_ci(num, den)
    value = 8 / 7
    resid = (num - value * den)[:5]  # the game without a chance is no cluster: 5 games, 4 df
    se = math.sqrt(5 / 4 * (resid**2).sum()) / 7
    assert r["value"] == pytest.approx(value) and r["se"] == pytest.approx(se)
    assert r["games"] == 5 and r["clusters"] == 6 and r["df"] == 4
    assert r["hi"] - r["value"] == pytest.approx(2.7764451 * se, rel=1e-6)  # t(0.975, 4 df)


def test_the_interval_is_never_narrower_than_the_chances_counted_alone():
    # the issue's 16-game Potter copy: 19 chances in 11 of 16 games, offsetting within games
    per_game = [[4], [8], [5, 0], [1, 5], [4], [-4, 10], [7], [1, -1, 9], [7, 3], [10, -6, 11], [0]] + [[]] * 5
    num = np.array([sum(d) for d in per_game], dtype=float)
    den = np.array([len(d) for d in per_game], dtype=float)
    sq = np.array([sum(x * x for x in d) for d in per_game], dtype=float)
    r = effects.ratio_ci(num, den, sq=sq)
    d = np.concatenate([x for x in per_game if x])
    assert r["se_units"] == pytest.approx(d.std(ddof=1) / math.sqrt(19)) and r["se_units"] > 2 * r["se_cluster"]
    assert r["se"] == r["se_units"] and r["games"] == 11 and r["df"] <= 10


def test_holm_matches_the_step_down_rule_and_ignores_nan():
    assert effects.holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    out = effects.holm([0.2, float("nan"), 0.01])
    assert out[0] == pytest.approx(0.2) and math.isnan(out[1]) and out[2] == pytest.approx(0.02)


def test_card_effect_gives_vp_win_worth_in_gold_and_power():
    rng = np.random.default_rng(1)
    records = [_record(i, [_unit("x", 3 + rng.normal(0, 2), 0.2)], gold_swing=4 + rng.normal(0, 2)) for i in range(60)]
    e = effects.card_effect(records, "x")
    assert e["units"] == 60 and e["vp"]["lo"] < e["vp"]["value"] < e["vp"]["hi"]
    beta = e["gold_scale"]["value"]
    assert beta == pytest.approx(np.mean([r["gold"][0]["more"]["vp"] - 40 for r in records]) / 12)
    assert e["worth"]["value"] == pytest.approx(e["vp"]["value"] / beta)
    assert e["worth"]["lo"] < e["worth"]["value"] < e["worth"]["hi"]
    assert e["mde"]["vp"] == pytest.approx((1.959964 + 0.841621) * e["vp"]["se"], rel=1e-5)
    assert effects.games_needed(e, e["mde"]["vp"]) == 60
    assert effects.games_needed(e, e["mde"]["vp"] / 2) == 240


def test_judge_flags_only_what_survives_holm_and_aborted_games_do_not_count():
    rng = np.random.default_rng(2)
    records = [
        _record(i, [_unit("strong", 5 + rng.normal(0, 2)), _unit("fair", rng.normal(0, 2))], 4) for i in range(40)
    ] + [{"i": 40, "seed": 40, "bots": [], "aborted": "too many events"}]
    strong, fair = effects.judge([effects.card_effect(records, "strong"), effects.card_effect(records, "fair")])
    assert strong["flag"] == 1 and fair["flag"] == 0 and strong["seeds"] == 40
    assert strong["p_holm"] == pytest.approx(min(1, 2 * strong["vp"]["p"]))  # the smaller of 2 p-values, times 2


def test_contrast_of_a_card_with_itself_is_zero_and_across_sets_matches_seeds():
    rng = np.random.default_rng(3)
    a = [_record(i, [_unit("x", rng.normal(1, 2)), _unit("y", rng.normal(1, 2))]) for i in range(30)]
    same = effects.contrast(a, "x", None, "x")
    assert same["value"] == 0 and same["se"] == 0
    c = effects.contrast(a, "x", None, "y")
    assert c["lo"] < c["value"] < c["hi"] and 0 < c["p"] <= 1
    b = [dict(r, units=[_unit("x", u["take"]["vp"] - 40 + 2) for u in r["units"] if u["card"] == "x"]) for r in a[5:]]
    shifted = effects.contrast(b, "x", a, "x")  # matched seed by seed: only the 25 shared seeds
    assert shifted["clusters"] == 25 and shifted["value"] == pytest.approx(2)


def test_verdicts_say_worth_cost_and_what_the_games_can_tell():
    base = {
        "card": "x",
        "units": 300,
        "seeds": 200,
        "vp": {"value": 1.0, "lo": 0.5, "hi": 1.5},
        "mde": {"vp": 0.6, "gold": 1.9},
        "gold_scale": {"value": 0.31},
    }
    strong = {**base, "flag": 1, "worth": {"value": 3.2, "lo": 1.4, "hi": 5.0}}
    assert say(strong, 4) == (
        "worth about +3 gold (95%: +1 to +5): too strong for cost 4; cost + worth guesses a fair cost "
        "of 7 (measure it: balance tune x --vary cost=4..10:2)"
    )
    huge = {**base, "flag": 1, "worth": {"value": 400.0, "lo": 200.0, "hi": float("inf")}}
    assert "no gold cost can make it fair" in say(huge, 1) and "at least +200" in say(huge, 1)
    weak = {**base, "flag": -1, "worth": {"value": -5.0, "lo": -8.0, "hi": -2.0}}
    assert say(weak, 3) == "worth about -5 gold (95%: -8 to -2): too weak even for free: strengthen what it does"
    fair = {**base, "flag": 0, "worth": {"value": 0.4, "lo": -1.6, "hi": 2.4}}
    assert "fair at cost 5 as far as 200 games can tell (they detect ±1.9 gold" in say(fair, 5)
    assert "not judged" in say({**fair, "units": 3}, 5)


def _game(i, vp_rounds, winners, seat0_win):
    seats = [
        {"vp": r[-1], "win": (1 / len(winners)) if s in winners else 0.0, "vp_rounds": r}
        for s, r in enumerate(vp_rounds)
    ]
    seats[0]["win"] = seat0_win
    return {"i": i, "seed": i, "winners": winners, "decisions": 100 + i, "choices": 600 + 6 * i, "seats": seats}


def test_game_metrics_drama_lead_changes_ties_and_paired_differences():
    comeback = _game(0, [[5, 6, 20], [8, 12, 18]], [0], 1.0)  # seat 0 trailed by 6 at round 2, then won
    assert metrics.drama(comeback) == 6 and metrics.lead_changes(comeback) == 1
    wire = _game(1, [[5, 9, 20], [1, 2, 3]], [0], 1.0)
    assert metrics.drama(wire) == 0 and metrics.lead_changes(wire) == 0
    tie = _game(2, [[5, 5, 9], [5, 6, 9]], [0, 1], 0.5)
    m = metrics.game_metrics([comeback, wire, tie, {"i": 3, "seed": 3, "aborted": "x"}], players=2)
    assert m["games"] == 3 and m["aborted"] == 1
    assert m["tie"]["value"] == pytest.approx(1 / 3) and m["drama"]["value"] == pytest.approx(2)
    assert m["branching"]["value"] == pytest.approx(6) and m["start_player"]["advantage"] == pytest.approx(
        5 / 6 - 1 / 2
    )
    later = [dict(g, decisions=g["decisions"] + 10) for g in (comeback, wire, tie)]
    d = metrics.paired([comeback, wire, tie], later, 2)
    assert d["length"]["value"] == 10 and d["length"]["se"] == 0 and d["drama"]["value"] == 0


def test_a_card_with_too_few_chances_is_not_judged_and_stays_out_of_the_family():
    """Four identical differences have no spread, so their p-value is 0: without
    the minimum the card was flagged on 4 chances while its verdict said "not
    judged" (seen in a 6-game report of examples/fan_cards)."""
    from pillars_rules.lab.verdict import MIN_UNITS

    rng = np.random.default_rng(4)
    records = [
        _record(i, [_unit("strong", 5 + rng.normal(0, 2))] + ([_unit("few", 2.0)] if i < MIN_UNITS - 1 else []), 4)
        for i in range(40)
    ]
    few, strong = effects.judge([effects.card_effect(records, "few"), effects.card_effect(records, "strong")])
    assert few["units"] == MIN_UNITS - 1 and few["vp"]["p"] == 0.0
    assert few["flag"] is None and math.isnan(few["p_holm"]) and say(few).startswith("not judged")
    assert strong["flag"] == 1 and strong["p_holm"] == pytest.approx(strong["vp"]["p"])  # a family of one
    c = effects.contrast(records, "few", None, "strong")
    assert c["units"] == (MIN_UNITS - 1, 40) and math.isnan(effects.family_p(c))


def test_fair_only_when_the_interval_holds_zero_and_words_when_vp_cannot_be_gold():
    base = {
        "card": "x",
        "units": 300,
        "seeds": 30,
        "vp": {"value": 1.0, "lo": 0.2, "hi": 1.8},
        "mde": {"vp": 0.6, "gold": 1.9, "family": 6},
        "gold_scale": {"value": 0.31},
        "flag": 0,
        "p_holm": 0.12,
    }
    leaning = say({**base, "worth": {"value": 4.0, "lo": 1.0, "hi": 10.0}}, 5)
    assert "fair" not in leaning and leaning.startswith("worth about +4 gold (95%: +1 to +10): leaning too strong")
    assert "Holm p = 0.12 over 6 tests" in leaning
    weak = say({**base, "worth": {"value": -4.0, "lo": -9.0, "hi": -1.0}}, 5)
    assert "leaning too weak for cost 5" in weak and "below zero" in weak
    no_gold = {
        **base,
        "vp": {"value": 0.1, "lo": -1.0, "hi": 0.9},
        "worth": {"value": float("nan"), "lo": float("nan"), "hi": float("nan"), "why": effects.NO_GOLD},
    }
    said = say(no_gold, 5)
    assert said.startswith("worth about +0.1 VP (95%: -1.0 to +0.9); too few games to express it in gold: fair")
    assert "inf" not in said


def test_one_side_in_gold_is_given_when_vp_is_sure_but_the_gold_scale_is_not():
    # a card worth +95 VP whose games cannot yet tell a gold piece's worth (0.11, -0.13 to +0.35):
    # a gold piece is worth at most 0.35 VP, so the card at least 95 / 0.35 = 271 gold
    assert effects.gold_bound({"lo": 95.0, "hi": 99.0}, {"lo": -0.13, "hi": 0.35}) == {"least": 95.0 / 0.35}
    assert effects.gold_bound({"lo": -3.0, "hi": -1.0}, {"lo": -0.13, "hi": 0.5}) == {"most": -2.0}
    for vp, beta in (
        ({"lo": -1.0, "hi": 2.0}, {"lo": -0.1, "hi": 0.3}),  # VP holds zero
        ({"lo": 5.0, "hi": 9.0}, {"lo": -0.3, "hi": -0.1}),  # no positive top end
        ({"lo": 5.0, "hi": 9.0}, {"lo": -0.3, "hi": float("inf")}),
        ({"lo": 5.0, "hi": 9.0}, {"lo": float("nan"), "hi": float("nan")}),
    ):
        assert effects.gold_bound(vp, beta) == {}
    nan = float("nan")
    strong = {
        "card": "x",
        "units": 30,
        "seeds": 40,
        "flag": 1,
        "vp": {"value": 97.2, "lo": 94.9, "hi": 99.5},
        "gold_scale": {"value": 0.11, "lo": -0.13, "hi": 0.35},
        "mde": {"vp": 3.0, "gold": nan, "family": 1},
        "worth": {"value": nan, "lo": nan, "hi": nan, "why": effects.NO_GOLD, "least": 94.9 / 0.35},
    }
    said = say(strong, 1)
    assert said == (
        "worth about +97.2 VP (95%: +94.9 to +99.5); too few games to express it in gold, but at least "
        "+271 gold: far too strong for cost 1; no gold cost can make it fair (a player holds at most "
        "30 gold): weaken what it does"
    )
    mild = {**strong, "worth": {**strong["worth"], "least": 12.0}}  # sure to be too strong, not sure how far
    assert say(mild, 1).endswith("but at least +12 gold: too strong for cost 1")
    weak = {
        **strong,
        "flag": -1,
        "vp": {"value": -9.0, "lo": -12.0, "hi": -6.0},
        "worth": {**strong["worth"], "least": None, "most": -6.0 / 0.35},
    }
    del weak["worth"]["least"]
    assert say(weak, 4).endswith("but at most -17 gold: too weak even for free: strengthen what it does")
    assert say({**weak, "worth": {**weak["worth"], "most": -2.0}}, 4).endswith("at most -2 gold: too weak for cost 4")
    # a bound that rounds to 0 gold says nothing, and is not said (issue #55: "at least 0 gold: too strong")
    barely = {**strong, "vp": {"value": 1.0, "lo": 0.1, "hi": 1.9}, "worth": {**strong["worth"], "least": 0.1 / 0.35}}
    assert say(barely, 5) == (
        "worth about +1.0 VP (95%: +0.1 to +1.9); too few games to express it in gold: too strong for cost 5"
    )


def test_no_worth_in_gold_when_the_gold_scales_interval_holds_zero():
    rng = np.random.default_rng(3)
    records = []
    for i in range(30):
        unit = {
            "card": "x",
            "seat": 0,
            "round": 2,
            "at": "draft",
            "took": True,
            "take": {"vp": 41, "win": 0, "rank": 1, "gold": 0},
            "ref": {"vp": 40, "win": 0, "rank": 1, "gold": 0},
        }
        swing = float(rng.normal(0, 3))  # a gold gift that changes nothing measurable
        gold = {"round": 2, "seat": 0, "n": 6, "more": {"vp": 40 + swing}, "less": {"vp": 40}}
        records.append({"i": i, "seed": i, "units": [unit], "gold": [gold]})
    e = effects.card_effect(records, "x")
    assert e["gold_scale"]["lo"] < 0 < e["gold_scale"]["hi"]
    assert math.isnan(e["worth"]["value"]) and e["worth"]["why"] == effects.NO_GOLD
    from pillars_rules.lab.report import gold

    assert gold(e["worth"]) == effects.NO_GOLD

"""Totality for Ora et Labora's fan buildings: every set of fan buildings that ``cards check``
accepts plays to its end, saves, loads and replays; a set it refuses is refused with a located
message (the law Pillars' cards keep in tests/engine/test_totality.py). The buildings are drawn
from the shipped cards' phrases, recombined (:mod:`bench.orafan`); the long run is
``python -m bench --cards-soak --game ora-et-labora``."""

from __future__ import annotations

from bench import orafan
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

#: A fan building that only ever converts: built from the start, used, saved and replayed.
KILN = """\
building fan_0 "Fan 0" {
    deck start
    modes 1, 2, 3, 4
    cost 1 clay
    value 3
    dwelling 2
    terrain coast, plains, hillside
    use: up to 2 times: 1 clay, 1 energy -> 1 ceramic | take 1 peat_coal
    then up to once: 1 wine -> 7 coin
}
"""


def test_the_phrases_cover_the_shipped_functions():
    p = orafan.phrases()
    # every side of a deal and every line the shipped set writes is a phrase to recombine
    assert len(p["give"]) > 20 and len(p["take"]) > 20 and len(p["whole"]) > 10 and p["then"]
    assert "3 goods of 3 different kinds" in p["give"] and "use an occupied building" in p["take"]
    assert {"peat_coal", "five_coins", "wonder"} <= set(p["goods"])


def test_a_fan_building_is_played_and_its_game_saves_and_replays():
    outcome = orafan.play_fan(KILN, players=2, seed=5)
    assert outcome.kind == "ok", outcome
    assert "used 0 times" not in outcome.detail  # the bot built it and put it to work


def test_a_refused_set_says_where_and_what():
    outcome = orafan.play_fan(KILN.replace("1 ceramic", "1 bacon"), players=2, seed=5)
    assert outcome.kind == "refused" and outcome.detail.startswith("fan.cards:8:"), outcome
    assert "unknown good 'bacon'" in outcome.detail


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(orafan.fan_buildings(), st.integers(1, 4), st.integers(0, 2**32 - 1), st.sampled_from(("france", "ireland")))
def test_every_accepted_fan_building_plays(text, players, seed, variant):
    outcome = orafan.play_fan(text, players, seed, variant)
    assert outcome.ok, (outcome, text, players, seed, variant)

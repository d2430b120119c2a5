"""The lab finds a planted overpowered card and leaves a fair base card alone,
at a game count that fits in CI (pillars_rules.lab.summary)."""

from pillars_rules.lab import runner
from pillars_rules.lab.games import GameSpec, read_cards
from pillars_rules.lab.summary import summarize

# A cheap round-1 craftsman (RULES §5: craftsmen convert cubes to VP at step 13)
# whose conversion is several times better than any base card's.
OVERPOWERED = """
craftsman alchemist "Alchemist" {
    round 1
    cost 1 gold
    convert 1 sand -> 5 vp, capacity 4
}
"""
GAMES = 60
BOTS = ("heuristic",)


def test_an_overpowered_card_is_flagged_and_a_fair_base_card_is_not(tmp_path):
    (tmp_path / "alchemist.cards").write_text(OVERPOWERED)
    sources, card_hash = read_cards([tmp_path])
    spec = GameSpec(players=4, bots=BOTS, seed=1, sources=sources, card_hash=card_hash)
    summary = summarize(runner.run({"B": spec}, GAMES, workers=2)["B"], players=4)
    cards = summary["cards"]
    alchemist, mason = cards["alchemist"], cards["mason_r1"]  # mason_r1: the base round-1 mason
    assert alchemist["flag"] == 1, alchemist["holders"]
    assert alchemist["holders"]["win_rate"]["lo"] > summary["fair_share"]
    assert mason["flag"] == 0 and mason["taken"] >= 20, mason["holders"]
    # the planted card stands out: no other card's holders do better
    best = max((c for c in cards if cards[c]["flag"] is not None),
               key=lambda c: cards[c]["holders"]["win_rate"]["lo"])
    assert best == "alchemist"

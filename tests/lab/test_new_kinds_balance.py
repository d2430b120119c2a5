"""A balance run of a card of each new kind finishes with a verdict (issue
#53, "Bots and the lab"): one card of each kind of card the one model under
the card language made writable, as written in ``examples/ideas``, measured
by ``pillars-rules balance`` -- every card alone and all of them together --
and each gets a verdict in the report, none an error.

A short run (random bots, few games), so most verdicts are "as far as N
games can tell"; what is checked is that the lab plays, measures and judges
every kind. The closing note of issue #53 gives a longer run's verdicts.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from pillars_rules.cli import main

IDEAS = Path(__file__).resolve().parents[2] / "examples" / "ideas"

#: One card of each new kind: (file of examples/ideas, card id, kind).
KINDS = (
    ("turns.cards", "idea_guild_fee", "a reaction to another player's action"),
    ("turns.cards", "idea_ferryman", "'that player' in a reaction"),
    ("turns.cards", "idea_usurper", "become the start player"),
    ("turns.cards", "idea_contrarian", "reverse the order of play"),
    ("where.cards", "idea_seer", "look at the coming events"),
    ("where.cards", "idea_delay", "bury the coming event"),
    ("where.cards", "idea_fortune_teller", "reorder the coming events"),
    ("where.cards", "idea_heir", "copy another player's privilege"),
    ("where.cards", "idea_guild_exchange", "give a craftsman"),
    ("where.cards", "idea_abdication", "give a privilege"),
    ("quantities.cards", "idea_alms_chest", "an output scaled by a count, with a bound"),
    ("quantities.cards", "idea_pilgrim_shrine", "counters tested in a condition"),
    ("quantities.cards", "idea_market_crier", "a choice at the market step"),
    ("quantities.cards", "idea_plutocracy", "a vote weighted by gold"),
)


def card_text(name: str, cid: str) -> str:
    """Card ``cid`` as written in ``examples/ideas/name``."""
    text = (IDEAS / name).read_text(encoding="utf-8")
    found = re.search(rf"^(privilege|craftsman|event) {cid} .*?^\}}$", text, re.M | re.S)
    assert found is not None, f"no card {cid} in examples/ideas/{name}"
    return found.group(0)


def balance(tmp_path, kinds, players: int, games: int) -> dict:
    """The JSON report of a balance run of ``kinds``' cards (random bots, one process)."""
    cards = tmp_path / "kinds.cards"
    cards.write_text("\n\n".join(card_text(name, cid) for name, cid, _ in kinds) + "\n", encoding="utf-8")
    report = tmp_path / "kinds.json"
    args = ["balance", "--cards", str(cards), "--players", str(players), "--games", str(games)]
    args += ["--bots", "random", "--seed", "5401", "--serial", "--out", str(tmp_path / "kinds.jsonl")]
    assert main([*args, "--json", str(report)]) == 0
    return json.loads(report.read_text(encoding="utf-8"))


def test_a_card_of_each_new_kind_gets_a_verdict(tmp_path, capsys):
    # the events are judged by an A/B of whole card sets, which needs more games (run apart, below)
    kinds = [k for k in KINDS if k[1] != "idea_plutocracy"]
    report = balance(tmp_path, kinds, players=3, games=6)
    out = capsys.readouterr().out
    alone = {e["card"]: e for e in report["judged"] if e["set"] == f"alone: {e['card']}"}
    assert set(alone) == {cid for _, cid, _ in kinds}
    for _, cid, kind in kinds:
        verdict = alone[cid]["verdict"]
        assert verdict and not verdict.startswith("not judged"), (cid, kind, verdict)
        assert alone[cid]["units"] >= 10, (cid, kind)  # chances enough to judge it
        assert cid in out  # the printed report names it
    together = {e["card"] for e in report["judged"] if e["set"] == "together"}
    assert together == set(alone)


def test_an_event_with_a_weighted_vote_gets_a_verdict(tmp_path):
    report = balance(tmp_path, [k for k in KINDS if k[1] == "idea_plutocracy"], players=2, games=10)
    (effect,) = [e for e in report["judged"] if e["card"] == "idea_plutocracy"]
    assert effect["verdict"] and not effect["verdict"].startswith("not judged"), effect["verdict"]

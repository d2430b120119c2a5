"""Ora's memos (games/ora/uses.py, the shared shipped rules) play the same games as before them (issue #58's speed).

The digests are of the events of seeded random games (``core.playout`` with
``uniform_policy(seed)``), as the code before the memos played them (commit
dcaeeb5): a memo that changed a listing or an outcome would change a game. Taken again when the goods
came from the goods card alone (branch ora-data): peat coal then paid its 3 energy for a settlement
(the old Python table spelled it "peat coal", so a held ``peat_coal`` paid nothing).
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

import pillars_rules as pr
from pillars_rules.core import playout, uniform_policy
from pillars_rules.games.ora import ORA, ora_rules, uses
from pillars_rules.games.ora.decide import events_of
from pillars_rules.games.ora.legal import legal

from .helpers import game, rules

#: (players, variants, seed, events, sha256 of the events' JSON, first 24 digits), before the memos.
GAMES = [
    (1, ("france",), 7, 561, "a2833fa16ca1263ee8f14b52"),
    (1, ("ireland",), 1000, 572, "3d9db3527456a24bc4709ed6"),
    (2, ("france",), 11, 2796, "8d80e4d90c994858e303e4bd"),
    (3, ("ireland",), 7, 727, "014f9a00af94d7053171417d"),
    (3, ("short", "german heartland"), 7, 495, "0a3ba0a0b6948fd9f6500beb"),
    (4, ("france",), 1000, 963, "1a3aa2b921d697c67a433ef8"),
    (4, ("ireland",), 7, 915, "243caf955e0c8a654f6d242f"),
    (4, ("short", "ireland"), 7, 638, "59aa5ee740297338bf1aa2c3"),
    (4, ("short", "no deck-C quarry"), 7, 653, "75f89806a862ae6a6cf0eb8d"),
]


def _digest(game: pr.Game) -> str:
    text = json.dumps([ORA.encode_event(e) for e in game.events], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:24]


@pytest.mark.parametrize(("players", "variants", "seed", "n", "digest"), GAMES)
def test_a_seeded_game_plays_the_events_it_played_before_the_memos(players, variants, seed, n, digest):
    game = playout(
        pr.new_game(game="ora-et-labora", players=players, seed=seed, variants=list(variants)), uniform_policy(seed)
    )
    assert (len(game.events), _digest(game)) == (n, digest)


def _forget() -> None:
    uses._MEMO.clear()
    uses._SPOTS.clear()


@pytest.mark.parametrize("cards", ["test", "shipped"])
def test_a_listing_from_the_memos_is_the_listing_worked_out_afresh(cards):
    """At every decision of a random game (the memos filled by the decisions before), the legal actions
    and the events of the chosen one are those listed with the memos emptied."""
    g = game("4 players", "ireland", None, cards)
    rng = random.Random(3)
    while not g.is_over:
        warm = legal(g.state, g.rules)
        a = rng.choice(warm)
        warm_events = events_of(g.state, g.rules, a)
        _forget()
        assert legal(g.state, g.rules) == warm
        assert [(type(e), e) for e in events_of(g.state, g.rules, a)] == [(type(e), e) for e in warm_events]
        g = g.apply(a)


def test_the_shipped_rules_are_made_once_and_other_cards_each_time():
    assert ora_rules("4 players", "ireland") is ora_rules("4 players", "ireland", options=())
    assert ora_rules("short", "france", players=3) is not ora_rules("short", "france", players=4)
    cards = rules().catalogue
    assert ora_rules("4 players", "france", cards) is not ora_rules("4 players", "france", cards)

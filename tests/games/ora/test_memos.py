"""Ora's memos (games/ora/uses.py, games/ora/legal.py, the shared shipped rules) play the same games as before them (issue #58's speed).

The digests are of the events of seeded random games (``core.playout`` with
``uniform_policy(seed)``), played with every memo emptied before each listing
(first recorded before the memos, commit dcaeeb5; recorded again when the
outcome of a building became a decision of its own, which changes what a
uniform policy plays, and when the goods came from the goods card alone: peat
coal then paid its 3 energy for a settlement, where the old Python table spelt
it "peat coal" and a held ``peat_coal`` paid nothing): a memo that changed a
listing or an outcome would change a game.
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
from pillars_rules.games.ora.legal import forget, legal

from .helpers import game, rules

#: (players, variants, seed, events, sha256 of the events' JSON, first 24 digits), the memos emptied.
GAMES = [
    (
        1,
        ("france",),
        7,
        582,
        "e5bd74e665e617c008b92310",
    ),  # R41: a forest felled for nothing once the wood indicator left
    (1, ("ireland",), 1000, 606, "d08df2618d44d085a6197856"),
    (2, ("france",), 11, 1221, "e1e63c688d80336696b0951a"),
    (3, ("ireland",), 7, 796, "4c4846bb339e64ca62295cd1"),
    (3, ("short", "german heartland"), 7, 519, "1a6ca92211db22f7a4da080a"),
    (4, ("france",), 1000, 992, "940aee544ae3d7675b796db0"),
    (4, ("ireland",), 7, 945, "e8397b7b43e39ffca98e1fcd"),
    (4, ("short", "ireland"), 7, 636, "defe0f2a8ddc457193329125"),
    (4, ("short", "no deck-C quarry"), 7, 651, "94d860ca8d59bbaba7fb4b6c"),
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
    uses._ATTACH.clear()
    forget()  # the listings' own (games/ora/legal.py)


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
        fresh = legal(g.state, g.rules)
        assert fresh == warm
        assert [a.label for a in fresh] == [a.label for a in warm]  # the words too (not compared by ==)
        assert [(type(e), e) for e in events_of(g.state, g.rules, a)] == [(type(e), e) for e in warm_events]
        g = g.apply(a)


def test_the_shipped_rules_are_made_once_and_other_cards_each_time():
    assert ora_rules("4 players", "ireland") is ora_rules("4 players", "ireland", options=())
    assert ora_rules("short", "france", players=3) is not ora_rules("short", "france", players=4)
    cards = rules().catalogue
    assert ora_rules("4 players", "france", cards) is not ora_rules("4 players", "france", cards)


def test_an_id_memo_answers_again_only_for_the_very_same_parts_and_stays_bounded():
    from pillars_rules.games.ora.memo import IdMemo

    memo: IdMemo[list[int]] = IdMemo(3)
    made: list[int] = []

    def make(n: int) -> list[int]:
        made.append(n)
        return [n]

    a, b = (1, [2]), (1, [2])  # equal, not the same object
    first = memo.get((a,), "x", lambda: make(1))
    assert memo.get((a,), "x", lambda: make(2)) is first  # the very same part: kept
    assert memo.get((b,), "x", lambda: make(3)) == [3]  # an equal part is another question
    assert memo.get((a,), "y", lambda: make(4)) == [4]  # so is another extra
    assert made == [1, 3, 4] and len(memo) == 3
    memo.get(((5,),), "x", lambda: make(5))  # full: emptied, then kept
    assert len(memo) == 1
    assert memo.get((a,), "x", lambda: make(6)) == [6]

"""The ideas of issue #53's "how much" and market timing
(examples/ideas/quantities.cards), each played in a set-up position: the
test asserts the card's effect by the events it gives. A quantity: amounts
scaled by values of the game, several factors multiplied, a bound; a
counter tested in a condition; a vote weighted by gold; choices on a turn at
the market, after which the turn passes on."""

from __future__ import annotations

import pytest

from pillars_rules import actions as A
from pillars_rules.engine import events as E

from .test_ideas_play import BLUE, GREEN, RED, moves, play, roundtrips

#: The ideas these tests play (test_ideas_play checks every written idea is played).
COVERED: set[str] = set()


def covers(*ids):
    COVERED.update(ids)
    return lambda f: f


@covers("idea_bursar")
@pytest.mark.parametrize("rnd", [2, 5])
def test_the_bursars_gold_is_the_round_number_for_each_wood(rnd):
    game = play(
        step="cathedral",
        round=rnd,
        seats={RED: dict(craftsmen=("carpenter", "stonemason", "mortar_mixer", "idea_bursar"), cubes=dict(wood=1))},
    )
    assert A.Build("idea_bursar", 0) in game.legal_actions()
    game = game.apply(A.Build("idea_bursar", 0))
    made = [(e.inputs, e.outputs) for e in game.events if isinstance(e, E.Converted) and e.card == "idea_bursar"]
    assert [({a.kind: a.n for a in i}, {a.kind: a.n for a in o}) for i, o in made] == [({"wood": 1}, {"gold": rnd})]
    assert roundtrips(game)


@covers("idea_guild_hall")
@pytest.mark.parametrize("rnd, craftsmen, gold", [(2, 2, 4), (3, 1, 3), (4, 2, 6), (5, 3, 6)])
def test_the_guild_hall_pays_craftsmen_times_the_round_at_most_6(rnd, craftsmen, gold):
    owned = ("carpenter", "stonemason", "mortar_mixer")[:craftsmen]
    game = play(step="round_start", round=rnd, seats={RED: dict(privileges=("idea_guild_hall",), craftsmen=owned)})
    assert moves(game, "idea_guild_hall") == [("+", RED, {"gold": gold})]


@covers("idea_alms_chest")
@pytest.mark.parametrize("craftsmen, gold", [(1, 2), (2, 4), (3, 5)])
def test_the_alms_chest_pays_2_gold_a_craftsman_at_most_5(craftsmen, gold):
    owned = ("carpenter", "stonemason", "mortar_mixer")[:craftsmen]
    game = play(step="round_start", round=2, seats={RED: dict(privileges=("idea_alms_chest",), craftsmen=owned)})
    assert moves(game, "idea_alms_chest") == [("+", RED, {"gold": gold})]


@covers("idea_wealth_tax")
def test_the_wealth_tax_takes_a_gold_per_5_gold_held():
    game = play(
        step="event", event="idea_wealth_tax", seats={RED: dict(gold=12), BLUE: dict(gold=4), GREEN: dict(gold=5)}
    )
    assert sorted(moves(game, "idea_wealth_tax")) == [("-", RED, {"gold": 2}), ("-", GREEN, {"gold": 1})]
    assert roundtrips(game)


@covers("idea_pilgrim_shrine")
def test_the_shrine_pays_once_it_holds_3_counters():
    game = play(step="round_start", round=2, seats={RED: dict(privileges=("idea_pilgrim_shrine",))})
    while game.state.round < 5:  # rounds 2, 3 and 4 whole: 1, 2, then 3 counters
        game = game.apply(game.legal_actions()[-1])
    assert game.state.counters == ((RED, "idea_pilgrim_shrine", 4),)  # round 5's opening added one more
    paid = [e for e in game.events if isinstance(e, E.Gained) and e.reason == "idea_pilgrim_shrine"]
    assert [(e.seat, e.amounts[0].kind, e.amounts[0].n) for e in paid] == [(RED, "vp", 2)]  # round 4 only
    assert roundtrips(game)


def _vote(game, ballot):
    """Answer every ballot of the vote pending at ``game``: ``ballot[seat]``."""
    while game.pending is not None and game.pending.kind == "choice":
        game = game.apply(A.ChooseOption(ballot[game.pending.seat]))
    return game


@covers("idea_plutocracy")
@pytest.mark.parametrize("red_gold, won", [(20, 1), (3, 0)])
def test_the_plutocracy_counts_each_vote_as_the_voters_gold(red_gold, won):
    game = play(
        step="event", event="idea_plutocracy", seats={RED: dict(gold=red_gold), BLUE: dict(gold=5), GREEN: dict(gold=5)}
    )
    game = _vote(game, {RED: 1, BLUE: 0, GREEN: 0})  # red alone for the VP: 20 gold outvote 10, 3 do not
    assert [e.option for e in game.events if isinstance(e, E.VoteDecided)] == [won]
    gift = {"vp": 1} if won else {"gold": 2}
    assert sorted(moves(game, "idea_plutocracy")) == [("+", s, gift) for s in (RED, BLUE, GREEN)]
    assert roundtrips(game)


def _market(seats):
    return play(step="market", spots=dict(market=[RED, BLUE]), market=dict(wood=2, stone=2, sand=2), seats=seats)


@covers("idea_market_crier")
@pytest.mark.parametrize("option, got", [(0, {"stone": 1}), (1, {"gold": 2})])
def test_the_market_crier_asks_its_owner_then_the_turn_passes_on(option, got):
    game = _market({RED: dict(privileges=("idea_market_crier",))})
    assert (game.pending.kind, game.pending.seat) == ("market", RED)
    game = game.apply(A.UseOnce("idea_market_crier"))
    assert (game.pending.kind, game.pending.seat) == ("choice", RED)  # asked at once, on red's turn
    game = game.apply(A.ChooseOption(option))
    assert moves(game, "idea_market_crier") == [("+", RED, got)]
    assert (game.pending.kind, game.pending.seat) == ("market", BLUE)  # the turn passed on
    assert roundtrips(game)


@covers("idea_haggler")
def test_the_haggler_chooses_after_buying_and_blue_trades_next():
    game = _market({RED: dict(craftsmen=("carpenter", "idea_haggler"), gold=10)})
    game = game.apply(A.Buy("sand", 1))
    assert (game.pending.kind, game.pending.seat) == ("choice", RED)
    game = game.apply(A.ChooseOption(1))
    assert moves(game, "idea_haggler") == [("+", RED, {"vp": 1})]
    assert (game.pending.kind, game.pending.seat) == ("market", BLUE)
    game = game.apply(A.EndTrading())  # blue passes: red trades again, and is asked again after buying
    assert (game.pending.kind, game.pending.seat) == ("market", RED)
    game = game.apply(A.Buy("sand", 1)).apply(A.ChooseOption(0))
    assert moves(game, "idea_haggler") == [("+", RED, {"vp": 1}), ("+", RED, {"gold": 1})]
    assert (game.pending.kind, game.pending.seat) == ("market", RED)  # blue is done: red goes on
    assert roundtrips(game)


@covers("idea_horse_trader")
def test_the_horse_trader_trades_with_the_player_chosen_at_the_market():
    game = _market(
        {
            RED: dict(privileges=("idea_horse_trader",), cubes=dict(wood=1)),
            BLUE: dict(cubes=dict(stone=1)),
            GREEN: dict(cubes=dict(stone=1)),
        }
    )
    game = game.apply(A.UseOnce("idea_horse_trader"))
    assert (game.pending.kind, game.pending.seat) == ("choice", RED)
    order = [s for s in ((game.state.start_player + i) % 3 for i in range(3)) if s != RED]
    game = game.apply(A.ChooseOption(order.index(GREEN)))
    assert sorted(moves(game, "idea_horse_trader")) == sorted(
        [("-", RED, {"wood": 1}), ("+", RED, {"stone": 1}), ("-", GREEN, {"stone": 1}), ("+", GREEN, {"wood": 1})]
    )
    assert (game.pending.kind, game.pending.seat) == ("market", BLUE)
    assert roundtrips(game)


@covers("idea_late_harvest")
@pytest.mark.parametrize("rnd, sand", [(2, 2), (5, 3)])
def test_the_late_harvest_gives_a_sand_per_round_at_most_3(rnd, sand):
    game = play(step="event", round=rnd, event="idea_late_harvest")
    assert sorted(moves(game, "idea_late_harvest")) == [("+", s, {"sand": sand}) for s in (RED, BLUE, GREEN)]

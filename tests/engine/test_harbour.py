"""A second market (issue #37: the expansion's Harbour; issue #35: "a second
market" is board text): every place with ``step market`` trades with its own
stock, refilled each round, at its own prices, in the order of its spots."""

from __future__ import annotations

from pathlib import Path

import pytest

import pillars_rules as pr
from pillars_rules import IllegalActionError
from pillars_rules.actions import Buy, EndTrading, Sell
from pillars_rules.bots import BOTS
from pillars_rules.cardlang import base_cards, compile_text
from pillars_rules.errors import CardError
from pillars_rules.testing import check_game

ROOT = Path(__file__).resolve().parents[2]
BASE = base_cards()
CARPENTRY = ("carpenter", "stonemason", "mortar_mixer")


@pytest.fixture(scope="module")
def cards() -> pr.CardSet:
    return pr.load_cards(str(ROOT / "cards" / "expansion"))


def _harbour(cards, order, seats, **kw):
    return pr.scenario(players=5, round=2, step="harbour", cards=cards, spots={"harbour": order}, seats=seats, **kw)


def test_the_harbour_buys_materials_at_its_own_better_prices(cards):
    held = dict(wood=2, stone=1, sand=1, metal=1)
    g = _harbour(cards, (1, 3), {1: dict(gold=10, cubes=held, craftsmen=CARPENTRY), 3: dict(gold=10)})
    assert g.pending.kind == "market" and g.current_player == 1
    labels = {c.label for c in pr.words.choices(g.view(1))}
    assert {
        "sell 1 sand for 3 gold",
        "sell 1 wood for 4 gold",
        "sell 2 wood for 8 gold",
        "sell 1 stone for 5 gold",
    } <= labels
    assert not any(isinstance(a, Buy) for a in g.legal_actions())  # it sells nothing to players
    assert not any(isinstance(a, Sell) and a.resource == "metal" for a in g.legal_actions())
    supply, market = g.state.supply, g.state.market
    g = g.apply(Sell("wood", 2))
    assert g.state.players[1].gold == 18 and g.state.players[1].cube("wood") == 0
    assert g.state.supply[0] == supply[0] + 2 and g.state.market == market  # sold to the supply
    # §4 holds across both markets in a round: who sold wood at the Harbour buys none at the market
    g = pr.scenario(
        players=5,
        round=2,
        step="harbour",
        cards=cards,
        spots={"harbour": (1,), "market": (1,)},
        seats={1: dict(gold=10, cubes=dict(wood=1), craftsmen=CARPENTRY)},
    )
    g = g.apply(Sell("wood", 1)).apply(EndTrading())
    assert (g.state.step, g.pending.kind, g.current_player) == ("market", "market", 1)
    assert not any(isinstance(a, Buy) and a.resource == "wood" for a in g.legal_actions())
    with pytest.raises(IllegalActionError, match="sold wood this round"):
        g.apply(Buy("wood", 1))
    assert any(isinstance(a, Buy) and a.resource == "stone" for a in g.legal_actions())


def test_the_harbours_spots_trade_in_order_and_refuse_naming_it(cards):
    g = _harbour(
        cards,
        (3, 1),
        {
            1: dict(cubes=dict(stone=2, sand=2, metal=1)),
            3: dict(cubes=dict(sand=3), craftsmen=("carpenter", "mortar_mixer")),
        },
    )
    assert g.current_player == 3  # the builder placed first trades first
    gold = g.state.players[1].gold
    with pytest.raises(IllegalActionError, match="selling stone needs Stonemason"):
        g.apply(Sell("stone", 1))  # §4's permits hold at the Harbour too
    g = g.apply(Sell("sand", 3))
    assert g.current_player == 1
    with pytest.raises(IllegalActionError, match="the Harbour sells no wood to players"):
        g.apply(Buy("wood", 1))
    with pytest.raises(IllegalActionError, match="the Harbour buys no metal from players"):
        g.apply(Sell("metal", 1))
    g = g.apply(Sell("sand", 1))
    assert g.current_player == 3
    g = g.apply(EndTrading())
    assert g.current_player == 1
    g = g.apply(Sell("sand", 1)).apply(EndTrading())
    assert g.state.step != "harbour" and g.state.players[1].gold == gold + 6
    check_game(g)


def test_the_harbour_resolves_after_the_crusades_before_the_market(cards):
    steps = cards.board.steps
    assert steps.index("crusades") + 1 == steps.index("harbour") < steps.index("market")
    # a base game has no further market: its state has no further stock
    assert pr.new_game(players=4, seed=1).state.stocks == ()


SECOND_MARKET = """
place fair "Fair" de "Messe" {
    called "the fair"
    after priory
    spots 1
    step market
    stock 1 wood, 3 stone
    buying wood 5, stone 1
    selling metal 9
}
"""


def test_a_fan_board_writes_a_second_market_in_text_only():
    cards = BASE.merged(compile_text(SECOND_MARKET, "fan.cards", known=BASE))
    g = pr.scenario(
        players=3,
        round=1,
        step="fair",
        cards=cards,
        spots={"fair": (2,)},
        seats={2: dict(gold=5, cubes=dict(metal=1), craftsmen=CARPENTRY)},
    )
    assert g.pending.kind == "market" and g.current_player == 2
    g = g.apply(Sell("metal", 1))
    assert g.state.players[2].gold == 14
    g = g.apply(Buy("stone", 3))
    assert g.state.stocks == ((1, 0, 0, 0),) and g.state.players[2].gold == 11
    with pytest.raises(IllegalActionError, match="the fair sells no sand"):
        g.apply(Buy("sand", 1))
    with pytest.raises(IllegalActionError, match="the fair holds only 0 stone"):
        g.apply(Buy("stone", 1))  # its own stock ran out; the market's is untouched
    assert g.state.market == (4, 4, 4, 0)
    assert not any(isinstance(a, Buy) and a.resource == "stone" for a in g.legal_actions())
    # the next round opening refills the fair from the supply, apart from the market
    opening = pr.scenario(players=3, round=2, step="round_start", cards=cards, stocks={"fair": dict(wood=1)})
    assert opening.state.stocks == ((1, 3, 0, 0),)
    check_game(opening)
    game = pr.play(pr.new_game(players=3, seed=4, cards=cards), [BOTS["heuristic"](k) for k in range(3)])
    assert any(isinstance(e, pr.events.StepStarted) and e.step == "fair" for e in game.events)
    check_game(game)
    assert pr.load(pr.save(game), cards=cards) == game


@pytest.mark.parametrize(
    "text, message, line",
    [
        (
            'place fair "Fair" de "Messe" {\n    after priory\n    spots 1\n    step market\n    stock 1 wood\n}\n',
            "needs its prices",
            4,
        ),
        (
            'place fair "Fair" de "Messe" {\n    after priory\n    spots 1\n    step market\n'
            "    stock 1 wood\n    buying stone 2\n}\n",
            "sells stone to players but its 'stock' holds none",
            6,
        ),
        (
            'place fair "Fair" de "Messe" {\n    after priory\n    step market\n    buying wood 2\n}\n',
            "needs builder spots",
            3,
        ),
    ],
)
def test_a_bad_market_is_refused_naming_its_line(text, message, line):
    with pytest.raises(CardError, match=message) as err:
        compile_text(text, "fan.cards", known=BASE)
    assert f"fan.cards:{line}:" in str(err.value)


def test_the_harbours_stock_is_public_and_shown_where_the_market_is(cards):
    from pillars_rules.terminal.screen import compact, status
    from pillars_rules.web.cardinfo import board_catalogue

    g = _harbour(cards, (1, 3), {1: dict(gold=10), 3: dict(gold=10)})
    lines = status(g.view(0))
    assert "Harbour: buys wood at 4, stone at 5, sand at 3 gold" in lines
    assert any(line.startswith("Harbour:") for line in compact(g.view(0), "Red", ()))
    places = {p["id"]: p for p in board_catalogue(g.rules)["places"]}
    assert places["harbour"]["sell"] == {"sand": 3, "wood": 4, "stone": 5} and places["harbour"]["buy"] == {}
    assert places["harbour"]["stock"] == 0 and places["market"]["stock"] == -1
    assert places["harbour"]["called"] == "the Harbour"
    # a further market's stock is public: every seat and a spectator see it
    fair = pr.scenario(
        players=3,
        round=1,
        step="fair",
        cards=BASE.merged(compile_text(SECOND_MARKET, "f.cards", known=BASE)),
        spots={"fair": (2,)},
        seats={2: dict(gold=9)},
    ).apply(Buy("stone", 2))
    for view in (fair.view(0), fair.view(2), fair.view(None)):
        assert view.state.stocks == ((1, 1, 0, 0),)
    assert "Fair: for sale 1 wood at 5, 1 stone at 1 gold; buys metal at 9 gold" in status(fair.view(0))
    # a base board's status has no further market line
    base = pr.scenario(players=2, round=1, step="market", spots={"market": (0,)})
    assert [line.split(":")[0] for line in status(base.view(0))][:2] == ["Market", "Supply"]


def test_a_second_event_field_stays_refused_until_a_source_says_what_it_does():
    """docs/expansion.rst: the sources name a second event field and nothing of its rule."""
    text = 'place event_2 "Second event field" de "Zweites Ereignisfeld" {\n    after event\n    step event\n}\n'
    with pytest.raises(CardError, match="runs 'step event' at most once") as err:
        compile_text(text, "fan.cards", known=BASE)
    assert "event_2" in str(err.value)


def test_the_observation_tensor_carries_each_further_markets_stock():
    from pillars_rules.ai.observation import Layout

    cards = BASE.merged(compile_text(SECOND_MARKET, "fan.cards", known=BASE))
    g = pr.scenario(players=3, round=1, step="fair", cards=cards, spots={"fair": (2,)}, seats={2: dict(gold=9)}).apply(
        Buy("stone", 2)
    )
    layout = Layout.for_rules(g.rules, 3)
    blocks = dict(layout.blocks())
    assert blocks["stocks"] == 4 and dict(Layout.for_rules(pr.new_game(3, seed=1).rules, 3).blocks())["stocks"] == 0
    at = 0
    for name, n in layout.blocks():
        if name == "stocks":
            break
        at += n
    assert list(layout.tensor(g.view(0))[at : at + 4]) == [1.0, 1.0, 0.0, 0.0]

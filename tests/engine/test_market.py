"""§4 Market and §2.4 step 12."""

import pytest

import pillars_rules as pr
from pillars_rules import IllegalActionError
from pillars_rules.actions import Buy, EndTrading, Sell

from .support import BLUE, GREEN, RED, cubes, position


def _market(order, players, **kw):
    return position("market", spots={"market": order}, seats=players, **kw)


def test_worked_example_s9():
    """§9 Market: Green (7 gold) buys 2 wood for 6; Red (2 gold) sells 1 stone for 4; Green
    sells 1 metal for 5; Red buys 2 wood for 6 (wood sold out); Green buys 3 sand for 6;
    both pass."""
    g = _market((GREEN, RED), {GREEN: {"gold": 7, "cubes": cubes(metal=1)}, RED: {"gold": 2, "cubes": cubes(stone=1)}})
    assert g.current_player == GREEN
    g = g.apply(Buy("wood", 2))
    assert g.current_player == RED
    g = g.apply(Sell("stone", 1))
    g = g.apply(Sell("metal", 1))
    g = g.apply(Buy("wood", 2))
    assert g.state.market[0] == 0
    assert not any(isinstance(a, Buy) and a.resource == "wood" for a in g.legal_actions())
    g = g.apply(Buy("sand", 3))
    green, red = g.state.players[GREEN], g.state.players[RED]
    assert (green.gold, green.cubes) == (0, cubes(wood=2, sand=3))
    assert (red.gold, red.cubes) == (0, cubes(wood=2))
    g = g.apply(EndTrading())
    assert g.current_player == GREEN and g.pending.kind == "market"
    g = g.apply(EndTrading())
    assert g.state.step != "market" or g.pending.kind != "market"


def test_prices_s4():
    g = _market((RED,), {RED: {"gold": 20, "cubes": cubes(1, 1, 1, 1)}})
    labels = {c.label for c in pr.words.choices(g.view(RED))}
    assert "buy 1 sand for 2 gold" in labels and "buy 1 wood for 3 gold" in labels
    assert "buy 1 stone for 4 gold" in labels and "sell 1 metal for 5 gold" in labels
    assert not any(isinstance(a, Buy) and a.resource == "metal" for a in g.legal_actions())


def test_no_buy_and_sell_same_type_s4():
    g = _market((RED, BLUE), {RED: {"gold": 20, "cubes": cubes(wood=2)}})
    g = g.apply(Buy("wood", 1)).apply(EndTrading())
    assert not any(isinstance(a, Sell) and a.resource == "wood" for a in g.legal_actions())
    with pytest.raises(IllegalActionError):
        g.apply(Sell("wood", 1))


def test_stonemason_needed_to_sell_stone_carpenter_to_buy_wood_s4():
    g = _market((RED,), {RED: {"gold": 20, "cubes": cubes(stone=2), "craftsmen": ("mortar_mixer",)}})
    kinds = {(type(a).__name__, getattr(a, "resource", None)) for a in g.legal_actions()}
    assert ("Sell", "stone") not in kinds and ("Buy", "wood") not in kinds
    assert ("Buy", "stone") in kinds
    g2 = _market((RED,), {RED: {"gold": 20, "craftsmen": ("master_carpenter",)}})
    assert any(isinstance(a, Buy) and a.resource == "wood" for a in g2.legal_actions())


def test_buy_limited_by_gold_and_stock_s4():
    g = _market((RED,), {RED: {"gold": 9}}, market=(4, 2, 4, 0))
    most = {
        r: max(a.n for a in g.legal_actions() if isinstance(a, Buy) and a.resource == r)
        for r in ("wood", "stone", "sand")
    }
    assert most == {"wood": 3, "stone": 2, "sand": 4}


def test_sales_capped_at_30_gold_s4():
    g = _market((RED,), {RED: {"gold": 28, "cubes": cubes(metal=2)}})
    g = g.apply(Sell("metal", 2))
    assert g.state.players[RED].gold == 30


def test_sold_cubes_go_to_supply_s4():
    g = _market((RED,), {RED: {"gold": 0, "cubes": cubes(sand=3)}})
    supply = g.state.supply[2]
    g = g.apply(Sell("sand", 3))
    assert g.state.supply[2] == supply + 3 and g.state.market[2] == 4


def test_pass_is_final_order_is_placement_order_s2_4_12():
    g = _market((BLUE, RED, GREEN), {})
    assert g.current_player == BLUE
    g = g.apply(EndTrading())
    assert g.current_player == RED
    g = g.apply(EndTrading())
    assert g.current_player == GREEN
    g2 = g.apply(Buy("sand", 1))
    assert g2.current_player == GREEN  # the others have passed for good

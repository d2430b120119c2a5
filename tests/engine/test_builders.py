"""§2.3 Phase II -- placing builders."""

import pytest

from pillars_rules import IllegalActionError
from pillars_rules.actions import KeepBuilder, Park, Place, ReturnBuilder
from pillars_rules.engine import events as E

from .support import BLUE, GREEN, RED, YELLOW, bag_prices, game_for, new_events, of_type, position, to_builders


def _drawn(seat, then=(), players=2, **kw):
    """Phase II with a builder of ``seat`` drawn (the redraw used), the next
    draws pinned to ``then``."""
    builders = dict(drawn=seat, **kw.pop("builders", {}))
    return position("builders", players=players, builders=builders, pins=dict(builders=then), **kw)


def test_bag_holds_three_builders_each_s2_3():
    g = to_builders(game_for(players=3))
    bagged = of_type(g.events, E.BuildersBagged)[0]
    assert sorted(bagged.bag) == [0, 0, 0, 1, 1, 1, 2, 2, 2]


def test_cost_track_descends_and_pass_parks_s2_3():
    g = _drawn(RED, then=(BLUE,))
    assert g.pending.kind == "place" and g.state.price == 7
    g = g.apply(Park())
    assert g.state.parked == (RED,) and g.state.marker == 6
    assert g.state.drawn == BLUE
    assert g.state.price == 6
    g = g.apply(Place("bishop", 0))
    assert g.state.players[BLUE].gold == 21 - 6 and g.state.marker == 5


def test_worked_example_parked_order_s9():
    """§9 Phase II: Red passes at 7; later Blue passes, then Red again: after the bag is
    empty Red places first, then Blue, then Red, all free."""
    g = _drawn(RED, then=(BLUE, RED))
    g = g.apply(Park())  # Red parked on 7
    g = g.apply(Park())  # Blue parked on 6
    g = g.apply(Park())  # Red parked on 5
    assert g.state.parked == (RED, BLUE, RED)
    # the remaining three builders (1 Red, 2 Blue) are placed from the bag
    while g.state.bag or g.state.drawn is not None:
        if g.pending.kind == "redraw":
            g = g.apply(KeepBuilder())
            continue
        g = g.apply(next(a for a in g.legal_actions() if isinstance(a, Place)))
    order = []
    gold_before = [p.gold for p in g.state.players]
    while g.pending.kind == "place":
        order.append(g.current_player)
        assert g.state.drawn is None
        assert Park() not in g.legal_actions()
        g = g.apply(g.legal_actions()[0])
    assert order == [RED, BLUE, RED]
    placed = of_type(g.events, E.BuilderPlaced)[-3:]
    assert [e.price for e in placed] == [0, 0, 0] and [e.source for e in placed] == ["parked"] * 3
    assert [p.gold for p in g.state.players] == gold_before


def test_cannot_pay_must_pass_s2_3():
    g = _drawn(RED, seats={RED: dict(gold=3)})
    legal = g.legal_actions()
    assert legal == [Park()]
    with pytest.raises(IllegalActionError, match="cannot pay"):
        g.apply(Place("priory", 0))


def test_price_zero_must_place_s2_3():
    g = _drawn(RED, builders=dict(price=0))
    assert Park() not in g.legal_actions()
    assert all(isinstance(a, Place) for a in g.legal_actions())


def test_two_players_last_builder_free_s2_3():
    prices = bag_prices(to_builders(game_for(players=2)))
    assert len(prices) == 6 and prices[-1] == 0
    assert prices[:5] == [7, 6, 5, 4, 3]


def test_one_builder_per_spot_and_no_two_own_on_court_or_market_s2_3():
    g = _drawn(RED, then=(RED, BLUE, RED))
    g = g.apply(Place("kings_court", 0))
    assert g.state.drawn == RED
    legal = g.legal_actions()
    assert not any(isinstance(a, Place) and a.location == "kings_court" for a in legal)
    with pytest.raises(IllegalActionError, match="already has a builder"):
        g.apply(Place("kings_court", 1))
    g = g.apply(Place("market", 0))
    assert g.state.drawn == BLUE
    with pytest.raises(IllegalActionError, match="taken"):
        g.apply(Place("market", 0))
    assert Place("market", 1) in g.legal_actions()
    assert Place("kings_court", 1) in g.legal_actions()
    g = g.apply(Place("priory", 0))
    assert g.state.drawn == RED
    assert not any(isinstance(a, Place) and a.location == "market" for a in g.legal_actions())


def test_start_player_redraw_once_per_round_s2_3():
    g = to_builders(game_for(players=3))
    assert g.pending.kind == "redraw" and g.current_player == g.state.start_player
    drawn = g.state.drawn
    g2 = g.apply(ReturnBuilder())
    evs = new_events(g, g2)
    assert of_type(evs, E.BuilderReturned)[0].seat == drawn
    assert len(of_type(evs, E.BuilderDrawn)) == 1
    assert g2.pending.kind == "place" and g2.state.redraw_used
    # once used, never offered again this round
    while g2.pending.kind == "place" and g2.state.drawn is not None:
        g2 = g2.apply(g2.legal_actions()[0])
        assert g2.pending.kind != "redraw"


def test_keep_builder_asks_again_next_draw_s2_3():
    g = to_builders(game_for(players=3))
    g = g.apply(KeepBuilder())
    assert g.pending.kind == "place"
    g = g.apply(g.legal_actions()[0])
    assert g.pending.kind == "redraw"


def test_dm_variant_third_builders_reverse_order_s2_3():
    g = to_builders(game_for(players=3, variants=["dm"]))
    bagged = of_type(g.events, E.BuildersBagged)[0]
    assert sorted(bagged.bag) == [0, 0, 1, 1, 2, 2] and sorted(bagged.thirds) == [0, 1, 2]
    firsts = []
    while g.state.bag or g.state.drawn is not None or g.state.parked:
        if g.pending.kind == "redraw":
            g = g.apply(KeepBuilder())
            continue
        seat = g.current_player
        g = g.apply(next(a for a in g.legal_actions() if isinstance(a, Place) and not a.free))
        if seat not in firsts:
            firsts.append(seat)
    thirds = []
    while g.pending.kind == "place":
        thirds.append(g.current_player)
        assert Park() not in g.legal_actions()
        g = g.apply(g.legal_actions()[0])
    assert thirds == list(reversed(firsts))
    assert of_type(g.events, E.BuilderPlaced)[-1].price == 0


def test_builder_with_no_legal_spot_is_set_aside_ruling_s2_3():
    """Ruling: if every free spot is at the King's court or the market and the owner
    already stands at both, the builder goes back unplaced, free (no decision)."""
    full = dict(
        bishop=(BLUE,),
        kingsbridge=(BLUE, GREEN),
        priory=(GREEN, YELLOW),
        shiring=(YELLOW, BLUE),
        castle=(GREEN,),
        start_player=(YELLOW,),
        kings_court=(RED,),
        market=(RED,),
    )
    g = _drawn(RED, players=4, spots=full, builders=dict(bag=(), price=0, marker=0))
    set_aside = of_type(g.events, E.BuilderSetAside)
    assert set_aside and set(set_aside) == {E.BuilderSetAside(RED, "bag")}
    placed = of_type(g.events, E.BuilderPlaced)
    assert all(e.seat != RED for e in placed)


def _place_all(g):
    """Place every builder of Phase II (first listed placement, never the free privilege)."""
    while g.state.stage == "builders" and g.pending is not None:
        if g.pending.kind == "redraw":
            g = g.apply(KeepBuilder())
        else:
            g = g.apply(next(a for a in g.legal_actions() if isinstance(a, Place) and not a.free))
    return g


def test_s2_3_dm_with_city_wall_one_in_bag_and_free_third():
    """§2.3 (revised): under dm with City wall in force, one builder per player goes into
    the bag and the free third is still placed (2 builders each); a seat the Bishop
    protected from the City wall keeps the usual 2 + 1."""
    g = position("builders", players=3, round=2, variants=["dm"], last_event="city_wall", last_protected=(2,))
    bagged = of_type(g.events, E.BuildersBagged)[0]
    assert sorted(bagged.bag) == [0, 1, 2, 2] and sorted(bagged.thirds) == [0, 1, 2]
    g = _place_all(g)
    placed = of_type(g.events, E.BuilderPlaced)  # round 2: this Phase II only
    per_seat = [sum(1 for e in placed if e.seat == s) for s in range(3)]
    assert per_seat == [2, 2, 3]
    assert all(e.price == 0 for e in placed if e.source == "third")


def test_s2_3_city_wall_without_dm_two_builders_in_the_bag():
    g = position("builders", players=3, round=2, last_event="city_wall")
    bagged = of_type(g.events, E.BuildersBagged)[0]
    assert sorted(bagged.bag) == [0, 0, 1, 1, 2, 2] and bagged.thirds == ()


@pytest.mark.parametrize("location", ["priory", "kings_court"])
def test_s2_3_priory_and_court_spots_fill_in_order(location):
    """Seed 000 steps 5 and 9 pay the builder placed here *first* and *second*: the
    spots fill in order, so spot order is placement order (rules version 4)."""
    g = _drawn(RED, then=(BLUE,))
    spots = [a.spot for a in g.legal_actions() if isinstance(a, Place) and a.location == location]
    assert spots == [0]
    with pytest.raises(IllegalActionError, match="fill in order: use spot 1 first"):
        g.apply(Place(location, 1))
    g = g.apply(Place(location, 0))
    assert [a.spot for a in g.legal_actions() if isinstance(a, Place) and a.location == location] == [1]
    assert Place("kingsbridge", 1) in g.legal_actions() and Place("shiring", 1) in g.legal_actions()


def test_s2_3_rules_v3_variant_keeps_any_free_spot():
    """Under the variant of rules version 3's readings (old saves), any free spot may be taken."""
    g = _drawn(RED, then=(BLUE,), variants=("rules_v3",))
    assert [a.spot for a in g.legal_actions() if isinstance(a, Place) and a.location == "priory"] == [0, 1]
    assert len([a for a in g.legal_actions() if isinstance(a, Place) and a.location == "kings_court"]) == 4
    g = g.apply(Place("priory", 1))
    assert g.state.spot_list("priory") == (None, RED)


def test_s2_3_a_position_with_a_later_priory_spot_taken_first_is_impossible():
    import pillars_rules as pr

    with pytest.raises(pr.ScenarioError, match="spots at the Priory are taken in order"):
        position("priory", players=2, spots={"priory": (None, RED)})
    with pytest.raises(pr.ScenarioError, match="spots at the King's court are taken in order"):
        position("kings_court", players=2, spots={"kings_court": (RED, None, BLUE)})

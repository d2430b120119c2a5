"""Every modifier the card compiler accepts has an effect the engine applies and
the invariants agree with (issue #9, item 5; RULES §2.2, §2.3, §4, §7, §8).

The test walks the registry (the ``Modifier`` union of :mod:`pillars_rules.effects`):
for each class a card using it compiles, the engine applies it in a real position
(an observable effect), and :func:`pillars_rules.testing.check_state` finds no
violation. A modifier added without an entry here fails
:func:`test_s2_to_s8_every_modifier_is_covered`.
"""

from __future__ import annotations

import typing

import pytest

import pillars_rules as pr
from pillars_rules import effects as fx
from pillars_rules import testing
from pillars_rules.actions import Build, Buy, Discard, KeepBuilder, Place, Sell
from pillars_rules.cardlang import base_cards, compile_text
from pillars_rules.engine import events as E
from pillars_rules.engine.state import Pieces

from .support import BLUE, RED, at_step, cubes, of_type, resume, spots, surgery, to_builders


def _game(text: str, expected) -> pr.Game:
    """A 2-player game whose RED owns a permanent privilege carrying ``text``."""
    cards = compile_text(f'privilege t_mod "Test" {{\n    permanent\n    {text}\n}}', known=base_cards())
    assert cards["t_mod"].abilities == (fx.Passive(expected),)  # the card compiles to it
    game = pr.new_game(2, seed=3, cards=cards)
    return surgery(game, players={RED: {"privileges": ("t_mod",)}})


def _ok(g: pr.Game) -> pr.Game:
    testing.check_state(g.state, g.rules)
    return g


def yield_delta():
    g = _game("yield +1", fx.YieldDelta(1))
    g = _ok(at_step(g, "forest", players={RED: {"resource_cards": ("forest_2",)},
                                          BLUE: {"resource_cards": ("forest_3",)}}))
    assert g.state.players[RED].cube("wood") == 3 and g.state.players[BLUE].cube("wood") == 3


def tax_fixed():
    g = _game("tax 1", fx.TaxFixed(1))
    g = _ok(at_step(g, "kings_court", players={RED: {"gold": 10}, BLUE: {"gold": 10}}))
    assert g.state.players[RED].gold == 9 and g.state.players[BLUE].gold == 10 - g.state.tax


def craftsman_limit_down():
    g = _game("craftsmen 2", fx.CraftsmanLimit(2))
    g = resume(g)  # RED holds 3 starting craftsmen: over the limit of 2
    assert (g.pending.kind, g.current_player) == ("discard", RED)
    _ok(g)  # over the limit only while the discard is being decided
    g = _ok(g.apply(Discard("mortar_mixer")))
    assert g.state.players[RED].craftsmen == ("carpenter", "stonemason") and g.pending.kind == "draft"


def builder_limit_up():
    g = _game("builders 4", fx.BuilderLimit(4))
    g = to_builders(g)
    assert sorted(of_type(g.events, E.BuildersBagged)[0].bag) == [RED] * 4 + [BLUE] * 3
    while g.state.stage == "builders":
        if g.pending.kind == "redraw":
            g = g.apply(KeepBuilder())
        else:
            g = g.apply(next(a for a in g.legal_actions() if isinstance(a, Place) and not a.free))
        _ok(g)
    placed = [e.seat for e in of_type(g.events, E.BuilderPlaced)]
    assert placed.count(RED) == 4 and placed.count(BLUE) == 3


def capacity_delta():
    g = _game("all craftsmen except stonemason: capacity +1", fx.CapacityDelta(1, ("stonemason",)))
    g = at_step(g, "cathedral", players={RED: {"cubes": cubes(wood=10, stone=2)}, BLUE: {"craftsmen": ()}})
    for _ in range(5):
        g = _ok(g.apply(Build("carpenter")))
    assert g.state.players[RED].vp == 2 + 5
    assert Build("stonemason") in g.legal_actions()  # excluded, but not used yet
    g = g.apply(Build("stonemason"))
    assert g.state.players[RED].cubes == (0, 0, 0, 0)


def extra_worker():
    g = _game("extra workers 2", fx.ExtraWorker(2))
    g = _ok(resume(g, stage="round_end", round=1))
    started = of_type(g.events, E.RoundStarted)[-1]
    assert started.round == 2 and started.workers[RED] == Pieces(7, 1, 0, 2)
    assert started.workers[BLUE] == Pieces(7, 1, 0, 0)


def peek_event():
    g = _ok(_game("see next event", fx.PeekEvent()))
    assert g.view(RED).next_event == g.state.event_deck[0] and g.view(BLUE).next_event is None


def mill_bonus():
    g = _game("mill bonus 2 gold per worker up to 3", fx.MillBonus(2, 3))
    left = {"pieces": Pieces(4, 0, 0, 0), "placed": Pieces(3, 1, 0, 0), "gold": 0}
    g = _ok(at_step(g, "wool_mill", players={RED: left, BLUE: left}))
    assert g.state.players[RED].gold == 4 + 6 and g.state.players[BLUE].gold == 4


def price_delta():
    g = _game("buy price sand -1", fx.PriceDelta("sand", -1, "buy"))
    g = at_step(g, "market", spots=spots(market=(RED,)), players={RED: {"gold": 10}})
    g = _ok(g.apply(Buy("sand", 2)))
    assert g.state.players[RED].gold == 10 - 2


def permit():
    g = _game("allows sell stone", fx.Permit("sell", "stone"))
    g = at_step(g, "market", spots=spots(market=(RED,)),
                players={RED: {"gold": 10, "craftsmen": ("carpenter",), "cubes": cubes(stone=1)}})
    g = _ok(g.apply(Sell("stone", 1)))
    assert g.state.players[RED].gold == 14


#: One real-game proof per modifier class.
PROOFS = {
    fx.YieldDelta: yield_delta,
    fx.TaxFixed: tax_fixed,
    fx.CraftsmanLimit: craftsman_limit_down,
    fx.BuilderLimit: builder_limit_up,
    fx.CapacityDelta: capacity_delta,
    fx.ExtraWorker: extra_worker,
    fx.PeekEvent: peek_event,
    fx.MillBonus: mill_bonus,
    fx.PriceDelta: price_delta,
    fx.Permit: permit,
}


def test_s2_to_s8_every_modifier_is_covered():
    """Walks the registry: a new modifier class needs a proof here."""
    registered = {cls for cls in fx.EFFECTS.values() if cls in typing.get_args(fx.Modifier)}
    assert set(typing.get_args(fx.Modifier)) == registered == set(PROOFS)


@pytest.mark.parametrize("cls", list(PROOFS), ids=lambda c: c.__name__)
def test_s2_to_s8_modifier_compiles_applies_and_keeps_the_laws(cls):
    PROOFS[cls]()


def test_s2_2_lowest_craftsman_limit_applies():
    """§2.2: a limit modifier sets the value; with several in force, the lowest applies."""
    cards = compile_text('event t_small "Small" { this round: craftsmen 4 }', known=base_cards())
    g = pr.new_game(2, seed=3, cards=cards)
    five = ("carpenter", "stonemason", "mortar_mixer", "toolmaker", "architect")
    g = surgery(g, players={RED: {"privileges": ("jack",), "craftsmen": five}})
    assert g.rules.craftsman_limit(g.state, RED) == 6
    g = resume(g, event="t_small")
    assert g.rules.craftsman_limit(g.state, RED) == 4 and g.pending.kind == "discard"


def test_s2_3_builders_above_four_refused_by_the_compiler():
    """§2.3: ``builders N`` allows up to 4 (17 spots hold 4 players x 4 builders)."""
    with pytest.raises(pr.CardError, match=r"builder limit .* from 0 to 4, not 5") as exc:
        compile_text('event t_many "Many" { next round: builders 5 }')
    assert ":1:" in str(exc.value)

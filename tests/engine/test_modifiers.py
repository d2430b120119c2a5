"""Every modifier the card compiler accepts has an effect the engine applies and
the invariants agree with (issue #9, item 5; RULES §2.2, §2.3, §4, §7, §8).

The test walks the registry (the ``Modifier`` union of :mod:`pillars_rules.cardlang.effects`):
for each class a card using it compiles, the engine applies it in a real position
(an observable effect), and :func:`pillars_rules.testing.check_state` finds no
violation. A modifier added without an entry here fails
:func:`test_s2_to_s8_every_modifier_is_covered`.
"""

from __future__ import annotations

import typing

import pytest

import pillars_rules as pr
from pillars_rules import testing
from pillars_rules.actions import Build, Buy, Discard, KeepBuilder, Place, Sell
from pillars_rules.cardlang import base_cards, compile_text
from pillars_rules.cardlang import effects as fx
from pillars_rules.engine import events as E
from pillars_rules.engine.state import Pieces

from .support import BLUE, RED, after_step, cubes, of_type


def _cards(text: str, expected):
    cards = compile_text(f'privilege t_mod "Test" {{\n    permanent\n    {text}\n}}', known=base_cards())
    assert cards["t_mod"].abilities == (fx.Passive(expected),)  # the card compiles to it
    return cards


def _game(text: str, expected, step: str = "draft", seats=None, **kw) -> pr.Game:
    """A 2-player game at ``step`` whose RED owns a permanent privilege carrying ``text``."""
    seats = {seat: dict(fields) for seat, fields in (seats or {}).items()}
    seats.setdefault(RED, {})["privileges"] = ("t_mod",)
    return pr.scenario(players=2, seed=3, cards=_cards(text, expected), step=step, seats=seats, **kw)


def _ok(g: pr.Game) -> pr.Game:
    testing.check_state(g.state, g.rules)
    return g


def yield_delta():
    g = _game(
        "yield +1",
        fx.YieldDelta(1),
        "forest",
        seats={RED: {"resource_cards": ("forest_2",)}, BLUE: {"resource_cards": ("forest_3",)}},
    )
    state = after_step(_ok(g), "forest")
    testing.check_state(state, g.rules)
    assert state.players[RED].cube("wood") == 3 and state.players[BLUE].cube("wood") == 3


def tax_fixed():
    g = _ok(
        _game(
            "tax 1", fx.TaxFixed(1), "kings_court", seats={RED: {"gold": 10}, BLUE: {"gold": 10}}, pins=dict(tax=(4,))
        )
    )
    state = after_step(g, "kings_court")
    assert state.players[RED].gold == 9 and state.players[BLUE].gold == 10 - 4


def tax_delta():
    g = _ok(
        _game(
            "tax -2", fx.TaxDelta(-2), "kings_court", seats={RED: {"gold": 10}, BLUE: {"gold": 10}}, pins=dict(tax=(3,))
        )
    )
    state = after_step(g, "kings_court")
    assert state.players[RED].gold == 10 - 1 and state.players[BLUE].gold == 10 - 3


def craftsman_limit_down():
    # RED takes the privilege at Kingsbridge holding 3 starting craftsmen: over the limit of 2
    g = pr.scenario(
        players=2,
        seed=3,
        cards=_cards("craftsmen 2", fx.CraftsmanLimit(2)),
        step="kingsbridge",
        kingsbridge=("t_mod",),
        spots={"kingsbridge": (RED,)},
    )
    assert (g.pending.kind, g.current_player) == ("discard", RED)
    _ok(g)  # over the limit only while the discard is being decided
    g = _ok(g.apply(Discard("mortar_mixer")))
    assert g.state.players[RED].craftsmen == ("carpenter", "stonemason") and g.pending.kind == "draft"
    assert g.state.round == 2


def builder_limit_up():
    g = _game("builders 4", fx.BuilderLimit(4), "builders")
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
    g = _game(
        "all craftsmen except stonemason: capacity +1",
        fx.CapacityDelta(1, ("stonemason",)),
        "cathedral",
        seats={RED: {"cubes": cubes(wood=10, stone=2)}, BLUE: {"craftsmen": ()}},
    )
    for _ in range(5):
        g = _ok(g.apply(Build("carpenter")))
    assert g.state.players[RED].vp == 2 + 5
    assert Build("stonemason") in g.legal_actions()  # excluded, but not used yet
    g = g.apply(Build("stonemason"))
    assert g.state.players[RED].cubes == (0, 0, 0, 0)


def extra_worker():
    g = _ok(_game("extra workers 2", fx.ExtraWorker(2), "round_start", round=2))
    started = of_type(g.events, E.RoundStarted)[-1]
    assert started.round == 2 and started.workers[RED] == Pieces(7, 1, 0, 2)
    assert started.workers[BLUE] == Pieces(7, 1, 0, 0)


def peek_event():
    g = _ok(_game("see next event", fx.PeekEvent()))
    assert g.view(RED).next_event == g.state.event_deck[0] and g.view(BLUE).next_event is None


def mill_bonus():
    left = {"pieces": Pieces(4, 0, 0, 0), "placed": Pieces(3, 1, 0, 0), "gold": 0}
    g = _ok(
        _game("mill bonus 2 gold per worker up to 3", fx.MillBonus(2, 3), "wool_mill", seats={RED: left, BLUE: left})
    )
    state = after_step(g, "wool_mill")
    assert state.players[RED].gold == 4 + 6 and state.players[BLUE].gold == 4


def price_delta():
    g = _game(
        "buy price sand -1",
        fx.PriceDelta("sand", -1, "buy"),
        "market",
        spots={"market": (RED,)},
        seats={RED: {"gold": 10}},
    )
    g = _ok(g.apply(Buy("sand", 2)))
    assert g.state.players[RED].gold == 10 - 2


def permit():
    g = _game(
        "allows sell stone",
        fx.Permit("sell", "stone"),
        "market",
        spots={"market": (RED,)},
        seats={RED: {"gold": 10, "craftsmen": ("carpenter",), "cubes": cubes(stone=1)}},
    )
    g = _ok(g.apply(Sell("stone", 1)))
    assert g.state.players[RED].gold == 14


#: One real-game proof per modifier class.
PROOFS = {
    fx.YieldDelta: yield_delta,
    fx.TaxFixed: tax_fixed,
    fx.TaxDelta: tax_delta,
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
    five = ("carpenter", "stonemason", "mortar_mixer", "toolmaker", "architect")
    g = pr.scenario(
        players=2,
        seed=3,
        cards=cards,
        step="event",
        event="t_small",
        seats={RED: dict(privileges=("jack",), craftsmen=five)},
    )
    assert g.rules.craftsman_limit(g.state_at(1), RED) == 6  # before the event is revealed
    assert g.rules.craftsman_limit(g.state, RED) == 4 and g.pending.kind == "discard"


def test_s2_3_builders_above_four_refused_by_the_compiler():
    """§2.3: ``builders N`` allows up to 4 (17 spots hold 4 players x 4 builders)."""
    with pytest.raises(pr.CardError, match=r"builder limit .* from 0 to 4, not 5") as exc:
        compile_text('event t_many "Many" { next round: builders 5 }')
    assert ":1:" in str(exc.value)


@pytest.mark.parametrize(
    "text, expected, faces",
    [
        ("tax 1", fx.TaxFixed(1), [1, 1, 1, 1, 1, 1]),  # fixed: every face pays 1
        ("tax -2", fx.TaxDelta(-2), [0, 0, 1, 2, 3, 4]),  # lowered, never below 0
    ],
    ids=["fixed", "delta"],
)
def test_s2_4_tax_faces_is_tax_for_of_each_face(text, expected, faces):
    """``Rules.tax_faces`` (the bots read the tax die's faces at once) gives
    ``tax_for`` of every face, for the seat with the modifier and without."""
    g = _game(text, expected, "kings_court")
    die = (1, 2, 3, 4, 5, 6)
    assert g.rules.tax_faces(g.state, RED, die) == faces
    for seat in (RED, BLUE):
        assert g.rules.tax_faces(g.state, seat, die) == [g.rules.tax_for(g.state, seat, f) for f in die]
    assert g.rules.tax_faces(g.state, BLUE, die) == list(die)

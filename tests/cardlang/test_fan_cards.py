"""The example fan cards compile on top of the base set and use varied mechanisms."""

from __future__ import annotations

from pathlib import Path

from pillars_rules.cardlang import base_cards, load_paths
from pillars_rules.cardlang import effects as fx

FAN = Path(__file__).resolve().parents[2] / "examples" / "fan_cards"


def _walk(obj):
    yield obj
    for name in getattr(type(obj), "__attrs_attrs__", ()):
        v = getattr(obj, name.name)
        for x in v if isinstance(v, tuple) else (v,):
            if hasattr(type(x), "__attrs_attrs__"):
                yield from _walk(x)


def test_fan_cards_compile_with_base_as_known():
    fan = load_paths([FAN], known=base_cards())
    assert len(fan) >= 6
    assert not set(fan.by_id) & set(base_cards().by_id)


def test_fan_cards_cover_the_requested_mechanisms():
    fan = load_paths([FAN], known=base_cards())
    classes = {type(o) for c in fan for a in c.abilities + tuple(x for _, v in c.variants for x in v) for o in _walk(a)}
    for cls in (
        fx.ChooseOne,
        fx.PriceDelta,
        fx.PerBuilder,
        fx.Trigger,
        fx.Once,
        fx.ChooseCraftsman,
        fx.TaxDelta,
        fx.PerMillWorker,
        fx.If,
        fx.OnAction,
    ):
        assert cls in classes, cls
    assert fan["relic_seller"].conversions[0].inputs == (fx.Amount("vp", 2),)
    general = [a for c in fan for a in c.abilities if isinstance(a, fx.Once) and a.window in fx.GENERAL_WINDOWS]
    assert {a.window for a in general} == {"draft", "market"}
    # taking a resource card (issue #53) is shown by examples/ideas/turns.cards: a card more
    # here would change the fan games whose results tests/bots/test_levels.py pins
    assert {a.action for c in fan for a in c.abilities if isinstance(a, fx.OnAction)} == set(fx.PLAYER_ACTIONS) - {
        "take"
    }
    ideas = load_paths([FAN.parent / "ideas"], known=base_cards())
    assert "take" in {a.action for c in ideas for a in c.abilities if isinstance(a, fx.OnAction)}
    assert fan["tiler"].conversions[0].inputs == (fx.Amount("wood", 1), fx.Amount("stone", 1))
    assert fx.Amount("vp", 1) in fan["master_mason"].cost
    assert fan["merchant_guild"].abilities == (
        fx.Trigger("market", fx.Gain((fx.Amount("gold", 1),), fx.PerBuilder("market"))),
    )


def test_fan_cards_fail_without_the_base_set():
    import pytest

    from pillars_rules.errors import CardError

    with pytest.raises(CardError) as info:
        load_paths([FAN])
    assert any("unknown tag 'mortar_mixer'" in d.message for d in info.value.diagnostics)

"""The base set (RULES §5-§8) as compiled from cards/base/*.cards."""

from __future__ import annotations

import subprocess
import sys

import pytest

from pillars_rules.cardlang import base_cards, compile_text, format_cards
from pillars_rules.cardlang import effects as fx
from pillars_rules.cardlang.cardset import CardSet

A = fx.Amount


@pytest.fixture(scope="module")
def base():
    return base_cards()


def test_counts(base):
    crafts = base.of_kind("craftsman")
    assert len([c for c in crafts if c.round == 0]) == 3
    assert len([c for c in crafts if c.round > 0]) == 24
    for r in range(1, 7):  # §1: 4 craftsmen per round
        assert len([c for c in crafts if c.round == r]) == 4
    assert len(base.of_kind("privilege")) == 16
    assert len(base.of_kind("event")) == 10
    assert len(base.of_kind("resource")) == 9


def test_every_card_has_both_names(base):
    for c in base:
        assert c.name and c.name_de, c.id


# §6 table: (round, German, cost, inputs, outputs, capacity)
TABLE_6 = [
    (1, "Maurer", 5, "1 stone", "1 vp", 2),
    (1, "Werkzeugmacher", 2, "", "2 gold", None),
    (1, "Mörtelmischer", 4, "2 sand", "1 vp", 3),
    (1, "Spezieller Schreiner", 3, "1 wood", "4 gold", 2),
    (2, "Töpfer", 5, "1 sand", "1 vp", 2),
    (2, "Statiker", 6, "", "1 vp", None),
    (2, "Maurer", 4, "1 stone", "1 vp", 3),
    (2, "Zimmermann", 3, "1 wood", "1 vp", 2),
    (3, "Töpfer", 7, "1 sand", "1 vp", 3),
    (3, "Bildhauer", 6, "1 stone", "2 vp", 1),
    (3, "Zimmermann", 5, "1 wood", "1 vp", 3),
    (3, "Maurer", 4, "1 stone", "1 vp", 4),
    (4, "Maurer", 5, "1 stone", "1 vp", 5),
    (4, "Bildhauer", 7, "1 stone", "2 vp", 2),
    (4, "Zimmermann", 6, "1 wood", "1 vp", 4),
    (4, "Glasbläser", 8, "1 sand + 1 metal", "3 vp", 1),
    (5, "Zimmermann", 6, "1 wood", "1 vp", 5),
    (5, "Goldschmied", 7, "3 gold", "1 vp", 6),
    (5, "Bildhauer", 8, "1 stone", "2 vp", 3),
    (5, "Glasbläser", 9, "1 sand + 1 metal", "3 vp", 2),
    (6, "Glockengießer", 10, "1 metal", "4 vp", 2),
    (6, "Orgelbauer", 9, "1 wood + 1 metal", "6 vp", 1),
    (6, "Bildhauer", 8, "1 stone", "2 vp", 4),
    (6, "Goldschmied", 7, "3 gold", "1 vp", 8),
]


def _amounts(s: str):
    return tuple(A(k, int(n)) for n, k in (p.split() for p in s.split(" + "))) if s else ()


def test_round_craftsmen_match_table_6(base):
    got = [c for c in base.of_kind("craftsman") if c.round > 0]
    assert len(got) == len(TABLE_6)
    for card, (rnd, de, cost, ins, outs, cap) in zip(got, TABLE_6):
        assert (card.round, card.name_de, card.cost) == (rnd, de, (A("gold", cost),)), card.id
        (conv,) = card.conversions
        assert conv.inputs == _amounts(ins), card.id
        assert conv.outputs == _amounts(outs), card.id
        assert conv.capacity == cap, card.id


def test_starting_craftsmen(base):
    assert base["carpenter"].conversions == (fx.Convert((A("wood", 2),), (A("vp", 1),), 4),)
    assert base["carpenter"].tags == ("carpenter",)
    assert fx.Passive(fx.Permit("buy", "wood")) in base["carpenter"].abilities
    assert fx.Passive(fx.Permit("sell", "stone")) in base["stonemason"].abilities
    assert base["mortar_mixer"].conversions == (fx.Convert((A("sand", 3),), (A("vp", 1),), 3),)
    assert all(base[i].round == 0 and base[i].cost == () for i in ("carpenter", "stonemason", "mortar_mixer"))


def test_special_craftsmen(base):
    # §6 requirements: Mason needs a mortar mixer; improved mixer and master carpenter count.
    for cid in ("mason_r1", "mason_r2", "mason_r3", "mason_r4"):
        assert base[cid].conversions[0].needs == "mortar_mixer"
    assert "mortar_mixer" in base["mortar_mixer_r1"].tags
    assert "carpenter" in base["master_carpenter"].tags
    assert fx.Passive(fx.Permit("buy", "wood")) in base["master_carpenter"].abilities
    assert base["toolmaker"].conversions == (fx.Convert((), (A("gold", 2),), None, None, fx.OwnsAtLeast("metal", 1)),)
    assert base["architect"].conversions == (fx.Convert((), (A("vp", 1),)),)


def test_privileges(base):
    P = fx.Passive
    assert base["otto_blackface"].abilities == (P(fx.ExtraWorker()),)
    assert base["jack"].abilities == (P(fx.CraftsmanLimit(6)),)
    assert base["brother_francis"].abilities == (P(fx.TaxFixed(2)),)
    assert base["ellen"].abilities == (P(fx.PeekEvent()),)
    assert base["prior_philip"].abilities == (fx.Trigger("priory", fx.Gain((A("vp", 1),), fx.PerBuilder("priory"))),)
    # §7 (revised): the cube comes at the site's step
    for cid, cube, step in (
        ("richard", "sand", "sand_pit"),
        ("aliena", "wood", "forest"),
        ("tom_builder", "stone", "quarry"),
    ):
        assert base[cid].abilities == (fx.Trigger(step, fx.Gain((A(cube, 1),))),)
    assert base["brother_remigius"].abilities == (fx.Once("placement", fx.FreePlacement()),)
    assert base["archbishop_thomas"].abilities == (fx.Once("event", fx.IgnoreEvent()),)
    assert base["fall_of_the_usurper"].abilities == (fx.Once("tax", fx.TaxExempt()),)
    modes = [c.mode for c in base.of_kind("privilege")]
    assert (modes.count("permanent"), modes.count("once"), modes.count("immediate")) == (8, 3, 5)
    last = {c.id for c in base.of_kind("privilege") if c.last_round}
    assert last == {"cathedral_nearly_done", "king_attends"}
    assert base["wool_fair"].abilities == (fx.OnGain(fx.Gain((A("gold", 8),))),)
    assert base["cathedral_nearly_done"].abilities == (fx.OnGain(fx.Gain((A("stone", 1), A("wood", 1)))),)


def test_events(base):
    ex = ("bell_founder", "organ_builder")
    assert base["king_celebrates"].abilities == (fx.Now(fx.Gain((A("gold", 5),))),)
    assert base["prior_philip_opens_stores"].abilities == (fx.ThisRound(fx.MillBonus(1, 5)),)
    statue = base["archbishops_statue"]
    assert statue.abilities == (fx.ThisRound(fx.CapacityDelta(1, ex)),)  # §8 ruling
    assert statue.variants == (("archbishop_one_craftsman", (fx.Now(fx.ChooseCraftsman("boost", 1, ex)),)),)
    assert statue.with_variants(["archbishop_one_craftsman"]).abilities == (fx.Now(fx.ChooseCraftsman("boost", 1, ex)),)
    assert base["volunteers"].abilities == (fx.ThisRound(fx.YieldDelta(1)),)
    assert base["fresh_wall_collapses"].abilities == (fx.Now(fx.ChooseCraftsman("discard")),)
    assert base["conflict_philip_waleran"].abilities == (fx.Now(fx.Lose((A("vp", 2),))),)
    assert base["cold_winter"].abilities == (fx.ThisRound(fx.YieldDelta(-1)),)
    assert base["city_wall"].abilities == (fx.NextRound(fx.BuilderLimit(2)),)
    assert base["william_hamleigh"].abilities == (fx.Now(fx.Lose((A("gold", 4),))),)
    harmful = {c.id for c in base.of_kind("event") if c.harmful}
    assert harmful == {
        "fresh_wall_collapses",
        "conflict_philip_waleran",
        "cold_winter",
        "city_wall",
        "william_hamleigh",
    }


def test_resources_match_table_5(base):
    want = {
        ("sand_pit", 2): 2,
        ("sand_pit", 3): 4,
        ("sand_pit", 4): 7,
        ("forest", 2): 3,
        ("forest", 3): 6,
        ("forest", 4): 9,
        ("quarry", 2): 5,
        ("quarry", 3): 8,
        ("quarry", 4): 10,
    }
    got = {(c.site, c.yields.n): c.workers for c in base.of_kind("resource")}
    assert got == want
    for c in base.of_kind("resource"):
        assert c.yields.kind == fx.SITES[c.site]
        assert c.id == f"{c.site}_{c.yields.n}"


def test_base_set_is_cached_and_has_relative_sources(base):
    assert base_cards() is base
    assert [name for name, _ in base.sources] == [
        "base/board.cards",
        "base/craftsmen.cards",
        "base/events.cards",
        "base/privileges.cards",
        "base/resources.cards",
    ]
    assert base["mason_r1"].pos.file == "base/craftsmen.cards"


def test_every_base_card_round_trips(base):
    assert compile_text(format_cards(base)).cards == base.cards
    for card in base:
        others = CardSet(tuple(c for c in base if c.id != card.id))
        assert compile_text(format_cards([card]), known=others).cards == (card,)


def test_fresh_process_compiles_the_base_cards():
    """A new interpreter loads the base set (its speed is measured by the benchmark)."""
    code = "from pillars_rules.cardlang import base_cards; print(len(base_cards()))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["62"]

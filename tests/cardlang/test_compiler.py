"""Each construct of the card language compiles to the right registry object."""

from __future__ import annotations

import pytest

from pillars_rules.cardlang import ast, base_cards, compile_text, parse
from pillars_rules.cardlang import effects as fx
from pillars_rules.cardlang.cardset import CardSet
from pillars_rules.errors import CardError

A = fx.Amount

HEAD = {
    "craftsman": 'craftsman x "X" {{ round 1 {} }}',
    "privilege": 'privilege x "X" {{ permanent {} }}',
    "once": 'privilege x "X" {{ once {} }}',
    "immediate": 'privilege x "X" {{ immediate {} }}',
    "event": 'event x "X" {{ {} }}',
}


def one(kind: str, body: str):
    """The single ability of a one-statement card."""
    (card,) = compile_text(HEAD[kind].format(body), known=base_cards()).cards
    (ability,) = card.abilities
    return ability


# One example per registry class: (card kind, statement, expected ability).
EXAMPLES = {
    "Amount": ("craftsman", "convert 2 wood -> 1 vp", fx.Convert((A("wood", 2),), (A("vp", 1),))),
    "OwnsAtLeast": (
        "craftsman",
        "convert -> 2 gold, if you own 1 metal",
        fx.Convert((), (A("gold", 2),), condition=fx.OwnsAtLeast("metal", 1)),
    ),
    "PerBuilder": (
        "privilege",
        "at market: gain 1 gold per builder at market",
        fx.Trigger("market", fx.Gain((A("gold", 1),), fx.PerBuilder("market"))),
    ),
    "Gain": ("event", "now: gain 5 gold, 1 vp", fx.Now(fx.Gain((A("gold", 5), A("vp", 1))))),
    "Lose": ("event", "now: lose 2 vp", fx.Now(fx.Lose((A("vp", 2),)))),
    "ChooseCraftsman": (
        "event",
        "now: choose craftsman except bell_founder: capacity +2",
        fx.Now(fx.ChooseCraftsman("boost", 2, ("bell_founder",))),
    ),
    "ChooseOne": (
        "event",
        "now: choose one: gain 3 gold | gain 1 metal",
        fx.Now(fx.ChooseOne((fx.Gain((A("gold", 3),)), fx.Gain((A("metal", 1),))))),
    ),
    "YieldDelta": ("event", "this round: yield -1", fx.ThisRound(fx.YieldDelta(-1))),
    "TaxFixed": ("privilege", "tax 2", fx.Passive(fx.TaxFixed(2))),
    "CraftsmanLimit": ("privilege", "craftsmen 6", fx.Passive(fx.CraftsmanLimit(6))),
    "BuilderLimit": ("event", "next round: builders 2", fx.NextRound(fx.BuilderLimit(2))),
    "CapacityDelta": (
        "event",
        "this round: all craftsmen except bell_founder: capacity +1",
        fx.ThisRound(fx.CapacityDelta(1, ("bell_founder",))),
    ),
    "ExtraWorker": ("privilege", "extra workers 2", fx.Passive(fx.ExtraWorker(2))),
    "PeekEvent": ("privilege", "see next event", fx.Passive(fx.PeekEvent())),
    "MillBonus": ("event", "this round: mill bonus 1 gold per worker up to 5", fx.ThisRound(fx.MillBonus(1, 5))),
    "PriceDelta": ("privilege", "buy price wood -1", fx.Passive(fx.PriceDelta("wood", -1, "buy"))),
    "Permit": ("craftsman", "allows buy wood", fx.Passive(fx.Permit("buy", "wood"))),
    "FreePlacement": ("once", "on placement: free placement", fx.Once("placement", fx.FreePlacement())),
    "IgnoreEvent": ("once", "on event: ignore event", fx.Once("event", fx.IgnoreEvent())),
    "TaxExempt": ("once", "on tax: pay no tax", fx.Once("tax", fx.TaxExempt())),
    "Convert": (
        "craftsman",
        "convert 1 sand + 1 metal -> 3 vp, capacity 1, needs mortar_mixer",
        fx.Convert((A("sand", 1), A("metal", 1)), (A("vp", 3),), 1, "mortar_mixer"),
    ),
    "Passive": ("craftsman", "extra worker", fx.Passive(fx.ExtraWorker(1))),
    "Trigger": ("craftsman", "at round_start: gain 1 sand", fx.Trigger("round_start", fx.Gain((A("sand", 1),)))),
    "OnGain": ("immediate", "gain 8 gold", fx.OnGain(fx.Gain((A("gold", 8),)))),
    "Once": ("once", "on tax: pay no tax", fx.Once("tax", fx.TaxExempt())),
    "Now": ("event", "now: choose craftsman: discard", fx.Now(fx.ChooseCraftsman("discard"))),
    "ThisRound": ("event", "this round: price stone +1", fx.ThisRound(fx.PriceDelta("stone", 1, "both"))),
    "NextRound": ("event", "next round: tax 4", fx.NextRound(fx.TaxFixed(4))),
    "TaxDelta": ("privilege", "tax -1", fx.Passive(fx.TaxDelta(-1))),
    "PerMillWorker": (
        "craftsman",
        "at wool_mill: gain 1 gold per worker in mill",
        fx.Trigger("wool_mill", fx.Gain((A("gold", 1),), fx.PerMillWorker())),
    ),
    "If": (
        "event",
        "now: if you own 1 metal: gain 2 gold",
        fx.Now(fx.If(fx.OwnsAtLeast("metal", 1), fx.Gain((A("gold", 2),)))),
    ),
    "OnAction": (
        "craftsman",
        "when you place at market: gain 1 gold",
        fx.OnAction("place", fx.Gain((A("gold", 1),)), "market"),
    ),
    # issue #36: other players, values of the game, the end of the game
    "PerCount": (
        "craftsman",
        "at round_start: gain 1 vp per 2 craftsmen",
        fx.Trigger("round_start", fx.Gain((A("vp", 1),), fx.PerCount("craftsmen", 2))),
    ),
    "Players": (
        "craftsman",
        "at market: each other player: lose 1 gold",
        fx.Trigger("market", fx.ForPlayers(fx.Players("other"), fx.Lose((A("gold", 1),)))),
    ),
    "ForPlayers": (
        "craftsman",
        "at castle: the player with fewest vp: gain 2 gold",
        fx.Trigger("castle", fx.ForPlayers(fx.Players("fewest", "vp"), fx.Gain((A("gold", 2),)))),
    ),
    "HasMost": (
        "event",
        "now: if you have most cubes: lose 1 vp",
        fx.Now(fx.If(fx.HasMost("cubes", True), fx.Lose((A("vp", 1),)))),
    ),
    "Swap": (
        "craftsman",
        "at castle: trade 1 wood for 2 gold with a player you choose",
        fx.Trigger("castle", fx.Swap((A("wood", 1),), (A("gold", 2),), fx.Players("chosen"))),
    ),
    "Transfer": (
        "craftsman",
        "at market: take 1 stone, 1 gold from your left neighbour",
        fx.Trigger("market", fx.Transfer("take", (A("stone", 1), A("gold", 1)), fx.Players("left"))),
    ),
    "Lasting": (
        "craftsman",
        "at market: choose one: next round: tax -1 | gain 1 gold",
        fx.Trigger("market", fx.ChooseOne((fx.Lasting("next_round", fx.TaxDelta(-1)), fx.Gain((A("gold", 1),))))),
    ),
    "AddCounters": ("craftsman", "at castle: add 2 counters", fx.Trigger("castle", fx.AddCounters(2))),
    "Borrow": ("once", "on cathedral: use a craftsman of another player", fx.Once("cathedral", fx.Borrow("other"))),
    "RestOfGame": ("event", "rest of game: yield -1", fx.RestOfGame(fx.YieldDelta(-1))),
    "Vote": (
        "event",
        "now: vote: gain 2 gold | this round: tax +1",
        fx.Now(fx.Vote((fx.Gain((A("gold", 2),)), fx.Lasting("this_round", fx.TaxDelta(1))))),
    ),
    "Bid": ("event", "now: bid gold: gain 3 vp", fx.Now(fx.Bid("gold", fx.Gain((A("vp", 3),))))),
    "Market": (
        "craftsman",
        "at round_start: the market loses 1 sand, 2 wood",
        fx.Trigger("round_start", fx.Market("loses", (A("sand", 1), A("wood", 2)))),
    ),
    # issue #53: a quantity -- factors that multiply, a bound
    "Scaled": (
        "craftsman",
        "at round_start: gain 1 gold per craftsman per round up to 6",
        fx.Trigger(
            "round_start", fx.Gain((A("gold", 1),), fx.Scaled((fx.PerCount("craftsmen"), fx.PerCount("round")), 6))
        ),
    ),
    # issue #53: turn order as state
    "BecomeStartPlayer": (
        "craftsman",
        "at castle: become the start player",
        fx.Trigger("castle", fx.BecomeStartPlayer()),
    ),
    "ReverseOrder": ("event", "now: reverse the order of play next round", fx.Now(fx.ReverseOrder("next_round"))),
    "IsStartPlayer": (
        "craftsman",
        "at castle: if you are the start player: gain 2 gold",
        fx.Trigger("castle", fx.If(fx.IsStartPlayer(), fx.Gain((A("gold", 2),)))),
    ),
    # issue #53: cards as objects
    "LookEvents": (
        "privilege",
        "at round_start: look at the next 2 events",
        fx.Trigger("round_start", fx.LookEvents(2)),
    ),
    "ReorderEvents": ("immediate", "reorder the next 3 events", fx.OnGain(fx.ReorderEvents(3))),
    "BuryEvent": ("event", "now: bury the next event", fx.Now(fx.BuryEvent())),
    "CopyPrivilege": (
        "privilege",
        "at round_start: copy a privilege of your left neighbour for this round",
        fx.Trigger("round_start", fx.CopyPrivilege(fx.Players("left"), "this_round")),
    ),
    "GivePrivilege": (
        "privilege",
        "at castle: choose privilege: give to a player you choose",
        fx.Trigger("castle", fx.GivePrivilege(fx.Players("chosen"))),
    ),
}


def test_examples_cover_the_registry():
    # GreyWorkers is a place's spot effect, not an ability: tests/cardlang/test_places.py;
    # DraftCards stands on the board card only: tests/cardlang/test_setup_rules.py
    assert set(EXAMPLES) | {"GreyWorkers", "DraftCards"} == set(fx.EFFECTS)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_registry_class_compiles(name):
    kind, body, want = EXAMPLES[name]
    assert one(kind, body) == want


def test_card_fields():
    cs = compile_text("""
        craftsman c "C" de "K" { round start cost 3 gold, 1 vp tags a, b convert -> 1 vp }
        privilege p "P" { immediate last round gain 1 metal }
        event e "E" { harmful now: lose 1 gold }
        resource r "R" { site quarry yields 3 stone workers 8 }
    """)
    c, p, e, r = cs.cards
    assert (c.kind, c.name, c.name_de, c.round, c.cost, c.tags) == (
        "craftsman",
        "C",
        "K",
        0,
        (A("gold", 3), A("vp", 1)),
        ("a", "b"),
    )
    assert (p.mode, p.last_round) == ("immediate", True)
    assert e.harmful is True
    assert (r.site, r.yields, r.workers, r.abilities) == ("quarry", A("stone", 3), 8, ())
    assert c.pos.line == 2 and r.pos.line == 5


def test_sources_and_positions():
    text = 'event e "E" { now: gain 1 gold }'
    cs = compile_text(text, "x.cards")
    assert cs.sources == (("x.cards", text),)
    assert (cs["e"].pos.file, cs["e"].pos.line, cs["e"].pos.column) == ("x.cards", 1, 1)


def test_layout_is_free():
    a = compile_text('craftsman c "C" {\n round\n 1\n convert 1\n wood ->\n 1 vp }')
    b = compile_text('craftsman c "C" { round 1 convert 1 wood -> 1 vp }')
    assert a.cards == b.cards


def test_nested_choose_one():
    ab = one("event", "now: choose one: gain 1 gold | (choose one: gain 1 wood | gain 1 stone)")
    inner = fx.ChooseOne((fx.Gain((A("wood", 1),)), fx.Gain((A("stone", 1),))))
    assert ab == fx.Now(fx.ChooseOne((fx.Gain((A("gold", 1),)), inner)))


def test_variant():
    (card,) = compile_text('event e "E" { now: gain 1 gold variant v { now: gain 2 gold } }').cards
    assert card.variants == (("v", (fx.Now(fx.Gain((A("gold", 2),))),)),)


def test_known_set_resolves_references_but_is_not_included():
    cs = compile_text('event e "E" { now: choose craftsman except organ_builder: discard }', known=base_cards())
    assert [c.id for c in cs] == ["e"]


def test_known_can_be_any_cardset():
    known = compile_text('craftsman k "K" { round 1 tags glazier convert -> 1 vp }')
    cs = compile_text('craftsman c "C" { round 2 convert 1 sand -> 1 vp, needs glazier }', known=known)
    assert isinstance(cs, CardSet) and cs["c"].conversions[0].needs == "glazier"


def test_parse_gives_typed_ast_with_positions():
    tree = parse('# c\ncraftsman m "M" {\n    round 1\n    convert 2 stone -> 1 vp\n}\n', "f")
    (card,) = tree.cards
    assert isinstance(card, ast.CardNode) and (card.line, card.column) == (2, 1)
    assert (card.id.text, card.id.line, card.id.column) == ("m", 2, 11)
    (conv,) = card.abilities
    assert conv.registry == "Convert" and (conv.line, conv.column) == (4, 5)
    (inp,) = conv.arg("inputs")
    assert (inp.kind.text, inp.kind.line, inp.kind.column) == ("stone", 4, 15)
    assert tree.comments[0].text == "# c"


def test_keywords_are_whole_words():
    # 'convertible' is not 'convert' + 'ible'
    from pillars_rules.errors import CardError

    with pytest.raises(CardError, match="unknown statement 'convertible'"):
        compile_text('craftsman c "C" { round 1 convertible 1 wood -> 1 vp }')


def test_ids_may_reuse_keywords():
    (card,) = compile_text('craftsman round "R" { round 1 tags gold convert -> 1 vp }').cards
    assert card.id == "round" and card.tags == ("gold",)


@pytest.mark.parametrize(
    "body, role, kind",
    [
        ("now: take 1 gold from the market", "what is taken from the market", "gold"),
        ("now: give 1 vp to the market", "what is given to the market", "vp"),
        ("now: the market gains 1 vp", "what the market gains", "vp"),
        ("now: the market loses 2 gold", "what the market loses", "gold"),
    ],
)
def test_the_market_holds_cubes_only(body, role, kind):
    with pytest.raises(CardError, match=f"{role} cannot be {kind}; allowed: wood, stone, sand, metal"):
        compile_text('event e "E" { ' + body + " }")


def test_counters_are_a_count_of_the_card_not_of_the_player():
    assert one("craftsman", "at castle: gain 1 gold per 2 counters") == fx.Trigger(
        "castle", fx.Gain((A("gold", 1),), fx.PerCount("counters", 2))
    )
    # issue #53: a condition tests the counters on the card itself...
    assert one("craftsman", "at castle: if you own 2 counters: gain 1 gold") == fx.Trigger(
        "castle", fx.If(fx.OwnsAtLeast("counters", 2), fx.Gain((A("gold", 1),)))
    )
    # ...but no player has "most counters": they are on cards, not players
    with pytest.raises(CardError, match="unknown count 'counters'"):
        one("craftsman", "at castle: if you have most counters: gain 1 gold")
    with pytest.raises(CardError, match="what is added"):
        one("craftsman", "at castle: add 2 gold")


@pytest.mark.parametrize(
    "body",
    [
        "now: choose one: gain 1 gold | (choose one: this round: tax 0 | gain 1 vp)",
        "now: choose one: gain 1 gold | (if you own 1 gold: (choose one: this round: tax 0 | gain 1 vp))",
    ],
)
def test_a_lasting_change_is_an_option_of_the_outer_choice_only(body):
    with pytest.raises(CardError, match="a lasting change is an option of the outer choice only"):
        compile_text('event e "E" { ' + body + " }")


def test_a_condition_may_guard_a_choice_of_lasting_changes():
    (card,) = compile_text('event e "E" { now: if you own 1 gold: (choose one: this round: tax 0 | gain 1 vp) }').cards
    assert card.abilities == (
        fx.Now(
            fx.If(
                fx.OwnsAtLeast("gold", 1),
                fx.ChooseOne((fx.Lasting("this_round", fx.TaxFixed(0)), fx.Gain((A("vp", 1),)))),
            )
        ),
    )

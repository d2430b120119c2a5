"""How much, and choices at the market (issue #53): one quantity form
wherever an amount is scaled -- factors that multiply and a bound --
counters tested in a condition, a vote weighted by a value, and choices of
the owner on a turn at the market. Each form compiles to the registry, prints
back to the same card, reads in English, and what has no meaning is refused
at its word."""

from __future__ import annotations

import pytest

from pillars_rules import totality
from pillars_rules.cardlang import base_cards, compile_text, format_cards
from pillars_rules.cardlang import effects as fx
from pillars_rules.cardlang.lint import lint
from pillars_rules.cardlang.render import render
from pillars_rules.errors import CardError

GOLD = (fx.Amount("gold", 1),)


def _one(text: str):
    return next(iter(compile_text(text, "q.cards", known=base_cards())))


def _refusal(text: str) -> str:
    with pytest.raises(CardError) as info:
        compile_text(text, "q.cards", known=base_cards())
    return str(info.value).splitlines()[0]


@pytest.mark.parametrize(
    "text, effect",
    [
        # one factor alone is the form cards wrote before: unchanged
        ("gain 1 gold per craftsman", fx.Gain(GOLD, fx.PerCount("craftsmen"))),
        (
            "gain 1 gold per craftsman per round",
            fx.Gain(GOLD, fx.Scaled((fx.PerCount("craftsmen"), fx.PerCount("round")))),
        ),
        ("gain 1 gold per craftsman up to 4", fx.Gain(GOLD, fx.Scaled((fx.PerCount("craftsmen"),), 4))),
        (
            "gain 1 gold per 2 cubes per worker in mill up to 9",
            fx.Gain(GOLD, fx.Scaled((fx.PerCount("cubes", 2), fx.PerMillWorker()), 9)),
        ),
        ("lose 1 gold per 5 gold", fx.Lose(GOLD, fx.PerCount("gold", 5))),
        ("lose 1 gold", fx.Lose(GOLD)),
        ("if you own 3 counters: gain 1 gold", fx.If(fx.OwnsAtLeast("counters", 3), fx.Gain(GOLD))),
    ],
)
def test_each_quantity_compiles_to_the_one_form(text, effect):
    card = _one(f'privilege p "P" {{ permanent\n at round_start: {text}\n at round_start: add 1 counter }}')
    assert card.abilities[0] == fx.Trigger("round_start", effect)


def test_a_conversions_outputs_and_a_votes_weight_take_the_same_form():
    conv = _one('craftsman c "C" { round 2\n convert 1 wood -> 1 gold per round, capacity 2 }').abilities[0]
    assert conv.outputs_per == fx.PerCount("round") and conv.capacity == 2
    vote = _one('event e "E" { now: vote per gold up to 10: gain 2 gold | gain 1 vp }').abilities[0].effect
    assert vote.weight == fx.Scaled((fx.PerCount("gold"),), 10)
    plain = _one('event e "E" { now: vote: gain 2 gold | gain 1 vp }').abilities[0].effect
    assert plain.weight is None


CARDS = [
    'privilege p "P" {\n    permanent\n    at round_start: gain 1 gold per craftsman per round up to 6\n}\n',
    'privilege p "P" {\n    permanent\n    at round_start: add 1 counter\n'
    "    at cathedral: if you own 3 counters: lose 1 vp per 2 cubes per round\n}\n",
    'craftsman c "C" {\n    round 2\n    convert 1 wood -> 1 gold + 1 vp per round up to 4, capacity 2\n}\n',
    'event e "E" {\n    now: vote per 2 gold per builder at market: gain 2 gold | (lose 1 gold per 5 gold)\n}\n',
    'privilege p "P" {\n    once\n    on market: choose one: take 1 stone from the market | gain 2 gold\n}\n',
    'craftsman c "C" {\n    round 2\n    when you sell: trade 1 wood for 1 stone with a player you choose\n}\n',
]


@pytest.mark.parametrize("text", CARDS)
def test_the_forms_print_back_to_the_same_card(text):
    card = _one(text)
    printed = format_cards((card,))
    assert _one(printed) == card
    assert format_cards((_one(printed),)) == printed


def test_the_forms_read_in_english():
    assert "gain 1 gold per craftsman you have per round number (at most 6 of each)" in render(_one(CARDS[0]))
    assert "if you own at least 3 counters on this card" in render(_one(CARDS[1]))
    assert "Converts 1 wood into 1 gold and 1 VP per round number (at most 4 of each)" in render(_one(CARDS[2]))
    assert "each vote counts 1 per 2 gold its voter has per builder of its voter's at the market" in render(
        _one(CARDS[3])
    )


@pytest.mark.parametrize(
    "text, where, says",
    [
        ('event e "E" {\n now: vote per counter: gain 1 gold | gain 1 vp }', "q.cards:2:12", "weighted by counters"),
        (
            'privilege p "P" { once\n on market: each other player: (choose one: gain 1 gold | gain 1 vp) }',
            "q.cards:2:2",
            "cannot ask another player to choose",
        ),
        (
            'craftsman c "C" { round 2\n when you buy: your left neighbour: choose craftsman: discard }',
            "q.cards:2:2",
            "cannot ask another player to choose",
        ),
        ('privilege p "P" { permanent\n at round_start: gain 1 gold per round up to 0 }', "q.cards:2:46", "bound"),
        ('privilege p "P" { permanent\n at round_start: lose 1 gold per smile }', "q.cards:2:34", "smile"),
    ],
)
def test_what_has_no_meaning_is_refused_at_its_word(text, where, says):
    first = _refusal(text)
    assert first.startswith(where + ": error: ") and says in first, first


def test_lint_warns_of_counters_nothing_puts_on_the_card():
    cards = compile_text(
        'privilege p "P" { permanent\n at cathedral: if you own 2 counters: gain 1 vp }', "q.cards", known=base_cards()
    )
    assert [w.code for w in lint(cards, known=base_cards())] == ["W005"]
    assert lint(compile_text(CARDS[1], "q.cards", known=base_cards()), known=base_cards()) == []


#: Cards of the new forms in the places of base cards, for whole games (the
#: generator draws them too; these are pinned).
PINNED = [
    totality.Case(
        'privilege wool_fair "W" { once\n on market: choose one: take 1 stone from the market | '
        "(choose one: gain 1 gold | use a craftsman of any player) }"
    ),
    totality.Case(
        'craftsman mason_r1 "M" { round 1\n convert 1 stone -> 1 vp per round per craftsman up to 5\n'
        " when you buy: choose craftsman: capacity +1\n"
        " when you sell: take 1 gold from a player you choose }"
    ),
    totality.Case(
        'event volunteers "V" { now: vote per gold per round up to 20: gain 1 gold per craftsman | '
        "lose 1 gold per 5 gold }"
    ),
]


@pytest.mark.parametrize("case", PINNED)
@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_the_pinned_cards_play_save_load_and_replay(case, players, seed):
    outcome = totality.play_set(case, players, seed)
    assert outcome.kind == "ok", (outcome, case.text)

"""France and *Inspiration in Saint-Denis* (issue #37): the builder on France
uses one craftsman in play -- another player's or their own -- once more,
as a decision among the uses they can pay for (``use a craftsman of any
player``, the spot's effect; rulings in docs/expansion.rst)."""

from __future__ import annotations

from pathlib import Path

import pytest

import pillars_rules as pr
from pillars_rules.actions import ChooseOption
from pillars_rules.engine import events as E

ROOT = Path(__file__).resolve().parents[2]
BASE_CRAFTSMEN = ("carpenter", "stonemason", "mortar_mixer")


@pytest.fixture(scope="module")
def cards() -> pr.CardSet:
    return pr.load_cards(str(ROOT / "cards" / "expansion"))


def _france(cards, seat, seats, players=5):
    return pr.scenario(players=players, round=3, step="france", cards=cards, spots={"france": (seat,)}, seats=seats)


def test_france_resolves_after_the_market_before_the_cathedral(cards):
    steps = cards.board.steps
    assert steps.index("market") + 1 == steps.index("france") == steps.index("cathedral") - 1
    assert cards.board.by_key["france"].spots == 1


def test_the_builder_on_france_uses_another_players_craftsman_once_more(cards):
    g = _france(cards, 2, {2: dict(cubes=dict(stone=1)), 0: dict(craftsmen=BASE_CRAFTSMEN + ("sculptor_r3",))})
    assert g.pending.kind == "choice" and g.current_player == 2
    labels = [c.label for c in pr.words.choices(g.view(2))]
    assert labels == [
        "option 1: use Red's Sculptor (round 3) once: 1 stone -> 2 VP (France)",
        "option 2: use no craftsman (France)",
    ], labels
    vp = g.state.players[2].vp
    after = g.apply(ChooseOption(0))
    used = [e for e in after.events if isinstance(e, E.CraftsmanBorrowed)]
    assert [(e.seat, e.owner, e.card, e.reason) for e in used] == [(2, 0, "sculptor_r3", "france")]
    assert after.state.players[2].vp == vp + 2 and after.state.players[2].cube("stone") == 0
    assert after.events[len(g.events) + 2] == E.StepStarted("cathedral")  # then the cathedral step
    assert pr.replay(after.events, cards=cards) == after
    assert pr.load(pr.save(after), cards=cards).events == after.events


def test_an_own_craftsman_is_used_once_more_beyond_its_capacity(cards):
    """'their own or another player's': the own Sculptor (capacity 1) is used at
    France and still has its one use at the cathedral."""
    g = _france(cards, 1, {1: dict(cubes=dict(stone=2), craftsmen=BASE_CRAFTSMEN + ("sculptor_r3",))})
    labels = [c.label for c in pr.words.choices(g.view(1))]
    own = [i for i, x in enumerate(labels) if "use your own Sculptor (round 3) once: 1 stone -> 2 VP (France)" in x]
    assert len(own) == 1, labels
    g = g.apply(ChooseOption(own[0]))
    assert g.state.players[1].uses == ()
    while g.pending.kind != "cathedral" or g.current_player != 1:
        g = g.apply(g.legal_actions()[-1] if g.pending.kind == "cathedral" else g.legal_actions()[0])
    assert any(getattr(a, "card", "") == "sculptor_r3" for a in g.legal_actions())


def test_a_builder_who_can_pay_for_nothing_is_not_asked(cards):
    g = _france(cards, 3, {3: dict(gold=0)})
    assert g.state.step == "cathedral" or g.pending.kind != "choice"
    assert not any(isinstance(e, E.ChoicesQueued) for e in g.events[-6:])


def test_bots_play_france_from_their_views(cards):
    from pillars_rules.bots import make_bot

    used = 0
    for seed in (1, 2):
        g = pr.play(pr.new_game(6, seed, cards=cards), [make_bot("heuristic", seed * 10 + i) for i in range(6)])
        assert g.is_over and pr.replay(g.events, cards=cards) == g
        used += sum(1 for e in g.events if isinstance(e, E.CraftsmanBorrowed))
    assert used  # someone stood on France and used a craftsman


STONE_AT_CATHEDRAL = 'privilege mason_gift "Mason\'s gift" {\n    permanent\n    at cathedral: gain 1 stone\n}\n'


def test_the_one_use_is_decided_at_frances_own_step(cards):
    """docs/expansion.rst: the use is made at France's own step, with the cubes
    of the round's trading -- before the cathedral step starts, so neither its
    ``at cathedral`` gains nor its choices come first (issue #54)."""
    fan = pr.load_cards(str(ROOT / "cards" / "expansion")).merged(
        pr.cardlang.compile_text(STONE_AT_CATHEDRAL, "gift.cards", known=cards)
    )
    # seat 2 holds wood for its own Carpenter but no stone: the gift's stone at
    # the cathedral would pay for Red's Sculptor
    g = pr.scenario(
        players=5,
        round=3,
        step="france",
        cards=fan,
        spots={"france": (2,)},
        seats={
            2: dict(cubes=dict(wood=2, stone=0), privileges=("mason_gift",)),
            0: dict(craftsmen=BASE_CRAFTSMEN + ("sculptor_r3",)),
        },
    )
    assert g.pending.kind == "choice" and g.current_player == 2
    steps = [e.step for e in g.events if isinstance(e, E.StepStarted)]
    assert g.state.step == "france" and steps[-1] == "france", steps
    labels = [c.label for c in pr.words.choices(g.view(2))]
    assert any("Carpenter" in x for x in labels) and not any("Sculptor" in x for x in labels), labels
    g = g.apply(ChooseOption(len(labels) - 1))
    started = [i for i, e in enumerate(g.events) if e == E.StepStarted("cathedral")]
    gift = [i for i, e in enumerate(g.events) if isinstance(e, E.Gained) and e.reason == "mason_gift"]
    assert started and gift and started[0] < gift[0]
    assert not any(isinstance(e, E.CraftsmanBorrowed) and e.card == "sculptor_r3" for e in g.events)


def test_the_question_comes_before_the_cathedral_step_starts(cards):
    g = _france(cards, 2, {2: dict(cubes=dict(stone=1)), 0: dict(craftsmen=BASE_CRAFTSMEN + ("sculptor_r3",))})
    assert g.pending.kind == "choice" and g.state.step == "france"
    assert E.StepStarted("cathedral") not in g.events
    assert E.Decided(2, "spot:france") in g.events
    assert (
        g.describe(E.Decided(2, "spot:france")) == f"{g.state.players[2].name} decides at France before the next step."
    )

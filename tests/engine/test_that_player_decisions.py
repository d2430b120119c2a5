"""``that player`` in the decisions a reaction asks (issue #53): the choice is
queued with the seat that acted (``Job.actor``), fixed when the reaction
fires, so the answer -- made later, by the owner, after other effects and
after a save and a load -- still reaches that seat; what it does is judged
when it is answered."""

from __future__ import annotations

import json

import pytest

import pillars_rules as pr
from pillars_rules import actions as A
from pillars_rules.cardlang import base_cards, compile_text
from pillars_rules.engine import events as E

RED, BLUE, GREEN = 0, 1, 2
DISPLAY = ("mason_r1", "forest_2", "sand_pit_2")


def _cards(*bodies: str):
    text = "\n".join(f'privilege fan_{i} "Fan {i}" {{ permanent {b} }}' for i, b in enumerate(bodies))
    return compile_text(text, "fan.cards", known=base_cards())


def _draft(cards, seats: dict) -> pr.Game:
    """Round 1's draft, red the start player, with ``cards`` added to the base set."""
    return pr.scenario(3, step="draft", display=DISPLAY, cards=base_cards().merged(cards), seats=seats)


def _hired_by_blue(game: pr.Game) -> pr.Game:
    return game.apply(A.Pass()).apply(A.Hire("mason_r1"))


def _moves(game, cid):
    return sorted(
        ("+" if isinstance(e, E.Gained) else "-", e.seat, {a.kind: a.n for a in e.amounts})
        for e in game.events
        if isinstance(e, (E.Gained, E.Lost)) and e.reason == cid
    )


CHOICE = "when another player hires: choose one: take 1 gold from that player | that player: lose 1 vp"


def test_a_choice_saved_loaded_and_replayed_in_the_middle_still_reaches_the_seat_that_acted():
    cards = _cards(CHOICE)
    game = _hired_by_blue(_draft(cards, {RED: dict(privileges=("fan_0",)), BLUE: dict(gold=10, vp=3)}))
    assert (game.pending.kind, game.pending.seat) == ("choice", RED)
    text = pr.save(game)
    doc = json.loads(text)
    assert doc["format_version"] == 5
    queued = [j for e in doc["events"] if e["type"] == "ChoicesQueued" for j in e["jobs"]]
    assert queued[-1] == {"seat": RED, "source": "fan_0", "ability": 0, "option": -1, "actor": BLUE}
    loaded, replayed = pr.load(text, cards=cards), pr.replay(game.events, cards=cards)
    assert loaded == game and replayed == game
    for g in (game, loaded, replayed):
        after = g.apply(A.ChooseOption(1))
        assert _moves(after, "fan_0") == [("-", BLUE, {"vp": 1})]
        assert pr.load(pr.save(after), cards=cards) == after


def test_the_seat_is_fixed_when_the_reaction_fires_and_the_effect_is_judged_when_answered():
    # red's two cards react in the order red holds them: the choice is queued
    # first, then the second card takes blue's last gold at once; red answers
    # after it: the answer still names blue, who has no gold left to give
    cards = _cards(CHOICE, "when another player hires: take 1 gold from that player")
    game = _hired_by_blue(
        _draft(cards, {RED: dict(privileges=("fan_0", "fan_1")), BLUE: dict(gold=6, vp=3)})
    )  # the mason costs 5: blue keeps 1, which fan_1 takes
    assert _moves(game, "fan_1") == [("+", RED, {"gold": 1}), ("-", BLUE, {"gold": 1})]
    assert game.state.players[BLUE].gold == 0 and game.state.jobs[0].actor == BLUE
    after = game.apply(A.ChooseOption(0))
    assert _moves(after, "fan_0") == []  # nothing to take
    assert game.apply(A.ChooseOption(1)).state.players[BLUE].vp == game.state.players[BLUE].vp - 1


def test_a_craftsman_given_to_that_player_goes_to_the_seat_that_hired():
    cards = _cards("when another player hires: choose craftsman: give to that player")
    # blue holds the carpenter already: only the toolmaker is a gift to blue
    game = _draft(cards, {RED: dict(privileges=("fan_0",), craftsmen=("carpenter", "toolmaker")), BLUE: dict(gold=10)})
    game = _hired_by_blue(game)
    assert (game.pending.kind, game.pending.seat) == ("choice", RED) and game.state.jobs[0].actor == BLUE
    assert game.legal_actions() == [A.PickCraftsman("toolmaker")]
    assert "give Toolmaker to Blue" in pr.words.choices(game.view(RED))[0].label
    game = pr.load(pr.save(game), cards=cards)
    after = game.apply(A.PickCraftsman("toolmaker"))
    assert [e for e in after.events if isinstance(e, E.CraftsmanGiven)] == [E.CraftsmanGiven(RED, "toolmaker", BLUE)]
    assert "toolmaker" in after.state.players[BLUE].craftsmen


def test_a_privilege_given_to_that_player_is_offered_to_that_seat_only():
    cards = _cards("when another player hires: choose privilege except fan_0: give to that player")
    game = _draft(cards, {RED: dict(privileges=("fan_0", "jack", "ellen")), BLUE: dict(gold=10)})
    game = _hired_by_blue(game)
    assert game.legal_actions() == [A.ChooseOption(0), A.ChooseOption(1)]
    labels = [c.label for c in pr.words.choices(game.view(RED))]
    assert all("to Blue" in x for x in labels), labels
    after = game.apply(A.ChooseOption(1))
    assert [e for e in after.events if isinstance(e, E.PrivilegeGiven)] == [E.PrivilegeGiven(RED, "ellen", BLUE)]
    assert pr.load(pr.save(after), cards=cards) == after


@pytest.mark.parametrize("hirer", [RED, BLUE])
def test_nobody_gives_a_privilege_to_themselves(hirer):
    # 'when any player': when the owner hires, that player is the owner -- nothing to give, nothing asked
    cards = _cards("when any player hires: choose privilege except fan_0: give to that player")
    game = _draft(cards, {RED: dict(privileges=("fan_0", "jack"), gold=10), BLUE: dict(gold=10)})
    game = game.apply(A.Hire("mason_r1")) if hirer == RED else _hired_by_blue(game)
    if hirer == RED:
        assert not game.state.jobs and game.pending.seat == BLUE
        assert "jack" in game.state.players[RED].privileges
    else:
        assert game.legal_actions() == [A.ChooseOption(0)] and game.state.jobs[0].actor == BLUE
        after = game.apply(A.ChooseOption(0))
        assert "jack" in after.state.players[BLUE].privileges and "jack" not in after.state.players[RED].privileges

"""A building card the checker accepts is one Ora's flow plays (issue #58; docs/ora/cards.rst).

The card language reads more follow-ups than the game plays (``use an adjacent
building``); the follow-ups the flow plays are data
(:data:`pillars_rules.games.ora.rules.FOLLOWS`), which ``cards check`` and a
game's card set read: any other is refused where the card writes it. A ``use``
follow-up may leave out one card (``except CARD``, the Priory's ``except priory``;
R26, §4.4): it is played as the same step, and the card must be one of the set.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pillars_rules.buildings import load_buildings
from pillars_rules.cardlang.buildcomp import follow_text
from pillars_rules.errors import CardError, ConfigError
from pillars_rules.games.ora import new_game, ora_rules
from pillars_rules.games.ora import records as R
from pillars_rules.games.ora.cards import card_set
from pillars_rules.games.ora.rules import CARD_STEPS, FOLLOWS, STEPS, flow_step
from pillars_rules.games.ora.steps import split_except, written

from .test_cli import run
from .test_ora_cards import BASE

ROOT = Path(__file__).resolve().parents[2]
ORA = ROOT / "cards" / "ora-et-labora"


def _fan(tmp_path: Path, follow: str) -> Path:
    fan = tmp_path / "abbey.cards"  # the fan building of test_ora_cards, its use a follow-up
    fan.write_text(BASE.replace('hut "Hut"', 'abbey "Abbey"').replace("1 wood -> 1 clay", f"1 wine -> {follow}"))
    return fan


def _checked(tmp_path: Path, follow: str, capsys) -> tuple[Path, str]:
    """The fan building using ``follow``, refused by ``cards check``: its file and what was said."""
    fan = _fan(tmp_path, follow)
    assert run("cards", "check", "ora-et-labora", str(fan)) == 1
    return fan, capsys.readouterr().err


def test_cards_check_refuses_a_follow_up_the_flow_cannot_play_where_it_iswritten(tmp_path, capsys):
    fan, err = _checked(tmp_path, "use an adjacent building except palace", capsys)
    assert (
        f"{fan}:8:20: error: the game's flow cannot play the follow-up 'use an adjacent building except palace'"
        " — did you mean 'use an empty adjacent building'?"
    ) in err
    assert "hint: the follow-ups it plays: action cut_peat, action fell_trees, build," in err
    assert "1 problem found" in err


@pytest.mark.parametrize(
    "follow",
    [
        "use an adjacent building",  # the flow's "adjacent" is an *empty* adjacent one: not what this says
        "use an adjacent building except priory",  # leaving a card out makes no step playable
        "recall lay_brother",
        "land anywhere",
        "action sow",
        "clear meadow",
    ],
)
def test_each_follow_up_the_flow_does_not_play_is_refused(tmp_path, follow):
    with pytest.raises(CardError) as refused:
        load_buildings(["ora-et-labora", _fan(tmp_path, follow)], follows=FOLLOWS)
    (d,) = refused.value.diagnostics
    assert (Path(d.file).name, d.line, d.column) == ("abbey.cards", 8, 20)
    assert d.message.startswith(f"the game's flow cannot play the follow-up '{follow}'")
    # without the game's data only the language is checked: the text reads
    assert "abbey" in load_buildings(["ora-et-labora", _fan(tmp_path, follow)])


def test_a_game_made_with_such_a_card_is_refused_with_the_same_located_message(tmp_path):
    fan = _fan(tmp_path, "use an adjacent building")
    with pytest.raises(CardError) as refused:
        card_set(["ora-et-labora", str(fan)])
    assert refused.value.diagnostics[0].line == 8
    with pytest.raises(CardError):
        new_game(ora_rules("2 players", "france", card_set(["ora-et-labora", str(fan)])))


@pytest.mark.parametrize("follow", sorted(FOLLOWS), ids=lambda f: follow_text(*f))
def test_each_follow_up_the_flow_plays_is_accepted_and_names_a_flow_step(tmp_path, follow, capsys):
    fan = _fan(tmp_path, follow_text(*follow))
    assert run("cards", "check", "ora-et-labora", str(fan)) == 0, capsys.readouterr().err
    cards = load_buildings(["ora-et-labora", fan], follows=FOLLOWS)
    assert written(cards["abbey"].spec) == [follow]  # the text as the checker lists it reads back as itself
    step, arg = flow_step(*follow)
    assert arg in STEPS[step]
    # and a game takes the card: the rules' own check of every follow-up agrees
    rules = ora_rules("2 players", "france", tuple(cards.cards))  # the fan card is in play: modes 1, 2
    assert "abbey" in rules.cards


def test_every_shipped_card_passes_and_names_only_follow_ups_the_flow_plays(capsys):
    assert run("cards", "check", str(ORA)) == 0
    assert "ok: 78 cards" in capsys.readouterr().out
    cards = load_buildings(["ora-et-labora"], follows=FOLLOWS)
    named = {(s, split_except(s, a)[0]) for c in cards if c.spec is not None for s, a in written(c.spec)}
    assert named <= set(FOLLOWS)
    # every follow-up a shipped card writes is played (Carpentry, Locutory, Bathhouse, Calefactory...)
    assert named == set(FOLLOWS) - {("clear", "moor")}
    assert CARD_STEPS == {k: v for k, v in FOLLOWS.items() if k != v}


def test_follow_text_writes_each_follow_up_as_a_card_does():
    assert follow_text("build", "") == "build"
    assert follow_text("recall", "prior") == "recall prior"
    assert follow_text("use", "occupied") == "use an occupied building"
    assert follow_text("use", "with prior except priory") == "use a building with prior except priory"
    assert follow_text("use", "occupied except palace") == "use an occupied building except palace"


def test_a_set_compiled_without_the_check_is_refused_by_the_rules_naming_the_card_and_file(tmp_path):
    """``load_buildings`` without ``follows`` checks the language only; the game's rules read the
    compiled text and refuse the card all the same (a follow-up the flow would misread included)."""
    for follow in ("use an adjacent building except palace", "use an adjacent building"):
        cards = load_buildings(["ora-et-labora", _fan(tmp_path, follow)])
        with pytest.raises(ConfigError) as refused:
            ora_rules("2 players", "france", tuple(cards.cards))  # the fan card is in play: modes 1, 2
        message = str(refused.value)
        assert message.startswith("Ora rules, card 'abbey' (") and "abbey.cards" in message
        assert "the flow cannot play the follow-up 'use " in message


@pytest.mark.parametrize("follow", sorted(FOLLOWS), ids=lambda f: follow_text(*f))
def test_each_follow_up_the_checker_accepts_plays_in_a_game(tmp_path, follow):
    """The fan building on Player 1's landscape, used with a wine: the flow runs its follow-up
    (a decision of that step, or the clergy come home)."""
    from games.ora.helpers import at
    from games.ora.inplay import erected, uses

    cards = load_buildings(["ora-et-labora", _fan(tmp_path, follow_text(*follow))], follows=FOLLOWS)
    g = new_game(ora_rules("2 players", "france", tuple(cards.cards)))
    g, _ = erected(g, 0, "abbey")
    g = at(g, stocks=((("wine", 1),), *g.state.stocks[1:]))
    step, arg = flow_step(*follow)
    ((used, after),) = uses(g, "0/abbey").values()
    assert used.then == ((step, arg),)
    new = after.events[len(g.events) :]
    if step == "recall":
        assert R.Returned(0, () if arg == "all" else (arg,)) in new
    else:
        assert R.Followed(0, step, arg, "0/abbey") in new
        assert after.pending == R.Turn(0, f"then {step}")


# -- "except CARD": a use that leaves one card out (R26, §4.4) ----------------------------------


def test_a_use_may_leave_out_any_card_of_the_set(tmp_path, capsys):
    """``except CARD`` after any ``use ... building`` the flow plays is accepted (it was the Priory's
    alone), and played as the same step."""
    for follow in (
        "use an occupied building except palace",
        "use an empty adjacent building except farmyard",
        "use a displayed building except hospice",
        "use a building with prior except priory",
    ):
        fan = _fan(tmp_path, follow)
        assert run("cards", "check", "ora-et-labora", str(fan)) == 0, capsys.readouterr().err
        cards = load_buildings(["ora-et-labora", fan], follows=FOLLOWS)
        ((step, arg),) = written(cards["abbey"].spec)
        assert flow_step(step, arg) == flow_step(step, split_except(step, arg)[0]) != (step, arg)
        rules = ora_rules("2 players", "france", tuple(cards.cards))
        assert rules.excepts[("abbey", flow_step(step, arg)[1])] == {follow.rsplit(" ", 1)[1]}


def test_leaving_out_a_card_the_set_does_not_hold_is_refused_where_it_is_written(tmp_path, capsys):
    fan, err = _checked(tmp_path, "use an occupied building except palce", capsys)
    assert (
        f"{fan}:8:20: error: 'use an occupied building except palce' leaves out the card 'palce', which is no "
        "card of the set — did you mean 'palace'?"
    ) in err
    with pytest.raises(CardError) as refused:  # also without the game's follow-ups: it is the language's check
        load_buildings(["ora-et-labora", fan])
    assert (refused.value.diagnostics[0].line, refused.value.diagnostics[0].column) == (8, 20)


def test_one_card_leaving_out_two_cards_in_one_step_is_refused(tmp_path):
    """The flow's step names no card: two uses played as one step must leave out the same one."""
    fan = tmp_path / "abbey.cards"
    fan.write_text(
        BASE.replace('hut "Hut"', 'abbey "Abbey"').replace(
            "1 wood -> 1 clay", "1 wine -> use an occupied building except palace | 1 wood -> use an occupied building"
        )
    )
    cards = load_buildings(["ora-et-labora", fan], follows=FOLLOWS)
    with pytest.raises(ConfigError, match=r"card 'abbey': its uses of a building played as the step 'use occupied'"):
        ora_rules("2 players", "france", tuple(cards.cards))

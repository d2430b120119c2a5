"""The set-up of each mode is a mode card (cards/ora-et-labora/modes.cards), read by the rules (issue #58,
"as text"): the shipped cards give the clergy, contracts, phases, start goods, income, ends, options and
neutral player the rules say (§1.4, §2.3, §3.2, §4.3, §4.12, §6, §8, §9, §10; R7, R11, R13, R20, R24, R28,
R35, D9, D17); a fan set's mode changes the game; a malformed mode card is refused where it is written; both
parsers read the cards alike and ``cards fmt`` writes them back unchanged."""

from __future__ import annotations

import re

import pytest

from pillars_rules.cardlang import fastparse
from pillars_rules.cardlang import parser as P
from pillars_rules.cardlang.buildcomp import compile_building_texts
from pillars_rules.cardlang.diagnostics import Reporter
from pillars_rules.cardlang.formatter import format_text
from pillars_rules.errors import CardError, ConfigError
from pillars_rules.games.ora import new_game, ora_rules, setup
from pillars_rules.games.ora.cards import mode_words
from pillars_rules.mechanisms.contract import ContractConfig, Fee
from pillars_rules.mechanisms.phases import End, Phase, PhaseConfig
from pillars_rules.mechanisms.workers import Recall, WorkerConfig

from .helpers import SHIPPED, fan_set, located

TEXTS = {p.name: p.read_text(encoding="utf-8") for p in sorted(SHIPPED.glob("*.cards"))}
MODES = "modes.cards"
GRANTS = (("landscape", 1), ("settlement", 1))
SETTLE = ("move marker", "buy landscape", "settle")
NEUTRAL = ("neutral builds", "neutral prior", "neutral recall")


def _settling(rounds: tuple[int, ...], before: tuple[str, ...] = ()) -> tuple[Phase, ...]:
    """R7's settlement phases A-D in ``rounds``: each on the arm's space ``round mod 13``."""
    return tuple(
        Phase(d, space=r % 13, steps=(*before, *SETTLE, f"reveal {d}"), grants=GRANTS)
        for d, r in zip("ABCD", rounds, strict=True)
    )


BONUS_E = Phase("E", after="bonus round over", steps=("buy landscape", "settle"), grants=GRANTS)
#: The phases of each mode as the rules give them (R7; §4.12, §6.7, §8.6, §8.7, §9.6), written out here.
PHASES = {
    "4 players": PhaseConfig(
        13, (*_settling((7, 10, 16, 19)), Phase("bonus round", 12, None, ("return priors", "one action each")), BONUS_E)
    ),
    "3 players": PhaseConfig(
        13, (*_settling((6, 11, 15, 20)), Phase("bonus round", 12, None, ("return priors", "one action each")), BONUS_E)
    ),
    "short": PhaseConfig(
        13, (*_settling((3, 5, 7, 9)), Phase("bonus round", 0, None, ("return priors", "one action each")), BONUS_E)
    ),
    "2 players": PhaseConfig(13, _settling((7, 14, 21, 28)), End("D", "buildings displayed", 1)),
    "long 2 players": PhaseConfig(13, _settling((7, 14, 21, 28)), End("D", "buildings displayed", 3)),
    "solo": PhaseConfig(
        13,
        (
            *_settling((12, 16, 22, 26), NEUTRAL),
            Phase("E", space=6, steps=("two actions", "neutral builds", "buy landscape", "settle")),
        ),
    ),
}
START = (("wood", 1), ("clay", 1), ("peat", 1), ("sheep", 1), ("grain", 1), ("coin", 1))


@pytest.mark.parametrize("variant", ["france", "ireland"])
@pytest.mark.parametrize(
    ("mode", "players"), [(m, None) for m in PHASES if m != "short"] + [("short", 3), ("short", 4)]
)
def test_each_mode_card_gives_the_set_up_the_rules_say(mode, players, variant):
    """§1.4, §10.4: 1 prior and 2 lay brothers (short: 1); §3.2, §8.3 (R20): home at the round's start, after
    the rotation in the 2-player games; §4.12: every prior home in the bonus round; §4.3.3, §4.3.4, §9.4: 1 or 2
    coins to the owner (solo: the supply, the user picks), or 1 wine (France) / whiskey (Ireland) to the supply."""
    rules = ora_rules(mode, variant, players=players)
    brothers = 1 if mode == "short" else 2
    moment = "after rotation" if "2 players" in mode else "round start"
    assert rules.clergy == WorkerConfig(
        (("prior", 1), ("lay brother", brothers)), (Recall(moment), Recall("bonus round", "always", {"prior"}))
    )
    to = "supply" if mode == "solo" else "owner"
    drink = Fee({"wine" if variant == "france" else "whiskey": 1}, to="supply")
    assert rules.contracts == ContractConfig(
        ((Fee({"coin": 1}, to=to), drink), (Fee({"coin": 2}, to=to), drink)),
        chooser="user" if mode == "solo" else "owner",
    )
    assert rules.phases == PHASES[mode]
    assert rules.start_goods == (() if mode == "solo" else START)  # R11; §9.1
    assert (rules.neutral, rules.goal) == (("Neutral player", 500) if mode == "solo" else ("", None))  # §9.3, §9.7
    assert rules.last_round == {"2 players": 400, "long 2 players": 200}.get(mode)  # R35
    assert len(rules.income) == (12 if mode == "short" else 0)  # §10.6; R28
    assert rules.wheel_bonus == (1 if mode == "short" else 0)  # §10.6; R25
    assert rules.terrains == ("water", "coast", "plains", "hillside", "mountain")


def test_the_module_s_constants_read_the_shipped_mode_cards():
    assert setup.MODES == {
        "4 players": {4: "4"},
        "3 players": {3: "3"},
        "2 players": {2: "2"},
        "long 2 players": {2: "2L"},
        "solo": {1: "1"},
        "short": {3: "3S", 4: "4S"},
    }
    assert setup.OPTIONS == {"german heartland": frozenset({"short"}), "no deck-C quarry": frozenset({"short"})}
    assert setup.START_GOODS == START and setup.OPEN_LIMIT == {"2 players": 400, "long 2 players": 200}
    assert setup.INCOME[8] == (("stone", 1), ("coin", 5)) and setup.INCOME[12] == (("ornament", 1), ("wood", 1))
    assert (setup.NEUTRAL, setup.NEUTRAL_START, setup.SOLO_GOAL) == (
        "Neutral player",
        ("Builders' Market", (0, 0)),
        500,
    )
    assert (setup.BOARD, setup.WONDERS) == (13, 8)
    assert setup.RAISES_FEE == frozenset({"Winery", "Whiskey Distillery"})
    assert setup.TERRAINS == ("water", "coast", "plains", "hillside", "mountain")
    assert ora_rules().piles == {"district": "district", "coast-plot": "plot", "mountain-plot": "plot"}
    assert ora_rules().other_pile == {"district": "plot", "plot": "district"}


def test_both_parsers_read_the_mode_cards_alike_and_fmt_writes_them_back():
    text = TEXTS[MODES]
    assert format_text(text) == text
    blocks = re.findall(r"^mode .*?^}\n", text, re.M | re.S)
    assert len(blocks) == 6
    for block in blocks:
        build = P._Build(1, 1, Reporter("x.cards", block))
        fast = fastparse.parse_block(block, 0, len(block), 1, 0, build)
        assert fast is not None
        assert (fast,) == tuple(P._Build(1, 1, build.rep).transform(P.lark_parser().parse(block)))
    messy = text.replace("    players 4\n    modes 4\n", "  modes 4 players 4   ", 1)
    messy = messy.replace("to owner or 1 wine", "to owner\n  or 1 wine", 1)
    assert messy != text and format_text(messy) == text


def test_cards_check_and_show_know_the_modes(capsys):
    from pillars_rules.cli.entry import main

    assert main(["cards", "check", str(SHIPPED)]) == 0
    assert "6 mode cards" in capsys.readouterr().out
    assert main(["cards", "show", "solo", "--cards", str(SHIPPED)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "solo (solo) -- mode: 1 player (1)"
    assert "The user picks the clergyman a work contract uses." in out
    assert "The Neutral player starts with builders_market on its first board's top-left square." in out
    assert "Phase E in round 32: two actions, neutral builds, buy landscape, settle." in out
    assert "The goal: 500 points." in out


BAD = [
    ("    players 4\n    modes 4\n", "    players 4\n    modes 4\n    value 3\n", "a mode card does not set 'value'"),
    ("    players 3, 4\n", "    players 3, 4, 5\n", "'modes' names 2 modes for 3 player counts (3, 4, 5)"),
    ("    players 3\n    modes 3\n", "    players 3\n    modes 4\n", "the mode '4' is a mode of 4 players, not of 3"),
    ("start goods 1 wood, 1 clay", "start goods 1 wood, 1 clai", "the good 'clai' is no good of the goods card"),
    ("income round 8: 1 stone, 5 coin", "income round 8: 1 stone, 5 coins", "the good 'coins' is no good"),
    ("income round 2:", "income round 1:", "the income of round 1 is written twice"),
    (
        'runs "move marker", "buy landscape", "settle", "reveal A"',
        'runs "move marker", "buy landscapes"',
        "'buy landscapes' is no phase step the game knows",
    ),
    ('"reveal A" grants', '"reveal F" grants', "'reveal F' is no phase step the game knows"),
    ('phase "B" at round 10', 'phase "B" at round 22', "the phase 'B' cannot fire in round 22"),
    ('phase "B" at round 10', 'phase "A" at round 10', "the phase 'A' is written twice"),
    ('phase "E" after "bonus round over"', 'phase "E" after "bonus round done"', "'bonus round done' is no moment"),
    (
        "grants landscape 1, settlement 1",
        "grants landscape 1, settlements 1",
        "'settlements' is no grant the game knows",
    ),
    ('recall "after rotation"', 'recall "after rotating"', "'after rotating' is no moment the game knows"),
    ('recall "bonus round" always "prior"', 'recall "bonus round" always "abbot"', "'abbot' is no clergy"),
    ('clergy 1 "prior", 2 "lay brother"', 'clergy 1 "prior", 0 "lay brother"', "a count of clergy is 1 or more, not 0"),
    ('clergy 1 "prior", 2 "lay brother"', 'clergy 1 "prior", 2 "prior"', "the clergy 'prior' is named twice"),
    ("1 coin to owner or", "1 coin to banker or", "'banker' is no payee the game knows"),
    ("1 wine to supply in france", "1 wine to supply in franc", "'franc' is no variant the game knows"),
    ("    chooser user\n", "    chooser dealer\n", "'dealer' is no chooser the game knows"),
    ('end after "D" when', 'end after "F" when', "'F' is no phase of this mode"),
    ('when "buildings displayed"', 'when "buildings shown"', "'buildings shown' is no count the game knows"),
    ("with builders_market", "with builders_markt", "'builders_markt' is no card of the set"),
    ("with builders_market", "with clay_mound", "the card 'clay_mound' is a heartland card, not a building card"),
    ("without quarry_c", "without quary_c", "'quary_c' is no card of the set"),
    (
        'option "german heartland" uncovered',
        'option "no deck-C quarry" uncovered',
        "the option 'no deck-C quarry' is written twice",
    ),
    ('mode three_players "3 players"', 'mode three_players "4 players"', "the mode '4 players' is the mode of another"),
    (
        '    arm 13\n    phase "A" at round 12',
        '    phase "A" at round 12',
        "a phase fired in a round needs the arm's spaces",
    ),
    ("    goal 500\n", "    goal 500\n    goal 400\n", "'goal' is set twice"),
    ("    fee 1 coin to supply or", "    fe 1 coin to supply or", "syntax"),
    ('    clergy 1 "prior", 1 "lay brother"\n', "", "mode card 'short' needs its clergy"),
    ("    players 1\n", "", "mode card 'solo' needs 'players' and 'modes'"),
    ("    goal 500\n", "    goal 500\n    gain 1 wood\n", "a mode card has set-up lines, not abilities"),
    ("end at round 400", "end at round 0", "a round is 1 or more, not 0"),
    ("wheel bonus 1", "wheel bonus 0", "a bonus is 1 or more, not 0"),
    (
        '    arm 13\n    phase "A" at round 3',
        '    phase "A" after "bonus round over"',
        "needs the arm's spaces and a phase",
    ),
    ("    players 2\n    modes 2\n", "    players 2, 2\n    modes 2, 2\n", "a player count is listed twice"),
]


@pytest.mark.parametrize(("old", "new", "message"), BAD, ids=[b[2][:40] for b in BAD])
def test_a_malformed_mode_card_is_refused_where_it_is_written(old, new, message):
    text = TEXTS[MODES]
    assert old in text
    bad = text.replace(old, new, 1)
    with pytest.raises(CardError) as refused:
        compile_building_texts(list({**TEXTS, MODES: bad}.items()), words=mode_words())
    found = refused.value.diagnostics
    first = found[0]
    assert {d.file for d in found} == {MODES}, str(refused.value)
    if message != "syntax":
        assert any(message in d.message for d in found), str(refused.value)
    assert 0 < first.line <= bad.count("\n") + 1 and first.column > 0
    if "mode card '" in first.message:  # what the card lacks: at its id
        assert bad.split("\n")[first.line - 1].startswith("mode ")
    else:  # at (or just by) the change
        assert first.line >= located(bad, new.strip().split("\n")[0])[0] - 2


def test_a_located_error_points_at_the_word():
    bad = TEXTS[MODES].replace("start goods 1 wood, 1 clay", "start goods 1 wood, 1 clai", 1)
    with pytest.raises(CardError) as refused:
        compile_building_texts(list({**TEXTS, MODES: bad}.items()), words=mode_words())
    first = refused.value.diagnostics[0]
    assert (first.line, first.column) == located(bad, "clai")
    assert f"{MODES}:{first.line}:{first.column}: error:" in str(refused.value)
    assert "did you mean 'clay'?" in first.message


def test_without_the_game_s_words_the_flow_s_names_are_not_checked_but_the_rules_refuse_them(tmp_path):
    """The card language alone knows no flow: a mode card naming a step the flow does not run compiles
    there, and the rules refuse it when a game is made (a ConfigError, never a crash in play)."""
    bad = TEXTS[MODES].replace('"reveal A" grants', '"juggle" grants', 1)
    found = compile_building_texts(list({**TEXTS, MODES: bad}.items()))
    assert found.modes[0].phases[0].steps[-1] == "juggle"
    folder = fan_set(tmp_path / "fan", MODES, '"reveal A" grants', '"juggle" grants')
    with pytest.raises(CardError, match="'juggle' is no phase step the game knows"):
        ora_rules(cards=[folder])
    from pillars_rules.games.ora.rules import OraRules

    with pytest.raises(ConfigError, match="runs the step 'juggle', which the flow does not know"):
        OraRules("4 players", "france", modes=found.modes)


def test_a_fan_mode_changes_the_game(tmp_path):
    """A fan set whose 4-player seats start with 2 wood and no coin, and whose solo game is won at 400: the
    game's stocks are the fan set's from its first event, its save names the fan set, and the shipped set
    plays as before."""
    folder = fan_set(
        tmp_path / "fan",
        MODES,
        "start goods 1 wood, 1 clay, 1 peat, 1 sheep, 1 grain, 1 coin",
        "start goods 2 wood, 1 clay, 1 peat, 1 sheep, 1 grain",
    )
    rules = ora_rules("4 players", cards=[folder])
    assert rules.start_goods == (("wood", 2), ("clay", 1), ("peat", 1), ("sheep", 1), ("grain", 1))
    assert rules.card_hash != ora_rules().card_hash and "+modes:" in rules.card_hash
    g = new_game(rules)
    assert g.state.stock(0)["wood"] == 2 and g.state.stock(0).get("coin", 0) == 0
    assert new_game(ora_rules()).state.stock(0)["wood"] == 1
    # the 3-player game of the same copy is the shipped one's: only the 4-player card changed
    assert ora_rules("3 players", cards=[folder]).start_goods == ora_rules("3 players").start_goods
    solo = fan_set(tmp_path / "solo", MODES, "    goal 500\n", "    goal 400\n")
    assert ora_rules("solo", cards=[solo]).goal == 400


def test_a_fan_mode_of_its_own_name_is_played(tmp_path):
    """A fan's new mode: 4 players with 3 lay brothers each and an earlier phase A; asked for by its name."""
    extra = TEXTS[MODES][TEXTS[MODES].index('mode four_players "4 players"') :].split("\n}\n")[0] + "\n}\n"
    extra = extra.replace('mode four_players "4 players"', 'mode big_cloister "big cloister"', 1)
    extra = extra.replace('2 "lay brother"', '3 "lay brother"', 1).replace('"A" at round 7', '"A" at round 5', 1)
    folder = fan_set(tmp_path / "fan", MODES, "# the 2-player game", extra + "\n# the 2-player game")
    rules = ora_rules("big cloister", cards=[folder])
    assert rules.seats == 4 and rules.clergy.kinds == (("prior", 1), ("lay brother", 3))
    assert rules.phases.phases[0].space == 5
    assert new_game(rules).state.workers is not None
    with pytest.raises(ConfigError, match="mode 'big cloister' is not one of 4 players, 3 players"):
        ora_rules("big cloister")


def test_an_option_for_another_game_or_nowhere_is_refused():
    with pytest.raises(ConfigError, match="the option 'german heartland' is for the short game"):
        ora_rules("4 players", options=["german heartland"])
    with pytest.raises(ConfigError, match="no option 'tea time'"):
        ora_rules("short", players=4, options=["tea time"])
    with pytest.raises(ConfigError, match="is for France with 4 players"):
        ora_rules("short", "france", players=3, options=["no deck-C quarry"])
    assert "quarry_c" not in ora_rules("short", "france", players=4, options=["no deck-C quarry"]).decks["C"]
    assert "quarry_c" in ora_rules("short", "france", players=4).decks["C"]

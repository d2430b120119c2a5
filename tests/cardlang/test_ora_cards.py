"""Ora et Labora's buildings and settlements as cards (issue #58; docs/ora/cards.rst).

Every row of docs/ora/lexicon.csv is a card of ``cards/ora-et-labora``, and
every fact it states is the CSV's (where the CSV cites a dispute, the CSV
follows the ruling on docs/ora/rules.rst, so the card does too); the cards
check, show and format with the command line; a malformed card is refused
where it is written with a typed error.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mechanisms.usectx import Ctx

from pillars_rules.buildings import goods_config, load_buildings
from pillars_rules.cardlang import fastparse
from pillars_rules.cardlang import parser as P
from pillars_rules.cardlang.buildcomp import compile_building_texts
from pillars_rules.cardlang.diagnostics import Reporter
from pillars_rules.cardlang.formatter import format_text
from pillars_rules.cardlang.parser import parse
from pillars_rules.errors import CardError

from .test_cli import run

ROOT = Path(__file__).resolve().parents[2]
ORA = ROOT / "cards" / "ora-et-labora"
ROWS = list(csv.DictReader((ROOT / "docs" / "ora" / "lexicon.csv").open(encoding="utf-8")))
CARDS = load_buildings([ORA])
BY_NUMBER = {c.number: c for c in CARDS}
GOODS_TEXT = (ORA / "goods.cards").read_text(encoding="utf-8")
#: the CSV's words for goods -> the goods card's names
GOOD_NAMES = {"coins": "coin"}


def _cost(text: str) -> tuple[tuple[str, int], ...]:
    if text == "-":
        return ()
    out = []
    for part in text.split(" + "):
        n, good = part.split()
        out.append((GOOD_NAMES.get(good, good), int(n)))
    return tuple(out)


def test_every_row_of_the_lexicon_is_a_card_and_no_card_is_more():
    assert len(ROWS) == 78
    assert sorted(BY_NUMBER) == sorted(r["id"] for r in ROWS)
    assert len(CARDS) == len(ROWS)


@pytest.mark.parametrize("row", ROWS, ids=lambda r: r["id"])
def test_each_card_states_the_lexicon_facts(row):
    card = BY_NUMBER[row["id"]]
    assert card.name == row["name"]
    assert card.kind == row["kind"]
    assert card.variant == row["variant"].lower()
    assert card.deck == row["deck"]
    assert card.mark == row["mark"]
    assert card.modes == frozenset(row["modes"].split())
    assert card.cost == _cost(row["cost"])
    assert (card.econ, card.dwell) == (int(row["econ"]), int(row["dwell"]))
    assert card.terrain == frozenset(row["terrain"].split())
    assert card.cloister == (row["cloister"] == "yes")
    assert re.fullmatch(r"[a-z][a-z0-9_]*", card.id)
    # a settlement has no function; every other card has one
    assert (card.function is None) == (row["kind"] == "settlement")


def test_the_attributes_have_the_agreed_types():
    for card in CARDS:
        assert isinstance(card.modes, frozenset) and isinstance(card.terrain, frozenset)
        assert all(type(g) is str and type(n) is int for g, n in card.cost)
        assert card.kind in ("heartland", "building", "settlement")
        assert card.variant in ("both", "france", "ireland")
        assert card.mark in ("none", "3+", "4")


def test_duplicate_names_get_ids_by_deck():
    assert BY_NUMBER["F14"].id == "grapevine_a" and BY_NUMBER["F31"].id == "grapevine_c"
    assert BY_NUMBER["G22"].id == "quarry_b" and BY_NUMBER["F29"].id == "quarry_c"


def test_the_goods_card_is_the_mechanisms_configuration():
    """The goods card is the one source of Ora's goods: the mechanisms' tests (tests/mechanisms/ora.py) read
    the very configuration the card compiles to -- sides, values, the free turn and the exchanges (R4, §4.8, §4.9)."""
    from mechanisms import ora

    cfg = goods_config(CARDS.goods)
    assert cfg == ora.GOODS
    assert cfg.free == {"grain"} and cfg.backs["grain"] == "straw"
    assert [(e.give, e.take, e.both_ways) for e in cfg.exchanges] == [
        ((("coin", 5),), (("five_coins", 1),), True),
        ((("wine", 1),), (("coin", 1),), False),
        ((("whiskey", 1),), (("coin", 2),), False),
    ]
    assert CARDS.goods.limited == (("wonder", 8),)


#: the disputes of docs/ora/rules.rst ("Rulings on the lexicon"), each as the card states it
RULED = [
    ("D1", "locutory", lambda c: (c.econ, c.dwell) == (7, 1)),
    ("D2", "chapel", lambda c: c.dwell == 8),
    ("D3", "bulwark", lambda c: c.cost == (("wood", 2), ("clay", 4))),
    ("D4", "whiskey_distillery", lambda c: c.cost == (("clay", 2), ("straw", 2))),
    ("D5", "winery", lambda c: c.variant == "france"),
    ("D6", "palace", lambda c: c.variant == "france"),
    ("D7", "filial_church", lambda c: c.mark == "3+"),
    ("D8", "grapevine_a", lambda c: "1" not in c.modes),
    ("D9", "builders_market", lambda c: c.mark == "4"),
    ("D10", "hamlet", lambda c: c.cost == (("food", 5), ("energy", 6))),
    ("D10", "village", lambda c: (c.econ, c.dwell) == (8, 6)),
]


@pytest.mark.parametrize(("ruling", "card", "holds"), RULED, ids=[f"{r[0]}-{r[1]}" for r in RULED])
def test_the_cards_follow_the_rulings_on_the_lexicon(ruling, card, holds):
    assert holds(CARDS[card]), (ruling, CARDS[card])


def test_a_pillars_card_in_an_ora_set_is_refused_with_a_hint():
    with pytest.raises(CardError) as refused:
        compile_building_texts([("goods.cards", GOODS_TEXT), ("x.cards", 'craftsman c "C" {\n    round 1\n}\n')])
    first = refused.value.diagnostics[0]
    assert (first.line, first.column) == (1, 1) and "unknown card kind 'craftsman'" in first.message
    assert "goods, heartland, building, settlement, track, landscape and mode cards only" in first.hint


def test_work_contract_price_rises_when_built():
    """D4, D5: the Winery and the Whiskey Distillery raise the work contract to 2 coins."""
    assert BY_NUMBER["F21"].built == (("price", "work_contract 2 coin"),)
    assert BY_NUMBER["I21"].built == (("price", "work_contract 2 coin"),)
    assert sum(1 for c in CARDS if c.built) == 2


# -- the command line -------------------------------------------------------------------------


def test_cards_check_show_and_fmt(capsys):
    assert run("cards", "check", str(ORA)) == 0
    assert "ok: 78 cards (3 heartland, 67 building, 8 settlement) and a goods card" in capsys.readouterr().out
    assert run("cards", "show", "windmill", "--cards", str(ORA)) == 0
    out = capsys.readouterr().out
    assert "Windmill (windmill, F04)" in out and "up to 7 times: 1 grain -> 1 flour, 1 straw" in out
    assert run("cards", "show", "windmil", "--cards", str(ORA)) == 1
    assert "did you mean 'windmill'" in capsys.readouterr().err
    assert run("cards", "fmt", "--check", str(ORA)) == 0
    assert run("cards", "check", "ora-et-labora") == 0  # the shipped set by its name
    assert "ok: 78 cards" in capsys.readouterr().out
    assert run("cards", "show", "hamlet", "--cards", "ora-et-labora") == 0
    assert capsys.readouterr().out.splitlines() == [
        "Hamlet (hamlet, S06) -- settlement; arrives with deck B",
        "Played in modes 1, 2, 2L, 3, 3S, 4, 4S",
        "Costs 5 food, 6 energy; economic value 3, dwelling value 4.",
        "Built on coast, hillside, plains.",
        "No function.",
    ]


def test_pillars_sets_check_as_before(capsys):
    assert run("cards", "check", str(ROOT / "cards" / "base"), str(ROOT / "examples" / "fan_cards")) == 0
    assert capsys.readouterr().out == "ok: 83 cards, 14 places and a board card\n"
    assert run("cards", "check", str(ROOT / "cards" / "expansion")) == 0
    assert capsys.readouterr().out == "ok: 10 cards, 5 places and a board card\n"


def test_comments_inside_a_function_are_kept_and_stay_put():
    text = (
        'building b "B" {\n    deck A\n    use: take 1 wood  # first\n        # between\n'
        "        then take 1 clay  # second\n    value 1\n}\n"
    )
    once = format_text(text)
    assert once.splitlines()[-2] == "        then take 1 clay  # first  # between  # second"
    assert format_text(once) == once


@pytest.mark.parametrize("path", sorted(ORA.glob("*.cards")), ids=lambda p: p.name)
def test_the_shipped_files_are_canonical(path):
    text = path.read_text(encoding="utf-8")
    assert format_text(text, path.name) == text


# -- refusals ---------------------------------------------------------------------------------

BASE = """building hut "Hut" {
    deck start
    modes 1, 2
    cost 1 wood
    value 1
    dwelling 2
    terrain coast
    use: 1 wood -> 1 clay
}
"""

BAD = [
    ("terrain coast", "terrain moon", 7, 13, "unknown terrain 'moon'"),
    ("cost 1 wood", "cost 1 wod", 4, 12, "unknown good 'wod' — did you mean 'wood'?"),
    ("cost 1 wood", "cost -1 wood", 4, 10, "a cost may not be negative"),
    ("use: 1 wood -> 1 clay", "use: up to 0 times: 1 wood -> 1 clay", 8, 16, "a repeat limit must be at least 1"),
    ("use: 1 wood -> 1 clay", "use: any number of times: take 1 clay", 8, 31, "'any number of times' needs"),
    ("use: 1 wood -> 1 clay", "use: clay from the track -> 1 wood", 8, 10, "it cannot be given"),
    ("use: 1 wood -> 1 clay", "use: take 2 goods of 2 different kinds", 8, 15, "it cannot be taken"),
    ("use: 1 wood -> 1 clay", "use: 3 goods of 2 different kinds -> 1 clay", 8, 21, "has no meaning"),
    ("use: 1 wood -> 1 clay", "use: 1/2 wood -> 1 clay", 8, 10, "whole numbers"),
    ("use: 1 wood -> 1 clay", "use: 1 wood -> 2 food", 8, 22, "unknown good 'food'"),
    ("use: 1 wood -> 1 clay", "use: 1 wood -> (wood) worth up to 2 points", 8, 21, "'wood' is worth no points"),
    ("use: 1 wood -> 1 clay", "use: take coin by wood (3 -> 1, 1 -> 2)", 8, 15, "a threshold's steps go up"),
    ("modes 1, 2", "modes 1, 2, 1", 3, 5, "a mode is listed twice"),
    ("value 1", "value 1\n    value 2", 6, 5, "'value' is set twice"),
    ("deck start\n", "", 1, 10, "building card 'hut' needs 'deck'"),
    (
        'building hut "Hut" {\n    deck start\n    modes 1, 2\n    cost 1 wood',
        'settlement hut "Hut" {\n    arrives start\n    modes 1, 2\n    cost 1 food',
        8,
        5,
        "a settlement has no function",
    ),
    ("value 1", "value 1\n    round 2", 6, 5, "a building card does not set 'round'"),
    (
        "cost 1 wood",
        "cost 1 wood\n    now: gain 1 gold",
        5,
        5,
        "a building card has a function ('use:'), not abilities",
    ),
]


def refused_at(files: dict[str, str], old: str, new: str, where: tuple[str, int, int], message: str) -> CardError:
    """The set of ``files`` (name -> text) with ``old`` written as ``new`` in the file ``where`` names is
    refused, first at ``where`` (file, line, column), saying ``message``."""
    changed = dict(files)
    changed[where[0]] = files[where[0]].replace(old, new, 1)
    assert changed[where[0]] != files[where[0]]
    with pytest.raises(CardError) as refused:
        compile_building_texts(list(changed.items()))
    first = refused.value.diagnostics[0]
    assert (first.file, first.line, first.column) == where, str(first)
    assert message in first.message, str(first)
    return refused.value


@pytest.mark.parametrize(("old", "new", "line", "col", "message"), BAD, ids=[b[1][:40] for b in BAD])
def test_a_malformed_card_is_refused_where_it_is_written(old, new, line, col, message):
    refused = refused_at({"goods.cards": GOODS_TEXT, "bad.cards": BASE}, old, new, ("bad.cards", line, col), message)
    assert f"bad.cards:{line}:{col}: error:" in str(refused)


def test_a_syntax_error_is_located_and_a_card_without_goods_card_is_refused():
    with pytest.raises(CardError) as refused:
        compile_building_texts([("goods.cards", GOODS_TEXT), ("bad.cards", BASE.replace("-> 1 clay", "->"))])
    assert refused.value.diagnostics[0].line == 9
    with pytest.raises(CardError, match="needs the set's goods card"):
        compile_building_texts([("bad.cards", BASE)])


def test_an_id_or_a_number_given_twice_is_refused():
    other = BASE.replace("hut", "shed").replace('"Hut"', '"Shed"')
    numbered = BASE.replace("    deck start", "    number X1\n    deck start")
    with pytest.raises(CardError, match="card id 'hut' is defined twice"):
        compile_building_texts([("goods.cards", GOODS_TEXT), ("a.cards", BASE), ("b.cards", BASE)])
    with pytest.raises(CardError) as refused:
        compile_building_texts(
            [
                ("goods.cards", GOODS_TEXT),
                ("a.cards", numbered),
                ("b.cards", other.replace("deck start", "number X1 deck start")),
            ]
        )
    first = refused.value.diagnostics[0]
    assert (first.file, first.line) == (
        "b.cards",
        2,
    ) and "number X1 is already the number of card 'hut'" in first.message


def test_a_missing_brace_costs_one_problem_not_the_next_card():
    two = BASE.replace("\n}\n", "\n", 1) + BASE.replace("hut", "shed")
    with pytest.raises(CardError) as refused:
        compile_building_texts([("goods.cards", GOODS_TEXT), ("a.cards", two)])
    assert len(refused.value.diagnostics) == 1
    assert (refused.value.diagnostics[0].line, refused.value.diagnostics[0].column) == (8, 26)
    assert "without its closing" in refused.value.diagnostics[0].message


def test_a_fan_building_is_checked_with_the_shipped_set(tmp_path, capsys):
    fan = tmp_path / "hut.cards"
    fan.write_text(BASE)
    assert run("cards", "check", "ora-et-labora", str(fan)) == 0
    assert "ok: 79 cards (3 heartland, 68 building, 8 settlement)" in capsys.readouterr().out
    cards = load_buildings(["ora-et-labora", fan])
    assert [o.words for o in cards["hut"].function.outcomes(Ctx({"wood": 1}))] == ["give 1 wood; take 1 clay"]


def test_check_reports_a_bad_ora_card_on_stderr(tmp_path, capsys):
    (tmp_path / "goods.cards").write_text(GOODS_TEXT)
    (tmp_path / "bad.cards").write_text(BASE.replace("terrain coast", "terrain moon"))
    assert run("cards", "check", str(tmp_path)) == 1
    err = capsys.readouterr().err
    assert "bad.cards:7:13: error: unknown terrain 'moon'" in err and "1 problem found" in err


def test_a_pillars_card_with_a_building_field_is_refused_by_the_pillars_compiler():
    from pillars_rules.cardlang import compile_text

    with pytest.raises(CardError, match="'value' is not allowed on a craftsman card"):
        compile_text('craftsman c "C" {\n    round 1\n    value 3\n    convert 1 wood -> 1 vp\n}\n')


# -- formatting round-trips (property) ---------------------------------------------------------

_GOOD = st.sampled_from(["wood", "clay", "grain", "straw", "coin", "book"])
_N = st.integers(1, 9).map(str)
_AMOUNT = st.tuples(_N, _GOOD).map(" ".join)
_VALUE = st.sampled_from(["1/2 energy", "2 food", "3 energy", "14 points"])
_FOLLOW = st.sampled_from(
    ["build", "settle", "recall all", "clear forest", "action fell_trees", "land plot", "use an occupied building"]
)
_PIECE = st.one_of(_AMOUNT, _FOLLOW)
_TAKE = st.one_of(
    _AMOUNT,
    _FOLLOW,
    st.just("clay or wood from the track with wild joker"),
    st.just("coin by sheep (1 -> 3, 5 -> 5)"),
    st.just("5 and 3 of (wood, clay, peat)"),
    st.just("(book, ceramic) worth up to 2 points per (cloister) in (2 long: 3/2, 1: 1)"),
)


def _side(piece: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    group = st.lists(piece, min_size=1, max_size=2).map(" + ".join)
    alt = st.lists(group, min_size=1, max_size=2).map(" or ".join)
    return st.lists(alt, min_size=1, max_size=3).map(", ".join)


_DEAL = st.one_of(
    st.tuples(_side(st.one_of(_PIECE, _VALUE, st.just("3 goods of 3 different kinds"))), _side(_TAKE)).map(" -> ".join),
    _side(_TAKE).map("take {}".format),
    _FOLLOW,
)
_REPEAT = st.sampled_from(["", "once: ", "up to once: ", "up to 3 times: ", "any number of times: "])
_PART = st.tuples(_REPEAT, st.lists(_DEAL, min_size=1, max_size=2).map(" | ".join)).map("".join)
_FUNCTION = st.tuples(_PART, st.lists(st.tuples(st.sampled_from(["and", "then"]), _PART), max_size=2))


@settings(max_examples=60, deadline=None)
@given(_FUNCTION, st.sampled_from(["", "    cloister\n", "    mark 3+\n"]), st.booleans())
def test_fmt_round_trips_any_function(fn, extra, spaced):
    first, rest = fn
    body = first + "".join(f" {j} {p}" for j, p in rest)
    if spaced:
        body = body.replace(", ", " ,  ")
    text = (
        f'building b "B" {{\n{extra}    use: {body}\n    cost 1 wood\n    modes 4 short, 1\n'
        "    deck A value 0 dwelling -2 terrain coast\n}\n"
    )
    once = format_text(text)
    assert format_text(once) == once
    for t in (text, once):  # the fast parser reads it, and reads what Lark reads
        build = P._Build(1, 1, Reporter("x.cards", t))
        fast = fastparse.parse_block(t, 0, len(t), 1, 0, build)
        assert fast is not None and (fast,) == tuple(P._Build(1, 1, build.rep).transform(P.lark_parser().parse(t)))
    a, b = (_positions_removed(parse(t).cards[0]) for t in (once, text))
    assert sorted(a.fields, key=repr) == sorted(b.fields, key=repr)
    assert a.kind == b.kind and a.id == b.id and a.name == b.name


def _positions_removed(node):
    """A syntax tree with every position set to 0 (what was written, not where)."""
    import attrs

    if isinstance(node, tuple):
        return tuple(_positions_removed(x) for x in node)
    if attrs.has(type(node)):
        changes = {}
        for a in attrs.fields(type(node)):
            v = getattr(node, a.name)
            changes[a.name] = 0 if a.name in ("line", "column", "end_line") else _positions_removed(v)
        return type(node)(**changes)
    return node


# -- the goods card's exchanges (§4.9; R36) ---------------------------------------------------

#: (what the shipped goods card writes, what a bad one writes instead, line, column, the message)
BAD_EXCHANGES = [
    ("exchange 1 wine -> 1 coin", "exchange 1 wyne -> 1 coin", 25, 16, "unknown good 'wyne' — did you mean 'wine'?"),
    ("exchange 1 wine -> 1 coin", "exchange 1 wine -> 1 wine", 25, 5, "gives and takes the same good: wine"),
    (
        "exchange 1 wine -> 1 coin",
        "exchange 1 wine, 2 wine -> 1 coin",
        25,
        24,
        "'wine' is on one side of the exchange twice",
    ),
    ("exchange 1 wine -> 1 coin", "exchange 0 wine -> 1 coin", 25, 14, "an amount must be at least 1"),
    ("exchange 1 wine -> 1 coin", "exchange 1 wine <- 1 coin", 25, 21, "'<'"),
]


@pytest.mark.parametrize(("old", "new", "line", "col", "message"), BAD_EXCHANGES, ids=[b[1] for b in BAD_EXCHANGES])
def test_a_malformed_exchange_is_refused_where_it_is_written(old, new, line, col, message):
    refused_at({"goods.cards": GOODS_TEXT}, old, new, ("goods.cards", line, col), message)


def test_an_exchange_is_formatted_and_read_back_the_same():
    """``cards fmt``: an exchange one way (``->``) and both ways (``<->``) in canonical spacing, and the fast
    parser and Lark read it alike."""
    text = GOODS_TEXT.replace("exchange 5 coin <-> 1 five_coins", "exchange 5   coin<->1 five_coins")
    assert format_text(text, "goods.cards") == GOODS_TEXT
    start = GOODS_TEXT.index("goods ora_goods")
    chunk = GOODS_TEXT[start:]
    slow = P._Build(1, 1, Reporter("x", chunk)).transform(P.lark_parser().parse(chunk))
    assert slow == list(parse(chunk).cards)
    spec = compile_building_texts([("goods.cards", GOODS_TEXT)]).goods
    assert spec.exchanges[0] == ((("coin", 5),), (("five_coins", 1),), True)


# -- track cards: the wheel of each mode and variant (§5.1-§5.3, §8.2, §9.1, §10.3; R1, R6, R21) ----

TRACKS_TEXT = (ORA / "tracks.cards").read_text(encoding="utf-8")
TRACK = """track wheel_x "X" {
    wheel values 0, 2, 3
    wheel indicators wood, clay, joker
    wheel enters stone 5
    wheel wild joker
    variant france
    modes 4
}
"""

#: (what TRACK writes, what a bad one writes instead, line, column, the message)
BAD_TRACKS = [
    ("    modes 4\n", "", 1, 7, "track card 'wheel_x' needs 'modes'"),
    ("    modes 4\n", "    modes 4, 4\n", 7, 5, "a mode is listed twice"),
    ("    modes 4\n", "    modes 4\n    cost 1 wood\n", 8, 5, "a track card does not set 'cost'"),
    ("0, 2, 3", "0, 3, 2", 2, 24, "wheel values may not decrease: 2 after 3"),
    (
        "wood, clay, joker",
        "wod, clay, joker",
        3,
        22,
        "the indicator 'wod' is no good of the goods card — did you mean 'wood'?",
    ),
    ("enters stone 5", "enters stone 0", 4, 24, "the round an indicator enters in"),
    ("wheel wild joker", "wheel wild jokr", 5, 16, "the wild indicator 'jokr' is not on the wheel"),
    (
        "    wheel values 0, 2, 3\n    wheel indicators wood, clay, joker\n    wheel enters stone 5\n    wheel wild joker\n",
        "",
        1,
        7,
        "track card 'wheel_x' needs its wheel",
    ),
]


@pytest.mark.parametrize(("old", "new", "line", "col", "message"), BAD_TRACKS, ids=[b[4][:40] for b in BAD_TRACKS])
def test_a_malformed_track_card_is_refused_where_it_is_written(old, new, line, col, message):
    refused_at({"goods.cards": GOODS_TEXT, "bad.cards": TRACK}, old, new, ("bad.cards", line, col), message)


def test_two_track_cards_for_one_mode_and_variant_are_refused():
    """The game takes the one track of its mode and variant: a second is refused at its id."""
    other = TRACK.replace("wheel_x", "wheel_y").replace("variant france\n", "")  # both variants: mode 4 in france too
    with pytest.raises(CardError) as refused:
        compile_building_texts([("goods.cards", GOODS_TEXT), ("a.cards", TRACK), ("b.cards", other)])
    (d,) = refused.value.diagnostics
    assert (d.file, d.line, d.column) == ("b.cards", 1, 7)
    assert d.message == "track cards 'wheel_x' and 'wheel_y' are both the track of mode 4 in france"
    # another variant, or another mode, is another track
    ireland = TRACK.replace("wheel_x", "wheel_y").replace("france", "ireland")
    assert (
        len(compile_building_texts([("goods.cards", GOODS_TEXT), ("a.cards", TRACK), ("b.cards", ireland)]).tracks) == 2
    )


def test_the_shipped_tracks_read_alike_with_both_parsers_and_show_in_words(capsys):
    """``cards fmt`` keeps tracks.cards as it is (test_the_shipped_files_are_canonical); the fast parser and
    Lark read every track card alike; ``cards show`` says a track in words."""
    for start in [i for i in range(len(TRACKS_TEXT)) if TRACKS_TEXT.startswith("track ", i)]:
        chunk = TRACKS_TEXT[start : TRACKS_TEXT.index("}\n", start) + 2]
        slow = P._Build(1, 1, Reporter("x", chunk)).transform(P.lark_parser().parse(chunk))
        assert slow == list(parse(chunk).cards)
    assert run("cards", "show", "wheel_two_france", "--cards", "ora-et-labora") == 0
    assert capsys.readouterr().out.splitlines() == [
        "Production wheel, 2 players, France (wheel_two_france) -- track, france only",
        "The wheel of modes 2.",
        "Values after 0, 1, ... steps: 0, 1, 2, 2, 3, 4, 4, 5, 6, 6, 7, 8, 10.",
        "Indicators from the start: wood, clay, peat, sheep, grain, coin, joker.",
        "Entering: grapes after round 11's rotation, stone after round 18's rotation.",
        "Wild: joker (stands in for any indicator).",
        "An indicator at the last value stays there.",
    ]
    assert run("cards", "check", "ora-et-labora") == 0
    assert capsys.readouterr().out == (
        "ok: 78 cards (3 heartland, 67 building, 8 settlement) and a goods card; 9 track cards; 4 landscape cards; "
        "6 mode cards\n"
    )

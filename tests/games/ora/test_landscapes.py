"""The boards and the landscape piles are landscape cards (cards/ora-et-labora/landscapes.cards), read by the
rules (issue #58, "as text"): the shipped cards give the boards, attachments and prices the rules say (R10,
R12, R15, R30); a fan set's landscape changes the game; a malformed landscape card is refused where it is
written; both parsers read the cards alike and ``cards fmt`` writes them back unchanged."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pillars_rules.buildings import load_buildings
from pillars_rules.cardlang import fastparse
from pillars_rules.cardlang import parser as P
from pillars_rules.cardlang.buildcomp import compile_building_texts
from pillars_rules.cardlang.diagnostics import Reporter
from pillars_rules.cardlang.formatter import format_text
from pillars_rules.errors import CardError
from pillars_rules.games.ora import new_game, ora_rules, setup
from pillars_rules.mechanisms.grid import Attach, CellSpec, Stacks

from .helpers import SHIPPED, fan_set, located

TEXTS = {p.name: p.read_text(encoding="utf-8") for p in sorted(SHIPPED.glob("*.cards"))}
LAND = "landscapes.cards"


def test_the_shipped_landscapes_are_the_boards_and_piles_of_the_rules():
    """R12: the start heartland 2 x 5; R30: districts 1 x 5 on two sides, plots 2 x 2 with the mountain two
    rows high; R15: districts above or below, no gap; R10: the piles' prices, cheapest first (solo reversed)."""
    rules = ora_rules()
    grid = rules.grid
    assert [b.name for b in grid.boards] == ["heartland", "district", "coast-plot", "mountain-plot"]
    assert grid.covers == ("forest", "moor") and setup.COVER_GOOD == {"forest": "wood", "moor": "peat"}
    home = grid.boards[0].sides[0]
    assert [(c.dx, c.dy, c.terrain, c.cover) for c in home.cells[:5]] == [
        (0, 0, "plains", "moor"),
        (1, 0, "plains", "forest"),
        (2, 0, "plains", "forest"),
        (3, 0, "plains", None),
        (4, 0, "hillside", None),
    ]
    printed = {(c.dx, c.dy): c.occupant.card for c in home.cells if c.occupant is not None}
    assert printed == {(4, 0): "clay_mound", (2, 1): "farmyard", (4, 1): "cloister_office"}
    assert grid.boards[1].attach == Attach(column=0, stack=True, to_boards={"heartland", "district"})
    assert [s.name for s in grid.boards[1].sides] == ["moor-forest", "forest-plains"]
    assert grid.boards[3].sides[0].cells == (
        CellSpec(0, 0, "hillside"),
        CellSpec(0, 1, "hillside"),
        CellSpec(1, 0, "mountain", height=2),
    )
    assert grid.boards[2].attach == Attach(
        -2, touch="coast", to_boards={"heartland", "district"}, to_terrains={"coast"}
    )
    assert rules.stacks == Stacks((("district", (2, 3, 4, 4, 5, 5, 6, 7, 8)), ("plot", (3, 4, 4, 5, 5, 5, 6, 6, 7))))
    assert ora_rules("solo").stacks.piles[0] == ("district", (8, 7, 6, 5, 5, 4, 4, 3, 2))
    assert setup.PRINTED == (("Clay Mound", (4, 0)), ("Farmyard", (2, 1)), ("Cloister Office", (4, 1)))
    assert setup.GRID.boards[1:] == grid.boards[1:]  # the module's names read the same cards
    assert ora_rules("solo").grid.boards[-1].name == "neutral heartland"


def test_both_parsers_read_the_landscape_cards_alike_and_fmt_writes_them_back():
    text = TEXTS[LAND]
    assert format_text(text) == text
    blocks = re.findall(r"^landscape .*?^}\n", text, re.M | re.S)
    assert len(blocks) == 4
    for block in blocks:
        build = P._Build(1, 1, Reporter("x.cards", block))
        fast = fastparse.parse_block(block, 0, len(block), 1, 0, build)
        assert fast is not None
        assert (fast,) == tuple(P._Build(1, 1, build.rep).transform(P.lark_parser().parse(block)))
    messy = text.replace("water, coast\n        / water, coast", "water,coast /water ,  coast")
    assert messy != text and format_text(messy) == text


def test_cards_check_and_show_know_the_landscapes(capsys):
    from pillars_rules.cli.entry import main

    assert main(["cards", "check", str(SHIPPED)]) == 0
    assert "4 landscape cards" in capsys.readouterr().out
    assert main(["cards", "show", "district", "--cards", str(SHIPPED)]) == 0
    out = capsys.readouterr().out
    assert "Bought from the district pile at 2, 3, 4, 4, 5, 5, 6, 7, 8." in out
    assert "Side moor-forest: plains with moor" in out


BAD = [
    (
        "plains with moor, plains with forest, plains with forest, hillside",
        "plains with moor, plains with forest, plains with forest, hilside",
        "the terrain 'hilside' is no terrain of the goods card — did you mean 'hillside'?",
    ),
    ("hillside with clay_mound", "hillside with clay_mund", "'clay_mund' is neither a cover nor a card of the set"),
    ("plains with farmyard", "plains with bakery", "the card 'bakery' is a building card: only a heartland card"),
    ("covers forest wood, moor peat", "covers forest wood, moor turf", "the good 'turf' is no good of the goods card"),
    ("to heartland, district, coast", "to heartland, distric, coast", "'distric' is neither a landscape's board"),
    ("attach column 5 touching hillside", "attach column 5 touching hills", "the terrain 'hills' is no terrain"),
    ("    pile plot\n    attach", "    attach", "attaches but names no 'pile'"),
    ("prices 2, 3, 4", "prices -2, 3, 4", "a price is 0 or more, not -2"),
    ("mountain rows 2", "mountain rows 0", "a square spans 1 row or more, not 0"),
    ("    pile district\n", "    pile district\n    value 3\n", "a landscape card does not set 'value'"),
    ('side "forest-plains"', 'side "moor-forest"', "the side 'moor-forest' is written twice"),
    ('landscape coast_plot "coast-plot"', 'landscape coast_plot "district"', "the board 'district' is the board of"),
]


@pytest.mark.parametrize(("old", "new", "message"), BAD, ids=[b[2][:40] for b in BAD])
def test_a_malformed_landscape_card_is_refused_where_it_is_written(old, new, message):
    text = TEXTS[LAND]
    assert old in text
    bad = text.replace(old, new, 1)
    files = {**TEXTS, LAND: bad}
    with pytest.raises(CardError) as refused:
        compile_building_texts(list(files.items()))
    first = refused.value.diagnostics[0]
    assert first.file == LAND and message in first.message, str(refused.value)
    assert first.line > 0 and first.column > 0
    assert 0 < first.line <= bad.count("\n") + 1


def test_a_located_error_points_at_the_word():
    """The misspelt terrain of a district's side: its line and column, what is wrong."""
    bad = TEXTS[LAND].replace("plains, plains, plains, hillside", "plains, plains, plain, hillside", 1)
    with pytest.raises(CardError) as refused:
        compile_building_texts(list({**TEXTS, LAND: bad}.items()))
    first = refused.value.diagnostics[0]
    assert (first.line, first.column) == located(bad, "plain, hillside")
    assert "the terrain 'plain' is no terrain of the goods card — did you mean 'plains'?" in first.message
    assert f"{LAND}:{first.line}:{first.column}: error:" in str(refused.value)


def test_a_syntax_error_in_a_landscape_is_located():
    bad = TEXTS[LAND].replace('side "coast": water', 'side "coast" water', 1)
    with pytest.raises(CardError) as refused:
        compile_building_texts(list({**TEXTS, LAND: bad}.items()))
    assert refused.value.diagnostics[0].line == located(bad, 'side "coast" water')[0]


def test_the_set_needs_one_first_board_and_each_pile_its_prices():
    two_first = TEXTS[LAND] + '\nlandscape island "island" {\n    side "a": water\n}\n'
    with pytest.raises(CardError, match="the landscapes need one first board"):
        compile_building_texts(list({**TEXTS, LAND: two_first}.items()))
    no_price = TEXTS[LAND].replace("    prices 3, 4, 4, 5, 5, 5, 6, 6, 7\n", "", 1)
    with pytest.raises(CardError, match="the pile 'plot' needs its prices on one of its landscape cards, it has"):
        compile_building_texts(list({**TEXTS, LAND: no_price}.items()))


def fan(folder: Path, old: str, new: str) -> Path:
    return fan_set(folder / "fan", LAND, old, new)


def test_a_fan_landscape_changes_the_game(tmp_path):
    """A fan set whose districts cost 1 more and whose heartland has no moor top left: the game's piles and
    boards are the fan set's, and so its card hash and content hash."""
    folder = fan(tmp_path, "prices 2, 3, 4, 4, 5, 5, 6, 7, 8", "prices 3, 4, 5, 5, 6, 6, 7, 8, 9")
    (folder / LAND).write_text(
        (folder / LAND).read_text(encoding="utf-8").replace('printed": plains with moor', 'printed": plains', 1),
        encoding="utf-8",
    )
    rules = ora_rules(cards=[folder])
    assert rules.stacks.piles[0] == ("district", (3, 4, 5, 5, 6, 6, 7, 8, 9))
    assert rules.grid.boards[0].sides[0].cells[0].cover is None
    assert rules.card_hash != ora_rules().card_hash and rules.content_hash != ora_rules().content_hash
    g = new_game(rules)
    assert g.state.grids[0].cells[0].cover is None
    assert new_game(ora_rules()).state.grids[0].cells[0].cover == "moor"


def test_the_shipped_set_hash_is_the_card_hash_alone():
    """Saves of games on the shipped cards made before the boards were cards name the same set."""
    rules = ora_rules()
    assert "+" not in rules.card_hash
    assert rules.card_hash == ora_rules(cards=[SHIPPED]).card_hash
    assert load_buildings([SHIPPED]).landscapes == tuple(ora_rules(cards=[SHIPPED]).landscapes)


def test_a_fan_sets_first_board_of_another_name_starts_every_seat(tmp_path):
    """The game lays each seat's first board as the landscape cards name it (the neutral player's too)."""
    folder = fan(tmp_path, 'landscape heartland "heartland"', 'landscape heartland "homeland"')
    text = (folder / LAND).read_text(encoding="utf-8")
    text = text.replace("to heartland,", "to homeland,").replace('side "printed"', 'side "front"')
    (folder / LAND).write_text(text, encoding="utf-8")
    rules = ora_rules(cards=[folder])
    assert rules.home == ("homeland", "front")
    assert {c.board for c in new_game(rules).state.grids[0].cells} == {"homeland"}
    solo = new_game(ora_rules("solo", cards=[folder]))
    assert {c.board for c in solo.state.grids[-1].cells} == {"neutral homeland"}
    assert ora_rules().home == ("heartland", "printed")

"""Ora et Labora's landscapes drawn as grids in the terminal (issue #58): squares by their
coordinates, each with its terrain, what covers it (a building's short name, forest, moor)
and the clergy standing on it; exact lines for known landscapes."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import pillars_rules as pr
from pillars_rules.mechanisms.grid import Cell, Piece
from pillars_rules.mechanisms.workers import Worker
from pillars_rules.terminal import landscape, ora


def _game_with(*labels: str):
    """A 2-player game (Ann, Bob) after the actions whose labels start with ``labels``."""
    game = pr.new_game(game="ora-et-labora", players=2, seed=1, names=["Ann", "Bob"])
    for label in labels:
        action = next(a for a in game.legal_actions() if a.label.startswith(label))
        game = game.apply(action, seat=game.current_player)
    return game


def test_a_new_landscape_is_the_heartland_of_the_rules_section_2_4():
    """§2.4: the heartland's 2 x 5 squares, moor and forest on the left, the Clay Mound on the
    hillside, the Farmyard and the Cloister Office on the plains."""
    assert landscape.grid_lines(_game_with().view(0), 1) == [
        "        0          1          2          3          4",
        "   +----------+----------+----------+----------+----------+",
        " 0 |plains    |plains    |plains    |plains    |hillside  |",
        "   |moor      |forest    |forest    |          |Clay Mound|",
        "   +----------+----------+----------+----------+----------+",
        " 1 |plains    |plains    |plains    |plains    |plains    |",
        "   |moor      |forest    |Farmyard  |          |Cloi Offic|",
        "   +----------+----------+----------+----------+----------+",
    ]


def test_a_built_building_a_felled_forest_and_placed_clergy_show_on_their_squares():
    """§4.6 a building on its square; §4.5 the felled forest's square is bare; §4.2 a placed
    clergyman stands on its building (P the prior, L a lay brother)."""
    game = _game_with(
        "build Stone Merchant at (3, 0)",
        "prior on Stone Merchant",
        "leave Stone Merchant unused",
        "end the turn",
        "fell trees at (1, 0): 1 wood",
        "end the turn",
        "lay brother on Farmyard",
        "leave Farmyard unused",
    )
    view = game.view(0)
    assert landscape.grid_lines(view, 0) == [
        "        0          1          2          3          4",
        "   +----------+----------+----------+----------+----------+",
        " 0 |plains    |plains    |plains    |plains   P|hillside  |",
        "   |moor      |          |forest    |Ston Merch|Clay Mound|",
        "   +----------+----------+----------+----------+----------+",
        " 1 |plains    |plains    |plains    |plains    |plains    |",
        "   |moor      |forest    |Farmyard  |          |Cloi Offic|",
        "   +----------+----------+----------+----------+----------+",
    ]
    assert landscape.grid_lines(view, 1)[5] == " 1 |plains    |plains    |plains   L|plains    |plains    |"
    assert landscape.key_lines(view, 0) == ["  Ston Merch = Stone Merchant; Cloi Offic = Cloister Office"]
    assert landscape.key_lines(view, 1) == ["  Cloi Offic = Cloister Office"]


def _fake_view(cells, workers=(), seat=0):
    cards = {
        "mill": SimpleNamespace(name="Windmill", number="F04"),
        "kiln": SimpleNamespace(name="Peat Coal Kiln", number="G07"),
    }
    rules = SimpleNamespace(cards=cards, clergy=SimpleNamespace(kinds=(("prior", 1), ("lay brother", 2))))
    grids = [SimpleNamespace(cells=tuple(cells))] * (seat + 1)
    state = SimpleNamespace(grids=grids, workers=SimpleNamespace(all=tuple(workers)))
    return SimpleNamespace(state=state, rules=rules)


def test_plots_left_and_right_a_two_row_mountain_and_blank_places():
    """§4.10: a coast plot (water, coast) left of the heartland, a mountain plot right of it
    whose mountain spans two rows; places without a square stay blank; another seat's prior
    on a building carries that seat's number."""
    cells = [
        Cell(-2, 0, "water"),
        Cell(-1, 0, "coast", occupant=Piece("mill")),
        Cell(0, 0, "plains", cover="moor"),
        Cell(0, 1, "plains", cover="forest"),
        Cell(1, 0, "hillside", occupant=Piece("kiln")),
        Cell(1, 1, "hillside"),
        Cell(2, 0, "mountain", height=2),
    ]
    workers = [Worker(0, "lay brother", "0/mill"), Worker(2, "prior", "0/mill")]
    assert landscape.grid_lines(_fake_view(cells, workers), 0) == [
        "        -2         -1         0          1          2",
        "   +----------+----------+----------+----------+----------+",
        " 0 |water     |coast  LP3|plains    |hillside  |mountain  |",
        "   |          |Windmill  |moor      |Pe Coa Kil|          |",
        "   +----------+----------+----------+----------+          |",
        " 1                       |plains    |hillside  |          |",
        "                         |forest    |          |          |",
        "                         +----------+----------+----------+",
    ]


@pytest.mark.parametrize(
    ("name", "short"),
    [
        ("Inn", "Inn"),
        ("Clay Mound", "Clay Mound"),
        ("Slaughterhouse", "Slaughterh"),
        ("Peat Coal Kiln", "Pe Coa Kil"),
        ("Chamber of Wonders", "Cham Wonde"),
        ("Cloister Chapter House", "Cl Cha Hou"),
    ],
)
def test_a_short_name_fits_a_square(name, short):
    assert landscape.short_name(name) == short and len(short) <= landscape.WIDTH


def test_short_names_tell_every_shipped_building_from_the_others():
    """Two cards share a short name only when they share their whole name (the Grapevines, the
    Quarries: one building printed twice, §1.3)."""
    cards = _game_with().rules.cards
    names = landscape.short_names(cards)
    by_short: dict[str, set[str]] = {}
    for cid, short in names.items():
        assert len(short) <= landscape.WIDTH
        by_short.setdefault(short, set()).add(cards[cid].name)
    assert all(len(full) == 1 for full in by_short.values()), by_short
    clash = {"a": SimpleNamespace(name="Cloister Office", number="H03"), "b": SimpleNamespace(name="Cloi Offices")}
    assert landscape.short_names(clash) == {"a": "H03", "b": "b"}  # cut alike: the number, else the id


def test_the_table_shows_the_wheel_display_turn_goods_and_score():
    game = _game_with("build Stone Merchant at (3, 0)")
    lines = ora.table_lines(game.view(0), "Ann")
    text = "\n".join(lines)
    assert lines[0] == (
        "Ora et Labora (2 players, France) -- round 1 -- finishing an action -- Ann decides (prior) -- you are Ann"
    )
    # §3.1: the wheel's values; grapes and stone enter later (§2.6)
    assert lines[1] == (
        "Wheel: wood 1, clay 1, peat 1, sheep 1, grain 1, coin 1, joker 1; grapes from round 11, stone from round 18"
    )
    assert lines[2].startswith("Display: Cloister Courtyard (2 wood; value 4, dwelling 4); Windmill (3 wood, 2 clay;")
    assert "Stone Merchant" not in lines[2]  # built: off the display
    assert "Ann (you): 6 points so far (goods 0, buildings 6, dwellings 0)" in text
    assert "  goods: 1 clay, 1 coin, 1 grain, 1 peat, 1 sheep" in text  # the wood paid (§4.6)
    assert "Bob: 0 points so far" in text and text.count("+----------+") >= 4  # both landscapes


def test_the_solo_table_draws_the_neutral_players_landscape_too():
    game = pr.new_game(game="ora-et-labora", players=1, seed=1, names=["Ann"])
    text = "\n".join(ora.table_lines(game.view(0), "Ann"))
    assert "Neutral player: builds from the display (§9.5)" in text
    assert text.count(" 1 |plains    |plains    |plains    |plains    |plains    |") == 2


def test_the_modules_examples_run():
    import doctest

    result = doctest.testmod(landscape, verbose=False)
    assert result.attempted >= 4 and result.failed == 0

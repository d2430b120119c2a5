"""Each seat's grid of terrain (``mechanisms.grid``) and adjacency scoring
(``mechanisms.gridscore``): laws as properties, bad configs refused, and Ora et
Labora's landscape (``ORA_RULES.md`` §13 scenarios, by number and §)."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pillars_rules.errors import ConfigError, IllegalActionError
from pillars_rules.mechanisms.grid import (
    Attach,
    BoardKind,
    Cell,
    CellSpec,
    Grid,
    GridConfig,
    Piece,
    Rule,
    Side,
    attach,
    attach_spots,
    can_attach,
    can_place,
    neighbours,
    place,
    place_spots,
    start,
    uncover,
)
from pillars_rules.mechanisms.gridscore import ScoreRule, cell_value, score, scores

from . import ora

# -- laws, on any grid -------------------------------------------------------------------------

TERR = ("a", "b", "c")


@st.composite
def grids(draw: st.DrawFn) -> Grid:
    """Unit cells in a 5 x 4 box, some with covers or pieces, and maybe one cell two rows high."""
    spots = draw(st.sets(st.tuples(st.integers(0, 4), st.integers(0, 3)), min_size=1, max_size=20))
    cells: list[Cell] = []
    if draw(st.booleans()):
        cells.append(Cell(5, 0, "c", height=2))
    for x, y in sorted(spots):
        kind = draw(st.sampled_from(["empty", "cover", "piece"]))
        cells.append(
            Cell(
                x,
                y,
                draw(st.sampled_from(TERR)),
                cover="x" if kind == "cover" else None,
                occupant=Piece(f"p{x}{y}", draw(st.sets(st.sampled_from(["t", "u"])))) if kind == "piece" else None,
            )
        )
    return Grid(tuple(cells))


RULES = st.builds(
    Rule,
    st.sets(st.sampled_from(TERR), min_size=1),
    st.sets(st.sampled_from(["t", "u"]), max_size=1),
    st.none() | st.sets(st.sampled_from(["t", "u"])),
)
SPOT = st.tuples(st.integers(-1, 6), st.integers(-1, 4))


@given(grids(), SPOT, RULES)
def test_placing_changes_only_its_cell_and_a_refusal_changes_nothing(grid: Grid, at, rule: Rule) -> None:
    piece = Piece("new", {"t"})
    why = can_place(grid, at, piece, rule)
    if why is None:
        after = place(grid, at, piece, rule)
        target = grid.at(at)
        assert target is not None and target.cover is None and target.terrain in rule.terrains
        # an occupant is replaced only under ``over``, by a piece with the same of its tags
        assert target.occupant is None or (
            rule.over is not None and target.occupant.tags & rule.over == piece.tags & rule.over
        )
        changed = [(b, a) for b, a in zip(grid.cells, after.cells) if b != a]
        assert changed == [(target, attrs.evolve(target, occupant=piece))]
        assert after.at(at).occupant == piece
        # the neighbour rule held at placement
        assert not rule.next_to or any(n.occupant and n.occupant.tags & rule.next_to for n in neighbours(grid, at))
    else:
        with pytest.raises(IllegalActionError) as e:
            place(grid, at, piece, rule)
        assert e.value.reason == why
        assert isinstance(why, str) and why


@given(grids(), RULES)
def test_place_spots_are_exactly_the_legal_cells(grid: Grid, rule: Rule) -> None:
    piece = Piece("new")
    spots = set(place_spots(grid, piece, rule))
    assert spots == {(c.x, c.y) for c in grid.cells if can_place(grid, (c.x, c.y), piece, rule) is None}
    for x, y in spots:
        assert grid.at((x, y)).terrain in rule.terrains


@given(grids())
def test_adjacency_is_symmetric_and_orthogonal(grid: Grid) -> None:
    for c in grid.cells:
        ns = neighbours(grid, (c.x, c.y))
        assert c not in ns
        for n in ns:
            assert c in neighbours(grid, (n.x, n.y))
            # unit cells: exactly one step away on one axis (the tall cell shares an edge)
            if c.height == n.height == 1:
                assert abs(c.x - n.x) + abs(c.y - n.y) == 1


@given(grids(), st.dictionaries(st.sampled_from(TERR), st.integers(-3, 5)))
def test_scoring_counts_each_neighbour_once_per_scorer(grid: Grid, empty: dict) -> None:
    rule = ScoreRule({"t"}, empty=empty, covered={"x": 1})
    values = {c.occupant.card: (c.x * 3 + c.y) % 7 - 2 for c in grid.cells if c.occupant}
    total = score(grid, rule, values)
    scorers = [c for c in grid.cells if c.occupant and c.occupant.tags & {"t"}]
    # the same total counted from the other side: each cell times the scorers next to it
    by_cell = sum(cell_value(rule, c, values) * sum(1 for s in scorers if s.touches(c)) for c in grid.cells) + sum(
        cell_value(rule, s, values) for s in scorers
    )
    assert total == by_cell
    assert len(scores(grid, rule, values)) == len(scorers)


@st.composite
def attaching(draw: st.DrawFn) -> tuple[GridConfig, Grid]:
    """A grid of the ``grids`` kind (its cells on boards ``p`` and ``q``) and a config whose board ``new`` has a
    side of unit and larger cells, with a drawn attach rule (column, stacking, touching a board or a terrain)."""
    g = draw(grids())
    g = Grid(tuple(attrs.evolve(c, board=draw(st.sampled_from(["p", "q"]))) for c in g.cells))
    shapes = draw(
        st.lists(st.tuples(st.integers(0, 2), st.integers(0, 2), st.integers(1, 2), st.integers(1, 2)), max_size=4)
    )
    cells: list[CellSpec] = [CellSpec(0, 0, draw(st.sampled_from(TERR)))]
    for dx, dy, w, h in shapes:  # each cell that overlaps none before it
        new = Cell(dx, dy, "a", width=w, height=h)
        if not any(new.overlaps(Cell(c.dx, c.dy, "a", width=c.width, height=c.height)) for c in cells):
            cells.append(CellSpec(dx, dy, draw(st.sampled_from(TERR)), width=w, height=h))
    touch = draw(st.none() | st.sampled_from([c.terrain for c in cells]))
    rule = Attach(
        column=draw(st.none() | st.integers(-2, 6)),
        stack=draw(st.booleans()),
        touch=touch,
        to_boards=draw(st.sets(st.sampled_from(["p", "q"]))),
        to_terrains=draw(st.sets(st.sampled_from(TERR))),
    )
    boards = (
        BoardKind("p", (Side("s", (CellSpec(0, 0, "a"),)),)),
        BoardKind("q", (Side("s", (CellSpec(0, 0, "a"),)),)),
        BoardKind("new", (Side("s", tuple(cells)),), rule),
    )
    return GridConfig(terrains=TERR, boards=boards), g


@given(attaching())
def test_attach_spots_are_the_corners_can_attach_allows(case: tuple[GridConfig, Grid]) -> None:
    """attach_spots works the rules out once per question; its corners are can_attach's, top to bottom, left
    to right, over every corner where the board could meet the grid (its box and the board's size around it; in its
    column only, when it has one)."""
    cfg, g = case
    face = cfg.boards[2].sides[0].cells
    w, h = max(c.dx + c.width for c in face), max(c.dy + c.height for c in face)
    rule = cfg.boards[2].attach
    assert rule is not None
    column = rule.column
    xs = range(min(c.x for c in g.cells) - w, max(c.x + c.width for c in g.cells) + 1) if column is None else [column]
    ys = range(min(c.y for c in g.cells) - h, max(c.y + c.height for c in g.cells) + 1)
    every = tuple((x, y) for y in ys for x in xs if can_attach(cfg, g, "new", "s", (x, y)) is None)
    assert attach_spots(cfg, g, "new", "s") == every


BOARDS = [(b.name, s.name) for b in ora.GRID.boards if b.attach is not None for s in b.sides]


@given(st.data())
def test_attaching_keeps_every_cell_and_boards_never_overlap(data: st.DataObject) -> None:
    g = start(ora.GRID, "heartland", "printed")
    attached = 0
    for _ in range(data.draw(st.integers(0, 12))):
        kind, side = data.draw(st.sampled_from(BOARDS))
        spots = attach_spots(ora.GRID, g, kind, side)
        anywhere = st.tuples(st.integers(-4, 7), st.integers(-5, 6))
        x, y = data.draw(st.sampled_from(spots) | anywhere if spots else anywhere)
        why = can_attach(ora.GRID, g, kind, side, (x, y))
        assert (why is None) == ((x, y) in spots)
        if why is not None:
            with pytest.raises(IllegalActionError) as e:
                attach(ora.GRID, g, kind, side, (x, y))
            assert e.value.reason == why
            continue
        after = attach(ora.GRID, g, kind, side, (x, y))
        assert after.cells[: len(g.cells)] == g.cells  # the cells there stay as they were
        new = after.cells[len(g.cells) :]
        assert new and all(c.board == kind for c in new)
        assert not any(a.overlaps(b) for i, a in enumerate(after.cells) for b in after.cells[i + 1 :])
        g, attached = after, attached + 1
    assert len(g.cells) >= 10 + 3 * attached


# -- bad configs ---------------------------------------------------------------------------------


def _cfg(**changes) -> GridConfig:
    home = BoardKind("home", (Side("s", (CellSpec(0, 0, "a"), CellSpec(1, 0, "b"))),))
    args = {"terrains": ("a", "b"), "covers": ("x",), "boards": (home,)}
    return GridConfig(**{**args, **changes})


def _board(*cells: CellSpec, attach_rule: Attach | None = None) -> tuple[BoardKind, ...]:
    return (BoardKind("home", (Side("s", cells),), attach_rule),)


@pytest.mark.parametrize(
    ("changes", "where"),
    [
        ({"terrains": ("a", "a")}, "terrains: a name is given twice"),
        ({"terrains": ["a"]}, "terrains: a tuple of non-empty names"),
        (
            {"boards": _board(CellSpec(0, 0, "z"))},
            "board 'home' side 's' cell 0 (0, 0): terrain 'z' is not one of a, b",
        ),
        ({"boards": _board(CellSpec(0, 0, "a", cover="y"))}, "cell 0 (0, 0): cover 'y' is not one of x"),
        (
            {"boards": _board(CellSpec(0, 0, "a", cover="x", occupant=Piece("p")))},
            "a cell cannot hold a cover and a card",
        ),
        ({"boards": _board(CellSpec(0, 0, "a"), CellSpec(0, 0, "b"))}, "cell 1 (0, 0): it overlaps another cell"),
        ({"boards": _board(CellSpec(0, 0, "a", height=0))}, "its size must be whole numbers from 1"),
        ({"boards": _board()}, "board 'home' side 's': it has no cell"),
        ({"boards": _board(CellSpec(0, 0, "a"), attach_rule=Attach(touch="q"))}, "touch terrain 'q' is not a terrain"),
        ({"boards": _board(CellSpec(0, 0, "a"), attach_rule=Attach(touch="b"))}, "a side has no 'b' cell"),
        ({"boards": _board(CellSpec(0, 0, "a"), attach_rule=Attach(to_boards={"far"}))}, "to_boards names 'far'"),
        ({"boards": _board(CellSpec(0, 0, "a"), attach_rule=Attach(to_terrains={"q"}))}, "to_terrains names 'q'"),
        ({"boards": (BoardKind("home", ()),)}, "board 'home': it has no side"),
    ],
)
def test_a_bad_grid_config_is_refused_with_where(changes: dict, where: str) -> None:
    with pytest.raises(ConfigError) as e:
        _cfg(**changes)
    assert e.value.reason.startswith("grid config, ") and where in e.value.reason, e.value.reason


def test_a_rule_with_an_unknown_terrain_is_refused() -> None:
    with pytest.raises(ConfigError, match="windmill: terrain 'sky' is not one of"):
        ora.GRID.check_rule(Rule({"coast", "sky"}), "windmill")
    for name, rule in ora.RULES.items():
        assert ora.GRID.check_rule(rule, name) is rule


def test_bad_score_rules_are_refused() -> None:
    with pytest.raises(ConfigError, match="a set of tags"):
        ScoreRule("settlement")
    with pytest.raises(ConfigError, match="name to whole number"):
        ScoreRule({"s"}, empty={"water": "3"})
    with pytest.raises(ConfigError, match="no value is given for the card 'cloister_office'"):
        score(_heartland(), ScoreRule({"cloister"}, {}), {})


# -- Ora et Labora's landscape -------------------------------------------------------------------


def _heartland() -> Grid:
    return start(ora.GRID, "heartland", "printed")


def test_the_start_heartland() -> None:
    """R12 (§2.6, §1.6): 2 x 5, 3 forests, 2 moors, 2 empty plains and 3 printed buildings."""
    g = _heartland()
    assert len(g.cells) == 10
    covers = [c.cover for c in g.cells if c.cover]
    assert covers.count("forest") == 3 and covers.count("moor") == 2
    assert [c.occupant.card for c in g.cells if c.occupant] == ["clay_mound", "farmyard", "cloister_office"]
    assert [(c.x, c.y) for c in g.cells if c.empty] == [(3, 0), (3, 1)]
    assert g.at((4, 0)).terrain == "hillside" and {c.terrain for c in g.cells} == {"plains", "hillside"}


def test_building_refused_for_terrain_with_the_reason() -> None:
    """§13.21 (§4.7): the Windmill on plains is illegal; on hillside legal; only the Quarry on a
    mountain; nothing but the Houseboat on water."""
    g = _heartland()
    windmill = Piece("windmill")
    assert can_place(g, (3, 0), windmill, ora.RULES["windmill"]) == (
        "the cell at (3, 0) is plains; the card stands on coast, hillside only"
    )
    with pytest.raises(IllegalActionError, match="is plains"):
        place(g, (3, 0), windmill, ora.RULES["windmill"])
    g2 = attach(ora.GRID, g, "mountain-plot", "mountain", (5, 0))
    assert can_place(g2, (5, 1), windmill, ora.RULES["windmill"]) is None
    fuel = Piece("fuel_merchant")
    assert "is mountain" in can_place(g2, (6, 1), fuel, ora.RULES["fuel_merchant"])
    assert can_place(g2, (6, 1), Piece("quarry"), ora.RULES["quarry"]) is None  # (6, 1): the mountain's 2nd row
    g3 = attach(ora.GRID, g, "coast-plot", "coast", (-2, 0))
    assert "is water" in can_place(g3, (-2, 0), fuel, ora.RULES["fuel_merchant"])
    assert can_place(g3, (-2, 1), Piece("houseboat"), ora.RULES["houseboat"]) is None


def test_occupied_and_covered_cells_are_refused() -> None:
    """§4.6.1, §4.7: only an empty space; a forest or moor card must be removed first (§4.5)."""
    g = _heartland()
    fuel, rule = Piece("fuel_merchant"), ora.RULES["fuel_merchant"]
    assert can_place(g, (2, 1), fuel, rule) == "the cell at (2, 1) holds farmyard already"
    assert can_place(g, (1, 0), fuel, rule) == "the cell at (1, 0) is covered (forest); remove the cover first"
    assert can_place(g, (9, 9), fuel, rule) == "there is no cell at (9, 9)"
    cover, cleared = uncover(g, (1, 0))
    assert cover == "forest" and can_place(cleared, (1, 0), fuel, rule) is None  # cleared forest = plains (§1.6)
    with pytest.raises(IllegalActionError, match="no cover"):
        uncover(cleared, (1, 0))


def test_building_over_as_the_solo_neutral_player() -> None:
    """§9.5: the neutral player may build over an unoccupied building, a cloister building only
    over a cloister building and a non-cloister one only over a non-cloister one; it ignores
    terrain, and its cloister buildings keep a cloister neighbour."""
    neutral = Rule(ora.TERRAINS, over={"cloister"})
    g = _heartland()
    market = Piece("builders_market")
    assert can_place(g, (4, 0), market, neutral) is None  # over the Clay Mound, on hillside
    g2 = place(g, (4, 0), market, neutral)
    assert g2.at((4, 0)).occupant == market and g2.at((4, 0)).terrain == "hillside"
    assert can_place(g, (4, 1), market, neutral) == (
        "cloister_office at (4, 1) may be built over only by a card with the same of the tags cloister"
    )
    chapel = Piece("chapel", {"cloister"})
    assert "may be built over only" in can_place(g, (2, 1), chapel, neutral)
    # the cloister rule still holds: the printed Cloister Office has no cloister neighbour
    with_cloister = Rule(ora.TERRAINS, next_to={"cloister"}, over={"cloister"})
    assert can_place(g, (4, 1), chapel, with_cloister) == "no card tagged cloister is orthogonally next to (4, 1)"
    assert can_place(g, (3, 1), chapel, with_cloister) is None


def test_scenario_18_a_cloister_needs_an_orthogonal_cloister_neighbour() -> None:
    """§13.18 (§4.6.2): a cloister building whose only cloister neighbour is diagonal is illegal."""
    g = _heartland()
    priory, rule = Piece("priory", {"cloister"}), ora.RULES["priory"]
    # (3, 0) touches the Cloister Office (4, 1) only at a corner
    assert can_place(g, (3, 0), priory, rule) == "no card tagged cloister is orthogonally next to (3, 0)"
    g = place(g, (3, 1), priory, rule)  # beside the Cloister Office
    assert can_place(g, (3, 0), Piece("x", {"cloister"}), rule) is None  # now above the Priory


def test_a_district_purchase_and_where_it_attaches() -> None:
    """§4.10.2 (R15, R30): a district goes directly above or below, in the heartland's columns, no gap."""
    g = _heartland()
    assert attach_spots(ora.GRID, g, "district", "forest-plains") == ((0, -1), (0, 2))
    assert can_attach(ora.GRID, g, "district", "forest-plains", (1, 2)) == (
        "a district board goes with its left edge in column 0, not 1"
    )
    assert can_attach(ora.GRID, g, "district", "forest-plains", (0, 3)) == (
        "a district board goes directly above row 0 or below row 1, with no gap"
    )
    assert can_attach(ora.GRID, g, "district", "forest-plains", (0, 1)) == "it would overlap the cell at (0, 1)"
    price, stacks = ora.STACKS.draw("district")
    assert (price, stacks.top("district")) == (2, 3)
    g2 = attach(ora.GRID, g, "district", "moor-forest", (0, 2))
    assert [c.cover or c.terrain for c in g2.cells[10:]] == ["moor", "forest", "forest", "hillside", "hillside"]
    assert all(c.board == "district" for c in g2.cells[10:]) and g2.cells[:10] == g.cells
    assert attach_spots(ora.GRID, g2, "district", "forest-plains") == ((0, -1), (0, 3))


def test_scenario_25_where_a_coast_plot_attaches() -> None:
    """§13.25 (§4.10.3): a coast plot to the right is illegal; to the left with no coast space next
    to the heartland/districts or an existing coast space illegal; stacked above an existing coast
    plot beyond the heartland's rows legal."""
    g = _heartland()
    assert can_attach(ora.GRID, g, "coast-plot", "coast", (5, 0)) == (
        "a coast-plot board goes with its left edge in column -2, not 5"
    )
    assert can_attach(ora.GRID, g, "coast-plot", "coast", (-2, 2)) == (
        "no coast cell of the coast-plot board would be next to a cell of district or heartland or coast"
    )
    g = attach(ora.GRID, g, "coast-plot", "coast", (-2, 1))  # offset by a row: (-1, 1) touches (0, 1)
    assert can_attach(ora.GRID, g, "coast-plot", "coast", (-2, -1)) is None  # above it, beyond row 0
    g = attach(ora.GRID, g, "coast-plot", "coast", (-2, -1))
    assert can_attach(ora.GRID, g, "coast-plot", "coast", (-2, -3)) is None  # stacked on the coast only


def test_r16_a_mountain_plot_needs_a_hillside_next_to_the_land_or_a_hillside() -> None:
    """§4.10.3 (R16, R30): a hillside of the plot next to a heartland/district space or a hillside;
    the mountain spans two rows and touches both hillsides."""
    g = attach(ora.GRID, _heartland(), "mountain-plot", "mountain", (5, 0))
    mountain = g.at((6, 1))
    assert mountain is g.at((6, 0)) and mountain.height == 2
    assert {(c.x, c.y) for c in neighbours(g, (6, 1))} == {(5, 0), (5, 1)}
    assert can_attach(ora.GRID, g, "mountain-plot", "mountain", (5, 2)) is None  # below, hillside on hillside
    assert "no hillside cell" in can_attach(ora.GRID, g, "mountain-plot", "mountain", (5, 3))


def test_scenario_30_a_settlements_dwelling_value_with_its_neighbours() -> None:
    """§13.30 (§7.4): a settlement (2) next to empty water (3), a building (4) and a settlement (1),
    with a building (5) diagonal, scores 2 + 3 + 4 + 1 = 10; the building of 4, next to the second
    settlement too, counts there as well."""
    g = attach(ora.GRID, _heartland(), "coast-plot", "coast", (-2, 0))
    settle = ora.RULES["shanty_town"]
    village, hamlet = Piece("village", {"settlement"}), Piece("hamlet", {"settlement"})
    g = place(g, (-1, 0), village, ora.RULES["fishing_village"])  # coast, next to water (-2, 0)
    g = place(g, (-1, 1), hamlet, ora.RULES["fishing_village"])  # below it
    _, g = uncover(g, (0, 0))
    g = place(g, (0, 0), Piece("fuel_merchant"), ora.RULES["fuel_merchant"])  # beside the village
    _, g = uncover(g, (0, 1))
    g = place(g, (0, 1), Piece("builders_market"), settle)  # diagonal to the village
    values = {"village": 2, "hamlet": 1, "fuel_merchant": 4, "builders_market": 5}
    values |= {"clay_mound": 3, "farmyard": 2, "cloister_office": 2}
    got = dict(((card, points) for _, card, points in scores(g, ora.SCORING, values)))
    assert got["village"] == 2 + 3 + 4 + 1
    assert got["hamlet"] == 1 + 3 + 5 + 2  # water (-2, 1), the building of 5 beside it, the village
    assert score(g, ora.SCORING, values) == 10 + 11
    # a forest and a moor count 0 (§7.4); only empty water counts 3
    assert cell_value(ora.SCORING, g.at((1, 0)), values) == 0 and cell_value(ora.SCORING, g.at((3, 0)), values) == 0


def test_a_settlement_next_to_the_tall_mountain() -> None:
    """§1.6, R30: every mountain is next to both hillsides of its plot, so both see it."""
    g = attach(ora.GRID, _heartland(), "mountain-plot", "mountain", (5, 0))
    g = place(g, (6, 0), Piece("quarry"), ora.RULES["quarry"])
    g = place(g, (5, 0), Piece("a", {"settlement"}), ora.RULES["shanty_town"])
    g = place(g, (5, 1), Piece("b", {"settlement"}), ora.RULES["shanty_town"])
    values = {"quarry": -4, "a": 1, "b": 2, "clay_mound": 3, "farmyard": 2, "cloister_office": 2}
    assert dict((c, p) for _, c, p in scores(g, ora.SCORING, values)) == {"a": 1 - 4 + 2 + 3, "b": 2 - 4 + 1 + 2}


def test_the_stacks_run_out() -> None:
    """§1.1, §2.5 (R10): nine plots, cheapest first; none left is refused."""
    stacks = ora.STACKS
    prices = []
    while stacks.top("plot") is not None:
        price, stacks = stacks.draw("plot")
        prices.append(price)
    assert prices == [3, 4, 4, 5, 5, 5, 6, 6, 7] and stacks.top("district") == 2
    with pytest.raises(IllegalActionError, match="no plot board is left"):
        stacks.draw("plot")

"""The grid's quick answers (``place_spots``, ``attach_spots``) are those of its checks with reasons
(``can_place``, ``can_attach`` over every corner), on the landscapes of random Ora games."""

from __future__ import annotations

import random

from pillars_rules.games.ora.legal import legal
from pillars_rules.games.ora.rules import piece
from pillars_rules.mechanisms import grid as G

from .helpers import game


def _grids():
    """Every seat's landscape at every 20th decision of two random 4-player games, and the rules."""
    for seed, variant in ((2, "france"), (9, "ireland")):
        g = game("4 players", variant, None, "shipped")
        rng = random.Random(seed)
        k = 0
        while not g.is_over:
            if k % 20 == 0:
                for grid in g.state.grids:
                    yield g.rules, grid
            g = g.apply(rng.choice(legal(g.state, g.rules)))
            k += 1


def _touching(cfg: G.GridConfig, grid: G.Grid, kind: str, side: str, at: tuple[int, int]) -> bool:
    """The attachment rule's 'next to' read over every cell of the grid (no cell passed over)."""
    rule = cfg.board(kind).attach
    new = G._lay(cfg, kind, side, at)
    mine = [n for n in new if rule.touch is None or n.terrain == rule.touch]
    targets = [c for c in grid.cells if c.board in rule.to_boards or c.terrain in rule.to_terrains]
    return any(m.touches(t) for m in mine for t in targets)


def test_place_spots_are_the_cells_can_place_allows():
    seen = 0
    for rules, grid in _grids():
        for cid in rules.cards:
            for rule in (rules.rule(cid), rules.neutral_rule(cid)):
                p = piece(rules.cards[cid])
                want = tuple((c.x, c.y) for c in grid.cells if G.can_place(grid, (c.x, c.y), p, rule) is None)
                assert G.place_spots(grid, p, rule) == want
                seen += len(want)
    assert seen > 300


def test_attach_spots_are_the_corners_can_attach_allows_and_next_to_reads_every_cell():
    allowed = refused = 0
    for rules, grid in _grids():
        cfg = rules.grid
        for board in cfg.boards:
            if board.attach is None:
                continue
            for side in board.sides:
                got = G.attach_spots(cfg, grid, board.name, side.name)
                xs = [c.x for c in grid.cells] + [c.x + c.width for c in grid.cells]
                ys = [c.y for c in grid.cells] + [c.y + c.height for c in grid.cells]
                corners = [(x, y) for y in range(min(ys) - 6, max(ys) + 2) for x in range(min(xs) - 6, max(xs) + 2)]
                want = tuple(
                    sorted(
                        (at for at in corners if G.can_attach(cfg, grid, board.name, side.name, at) is None),
                        key=lambda at: (at[1], at[0]),
                    )
                )
                assert got == want
                for at in corners:
                    why = G.can_attach(cfg, grid, board.name, side.name, at)
                    if why is None:
                        allowed += 1
                        assert _touching(cfg, grid, board.name, side.name, at)
                    elif "would be next to" in why:
                        refused += 1
                        assert not _touching(cfg, grid, board.name, side.name, at)
    assert allowed > 20 and refused > 20

"""§2.4 step 13 cathedral, §6 craftsmen, and the §9 worked examples."""

from pillars_rules.actions import Build, EndBuilding, ReturnCubes
from pillars_rules.engine import events as E

from .support import BLUE, RED, cubes, new_events, of_type, position


def _cathedral(players, seats=2, **kw):
    return position("cathedral", players=seats, seats=players, **kw)


def _finished(g, seat):
    """A seat with no usable conversion left is finished automatically."""
    evs = list(g.events)
    last = max(i for i, e in enumerate(evs) if isinstance(e, E.Converted))
    return E.CathedralDone(seat) in evs[last:] and E.DecisionPending("cathedral", seat) not in evs[last:]


def _use_all(g, seat, order):
    for card in order:
        g = g.apply(Build(card))
    return g


def test_worked_example_s9_cathedral():
    """§9: 5 sand, 3 stone, 1 metal with Potter, Mortar mixer, Stonemason, Architect,
    Toolmaker: 5 VP and 2 gold, keeping 1 stone and 1 metal."""
    crafts = ("potter_r2", "mortar_mixer", "stonemason", "architect", "toolmaker")
    g = _cathedral(
        {
            RED: {"craftsmen": crafts, "cubes": cubes(sand=5, stone=3, metal=1), "vp": 0, "gold": 0},
            BLUE: {"craftsmen": ()},
        }
    )
    assert g.current_player == RED and g.pending.kind == "cathedral"
    g = _use_all(g, RED, ["potter_r2", "potter_r2", "mortar_mixer", "stonemason", "architect", "toolmaker"])
    red = g.state.players[RED]
    assert (red.vp, red.gold, red.cubes) == (5, 2, cubes(stone=1, metal=1))
    assert _finished(g, RED)


def test_goldsmith_12_gold_to_4_vp_s9():
    g = _cathedral({RED: {"craftsmen": ("goldsmith_r5",), "gold": 12, "vp": 0}, BLUE: {"craftsmen": ()}})
    for _ in range(4):
        g = g.apply(Build("goldsmith_r5"))
    assert (g.state.players[RED].vp, g.state.players[RED].gold) == (4, 0)
    assert _finished(g, RED)


def test_carpenter_8_wood_to_4_vp_at_most_s9():
    g = _cathedral({RED: {"craftsmen": ("carpenter",), "cubes": cubes(wood=10), "vp": 0}, BLUE: {"craftsmen": ()}})
    for _ in range(4):
        g = g.apply(Build("carpenter"))
    assert g.state.players[RED].vp == 4 and g.state.players[RED].cube("wood") == 2
    assert _finished(g, RED)


def test_gold_from_toolmaker_feeds_goldsmith_same_step_s6():
    g = _cathedral(
        {
            RED: {"craftsmen": ("toolmaker", "goldsmith_r5"), "gold": 1, "vp": 0, "cubes": cubes(metal=1)},
            BLUE: {"craftsmen": ()},
        }
    )
    assert Build("goldsmith_r5") not in g.legal_actions()
    g = g.apply(Build("toolmaker"))
    assert Build("goldsmith_r5") in g.legal_actions()
    g = g.apply(Build("goldsmith_r5"))
    assert g.state.players[RED].vp == 1 and g.state.players[RED].cube("metal") == 1


def test_mason_needs_a_mortar_mixer_s6():
    g = _cathedral({RED: {"craftsmen": ("mason_r1", "carpenter"), "cubes": cubes(stone=2)}, BLUE: {"craftsmen": ()}})
    assert Build("mason_r1") not in g.legal_actions()
    g = _cathedral(
        {RED: {"craftsmen": ("mason_r1", "mortar_mixer_r1"), "cubes": cubes(stone=2)}, BLUE: {"craftsmen": ()}}
    )
    assert Build("mason_r1") in g.legal_actions()


def test_toolmaker_needs_metal_kept_s6():
    g = _cathedral({RED: {"craftsmen": ("toolmaker", "carpenter"), "cubes": cubes(wood=2)}, BLUE: {"craftsmen": ()}})
    assert Build("toolmaker") not in g.legal_actions()


def test_two_input_conversion_glassblower_s6():
    g = _cathedral(
        {RED: {"craftsmen": ("glassblower_r5",), "cubes": cubes(sand=2, metal=1), "vp": 0}, BLUE: {"craftsmen": ()}}
    )
    g = g.apply(Build("glassblower_r5"))
    assert g.state.players[RED].vp == 3 and g.state.players[RED].cubes == cubes(sand=1)
    assert _finished(g, RED)


def test_players_in_turn_order_and_no_conversion_finishes_automatically_s2_4_13():
    g = _cathedral(
        {
            RED: {"craftsmen": ("carpenter",), "cubes": cubes(wood=2)},
            BLUE: {"craftsmen": ("carpenter",), "cubes": cubes(wood=2)},
        },
        start_player=BLUE,
    )
    assert g.current_player == BLUE
    g = g.apply(EndBuilding())
    assert g.current_player == RED
    g2 = _cathedral({RED: {"craftsmen": ("carpenter",)}, BLUE: {"craftsmen": ("carpenter",), "cubes": cubes(wood=2)}})
    assert g2.current_player == BLUE
    assert of_type(g2.events, E.CathedralDone)[-1].seat == RED


def test_five_cube_limit_player_chooses_s2_4_13():
    g = _cathedral({RED: {"craftsmen": (), "cubes": cubes(wood=3, stone=3, sand=1)}, BLUE: {"craftsmen": ()}})
    assert g.pending.kind == "return_cubes" and g.current_player == RED
    assert ReturnCubes("sand", 1) in g.legal_actions()
    assert ReturnCubes("wood", 2) in g.legal_actions()
    assert ReturnCubes("wood", 3) not in g.legal_actions()
    supply = g.state.supply
    g2 = g.apply(ReturnCubes("stone", 2))
    evs = new_events(g, g2)
    assert of_type(evs, E.CubesReturned) == [E.CubesReturned(RED, "stone", 2)]
    assert g2.state.players[RED].cubes == cubes(wood=3, stone=1, sand=1)
    assert g2.state.supply[1] == supply[1] + 2


def test_metal_counts_towards_limit_s2_4_13():
    g = _cathedral({RED: {"craftsmen": (), "cubes": cubes(wood=5, metal=1)}, BLUE: {"craftsmen": ()}})
    assert g.pending.kind == "return_cubes"
    assert ReturnCubes("metal", 1) in g.legal_actions()

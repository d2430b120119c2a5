"""The test scenarios of ``ORA_RULES.md`` §13 that concern the flow, each citing its § (issue #58).

Each builds its situation on a new game's state (``helpers.at``) or plays to it,
then checks what the rules say. Scenarios about one building's own function wait
for the cards (branch h58cards); the wheel producers, exchanges and follow-ups
here use the test catalogue's functions (``catalogue.py``).
"""

from __future__ import annotations

import attrs
import pytest

from pillars_rules.core import playout, run
from pillars_rules.errors import IllegalActionError
from pillars_rules.games.ora import ORA
from pillars_rules.games.ora import records as R
from pillars_rules.games.ora.rules import piece
from pillars_rules.games.ora.score import parts, ranking
from pillars_rules.mechanisms import grid as G
from pillars_rules.mechanisms import workers as K
from pillars_rules.mechanisms.wheel import Wheel

from .helpers import at, do, find, find2, game, stock, two_steps, until


def wheel(g, **steps: int):
    """``g`` with the wheel's indicators on these steps (others as they are)."""
    now = dict(g.state.wheel.steps) | {k.replace("_", " "): v for k, v in steps.items()}
    return at(g, wheel=Wheel(tuple((n, now[n]) for n in g.rules.wheel.names if n in now)))


def worth(g, name: str) -> int:
    return g.rules.wheel.values[g.state.wheel.step(name)]


def flow(state, rules):
    """The flow's events from ``state`` to the next decision, and the state there."""
    return run(ORA, state, rules, [])


def built(g, seat: int, card: str, at_: tuple[int, int]):
    """``g`` with ``card`` standing at ``at_`` on ``seat``'s landscape."""
    grid = G.place(g.state.grids[seat], at_, piece(g.rules.cards[card]), g.rules.rule(card))
    return at(g, grids=g.state.grids[:seat] + (grid,) + g.state.grids[seat + 1 :])


def attached(g, seat: int, board: str, side: str, at_: tuple[int, int]):
    grid = G.attach(g.rules.grid, g.state.grids[seat], board, side, at_)
    return at(g, grids=g.state.grids[:seat] + (grid,) + g.state.grids[seat + 1 :])


def placed(g, seat: int, *where: tuple[str, str]):
    w = g.state.workers
    for kind, key in where:
        w = K.place(g.rules.clergy, w, seat, kind, key)
    return at(g, workers=w)


def turns(events) -> list[int]:
    """The seats whose action turns ended, in order."""
    return [e.seat for e in events if type(e) is R.TurnEnded]


# -- §3 the round ------------------------------------------------------------------------------


@pytest.mark.parametrize(("mode", "n"), [("4 players", 4), ("3 players", 3)])
def test_1_start_player_and_actions_per_round(mode, n):
    """§13.1 (§3.5, §3.6, §3.7): the start player of round r is player ((r - 1) mod N) + 1, who acts
    first and again last: 5 actions with 4 players, 4 with 3."""
    end = playout(game(mode), seed=1, until=lambda s: s.round > 4)
    rounds: dict[int, list[int]] = {}
    r = 0
    for e in end.events:
        if type(e) is R.RoundBegan:
            r = e.round
            assert e.start == (r - 1) % n
        if type(e) is R.TurnEnded:  # a turn may hold secondary actions, each its own decision
            rounds.setdefault(r, []).append(e.seat)
    for r in (1, 2, 3, 4):
        s = (r - 1) % n
        assert rounds[r] == [(s + i) % n for i in range(n)] + [s], (r, rounds[r])
    assert rounds[4][0] == (0 if n == 3 else 3)  # round 4: player 1 with 3 players


def test_3_clergy_come_home_only_when_all_are_placed():
    """§13.3 (§3.2): at the round's start B (all 3 placed) takes them back, A (2 of 3) none."""
    g = game()
    g = placed(g, 0, ("prior", "0/H01"), ("lay brother", "0/H02"))
    g = placed(g, 1, ("prior", "1/H01"), ("lay brother", "1/H02"), ("lay brother", "1/H03"))
    state = attrs.evolve(g.state, stage="round over", queue=(), frame=g.state.frame.answered())
    events, after = flow(state, g.rules)
    assert [e for e in events if type(e) is R.Returned] == [R.Returned(1)]
    assert K.free(after.workers, 1) == ("prior", "lay brother", "lay brother")
    assert K.free(after.workers, 0) == ("lay brother",)


def test_4_and_9_the_wheel_caps_at_10_and_grapes_and_stone_enter_on_0():
    """§13.4 (§3.3, §5.1): an indicator on 10 stays on 10. §13.9 (§3.3, §5.3; R6): France, the
    rotation of round 8 puts grapes on 0, of round 13 stone; Ireland has no grapes."""
    g = wheel(game(), sheep=12)
    state = attrs.evolve(g.state, stage="round over", queue=(), frame=g.state.frame.answered())
    _, after = flow(state, g.rules)
    assert after.wheel.step("sheep") == 12 and g.rules.wheel.values[12] == 10
    for variant in ("france", "ireland"):
        end = playout(game("4 players", variant), seed=2, until=lambda s: s.round > 13)
        seen = {}
        for s, e in zip(end.states(), end.events, strict=True):
            if type(e) is R.Rotated:
                seen[e.round] = s.wheel
        assert seen[7].step("grapes") is None and seen[12].step("stone") is None
        assert seen[8].step("grapes") == (0 if variant == "france" else None)
        assert seen[13].step("stone") == 0


# -- §5 the wheel and the joker ----------------------------------------------------------------


def test_6_producing_resets_the_indicator():
    """§13.6 (§5.1): sheep worth 4: 4 sheep taken, the indicator to 0; the next seat's Farmyard gives 0."""
    g = wheel(game(), sheep=3)
    assert worth(g, "sheep") == 4
    g = do(
        g,
        find2(
            g, lambda a: type(a.first) is R.Place and a.key == "0/H02" and a.kind == "prior" and "4 sheep" in a.label
        ),
    )
    assert g.state.stock(0)["sheep"] == 1 + 4 and g.state.wheel.step("sheep") == 0
    g = until(g, "action", seat=1)
    assert any(type(a.first) is R.Place and a.key == "1/H02" and a.label.endswith(": 0 sheep") for a in two_steps(g))


def test_7_the_joker_instead_of_clay():
    """§13.7 (§5.2): clay on 3, joker on 5, the joker chosen: 5 clay, the joker to 0, clay stays on 3."""
    g = wheel(game(), clay=2, joker=4)
    assert (worth(g, "clay"), worth(g, "joker")) == (3, 5)
    g = do(
        g,
        find2(
            g,
            lambda a: type(a.first) is R.Place and a.key == "0/H01" and a.kind == "lay brother" and "joker" in a.label,
        ),
    )
    assert g.state.stock(0)["clay"] == 1 + 5
    assert g.state.wheel.step("joker") == 0 and g.state.wheel.step("clay") == 2


def test_8_and_19_the_quarry_financed_and_the_joker_for_stone_not_yet_in_play():
    """§13.19 (§4.6.4): the Quarry costs 5 coins and is the build action. §13.8 (§5.2): a clergyman on
    the Quarry before stone enters, joker on 5: 5 stone, the joker to 0."""
    g = attached(game(), 0, "mountain-plot", "mountain", (5, 0))
    g = stock(g, 0, coin=5)
    g = at(g, display=g.state.display + ("G22",))
    build = find(g, lambda a: type(a) is R.Build and a.card == "G22")
    assert (build.x, build.y) == (6, 0)  # the mountain only
    g = g.apply(build)
    assert g.state.stock(0) == {} and g.pending.kind == "prior"
    g = wheel(g, joker=4)
    assert g.state.wheel.step("stone") is None
    g = do(g, find2(g, lambda a: type(a.first) is R.Place and "joker" in a.label))
    assert g.state.stock(0) == {"stone": 5} and g.state.wheel.step("joker") == 0
    assert g.pending.kind == "after"  # the build was the action


# -- §4.5 fell trees, cut peat -----------------------------------------------------------------


def test_10_felling_with_the_indicator_on_0():
    """§13.10 (§4.5): the forest card goes, 0 wood, the action is used."""
    g = wheel(game(), wood=0)
    g = g.apply(find(g, lambda a: type(a) is R.Fell and (a.x, a.y) == (1, 0) and not a.joker))
    assert g.state.grids[0].at((1, 0)).cover is None and g.state.stock(0)["wood"] == 1
    assert g.pending.kind == "after"


def test_11_cutting_peat_with_no_moor_left():
    """§13.11 (§4.5): nothing taken, the peat indicator not reset, the action used."""
    g = game()
    grid = g.state.grids[0]
    for c in grid.cells:
        if c.cover == "moor":
            grid = G.uncover(grid, (c.x, c.y))[1]
    g = wheel(at(g, grids=(grid,) + g.state.grids[1:]), peat=4)
    assert [a for a in g.legal_actions() if type(a) is R.Fell and a.cover == "moor"] == [R.Fell("moor", none=True)]
    g = g.apply(R.Fell("moor", none=True))
    assert g.state.stock(0)["peat"] == 1 and g.state.wheel.step("peat") == 4 and g.pending.kind == "after"
    with pytest.raises(IllegalActionError, match="still has a forest"):
        until(game(), "action").apply(R.Fell("forest", none=True))


def test_12_felling_with_the_joker():
    """§13.12 (§4.5, §5.2): joker 6, wood 2: 6 wood, the joker to 0, wood still 2, the card gone."""
    g = wheel(game(), joker=5, wood=1)
    g = g.apply(find(g, lambda a: type(a) is R.Fell and (a.x, a.y) == (2, 0) and a.joker))
    assert g.state.stock(0)["wood"] == 1 + 6
    assert g.state.wheel.step("joker") == 0 and g.state.wheel.step("wood") == 1
    assert g.state.grids[0].at((2, 0)).cover is None


# -- §4.3 work contracts -----------------------------------------------------------------------


def test_13_no_contract_with_a_seat_whose_clergy_are_all_placed():
    """§13.13 (§4.3.2)."""
    g = placed(game(), 1, ("prior", "1/H01"), ("lay brother", "1/H02"), ("lay brother", "1/H03"))
    assert not [a for a in g.legal_actions() if type(a) is R.Contract and a.owner == 1]
    with pytest.raises(IllegalActionError, match="every clergyman placed"):
        g.apply(R.Contract(1, "1/H01", 0))


def test_14_15_a_contract_pays_the_owner_first_and_the_owner_picks_the_clergyman():
    """§13.14 (§4.3.1): 1 coin to the owner, who picks prior or lay brother; the user may use the
    function. §13.15 (§4.3.2): with 0 coins the contract is refused (no paying from the income)."""
    g = wheel(game(), coin=4)
    c = find2(
        g, lambda a: type(a.first) is R.Contract and a.key == "1/H03" and a.fee == 0 and a.label.endswith(": 5 coin")
    )
    g = g.apply(c.first)
    assert g.pending == R.Turn(1, "clergy")
    assert {a.kind for a in g.legal_actions()} == {"prior", "lay brother"}
    g = g.apply(R.Choose("lay brother"))
    assert g.pending == R.Turn(0, "use")  # then the user takes the outcome
    g = g.apply(R.Use(c.outcome))
    assert g.state.stock(0)["coin"] == 1 - 1 + 5 and g.state.stock(1)["coin"] == 2
    assert K.on_card(g.state.workers, "1/H03") == (K.Worker(1, "lay brother", "1/H03"),)
    poor = stock(game(), 0, wood=1)
    assert not [a for a in poor.legal_actions() if type(a) is R.Contract]
    with pytest.raises(IllegalActionError, match="paid before the use"):
        poor.apply(R.Contract(1, "1/H03", 0))


def test_16_17_the_winery_raises_the_fee_for_everyone_and_wine_is_a_gift():
    """§13.16 (§4.3.3): once the Winery is built, contracts cost 2 coins for all. §13.17 (§4.3.4):
    1 wine to the supply instead, the owner receiving nothing, in round 1 too."""
    g = stock(game(), 0, wine=1, coin=1)
    gift = find(g, lambda a: type(a) is R.Contract and a.key == "2/H01" and a.fee == 1)
    after = g.apply(gift).apply(R.Choose("prior")).apply(R.Pass())
    assert after.state.stock(0) == {"coin": 1} and after.state.stock(2) == dict(game().state.stock(2))
    g = stock(game(), 2, clay=2, straw=2)
    g = at(g, display=g.state.display + ("F21",))
    g = until(g, "action", seat=2)
    g = g.apply(find(g, lambda a: type(a) is R.Build and a.card == "F21" and (a.x, a.y) == (3, 0)))
    assert g.state.level == 1
    g = until(g, "action", seat=0)
    g = stock(g, 0, coin=2)
    fees = {
        (a.fee, a.label.split(" for ")[1].split(",")[0].split(":")[0])
        for a in g.legal_actions()
        if type(a) is R.Contract
    }
    assert fees == {(0, "2 coin")}


# -- §4.6, §4.7, §4.11 building ----------------------------------------------------------------


def test_18_a_cloister_needs_an_orthogonal_cloister_neighbour():
    """§13.18 (§4.6.2): the Cloister Courtyard only next to the Cloister Office, not diagonally."""
    g = stock(game(), 0, wood=2)
    spots = {(a.x, a.y) for a in g.legal_actions() if type(a) is R.Build and a.card == "G02"}
    assert spots == {(3, 1)}
    with pytest.raises(IllegalActionError, match="no card tagged cloister"):
        g.apply(R.Build("G02", 3, 0))


def test_20_the_prior_after_a_build_only_if_it_is_home():
    """§13.20 (§4.11): with the prior on a building, the build stands and no prior is offered."""
    g = placed(stock(game(), 0, wood=1), 0, ("prior", "0/H02"))
    g = g.apply(find(g, lambda a: type(a) is R.Build and a.card == "G12" and (a.x, a.y) == (3, 0)))
    assert g.pending.kind == "after" and g.state.grids[0].at((3, 0)).occupant.card == "G12"
    free = stock(game(), 0, wood=1).apply(R.Build("G12", 3, 0))
    assert free.pending.kind == "prior"
    assert free.apply(find(free, lambda a: type(a) is R.Place)).state.workers.of(0)[0].at == "0/G12"


def test_21_terrain():
    """§13.21 (§4.7): the Windmill on coast or hillside only; nothing but the Quarry and Castle on a
    mountain; in France nothing on water."""
    g = attached(game(), 0, "district", "moor-forest", (0, 2))
    g = attached(g, 0, "mountain-plot", "mountain", (5, 0))
    g = attached(g, 0, "coast-plot", "coast", (-2, 0))
    g = stock(g, 0, wood=10, clay=10, straw=5, stone=5)
    g = at(g, display=("F04", "G12", "F32"))
    spots = {(a.x, a.y) for a in g.legal_actions() if type(a) is R.Build and a.card == "F04"}
    assert spots == {(3, 2), (4, 2), (5, 0), (5, 1), (-1, 0), (-1, 1)}  # hillside and coast
    terrains = {g.state.grids[0].at((a.x, a.y)).terrain for a in g.legal_actions() if type(a) is R.Build}
    assert "mountain" not in terrains and "water" not in terrains
    with pytest.raises(IllegalActionError, match="plains; the card stands on coast, hillside only"):
        g.apply(R.Build("F04", 3, 0))


def test_22_grain_turns_to_straw_to_pay_and_never_back():
    """§13.22 (§4.6.3, §4.8): cost 2 clay + 1 straw, 2 grain held: turn one, then build; straw never turns back."""
    g = stock(game(), 0, clay=2, grain=2)
    g = at(g, display=("F05",))
    assert not [a for a in g.legal_actions() if type(a) is R.Build]
    g = g.apply(R.Flip("grain", 1))
    assert g.state.stock(0) == {"clay": 2, "grain": 1, "straw": 1}
    assert [a for a in g.legal_actions() if type(a) is R.Build]
    with pytest.raises(IllegalActionError):
        g.apply(R.Flip("straw", 1))


# -- §10.6 the short game ----------------------------------------------------------------------


def test_23_short_game_bonus_production():
    """§13.23 (§10.6; R25): A takes 3 of a good from the wheel: A gets 3 + 1, B, C and D 1 each."""
    g = wheel(game("short", "france", 4), sheep=2)
    before = [g.state.stock(s).get("sheep", 0) for s in range(4)]
    g = do(
        g,
        find2(
            g,
            lambda a: (
                type(a.first) is R.Place and a.key == "0/H02" and a.kind == "prior" and a.label.endswith(": 3 sheep")
            ),
        ),
    )
    assert [g.state.stock(s).get("sheep", 0) - before[s] for s in range(4)] == [4, 1, 1, 1]
    g = until(wheel(g, wood=0), "action", seat=1)  # felling with the indicator on 0 still uses the wheel
    g = g.apply(find(g, lambda a: type(a) is R.Fell and (a.x, a.y) == (2, 0) and not a.joker))
    assert [g.state.stock(s).get("wood", 0) for s in range(4)] == [2, 2, 2, 2]


# -- §4.10, §6 landscapes and settlement phases ------------------------------------------------


def test_24_one_landscape_per_round_and_one_per_settlement_phase():
    """§13.24 (§4.10.1, §6.3; R14): a plot in the settlement phase and a district in one's action turn
    of the same round are both legal; a second one in the turn is refused."""
    g = playout(game(), seed=2, until=lambda s: s.round == 7)
    assert g.pending.kind == "buy"
    seat = g.pending.seat
    g = stock(g, seat, coin=20)
    g = g.apply(find(g, lambda a: type(a) is R.Buy and a.board == "coast-plot" and (a.x, a.y) == (-2, 0)))
    g = until(g, "action", seat=seat)
    g = stock(g, seat, coin=20)
    buy = next(a for a in g.legal_actions() if type(a) is R.Buy and a.board == "district")
    g = g.apply(buy)
    assert g.state.bought[seat]
    assert not [a for a in g.legal_actions() if type(a) is R.Buy]
    with pytest.raises(IllegalActionError, match="one landscape per round"):
        g.apply(R.Buy("district", "forest-plains", 0, -1))


def test_25_where_a_coast_plot_attaches():
    """§13.25 (§4.10.3): not to the right of the heartland; to the left with a coast space next to
    it; stacked above a coast plot beyond the heartland's rows."""
    g = stock(game(), 0, coin=20)
    spots = {(a.x, a.y) for a in g.legal_actions() if type(a) is R.Buy and a.board == "coast-plot"}
    assert spots and all(x == -2 for x, _ in spots)
    with pytest.raises(IllegalActionError):
        g.apply(R.Buy("coast-plot", "coast", 5, 0))
    g = attached(g, 0, "coast-plot", "coast", (-2, 0))
    assert (-2, -2) in {(a.x, a.y) for a in g.legal_actions() if type(a) is R.Buy and a.board == "coast-plot"}


def test_26_settlement_phases_in_order_by_the_marker():
    """§13.26 (§3.4, §6.2; R7, R34): 4 players: A in round 7, B 10, C 16, D 19 (the arm passes D's
    space in round 6 and C's in round 3 without a phase), the bonus round 25."""
    end = playout(game(), seed=4)
    r, fired = 0, []
    for e in end.events:
        if type(e) is R.RoundBegan:
            r = e.round
        if type(e) is R.PhaseStep and (e.step.startswith("reveal") or e.step == "one action each"):
            fired.append((e.step, r))
    assert fired == [("reveal A", 7), ("reveal B", 10), ("reveal C", 16), ("reveal D", 19), ("one action each", 25)]
    three = playout(game("short", "ireland", 3), seed=4)
    rounds = [e.round for e in three.events if type(e) is R.RoundBegan]
    assert rounds[-1] == 13


def test_27_28_settlements():
    """§13.27 (§6.3): the Shanty Town paid with 1 grain and 1 wood on plains; the Fishing Village not on
    plains; none on mountain or water; at most one per phase. §13.28 (§6.4): deck A's settlement
    arrives after the phase's settlements."""
    g = playout(game(), seed=2, until=lambda s: s.round == 7)
    g = until(g, "settle")
    seat = g.pending.seat
    assert "S05" not in g.state.hands[seat]
    g = attached(g, seat, "coast-plot", "coast", (-2, 0))
    g = attached(g, seat, "mountain-plot", "mountain", (5, 0))
    g = stock(g, seat, grain=1, wood=1)
    shanty = [a for a in g.legal_actions() if type(a) is R.Settle and a.card == "S01"]
    assert shanty and {a.payment for a in shanty} == {(("grain", 1), ("wood", 1))}
    terrains = {g.state.grids[seat].at((a.x, a.y)).terrain for a in shanty}
    assert terrains <= {"plains", "coast", "hillside"} and "coast" in terrains
    g2 = stock(g, seat, grain=8, sheep=4, wood=3)
    fishing = {
        g2.state.grids[seat].at((a.x, a.y)).terrain
        for a in g2.legal_actions()
        if type(a) is R.Settle and a.card == "S04"
    }
    assert fishing == {"coast"}
    g = g.apply(shanty[0])
    assert seat not in g.state.order  # one settlement per phase: the seat is not asked again (R18)
    assert g.state.stock(seat) == {}
    g = until(g, "action")
    assert all("S05" in h for h in g.state.hands)


def test_29_the_bonus_round():
    """§13.29 (§4.12; R17): the prior, free, on an opponent's occupied building; no lay brother, no
    felling; the start player has one action only."""
    g = playout(game(), seed=5, until=lambda s: s.bonus)
    assert g.pending.kind == "bonus" and g.state.round == 25
    seat = g.pending.seat
    other = (seat + 1) % 4
    g = placed(at(g, workers=K.recall(g.state.workers, other)), other, ("lay brother", f"{other}/H02"))
    coins = g.state.stock(seat).get("coin", 0)
    on_other = find(g, lambda a: type(a) is R.Place and a.key == f"{other}/H02")
    assert on_other.kind == "prior"
    assert not [
        a for a in g.legal_actions() if type(a) in (R.Fell, R.Contract) or (type(a) is R.Place and a.kind != "prior")
    ]
    with pytest.raises(IllegalActionError):
        g.apply(R.Place(f"{seat}/H01", "lay brother"))
    after = g.apply(on_other).apply(R.Pass())
    assert len(K.on_card(after.state.workers, f"{other}/H02")) == 2 and after.state.stock(seat).get("coin", 0) == coins
    end = playout(g, seed=1)
    bonus = [e for e in end.events[g.n_events - 1 :] if type(e) is R.Turn and e.kind == "bonus"]
    assert len(bonus) == 4 and len({e.seat for e in bonus}) == 4


# -- §7 the end and the score ------------------------------------------------------------------


def test_30_scoring_and_ties():
    """§13.30 (§7.2, §7.4, §7.5): a settlement of dwelling 2 next to empty water, a building of 4 and a
    settlement of 1, with a building of 5 diagonal: 2 + 3 + 4 + 1 = 10; the 4 counts for a second
    settlement too. 1 wine and 4 coins make a 5-coin: 2 points. A tie: both win."""
    g = attached(game(), 0, "coast-plot", "coast", (-2, 0))
    values = dict(g.state.values) | {"T2": (0, 2), "T1": (0, 1), "B4": (0, 4), "B5": (0, 5)}
    grid = g.state.grids[0]

    def put(grid, card, at_, tags):
        cell = grid.at(at_)
        return G.Grid(
            tuple(attrs.evolve(c, occupant=G.Piece(card, tags), cover=None) if c is cell else c for c in grid.cells)
        )

    grid = put(grid, "T2", (-1, 0), {"settlement"})  # coast; water at (-2, 0) to its left
    grid = put(grid, "B4", (-1, 1), {"building"})  # below it
    grid = put(grid, "T1", (0, 0), {"settlement"})  # right of it (plains; was moor)
    grid = put(grid, "B5", (0, 1), {"building"})  # diagonal to T2
    g = at(g, grids=(grid,) + g.state.grids[1:], values=values)
    goods, econ, dwell = parts(g.state, 0)
    # T2: 2 + water 3 + B4 4 + T1 1 = 10; T1: 1 + T2 2 + B5 5 + forest 0 = 8
    assert dwell == 10 + 8
    g = stock(g, 0, wine=1, coin=4)
    assert parts(g.state, 0)[0] == 2
    assert ranking([7, 9, 9, 3]) == [[1, 2], [0], [3]]


def test_2_the_two_player_end():
    """§13.2 (§8.6): deck D out and one building left displayed after A's turn: the wheel turns once
    more, B takes exactly one action, the game ends; no settlement phase E."""
    g = playout(game("2 players", "france"), seed=6, until=lambda s: "D" in s.revealed and s.stage == "actions")
    g = until(g, "action")
    a = g.pending.seat
    g = at(g, display=g.state.display[:1])
    end = playout(g, seed=2)
    tail = end.events[g.n_events :]
    assert type(tail[-1]) is R.GameEnded
    assert [e for e in tail if type(e) is R.EndTriggered] == [R.EndTriggered(1)]
    trigger = next(i for i, e in enumerate(tail) if type(e) is R.EndTriggered)
    last = tail[trigger:]
    assert sum(type(e) is R.Rotated for e in last) == 1
    assert turns(last) == [1 - a]
    assert not [e for e in tail if type(e) is R.PhaseStep]


# -- §9 the solo game --------------------------------------------------------------------------


def test_5_solo_an_indicator_pushed_beyond_10_leaves():
    """§13.5 (§9.2; R23): in solo the clay indicator on 10 leaves the wheel at the rotation; the
    joker may still be taken for clay."""
    g = wheel(game("solo"), clay=12)
    state = attrs.evolve(g.state, stage="round over", queue=(), frame=g.state.frame.answered())
    _, after = flow(state, g.rules)
    assert after.wheel.step("clay") is None and after.wheel.step("sheep") is not None


def test_solo_felling_when_the_indicator_is_gone_takes_the_card_for_nothing():
    """§9.2, §4.5 (R41): with the wood indicator and the joker gone from the wheel, a forest card may
    still be removed, for nothing, and nothing resets; before the ruling a seat with its clergy all
    placed and nothing affordable had no action at all (solo seed 501, ``RandomBot(10)``, round 31)."""
    g = wheel(game("solo"), wood=3)
    steps = tuple((n, v) for n, v in g.state.wheel.steps if n not in ("wood", "joker"))
    g = at(g, wheel=Wheel(steps))
    fells = [a for a in g.legal_actions() if type(a) is R.Fell and a.cover == "forest"]
    assert fells and all(not a.joker and not a.none and a.label.endswith("nothing (gone)") for a in fells)
    wood, where = g.state.stock(0).get("wood", 0), (fells[0].x, fells[0].y)
    after = g.apply(fells[0])
    assert after.state.grids[0].at(where).cover is None and after.state.stock(0).get("wood", 0) == wood
    assert after.state.wheel == g.state.wheel and after.pending.kind == "after"


def test_solo_seed_501_plays_to_its_end():
    """The game that found R41: every decision of it has an action."""
    import pillars_rules as pr

    g = pr.new_game(game="ora-et-labora", players=1, seed=501)
    end = pr.play(g, [pr.RandomBot(10)])
    assert end.is_over and end.state.round > 30


def test_solo_the_neutral_players_buildings_cost_a_coin_to_the_supply_and_the_player_picks_its_clergyman():
    """§9.4: 1 coin to the supply (no one receives it), and the player chooses prior or lay brother."""
    g = stock(wheel(game("solo"), sheep=3), 0, coin=1)
    assert g.state.names == ("Player 1", "Neutral player") and g.state.stock(1) == {}
    assert g.state.grids[1].at((0, 0)).occupant.card == "G13"  # the Builders' Market (D9)
    assert all(c.cover is None for c in g.state.grids[1].cells)  # no forest, no moor (§9.3)
    c = find2(g, lambda a: type(a.first) is R.Contract and a.key == "1/H02" and a.label.endswith(": 4 sheep"))
    g = g.apply(c.first)
    assert g.pending == R.Turn(0, "clergy")
    g = g.apply(R.Choose("prior")).apply(R.Use(c.outcome))
    assert g.state.stock(0) == {"sheep": 4} and g.state.stock(1) == {}
    assert K.on_card(g.state.workers, "1/H02") == (K.Worker(1, "prior", "1/H02"),)


def test_solo_a_settlement_phase_the_neutral_player_builds_the_display_then_its_prior_then_the_phase():
    """§9.6 steps 3-7 (R7: phase A in round 12): the whole display goes on the neutral player's
    heartland, one building at a time where the player says; its prior may go on a new one, paid for;
    then the settlement phase, then the player's two actions."""
    g = playout(game("solo"), seed=1, until=lambda s: s.stage == "neutral")
    assert g.state.round == 12 and g.pending.kind == "neutral build"
    shown, n = set(g.state.display), g.n_events
    g = stock(at(g, workers=K.recall(g.state.workers, 1)), 0, coin=3)
    while g.pending.kind == "neutral build":
        g = g.apply(g.legal_actions()[0])
    assert not g.state.display
    assert {e.card for e in g.events[n:] if type(e) is R.NeutralBuilt} == shown
    assert g.pending.kind == "neutral prior"
    prior = next(a for a in g.legal_actions() if type(a) is R.Contract)
    g = g.apply(prior)
    assert g.pending == R.Turn(0, "use")  # the player takes the outcome of the neutral prior's building, or none
    g = g.apply(R.Pass())
    assert g.state.stock(0)["coin"] == 2 and K.on_card(g.state.workers, prior.key)[0].kind == "prior"
    assert g.pending.kind == "buy"
    g = until(g, "action")
    assert g.state.display == g.rules.decks["A"]


def test_solo_the_last_round_two_actions_then_the_neutral_player_then_phase_e():
    """§9.6: in the last round (R7: 32) the two actions come right after the rotation, then the
    neutral player builds and phase E ends the game."""
    end = playout(game("solo", "ireland"), seed=3)
    r, tail = 0, []
    for e in end.events:
        if type(e) is R.RoundBegan:
            r = e.round
        if r == 32:
            tail.append(type(e).__name__)
    assert tail.index("TurnEnded") < tail.index("Resumed") < tail.index("NeutralDone") < tail.index("GameEnded")
    assert tail.count("TurnEnded") == 2
    assert end.narrate()[-1].endswith("the goal is 500 points)")


def test_27_a_settlement_payment_that_is_not_minimal_or_short_is_refused_with_r33():
    """§6.3 (R33): no change, but no good given that the payment did not need; a short payment refused."""
    g = playout(game(), seed=3, until=lambda s: s.round == 7)
    g = until(g, "settle")
    seat = g.pending.seat
    g = stock(g, seat, grain=3, wood=3)
    spot = next(a for a in g.legal_actions() if type(a) is R.Settle and a.card == "S01")
    before = g.state
    with pytest.raises(IllegalActionError, match="is not needed"):
        g.apply(R.Settle("S01", spot.x, spot.y, (("grain", 2), ("wood", 1))))
    with pytest.raises(IllegalActionError, match="energy 1 is needed"):
        g.apply(R.Settle("S01", spot.x, spot.y, (("grain", 1),)))
    with pytest.raises(IllegalActionError, match="not a settlement in"):
        g.apply(R.Settle("S08", spot.x, spot.y, (("grain", 1), ("wood", 1))))
    assert g.state == before

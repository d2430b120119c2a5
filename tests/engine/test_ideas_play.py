"""Every card of the corpus of fan ideas (examples/ideas, issue #36) played in
a set-up position: each test asserts the card's effect, by the events it gives
(the reason of a card's gain or loss is the card's id)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import pillars_rules as pr
from pillars_rules import actions as A
from pillars_rules.cardlang.effects import Amount, YieldDelta
from pillars_rules.engine import events as E

IDEAS = [str(Path(__file__).resolve().parents[2] / "examples" / "ideas")]
CORPUS = tomllib.loads((Path(IDEAS[0]) / "corpus.toml").read_text(encoding="utf-8"))
RED, BLUE, GREEN = 0, 1, 2


def play(**kw) -> pr.Game:
    kw.setdefault("players", 3)
    return pr.scenario(cards=IDEAS, **kw)


def moves(game, cid) -> list[tuple[str, int, dict]]:
    """(``+``/``-``, seat, {kind: n}) of each gain and loss ``cid`` gave."""
    return [
        ("+" if isinstance(e, E.Gained) else "-", e.seat, {a.kind: a.n for a in e.amounts})
        for e in game.events
        if isinstance(e, (E.Gained, E.Lost)) and e.reason == cid
    ]


def roundtrips(game) -> bool:
    return pr.load(pr.save(game), cards=IDEAS) == game and pr.replay(game.events, cards=IDEAS) == game


def final(cid, **seats):
    """The last round's end with ``cid`` owned by red (a privilege or craftsman)."""
    kind = "privileges" if cid in PRIVILEGE_IDS else "craftsmen"
    red = dict(seats.pop("red", {}))
    red[kind] = tuple(red.get(kind, ("carpenter", "stonemason", "mortar_mixer") if kind == "craftsmen" else ())) + (
        cid,
    )
    return play(round=6, step="start_player", seats={RED: red, **seats})


PRIVILEGE_IDS = set()
for _path in Path(IDEAS[0]).glob("*.cards"):
    for _line in _path.read_text(encoding="utf-8").splitlines():
        if _line.startswith("privilege "):
            PRIVILEGE_IDS.add(_line.split()[1])


TESTED: set[str] = set()


def covers(*ids):
    TESTED.update(ids)
    return lambda f: f


# ------------------------------------------------------------------ today's language
@covers("idea_wood_broker")
def test_wood_broker_pays_a_gold_per_purchase():
    game = play(step="market", spots=dict(market=[RED]), seats={RED: dict(privileges=("idea_wood_broker",))})
    game = game.apply(A.Buy("sand", 1))
    assert moves(game, "idea_wood_broker") == [("+", RED, {"gold": 1})]


@covers("idea_harvest", "idea_census")
@pytest.mark.parametrize("cid, gift", [("idea_harvest", {"sand": 1}), ("idea_census", {"gold": 3})])
def test_plain_events_give_every_player(cid, gift):
    game = play(step="event", event=cid)
    assert moves(game, cid) == [("+", s, gift) for s in (RED, BLUE, GREEN)]


@covers("idea_weaver")
def test_weaver_is_paid_per_worker_in_the_mill():
    game = play(
        step="wool_mill", seats={RED: dict(craftsmen=("carpenter", "idea_weaver"), resource_cards=("forest_2",))}
    )
    assert moves(game, "idea_weaver") == [("+", RED, {"gold": game.state_at(1).players[RED].pieces.value})]


@covers("idea_stone_dresser", "idea_handyman", "idea_master_mason")
@pytest.mark.parametrize(
    "cid, cubes, made",
    [
        ("idea_stone_dresser", dict(stone=4), {"gold": 3}),
        ("idea_handyman", dict(wood=1), {"vp": 1}),
        ("idea_master_mason", dict(stone=2), {"vp": 2}),
    ],
)
def test_conversions_of_the_corpus(cid, cubes, made):
    game = play(
        step="cathedral", seats={RED: dict(craftsmen=("carpenter", "stonemason", "mortar_mixer", cid), cubes=cubes)}
    )
    builds = [a for a in game.legal_actions() if isinstance(a, A.Build) and a.card == cid]
    assert builds
    game = game.apply(builds[0])
    assert [{a.kind: a.n for a in e.outputs} for e in game.events if isinstance(e, E.Converted) and e.card == cid] == [
        made
    ]


@covers("idea_luxury_fee")
@pytest.mark.parametrize("gold, fee", [(14, False), (15, True)])
def test_luxury_fee_only_for_the_rich(gold, fee):
    game = play(step="round_start", round=2, seats={RED: dict(privileges=("idea_luxury_fee",), gold=gold)})
    assert moves(game, "idea_luxury_fee") == ([("-", RED, {"gold": 2})] if fee else [])


@covers("idea_storm")
def test_storm_makes_wood_dearer_next_round():
    game = play(step="draft", round=3, last_event="idea_storm")
    base = play(step="draft", round=3)
    assert game.rules.price(game.state, RED, "buy", "wood") == base.rules.price(base.state, RED, "buy", "wood") + 1


@covers("idea_courtier")
def test_courtier_scores_per_builder_at_court():
    game = play(
        step="kings_court", spots=dict(kings_court=[RED, BLUE]), seats={RED: dict(privileges=("idea_courtier",))}
    )
    assert moves(game, "idea_courtier") == [("+", RED, {"vp": 1})]


@covers("idea_travelling_merchant")
def test_travelling_merchant_asks_each_player():
    game = play(step="event", event="idea_travelling_merchant")
    assert game.pending.kind == "choice" and game.pending.seat == RED
    game = game.apply(game.legal_actions()[1])
    assert moves(game, "idea_travelling_merchant") == [("+", RED, {"stone": 2})]


@covers("idea_barter")
@pytest.mark.parametrize("mine, theirs, traded", [(1, 1, True), (0, 1, False), (1, 0, False)])
def test_barter_is_a_whole_trade_or_none(mine, theirs, traded):
    # red's right neighbour in 3 seats is green
    game = play(
        step="market",
        spots=dict(market=[RED]),
        seats={RED: dict(privileges=("idea_barter",), cubes=dict(wood=mine)), GREEN: dict(cubes=dict(stone=theirs))},
    )
    if not traded:  # issue #53: a use that would do nothing is not offered, and the card is kept
        assert A.UseOnce("idea_barter") not in game.legal_actions()
        with pytest.raises(pr.errors.IllegalActionError, match="would do nothing now"):
            game.apply(A.UseOnce("idea_barter"))
        return
    game = game.apply(A.UseOnce("idea_barter"))
    assert moves(game, "idea_barter") == [
        ("-", RED, {"wood": 1}),
        ("+", RED, {"stone": 1}),
        ("-", GREEN, {"stone": 1}),
        ("+", GREEN, {"wood": 1}),
    ]
    assert roundtrips(game)


# ------------------------------------------------------------------ other players
@covers("idea_tax_collector")
def test_tax_collector_takes_a_gold_from_each_other_player():
    game = play(step="round_start", round=2, seats={RED: dict(privileges=("idea_tax_collector",))})
    assert moves(game, "idea_tax_collector") == [("-", BLUE, {"gold": 1}), ("-", GREEN, {"gold": 1})]
    assert roundtrips(game)


@covers("idea_alms", "idea_feast", "idea_plague")
@pytest.mark.parametrize(
    "cid, seats, hit, what",
    [
        ("idea_alms", {RED: dict(vp=1), BLUE: dict(vp=1), GREEN: dict(vp=4)}, (RED, BLUE), ("+", {"gold": 3})),
        ("idea_feast", {RED: dict(gold=9), BLUE: dict(gold=3), GREEN: dict(gold=4)}, (BLUE,), ("+", {"gold": 2})),
        (
            "idea_plague",
            {RED: dict(cubes=dict(wood=2)), BLUE: dict(cubes=dict(sand=1, stone=1)), GREEN: {}},
            (RED, BLUE),
            ("-", {"vp": 1}),
        ),
    ],
)
def test_events_with_most_or_fewest_pick_every_tied_player(cid, seats, hit, what):
    # judged at the reveal: BLUE's 2 gold do not make GREEN the poorest
    game = play(step="event", event=cid, seats=seats)
    assert moves(game, cid) == [(what[0], s, what[1]) for s in hit]


@covers("idea_robber_baron")
def test_robber_baron_fines_every_richest_player():
    game = play(
        step="market",
        spots=dict(market=[BLUE]),
        seats={RED: dict(privileges=("idea_robber_baron",), gold=5), BLUE: dict(gold=12), GREEN: dict(gold=12)},
    )
    assert moves(game, "idea_robber_baron") == [("-", BLUE, {"gold": 2}), ("-", GREEN, {"gold": 2})]


@covers("idea_good_neighbour", "idea_gossip")
@pytest.mark.parametrize("owner", [RED, GREEN])
def test_neighbours_are_the_seats_beside_the_owner(owner):
    game = play(
        step="round_start",
        round=2,
        seats={owner: dict(craftsmen=("carpenter", "idea_good_neighbour"), privileges=("idea_gossip",))},
    )
    left, right = (owner + 1) % 3, (owner - 1) % 3
    assert moves(game, "idea_good_neighbour") == [("+", left, {"gold": 1})]
    assert moves(game, "idea_gossip") == [("-", right, {"vp": 1})]


@covers("idea_envy")
@pytest.mark.parametrize("vp, paid", [(5, True), (2, False)])
def test_envy_pays_the_leader(vp, paid):
    game = play(step="round_start", round=2, seats={RED: dict(privileges=("idea_envy",), vp=vp), BLUE: dict(vp=5)})
    assert moves(game, "idea_envy") == ([("+", RED, {"gold": 2})] if paid else [])


@covers("idea_generous_patron")
def test_generous_patron_gives_the_others_when_gained():
    game = play(step="kingsbridge", kingsbridge=("idea_generous_patron", "jack"), spots=dict(kingsbridge=[RED]))
    assert moves(game, "idea_generous_patron") == [
        ("+", RED, {"gold": 4}),
        ("+", BLUE, {"gold": 2}),
        ("+", GREEN, {"gold": 2}),
    ]


@covers("idea_feud")
def test_feud_costs_everyone_a_vp_the_owner_too():
    game = play(step="cathedral", seats={RED: dict(privileges=("idea_feud",))})
    assert moves(game, "idea_feud") == [
        ("-", RED, {"vp": 1}),
        ("-", BLUE, {"vp": 1}),
        ("-", GREEN, {"vp": 1}),
        ("+", RED, {"vp": 2}),
    ]


# ------------------------------------------------------------------ transfers
@covers("idea_pickpocket")
@pytest.mark.parametrize("has, taken", [(5, 1), (0, 0)])
def test_pickpocket_takes_only_what_the_neighbour_has(has, taken):
    game = play(
        step="market",
        spots=dict(market=[BLUE]),
        seats={RED: dict(privileges=("idea_pickpocket",)), BLUE: dict(gold=has)},
    )
    assert moves(game, "idea_pickpocket") == ([("-", BLUE, {"gold": 1}), ("+", RED, {"gold": 1})] if taken else [])
    assert game.state.players[BLUE].vp == 2  # never the debt rule


@covers("idea_tribute")
def test_tribute_sums_the_givers_into_one_gain():
    game = play(step="round_start", round=2, seats={RED: dict(privileges=("idea_tribute",)), BLUE: dict(gold=0)})
    assert moves(game, "idea_tribute") == [("-", GREEN, {"gold": 1}), ("+", RED, {"gold": 1})]
    assert game.state.players[BLUE].vp == 2  # no debt: BLUE gave nothing
    assert roundtrips(game)


@covers("idea_almoner")
def test_almoner_gives_to_the_poorest_as_far_as_the_owner_has():
    game = play(
        step="cathedral",
        seats={RED: dict(craftsmen=("carpenter", "idea_almoner"), gold=3), BLUE: dict(gold=1), GREEN: dict(gold=1)},
    )
    assert moves(game, "idea_almoner") == [
        ("-", RED, {"gold": 3}),
        ("+", BLUE, {"gold": 2}),
        ("+", GREEN, {"gold": 1}),
        ("+", RED, {"vp": 1}),
    ]


@covers("idea_stone_thief")
def test_stone_thief_takes_from_the_player_with_most_stone():
    game = play(
        step="market",
        spots=dict(market=[RED]),
        seats={
            RED: dict(privileges=("idea_stone_thief",)),
            BLUE: dict(cubes=dict(stone=3)),
            GREEN: dict(cubes=dict(stone=1)),
        },
    )
    game = game.apply(A.UseOnce("idea_stone_thief"))
    assert moves(game, "idea_stone_thief") == [("-", BLUE, {"stone": 1}), ("+", RED, {"stone": 1})]


# ------------------------------------------------------------------ values of the game
@covers("idea_guild_master", "idea_almanac", "idea_workshop")
def test_round_opening_counts():
    game = play(
        step="round_start",
        round=4,
        seats={
            RED: dict(
                craftsmen=("carpenter", "stonemason", "mortar_mixer", "idea_almanac"),
                privileges=("idea_guild_master", "idea_workshop"),
            )
        },
    )
    assert moves(game, "idea_almanac") == [("+", RED, {"gold": 4})]
    assert moves(game, "idea_guild_master") == [("+", RED, {"gold": 4})]
    assert moves(game, "idea_workshop") == [("+", RED, {"vp": 1})]


@covers("idea_chapter", "idea_collector", "idea_hoarder", "idea_foreman")
def test_cathedral_counts():
    game = play(
        step="cathedral",
        round=3,
        spots=dict(market=[RED, BLUE], priory=[RED]),
        seats={
            RED: dict(
                craftsmen=("carpenter", "idea_foreman"),
                gold=25,
                privileges=("idea_chapter", "idea_collector", "idea_hoarder", "jack"),
            )
        },
    )
    assert moves(game, "idea_chapter") == [("+", RED, {"gold": 2})]  # rounds 1 and 2 built a piece each
    assert moves(game, "idea_collector") == [("+", RED, {"vp": 2})]
    assert moves(game, "idea_foreman") == [("+", RED, {"gold": 2})]
    hoard = moves(game, "idea_hoarder")
    assert hoard and hoard[0][2]["vp"] in (2, 3)  # 25 gold and more after the chapter's


# ------------------------------------------------------------------ the end of the game
@covers("idea_miser", "idea_stockpile", "idea_legacy")
@pytest.mark.parametrize("gold, cubes", [(9, dict(wood=1)), (14, dict(wood=2, metal=1))])
def test_end_of_game_bonuses_score_after_the_last_round(gold, cubes):
    game = final("idea_miser", red=dict(gold=gold, cubes=cubes, privileges=("idea_stockpile", "idea_legacy")))
    assert game.is_over and isinstance(game.events[-1], E.GameEnded)
    assert moves(game, "idea_miser") == [("+", RED, {"vp": gold // 5})]
    assert moves(game, "idea_legacy") == ([("+", RED, {"vp": 2})] if gold >= 10 else [])
    assert moves(game, "idea_stockpile") and moves(game, "idea_stockpile")[0][2]["vp"] >= 1
    assert roundtrips(game)


@covers("idea_guild_charter", "idea_merchant_prince")
@pytest.mark.parametrize("rich", [True, False])
def test_end_of_game_conditions_see_the_final_holdings(rich):
    game = final(
        "idea_guild_charter",
        red=dict(
            craftsmen=("carpenter", "stonemason", "mortar_mixer", "mason_r1"),
            privileges=("idea_merchant_prince",),
            gold=30 if rich else 0,
        ),
    )
    assert moves(game, "idea_guild_charter") == [("+", RED, {"vp": 3})]
    assert moves(game, "idea_merchant_prince") == ([("+", RED, {"vp": 2})] if rich else [])


#: Categories whose scenarios live in a module of their own.
ELSEWHERE = {"cards as objects": "test_ideas_where.py", "set-up": "test_ideas_setup.py"}


def test_every_written_idea_has_a_scenario_here():
    from .test_ideas_quantities import COVERED  # issue #53's quantities are played there

    written = {e["id"] for e in CORPUS["idea"] if e["status"] != "none" and e["category"] not in ELSEWHERE}
    assert written <= TESTED | COVERED, sorted(written - TESTED - COVERED)


@covers("idea_tax_farmer")
@pytest.mark.parametrize("roll", [2, 5])
def test_tax_farmer_gains_the_tax_roll_after_it_is_rolled(roll):
    game = play(step="kings_court", pins=dict(tax=(roll,)), seats={RED: dict(privileges=("idea_tax_farmer",))})
    assert moves(game, "idea_tax_farmer") == [("+", RED, {"gold": roll})]


@covers("idea_cathedral_carver", "idea_master_mason")
@pytest.mark.parametrize(
    "cid, cubes", [("idea_cathedral_carver", dict(wood=1, stone=1)), ("idea_master_mason", dict(stone=1))]
)
@pytest.mark.parametrize("has_both", [True, False])
def test_a_conversion_needing_two_craftsmen_needs_both(cid, cubes, has_both):
    held = ("carpenter", "stonemason", "mortar_mixer") if has_both else ("carpenter", "mortar_mixer")
    game = play(step="cathedral", seats={RED: dict(craftsmen=held + (cid,), cubes=dict(cubes, sand=3))})
    assert game.pending.kind == "cathedral"  # the mortar mixer's sand keeps red's turn open
    builds = [a for a in game.legal_actions() if isinstance(a, A.Build) and a.card == cid]
    assert bool(builds) == has_both
    if not has_both:
        with pytest.raises(pr.errors.IllegalActionError, match="needs a"):
            game.apply(A.Build(cid, 0))


# ------------------------------------------------------------------ a player you choose
@covers("idea_accuse")
@pytest.mark.parametrize("index", [0, 1])
def test_accusation_asks_its_owner_which_player_loses(index):
    game = play(step="kingsbridge", kingsbridge=("idea_accuse", "jack"), spots=dict(kingsbridge=[RED]))
    assert game.pending.kind == "choice" and game.pending.seat == RED
    assert game.legal_actions() == [A.ChooseOption(0), A.ChooseOption(1)]
    labels = [c.label for c in pr.words.choices(game.view(RED))]
    assert any("Blue" in x and "lose 2 gold" in x for x in labels), labels
    after = game.apply(A.ChooseOption(index))
    assert moves(after, "idea_accuse") == [("-", (BLUE, GREEN)[index], {"gold": 2})]
    with pytest.raises(pr.errors.IllegalActionError, match="option"):
        game.apply(A.ChooseOption(2))
    assert roundtrips(after)


@covers("idea_extortion")
def test_extortion_offers_only_a_player_with_a_metal():
    # issue #53: a player without the metal is not offered (choosing them did nothing and spent the card)
    game = play(step="draft", seats={RED: dict(privileges=("idea_extortion",)), GREEN: dict(cubes=dict(metal=2))})
    game = game.apply(A.UseOnce("idea_extortion"))
    assert game.pending.kind == "choice" and game.pending.seat == RED
    assert game.legal_actions() == [A.ChooseOption(0)]
    labels = [c.label for c in pr.words.choices(game.view(RED))]
    assert len(labels) == 1 and "take 1 metal from Green" in labels[0], labels
    after = game.apply(A.ChooseOption(0))
    assert moves(after, "idea_extortion") == [("-", GREEN, {"metal": 1}), ("+", RED, {"metal": 1})]
    assert roundtrips(after)


def test_extortion_is_kept_while_nobody_has_a_metal():
    game = play(step="draft", seats={RED: dict(privileges=("idea_extortion",))})
    assert A.UseOnce("idea_extortion") not in game.legal_actions()
    with pytest.raises(pr.errors.IllegalActionError, match="would do nothing now"):
        game.apply(A.UseOnce("idea_extortion"))
    assert "idea_extortion" in game.state.players[RED].privileges


def test_every_count_a_card_reads_is_in_each_seats_view():
    """Selectors, conditions and ``per COUNT`` read only what a seat may know:
    a view (secrets hidden) gives every count the real state gives."""
    from pillars_rules.cardlang.effects import COUNTS

    game = pr.play(pr.new_game(3, 4, cards=IDEAS), pr.RandomBot(4), max_actions=120)
    assert not game.is_over
    for seat in range(3):
        view = game.view(seat).state
        for s in range(3):
            assert [view.count(s, c) for c in COUNTS] == [game.state.count(s, c) for c in COUNTS]


@covers("idea_handyman", "idea_alchemist", "idea_smith")
@pytest.mark.parametrize(
    "cid, cubes, cap",
    [
        ("idea_handyman", dict(wood=3, stone=3, sand=3), 3),
        ("idea_alchemist", dict(sand=6, metal=3), 2),
        ("idea_smith", dict(metal=2, wood=2, stone=4), 1),
    ],
)
def test_alternatives_share_one_capacity(cid, cubes, cap):
    game = play(step="cathedral", seats={RED: dict(craftsmen=("carpenter", cid), cubes=cubes)})
    used = 0
    while True:
        builds = [a for a in game.legal_actions() if isinstance(a, A.Build) and a.card == cid]
        if not builds:
            break
        game = game.apply(builds[used % len(builds)])  # a different alternative each time it can
        used += 1
    assert used == cap
    kinds = {e.ability for e in game.events if isinstance(e, E.Converted) and e.card == cid}
    assert len(kinds) == min(cap, len(game.rules.card(cid).conversions))
    if game.pending is not None and game.pending.kind == "cathedral" and game.pending.seat == RED:
        with pytest.raises(pr.errors.IllegalActionError, match="capacity|uses"):
            game.apply(A.Build(cid, 0))
    assert roundtrips(game)


def test_a_trade_with_a_player_you_choose_is_the_owners_decision():
    from pillars_rules.cardlang import base_cards, compile_text

    cards = base_cards().merged(
        compile_text(
            'privilege swapper "Swapper" { permanent\n at castle: trade 1 wood for 2 gold with a player you choose }',
            known=base_cards(),
        )
    )
    game = pr.scenario(3, step="castle", cards=cards, seats={RED: dict(privileges=("swapper",), cubes=dict(wood=1))})
    assert game.pending.kind == "choice" and game.pending.seat == RED
    labels = [c.label for c in pr.words.choices(game.view(RED))]
    assert any("trade 1 wood for 2 gold with" in x for x in labels), labels
    after = game.apply(A.ChooseOption(1))
    assert [(type(e).__name__, e.seat) for e in after.events if getattr(e, "reason", "") == "swapper"] == [
        ("Lost", RED),
        ("Gained", RED),
        ("Lost", GREEN),
        ("Gained", GREEN),
    ]


# ------------------------------------------------------------------ the market's stock
def market_moves(game, cid) -> list[tuple[int, str, int]]:
    return [(e.seat, e.resource, e.n) for e in game.events if isinstance(e, E.MarketStocked) and e.reason == cid]


@covers("idea_market_stall")
@pytest.mark.parametrize("stock, taken", [(3, 1), (0, 0)])
def test_market_stall_takes_a_stone_the_market_has(stock, taken):
    game = play(
        step="market",
        spots=dict(market=[RED, BLUE]),
        market=dict(wood=2, stone=stock),
        seats={RED: dict(privileges=("idea_market_stall",))},
    )
    if not taken:  # issue #53: nothing to take -- not offered, the card kept
        assert A.UseOnce("idea_market_stall") not in game.legal_actions()
        return
    after = game.apply(A.UseOnce("idea_market_stall"))
    assert after.state.market[1] == stock - taken
    assert after.state.players[RED].cube("stone") == taken
    assert moves(after, "idea_market_stall") == ([("+", RED, {"stone": 1})] if taken else [])
    assert market_moves(after, "idea_market_stall") == ([(RED, "stone", -1)] if taken else [])
    assert "idea_market_stall" not in after.state.players[RED].privileges  # used once, it leaves
    assert roundtrips(after)


@covers("idea_glut")
@pytest.mark.parametrize("held, gained", [(0, 2), (21, 1), (22, 0)])  # 23 stone: 1 on the market
def test_glut_stocks_the_market_once_as_far_as_the_supply_has_stone(held, gained):
    game = play(step="event", event="idea_glut", market=dict(stone=1), seats={BLUE: dict(cubes=dict(stone=held))})
    applied = next(i for i, e in enumerate(game.events) if isinstance(e, E.EventApplied))
    start = next(i for i, e in enumerate(game.events) if isinstance(e, E.PositionSet))
    before, after = game.state_at(start), game.state_at(applied)
    assert after.market[1] == 1 + gained  # once, not once per player
    assert after.supply[1] == before.supply[1] - gained
    assert market_moves(game, "idea_glut") == ([(before.start_player, "stone", gained)] if gained else [])
    assert roundtrips(game)


# ------------------------------------------------------------------ lasting changes
@covers("idea_fair_privilege")
def test_fair_day_frees_its_holder_of_this_rounds_tax_then_leaves():
    game = play(
        step="kingsbridge", kingsbridge=("idea_fair_privilege",), spots=dict(kingsbridge=[RED]), pins=dict(tax=(3,))
    )
    taxed = [(e.seat, e.amounts) for e in game.events if isinstance(e, E.Lost) and e.reason == "tax"]
    assert taxed == [(BLUE, (Amount("gold", 3),)), (GREEN, (Amount("gold", 3),))]
    left = [i for i, e in enumerate(game.events) if isinstance(e, E.OnceUsed) and e.card == "idea_fair_privilege"]
    ended = next(i for i, e in enumerate(game.events) if isinstance(e, E.RoundEnded))
    assert len(left) == 1 and game.events[left[0]].seat == RED and left[0] < ended  # at the round's end
    assert "idea_fair_privilege" in game.state_at(left[0] - 1).players[RED].privileges
    assert "idea_fair_privilege" not in game.state.players[RED].privileges
    assert roundtrips(game)


def buy_price(game, seat, cube, state=None):
    return game.rules.price(game.state if state is None else state, seat, "buy", cube)


@covers("idea_regency")
def test_regency_makes_stone_dearer_for_the_rest_of_the_game():
    base = play(step="event", event="idea_harvest")
    game = play(step="event", event="idea_regency")
    assert [(g[0], g[4], g[5]) for g in game.state.granted] == [(RED, 1, 6), (BLUE, 1, 6), (GREEN, 1, 6)]
    assert game.state.round == 2  # still held after the round it was revealed in
    assert game.view(BLUE).state.granted == game.state.granted  # public: every seat's view has it
    for seat in (RED, BLUE, GREEN):
        assert buy_price(game, seat, "stone") == buy_price(base, seat, "stone") + 1
        assert buy_price(game, seat, "wood") == buy_price(base, seat, "wood")
    assert roundtrips(game)


@covers("idea_market_charter", "idea_festival")
@pytest.mark.parametrize(
    "cid, modifier, gift", [("idea_market_charter", None, {"gold": 2}), ("idea_festival", YieldDelta(1), {"vp": 1})]
)
def test_a_choice_between_a_modifier_this_round_and_a_gain(cid, modifier, gift):
    game = play(step="event", event=cid)
    labels = [c.label for c in pr.words.choices(game.view(game.pending.seat))]
    assert len(labels) == 2 and "this round" in labels[0] and "gain" in labels[1], labels
    first = game.pending.seat
    game = game.apply(A.ChooseOption(0))  # the first chooser takes the modifier
    while game.pending.kind == "choice":
        game = game.apply(A.ChooseOption(1))  # the others the gain
    chose = [g for g in game.events if isinstance(g, E.ModifierGranted)]
    assert [(g.seat, g.card, g.option, g.first, g.last) for g in chose] == [(first, cid, 0, 1, 1)]
    assert sorted(s for _, s, _ in moves(game, cid)) == sorted({RED, BLUE, GREEN} - {first})
    assert all(m == gift for _, _, m in moves(game, cid))
    at = game.state_at(game.events.index(chose[0]))
    held = game.rules.modifiers(at, first)
    if modifier is None:  # the market charter: sand is a gold cheaper for the chooser only
        other = (first + 1) % 3
        assert buy_price(game, first, "sand", at) == buy_price(game, other, "sand", at) - 1
    else:
        assert modifier in held and modifier not in game.rules.modifiers(at, (first + 1) % 3)
    assert roundtrips(game)


@covers("idea_pact")
@pytest.mark.parametrize("index", [0, 1])
def test_pact_lowers_the_tax_for_the_rest_of_the_game_or_pays_4_gold(index):
    game = play(step="kingsbridge", kingsbridge=("idea_pact",), spots=dict(kingsbridge=[RED]), pins=dict(tax=(3,)))
    assert game.pending.kind == "choice" and game.pending.seat == RED
    game = game.apply(A.ChooseOption(index))
    taxed = {e.seat: e.amounts[0].n for e in game.events if isinstance(e, E.Lost) and e.reason == "tax"}
    assert taxed == {RED: 3 - (index == 0), BLUE: 3, GREEN: 3}
    assert [(g[0], g[4], g[5]) for g in game.state.granted] == ([(RED, 1, 6)] if index == 0 else [])
    assert moves(game, "idea_pact") == ([] if index == 0 else [("+", RED, {"gold": 4})])
    assert roundtrips(game)


@covers("idea_toll_bridge")
def test_toll_bridge_counts_a_counter_more_each_round():
    game = play(step="round_start", round=2, seats={RED: dict(privileges=("idea_toll_bridge",))})
    while game.state.round < 4:  # round 2 and 3 whole, round 4 opened
        game = game.apply(game.legal_actions()[-1])
    added = [(e.seat, e.n) for e in game.events if isinstance(e, E.CountersAdded)]
    assert added == [(RED, 1)] * 3
    assert game.state.counters == ((RED, "idea_toll_bridge", 3),)
    assert moves(game, "idea_toll_bridge") == [("+", RED, {"gold": 1}), ("+", RED, {"gold": 2})]
    assert game.view(BLUE).state.counters == game.state.counters  # public
    assert roundtrips(game)


def _ballots(game, values):
    """Answer the vote or bid pending at ``game`` with ``values`` in turn order."""
    seats = []
    for v in values:
        seats.append(game.pending.seat)
        game = game.apply(A.ChooseOption(v))
    return game, seats


@covers("idea_council")
def test_town_council_gives_every_voter_the_option_most_voted_for():
    game = play(step="event", event="idea_council")
    order = [(game.state.start_player + i) % 3 for i in range(3)]
    game, seats = _ballots(game, [1, 0, 1])  # 2 gold once, 1 VP twice
    assert seats == order  # turn order from the start player
    assert [e.option for e in game.events if isinstance(e, E.VoteDecided)] == [1]
    assert sorted(moves(game, "idea_council")) == sorted(("+", s, {"vp": 1}) for s in order)
    assert game.state.ballots == () and roundtrips(game)


@covers("idea_auction")
def test_auction_the_highest_bidder_pays_and_gains_3_vp():
    game = play(step="event", event="idea_auction")
    first = game.pending.seat
    game, seats = _ballots(game, [4, 0, 6])
    assert [(e.seat, e.amount) for e in game.events if isinstance(e, E.BidWon)] == [(seats[2], 6)]
    assert moves(game, "idea_auction") == [("-", seats[2], {"gold": 6}), ("+", seats[2], {"vp": 3})]
    assert first == seats[0] and roundtrips(game)


@covers("idea_referendum")
@pytest.mark.parametrize("votes, won", [([0, 1, 0], 0), ([1, 0, 1], 1)])
def test_referendum_gives_every_voter_the_change_most_voted_for_this_round(votes, won):
    game = play(step="event", event="idea_referendum", pins=dict(tax=(3,)))
    game, seats = _ballots(game, votes)
    grants = [(e.seat, e.option, e.first, e.last) for e in game.events if isinstance(e, E.ModifierGranted)]
    assert grants == [(s, won, 1, 1) for s in seats]  # this round only
    taxed = {e.seat: e.amounts[0].n for e in game.events if isinstance(e, E.Lost) and e.reason == "tax"}
    assert taxed == {s: 3 + (won == 0) for s in seats}
    at = game.state_at(max(i for i, e in enumerate(game.events) if isinstance(e, E.ModifierGranted)) + 1)
    assert all((YieldDelta(-1) in game.rules.modifiers(at, s)) == (won == 1) for s in seats)
    assert roundtrips(game)


# ------------------------------------------------------------------ another player's craftsman
def _loan(**seats):
    """The cathedral step with red holding Borrowed hands; blue owns a Sculptor."""
    red = dict(privileges=("idea_loan",), **seats.pop("red", {}))
    blue = dict(craftsmen=("sculptor_r3",), **seats.pop("blue", {}))
    return play(round=3, step="cathedral", seats={RED: red, BLUE: blue, **seats})


@covers("idea_loan")
def test_borrowed_hands_uses_another_players_craftsman_once():
    game = _loan(red=dict(cubes=dict(stone=1)))
    assert A.UseOnce("idea_loan") in game.legal_actions()
    game = game.apply(A.UseOnce("idea_loan"))
    assert game.pending.kind == "choice" and game.pending.seat == RED
    labels = [c.label for c in pr.words.choices(game.view(RED))]
    # only what red can pay for (1 stone: not the Stonemasons' 2), the owner and the card named, or none
    assert labels == [
        "option 1: use Blue's Sculptor (round 3) once: 1 stone -> 2 VP (Borrowed hands)",
        "option 2: use no craftsman (Borrowed hands)",
    ], labels
    vp = game.state.players[RED].vp
    after = game.apply(A.ChooseOption(0))
    used = [e for e in after.events if isinstance(e, E.CraftsmanBorrowed)]
    assert [(e.seat, e.owner, e.card, e.reason) for e in used] == [(RED, BLUE, "sculptor_r3", "idea_loan")]
    assert after.state.players[RED].vp == vp + 2 and after.state.players[RED].cube("stone") == 0
    assert "idea_loan" not in after.state.players[RED].privileges  # once per game
    assert after.state.players[BLUE].uses == ()  # the owner's capacity is untouched
    assert roundtrips(after)
    assert [after.describe(e) for e in used] == [
        "Red used Blue's Sculptor once (Borrowed hands) and turned 1 stone into 2 VP."
    ]
    none = game.apply(A.ChooseOption(1))
    assert not [e for e in none.events if isinstance(e, E.CraftsmanBorrowed)]
    with pytest.raises(pr.IllegalActionError, match="from 0 to 1"):
        game.apply(A.ChooseOption(2))


def test_borrowed_hands_offers_no_use_without_the_inputs_and_never_ones_own():
    game = _loan(red=dict(cubes=dict(wood=2), craftsmen=("carpenter", "stonemason", "mortar_mixer", "sculptor_r4")))
    game = game.apply(A.UseOnce("idea_loan"))
    labels = [c.label for c in pr.words.choices(game.view(RED))]
    # red's own Carpenter and Sculptor are not offered, nor blue's Sculptor (no stone)
    assert labels == [
        "option 1: use Green's Carpenter once: 2 wood -> 1 VP (Borrowed hands)",
        "option 2: use no craftsman (Borrowed hands)",
    ], labels


# ------------------------------------------------------------------ a card's upgrade level
def _apprentice(**red):
    """The cathedral step of round 2 with red holding the Apprentice."""
    return play(round=2, step="cathedral", seats={RED: dict(craftsmen=("idea_apprentice",), **red)})


@covers("idea_apprentice")
def test_the_apprentice_upgraded_for_3_gold_converts_once_more_each_round_for_good():
    game = _apprentice(cubes=dict(wood=4), gold=5)
    assert (
        game.rules.capacity(game.state, RED, "idea_apprentice", game.rules.card("idea_apprentice").conversions[0]) == 1
    )
    labels = [c.label for c in pr.words.choices(game.view(RED))]
    assert labels[:2] == [
        "use Apprentice: 1 wood -> 1 VP (1 use left)",
        "use Apprentice: 3 gold -> 1 counter (1 use left)",
    ], labels
    up = game.apply(A.Build("idea_apprentice", 1))
    assert up.state.counters == ((RED, "idea_apprentice", 1),) and up.state.players[RED].gold == 2
    assert [up.describe(e) for e in up.events[len(game.events) :] if isinstance(e, E.Converted)] == [
        "Red's Apprentice turned 3 gold into 1 counter."
    ]
    vp = up.state.players[RED].vp
    twice = up.apply(A.Build("idea_apprentice", 0)).apply(A.Build("idea_apprentice", 0))
    assert twice.state.players[RED].vp == vp + 2  # capacity 1 + 1 per counter, from the next use on
    assert roundtrips(twice)
    # for good: the counters stay on the card into the next round, so its capacity is 2 there
    nxt = pr.playout(twice, seed=1, until=lambda st: st.round > 2)
    assert nxt.state.round == 3 and ((RED, "idea_apprentice", 1) in nxt.state.counters)
    conv = nxt.rules.card("idea_apprentice").conversions[0]
    assert nxt.rules.capacity(nxt.state, RED, "idea_apprentice", conv) == 2
    assert nxt.rules.capacity(game.state, RED, "idea_apprentice", conv) == 1  # before the upgrade


def test_the_apprentice_without_3_gold_cannot_be_upgraded_and_its_upgrade_is_never_borrowed():
    game = _apprentice(cubes=dict(wood=2), gold=2)
    with pytest.raises(pr.IllegalActionError):
        game.apply(A.Build("idea_apprentice", 1))
    # red borrows blue's Apprentice: the wood conversion is offered, the upgrade never
    loan = play(
        round=2,
        step="cathedral",
        seats={
            RED: dict(privileges=("idea_loan",), cubes=dict(wood=1), gold=9),
            BLUE: dict(craftsmen=("idea_apprentice",)),
        },
    )
    loan = loan.apply(A.UseOnce("idea_loan"))
    labels = [c.label for c in pr.words.choices(loan.view(RED))]
    assert labels == [
        "option 1: use Blue's Apprentice once: 1 wood -> 1 VP (Borrowed hands)",
        "option 2: use no craftsman (Borrowed hands)",
    ], labels


@pytest.mark.parametrize("bot", ["heuristic", "heuristic-v1", "easy"])
def test_the_bots_upgrade_the_apprentice_with_rounds_to_come_and_not_in_the_last(bot):
    from pillars_rules.bots import make_bot

    def upgrades(round_no: int, seed: int = 1) -> bool:
        game = (
            _apprentice(cubes=dict(wood=4), gold=8)
            if round_no == 2
            else play(
                round=round_no,
                step="cathedral",
                seats={RED: dict(craftsmen=("idea_apprentice",), cubes=dict(wood=4), gold=8)},
            )
        )
        choose = make_bot(bot, seed)
        for _ in range(6):
            if game.current_player != RED or game.state.step != "cathedral":
                break
            action = choose(game.view(RED))
            if action == A.Build("idea_apprentice", 1):
                return True
            game = game.apply(action, seat=RED)
        return False

    # an upgrade pays in the rounds after it: 3 gold for 4 more uses (and one more now);
    # the easy bot samples its moves on purpose, so it is asked as a player of several seeds:
    # mostly (which seed upgrades moves with the cards of the set, e.g. the ideas of issue #53)
    if bot == "easy":
        assert sum(upgrades(2, seed) for seed in range(1, 11)) >= 4
    else:
        assert upgrades(2)


def test_the_bots_value_a_counter_by_the_uses_it_adds_in_the_rounds_to_come():
    from pillars_rules.bots.cardvalue import V1_WEIGHTS, counter_worth

    rules = play().rules
    cubes = dict.fromkeys(("wood", "stone", "sand", "metal"), 0.0)
    one = counter_worth(rules, "idea_apprentice", V1_WEIGHTS, cubes, 1)
    assert one == 1.0  # one more use of 1 wood -> 1 VP a round (the wood valued at 0 here)
    assert counter_worth(rules, "idea_apprentice", V1_WEIGHTS, cubes, 4) == 4 * one
    assert counter_worth(rules, "idea_apprentice", V1_WEIGHTS, cubes, 0) == 0.0
    assert counter_worth(rules, "carpenter", V1_WEIGHTS, cubes, 4) == 0.0  # no capacity grows per counter


# ------------------------------------------------------------------ reactions and turn order (issue #53)
def _draft(**kw) -> pr.Game:
    """Round 1's draft, red the start player: a craftsman and two resource cards on display."""
    kw.setdefault("display", ("mason_r1", "forest_2", "sand_pit_2"))
    return play(step="draft", **kw)


@covers("idea_guild_fee")
def test_guild_fee_pays_its_owner_when_another_player_hires():
    game = _draft(seats={RED: dict(privileges=("idea_guild_fee",))})
    assert game.pending.seat == RED
    game = game.apply(A.Pass()).apply(A.Hire("mason_r1"))  # blue hires
    assert moves(game, "idea_guild_fee") == [("+", RED, {"gold": 1})]
    assert roundtrips(game)


def test_a_reaction_to_another_player_never_answers_its_owners_own_action():
    game = _draft(seats={RED: dict(privileges=("idea_guild_fee",))}).apply(A.Hire("mason_r1"))
    assert moves(game, "idea_guild_fee") == []


def _market(buyer: int, holder: int, cid: str, kind: str = "privileges", **seat) -> pr.Game:
    game = play(
        step="market",
        spots=dict(market=[buyer]),
        seats={
            holder: {kind: (("carpenter", "stonemason", "mortar_mixer") if kind == "craftsmen" else ()) + (cid,)},
            **({buyer: seat} if seat else {}),
        },
    )
    assert game.pending.kind == "market" and game.pending.seat == buyer
    return game


@covers("idea_eavesdropper")
@pytest.mark.parametrize("buyer, paid", [(BLUE, True), (GREEN, False)])
def test_eavesdropper_is_paid_when_the_left_neighbour_buys(buyer, paid):
    game = _market(buyer, RED, "idea_eavesdropper", "craftsmen").apply(A.Buy("sand", 1))
    assert moves(game, "idea_eavesdropper") == ([("+", RED, {"gold": 1})] if paid else [])


@covers("idea_toll_gate")
@pytest.mark.parametrize("buyer, paid", [(GREEN, True), (BLUE, False)])
def test_toll_gate_takes_a_gold_from_the_right_neighbour_who_buys(buyer, paid):
    game = _market(buyer, RED, "idea_toll_gate").apply(A.Buy("sand", 1))
    assert sorted(moves(game, "idea_toll_gate")) == (
        sorted([("+", RED, {"gold": 1}), ("-", GREEN, {"gold": 1})]) if paid else []
    )


@covers("idea_carter")
def test_carter_asks_its_owner_and_the_draft_goes_on_from_the_seat_that_took():
    game = _draft(seats={RED: dict(privileges=("idea_carter",))})
    game = game.apply(A.Pass()).apply(A.TakeResourceCard("forest_2", True))  # blue takes
    assert game.pending.kind == "choice" and game.pending.seat == RED
    game = game.apply(A.ChooseOption(1))
    assert moves(game, "idea_carter") == [("+", RED, {"sand": 1})]
    assert game.pending.kind == "draft" and game.pending.seat == GREEN  # after blue, not after red
    assert roundtrips(game)


@covers("idea_usurper")
@pytest.mark.parametrize("red_vp, usurps", [(0, True), (9, False)])
def test_usurper_becomes_the_start_player_with_the_fewest_vp(red_vp, usurps):
    game = play(
        step="castle",
        start_player=BLUE,
        seats={RED: dict(vp=red_vp, privileges=("idea_usurper",)), BLUE: dict(vp=5), GREEN: dict(vp=5)},
    )
    became = [e for e in game.events if isinstance(e, E.BecameStartPlayer)]
    assert became == ([E.BecameStartPlayer(RED, "idea_usurper")] if usurps else [])
    # the cathedral step then goes round from the new start player
    done = [e.seat for e in game.events if isinstance(e, E.CathedralDone)][:3]
    assert done == ([RED, BLUE, GREEN] if usurps else [BLUE, GREEN, RED])
    assert roundtrips(game)


@covers("idea_contrarian")
def test_contrarian_turns_the_draft_counter_clockwise_from_its_user():
    game = _draft(seats={RED: dict(privileges=("idea_contrarian",))})
    game = game.apply(A.UseOnce("idea_contrarian"))
    assert [e for e in game.events if isinstance(e, E.OrderReversed)] == [E.OrderReversed(RED, "idea_contrarian", 1)]
    assert game.pending.kind == "draft" and game.pending.seat == GREEN
    game = game.apply(A.Pass())
    assert game.pending.seat == BLUE
    assert roundtrips(game)


@covers("idea_pilgrims_return")
@pytest.mark.parametrize("rnd, red_vp, reversed_", [(2, 0, (3,)), (2, 9, ()), (6, 0, ())])
def test_pilgrims_return_reverses_the_next_round_but_there_is_none_after_the_last(rnd, red_vp, reversed_):
    game = play(
        round=rnd,
        step="castle",
        seats={RED: dict(vp=red_vp, privileges=("idea_pilgrims_return",)), BLUE: dict(vp=5), GREEN: dict(vp=5)},
    )
    assert game.state.reversed_rounds == reversed_
    assert [e.round for e in game.events if isinstance(e, E.OrderReversed)] == list(reversed_)


def test_a_reversed_round_runs_its_draft_counter_clockwise_from_the_start_player():
    # the round after the pilgrims' return: red starts, then green, then blue
    game = play(
        round=2,
        step="castle",
        seats={RED: dict(vp=0, privileges=("idea_pilgrims_return",)), BLUE: dict(vp=5), GREEN: dict(vp=5)},
    )
    seats = []
    for _ in range(3):
        while game.state.round == 2 and not game.is_over:
            game = game.apply(game.legal_actions()[-1] if game.pending.kind != "draft" else A.Pass())
        assert game.pending.kind == "draft"
        seats.append(game.pending.seat)
        game = game.apply(A.Pass())
    assert seats == [game.state.start_player, (game.state.start_player - 1) % 3, (game.state.start_player - 2) % 3]
    assert roundtrips(game)


@covers("idea_herald")
@pytest.mark.parametrize("start, paid", [(RED, True), (BLUE, False)])
def test_herald_pays_the_start_player(start, paid):
    game = play(
        step="castle",
        start_player=start,
        seats={RED: dict(craftsmen=("carpenter", "stonemason", "mortar_mixer", "idea_herald"))},
    )
    assert moves(game, "idea_herald") == ([("+", RED, {"gold": 2})] if paid else [])


@covers("idea_harbour_master")
@pytest.mark.parametrize("start, paid", [(RED, True), (GREEN, False)])
def test_harbour_master_scores_a_sale_of_any_player_while_start_player(start, paid):
    game = play(
        step="market",
        start_player=start,
        spots=dict(market=[BLUE]),
        seats={RED: dict(privileges=("idea_harbour_master",)), BLUE: dict(cubes=dict(sand=2))},
    )
    game = game.apply(A.Sell("sand", 1))
    assert moves(game, "idea_harbour_master") == ([("+", RED, {"vp": 1})] if paid else [])


def test_reactions_resolve_from_the_acting_seat_clockwise():
    # blue buys: green (one seat on) takes its toll before red (two seats on) hears of it
    game = play(
        step="market",
        spots=dict(market=[BLUE]),
        seats={
            RED: dict(craftsmen=("carpenter", "stonemason", "mortar_mixer", "idea_eavesdropper")),
            GREEN: dict(privileges=("idea_toll_gate",)),
        },
    )
    game = game.apply(A.Buy("sand", 1))
    reasons = [
        e.reason
        for e in game.events
        if isinstance(e, (E.Gained, E.Lost)) and e.reason in ("idea_eavesdropper", "idea_toll_gate")
    ]
    assert reasons == ["idea_toll_gate", "idea_toll_gate", "idea_eavesdropper"]
    assert moves(game, "idea_eavesdropper") == [("+", RED, {"gold": 1})]
    assert sorted(moves(game, "idea_toll_gate")) == [("+", GREEN, {"gold": 1}), ("-", BLUE, {"gold": 1})]


# ------------------------------------------------------------------ that player (issue #53)
@covers("idea_ferryman")
@pytest.mark.parametrize("blue_gold, paid", [(5, 1), (0, 0)])
def test_ferryman_takes_a_gold_from_the_player_who_hires(blue_gold, paid):
    game = _draft(seats={RED: dict(privileges=("idea_ferryman",)), BLUE: dict(gold=blue_gold + 5)})
    game = game.apply(A.Pass()).apply(A.Hire("mason_r1"))  # blue hires (the mason costs 5 gold)
    assert sorted(moves(game, "idea_ferryman")) == (
        sorted([("+", RED, {"gold": 1}), ("-", BLUE, {"gold": 1})]) if paid else []
    )
    assert roundtrips(game)


def test_ferryman_takes_nothing_from_its_owner():
    game = _draft(seats={RED: dict(privileges=("idea_ferryman",))}).apply(A.Hire("mason_r1"))
    assert moves(game, "idea_ferryman") == []


@covers("idea_jealous_rival")
@pytest.mark.parametrize("seller, lost", [(BLUE, True), (GREEN, False)])
def test_jealous_rival_costs_the_left_neighbour_who_sells_a_vp(seller, lost):
    game = play(
        step="market",
        spots=dict(market=[seller]),
        seats={
            RED: dict(craftsmen=("carpenter", "stonemason", "mortar_mixer", "idea_jealous_rival")),
            seller: dict(cubes=dict(sand=2), vp=4),
        },
    )
    game = game.apply(A.Sell("sand", 1))
    assert moves(game, "idea_jealous_rival") == ([("-", BLUE, {"vp": 1})] if lost else [])
    assert roundtrips(game)


@covers("idea_patron")
@pytest.mark.parametrize("taker", [RED, BLUE])
def test_patron_gives_a_wood_to_whoever_takes_a_resource_card_its_owner_too(taker):
    game = _draft(seats={RED: dict(privileges=("idea_patron",))})
    if taker == BLUE:
        game = game.apply(A.Pass())
    game = game.apply(A.TakeResourceCard("forest_2", True))
    assert moves(game, "idea_patron") == [("+", taker, {"wood": 1})]
    assert roundtrips(game)


@covers("idea_wool_buyer")
@pytest.mark.parametrize("placer, wood, traded", [(BLUE, 2, True), (BLUE, 0, False), (RED, 2, False)])
def test_wool_buyer_trades_with_the_player_who_places_at_the_market(placer, wood, traded):
    game = play(
        step="builders",
        builders=dict(drawn=placer, price=2),
        seats={RED: dict(privileges=("idea_wool_buyer",), cubes=dict(wood=wood)), BLUE: dict(cubes=dict(wood=wood))},
    )
    game = game.apply(A.Place("market", 0))
    want = [("-", RED, {"gold": 1}), ("+", RED, {"wood": 1}), ("-", BLUE, {"wood": 1}), ("+", BLUE, {"gold": 1})]
    assert sorted(moves(game, "idea_wool_buyer")) == (sorted(want) if traded else [])
    assert roundtrips(game)


def test_that_player_is_the_actor_in_every_seat_count():
    # the same reaction at 2 to 6 seats: the seat that hired pays, nobody else
    for n in range(2, 7):  # 5 and 6 seats: the expansion's board
        game = pr.scenario(
            players=n,
            cards=(["expansion"] if n > 4 else []) + IDEAS,
            step="draft",
            display=("mason_r1", "forest_2", "sand_pit_2"),
            seats={RED: dict(privileges=("idea_ferryman",))},
        )
        game = game.apply(A.Pass()).apply(A.Hire("mason_r1"))
        assert sorted(moves(game, "idea_ferryman")) == sorted([("+", RED, {"gold": 1}), ("-", BLUE, {"gold": 1})])


# ------------------------------------------------------------------ that player in a decision (issue #53)
@covers("idea_bailiff")
@pytest.mark.parametrize(
    "option, want", [(0, [("+", RED, {"gold": 1}), ("-", BLUE, {"gold": 1})]), (1, [("-", BLUE, {"vp": 1})])]
)
def test_bailiff_asks_its_owner_and_the_answer_reaches_the_player_who_hired(option, want):
    game = _draft(seats={RED: dict(privileges=("idea_bailiff",)), BLUE: dict(gold=10, vp=3)})
    game = game.apply(A.Pass()).apply(A.Hire("mason_r1"))  # blue hires
    assert (game.pending.kind, game.pending.seat) == ("choice", RED)  # red decides...
    assert game.state.jobs[0].actor == BLUE  # ...about blue, fixed when the reaction fired
    labels = [c.label for c in pr.words.choices(game.view(RED))]
    assert len(labels) == 2 and all("Blue is the player who did it" in x for x in labels), labels
    game = game.apply(A.ChooseOption(option))
    assert sorted(moves(game, "idea_bailiff")) == sorted(want)
    assert roundtrips(game)


@covers("idea_envoy")
def test_envoy_copies_a_privilege_of_the_left_neighbour_who_took_a_resource_card():
    game = _draft(seats={RED: dict(craftsmen=("idea_envoy",)), BLUE: dict(privileges=("aliena", "ellen"))})
    game = game.apply(A.Pass()).apply(A.TakeResourceCard("forest_2", True))  # blue, red's left neighbour, takes
    assert (game.pending.kind, game.pending.seat) == ("choice", RED) and game.state.jobs[0].actor == BLUE
    # Aliena has no lasting modifier: only Ellen is offered
    assert game.legal_actions() == [A.ChooseOption(0)]
    assert "copy Ellen of Blue" in pr.words.choices(game.view(RED))[0].label
    after = game.apply(A.ChooseOption(0))
    assert after.state.granted == ((RED, "ellen", 0, -1, 1, 1),)
    assert roundtrips(after)


@covers("idea_envoy")
def test_envoy_asks_nothing_when_another_seat_takes():
    game = _draft(seats={RED: dict(craftsmen=("idea_envoy",)), GREEN: dict(privileges=("ellen",))})
    game = game.apply(A.Pass()).apply(A.Pass()).apply(A.TakeResourceCard("forest_2", True))  # green takes
    assert not game.state.jobs and not game.state.granted

"""Cards as objects (issue #53, examples/ideas/where.cards) played in set-up
positions: each test asserts the card's effect in the game, and for a look
what each seat's view shows -- only the seat that looked sees the cards, in
its view, its export and its choices; the log names no hidden card."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import pillars_rules as pr
from pillars_rules import actions as A
from pillars_rules.cardlang import effects as fx
from pillars_rules.engine import events as E
from pillars_rules.view import HIDDEN

IDEAS = [str(Path(__file__).resolve().parents[2] / "examples" / "ideas")]
CORPUS = tomllib.loads((Path(IDEAS[0]) / "corpus.toml").read_text(encoding="utf-8"))
RED, BLUE, GREEN = 0, 1, 2
#: The event deck of the positions below, top first.
DECK = ("king_celebrates", "cold_winter", "city_wall", "volunteers")
STARTING = ("carpenter", "stonemason", "mortar_mixer")

TESTED: set[str] = set()


def covers(*ids):
    TESTED.update(ids)
    return lambda f: f


def play(**kw) -> pr.Game:
    kw.setdefault("players", 3)
    kw.setdefault("decks", dict(events=DECK))
    return pr.scenario(cards=IDEAS, **kw)


def roundtrips(game) -> bool:
    return pr.load(pr.save(game), cards=IDEAS) == game and pr.replay(game.events, cards=IDEAS) == game


def shown(game, seat) -> tuple[str, ...]:
    """The event deck as ``seat``'s view shows it (``None``: a spectator's)."""
    return game.view(seat).state.event_deck


def hidden(n: int) -> tuple[str, ...]:
    return (HIDDEN,) * n


def secret_in_public(game, cards) -> bool:
    """Does the public log or another seat's export name one of ``cards``?"""
    public = repr(game.view(None).events) + game.export(None)
    return any(c in public for c in cards)


# ------------------------------------------------------------------ looking at the event deck
@covers("idea_seer")
def test_the_seer_sees_the_next_two_events_and_nobody_else_does():
    game = play(step="round_start", round=3, seats={RED: dict(privileges=("idea_seer",))})
    assert [e for e in game.events if isinstance(e, E.EventsLooked)] == [E.EventsLooked(RED, 2, "idea_seer")]
    assert shown(game, RED) == DECK[:2] + hidden(2)
    assert shown(game, BLUE) == shown(game, GREEN) == shown(game, None) == hidden(4)
    assert game.view(BLUE).state.seen == () and game.view(RED).state.seen == ((RED, DECK[0]), (RED, DECK[1]))
    for seat in (BLUE, GREEN, None):
        assert not any(c in game.export(seat) for c in DECK)
    assert DECK[0] in game.export(RED)
    assert not secret_in_public(game, DECK)
    assert roundtrips(game)


@covers("idea_delay")
def test_a_look_follows_the_card_when_another_seat_buries_it():
    # the seer looked at the top two; Blue's delay puts the top card under the deck
    game = play(
        step="round_start",
        round=3,
        start_player=BLUE,
        seats={RED: dict(privileges=("idea_seer",)), BLUE: dict(privileges=("idea_delay",))},
    )
    while game.current_player != BLUE or A.UseOnce("idea_delay") not in game.legal_actions():
        game = game.apply(game.legal_actions()[0])
    game = game.apply(A.UseOnce("idea_delay"))
    assert game.state.event_deck == DECK[1:] + DECK[:1]
    assert [e for e in game.events if isinstance(e, E.EventBuried)] == [E.EventBuried(BLUE, "idea_delay")]
    assert "idea_delay" not in game.state.players[BLUE].privileges
    assert shown(game, RED) == (DECK[1], HIDDEN, HIDDEN, DECK[0])
    assert shown(game, BLUE) == hidden(4)
    assert roundtrips(game)


@covers("idea_delay")
def test_delay_is_not_offered_under_a_single_event_card():
    game = play(step="draft", round=6, decks=dict(events=DECK[:1]), seats={RED: dict(privileges=("idea_delay",))})
    assert game.current_player == RED and A.UseOnce("idea_delay") not in game.legal_actions()


@covers("idea_astrologer")
def test_the_astrologer_reads_next_rounds_event_at_the_cathedral():
    game = play(
        step="cathedral",
        round=2,
        event="fresh_wall_collapses",
        seats={RED: dict(craftsmen=STARTING + ("idea_astrologer",))},
    )
    assert shown(game, RED) == DECK[:1] + hidden(3)
    assert shown(game, BLUE) == hidden(4)
    # looking again at what it has seen teaches nothing: no second look
    assert sum(isinstance(e, E.EventsLooked) for e in game.events) == 1
    assert roundtrips(game)


@covers("idea_rumour")
def test_a_rumour_shows_every_player_the_next_event_but_no_spectator():
    game = play(step="event", event="idea_rumour")
    looks = [e for e in game.events if isinstance(e, E.EventsLooked)]
    assert looks == [E.EventsLooked(s, 1, "idea_rumour") for s in (RED, BLUE, GREEN)]
    for seat in (RED, BLUE, GREEN):
        assert shown(game, seat) == DECK[:1] + hidden(3)
    assert shown(game, None) == hidden(4)
    assert roundtrips(game)


# ------------------------------------------------------------------ burying and reordering
@covers("idea_postponement")
def test_postponement_buries_the_next_event_once_not_once_per_player():
    game = play(step="event", event="idea_postponement")
    assert [e for e in game.events if isinstance(e, E.EventBuried)] == [E.EventBuried(RED, "idea_postponement")]
    assert game.state.event_deck == DECK[1:] + DECK[:1]
    assert shown(game, RED) == hidden(4)  # buried unseen
    assert roundtrips(game)


@covers("idea_prophet")
@pytest.mark.parametrize("index", [0, 1])
def test_the_prophet_chooses_gold_or_a_buried_event(index):
    game = play(step="round_start", round=2, seats={RED: dict(privileges=("idea_prophet",))})
    assert game.pending.kind == "choice" and game.pending.seat == RED
    after = game.apply(A.ChooseOption(index))
    buried = [e for e in after.events if isinstance(e, E.EventBuried)]
    if index == 0:
        assert not buried and after.state.event_deck == DECK
        assert any(isinstance(e, E.Gained) and e.reason == "idea_prophet" for e in after.events)
    else:
        assert buried and after.state.event_deck == DECK[1:] + DECK[:1]
    assert roundtrips(after)


@covers("idea_fortune_teller")
def test_the_fortune_teller_reorders_the_next_three_events_seen_only_by_her():
    game = play(
        step="kingsbridge",
        round=2,
        event="fresh_wall_collapses",
        kingsbridge=("idea_fortune_teller", "aliena"),
        spots=dict(kingsbridge=[RED]),
    )
    assert game.pending.kind == "choice" and game.pending.seat == RED
    assert game.legal_actions() == [A.ChooseOption(i) for i in range(6)]  # 3! orders
    assert shown(game, RED) == DECK[:3] + hidden(1)
    assert shown(game, BLUE) == hidden(4)
    labels = [c.label for c in pr.words.choices(game.view(RED))]
    assert "keep the order" in labels[0] and "King celebrates" in labels[0], labels
    after = game.apply(A.ChooseOption(5))  # the last order: reversed
    assert after.state.event_deck == (DECK[2], DECK[1], DECK[0], DECK[3])
    assert [e.order for e in after.events if isinstance(e, E.EventsReordered)] == [(2, 1, 0)]
    assert shown(after, RED) == (DECK[2], DECK[1], DECK[0], HIDDEN)
    assert not secret_in_public(after, DECK)
    with pytest.raises(pr.errors.IllegalActionError, match="option"):
        game.apply(A.ChooseOption(6))
    assert roundtrips(after)


# ------------------------------------------------------------------ giving a craftsman
@covers("idea_guild_exchange")
def test_the_guild_exchange_sells_a_craftsman_to_the_left_neighbour():
    game = play(
        step="kingsbridge",
        round=2,
        event="fresh_wall_collapses",
        kingsbridge=("idea_guild_exchange", "aliena"),
        spots=dict(kingsbridge=[RED]),
        seats={RED: dict(craftsmen=STARTING + ("mason_r1",), gold=5)},
    )
    assert game.pending.kind == "choice" and game.pending.seat == RED
    # Blue has the starting craftsmen already: only the mason is a gift
    assert game.legal_actions() == [A.PickCraftsman("mason_r1")]
    with pytest.raises(pr.errors.IllegalActionError, match="already"):
        game.apply(A.PickCraftsman("carpenter"))
    labels = [c.label for c in pr.words.choices(game.view(RED))]
    assert labels == ["give Mason (round 1) to Blue (Guild exchange)"], labels
    after = game.apply(A.PickCraftsman("mason_r1"))
    assert [e for e in after.events if isinstance(e, E.CraftsmanGiven)] == [E.CraftsmanGiven(RED, "mason_r1", BLUE)]
    assert after.state.players[RED].craftsmen == STARTING
    assert after.state.players[BLUE].craftsmen == STARTING + ("mason_r1",)
    assert [
        (e.seat, e.amounts) for e in after.events if isinstance(e, E.Gained) and e.reason == "idea_guild_exchange"
    ] == [(RED, (fx.Amount("gold", 4),))]
    assert roundtrips(after)


@covers("idea_passing_day")
def test_passing_day_passes_craftsmen_to_the_right_in_turn_order():
    game = play(
        step="event",
        event="idea_passing_day",
        seats={RED: dict(craftsmen=STARTING + ("toolmaker",)), BLUE: dict(craftsmen=STARTING + ("mason_r1",))},
    )
    # Red gives the toolmaker to Green (seat 2, its right), Blue the mason to Red,
    # and Green passes the toolmaker on to Blue
    for seat, card in ((RED, "toolmaker"), (BLUE, "mason_r1"), (GREEN, "toolmaker")):
        assert game.pending.kind == "choice" and game.pending.seat == seat
        assert game.legal_actions() == [A.PickCraftsman(card)]
        game = game.apply(A.PickCraftsman(card))
    assert [(e.seat, e.card, e.to) for e in game.events if isinstance(e, E.CraftsmanGiven)] == [
        (RED, "toolmaker", GREEN),
        (BLUE, "mason_r1", RED),
        (GREEN, "toolmaker", BLUE),
    ]
    assert [p.craftsmen for p in game.state.players] == [STARTING + ("mason_r1",), STARTING + ("toolmaker",), STARTING]
    assert roundtrips(game)


def test_a_given_craftsman_takes_its_uses_boost_and_counters_along():
    from pillars_rules.engine.evolve import evolve

    game = play(
        step="cathedral",
        round=2,
        event="fresh_wall_collapses",
        seats={RED: dict(craftsmen=STARTING + ("mason_r1",), uses=(("mason_r1", 0, 1),), boosts=(("mason_r1", 1),))},
    )
    state = evolve(game.state_at(1), E.CountersAdded(RED, "mason_r1", 2), game.rules)  # the position as set up
    after = evolve(state, E.CraftsmanGiven(RED, "mason_r1", BLUE), game.rules)
    red, blue = after.players[RED], after.players[BLUE]
    assert red.craftsmen == STARTING and blue.craftsmen == STARTING + ("mason_r1",)
    assert (blue.uses_of("mason_r1", 0), blue.boost_of("mason_r1")) == (1, 1)
    assert (red.uses_of("mason_r1", 0), red.boost_of("mason_r1")) == (0, 0)
    assert (after.count(BLUE, "counters", "mason_r1"), after.count(RED, "counters", "mason_r1")) == (2, 0)


def test_a_seat_with_nothing_to_give_is_asked_nothing():
    game = play(step="event", event="idea_passing_day")  # everybody has the same craftsmen
    assert not any(isinstance(e, E.CraftsmanGiven) for e in game.events)
    assert game.pending is None or game.pending.kind != "choice"


# ------------------------------------------------------------------ a card given to a player you choose, a privilege given
def gifts(game) -> list[tuple[str, int, str, int]]:
    return [
        (type(e).__name__, e.seat, e.card, e.to)
        for e in game.events
        if isinstance(e, (E.CraftsmanGiven, E.PrivilegeGiven))
    ]


@covers("idea_matchmaker")
def test_the_matchmaker_offers_each_craftsman_to_each_player_who_lacks_it():
    game = play(
        step="kingsbridge",
        round=2,
        event="fresh_wall_collapses",
        kingsbridge=("idea_matchmaker", "aliena"),
        spots=dict(kingsbridge=[RED]),
        seats={RED: dict(craftsmen=STARTING + ("mason_r1",))},
    )
    assert game.pending.kind == "choice" and game.pending.seat == RED
    # the starting craftsmen every player has are no gift: the mason, to either other player
    assert game.legal_actions() == [A.ChooseOption(0), A.ChooseOption(1)]
    labels = [c.label for c in pr.words.choices(game.view(RED))]
    assert "give Mason (round 1) to Blue" in labels[0] and "give Mason (round 1) to Green" in labels[1], labels
    after = game.apply(A.ChooseOption(1))
    assert gifts(after) == [("CraftsmanGiven", RED, "mason_r1", GREEN)]
    assert after.state.players[RED].craftsmen == STARTING
    assert after.state.players[GREEN].craftsmen == STARTING + ("mason_r1",)
    assert [(e.seat, e.amounts) for e in after.events if isinstance(e, E.Gained) and e.reason == "idea_matchmaker"] == [
        (RED, (fx.Amount("gold", 5),))
    ]
    assert roundtrips(after)


@covers("idea_abdication")
def test_abdication_hands_a_privilege_and_its_lasting_abilities_to_the_left_neighbour():
    game = play(
        step="kingsbridge",
        round=2,
        event="fresh_wall_collapses",
        kingsbridge=("idea_abdication", "aliena"),
        spots=dict(kingsbridge=[RED]),
        seats={RED: dict(privileges=("ellen", "brother_francis"))},
    )
    # each privilege Red holds, to Blue; the spent Abdication has left play
    assert game.legal_actions() == [A.ChooseOption(0), A.ChooseOption(1)]
    labels = [c.label for c in pr.words.choices(game.view(RED))]
    assert "give Ellen to Blue" in labels[0] and "give Brother Francis to Blue" in labels[1], labels
    after = game.apply(A.ChooseOption(1))
    assert gifts(after) == [("PrivilegeGiven", RED, "brother_francis", BLUE)]
    assert after.state.players[RED].privileges == ("ellen",)
    assert after.state.players[BLUE].privileges == ("brother_francis",)
    assert fx.TaxFixed(2) in after.rules.modifiers(after.state, BLUE)
    assert fx.TaxFixed(2) not in after.rules.modifiers(after.state, RED)
    assert "Red gave the privilege Brother Francis to Blue." in after.narrate()
    assert roundtrips(after)


@covers("idea_disputed_inheritance")
def test_a_disputed_inheritance_passes_privileges_to_the_right_and_asks_only_who_holds_one():
    game = play(
        step="event",
        event="idea_disputed_inheritance",
        seats={RED: dict(privileges=("ellen",)), BLUE: dict(privileges=("jack",))},
    )
    for seat in (RED, BLUE):  # Green holds none when the event is revealed: it is not asked
        assert game.pending.kind == "choice" and game.pending.seat == seat
        assert game.legal_actions() == [A.ChooseOption(0)]
        game = game.apply(A.ChooseOption(0))
    assert gifts(game) == [("PrivilegeGiven", RED, "ellen", GREEN), ("PrivilegeGiven", BLUE, "jack", RED)]
    assert [p.privileges for p in game.state.players] == [("jack",), (), ("ellen",)]
    assert game.view(GREEN).next_event is not None and game.view(RED).next_event is None
    assert roundtrips(game)


@covers("idea_kings_favour")
@pytest.mark.parametrize("red_vp, asked", [(9, True), (0, False)])
def test_the_kings_favour_gives_another_privilege_to_a_chosen_player_while_leading(red_vp, asked):
    game = play(
        step="round_start",
        round=2,
        seats={RED: dict(vp=red_vp, privileges=("idea_kings_favour", "jack")), BLUE: dict(vp=3)},
    )
    if not asked:
        assert not (game.pending.kind == "choice" and game.pending.seat == RED) and not gifts(game)
        return
    # not itself (except): Jack, to Blue or Green
    assert game.pending.seat == RED and game.legal_actions() == [A.ChooseOption(0), A.ChooseOption(1)]
    after = game.apply(A.ChooseOption(1))
    assert gifts(after) == [("PrivilegeGiven", RED, "jack", GREEN)]
    assert after.state.players[RED].privileges == ("idea_kings_favour",)
    assert roundtrips(after)


def test_a_given_privilege_takes_its_counters_along():
    from pillars_rules.engine.evolve import evolve

    game = play(step="castle", round=2, event="fresh_wall_collapses", seats={RED: dict(privileges=("jack",))})
    state = evolve(game.state_at(1), E.CountersAdded(RED, "jack", 2), game.rules)
    after = evolve(state, E.PrivilegeGiven(RED, "jack", GREEN), game.rules)
    assert (after.count(GREEN, "counters", "jack"), after.count(RED, "counters", "jack")) == (2, 0)
    assert after.players[GREEN].privileges == ("jack",) and after.players[RED].privileges == ()


# ------------------------------------------------------------------ copying a privilege
@covers("idea_mimic")
def test_the_mimic_copies_its_left_neighbours_peek_for_the_round():
    game = play(
        step="round_start",
        round=2,
        seats={RED: dict(privileges=("idea_mimic",)), BLUE: dict(privileges=("aliena", "ellen"))},
    )
    # Aliena has no lasting modifier: only Ellen (see next event) is offered
    assert game.pending.kind == "choice" and game.pending.seat == RED
    assert game.legal_actions() == [A.ChooseOption(0)]
    labels = [c.label for c in pr.words.choices(game.view(RED))]
    assert "copy Ellen of Blue" in labels[0], labels
    after = game.apply(A.ChooseOption(0))
    assert after.state.granted == ((RED, "ellen", 0, -1, 2, 2),)
    assert "ellen" in after.state.players[BLUE].privileges and "ellen" not in after.state.players[RED].privileges
    assert after.view(RED).next_event == DECK[0] and after.view(GREEN).next_event is None
    assert roundtrips(after)


@covers("idea_mimic")
def test_the_mimic_asks_nothing_with_nothing_to_copy():
    game = play(
        step="round_start", round=2, seats={RED: dict(privileges=("idea_mimic",)), BLUE: dict(privileges=("aliena",))}
    )
    assert not (game.pending.kind == "choice" and game.pending.seat == RED) and not game.state.granted


@covers("idea_heir")
def test_the_heir_copies_a_privilege_of_a_player_it_chooses_for_good():
    game = play(
        step="kingsbridge",
        round=2,
        event="fresh_wall_collapses",
        kingsbridge=("idea_heir", "aliena"),
        spots=dict(kingsbridge=[RED]),
        seats={BLUE: dict(privileges=("jack",)), GREEN: dict(privileges=("richard", "brother_francis"))},
    )
    assert game.legal_actions() == [A.ChooseOption(0), A.ChooseOption(1)]
    labels = [c.label for c in pr.words.choices(game.view(RED))]
    assert "copy Jack of Blue" in labels[0] and "copy Brother Francis of Green" in labels[1], labels
    after = game.apply(A.ChooseOption(1))
    assert after.state.granted == ((RED, "brother_francis", 0, -1, 2, 6),)
    assert fx.TaxFixed(2) in after.rules.modifiers(after.state, RED)
    assert roundtrips(after)


@pytest.mark.parametrize("seed", [1, 2])
def test_no_view_shows_an_event_card_its_seat_has_not_looked_at_in_a_whole_game(seed):
    import random

    rnd = random.Random(seed)
    game = play(
        step="round_start",
        round=1,
        decks=dict(events=DECK + ("archbishops_statue", "idea_rumour")),
        seats={
            RED: dict(privileges=("idea_seer",)),
            BLUE: dict(privileges=("idea_prophet", "idea_fortune_teller")),
            GREEN: dict(privileges=("idea_delay",)),
        },
    )
    looked = 0
    while not game.is_over:
        state = game.state
        for seat in (RED, BLUE, GREEN, None):
            known = {c for s, c in state.seen if s == seat}
            if seat is not None and game.view(seat).next_event:  # a peek (RULES §7: Ellen) is no leak
                known.add(game.view(seat).next_event)
            deck = shown(game, seat)
            assert all(c == HIDDEN or c in known for c in deck)
            text = game.export(seat)
            assert not [c for c in state.event_deck if c not in known and f'"{c}"' in text]
        looked = max(looked, len(state.seen))
        game = game.apply(rnd.choice(game.legal_actions()))
    assert looked >= 2  # the seer looked every round
    assert roundtrips(game)


def test_every_idea_of_the_category_has_a_scenario_here():
    written = {e["id"] for e in CORPUS["idea"] if e["status"] != "none" and e["category"] == "cards as objects"}
    assert written and written <= TESTED, sorted(written - TESTED)

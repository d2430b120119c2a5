"""Fan boards (issue #35): any board that passes ``cards check`` plays to the
end under random and heuristic bots, with every law of ``pillars_rules.testing``."""

from __future__ import annotations

import random

import attr
import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st

import pillars_rules as pr
from pillars_rules.bots import BOTS
from pillars_rules.cardlang import base_cards, compile_text
from pillars_rules.errors import CardError
from pillars_rules.testing import check_game, check_state, play_random

BASE = base_cards()
BASE_KEYS = BASE.board.steps
GAINS = ("gold", "vp", "wood", "stone", "sand", "metal")


@st.composite
def fan_boards(draw) -> str:
    """Card text of 1 to 3 new places (and maybe a fourth worker site with its card)."""
    parts = []
    for k in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(("after", "replaces")))
        target = draw(st.sampled_from(BASE_KEYS if where == "after" else ("wool_mill", "priory", "castle")))
        spots = draw(st.integers(1, 3))
        lines = [f"{where} {target}", f"spots {spots}"]
        if draw(st.booleans()):
            lines.append("fill in order")
        if draw(st.booleans()):
            lines.append("one per player")
        for spot in range(1, spots + 1):
            if draw(st.booleans()):
                kind = draw(st.sampled_from(GAINS))
                verb = draw(st.sampled_from(("gain", "gain", "lose")))
                lines.append(f"spot {spot}: {verb} {draw(st.integers(1, 3))} {kind}")
            elif draw(st.booleans()):
                lines.append(f"spot {spot}: grey workers {draw(st.integers(1, 2))}")
        body = "\n    ".join(lines)
        parts.append(f'place fan_place_{k} "Fan place {k}" {{\n    {body}\n}}')
    if draw(st.booleans()):  # a second market, with its own stock and prices
        after = draw(st.sampled_from(BASE_KEYS[:-2]))
        stock = draw(st.lists(st.sampled_from(("wood", "stone", "sand")), min_size=0, max_size=3, unique=True))
        lines = [f"after {after}", f"spots {draw(st.integers(1, 3))}", "step market"]
        if stock:
            lines.append("stock " + ", ".join(f"{draw(st.integers(1, 4))} {c}" for c in stock))
            lines.append("buying " + ", ".join(f"{c} {draw(st.integers(0, 5))}" for c in stock))
        if not stock or draw(st.booleans()):
            sold = draw(
                st.lists(st.sampled_from(("wood", "stone", "sand", "metal")), min_size=1, max_size=4, unique=True)
            )
            lines.append("selling " + ", ".join(f"{c} {draw(st.integers(1, 9))}" for c in sold))
        body = "\n    ".join(lines)
        parts.append(f'place fan_market "Fan market" {{\n    {body}\n}}')
    if draw(st.booleans()):
        parts.append(
            'place fan_pit "Fan pit" {\n    after sand_pit\n    worker site stone\n}\n'
            'resource fan_stones "Fan stones" {\n    site fan_pit\n    yields 2 stone\n    workers 4\n}'
        )
    return "\n\n".join(parts) + "\n"


def _cards(text: str):
    try:
        return BASE.merged(compile_text(text, "fan.cards", known=BASE))
    except CardError:
        return None  # not a board that passes the check: nothing is promised


def _play(cards, seed: int, bot: str):
    game = pr.new_game(players=2, seed=seed, cards=cards)
    if bot == "random":
        return play_random(game, random.Random(seed), each=lambda g: check_state(g.state, g.rules))
    return pr.play(game, BOTS[bot](seed=seed))


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fan_boards(), st.integers(0, 2**32), st.sampled_from(("random", "heuristic")))
def test_a_fan_board_that_passes_the_check_plays_to_the_end(text, seed, bot):
    cards = _cards(text)
    if cards is None:
        return
    game = _play(cards, seed, bot)
    assert game.is_over
    check_game(game)


def test_the_generator_makes_boards_that_pass():
    # the property above must not pass only because every board is refused
    text = find(
        fan_boards(),
        lambda t: _cards(t) is not None and "replaces" in t and "after" in t,
        settings=settings(max_examples=200, database=None),
    )
    assert len(_cards(text).board.steps) >= len(BASE_KEYS)
    text = find(
        fan_boards(),
        lambda t: _cards(t) is not None and "fan_market" in t,
        settings=settings(max_examples=200, database=None),
    )
    assert _cards(text).board.rules.count("market") == 2


CHAPEL = """
place chapel "Chapel" de "Kapelle" {
    after priory
    spots 2
    fill in order
    spot 1: gain 2 gold
    spot 2: gain 1 vp
}
"""


def test_a_new_step_between_priory_and_market_pays_its_builders():
    cards = BASE.merged(compile_text(CHAPEL, "fan.cards", known=BASE))
    game = pr.play(pr.new_game(players=4, seed=5, cards=cards), pr.RandomBot(seed=5))
    steps = [e.step for e in game.events if isinstance(e, pr.events.StepStarted)][:15]
    assert steps[steps.index("priory") + 1] == "chapel"
    paid = [e for e in game.events if isinstance(e, pr.events.Gained) and e.reason == "chapel"]
    assert paid and all(
        e.amounts in ((pr.cardlang.effects.Amount("gold", 2),), (pr.cardlang.effects.Amount("vp", 1),)) for e in paid
    )
    check_game(game)


def test_a_fan_board_changes_what_the_save_records():
    cards = BASE.merged(compile_text(CHAPEL, "fan.cards", known=BASE))
    game = pr.new_game(players=2, seed=1, cards=cards)
    assert game.rules.content_hash == cards.identity != BASE.identity
    assert pr.load(pr.save(game), cards=cards) == game


AFTER_CATHEDRAL = """
place wharf "Wharf" {
    after cathedral
    spots 1
    spot 1: gain 1 wood
}
"""


def test_cubes_a_place_after_the_cathedral_gives_are_kept_into_the_next_round():
    """Ruling (rules page, step 13): the cube limit is the cathedral's. A wood
    given after it may leave a seat with 6 cubes at the round's end (the law
    allows it on such a board) and the next cathedral applies the limit again;
    on the base board the law still holds at every round's end."""
    from pillars_rules.testing import InvariantError

    cards = _cards(AFTER_CATHEDRAL)
    assert cards is not None
    game = pr.scenario(
        players=2, seed=3, cards=cards, step="wharf", round=2, seats={0: {"cubes": {"stone": 5}}}, spots={"wharf": [0]}
    )
    end = game
    while not end.is_over and end.state.round == 2:
        end = end.apply(end.legal_actions()[0], seat=end.current_player)
    assert sum(end.state.players[0].cubes) == 6  # the wharf's wood, kept
    check_game(end)
    kept = [end.state_at(i) for i in range(len(end.events))]
    kept = [st_ for st_ in kept if st_.stage == "round_end"]
    assert kept and sum(kept[-1].players[0].cubes) == 6
    check_state(kept[-1], end.rules)  # allowed on this board
    base = pr.scenario(players=2, seed=3, step="start_player", round=2, seats={0: {"cubes": {"stone": 5}}})
    over = base
    while over.state.round == 2 and not over.is_over:
        over = over.apply(over.legal_actions()[0], seat=over.current_player)
    ends = [over.state_at(i) for i in range(len(over.events))]
    ends = [st_ for st_ in ends if st_.stage == "round_end"]
    assert ends, "the round ended"
    check_state(ends[-1], over.rules)
    wood, stone, sand, metal = ends[-1].players[0].cubes
    assert wood + stone + sand + metal == 5
    seat0 = attr.evolve(ends[-1].players[0], cubes=(wood + 1, stone, sand, metal))
    bad = attr.evolve(
        ends[-1],
        players=(seat0,) + ends[-1].players[1:],
        board=attr.evolve(ends[-1].board, supply=tuple(n - (i == 0) for i, n in enumerate(ends[-1].board.supply))),
    )
    with pytest.raises(InvariantError, match="5-cube limit"):
        check_state(bad, over.rules)

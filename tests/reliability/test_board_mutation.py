"""Board files from strangers (issue #35): Hypothesis mutates the base board's
text (``cards/base/board.cards``), compiled as the board of the base cards, with
the card files' mutations and the board's own (a place moved or left out, a
number changed); the compiler answers a broken board with diagnostics only,
and a mutant that passes the check plays to the end within the event bound of
:mod:`pillars_rules.limits` -- no board text can lock a game."""

from __future__ import annotations

import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pillars_rules as pr
from pillars_rules import limits
from pillars_rules.cardlang import base_cards, compile_text
from pillars_rules.errors import CardError
from pillars_rules.testing import check_game, play_random

from .fuzzlib import _MUTATIONS, BASE_CARD_FILES, compile_checked

BOARD_FILE = next(p for p in BASE_CARD_FILES if p.name == "board.cards")
BOARD = BOARD_FILE.read_text(encoding="utf-8")
BASE = base_cards()
#: The other base files: the cards a mutated board is compiled with.
CARDS = "\n".join(p.read_text(encoding="utf-8") for p in BASE_CARD_FILES if p != BOARD_FILE)
_BLOCK = re.compile(r"^(?:place|board) .*?^}\n", re.M | re.S)
_NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.])")


def _blocks(text: str) -> list[str]:
    return _BLOCK.findall(text)


def _m_small_number(rng: random.Random, text: str) -> str:
    """A number of the board (a spot count, a price, a face of the die...) set to 0-9."""
    found = list(_NUMBER.finditer(text))
    if not found:
        return text
    m = rng.choice(found)
    return text[: m.start()] + str(rng.randint(0, 9)) + text[m.end() :]


def _m_move_place(rng: random.Random, text: str) -> str:
    """A place moved elsewhere in the text: Phase III in another order."""
    blocks = _blocks(text)
    if len(blocks) < 2:
        return text
    moved = blocks.pop(rng.randrange(len(blocks)))
    blocks.insert(rng.randrange(len(blocks) + 1), moved)
    return "\n".join(blocks)


def _m_drop_place(rng: random.Random, text: str) -> str:
    """A place left out of the board."""
    blocks = _blocks(text)
    if blocks:
        blocks.pop(rng.randrange(len(blocks)))
    return "\n".join(blocks)


BOARD_MUTATIONS = [_m_small_number, _m_move_place, _m_drop_place]
MUTATIONS = list(_MUTATIONS) + BOARD_MUTATIONS
#: A mutation plan for the board file: (operation, seed) pairs applied in order.
plans = st.lists(st.tuples(st.integers(0, len(MUTATIONS) - 1), st.integers(0, 2**32 - 1)), min_size=1, max_size=3)


def mutant(plan) -> str:
    text = BOARD
    for op, seed in plan:
        text = MUTATIONS[op](random.Random(seed), text)
    return text


def _set(text: str):
    """The base cards on the board of ``text``, or None if the check refuses it."""
    whole = CARDS + "\n" + text
    return None if compile_checked(whole) == "error" else compile_text(whole, "mutant.cards")


def _play(text: str, players: int, seed: int) -> pr.Game | None:
    """The mutant's game played to the end by random bots, or None if the check
    refuses it -- the check of the file, or that of the set a game plays: a
    ``CardSet`` handed to ``new_game`` is merged onto the base cards, so a
    mutant that renames a place (``place cathgdral``) adds a second cathedral
    step there, and that set is refused with located diagnostics too."""
    cards = _set(text)
    if cards is None:
        return None
    try:
        pr.load_cards(cards)
    except CardError as error:
        assert error.diagnostics and all(d.line >= 1 and d.message for d in error.diagnostics), str(error)
        return None
    game = play_random(
        pr.new_game(players=players, seed=seed, cards=cards), random.Random(seed), max_actions=limits.MAX_EVENTS
    )
    assert game.is_over, "a board that passed the check did not end"
    assert game.n_events <= limits.event_bound(players)["total"]
    return game


def test_the_board_file_is_among_the_fuzzed_base_files():
    assert BOARD_FILE in BASE_CARD_FILES and "place kings_court" in BOARD
    assert len(_blocks(BOARD)) == 15  # the board card and its 14 places


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plans, st.integers(2, 4), st.integers(0, 2**32 - 1))
def test_a_mutated_board_is_refused_with_diagnostics_or_plays_to_the_end(plan, players, seed):
    game = _play(mutant(plan), players, seed)
    if game is not None:
        check_game(game)


def test_a_renamed_place_of_a_whole_board_is_refused_where_it_meets_the_base_board():
    # found by Hypothesis: the file alone compiles (its board has one cathedral),
    # merged onto the base set it would run the cathedral step twice
    text = BOARD.replace("place cathedral ", "place cathgdral ", 1)
    cards = _set(text)
    assert cards is not None and [p.id for p in cards.places].count("cathgdral") == 1
    try:
        pr.new_game(players=2, seed=0, cards=cards)
    except CardError as error:
        assert "'cathgdral' is the second place with it" in str(error)
    else:
        raise AssertionError("a set with two cathedral steps was played")
    assert _play(text, 2, 0) is None


def test_board_mutants_often_pass_the_check_change_the_board_and_play():
    # the property above must not hold only because every mutant is refused or is the base board
    rng = random.Random(35)
    played = 0
    for _ in range(60):
        text = BOARD
        for _ in range(rng.randint(1, 2)):
            text = rng.choice(BOARD_MUTATIONS)(rng, text)
        cards = _set(text)
        if cards is not None and cards.board != BASE.board:
            assert _play(text, 3, played) is not None
            played += 1
    assert played >= 10

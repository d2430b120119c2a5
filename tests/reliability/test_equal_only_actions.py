"""Objects that only compare equal to a listed action are refused (issue #34, item 9).

An action is taken only when it is of one of the very action classes and each
field holds a plain ``str``, ``int`` or ``bool`` of its exact type; before,
anything equal to a listed action applied that action (the first one listed,
for an ``__eq__`` that always answers True). These run in both builds (the
compiled CI run runs this folder too).
"""

from __future__ import annotations

import pytest

import pillars_rules as pr
from pillars_rules import actions as A
from pillars_rules.core import decide
from pillars_rules.games.pillars import PILLARS


class AlwaysEqual:
    def __eq__(self, other):
        return True

    __hash__ = object.__hash__


class LyingHire(A.Hire):
    def __eq__(self, other):
        return True

    __hash__ = object.__hash__


def _spoof(card: str):
    class Spoof(AlwaysEqual):
        @property
        def __class__(self):  # isinstance() believes it; type() does not
            return A.Hire

    spoof = Spoof()
    spoof.card, spoof.label = card, ""
    return spoof


def _str_like(text: str, as_card: str):
    """A str subclass equal to anything, hashed like ``as_card`` (so it finds that card in a dict)."""

    class StrSub(str):
        def __eq__(self, other):
            return True

        def __hash__(self):
            return hash(as_card)

    return StrSub(text)


class IntSub(int):
    pass


def _draft() -> tuple[pr.Game, A.Hire]:
    game = pr.new_game(2, seed=3)
    return game, next(a for a in game.legal_actions() if type(a) is A.Hire)


def _hostile(hire: A.Hire) -> dict:
    return {
        "always equal": AlwaysEqual(),
        "lying Hire subclass": LyingHire("zzz"),
        "__class__ spoof": _spoof(hire.card),
        "Hire(StrSub('zzz'))": A.Hire(_str_like("zzz", hire.card)),
        "Hire(StrSub(listed card))": A.Hire(_str_like(hire.card, hire.card)),
    }


@pytest.mark.parametrize("name", list(_hostile(A.Hire("x"))))
def test_objects_that_only_compare_equal_are_refused(name):
    game, hire = _draft()
    bad = _hostile(hire)[name]
    before = pr.save(game)
    assert any(listed == bad for listed in game.legal_actions()) or bad == hire  # it does compare equal
    with pytest.raises(pr.IllegalActionError, match="not an action|must be a plain str|unknown card"):
        game.apply(bad)
    with pytest.raises(pr.IllegalActionError):
        decide(PILLARS, game.state, game.rules, bad)  # the core loop's own entry point too
    assert pr.save(game) == before


def test_a_str_subclass_field_is_named_in_the_reason():
    game, hire = _draft()
    with pytest.raises(pr.IllegalActionError, match=r"Hire\.card must be a plain str, not StrSub"):
        game.apply(A.Hire(_str_like(hire.card, hire.card)))


def _market() -> pr.Game:
    game, bot = pr.new_game(2, seed=5), pr.RandomBot(1)
    while game.pending.kind != "market" or not any(type(a) is A.Buy for a in game.legal_actions()):
        game = game.apply(bot(game.view(game.current_player)))
    return game


@pytest.mark.parametrize(
    "make", [lambda n: float(n), lambda n: True, lambda n: IntSub(n)], ids=["float", "bool", "int subclass"]
)
def test_whole_numbers_must_be_plain_ints(make):
    game = _market()
    buy = next(a for a in game.legal_actions() if type(a) is A.Buy and a.n == 1)
    with pytest.raises(pr.IllegalActionError, match="whole number"):
        game.apply(A.Buy(buy.resource, make(1)))
    assert game.apply(A.Buy(buy.resource, 1)).events[-2:] == game.apply(buy).events[-2:]


def test_a_plain_copy_of_a_listed_action_is_taken_and_the_listed_one_recorded():
    game, hire = _draft()
    copy = A.Hire(str(hire.card), label="mine")
    after = game.apply(copy)
    assert after.events == game.apply(hire).events
    assert str(after.events[-2]) == str(game.apply(hire).events[-2])

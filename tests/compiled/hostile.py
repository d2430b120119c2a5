"""Hostile values both builds must answer alike (issue #34, item 10).

:func:`outcomes` gives, for each hostile input, what the library answered: the
error's type and reason, or a digest of the game it made. :mod:`.games` adds
them to the lines both builds must print identically, so
:mod:`.test_same_games` compares the compiled build's answers with the pure
source's: records made with an ``int`` subclass or a ``bool`` for a whole
number and replayed without verification, ``load`` and ``replay`` with a
``verify`` that is not a bool, views and exports of seats that are not plain
ints, and actions that only compare equal to a listed one.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterator
from typing import Any


class IntSub(int):
    pass


class IntBoom(int):
    """An int whose every printing raises."""

    def __repr__(self):
        raise RuntimeError("boom")

    __str__ = __repr__


class AlwaysEqual:
    def __eq__(self, other):
        return True

    def __repr__(self):
        return "AlwaysEqual()"

    __hash__ = object.__hash__


def _answer(make: Callable[[], Any]) -> str:
    import pillars_rules as pr

    try:
        made = make()
    except Exception as exc:  # the point: which error, with which words
        text = re.sub(r" at 0x[0-9a-f]+", "", str(exc))  # object addresses differ between processes
        return f"{type(exc).__name__}: {text}"
    if isinstance(made, pr.Game):
        return "game " + hashlib.sha256(pr.save(made).encode("utf-8")).hexdigest()[:16]
    return f"made {type(made).__name__}"


def _with(events: list, i: int, **fields: Any) -> Callable[[], list]:
    import attrs

    return lambda: events[:i] + [attrs.evolve(events[i], **fields)] + events[i + 1 :]


def outcomes() -> Iterator[tuple[str, str]]:
    """(label, answer) of every hostile input, in a fixed order."""
    import pillars_rules as pr
    from pillars_rules import actions as A
    from pillars_rules.engine import events as E

    game = pr.playout(pr.new_game(2, 9100), seed=9101)
    events = list(game.events)
    gained = next(i for i, e in enumerate(events) if type(e) is E.Gained)
    placed = next(i for i, e in enumerate(events) if type(e) is E.BuilderPlaced)
    for label, field, i, value in (
        ("IntSub seat", "seat", gained, IntSub(events[gained].seat)),
        ("bool seat", "seat", gained, bool(events[gained].seat)),
        ("IntBoom spot", "spot", placed, IntBoom(events[placed].spot)),
        ("bool spot", "spot", placed, bool(events[placed].spot)),
    ):
        log = _with(events, i, **{field: value})
        for verify in (False, True):
            yield (
                f"hostile replay verify={verify} {label}",
                _answer(lambda log=log, verify=verify: pr.replay(log(), verify=verify)),
            )
    text = pr.save(game)
    for verify in ("no", None, 0, 1, IntSub(1)):
        label = f"{type(verify).__name__} {verify!r}"
        yield f"hostile load verify {label}", _answer(lambda verify=verify: pr.load(text, verify=verify))
        yield f"hostile replay verify {label}", _answer(lambda verify=verify: pr.replay(events, verify=verify))
    start = pr.new_game(2, 9102)
    for label, seat in (("IntBoom(0)", IntBoom(0)), ("IntSub(0)", IntSub(0)), ("True", True), ("0.0", 0.0)):
        yield f"hostile export {label}", _answer(lambda seat=seat: start.export(seat))
        yield f"hostile view {label}", _answer(lambda seat=seat: start.view(seat))
    hire = next(a for a in start.legal_actions() if type(a) is A.Hire)

    class LyingHire(A.Hire):
        def __eq__(self, other):
            return True

        __hash__ = object.__hash__

    class StrSub(str):
        def __eq__(self, other):
            return True

        def __hash__(self):
            return hash(hire.card)

    for label, action in (
        ("always equal", AlwaysEqual()),
        ("lying Hire", LyingHire("zzz")),
        ("Hire(StrSub)", A.Hire(StrSub(hire.card))),
        ("Hire(IntSub)", A.Hire(IntSub(3))),
        ("plain copy", A.Hire(str(hire.card))),
    ):
        yield f"hostile apply {label}", _answer(lambda action=action: start.apply(action))

"""Engine defects the action fuzzer found, now fixed: these pin the fixes.

E1 -- a whole number sent as ``1.0`` or ``True`` compared equal to the listed
``1`` and reached the log; ``decide`` now records the listed action.
"""

from __future__ import annotations

import pillars_rules as pr
from pillars_rules.engine import actions as A


def _until(kind: str, players=2, seed=5, listing: type | None = None) -> pr.Game:
    """Random play until a decision of ``kind`` (that lists a ``listing`` action)."""
    game = pr.new_game(players=players, seed=seed)
    bot = pr.RandomBot(1)
    while game.pending.kind != kind or (
        listing is not None and not any(isinstance(a, listing) for a in game.legal_actions())
    ):
        game = game.apply(bot(game.view(game.current_player)))
    return game


def test_whole_number_fields_sent_as_float_or_bool_are_not_recorded():
    """``Buy("wood", 1.0)`` equals the listed ``Buy("wood", 1)``; it used to be
    recorded as ``Bought(n=1.0)`` (float gold, and a save ``load`` refused). The
    listed action is recorded instead."""
    game = _until("market", listing=A.Buy)
    buy = next(a for a in game.legal_actions() if isinstance(a, A.Buy))
    want = game.apply(buy)
    for twin in (A.Buy(buy.resource, float(buy.n)), A.Buy(buy.resource, True)):
        try:
            got = game.apply(twin)
        except pr.IllegalActionError:
            continue
        assert repr(got.events) == repr(want.events)
        assert type(got.state.players[game.current_player].gold) is int
        assert pr.load(pr.save(got)) == want
